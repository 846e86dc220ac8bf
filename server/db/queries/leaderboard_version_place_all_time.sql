-- leaderboard_version_place_all_time: written by npm run db:queries from the statement's declaration; do not edit.
select board.computed_at as "boardComputedAt", place.*
    from "leaderboard_boards" as board left join (with me as (
      select mine.user_id, mine.ratings_count, mine.helpfulness_sum, mine.helpfulness_count, "users"."email" as email,
        "players"."first_name" as first_name, "players"."last_name" as last_name,
        "users"."first_name" as account_first_name, "users"."last_name" as account_last_name,
        (select "rater_trust"."helpfulness_score" from "rater_trust" where "rater_trust"."rater_key" = lower("users"."email")) as score,
        coalesce((select "rater_stats"."total_points" from "rater_stats" where "rater_stats"."user_id" = mine.user_id), 0)
          as total_points
      from (select "rater_stats"."user_id" as user_id, "rater_stats"."ratings_submitted" as ratings_count,
    "rater_stats"."helpfulness_sum" as helpfulness_sum, "rater_stats"."helpfulness_count" as helpfulness_count from "rater_stats"
    where "rater_stats"."user_id" = $1::uuid) as mine join "users" on "users"."id" = mine.user_id
      left join "players" on "players"."user_id" = mine.user_id
      where mine.ratings_count > 0
    )
    select me.user_id as "userId", me.ratings_count as "ratingsCount", me.helpfulness_sum as "helpfulnessSum",
      me.helpfulness_count as "helpfulnessCount", me.score as "helpfulnessScore", me.email,
      me.first_name as "firstName", me.last_name as "lastName", me.account_first_name as "accountFirstName",
      me.account_last_name as "accountLastName", me.total_points as "totalPoints"
    from me) as place on true
    where board.period = $2
