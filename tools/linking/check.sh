#!/usr/bin/env bash
# Checks that a release build of gesture-demo loads only the shared
# libraries the release link leaves shared (README.md here says why each
# other one is linked in). A search path that finds a shared libcairo
# first, or a dropped -static-stdlib, still links and runs; only this
# list shows it. Exits 1 naming each library that should not be there.
#
#   tools/linking/check.sh .build/release/gesture-demo
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: tools/linking/check.sh BINARY" >&2
    exit 2
fi
binary=$1
if [ ! -f "$binary" ]; then
    echo "check.sh: no file at $binary (build it: swift build -c release --product gesture-demo)" >&2
    exit 2
fi

# The compositor's protocol and cursor libraries, the keymap compiler,
# and the C runtime.
allowed=(libwayland-client.so.0 libwayland-cursor.so.0 libxkbcommon.so.0
         libc.so.6 libm.so.6 libgcc_s.so.1 ld-linux-x86-64.so.2)

if ! dynamic=$(readelf -d "$binary" 2>&1); then
    echo "check.sh: readelf cannot read $binary: $dynamic" >&2
    exit 2
fi
needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' <<<"$dynamic")
if [ -z "$needed" ]; then
    echo "check.sh: $binary names no shared library at all: not the dynamically linked app this checks" >&2
    exit 2
fi

unexpected=()
while read -r library; do
    [[ " ${allowed[*]} " == *" $library "* ]] || unexpected+=("$library")
done <<<"$needed"

if [ ${#unexpected[@]} -gt 0 ]; then
    echo "check.sh: $binary loads ${unexpected[*]} as shared libraries;" \
         "the release link should carry them (tools/linking/README.md)" >&2
    exit 1
fi
echo "check.sh: $binary loads $(wc -l <<<"$needed") shared libraries, all expected"
