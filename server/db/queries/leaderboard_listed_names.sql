-- leaderboard_listed_names: written by npm run db:queries from the statement's declaration; do not edit.
select listed.user_id as "userId", account.email, player.first_name as "firstName",
      player.last_name as "lastName", account.first_name as "accountFirstName", account.last_name as "accountLastName"
    from unnest($1::uuid[]) as listed(user_id)
    cross join lateral (select "email", "first_name", "last_name" from "users" where "users"."id" = listed.user_id limit 1) as account
    left join lateral (select "first_name", "last_name" from "players" where "players"."user_id" = listed.user_id limit 1) as player on true
