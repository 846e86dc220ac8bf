-- rating_effects_players: written by npm run db:queries from the statement's declaration; do not edit.
with counted as (
      update players set rating_count = rating_count + d.c, overall_sum = overall_sum + d.o,
        "serve_return_sum" = "serve_return_sum" + d.s1, "groundstrokes_third_shot_sum" = "groundstrokes_third_shot_sum" + d.s2, "net_play_volleys_dinks_sum" = "net_play_volleys_dinks_sum" + d.s3, "movement_court_awareness_sum" = "movement_court_awareness_sum" + d.s4, "mental_physical_game_sum" = "mental_physical_game_sum" + d.s5,
        "stars_1" = "stars_1" + d."t1", "stars_2" = "stars_2" + d."t2", "stars_3" = "stars_3" + d."t3", "stars_4" = "stars_4" + d."t4", "stars_5" = "stars_5" + d."t5"
      from unnest($1::int[], $2::int[], $3::double precision[],
    $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[]) as d (player_id, c, o, s1, s2, s3, s4, s5, t1, t2, t3, t4, t5)
      where players.id = d.player_id
      returning players.id
    )
    insert into player_skill_marks (player_id, marked_at)
    select id, now() from counted
    on conflict (player_id) do update set marked_at = excluded.marked_at
