-- estimate_history_delete: written by npm run db:queries from the statement's declaration; do not edit.
delete from player_estimate_history where player_id = any($1::int[])
