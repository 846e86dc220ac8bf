-- player_page_detail: written by npm run db:queries from the statement's declaration; do not edit.
select "players"."id", "players"."user_id", "players"."first_name", "players"."last_name", "players"."location", "players"."visibility", "players"."is_verified", "players"."skill_level", "players"."years_playing", "players"."bio", floor(extract(epoch from "player_skill"."computed_at") * 1000)::float8, ("players"."created_by_user_id" is not null and "players"."user_id" is null and "players"."rating_count" < 2), "players"."stars_1", "players"."stars_2", "players"."stars_3", "players"."stars_4", "players"."stars_5", "player_skill"."skill", exists (select 1 from "player_match_requests"
    where "player_match_requests"."player_id" = "players"."id" and "player_match_requests"."status" = 'pending'), (select
    coalesce(json_agg(json_build_object('quarter', h.quarter, 'mean', h.mean, 'low', h.low, 'high', h.high, 'n', h.n)
      order by h.quarter), '[]'::json)
    from player_estimate_history h where h.player_id = "players"."id" and h.quarter >= $1::text and h.n > 0) from "players" left join "player_skill" on "player_skill"."player_id" = "players"."id" where "players"."id" = $2
