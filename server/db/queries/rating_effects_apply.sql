-- rating_effects_apply: written by npm run db:queries from the statement's declaration; do not edit.
with args as (select $1::int as "playerId", $2::int as "count", $3::double precision as "overall", $4::int as "serveReturnDelta", $5::int as "groundstrokesThirdShotDelta", $6::int as "netPlayVolleysDinksDelta", $7::int as "movementCourtAwarenessDelta", $8::int as "mentalPhysicalGameDelta", $9::int as "stars1", $10::int as "stars2", $11::int as "stars3", $12::int as "stars4", $13::int as "stars5", $14::uuid as "raterUserId", $15::int as "points", $16::int as "ratingsSubmitted", $17::int as "detailedComments", $18::int as "helpfulnessSum", $19::int as "helpfulnessCount", $20::date as "day", $21::int as "dayRatings", $22::timestamptz as "activityAt", $23::boolean as "fullBreakdown", $24::boolean as "improvedRating", $25::boolean as "withdraw"), counted as (
      update players set rating_count = rating_count + (select "count" from args),
        overall_sum = overall_sum + (select "overall" from args),
        "serve_return_sum" = "serve_return_sum" + (select "serveReturnDelta" from args), "groundstrokes_third_shot_sum" = "groundstrokes_third_shot_sum" + (select "groundstrokesThirdShotDelta" from args), "net_play_volleys_dinks_sum" = "net_play_volleys_dinks_sum" + (select "netPlayVolleysDinksDelta" from args), "movement_court_awareness_sum" = "movement_court_awareness_sum" + (select "movementCourtAwarenessDelta" from args), "mental_physical_game_sum" = "mental_physical_game_sum" + (select "mentalPhysicalGameDelta" from args),
        "stars_1" = "stars_1" + (select "stars1" from args), "stars_2" = "stars_2" + (select "stars2" from args), "stars_3" = "stars_3" + (select "stars3" from args), "stars_4" = "stars_4" + (select "stars4" from args), "stars_5" = "stars_5" + (select "stars5" from args)
      where id = (select "playerId" from args) and true and (select "playerId" from args) is not null
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
      where true and (select "raterUserId" from args) is not null
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
    ) select count(*)::int as moved from counted
