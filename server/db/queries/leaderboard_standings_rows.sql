-- leaderboard_standings_rows: written by npm run db:queries from the statement's declaration; do not edit.
with entries as (
      select totals.user_id as "userId", account.email, totals.ratings_count as "ratingsCount",
        totals.helpfulness_sum as "helpfulnessSum", totals.helpfulness_count as "helpfulnessCount",
        coalesce((select "rater_stats"."total_points" from "rater_stats" where "rater_stats"."user_id" = totals.user_id), 0)
          as "totalPoints",
        (select "rater_trust"."helpfulness_score" from "rater_trust" where "rater_trust"."rater_key" = lower(account.email)) as "helpfulnessScore",
        player.first_name as "firstName", player.last_name as "lastName",
        account.first_name as "accountFirstName", account.last_name as "accountLastName"
      from "leaderboard_standings" as totals
      cross join lateral (select "email", "first_name", "last_name" from "users" where "users"."id" = totals.user_id limit 1) as account
      left join lateral (select "first_name", "last_name" from "players" where "players"."user_id" = totals.user_id limit 1) as player on true
      where totals.period = $1::text and totals.ratings_count >= $2::int
    )
    select * from entries
    order by "ratingsCount" desc, "helpfulnessScore" desc nulls last,
      "helpfulnessSum"::float8 / greatest("helpfulnessCount", 1) desc, "helpfulnessCount" desc, "userId"
    limit 50
