-- bench_pk: written by npm run db:queries from the statement's declaration; do not edit.
select "id", "first_name", "last_name", "location", "skill_level", "is_verified", "rating_count" from "players" where "players"."id" = $1
