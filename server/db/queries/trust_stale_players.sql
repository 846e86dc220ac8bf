-- trust_stale_players: written by npm run db:queries from the statement's declaration; do not edit.
select player_id as id, marked_at::text as "staleAt" from player_skill_marks
    order by marked_at, player_id limit $1
