-- leaderboard_listed_names: written by npm run db:queries from the statement's declaration; do not edit.
select "users"."id" as "userId", "users"."email" as email, "players"."first_name" as "firstName",
      "players"."last_name" as "lastName", "users"."first_name" as "accountFirstName", "users"."last_name" as "accountLastName"
    from unnest($1::uuid[]) as listed(user_id)
    join "users" on "users"."id" = listed.user_id left join "players" on "players"."user_id" = "users"."id"
