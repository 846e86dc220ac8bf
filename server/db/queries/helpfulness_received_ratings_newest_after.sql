-- helpfulness_received_ratings_newest_after: written by npm run db:queries from the statement's declaration; do not edit.
select "players"."user_id" as "ownerUserId", "ratings"."id" as "id", "ratings"."player_id" as "playerId", "ratings"."rater_user_id" as "raterUserId", "ratings"."rater_email" as "raterEmail", "ratings"."is_anonymous" as "isAnonymous", "ratings"."serve_return" as "serveReturn", "ratings"."groundstrokes_third_shot" as "groundstrokesThirdShot", "ratings"."net_play_volleys_dinks" as "netPlayVolleysDinks", "ratings"."movement_court_awareness" as "movementCourtAwareness", "ratings"."mental_physical_game" as "mentalPhysicalGame", "ratings"."overall_rating" as "overallRating", "ratings"."strengths_improvements" as "strengthsImprovements", "ratings"."serve_return_comments" as "serveReturnComments", "ratings"."groundstrokes_third_shot_comments" as "groundstrokesThirdShotComments", "ratings"."net_play_volleys_dinks_comments" as "netPlayVolleysDinksComments", "ratings"."movement_court_awareness_comments" as "movementCourtAwarenessComments", "ratings"."mental_physical_game_comments" as "mentalPhysicalGameComments", "ratings"."is_held" as "isHeld", "ratings"."helpfulness_sum" as "helpfulnessSum", "ratings"."helpfulness_count" as "helpfulnessCount", "ratings"."created_at" as "createdAt", "ratings"."updated_at" as "updatedAt", "ratings"."listed_at" as "listedAt", "ratings"."published_at" as "publishedAt", "ratings"."pending_edit" as "pendingEdit", "ratings"."removed_at" as "removedAt", "ratings"."removal_rule" as "removalRule", "ratings"."burst_flag_id" as "burstFlagId", "ratings"."burst_held_at" as "burstHeldAt",
        "users"."first_name" as "raterFirstName", "users"."last_name" as "raterLastName",
        "rating_helpfulness"."helpfulness_score" as "userHelpfulnessScore",
        ("player_skill"."weights" ->> "ratings"."id"::text)::float8 as "weight",
        "ratings"."id" as "cursorKey"
      from "players"
      left join "player_skill" on "player_skill"."player_id" = "players"."id"
      left join "ratings" on "ratings"."player_id" = "players"."id" and "ratings"."listed_at" is not null and "ratings"."listed_at" <= (select "ratings"."listed_at" from "ratings" where "ratings"."id" = $1::int and "ratings"."player_id" = $2::int)
        and ("ratings"."listed_at", "ratings"."id") < ((select "ratings"."listed_at" from "ratings" where "ratings"."id" = $3::int and "ratings"."player_id" = $4::int), $5::int)
      left join "users" on "users"."id" = "ratings"."rater_user_id"
      left join "rating_helpfulness" on "rating_helpfulness"."rating_id" = "ratings"."id" and "rating_helpfulness"."user_id" = $6::uuid
      where "players"."id" = $7::int
      order by "ratings"."listed_at" desc, "ratings"."id" desc
      limit $8::int + 1
