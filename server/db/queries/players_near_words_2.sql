-- players_near_words_2: written by npm run db:queries from the statement's declaration; do not edit.

    with recursive points as (
      (select p.latitude, p.longitude from "players" p
        where p.latitude >= $1::float8 and p.latitude <= $2::float8
        order by p.latitude, p.longitude limit 1)
      union all
      select next.latitude, next.longitude from points cur cross join lateral (
        select p.latitude, p.longitude from "players" p
        where (p.latitude, p.longitude) > (cur.latitude, cur.longitude) and p.latitude <= $3::float8
        order by p.latitude, p.longitude limit 1
      ) next
    ),
    inside as (
      select pt.latitude, pt.longitude, ($4::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(pt.latitude - $5::float8) / 2), 2)
    + cos(radians($6::float8)) * cos(radians(pt.latitude)) * power(sin(radians(pt.longitude - $7::float8) / 2), 2))))) as exact_distance from points pt
      where pt.longitude between $8::float8 and $9::float8
    ),
    -- Ties at the tenth of a mile shown go to the better match. Each point gives its best players' ids and names
    -- alone (without a query, from the index only); the page's players are read by id once the page is known.
    page as (
      select found.id, found.search_name, found.tier, round(inside.exact_distance::numeric, 1)::float8 as distance
      from inside cross join lateral (
        select p.id, p.search_name, case when starts_with(p.search_name, $10::text) then 1 when starts_with(p.search_last, $11::text) then 2
        when starts_with(p.search_location, $12::text) then 3 else 4 end as tier
        from "players" p
        where p.latitude = inside.latitude and p.longitude = inside.longitude and (' ' || p.search_name || ' ' || p.search_location) like $13::text and (' ' || p.search_name || ' ' || p.search_location) like $14::text
        order by tier, p.search_name collate "C", p.id
        limit $15::int
      ) found
      where inside.exact_distance <= $16::float8
      order by distance, found.tier, found.search_name collate "C", found.id
      limit $17::int
    )
    select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      p.skill_level as "skillLevel", p.is_verified as "isVerified", p.user_id as "userId",
      p.rating_count as "ratingCount", page.distance as "distanceMiles", r.id as "existingRatingId"
    from page
    join "players" p on p.id = page.id
    left join lateral (select "ratings"."id" as id from "ratings"
      where "ratings"."player_id" = page.id and lower("ratings"."rater_email") = $18::text limit 1) r on true
    order by page.distance, page.tier, page.search_name collate "C", page.id
