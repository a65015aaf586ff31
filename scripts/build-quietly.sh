#!/usr/bin/env bash
# Runs `swift build ARG…` and prints only what a person needs: warnings and errors with the
# lines that explain them, and the closing line, instead of one progress line per file. The
# exit status is the build's.
set -uo pipefail
swift=${SWIFT:-swift}
"$swift" build "$@" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\] |^(Building for |Planning build|Compiling plugin|Write swift-version)'
exit "${PIPESTATUS[0]}"
