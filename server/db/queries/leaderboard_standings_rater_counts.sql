-- leaderboard_standings_rater_counts: written by npm run db:queries from the statement's declaration; do not edit.
select "leaderboard_standings"."ratings_count" as "ratingsCount", count(*)::int as raters from "leaderboard_standings"
    where "leaderboard_standings"."period" = $1::text group by 1 order by 1 desc
