#!/bin/sh
# Generates the C glue for the Wayland protocols in protocols.list into
# Sources/CWaylandProtocols/generated/, which is committed (see README.md
# here for why): run this after changing protocols.list and commit the
# result. `generate.sh --check` writes nothing and fails, naming the files,
# when the committed glue differs from what this system's wayland-scanner
# makes of its protocol XML (the test suite runs it).
#
# Usage: protocols/generate.sh [--check] [OUTPUT_DIR]
#
# For each protocol: <name>-client-protocol.h (types, listeners, inline
# request wrappers) and <name>-protocol.inc (interface tables). The tables
# are .inc rather than .c so that SwiftPM does not compile them on its own;
# Sources/CWaylandProtocols/protocols.c includes them exactly once.
#
# Idempotent: a file is only replaced when its content changes, so running
# it again does not make SwiftPM recompile anything.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
list="$here/protocols.list"
check=false
if [ "${1:-}" = "--check" ]; then
    check=true
    shift
fi
out="${1:-$here/../Sources/CWaylandProtocols/generated}"

fail() {
    printf 'generate.sh: %s\n' "$*" >&2
    exit 1
}

command -v wayland-scanner >/dev/null 2>&1 ||
    fail "wayland-scanner not found (Debian/Ubuntu: apt-get install libwayland-dev)"
command -v pkg-config >/dev/null 2>&1 ||
    fail "pkg-config not found (Debian/Ubuntu: apt-get install pkg-config)"
datadir=$(pkg-config --variable=pkgdatadir wayland-protocols 2>/dev/null) && [ -n "$datadir" ] ||
    fail "wayland-protocols not found by pkg-config (Debian/Ubuntu: apt-get install wayland-protocols)"

$check || mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
: >"$scratch/expected"
: >"$scratch/differing"

# Scanner output lands in a scratch file and replaces the target only if it
# differs: an untouched mtime keeps SwiftPM's build incremental.
emit() { # mode xml target
    wayland-scanner "$1" "$2" "$scratch/$3" ||
        fail "wayland-scanner $1 failed for $2"
    printf '%s\n' "$3" >>"$scratch/expected"
    cmp -s "$scratch/$3" "$out/$3" && return 0
    if $check; then
        printf '%s\n' "$3" >>"$scratch/differing"
    else
        mv "$scratch/$3" "$out/$3"
        printf 'generate.sh: wrote %s\n' "$3"
    fi
}

while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in ''|'#'*) continue ;; esac
    case "$line" in
        ./*) xml="$here/${line#./}" ;;
        *) xml="$datadir/$line" ;;
    esac
    [ -f "$xml" ] || fail "protocols.list names $line, but $xml does not exist"
    name=$(basename "$line" .xml)
    emit client-header "$xml" "$name-client-protocol.h"
    emit private-code "$xml" "$name-protocol.inc"
done <"$list"

# A protocol dropped from the list must not linger in the build.
for file in "$out"/*; do
    [ -e "$file" ] || continue
    base=$(basename "$file")
    grep -qxF "$base" "$scratch/expected" && continue
    if $check; then
        printf '%s (not in protocols.list)\n' "$base" >>"$scratch/differing"
    else
        rm -f "$file"
        printf 'generate.sh: removed stale %s\n' "$base"
    fi
done

if $check && [ -s "$scratch/differing" ]; then
    printf 'generate.sh: the committed glue differs from wayland-scanner %s on %s: %s; run protocols/generate.sh and commit\n' \
        "$(wayland-scanner --version 2>&1 | sed 's/^wayland-scanner //')" "$datadir" \
        "$(tr '\n' ' ' <"$scratch/differing" | sed 's/ $//')" >&2
    exit 1
fi
