#!/usr/bin/env bash
# Regenerates docs/screenshots/*.png (the README's pictures) by playing
# docs/screenshots.gds headless.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh
swift build --product gesture-demo >&2
out=$(mktemp -d)  # fresh, so only this run's snapshots are copied
trap 'rm -rf "$out"' EXIT
.build/debug/gesture-demo --headless --script docs/screenshots.gds --out "$out"
mkdir -p docs/screenshots
cp "$out"/*.png docs/screenshots/
ls docs/screenshots
