-- trust_helpfulness_votes: written by npm run db:queries from the statement's declaration; do not edit.
select rating_id as "ratingId", released_score as vote from rating_helpfulness where released_score is not null
