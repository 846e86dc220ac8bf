-- players_set_places: written by npm run db:queries from the statement's declaration; do not edit.

    update "players" set location = v.location, city = v.city, state = v.state, zip = v.zip,
      search_location = v.search_location, latitude = v.latitude, longitude = v.longitude
    from unnest($1::int[], $2::text[],
      $3::text[], $4::text[], $5::text[],
      $6::text[], $7::text[],
      $8::float8[], $9::float8[])
      as v(id, read_location, location, city, state, zip, search_location, latitude, longitude)
    where "players"."id" = v.id and "players"."city" is null and "players"."location" = v.read_location
