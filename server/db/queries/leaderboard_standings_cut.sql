-- leaderboard_standings_cut: written by npm run db:queries from the statement's declaration; do not edit.
select coalesce((select "leaderboard_standings"."ratings_count" from "leaderboard_standings" where "leaderboard_standings"."period" = $1::text
      order by "leaderboard_standings"."ratings_count" desc nulls last limit 1 offset 49), 1) as count
