-- notifications_ratings_listed_per_person: written by npm run db:queries from the statement's declaration; do not edit.
select p.user_id, count(*)::int as ratings
    from ratings r join players p on p.id = r.player_id
    where p.user_id is not null and not r.is_held
      and r.listed_at >= $1::timestamptz and r.listed_at < $2::timestamptz
    group by p.user_id
