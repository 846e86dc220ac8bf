-- leaderboard_since: written by npm run db:queries from the statement's declaration; do not edit.
with totals as (
      select "rater_daily_stats"."user_id" as user_id, sum("rater_daily_stats"."ratings_count")::int as ratings_count,
        sum("rater_daily_stats"."helpfulness_sum")::int as helpfulness_sum, sum("rater_daily_stats"."helpfulness_count")::int as helpfulness_count
      from "rater_daily_stats" where "rater_daily_stats"."day" >= $1::date
      group by "rater_daily_stats"."user_id" having sum("rater_daily_stats"."ratings_count") > 0
    ), cut as (
      select coalesce((select ratings_count from totals order by ratings_count desc
        limit 1 offset 49), 1) as count
    ), entries as (
      select totals.user_id as "userId", account.email, totals.ratings_count as "ratingsCount",
        totals.helpfulness_sum as "helpfulnessSum", totals.helpfulness_count as "helpfulnessCount",
        coalesce((select "rater_stats"."total_points" from "rater_stats" where "rater_stats"."user_id" = totals.user_id), 0)
          as "totalPoints",
        (select "rater_trust"."helpfulness_score" from "rater_trust" where "rater_trust"."rater_key" = lower(account.email)) as "helpfulnessScore",
        player.first_name as "firstName", player.last_name as "lastName",
        account.first_name as "accountFirstName", account.last_name as "accountLastName"
      from totals
      cross join lateral (select "email", "first_name", "last_name" from "users" where "users"."id" = totals.user_id limit 1) as account
      left join lateral (select "first_name", "last_name" from "players" where "players"."user_id" = totals.user_id limit 1) as player on true
      where totals.ratings_count >= (select count from cut)
    )
    select * from entries
    order by "ratingsCount" desc, "helpfulnessScore" desc nulls last,
      "helpfulnessSum"::float8 / greatest("helpfulnessCount", 1) desc, "helpfulnessCount" desc, "userId"
    limit 50
