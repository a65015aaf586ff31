#!/usr/bin/env bash
# Before `make test` installs PostgreSQL, tells Debian's packaging not to create (and start)
# the default "main" cluster: the tests bring their own throwaway cluster
# (scripts/with-postgres.sh), and a system server left running would outlive them.
# Does nothing when PostgreSQL is already installed or when not root.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || exit 0
if dpkg-query -W -f='${Status}' postgresql 2>/dev/null | grep -q "install ok installed"; then exit 0; fi
mkdir -p /etc/postgresql-common/createcluster.d
echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.d/tern-tests.conf
