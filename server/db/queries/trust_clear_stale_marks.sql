-- trust_clear_stale_marks: written by npm run db:queries from the statement's declaration; do not edit.
update players p set skill_stale_at = null
    from unnest($1::int[], $2::timestamptz[]) as m(id, stale_at)
    where p.id = m.id and p.skill_stale_at = m.stale_at
