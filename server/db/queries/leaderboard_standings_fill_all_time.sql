-- leaderboard_standings_fill_all_time: written by npm run db:queries from the statement's declaration; do not edit.
insert into "leaderboard_standings" (period, user_id, ratings_count, helpfulness_sum, helpfulness_count)
    select 'all', "rater_stats"."user_id", "rater_stats"."ratings_submitted", "rater_stats"."helpfulness_sum",
      "rater_stats"."helpfulness_count"
    from "rater_stats" where "rater_stats"."ratings_submitted" > 0
