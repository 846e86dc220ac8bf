-- players_search_rows_by_ids: written by npm run db:queries from the statement's declaration; do not edit.
select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      p.skill_level as "skillLevel", p.is_verified as "isVerified", p.user_id as "userId", p.visibility,
      p.rating_count as "ratingCount", null::int as "existingRatingId"
    from unnest($1::int[]) with ordinality as wanted(id, position)
    join "players" p on p.id = wanted.id
    order by wanted.position
