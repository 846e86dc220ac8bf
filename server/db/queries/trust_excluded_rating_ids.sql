-- trust_excluded_rating_ids: written by npm run db:queries from the statement's declaration; do not edit.
select distinct unnest(rating_ids) as id from trust_flags
      where status = 'confirmed' or (status = 'pending' and type = 'ring')
