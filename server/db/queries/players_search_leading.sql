-- players_search_leading: written by npm run db:queries from the statement's declaration; do not edit.
with args as (select $1::text as "from", $2::text as "to", $3::int as "limit", $4::text as "raterEmail"), tier1 as (select p.id, p.first_name, p.last_name, p.location, p.skill_level, p.is_verified, p.user_id, p.visibility, p.rating_count, 1 as tier, p.search_name as key1, ''::text as key2 from "players" p
      where (p.search_name operator(pg_catalog.~>=~) (select "from" from args) and p.search_name operator(pg_catalog.~<~) (select "to" from args))
      order by p.search_name using operator(pg_catalog.~<~), p.id limit (select "limit" from args)),
    tier2 as (select p.id, p.first_name, p.last_name, p.location, p.skill_level, p.is_verified, p.user_id, p.visibility, p.rating_count, 2 as tier, p.search_last as key1, p.search_name as key2 from "players" p
      where (p.search_last operator(pg_catalog.~>=~) (select "from" from args) and p.search_last operator(pg_catalog.~<~) (select "to" from args)) and not (p.search_name operator(pg_catalog.~>=~) (select "from" from args) and p.search_name operator(pg_catalog.~<~) (select "to" from args))
      order by p.search_last using operator(pg_catalog.~<~), p.search_name using operator(pg_catalog.~<~), p.id
      limit (select "limit" from args) - (select count(*) from tier1)),
    tier3 as (select p.id, p.first_name, p.last_name, p.location, p.skill_level, p.is_verified, p.user_id, p.visibility, p.rating_count, 3 as tier, p.search_location as key1, p.search_name as key2 from "players" p
      where (p.search_location operator(pg_catalog.~>=~) (select "from" from args) and p.search_location operator(pg_catalog.~<~) (select "to" from args)) and not (p.search_name operator(pg_catalog.~>=~) (select "from" from args) and p.search_name operator(pg_catalog.~<~) (select "to" from args)) and not (p.search_last operator(pg_catalog.~>=~) (select "from" from args) and p.search_last operator(pg_catalog.~<~) (select "to" from args))
      order by p.search_location using operator(pg_catalog.~<~), p.search_name using operator(pg_catalog.~<~), p.id
      limit (select "limit" from args) - (select count(*) from tier1) - (select count(*) from tier2)),
    page as (select * from tier1 union all select * from tier2 union all select * from tier3)
    select page.id, page.first_name as "firstName", page.last_name as "lastName", page.location,
      page.skill_level as "skillLevel", page.is_verified as "isVerified", page.user_id as "userId",
      page.visibility, page.rating_count as "ratingCount", mine.id as "existingRatingId"
    from page
    -- One probe per row, whatever the plan: a hash of all the caller's ratings costs milliseconds for a prolific rater.
    left join lateral (select "ratings"."id" as id from "ratings"
      where lower("ratings"."rater_email") collate "C" = (select "raterEmail" from args) and "ratings"."player_id" = page.id
        and "ratings"."removal_rule" is distinct from 'duplicate' limit 1)
      "mine" on true
    order by page.tier, page.key1 collate "C", page.key2 collate "C", page.id
