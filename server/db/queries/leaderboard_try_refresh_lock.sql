-- leaderboard_try_refresh_lock: written by npm run db:queries from the statement's declaration; do not edit.
select pg_try_advisory_xact_lock($1) as taken
