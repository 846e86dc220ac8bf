-- leaderboard_rater_counts_all_time: written by npm run db:queries from the statement's declaration; do not edit.
select "rater_stats"."ratings_submitted" as "ratingsCount", count(*)::int as raters from "rater_stats"
    where "rater_stats"."ratings_submitted" > 0 group by 1 order by 1 desc
