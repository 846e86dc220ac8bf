-- estimate_history_of_player: written by npm run db:queries from the statement's declaration; do not edit.
select (select
    coalesce(json_agg(json_build_object('quarter', h.quarter, 'mean', h.mean, 'low', h.low, 'high', h.high, 'n', h.n)
      order by h.quarter), '[]'::json)
    from player_estimate_history h where h.player_id = $1::int and h.quarter >= $2::text and h.n > 0) as points
