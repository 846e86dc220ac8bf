-- trust_take_lease: written by npm run db:queries from the statement's declaration; do not edit.
insert into trust_jobs (name, holder, lease_until)
    values ($1, $2, now() + $3 * interval '1 second')
    on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until
      where trust_jobs.lease_until <= now() or trust_jobs.holder = excluded.holder
    returning holder
