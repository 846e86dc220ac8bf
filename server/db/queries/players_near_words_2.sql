-- players_near_words_2: written by npm run db:queries from the statement's declaration; do not edit.

    with inside as (
      select pt.latitude, pt.longitude, ($1::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(pt.latitude - $2::float8) / 2), 2)
    + cos(radians($3::float8)) * cos(radians(pt.latitude)) * power(sin(radians(pt.longitude - $4::float8) / 2), 2))))) as exact_distance from "player_points" pt
      where pt.latitude between $5::float8 and $6::float8
        and pt.longitude between $7::float8 and $8::float8
    ),
    -- Ties at the tenth of a mile shown go to the better match. Each point gives its best players' ids and names
    -- alone, from players_point_name_idx only (a query's words too); the page's players are read by id once known.
    page as (
      select found.id, found.search_name, found.tier, round(inside.exact_distance::numeric, 1)::float8 as distance
      from inside cross join lateral (
        select p.id, p.search_name, case when starts_with(p.search_name, $9::text) then 1 when starts_with(p.search_last, $10::text) then 2
        when starts_with(p.search_location, $11::text) then 3 else 4 end as tier
        from "players" p
        where p.latitude = inside.latitude and p.longitude = inside.longitude and (' ' || p.search_name || ' ' || p.search_location) like $12::text and (' ' || p.search_name || ' ' || p.search_location) like $13::text
        order by tier, p.search_name collate "C", p.id
        limit $14::int
      ) found
      where inside.exact_distance <= $15::float8
      order by distance, found.tier, found.search_name collate "C", found.id
      limit $16::int
    )
    select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      p.skill_level as "skillLevel", p.is_verified as "isVerified", p.user_id as "userId", p.visibility,
      p.rating_count as "ratingCount", page.distance as "distanceMiles", mine.id as "existingRatingId"
    from page
    join "players" p on p.id = page.id
    left join lateral (select "ratings"."id" as id from "ratings"
      where lower("ratings"."rater_email") collate "C" = $17::text and "ratings"."player_id" = page.id
        and "ratings"."removal_rule" is distinct from 'duplicate' limit 1)
      "mine" on true
    order by page.distance, page.tier, page.search_name collate "C", page.id
