#!/bin/sh
# Renders the app icon's PNG sizes from its hand-drawn SVG, into the
# hicolor layout that scripts/install.sh copies as is. The PNGs are
# committed (installing needs no SVG renderer); run this after editing the
# SVG, and commit both. PackagingTests holds the PNGs to the SVG.
#
# Needs rsvg-convert (Debian: apt-get install librsvg2-bin).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
svg="$here/hicolor/scalable/apps/org.gesturedemo.GestureDemo.svg"
command -v rsvg-convert >/dev/null 2>&1 ||
    { echo "render.sh: rsvg-convert not found (Debian/Ubuntu: apt-get install librsvg2-bin)" >&2; exit 1; }
for size in 16 24 32 48 64 128 256 512; do
    dir="$here/hicolor/${size}x${size}/apps"
    mkdir -p "$dir"
    rsvg-convert --width "$size" --height "$size" --format png "$svg" --output "$dir/org.gesturedemo.GestureDemo.png"
done
