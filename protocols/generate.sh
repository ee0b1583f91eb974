#!/bin/sh
# Generates the C glue for the Wayland protocols in protocols.list into
# Sources/CWaylandProtocols/generated/ (not committed: it is derived from
# the XML the system's wayland-protocols package ships).
#
# For each protocol: <name>-client-protocol.h (types, listeners, inline
# request wrappers) and <name>-protocol.inc (interface tables). The tables
# are .inc rather than .c so that SwiftPM does not compile them on its own;
# Sources/CWaylandProtocols/protocols.c includes them exactly once.
#
# Idempotent: a file is only replaced when its content changes, so running
# this before every build does not make SwiftPM recompile anything.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
list="$here/protocols.list"
out="$here/../Sources/CWaylandProtocols/generated"

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

mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Scanner output lands in a scratch file and replaces the target only if it
# differs: an untouched mtime keeps SwiftPM's build incremental.
emit() { # mode xml target
    wayland-scanner "$1" "$2" "$scratch/$3" ||
        fail "wayland-scanner $1 failed for $2"
    if ! cmp -s "$scratch/$3" "$out/$3"; then
        mv "$scratch/$3" "$out/$3"
        printf 'generate.sh: wrote %s\n' "$3"
    fi
    printf '%s\n' "$3" >>"$scratch/expected"
}

: >"$scratch/expected"
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
    if ! grep -qxF "$base" "$scratch/expected"; then
        rm -f "$file"
        printf 'generate.sh: removed stale %s\n' "$base"
    fi
done
