-- trust_clear_stale_marks: written by npm run db:queries from the statement's declaration; do not edit.
delete from player_skill_marks s
    using unnest($1::int[], $2::timestamptz[]) as m(id, marked_at)
    where s.player_id = m.id and s.marked_at = m.marked_at
