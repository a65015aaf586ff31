#!/bin/sh
# Usage: scripts/static-libraries.sh DIRECTORY
# Fills DIRECTORY with links to the static archives of the C and C++ libraries the release
# binary links (SQLite, libcrypto, ncursesw, tinfo, libstdc++). The release build puts
# DIRECTORY first on the linker's search path, so `-lsqlite3` finds the archive before the
# shared library: a start then loads and relocates only libc and libm (see
# docs/decisions/0004-start-up-and-linking.md). The debug build keeps the shared libraries.
set -e
directory=$1
compiler=$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")/clang
[ -x "$compiler" ] || compiler=cc
mkdir -p "$directory"
for archive in libsqlite3.a libcrypto.a libncursesw.a libtinfo.a libstdc++.a; do
    path=$("$compiler" -print-file-name="$archive")
    if [ ! -f "$path" ]; then
        echo "static-libraries.sh: $archive not found (the -dev packages ship it)" >&2
        exit 1
    fi
    ln -sf "$path" "$directory/$archive"
done
