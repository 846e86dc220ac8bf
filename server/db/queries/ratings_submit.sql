-- ratings_submit: written by npm run db:queries from the statement's declaration; do not edit.
with args as (select $1::int as "playerId", $2::uuid as "raterUserId", $3::text as "raterEmail", $4::boolean as "isAnonymous", $5::int as "serveReturn", $6::int as "groundstrokesThirdShot", $7::int as "netPlayVolleysDinks", $8::int as "movementCourtAwareness", $9::int as "mentalPhysicalGame", $10::double precision as "overallRating", $11::text as "strengthsImprovements", $12::text as "serveReturnComments", $13::text as "groundstrokesThirdShotComments", $14::text as "netPlayVolleysDinksComments", $15::text as "movementCourtAwarenessComments", $16::text as "mentalPhysicalGameComments", $17::boolean as "isHeld", $18::timestamptz as "createdAt", $19::int as "star", $20::int as "points", $21::int as "detailedComments", $22::date as "day", $23::boolean as "fullBreakdown", $24::jsonb as "flags"), target as (
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
      returning "id" as "id", "player_id" as "playerId", "rater_user_id" as "raterUserId", "rater_email" as "raterEmail", "is_anonymous" as "isAnonymous", "serve_return" as "serveReturn", "groundstrokes_third_shot" as "groundstrokesThirdShot", "net_play_volleys_dinks" as "netPlayVolleysDinks", "movement_court_awareness" as "movementCourtAwareness", "mental_physical_game" as "mentalPhysicalGame", "overall_rating" as "overallRating", "strengths_improvements" as "strengthsImprovements", "serve_return_comments" as "serveReturnComments", "groundstrokes_third_shot_comments" as "groundstrokesThirdShotComments", "net_play_volleys_dinks_comments" as "netPlayVolleysDinksComments", "movement_court_awareness_comments" as "movementCourtAwarenessComments", "mental_physical_game_comments" as "mentalPhysicalGameComments", "is_held" as "isHeld", "helpfulness_sum" as "helpfulnessSum", "helpfulness_count" as "helpfulnessCount", "created_at" as "createdAt", "updated_at" as "updatedAt", "listed_at" as "listedAt", "published_at" as "publishedAt", "pending_edit" as "pendingEdit"
    ), applied as (
      select * from inserted where "listedAt" is not null
    ), counted as (
      update players set rating_count = rating_count + 1,
        overall_sum = overall_sum + (select "overallRating" from args),
        serve_return_sum = serve_return_sum + (select "serveReturn" from args),
        groundstrokes_third_shot_sum = groundstrokes_third_shot_sum + (select "groundstrokesThirdShot" from args),
        net_play_volleys_dinks_sum = net_play_volleys_dinks_sum + (select "netPlayVolleysDinks" from args),
        movement_court_awareness_sum = movement_court_awareness_sum + (select "movementCourtAwareness" from args),
        mental_physical_game_sum = mental_physical_game_sum + (select "mentalPhysicalGame" from args),
        stars_1 = stars_1 + ((select "star" from args) = 1)::int, stars_2 = stars_2 + ((select "star" from args) = 2)::int,
        stars_3 = stars_3 + ((select "star" from args) = 3)::int, stars_4 = stars_4 + ((select "star" from args) = 4)::int,
        stars_5 = stars_5 + ((select "star" from args) = 5)::int
      where id = (select "playerId" from applied)
    ), marked as (
      -- The trust worker recomputes the player's estimate within seconds (server/features/trust).
      insert into player_skill_marks (player_id, marked_at)
      select "playerId", now() from applied
      on conflict (player_id) do update set marked_at = excluded.marked_at
    ), stats as (
      insert into rater_stats (user_id, total_points, current_rank, ratings_submitted, detailed_comments_count,
        helpfulness_sum, helpfulness_count, last_activity_date)
      select (select "raterUserId" from args), (select "points" from args), (case when (select "points" from args) >= 3000 then 'Diamond' when (select "points" from args) >= 1200 then 'Platinum' when (select "points" from args) >= 500 then 'Gold' when (select "points" from args) >= 200 then 'Silver' when (select "points" from args) >= 50 then 'Bronze' when (select "points" from args) >= 0 then 'Rookie' end), 1, (select "detailedComments" from args), 0, 0, (select "createdAt" from args)
      from applied
      on conflict (user_id) do update set
        total_points = rater_stats.total_points + (select "points" from args),
        current_rank = (case when rater_stats.total_points + (select "points" from args) >= 3000 then 'Diamond' when rater_stats.total_points + (select "points" from args) >= 1200 then 'Platinum' when rater_stats.total_points + (select "points" from args) >= 500 then 'Gold' when rater_stats.total_points + (select "points" from args) >= 200 then 'Silver' when rater_stats.total_points + (select "points" from args) >= 50 then 'Bronze' when rater_stats.total_points + (select "points" from args) >= 0 then 'Rookie' end),
        ratings_submitted = rater_stats.ratings_submitted + 1,
        detailed_comments_count = rater_stats.detailed_comments_count + (select "detailedComments" from args),
        last_activity_date = greatest(rater_stats.last_activity_date, (select "createdAt" from args))
      returning user_id as "userId", ratings_submitted as "ratingsSubmitted",
        detailed_comments_count as "detailedCommentsCount", helpfulness_sum as "helpfulnessSum",
        helpfulness_count as "helpfulnessCount"
    ), daily as (
      insert into rater_daily_stats (day, user_id, ratings_count, helpfulness_sum, helpfulness_count)
      select (select "day" from args), (select "raterUserId" from args), 1, 0, 0
      from applied
      on conflict (day, user_id) do update set ratings_count = rater_daily_stats.ratings_count + 1
    ), badges as (
      insert into achievements (user_id, achievement_type, achievement_name, achievement_description, badge_icon, earned_at)
      select totals."userId", badge.type, badge.name, badge.description, badge.icon, (select "createdAt" from args)
      from stats totals
      cross join lateral (values ('first_rating', 'First Rating', 'Submit your first rating.', 'star', totals."ratingsSubmitted" >= 1), ('ten_ratings', 'Dedicated Rater', 'Submit 10 ratings.', 'clipboard-check', totals."ratingsSubmitted" >= 10), ('fifty_ratings', 'Veteran Rater', 'Submit 50 ratings.', 'trophy', totals."ratingsSubmitted" >= 50), ('detailed_reviewer', 'Detailed Reviewer', 'Give detailed feedback (at least 50 characters) on 5 ratings.', 'message-square-text', totals."detailedCommentsCount" >= 5), ('full_breakdown', 'Full Breakdown', 'Comment on all five categories and on strengths and improvements in one rating.', 'list-checks', coalesce((select "fullBreakdown" from args), false)), ('second_look', 'Second Look', 'Improve an earlier rating by adding detailed feedback.', 'pencil-line', coalesce(false, false)), ('community_favorite', 'Community Favorite', 'Receive 10 helpfulness reviews averaging 4.0 stars or more.', 'heart', (totals."helpfulnessCount" >= 10
        and totals."helpfulnessSum" >= 4 * totals."helpfulnessCount")), ('five_star_excellence', 'Five-Star Excellence', 'Hold a perfect 5.0 helpfulness average over at least 5 reviews.', 'sparkles', (totals."helpfulnessCount" >= 5
        and totals."helpfulnessSum" >= 5 * totals."helpfulnessCount"))) badge (type, name, description, icon, earned)
      where badge.earned
      on conflict (user_id, achievement_type) do nothing
    ), flags as (
      insert into flagged_comments (rating_id, field, flagged_text, flag_reason)
      select inserted.id, finding.field, finding."flaggedText", finding."flagReason"
      from inserted
      cross join jsonb_to_recordset((select "flags" from args)) as finding (field text, "flaggedText" text, "flagReason" text)
    )
    select to_json(target) as player, to_json(inserted) as rating
    from target left join inserted on true
