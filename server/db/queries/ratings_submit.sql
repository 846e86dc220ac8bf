-- ratings_submit: written by npm run db:queries from the statement's declaration; do not edit.
with args as (select $1::int as "playerId", $2::uuid as "raterUserId", $3::text as "raterEmail", $4::boolean as "isAnonymous", $5::int as "serveReturn", $6::int as "groundstrokesThirdShot", $7::int as "netPlayVolleysDinks", $8::int as "movementCourtAwareness", $9::int as "mentalPhysicalGame", $10::double precision as "overallRating", $11::text as "strengthsImprovements", $12::text as "serveReturnComments", $13::text as "groundstrokesThirdShotComments", $14::text as "netPlayVolleysDinksComments", $15::text as "movementCourtAwarenessComments", $16::text as "mentalPhysicalGameComments", $17::boolean as "isHeld", $18::timestamptz as "createdAt", $19::int as "count", $20::double precision as "overall", $21::int as "serveReturnDelta", $22::int as "groundstrokesThirdShotDelta", $23::int as "netPlayVolleysDinksDelta", $24::int as "movementCourtAwarenessDelta", $25::int as "mentalPhysicalGameDelta", $26::int as "stars1", $27::int as "stars2", $28::int as "stars3", $29::int as "stars4", $30::int as "stars5", $31::int as "points", $32::int as "ratingsSubmitted", $33::int as "detailedComments", $34::int as "helpfulnessSum", $35::int as "helpfulnessCount", $36::date as "day", $37::int as "dayRatings", $38::timestamptz as "activityAt", $39::boolean as "fullBreakdown", $40::boolean as "improvedRating", $41::boolean as "withdraw"), target as (
      select id, user_id, first_name, last_name from players where id = (select "playerId" from args) for update
    ), inserted as (
      insert into ratings (player_id, rater_user_id, rater_email, is_anonymous, serve_return, groundstrokes_third_shot,
        net_play_volleys_dinks, movement_court_awareness, mental_physical_game, overall_rating, strengths_improvements,
        serve_return_comments, groundstrokes_third_shot_comments, net_play_volleys_dinks_comments,
        movement_court_awareness_comments, mental_physical_game_comments, is_held, created_at, updated_at,
        listed_at, published_at)
      -- updated_at is created_at until an edit: the default now() differed by milliseconds and read as "edited".
      select (select "playerId" from args), (select "raterUserId" from args), (select "raterEmail" from args), (select "isAnonymous" from args), (select "serveReturn" from args), (select "groundstrokesThirdShot" from args), (select "netPlayVolleysDinks" from args), (select "movementCourtAwareness" from args), (select "mentalPhysicalGame" from args), (select "overallRating" from args), (select "strengthsImprovements" from args), (select "serveReturnComments" from args), (select "groundstrokesThirdShotComments" from args), (select "netPlayVolleysDinksComments" from args), (select "movementCourtAwarenessComments" from args), (select "mentalPhysicalGameComments" from args), (select "isHeld" from args), (select "createdAt" from args), (select "createdAt" from args),
        case when (select "isAnonymous" from args) then null else (select "createdAt" from args) end, case when (select "isAnonymous" from args) then null else (select "createdAt" from args) end
      from target where target.user_id is distinct from (select "raterUserId" from args)
      on conflict do nothing
      returning "id" as "id", "player_id" as "playerId", "rater_user_id" as "raterUserId", "rater_email" as "raterEmail", "is_anonymous" as "isAnonymous", "serve_return" as "serveReturn", "groundstrokes_third_shot" as "groundstrokesThirdShot", "net_play_volleys_dinks" as "netPlayVolleysDinks", "movement_court_awareness" as "movementCourtAwareness", "mental_physical_game" as "mentalPhysicalGame", "overall_rating" as "overallRating", "strengths_improvements" as "strengthsImprovements", "serve_return_comments" as "serveReturnComments", "groundstrokes_third_shot_comments" as "groundstrokesThirdShotComments", "net_play_volleys_dinks_comments" as "netPlayVolleysDinksComments", "movement_court_awareness_comments" as "movementCourtAwarenessComments", "mental_physical_game_comments" as "mentalPhysicalGameComments", "is_held" as "isHeld", "helpfulness_sum" as "helpfulnessSum", "helpfulness_count" as "helpfulnessCount", "created_at" as "createdAt", "updated_at" as "updatedAt", "listed_at" as "listedAt", "published_at" as "publishedAt", "pending_edit" as "pendingEdit", "removed_at" as "removedAt", "removal_rule" as "removalRule", "burst_flag_id" as "burstFlagId", "burst_held_at" as "burstHeldAt"
    ), applied as (
      select * from inserted where "listedAt" is not null
    ), counted as (
      update players set rating_count = rating_count + (select "count" from args),
        overall_sum = overall_sum + (select "overall" from args),
        "serve_return_sum" = "serve_return_sum" + (select "serveReturnDelta" from args), "groundstrokes_third_shot_sum" = "groundstrokes_third_shot_sum" + (select "groundstrokesThirdShotDelta" from args), "net_play_volleys_dinks_sum" = "net_play_volleys_dinks_sum" + (select "netPlayVolleysDinksDelta" from args), "movement_court_awareness_sum" = "movement_court_awareness_sum" + (select "movementCourtAwarenessDelta" from args), "mental_physical_game_sum" = "mental_physical_game_sum" + (select "mentalPhysicalGameDelta" from args),
        "stars_1" = "stars_1" + (select "stars1" from args), "stars_2" = "stars_2" + (select "stars2" from args), "stars_3" = "stars_3" + (select "stars3" from args), "stars_4" = "stars_4" + (select "stars4" from args), "stars_5" = "stars_5" + (select "stars5" from args)
      where id = (select "playerId" from args) and exists (select from applied) and (select "playerId" from args) is not null
      returning id
    ), marked as (
      insert into player_skill_marks (player_id, marked_at)
      select id, now() from counted
      on conflict (player_id) do update set marked_at = excluded.marked_at
    ), stats as (
      insert into rater_stats (user_id, total_points, current_rank, ratings_submitted, detailed_comments_count,
        helpfulness_sum, helpfulness_count, last_activity_date)
      select (select "raterUserId" from args), greatest(0, (select "points" from args)), (case when greatest(0, (select "points" from args)) >= 3000 then 'Diamond' when greatest(0, (select "points" from args)) >= 1200 then 'Platinum' when greatest(0, (select "points" from args)) >= 500 then 'Gold' when greatest(0, (select "points" from args)) >= 200 then 'Silver' when greatest(0, (select "points" from args)) >= 50 then 'Bronze' when greatest(0, (select "points" from args)) >= 0 then 'Rookie' end),
        greatest(0, (select "ratingsSubmitted" from args)), greatest(0, (select "detailedComments" from args)), greatest(0, (select "helpfulnessSum" from args)),
        greatest(0, (select "helpfulnessCount" from args)), (select "activityAt" from args)
      where exists (select from applied) and (select "raterUserId" from args) is not null
      on conflict (user_id) do update set
        "total_points" = greatest(0, rater_stats."total_points" + (select "points" from args)),
        current_rank = (case when greatest(0, rater_stats.total_points + (select "points" from args)) >= 3000 then 'Diamond' when greatest(0, rater_stats.total_points + (select "points" from args)) >= 1200 then 'Platinum' when greatest(0, rater_stats.total_points + (select "points" from args)) >= 500 then 'Gold' when greatest(0, rater_stats.total_points + (select "points" from args)) >= 200 then 'Silver' when greatest(0, rater_stats.total_points + (select "points" from args)) >= 50 then 'Bronze' when greatest(0, rater_stats.total_points + (select "points" from args)) >= 0 then 'Rookie' end),
        "ratings_submitted" = greatest(0, rater_stats."ratings_submitted" + (select "ratingsSubmitted" from args)),
        "detailed_comments_count" = greatest(0, rater_stats."detailed_comments_count" + (select "detailedComments" from args)),
        "helpfulness_sum" = greatest(0, rater_stats."helpfulness_sum" + (select "helpfulnessSum" from args)),
        "helpfulness_count" = greatest(0, rater_stats."helpfulness_count" + (select "helpfulnessCount" from args)),
        last_activity_date = greatest(rater_stats.last_activity_date, (select "activityAt" from args))
      returning user_id as "userId", ratings_submitted as "ratingsSubmitted",
        detailed_comments_count as "detailedCommentsCount", helpfulness_sum as "helpfulnessSum",
        helpfulness_count as "helpfulnessCount"
    ), daily as (
      insert into rater_daily_stats (day, user_id, ratings_count, helpfulness_sum, helpfulness_count)
      select (select "day" from args), "userId", greatest(0, (select "dayRatings" from args)), greatest(0, (select "helpfulnessSum" from args)),
        greatest(0, (select "helpfulnessCount" from args))
      from stats
      where (select "day" from args) is not null and ((select "dayRatings" from args) <> 0 or (select "helpfulnessSum" from args) <> 0 or (select "helpfulnessCount" from args) <> 0)
      on conflict (day, user_id) do update set
        ratings_count = greatest(0, rater_daily_stats.ratings_count + (select "dayRatings" from args)),
        helpfulness_sum = greatest(0, rater_daily_stats.helpfulness_sum + (select "helpfulnessSum" from args)),
        helpfulness_count = greatest(0, rater_daily_stats.helpfulness_count + (select "helpfulnessCount" from args))
    ), badges as (
      insert into achievements (user_id, achievement_type, achievement_name, achievement_description, badge_icon, earned_at)
      select totals."userId", badge.type, badge.name, badge.description, badge.icon, coalesce((select "activityAt" from args), now())
      from stats totals
      cross join lateral (values ('first_rating', 'First Rating', 'Submit your first rating.', 'star', totals."ratingsSubmitted" >= 1), ('ten_ratings', 'Dedicated Rater', 'Submit 10 ratings.', 'clipboard-check', totals."ratingsSubmitted" >= 10), ('fifty_ratings', 'Veteran Rater', 'Submit 50 ratings.', 'trophy', totals."ratingsSubmitted" >= 50), ('detailed_reviewer', 'Detailed Reviewer', 'Give detailed feedback (at least 50 characters) on 5 ratings.', 'message-square-text', totals."detailedCommentsCount" >= 5), ('full_breakdown', 'Full Breakdown', 'Comment on all five categories and on strengths and improvements in one rating.', 'list-checks', coalesce((select "fullBreakdown" from args), false)), ('second_look', 'Second Look', 'Improve an earlier rating by adding detailed feedback.', 'pencil-line', coalesce((select "improvedRating" from args), false)), ('community_favorite', 'Community Favorite', 'Receive 10 helpfulness reviews averaging 4.0 stars or more.', 'heart', (totals."helpfulnessCount" >= 10
        and totals."helpfulnessSum" >= 4 * totals."helpfulnessCount")), ('five_star_excellence', 'Five-Star Excellence', 'Hold a perfect 5.0 helpfulness average over at least 5 reviews.', 'sparkles', (totals."helpfulnessCount" >= 5
        and totals."helpfulnessSum" >= 5 * totals."helpfulnessCount"))) badge (type, name, description, icon, earned)
      where badge.earned and not (select "withdraw" from args)
      on conflict (user_id, achievement_type) do nothing
    ), withdrawn as (
      -- What still counts earns the action badges too: a full breakdown among the counted ratings, any counted rating
      -- for the Second Look (the edit it marks is not recorded). Run after the taken-back rating left the counted ones.
      delete from achievements using stats totals
      cross join lateral (values ('first_rating', 'First Rating', 'Submit your first rating.', 'star', totals."ratingsSubmitted" >= 1), ('ten_ratings', 'Dedicated Rater', 'Submit 10 ratings.', 'clipboard-check', totals."ratingsSubmitted" >= 10), ('fifty_ratings', 'Veteran Rater', 'Submit 50 ratings.', 'trophy', totals."ratingsSubmitted" >= 50), ('detailed_reviewer', 'Detailed Reviewer', 'Give detailed feedback (at least 50 characters) on 5 ratings.', 'message-square-text', totals."detailedCommentsCount" >= 5), ('full_breakdown', 'Full Breakdown', 'Comment on all five categories and on strengths and improvements in one rating.', 'list-checks', coalesce(exists (select from ratings r where r.rater_user_id = totals."userId"
          and r.listed_at is not null and coalesce(trim("r"."strengths_improvements"), '') <> '' and coalesce(trim("r"."serve_return_comments"), '') <> '' and coalesce(trim("r"."groundstrokes_third_shot_comments"), '') <> '' and coalesce(trim("r"."net_play_volleys_dinks_comments"), '') <> '' and coalesce(trim("r"."movement_court_awareness_comments"), '') <> '' and coalesce(trim("r"."mental_physical_game_comments"), '') <> ''), false)), ('second_look', 'Second Look', 'Improve an earlier rating by adding detailed feedback.', 'pencil-line', coalesce(totals."ratingsSubmitted" > 0, false)), ('community_favorite', 'Community Favorite', 'Receive 10 helpfulness reviews averaging 4.0 stars or more.', 'heart', (totals."helpfulnessCount" >= 10
        and totals."helpfulnessSum" >= 4 * totals."helpfulnessCount")), ('five_star_excellence', 'Five-Star Excellence', 'Hold a perfect 5.0 helpfulness average over at least 5 reviews.', 'sparkles', (totals."helpfulnessCount" >= 5
        and totals."helpfulnessSum" >= 5 * totals."helpfulnessCount"))) badge (type, name, description, icon, earned)
      where (select "withdraw" from args) and achievements.user_id = totals."userId"
        and achievements.achievement_type = badge.type and not badge.earned
    )
    select to_json(target) as player, to_json(inserted) as rating
    from target left join inserted on true
