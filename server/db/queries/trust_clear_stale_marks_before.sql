-- trust_clear_stale_marks_before: written by npm run db:queries from the statement's declaration; do not edit.
update players set skill_stale_at = null where skill_stale_at <= $1::timestamptz
