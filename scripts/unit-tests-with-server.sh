#!/usr/bin/env bash
# Runs `swift test --skip-build` (with any extra arguments) and fails, with a loud SKIPPED
# line, when the suites that need PostgreSQL did not run: TERN_TEST_POSTGRES is not set, or
# a test reported itself skipped for want of it (or of pgbouncer or the standby). `make test` runs it inside
# scripts/with-postgres.sh, so a missing server can never pass as a green run. The output
# goes through scripts/test-summary.py: one line per suite, every failure and skip in full.
set -uo pipefail
swift=${SWIFT:-swift}
if [ -z "${TERN_TEST_POSTGRES:-}" ]; then
    echo "SKIPPED: the PostgreSQL suites (TERN_TEST_POSTGRES is not set; run under scripts/with-postgres.sh)" >&2
    exit 1
fi
log=$(mktemp -d "${TMPDIR:-/tmp}/tern-unit.XXXXXX")
trap 'rm -rf "$log"' EXIT
here=$(dirname "$0")
"$swift" test --skip-build --xunit-output "$log/results.xml" "$@" 2>&1 | tee "$log/output" |
    python3 "$here/test-summary.py" "$log/results-swift-testing.xml"
status=${PIPESTATUS[0]}
if grep -qE "skipped: .*needs (PostgreSQL|pgbouncer|a hot standby)" "$log/output"; then
    echo "SKIPPED: $(grep -cE "skipped: .*needs (PostgreSQL|pgbouncer|a hot standby)" "$log/output") tests that need PostgreSQL, pgbouncer or a standby did not run; failing" >&2
    exit 1
fi
exit "$status"
