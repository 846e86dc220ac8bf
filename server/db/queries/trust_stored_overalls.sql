-- trust_stored_overalls: written by npm run db:queries from the statement's declaration; do not edit.
select player_id as "playerId", skill -> 'overall' as overall, skill -> 'reliability' ->> 'label' as label
      from "player_skill" where player_id = any($1::int[])
