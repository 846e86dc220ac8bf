-- cluster_notify: written by npm run db:queries from the statement's declaration; do not edit.
select pg_notify($1, $2)
