-- player_page_comments: written by npm run db:queries from the statement's declaration; do not edit.
select r.id, r.overall_rating as rating, r.strengths_improvements as comment,
        r.is_anonymous as "isAnonymous", r.listed_at as "createdAt",
        u.first_name as "raterFirstName", u.last_name as "raterLastName"
      from "ratings" r
      left join "users" u on u.id = r.rater_user_id
      where r.player_id = $1::int and r.listed_at is not null and r.is_held = false
        and btrim(coalesce(r.strengths_improvements, '')) <> ''
      order by r.listed_at desc, r.id desc
      limit $2::int + 1
