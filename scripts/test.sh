#!/usr/bin/env bash
# Runs every test: the scenarios through `gesture-demo test`, the unit
# tests, then the end-to-end tests that launch the real app under weston
# (headless backend, pixman renderer) with touches injected into the
# compositor by tools/weston-inject, and last the release build's link.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh --test
tools/weston-inject/build.sh .build/weston-inject.so
swift build --build-tests
# The scenarios as a suite runs them in CI: parallel workers, JUnit and the
# HTML report in .build/scenarios/ (before swift test, whose closing line
# counts every test).
"$(swift build --show-bin-path)/gesture-demo" test Tests/Scenarios \
    --junit .build/scenarios/junit.xml --report .build/scenarios/report
GESTURE_E2E=1 swift test --skip-build
# The app as scripts/run.sh builds it. Only the release build links
# cairo, its libraries and the Swift runtime in (tools/linking), and
# nothing above builds it: check what it loads, and that it plays the
# scenarios to the same results and pixels.
swift build -c release --product gesture-demo
tools/linking/check.sh .build/release/gesture-demo
.build/release/gesture-demo test Tests/Scenarios
