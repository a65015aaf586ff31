#!/usr/bin/env bash
# Records the SHA-256 of every file in a resources directory (Resources/ unless given) in
# its MANIFEST.sha256, which Tern checks a shipped file against before building anything
# from it. `make build`, `make debug` and `make install` run it, so the manifest records
# the files as they were built or installed; `sha256sum -c MANIFEST.sha256` checks by hand.
set -euo pipefail
dir=${1:-Resources}
cd "$dir"
new=$(mktemp)
find . -type f ! -name MANIFEST.sha256 -printf '%P\n' | LC_ALL=C sort | xargs -d '\n' sha256sum > "$new"
chmod 644 "$new"
mv "$new" MANIFEST.sha256
