-- trust_rating_page: written by npm run db:queries from the statement's declaration; do not edit.
select r.id, r.player_id as "playerId", lower(r.rater_email) as "raterKey",
  r.serve_return as s1, r.groundstrokes_third_shot as s2, r.net_play_volleys_dinks as s3,
  r.movement_court_awareness as s4, r.mental_physical_game as s5, r.overall_rating as s6,
  floor(extract(epoch from r.published_at) * 1000)::float8 as at from ratings r
    where r.id > $1 and r.listed_at is not null
    order by r.id limit $2
