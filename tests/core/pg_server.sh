#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A throwaway PostgreSQL server for the store tests (CTest fixture "pg").
#   pg_server.sh start STATE_DIR   initdb + start on 127.0.0.1, a free port;
#                                  writes STATE_DIR/url and STATE_DIR/dir
#   pg_server.sh stop STATE_DIR    stops it and removes its data directory
# The server refuses to run as root: as root it runs as the Debian
# "postgres" user, with a data directory under a mktemp dir that user owns.
set -euo pipefail
cmd=${1:?start or stop}
state=${2:?state dir}
bin=${WB_PG_BIN:-/usr/lib/postgresql/15/bin}

as_server() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

stop() {
    if [ -f "$state/dir" ]; then
        local dir
        dir=$(cat "$state/dir")
        if [ -d "$dir/data" ]; then
            as_server "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
        fi
        case "$dir" in /tmp/wb-pg.*) rm -rf -- "$dir" ;; esac
    fi
    rm -f "$state/dir" "$state/url"
}

case "$cmd" in
stop)
    stop
    echo "pg_server: stopped"
    ;;
start)
    mkdir -p "$state"
    stop # a server left over by an interrupted run
    if [ ! -x "$bin/initdb" ]; then
        echo "pg_server: $bin/initdb not found; install postgresql-15 (packaging/install-deps.sh)" >&2
        exit 1
    fi
    dir=$(mktemp -d /tmp/wb-pg.XXXXXX)
    echo "$dir" >"$state/dir"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$dir"
    fi
    # C locale: text sorts by bytes, as in SQLite. Durability is not needed
    # for a throwaway server.
    as_server "$bin/initdb" -D "$dir/data" -A trust -U wb -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    # Every role logs in without a password except members of wb_pw, which
    # test the password paths (~/.pgpass, a prompt): first matching line wins.
    hba="$dir/data/pg_hba.conf"
    { echo "host all +wb_pw 127.0.0.1/32 scram-sha-256"; cat "$hba"; } >"$hba.new"
    cat "$hba.new" >"$hba" && rm -f "$hba.new"
    for attempt in 1 2 3 4 5 6 7 8; do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        if ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
            continue
        fi
        if as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
            -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
            start >/dev/null; then
            as_server "$bin/psql" -q -h "$dir" -p "$port" -U wb -d postgres \
                -c "CREATE ROLE wb_pw NOLOGIN" >/dev/null
            echo "postgresql://wb@127.0.0.1:$port/" >"$state/url"
            echo "pg_server: running on 127.0.0.1:$port, data in $dir"
            exit 0
        fi
        echo "pg_server: port $port failed (attempt $attempt)" >&2
    done
    cat "$dir/server.log" >&2 || true
    exit 1
    ;;
*)
    echo "usage: pg_server.sh start|stop STATE_DIR" >&2
    exit 2
    ;;
esac
