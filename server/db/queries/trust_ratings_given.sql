-- trust_ratings_given: written by npm run db:queries from the statement's declaration; do not edit.
select count(*)::int as n from ratings
    where lower(rater_email) = $1 and listed_at is not null
