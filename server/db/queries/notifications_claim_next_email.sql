-- notifications_claim_next_email: written by npm run db:queries from the statement's declaration; do not edit.
with next as (
      select id from notifications where email_status = 'pending' order by id limit 1 for update skip locked
    )
    update notifications n
    set email_status = case
        when not u.email_verified
          or exists (select 1 from email_opt_outs o where o.user_id = n.user_id and o.kind = n.kind)
        then 'skipped' else 'sending' end
    from next, users u
    where n.id = next.id and u.id = n.user_id
    returning n.id, n.user_id, n.kind, n.title, n.body, n.link, n.email_status, u.email, u.first_name
