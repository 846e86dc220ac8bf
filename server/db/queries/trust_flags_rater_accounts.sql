-- trust_flags_rater_accounts: written by npm run db:queries from the statement's declaration; do not edit.
select k.key, u.id as "userId",
      nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as name
    from unnest($1::text[]) as k(key)
    left join users u on lower(u.email) = k.key
