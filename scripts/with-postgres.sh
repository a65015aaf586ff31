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

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

"${as_owner[@]}" "$bin/initdb" -D "$data" -U tern_admin --locale=C --encoding=UTF8 --no-sync \
    --auth=trust >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
cat >"$data/pg_hba.conf" <<EOF
local all tern_admin trust
host  all tern_admin 127.0.0.1/32 trust
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
set +e
"$@"
status=$?
set -e
exit "$status"
