#!/bin/sh
# The primary's first start (the postgres image runs /docker-entrypoint-initdb.d/ once, on an empty volume): the
# application role owns its database (PostgreSQL 15 lets no other role create in `public`), a replication role
# for the replica with its pg_hba.conf line, and the pool's statement timeout on the role (PgBouncer 1.18 drops it
# from the start-up parameters). docs/deployment.md "The last mile" does the same by hand.
set -eu
app_password=$(cat /run/secrets/db_password)
replication_password=$(cat /run/secrets/replication_password)
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v app_password="$app_password" -v replication_password="$replication_password" <<'SQL'
CREATE ROLE domae LOGIN PASSWORD :'app_password';
ALTER ROLE domae SET statement_timeout = '30s';
CREATE ROLE replicator LOGIN REPLICATION PASSWORD :'replication_password';
CREATE DATABASE domae OWNER domae TEMPLATE template0 LOCALE 'C.UTF-8' ENCODING 'UTF8';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
