-- leaderboard_refresh_state: written by npm run db:queries from the statement's declaration; do not edit.
select g.marked, g.trust_run_id as "latestTrustRunId", b.period, b.since, b.trust_run_id as "trustRunId",
      b.checked_at as "checkedAt", b.names_checked_at as "namesCheckedAt"
    from (select exists (select from "leaderboard_marks") as marked,
      (select max("trust_runs"."id") from "trust_runs") as trust_run_id) as g
    left join "leaderboard_boards" as b on true
