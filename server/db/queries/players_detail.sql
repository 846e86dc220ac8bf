-- players_detail: written by npm run db:queries from the statement's declaration; do not edit.
select "id", "user_id", "first_name", "last_name", "skill_level", "years_playing", "location", "bio", "visibility", "is_verified", "created_at", "rating_count", "overall_sum", "serve_return_sum", "groundstrokes_third_shot_sum", "net_play_volleys_dinks_sum", "movement_court_awareness_sum", "mental_physical_game_sum", "stars_1", "stars_2", "stars_3", "stars_4", "stars_5", coalesce((
    select json_agg(json_build_object(
      'rating', c.overall_rating,
      'comment', c.strengths_improvements,
      'createdAtMs', floor(extract(epoch from c.listed_at) * 1000)
    ) order by c.listed_at desc, c.id desc)
    from (
      select "overall_rating" as overall_rating, "strengths_improvements" as strengths_improvements,
        "listed_at" as listed_at, "id" as id
      from "ratings"
      where "player_id" = "players"."id" and "listed_at" is not null and "is_held" = false
        and btrim(coalesce("strengths_improvements", '')) <> ''
      order by "listed_at" desc, "id" desc
      limit 5
    ) c), '[]'::json), (select json_build_object('skill', s.skill, 'computedAtMs',
        floor(extract(epoch from s.computed_at) * 1000)) from "player_skill" s where s.player_id = "players"."id") from "players" where "players"."id" = $1
