#!/usr/bin/env bash
# Installs what is missing, builds, and runs the app: a window on the
# running Wayland desktop, or, with no compositor, the built-in tour
# headless (it prints where the snapshots went). Arguments are passed to
# gesture-demo (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh
swift build -c release --product gesture-demo >&2
exec .build/release/gesture-demo "$@"
