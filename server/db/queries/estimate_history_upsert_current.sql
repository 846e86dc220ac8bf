-- estimate_history_upsert_current: written by npm run db:queries from the statement's declaration; do not edit.
with upserted as (
      insert into player_estimate_history (player_id, quarter, mean, low, high, n, computed_at)
      select i.player_id, i.quarter, i.mean, i.low, i.high, i.n, $1::timestamptz
      from unnest($2::int[], $3::text[],
    $4::float8[], $5::float8[], $6::float8[],
    $7::int[]) as i(player_id, quarter, mean, low, high, n)
      where exists (select 1 from player_estimate_history h where h.player_id = i.player_id)
      on conflict (player_id, quarter) do update set mean = excluded.mean, low = excluded.low,
    high = excluded.high, n = excluded.n, computed_at = excluded.computed_at
      returning player_id)
    delete from player_estimate_history h using upserted u
    where h.player_id = u.player_id and h.quarter < $8::text
