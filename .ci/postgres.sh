#!/usr/bin/env bash
# Installs (from Debian packages) and starts a PostgreSQL server on 127.0.0.1:5432 for the
# durable-store tests, creates the role and database `hustings`, and prints the URL to give
# the tests as HUSTINGS_TEST_POSTGRES_URL:
#
#   export HUSTINGS_TEST_POSTGRES_URL="$(bash .ci/postgres.sh)"
#
# Run as root. Idempotent: running it again reuses the installed server, its cluster and the
# database. Everything but the URL goes to stderr.
set -euo pipefail

PGUSER_NAME=hustings
PGPASS=hustings
PGDB=hustings
PGPORT=5432

log() { echo "postgres.sh: $*" >&2; }

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    log "installing postgresql from Debian packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
fi

PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PGVER=$(basename "$(dirname "$PGBIN")")

if command -v pg_lsclusters >/dev/null 2>&1; then
    # Debian's wrapper: use (or create) the cluster of the installed version.
    if ! pg_lsclusters -h | awk '{print $1, $2}' | grep -q "^$PGVER main$"; then
        log "creating cluster $PGVER/main"
        pg_createcluster "$PGVER" main -p "$PGPORT" >&2
    fi
    if ! pg_lsclusters -h | awk '$1=="'"$PGVER"'" && $2=="main" {print $4}' | grep -q online; then
        log "starting cluster $PGVER/main"
        pg_ctlcluster "$PGVER" main start -- -o "-c listen_addresses=127.0.0.1 -p $PGPORT" >&2 \
            || pg_ctlcluster "$PGVER" main start >&2
    fi
    PORT=$(pg_lsclusters -h | awk '$1=="'"$PGVER"'" && $2=="main" {print $3}')
else
    # No wrapper: a private data directory run with initdb + pg_ctl as the postgres user.
    DATA=/var/lib/postgresql/hustings-ci
    if [ ! -s "$DATA/PG_VERSION" ]; then
        log "initdb in $DATA"
        install -d -o postgres -g postgres "$DATA"
        su postgres -c "$PGBIN/initdb -D $DATA -A trust" >&2
    fi
    if ! su postgres -c "$PGBIN/pg_ctl -D $DATA status" >/dev/null 2>&1; then
        install -d -o postgres -g postgres /var/run/postgresql
        su postgres -c "$PGBIN/pg_ctl -D $DATA -l $DATA/server.log -w start -o '-c listen_addresses=127.0.0.1 -p $PGPORT'" >&2
    fi
    PORT=$PGPORT
fi

# Wait until it answers.
for _ in $(seq 1 60); do
    if su postgres -c "psql -p $PORT -h /var/run/postgresql -tAc 'select 1'" >/dev/null 2>&1; then
        break
    fi
    sleep 0.5
done

psql_admin() { su postgres -c "psql -v ON_ERROR_STOP=1 -p $PORT -h /var/run/postgresql -tAc \"$1\""; }

if [ "$(psql_admin "select 1 from pg_roles where rolname='$PGUSER_NAME'")" != "1" ]; then
    log "creating role $PGUSER_NAME"
    psql_admin "create role $PGUSER_NAME login password '$PGPASS' createdb" >&2
fi
if [ "$(psql_admin "select 1 from pg_database where datname='$PGDB'")" != "1" ]; then
    log "creating database $PGDB"
    psql_admin "create database $PGDB owner $PGUSER_NAME" >&2
fi

echo "postgres://$PGUSER_NAME:$PGPASS@127.0.0.1:$PORT/$PGDB"
