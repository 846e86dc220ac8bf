-- estimate_history_insert: written by npm run db:queries from the statement's declaration; do not edit.
insert into player_estimate_history (player_id, quarter, mean, low, high, n, computed_at)
    select i.player_id, i.quarter, i.mean, i.low, i.high, i.n, $1::timestamptz
    from unnest($2::int[], $3::text[],
    $4::float8[], $5::float8[], $6::float8[],
    $7::int[]) as i(player_id, quarter, mean, low, high, n)
    on conflict (player_id, quarter) do update set mean = excluded.mean, low = excluded.low,
    high = excluded.high, n = excluded.n, computed_at = excluded.computed_at
