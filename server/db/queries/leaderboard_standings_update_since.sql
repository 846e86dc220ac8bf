-- leaderboard_standings_update_since: written by npm run db:queries from the statement's declaration; do not edit.
with marked as (
        select distinct unnest($1::uuid[]) as user_id union select "rater_daily_stats"."user_id" from "rater_daily_stats" where "rater_daily_stats"."day" >= $2::date and "rater_daily_stats"."day" < $3::date
      ), left_days as (
        select "rater_daily_stats"."user_id" as user_id, sum("rater_daily_stats"."ratings_count")::int as ratings_count,
          sum("rater_daily_stats"."helpfulness_sum")::int as helpfulness_sum, sum("rater_daily_stats"."helpfulness_count")::int as helpfulness_count
        from "rater_daily_stats" where "rater_daily_stats"."day" >= $4::date and "rater_daily_stats"."day" < $5::date
          and not exists (select from marked where marked.user_id = "rater_daily_stats"."user_id")
        group by "rater_daily_stats"."user_id"
      ), fresh as (select marked.user_id, coalesce(sum("rater_daily_stats"."ratings_count"), 0)::int as ratings_count,
        coalesce(sum("rater_daily_stats"."helpfulness_sum"), 0)::int as helpfulness_sum,
        coalesce(sum("rater_daily_stats"."helpfulness_count"), 0)::int as helpfulness_count
      from marked left join "rater_daily_stats" on "rater_daily_stats"."user_id" = marked.user_id and "rater_daily_stats"."day" >= $6::date
      group by marked.user_id
      union all
      select left_days.user_id, coalesce("leaderboard_standings"."ratings_count", 0) - left_days.ratings_count,
        coalesce("leaderboard_standings"."helpfulness_sum", 0) - left_days.helpfulness_sum,
        coalesce("leaderboard_standings"."helpfulness_count", 0) - left_days.helpfulness_count
      from left_days left join "leaderboard_standings" on "leaderboard_standings"."period" = $7::text and "leaderboard_standings"."user_id" = left_days.user_id), old as (
      select "leaderboard_standings"."user_id" as user_id, "leaderboard_standings"."ratings_count" as ratings_count, "leaderboard_standings"."helpfulness_sum" as helpfulness_sum,
        "leaderboard_standings"."helpfulness_count" as helpfulness_count
      from "leaderboard_standings" where "leaderboard_standings"."period" = $8::text and "leaderboard_standings"."user_id" in (select user_id from fresh)
    ), changed as (
      select fresh.*, coalesce(old.ratings_count, 0) as old_count from fresh left join old using (user_id)
      where case when old.user_id is null then fresh.ratings_count > 0
        else (old.ratings_count, old.helpfulness_sum, old.helpfulness_count)
          is distinct from (fresh.ratings_count, fresh.helpfulness_sum, fresh.helpfulness_count) end
    ), removed as (
      delete from "leaderboard_standings" using changed
      where "leaderboard_standings"."period" = $9::text and "leaderboard_standings"."user_id" = changed.user_id and changed.ratings_count <= 0
    ), kept as (
      insert into "leaderboard_standings" (period, user_id, ratings_count, helpfulness_sum, helpfulness_count)
      select $10::text, user_id, ratings_count, helpfulness_sum, helpfulness_count from changed where ratings_count > 0
      on conflict (period, user_id) do update set ratings_count = excluded.ratings_count,
        helpfulness_sum = excluded.helpfulness_sum, helpfulness_count = excluded.helpfulness_count
    )
    select user_id as "userId", old_count as "oldCount", greatest(ratings_count, 0) as "newCount" from changed
