-- trust_burst_probe: written by npm run db:queries from the statement's declaration; do not edit.
select
      (select count(distinct r.rater_user_id)::int from ratings r join users u on u.id = r.rater_user_id
        where r.player_id = $1 and r.created_at >= $2::timestamptz
          and u.created_at > $3::timestamptz and r.removed_at is null
          and r.burst_flag_id is null) as "youngAccounts",
      exists (select from trust_flags f where f.type = 'burst' and f.status = 'pending'
        and f.player_ids = array[$4::int]) as "pendingBurst"
