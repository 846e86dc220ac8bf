-- transparency_figures: written by npm run db:queries from the statement's declaration; do not edit.

    select to_char("rating_reports"."created_at" at time zone 'UTC', 'YYYY-MM') as month, 'report' as figure, "rating_reports"."reason" as key,
      count(*)::float8 as value
    from "rating_reports" where "rating_reports"."created_at" >= $1::timestamptz group by 1, 3
    union all
    select to_char("moderation_decisions"."decided_at" at time zone 'UTC', 'YYYY-MM'), 'outcome', "moderation_decisions"."outcome", count(*)::float8
    from "moderation_decisions" where "moderation_decisions"."decided_at" >= $2::timestamptz group by 1, 3
    union all
    select to_char("moderation_decisions"."decided_at" at time zone 'UTC', 'YYYY-MM'), 'rule', coalesce("moderation_decisions"."rule", 'none'),
      count(*)::float8
    from "moderation_decisions" where "moderation_decisions"."decided_at" >= $3::timestamptz group by 1, 3
    union all
    select to_char("moderation_decisions"."decided_at" at time zone 'UTC', 'YYYY-MM'), 'source', "moderation_decisions"."source", count(*)::float8
    from "moderation_decisions" where "moderation_decisions"."decided_at" >= $4::timestamptz group by 1, 3
    union all
    select to_char("moderation_decisions"."decided_at" at time zone 'UTC', 'YYYY-MM'), 'median-hours', '',
      percentile_cont(0.5) within group (
        order by extract(epoch from "moderation_decisions"."decided_at" - "rating_reports"."created_at") / 3600
      )
    from "rating_reports" join "moderation_decisions" on "moderation_decisions"."id" = "rating_reports"."decision_id"
    where "moderation_decisions"."decided_at" >= $5::timestamptz group by 1
    union all
    select to_char("appeals"."created_at" at time zone 'UTC', 'YYYY-MM'), 'appeal-received', '', count(*)::float8
    from "appeals" where "appeals"."created_at" >= $6::timestamptz group by 1
    union all
    select to_char("appeals"."decided_at" at time zone 'UTC', 'YYYY-MM'), 'appeal-decided', "appeals"."outcome", count(*)::float8
    from "appeals" where "appeals"."decided_at" >= $7::timestamptz group by 1, 3
    union all
    select to_char("flagged_comments"."created_at" at time zone 'UTC', 'YYYY-MM'), 'automatic-hold', '', count(*)::float8
    from "flagged_comments"
    where "flagged_comments"."created_at" >= $8::timestamptz and "flagged_comments"."flag_reason" <> 'decision' group by 1
    union all
    select to_char("trust_flags"."reviewed_at" at time zone 'UTC', 'YYYY-MM'), 'flag', "trust_flags"."type" || ':' || "trust_flags"."status", count(*)::float8
    from "trust_flags"
    where "trust_flags"."reviewed_at" >= $9::timestamptz and "trust_flags"."status" in ('confirmed', 'dismissed') group by 1, 3
    union all
    select to_char("rating_removals"."acted_at" at time zone 'UTC', 'YYYY-MM'), 'removed', '', count(*)::float8
    from "rating_removals" where "rating_removals"."action" = 'remove' and "rating_removals"."acted_at" >= $10::timestamptz group by 1
    union all
    select to_char("data_requests"."at" at time zone 'UTC', 'YYYY-MM'), 'erased', '', count(*)::float8
    from "data_requests" where "data_requests"."kind" = 'erase' and "data_requests"."at" >= $11::timestamptz group by 1
