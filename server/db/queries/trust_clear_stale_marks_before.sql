-- trust_clear_stale_marks_before: written by npm run db:queries from the statement's declaration; do not edit.
delete from player_skill_marks where marked_at <= $1::timestamptz
