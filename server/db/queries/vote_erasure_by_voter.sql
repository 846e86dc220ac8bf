-- vote_erasure_by_voter: written by npm run db:queries from the statement's declaration; do not edit.
with gone as (
      delete from rating_helpfulness where user_id = $1::uuid
      returning rating_id, helpfulness_score, released_score
    ), totals as (
      update ratings r set helpfulness_sum = r.helpfulness_sum - gone.helpfulness_score,
        helpfulness_count = r.helpfulness_count - 1
      from gone where r.id = gone.rating_id
      returning r.id, r.rater_user_id, r.listed_at
    )
    select gone.rating_id as "ratingId", gone.released_score as "releasedScore",
      totals.rater_user_id as "raterUserId", totals.listed_at as "listedAt"
    from gone join totals on totals.id = gone.rating_id
    order by gone.rating_id
