-- gamification_rater_stats_upsert: written by npm run db:queries from the statement's declaration; do not edit.
insert into "rater_stats" ("user_id", "total_points", "current_rank", "ratings_submitted", "detailed_comments_count", "helpfulness_sum", "helpfulness_count", "last_activity_date")
    select $1::uuid, greatest(0, $2::int), (case when greatest(0, $3::int) >= 3000 then 'Diamond' when greatest(0, $4::int) >= 1200 then 'Platinum' when greatest(0, $5::int) >= 500 then 'Gold' when greatest(0, $6::int) >= 200 then 'Silver' when greatest(0, $7::int) >= 50 then 'Bronze' when greatest(0, $8::int) >= 0 then 'Rookie' end), greatest(0, $9::int),
      greatest(0, $10::int), greatest(0, $11::int), greatest(0, $12::int), $13::timestamptz
    on conflict ("user_id") do update set
      "total_points" = greatest(0, "rater_stats"."total_points" + $14::int),
      "current_rank" = (case when greatest(0, "rater_stats"."total_points" + $15::int) >= 3000 then 'Diamond' when greatest(0, "rater_stats"."total_points" + $16::int) >= 1200 then 'Platinum' when greatest(0, "rater_stats"."total_points" + $17::int) >= 500 then 'Gold' when greatest(0, "rater_stats"."total_points" + $18::int) >= 200 then 'Silver' when greatest(0, "rater_stats"."total_points" + $19::int) >= 50 then 'Bronze' when greatest(0, "rater_stats"."total_points" + $20::int) >= 0 then 'Rookie' end),
      "ratings_submitted" = greatest(0, "rater_stats"."ratings_submitted" + $21::int),
      "detailed_comments_count" = greatest(0, "rater_stats"."detailed_comments_count" + $22::int),
      "helpfulness_sum" = greatest(0, "rater_stats"."helpfulness_sum" + $23::int),
      "helpfulness_count" = greatest(0, "rater_stats"."helpfulness_count" + $24::int),
      "last_activity_date" = greatest("rater_stats"."last_activity_date", $25::timestamptz)
    returning "user_id" as "userId", "total_points" as "totalPoints", "current_rank" as "currentRank", "ratings_submitted" as "ratingsSubmitted", "detailed_comments_count" as "detailedCommentsCount", "helpfulness_sum" as "helpfulnessSum", "helpfulness_count" as "helpfulnessCount", "last_activity_date" as "lastActivityDate"
