-- rating_effects_days: written by npm run db:queries from the statement's declaration; do not edit.
update rater_daily_stats s set ratings_count = greatest(0, s.ratings_count + d.r),
      helpfulness_sum = greatest(0, s.helpfulness_sum + d.hs), helpfulness_count = greatest(0, s.helpfulness_count + d.hc)
    from unnest($1::date[], $2::uuid[], $3::int[],
      $4::int[], $5::int[]) as d (day, user_id, r, hs, hc)
    where s.day = d.day and s.user_id = d.user_id
