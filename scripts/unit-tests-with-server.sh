#!/usr/bin/env bash
# Runs `swift test --skip-build` (with any extra arguments) and fails, with a loud SKIPPED
# line, when the suites that need PostgreSQL did not run: TERN_TEST_POSTGRES is not set, or
# a test reported itself skipped for want of it. `make test` runs it inside
# scripts/with-postgres.sh, so a missing server can never pass as a green run.
set -uo pipefail
swift=${SWIFT:-swift}
if [ -z "${TERN_TEST_POSTGRES:-}" ]; then
    echo "SKIPPED: the PostgreSQL suites (TERN_TEST_POSTGRES is not set; run under scripts/with-postgres.sh)" >&2
    exit 1
fi
log=$(mktemp "${TMPDIR:-/tmp}/tern-unit.XXXXXX")
trap 'rm -f "$log"' EXIT
"$swift" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if grep -q "skipped: .*needs PostgreSQL" "$log"; then
    echo "SKIPPED: $(grep -c "skipped: .*needs PostgreSQL" "$log") tests that need PostgreSQL did not run; failing" >&2
    exit 1
fi
exit "$status"
