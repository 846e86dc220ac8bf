-- seo_sitemap_players: written by npm run db:queries from the statement's declaration; do not edit.
select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      greatest(p.created_at, s.computed_at) as "lastModified"
    from "players" p left join "player_skill" s on s.player_id = p.id
    where p.id > $1::int and p.id <= $2::int and (p.user_id is null or p.visibility = 'public') and not (p.created_by_user_id is not null and p.user_id is null and p.rating_count < 2)
    order by p.id
