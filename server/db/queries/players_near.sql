-- players_near: written by npm run db:queries from the statement's declaration; do not edit.

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
    -- Ties at the tenth of a mile shown go to the better match.
    page as (
      select found.*, round(inside.exact_distance::numeric, 1)::float8 as distance
      from inside cross join lateral (
        select p.id, p.first_name, p.last_name, p.location, p.skill_level, p.is_verified, p.user_id, p.rating_count,
          p.search_name, 1 as tier
        from "players" p
        where p.latitude = inside.latitude and p.longitude = inside.longitude 
        order by tier, p.search_name collate "C", p.id
        limit $10::int
      ) found
      where inside.exact_distance <= $11::float8
      order by distance, found.tier, found.search_name collate "C", found.id
      limit $12::int
    )
    select page.id, page.first_name as "firstName", page.last_name as "lastName", page.location,
      page.skill_level as "skillLevel", page.is_verified as "isVerified", page.user_id as "userId",
      page.rating_count as "ratingCount", page.distance as "distanceMiles", r.id as "existingRatingId"
    from page
    left join lateral (select "ratings"."id" as id from "ratings"
      where "ratings"."player_id" = page.id and lower("ratings"."rater_email") = $13::text limit 1) r on true
    order by page.distance, page.tier, page.search_name collate "C", page.id
