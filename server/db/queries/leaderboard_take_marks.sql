-- leaderboard_take_marks: written by npm run db:queries from the statement's declaration; do not edit.
with taken as (delete from "leaderboard_marks" returning "leaderboard_marks"."user_id")
    select distinct user_id as "userId" from taken
