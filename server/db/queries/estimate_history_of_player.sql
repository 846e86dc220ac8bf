-- estimate_history_of_player: written by npm run db:queries from the statement's declaration; do not edit.
select quarter, mean, low, high, n from player_estimate_history
    where player_id = $1::int and quarter >= $2::text and n > 0
    order by quarter
