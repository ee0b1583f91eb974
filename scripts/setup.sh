#!/usr/bin/env bash
# Installs the system packages the build needs (only those missing), then
# generates the Wayland protocol glue. Usage: scripts/setup.sh [--test]
# (--test adds what the end-to-end tests need: weston and libweston, and
# chromium for the test runner's HTML report).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libwayland-dev wayland-protocols libcairo2-dev libxkbcommon-dev pkg-config fonts-dejavu-core)
if [ "${1:-}" = "--test" ]; then
    packages+=(weston libweston-10-dev libpng-dev)
    # The test runner's HTML report is opened in a real browser engine.
    packages+=(chromium)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
        echo "setup: add /opt/swift/usr/bin to PATH" >&2
    else
        echo "setup: no Swift toolchain found (need Swift 6)" >&2
    fi
    exit 1
fi

protocols/generate.sh
