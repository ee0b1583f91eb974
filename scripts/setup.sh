#!/usr/bin/env bash
# Installs the system packages the build needs (only those missing).
# Usage: scripts/setup.sh [--test|--bench] (--test adds what the end-to-end
# and packaging tests need: weston, libweston, the desktop-file and
# AppStream validators, and chromium for the test runner's HTML report;
# --bench adds to those GTK 4's demos, a peer of the live benchmark). The
# Wayland protocol glue is committed; the tests check it against this
# system's wayland-scanner (protocols/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libwayland-dev wayland-protocols libcairo2-dev libxkbcommon-dev pkg-config fonts-dejavu-core)
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--bench" ]; then
    packages+=(weston libweston-10-dev libpng-dev)
    # readelf, for the release link's check (tools/linking/check.sh).
    packages+=(binutils)
    # The benchmark and the fuzzing tool (tools/bench, tools/fuzz) are Python.
    packages+=(python3)
    # What the packaging tests check an install with (Tests/PackagingTests).
    packages+=(desktop-file-utils appstream librsvg2-bin groff-base zsh fish)
    # The test runner's HTML report is opened in a real browser engine.
    packages+=(chromium)
fi
if [ "${1:-}" = "--bench" ]; then
    packages+=(gtk-4-examples)
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
