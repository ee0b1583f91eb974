#!/usr/bin/env bash
# Prints how long each scenario takes to play headless (release build):
# real seconds against the virtual seconds it spans. Figures, not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh >/dev/null
swift build -c release --product gesture-demo >&2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-28s %10s %10s\n' scenario real_s virtual_s
for f in Tests/Scenarios/*.gds; do
    start=$(date +%s.%N)
    .build/release/gesture-demo --headless --script "$f" --out "$out/$(basename "$f" .gds)" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    virtual=$(python3 -c "import json,sys; print(max((json.loads(l).get('t',0) for l in open(sys.argv[1])), default=0))" "$out/$(basename "$f" .gds)/log.jsonl")
    printf '%-28s %10.3f %10s\n' "$(basename "$f")" "$(python3 -c "print($end - $start)")" "$virtual"
done
