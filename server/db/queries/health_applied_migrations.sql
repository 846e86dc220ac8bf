-- health_applied_migrations: written by npm run db:queries from the statement's declaration; do not edit.
select count(*)::int as "count",
      (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as "lastHash"
    from drizzle.__drizzle_migrations
