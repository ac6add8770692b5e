#!/usr/bin/env bash
# A PostgreSQL server for the store's tests (Tests/AlmanacStoreTests) and CI:
# a throwaway cluster in $ALMANAC_PG_DIR (default /tmp/almanac-pg), owned by
# the `postgres` user, listening on 127.0.0.1 only, port $ALMANAC_PG_PORT
# (default 54329), with a role and a database `almanac` (password `almanac`,
# SCRAM over TCP). It installs nothing: PostgreSQL 15's binaries must be in
# /usr/lib/postgresql/15/bin (Debian's `postgresql` package; .ci/run installs it).
#
#   Tools/store/postgres.sh start   # initdb when needed, start when stopped, print the URL
#   Tools/store/postgres.sh url     # print the URL
#   Tools/store/postgres.sh stop    # stop the server (the cluster stays for the next start)
#
#   export ALMANAC_POSTGRES_URL=$(Tools/store/postgres.sh start)
#   swift test --filter AlmanacStoreTests
#
# Run it as root (it switches to `postgres` for initdb and pg_ctl) or as `postgres`.
# Every step is idempotent: `start` twice starts once.
set -euo pipefail

BIN=${ALMANAC_PG_BIN:-/usr/lib/postgresql/15/bin}
DIR=${ALMANAC_PG_DIR:-/tmp/almanac-pg}
PORT=${ALMANAC_PG_PORT:-54329}
DATA="$DIR/data"
URL="postgres://almanac:almanac@127.0.0.1:$PORT/almanac"

as_postgres() {
    if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

psql_admin() {
    as_postgres "$BIN/psql" -X -q -h "$DIR" -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 "$@"
}

start() {
    [ -x "$BIN/initdb" ] || { echo "no PostgreSQL in $BIN (apt-get install postgresql)" >&2; exit 1; }
    if [ ! -d "$DIR" ]; then
        mkdir -p "$DIR"
    fi
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$DIR"; fi
    chmod 0700 "$DIR"
    if [ ! -f "$DATA/PG_VERSION" ]; then
        as_postgres "$BIN/initdb" -D "$DATA" -U postgres -E UTF8 --locale=C.UTF-8 \
            --auth-local=peer --auth-host=scram-sha-256 >"$DIR/initdb.log" 2>&1 \
            || { cat "$DIR/initdb.log" >&2; exit 1; }
    fi
    if ! as_postgres "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
        # Loopback only; the socket in $DIR (not /var/run/postgresql, which may be missing).
        as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$DIR/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c max_connections=200 -c fsync=off" \
            start >/dev/null || { tail -n 20 "$DIR/server.log" >&2; exit 1; }
    fi
    psql_admin <<'SQL'
SELECT 'CREATE ROLE almanac LOGIN PASSWORD ''almanac'''
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'almanac') \gexec
SELECT 'CREATE DATABASE almanac OWNER almanac'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'almanac') \gexec
SQL
    echo "$URL"
}

stop() {
    if [ -f "$DATA/PG_VERSION" ] && as_postgres "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
        as_postgres "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
    fi
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    url) echo "$URL" ;;
    *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
