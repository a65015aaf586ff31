#!/bin/sh
# Usage: scripts/prepare-catalog-image.sh TERN_BINARY RESOURCES_DIRECTORY
# Prepares the shipped catalog's image beside it (RESOURCES/places/catalog.bin): a new data
# directory without imports then reads it in place instead of building the search index on
# its first search. The image is keyed by the catalog files' paths, sizes, times and inodes, so it is
# made where the resources will be read; a stale one is simply not used.
set -e
binary=$1
resources=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A throwaway data directory, offline, signed out: only the catalog is touched.
env -u TERN_SESSION -u TERN_STORE -u KAKAO_REST_API_KEY TERN_DATA_DIR="$work" TERN_RESOURCES="$resources" \
    "$binary" places search "" --offline --limit 1 >/dev/null
# No image written: the one already prepared fits these sources and was read in place.
[ -f "$work/places/cache/catalog.bin" ] || exit 0
cp "$work/places/cache/catalog.bin" "$resources/places/catalog.bin.tmp"
chmod 0644 "$resources/places/catalog.bin.tmp"
mv "$resources/places/catalog.bin.tmp" "$resources/places/catalog.bin"
