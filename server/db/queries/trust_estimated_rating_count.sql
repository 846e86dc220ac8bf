-- trust_estimated_rating_count: written by npm run db:queries from the statement's declaration; do not edit.
select reltuples::float8 as n from pg_class where oid = 'ratings'::regclass
