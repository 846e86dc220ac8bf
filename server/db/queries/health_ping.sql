-- health_ping: written by npm run db:queries from the statement's declaration; do not edit.
select 1
