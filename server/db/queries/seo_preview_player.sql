-- seo_preview_player: written by npm run db:queries from the statement's declaration; do not edit.
select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
        p.is_verified as "isVerified", p.user_id is not null as "isLinked", p.visibility,
        s.skill, s.computed_at as "computedAt"
      from "players" p left join "player_skill" s on s.player_id = p.id
      where p.id = $1::int
