-- players_search_every_word_2: written by npm run db:queries from the statement's declaration; do not edit.
with args as (select $1::text as "word1", $2::text as "word2", $3::int as "limit", $4::text as "raterEmail"), found as (select "players"."id" as id from "players" where (' ' || "players"."search_name" || ' ' || "players"."search_location") like (select "word1" from args) and (' ' || "players"."search_name" || ' ' || "players"."search_location") like (select "word2" from args)
      order by "players"."search_name" using operator(pg_catalog.~<~), "players"."id" limit (select "limit" from args))
    select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      p.skill_level as "skillLevel", p.is_verified as "isVerified", p.user_id as "userId",
      p.visibility, p.rating_count as "ratingCount", mine.id as "existingRatingId"
    from found join "players" p on p.id = found.id
    left join lateral (select "ratings"."id" as id from "ratings"
      where lower("ratings"."rater_email") collate "C" = (select "raterEmail" from args) and "ratings"."player_id" = p.id
        and "ratings"."removal_rule" is distinct from 'duplicate' limit 1)
      "mine" on true
    order by p.search_name using operator(pg_catalog.~<~), p.id
