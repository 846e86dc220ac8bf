-- trust_rated_player_page: written by npm run db:queries from the statement's declaration; do not edit.
select p.id, p.skill_level as "skillLevel", p.imported_by as "importedBy",
  lower(u.email) as "ownerKey"
    from players p left join users u on u.id = p.user_id
    where p.id > $1 and (p.rating_count > 0 or p.user_id is not null)
    order by p.id limit $2
