-- players_bulk_insert: written by npm run db:queries from the statement's declaration; do not edit.

    insert into "players" ("first_name", "last_name", "email", "skill_level", "years_playing", "location", "city", "state", "zip", "bio", "imported_by", "search_name", "search_last", "search_location", "latitude", "longitude")
    select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::float8[], $16::float8[])
    on conflict do nothing
    returning "email" as email
