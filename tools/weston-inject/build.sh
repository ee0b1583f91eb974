#!/bin/sh
# Builds the weston-inject module for the installed weston 10.
# Usage: tools/weston-inject/build.sh [OUTPUT]   (default: .build/weston-inject.so
# relative to the package root)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-"$root/.build/weston-inject.so"}

if ! pkg-config --exists libweston-10 libpng xkbcommon; then
	echo "build.sh: libweston-10, libpng or xkbcommon not found by pkg-config (apt-get install libweston-10-dev libpng-dev libxkbcommon-dev)" >&2
	exit 1
fi

protocols=$(pkg-config --variable=pkgdatadir wayland-protocols 2>/dev/null) || protocols=
gestures_xml="$protocols/unstable/pointer-gestures/pointer-gestures-unstable-v1.xml"
if ! command -v wayland-scanner >/dev/null 2>&1 || [ ! -f "$gestures_xml" ]; then
	echo "build.sh: wayland-scanner or wayland-protocols missing (apt-get install libwayland-dev wayland-protocols)" >&2
	exit 1
fi

# The module serves zwp_pointer_gestures_v1 itself (weston 10 does not);
# its server glue is generated next to the compile, never committed.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
wayland-scanner server-header "$gestures_xml" "$scratch/pointer-gestures-unstable-v1-server-protocol.h"
wayland-scanner private-code "$gestures_xml" "$scratch/pointer-gestures-unstable-v1-protocol.c"

mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2046  # pkg-config output must word-split
# Hidden visibility: only wet_module_init (WL_EXPORT) is seen by weston, so
# the module's own names cannot clash with the compositor's.
cc -shared -fPIC -O2 -g -std=gnu11 -Wall -Wextra -Werror=implicit-function-declaration \
	-fvisibility=hidden -I "$here" -I "$scratch" -o "$out" \
	"$here/inject.c" "$here/control.c" "$here/input.c" "$here/pointer-gestures.c" \
	"$here/screenshot.c" "$here/timing.c" "$here/output.c" "$here/replay.c" "$scratch/pointer-gestures-unstable-v1-protocol.c" \
	$(pkg-config --cflags --libs libweston-10 wayland-server libpng xkbcommon) -lm
echo "$out"
