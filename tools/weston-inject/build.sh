#!/bin/sh
# Builds the weston-inject module for the installed weston 10.
# Usage: tools/weston-inject/build.sh [OUTPUT]   (default: .build/weston-inject.so
# relative to the package root)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-"$root/.build/weston-inject.so"}

if ! pkg-config --exists libweston-10 libpng; then
	echo "build.sh: libweston-10 or libpng not found by pkg-config (apt-get install libweston-10-dev libpng-dev)" >&2
	exit 1
fi

mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2046  # pkg-config output must word-split
cc -shared -fPIC -O2 -g -std=gnu11 -Wall -Wextra -Werror=implicit-function-declaration \
	-o "$out" "$here/inject.c" \
	$(pkg-config --cflags --libs libweston-10 wayland-server libpng) -lm
echo "$out"
