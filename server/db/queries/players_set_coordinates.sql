-- players_set_coordinates: written by npm run db:queries from the statement's declaration; do not edit.

    update "players" set latitude = v.latitude, longitude = v.longitude
    from unnest($1::int[], $2::float8[],
      $3::float8[]) as v(id, latitude, longitude)
    where "players"."id" = v.id and "players"."latitude" is null
