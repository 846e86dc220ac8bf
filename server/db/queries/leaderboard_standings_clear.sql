-- leaderboard_standings_clear: written by npm run db:queries from the statement's declaration; do not edit.
delete from "leaderboard_standings" where "leaderboard_standings"."period" = $1::text
