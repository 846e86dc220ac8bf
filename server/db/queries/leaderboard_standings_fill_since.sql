-- leaderboard_standings_fill_since: written by npm run db:queries from the statement's declaration; do not edit.
insert into "leaderboard_standings" (period, user_id, ratings_count, helpfulness_sum, helpfulness_count)
    select $1::text, "rater_daily_stats"."user_id", sum("rater_daily_stats"."ratings_count")::int, sum("rater_daily_stats"."helpfulness_sum")::int,
      sum("rater_daily_stats"."helpfulness_count")::int
    from "rater_daily_stats" where "rater_daily_stats"."day" >= $2::date
    group by "rater_daily_stats"."user_id" having sum("rater_daily_stats"."ratings_count") > 0
