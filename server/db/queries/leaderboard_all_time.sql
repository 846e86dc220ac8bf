-- leaderboard_all_time: written by npm run db:queries from the statement's declaration; do not edit.
with cut as (
      select coalesce((select "rater_stats"."ratings_submitted" from "rater_stats" where "rater_stats"."ratings_submitted" > 0
        order by "rater_stats"."ratings_submitted" desc limit 1 offset 49), 1) as count
    ), entries as (
      select "rater_stats"."user_id" as "userId", "users"."email" as email, "rater_stats"."ratings_submitted" as "ratingsCount",
        "rater_stats"."helpfulness_sum" as "helpfulnessSum", "rater_stats"."helpfulness_count" as "helpfulnessCount",
        "rater_stats"."total_points" as "totalPoints", (select "rater_trust"."helpfulness_score" from "rater_trust" where "rater_trust"."rater_key" = lower("users"."email")) as "helpfulnessScore",
        "players"."first_name" as "firstName", "players"."last_name" as "lastName",
        "users"."first_name" as "accountFirstName", "users"."last_name" as "accountLastName"
      from "rater_stats" join "users" on "users"."id" = "rater_stats"."user_id"
      left join "players" on "players"."user_id" = "rater_stats"."user_id"
      where "rater_stats"."ratings_submitted" >= (select count from cut)
    )
    select * from entries
    order by "ratingsCount" desc, "helpfulnessScore" desc nulls last,
      "helpfulnessSum"::float8 / greatest("helpfulnessCount", 1) desc, "helpfulnessCount" desc, "userId"
    limit 50
