-- estimate_history_missing: written by npm run db:queries from the statement's declaration; do not edit.
select s.player_id as id from player_skill s
    where s.player_id > $1::int
      and not exists (select 1 from player_estimate_history h where h.player_id = s.player_id)
    order by s.player_id limit $2::int
