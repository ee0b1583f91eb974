#!/usr/bin/env bash
# Builds the documentation of the library products GestureKit, GestureRender
# and GestureWayland (DocC, from each target's doc comments and its .docc
# catalog) and prints where the archives went. A broken link or other DocC
# warning fails the build.
#
#   scripts/docs.sh              # .build/plugins/Swift-DocC/outputs/<Target>.doccarchive
#   scripts/docs.sh --coverage   # also prints how many symbols are documented
#
# `docc preview` (or any static web server after `--transform-for-static-hosting`)
# shows the archive in a browser. GESTURE_DOCS_SWIFTPM_FLAGS adds options to
# the `swift package` call; the tests, which run inside `swift test`, pass
# --ignore-lock.
#
# Every public symbol has a doc comment. Members the compiler or the standard
# library supplies (an OptionSet's `union`, Equatable's `!=`) have no source
# to document: --enable-inherited-docs shows the standard library's text for
# them. Only the synthesized `hashValue`/`hash(into:)` of raw-value enums and
# OptionSets and OptionSet's `insert(_:)` overload have none at all, which is
# why GestureKit's members read 97%, not 100%, in the coverage summary.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

options=(--warnings-as-errors --enable-inherited-docs)
for target in GestureKit GestureRender GestureWayland; do options+=(--target "$target"); done
case "${1:-}" in
    "") ;;
    --coverage) options+=(--experimental-documentation-coverage --coverage-summary-level brief) ;;
    *) echo "docs.sh: unknown argument '$1' (usage: scripts/docs.sh [--coverage])" >&2; exit 2 ;;
esac
swift package ${GESTURE_DOCS_SWIFTPM_FLAGS:-} generate-documentation "${options[@]}"
