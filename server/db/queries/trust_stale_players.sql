-- trust_stale_players: written by npm run db:queries from the statement's declaration; do not edit.
select id, skill_stale_at::text as "staleAt" from players
    where skill_stale_at is not null order by skill_stale_at limit $1
