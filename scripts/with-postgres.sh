#!/usr/bin/env bash
# Runs CMD… with a throwaway PostgreSQL cluster, then stops and removes it:
#   scripts/with-postgres.sh swift test --skip-build
# The cluster lives in a new temporary directory, listens on a Unix socket there and on a
# free loopback port, and is owned by a non-root user (initdb refuses root; as root the
# script creates a `tern-test` system user). The command sees
#   TERN_TEST_POSTGRES      postgresql URL of database tern_test over the Unix socket
#   TERN_TEST_POSTGRES_TCP  the same over 127.0.0.1
# as the superuser tern_admin (trusted locally). The guest role tern_guest is trusted too,
# as docs/server.md tells administrators to configure it (its password is public and any role
# may change its own, so a password must not be what lets the guest in); every other role
# logs in with a SCRAM-SHA-256 password. Failed sign-ins are slowed by the auth_delay
# module (TERN_PG_AUTH_DELAY milliseconds, 200 unless set), as docs/server.md recommends.
# For speed the cluster does not fsync, unless TERN_PG_DURABLE=1 (the benchmark sets it,
# so that it compares durable commits with durable commits). The script exits with the
# command's status and leaves no process behind, even when the command fails or is
# interrupted.
# With TERN_PG_POOLER=1 it also starts pgbouncer in transaction pooling mode on a free
# loopback port (any role of the cluster signs in through it with its own password, which
# pgbouncer looks up in pg_shadow) and exports
#   TERN_TEST_PGBOUNCER     postgresql URL of tern_test through pgbouncer, without a user;
# with TERN_PG_STANDBY=1 a hot standby of the cluster (pg_basebackup -R, streaming
# replication) on another free loopback port, and exports
#   TERN_TEST_STANDBY       postgresql URL of tern_test on the standby, without a user.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 CMD [ARG…]" >&2; exit 2; }

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "$0: PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    owner=tern-test
    id "$owner" >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$owner"
    as_owner=(runuser -u "$owner" --)
else
    owner=$(id -un)
    as_owner=()
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/tern-pg.XXXXXX")
chmod 755 "$dir"
chown "$owner" "$dir"
data="$dir/data"
started=0

cleanup() {
    local status=$?
    if [ -f "$dir/pgbouncer.pid" ]; then
        kill -TERM "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
        for _ in $(seq 50); do [ -f "$dir/pgbouncer.pid" ] || break; sleep 0.1; done
    fi
    if [ -f "$dir/standby/postmaster.pid" ]; then
        "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/standby" -m immediate -w -t 20 stop >/dev/null 2>&1 || true
        pid=$(head -1 "$dir/standby/postmaster.pid" 2>/dev/null || true)
        [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
    fi
    if [ "$started" -eq 1 ]; then
        "${as_owner[@]}" "$bin/pg_ctl" -D "$data" -m immediate -w -t 20 stop >/dev/null 2>&1 || true
        if [ -f "$data/postmaster.pid" ]; then
            pid=$(head -1 "$data/postmaster.pid")
            [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    rm -rf "$dir"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)

"${as_owner[@]}" "$bin/initdb" -D "$data" -U tern_admin --locale=C --encoding=UTF8 --no-sync \
    --auth=trust >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
cat >"$data/pg_hba.conf" <<EOF
local all tern_admin trust
host  all tern_admin 127.0.0.1/32 trust
local replication tern_admin trust
host  replication tern_admin 127.0.0.1/32 trust
local all tern_guest trust
host  all tern_guest 127.0.0.1/32 trust
local all all scram-sha-256
host  all all 127.0.0.1/32 scram-sha-256
EOF
fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[ "${TERN_PG_DURABLE:-0}" = 1 ] && fast=""
delay=""
if [ -f "$(dirname "$bin")/lib/auth_delay.so" ]; then
    delay="-c shared_preload_libraries=auth_delay -c auth_delay.milliseconds=${TERN_PG_AUTH_DELAY:-200}"
fi
started=1
"${as_owner[@]}" "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 30 \
    -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c max_connections=300 $fast $delay" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
"$bin/createdb" -h "$dir" -p "$port" -U tern_admin tern_test

export TERN_TEST_POSTGRES="postgresql://tern_admin@/tern_test?host=$dir&port=$port"
export TERN_TEST_POSTGRES_TCP="postgresql://tern_admin@127.0.0.1:$port/tern_test"

if [ "${TERN_PG_STANDBY:-0}" = 1 ]; then
    sport=$(free_port)
    "${as_owner[@]}" "$bin/pg_basebackup" -h "$dir" -p "$port" -U tern_admin -D "$dir/standby" -R -X stream \
        >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/standby" -l "$dir/standby.log" -w -t 60 \
        -o "-k $dir -p $sport -c listen_addresses=127.0.0.1 -c max_connections=300 -c hot_standby=on $fast $delay" \
        start >/dev/null || { cat "$dir/standby.log" >&2; exit 1; }
    export TERN_TEST_STANDBY="postgresql://127.0.0.1:$sport/tern_test"
fi

if [ "${TERN_PG_POOLER:-0}" = 1 ]; then
    pgbouncer=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
    [ -x "$pgbouncer" ] || { echo "$0: pgbouncer not found (apt-get install pgbouncer)" >&2; exit 1; }
    bport=$(free_port)
    printf '"tern_admin" ""\n' >"$dir/userlist.txt"
    cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=127.0.0.1 port=$port
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $bport
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $dir/userlist.txt
auth_user = tern_admin
auth_query = SELECT usename, passwd FROM pg_shadow WHERE usename = \$1
pool_mode = transaction
default_pool_size = 4
max_client_conn = 4000
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
    chown "$owner" "$dir/userlist.txt" "$dir/pgbouncer.ini"
    "${as_owner[@]}" "$pgbouncer" -d -q "$dir/pgbouncer.ini" || { cat "$dir/pgbouncer.log" >&2; exit 1; }
    for _ in $(seq 100); do
        python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1)' "$bport" \
            2>/dev/null && break
        sleep 0.1
    done
    export TERN_TEST_PGBOUNCER="postgresql://127.0.0.1:$bport/tern_test"
fi
set +e
"$@"
status=$?
set -e
exit "$status"
