-- gamification_daily_stats_upsert: written by npm run db:queries from the statement's declaration; do not edit.
insert into "rater_daily_stats" ("day", "user_id", "ratings_count", "helpfulness_sum", "helpfulness_count")
    select $1::date, $2::uuid, greatest(0, $3::int), greatest(0, $4::int), greatest(0, $5::int)
    on conflict ("day", "user_id") do update set
      "ratings_count" = greatest(0, "rater_daily_stats"."ratings_count" + $6::int),
      "helpfulness_sum" = greatest(0, "rater_daily_stats"."helpfulness_sum" + $7::int),
      "helpfulness_count" = greatest(0, "rater_daily_stats"."helpfulness_count" + $8::int)
