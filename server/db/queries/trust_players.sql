-- trust_players: written by npm run db:queries from the statement's declaration; do not edit.
select p.id, p.skill_level as "skillLevel", p.imported_by as "importedBy",
  lower(u.email) as "ownerKey"
    from players p left join users u on u.id = p.user_id where p.id = any($1::int[])
