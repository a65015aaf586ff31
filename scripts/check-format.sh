#!/usr/bin/env bash
# Checks that the Swift sources are as `swift format` (configured by .swift-format) leaves them
# and that no line is longer than 120 characters, naming each file and line that is not.
# `swift format -i FILE` fixes the first; a long string is split with `+` or a multi-line literal.
set -uo pipefail
swift=${SWIFT:-swift}
cd "$(dirname "$0")/.."
status=0
"$swift" format lint --strict --recursive --parallel Sources Tests 2>&1 || status=1
python3 - Sources Tests <<'PY' || status=1
import pathlib, sys
long = [f"{path}:{number}: {len(line)} characters (at most 120)"
        for root in sys.argv[1:] for path in sorted(pathlib.Path(root).rglob("*.swift"))
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if len(line) > 120]
print("\n".join(long), end="\n" if long else "")
sys.exit(1 if long else 0)
PY
[ $status -eq 0 ] || echo "format check failed: run swift format -i on the files above and split lines over 120 characters" >&2
exit $status
