-- leaderboard_rater_counts_since: written by npm run db:queries from the statement's declaration; do not edit.
with totals as (
      select "rater_daily_stats"."user_id" as user_id, sum("rater_daily_stats"."ratings_count")::int as ratings_count,
        sum("rater_daily_stats"."helpfulness_sum")::int as helpfulness_sum, sum("rater_daily_stats"."helpfulness_count")::int as helpfulness_count
      from "rater_daily_stats" where "rater_daily_stats"."day" >= $1::date
      group by "rater_daily_stats"."user_id" having sum("rater_daily_stats"."ratings_count") > 0
    ) select ratings_count as "ratingsCount", count(*)::int as raters from totals
    group by 1 order by 1 desc
