-- rating_erasure_by_rater: written by npm run db:queries from the statement's declaration; do not edit.
with gone as (
    delete from "ratings" where rater_user_id = $1::uuid or lower(rater_email) = lower($2::text)
    returning "id" as "id", "player_id" as "playerId", "rater_user_id" as "raterUserId", "rater_email" as "raterEmail", "is_anonymous" as "isAnonymous", "serve_return" as "serveReturn", "groundstrokes_third_shot" as "groundstrokesThirdShot", "net_play_volleys_dinks" as "netPlayVolleysDinks", "movement_court_awareness" as "movementCourtAwareness", "mental_physical_game" as "mentalPhysicalGame", "overall_rating" as "overallRating", "strengths_improvements" as "strengthsImprovements", "serve_return_comments" as "serveReturnComments", "groundstrokes_third_shot_comments" as "groundstrokesThirdShotComments", "net_play_volleys_dinks_comments" as "netPlayVolleysDinksComments", "movement_court_awareness_comments" as "movementCourtAwarenessComments", "mental_physical_game_comments" as "mentalPhysicalGameComments", "is_held" as "isHeld", "helpfulness_sum" as "helpfulnessSum", "helpfulness_count" as "helpfulnessCount", "created_at" as "createdAt", "updated_at" as "updatedAt", "listed_at" as "listedAt", "published_at" as "publishedAt", "pending_edit" as "pendingEdit", "removed_at" as "removedAt", "removal_rule" as "removalRule", "burst_flag_id" as "burstFlagId", "burst_held_at" as "burstHeldAt"
  )
  select gone.*, coalesce(votes.sum, 0)::int as "releasedVotesSum", coalesce(votes.count, 0)::int as "releasedVotesCount"
  from gone
  left join lateral (
    select sum(h.released_score) as sum, count(h.released_score) as count
    from rating_helpfulness h where h.rating_id = gone."id"
  ) votes on true
