-- leaderboard_standings_rows: written by npm run db:queries from the statement's declaration; do not edit.
with cut as (
      select coalesce((select ratings_count from "leaderboard_standings" where "leaderboard_standings"."period" = $1::text order by ratings_count desc
        limit 1 offset 49), 1) as count
    ), entries as (
      select totals.user_id as "userId", "users"."email" as email, totals.ratings_count as "ratingsCount",
        totals.helpfulness_sum as "helpfulnessSum", totals.helpfulness_count as "helpfulnessCount",
        coalesce((select "rater_stats"."total_points" from "rater_stats" where "rater_stats"."user_id" = totals.user_id), 0)
          as "totalPoints",
        (select "rater_trust"."helpfulness_score" from "rater_trust" where "rater_trust"."rater_key" = lower("users"."email")) as "helpfulnessScore",
        "players"."first_name" as "firstName", "players"."last_name" as "lastName",
        "users"."first_name" as "accountFirstName", "users"."last_name" as "accountLastName"
      from "leaderboard_standings" as totals join "users" on "users"."id" = totals.user_id
      left join "players" on "players"."user_id" = totals.user_id
      where totals.period = $2::text and totals.ratings_count >= (select count from cut)
    )
    select * from entries
    order by "ratingsCount" desc, "helpfulnessScore" desc nulls last,
      "helpfulnessSum"::float8 / greatest("helpfulnessCount", 1) desc, "helpfulnessCount" desc, "userId"
    limit 50
