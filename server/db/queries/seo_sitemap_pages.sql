-- seo_sitemap_pages: written by npm run db:queries from the statement's declaration; do not edit.
select g.page from generate_series(1, (select (coalesce(max(id), 0) + $1::int - 1) / $2::int
      from "players")) as g(page)
    where exists (select 1 from "players" p
      where p.id > (g.page - 1) * $3::int and p.id <= g.page * $4::int and (p.user_id is null or p.visibility = 'public') and not (p.created_by_user_id is not null and p.user_id is null and p.rating_count < 2))
    order by g.page
