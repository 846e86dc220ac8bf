-- gamification_my_stats: written by npm run db:queries from the statement's declaration; do not edit.
select "rater_stats"."total_points", "rater_stats"."ratings_submitted", "rater_stats"."detailed_comments_count", "rater_stats"."helpfulness_sum", "rater_stats"."helpfulness_count", "rater_stats"."last_activity_date", coalesce((
    select json_agg(json_build_object(
      'achievementType', "achievements"."achievement_type",
      'achievementName', "achievements"."achievement_name",
      'achievementDescription', "achievements"."achievement_description",
      'badgeIcon', "achievements"."badge_icon",
      'earnedAt', "achievements"."earned_at"
    ) order by "achievements"."earned_at", "achievements"."id")
    from "achievements" where "achievements"."user_id" = "users"."id"), '[]'::json) from "users" left join "rater_stats" on "rater_stats"."user_id" = "users"."id" where "users"."id" = $1
