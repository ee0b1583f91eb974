#!/usr/bin/env bash
# Runs every test: unit tests, then the end-to-end tests that launch the
# real app under weston (headless backend, pixman renderer) with touches
# injected into the compositor by tools/weston-inject.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh --test
tools/weston-inject/build.sh .build/weston-inject.so
swift build --build-tests
GESTURE_E2E=1 swift test --skip-build
