#!/usr/bin/env bash
# The project's benchmarks: figures, never tests, from release builds.
#
#   scripts/bench.sh [live|in-process|scenarios|all] [live options]
#
#   live        the app against weston-simple-touch (the floor) and GTK 4's
#               gestures demo under headless weston, the same touch script
#               replayed into each, interleaved over rounds: latency, CPU per
#               touch event (the whole script and each part: taps, pinch,
#               drag), peak RSS, start-up (tools/bench/README.md)
#   in-process  the toolkit alone (Benchmarks/): touch events per second and
#               heap allocations per event through the Gestures page, the
#               same moves paced as live (one frame every 8 ms), those
#               frames drawn at 1024x768 as live, the live benchmark's
#               pinch drawn every 25 ms as weston paces it, a full
#               1920x1080 frame, a label's new text, a label's numbers
#               changing; figures per event
#   scenarios   how long each scripted scenario takes to play headless
#   all         the three, in this order (the default)
#
# Live options go to tools/bench/live.py: --rounds N (default 3), --starts N
# (10 more launches for start-up), --json FILE, --keep DIR, --clients
# app,simple-touch,gtk, ... (--help lists them).
# Installs what it needs with apt-get, as scripts/setup.sh does; a peer
# that cannot be installed is reported and skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"

mode=all
case "${1:-}" in
    live|in-process|scenarios|all) mode=$1; shift ;;
    -h|--help) sed -n '2,/^[^#]/p' "$0" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
    -*|"") ;;
    *) echo "bench.sh: unknown mode '$1' (live, in-process, scenarios or all; --help)" >&2; exit 2 ;;
esac
if [ "$mode" != live ] && [ "$mode" != all ] && [ $# -gt 0 ]; then
    echo "bench.sh: options ($*) are for the live benchmark only" >&2
    exit 2
fi

setup() {
    # GTK's demo is a peer, not a requirement: without it the live
    # benchmark says it is skipped.
    if ! scripts/setup.sh --bench >/dev/null; then
        echo "bench.sh: setup with gtk-4-examples failed; going on without it (GTK's gestures demo will be skipped)" >&2
        scripts/setup.sh --test >/dev/null
    fi
}

build_app() {
    echo "bench.sh: building gesture-demo (release)" >&2
    swift build -c release --product gesture-demo >&2
    # The release link carries cairo, its libraries and the Swift runtime
    # (tools/linking); a search path that finds the shared ones first
    # undoes that silently.
    if ! tools/linking/check.sh .build/release/gesture-demo >/dev/null; then
        echo "bench.sh: warning: the app's memory and start-up figures will not compare with the README's" >&2
    fi
}

live() {
    tools/weston-inject/build.sh .build/weston-inject.so >/dev/null
    echo "== Live, against peers (headless weston) ==" >&2
    python3 tools/bench/live.py --app .build/release/gesture-demo "$@"
}

in_process() {
    echo "== In process (Benchmarks/, release) ==" >&2
    # Figures marked '*' are per touch event (the benchmarks' scaling
    # factor); the plugin's --scale flag would print them per iteration
    # of a thousand events instead.
    (cd Benchmarks && swift package benchmark)
}

scenarios() {
    echo "== Scenarios, headless ==" >&2
    local f name start end virtual status
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    printf '%-28s %10s %10s\n' scenario real_s virtual_s
    for f in Tests/Scenarios/*.gds; do
        name=$(basename "$f" .gds)
        start=$(date +%s.%N)
        status=0
        .build/release/gesture-demo --headless --script "$f" --out "$scratch/$name" >/dev/null 2>&1 || status=$?
        end=$(date +%s.%N)
        virtual=$(python3 -c "import json,sys; print(max((json.loads(l).get('t',0) for l in open(sys.argv[1])), default=0))" \
            "$scratch/$name/log.jsonl" 2>/dev/null) || virtual="?"
        printf '%-28s %10.3f %10s' "$name.gds" "$(python3 -c "print($end - $start)")" "$virtual"
        [ "$status" -eq 0 ] && echo || echo "  (exit $status)"
    done
}

setup
case "$mode" in
    live) build_app; live "$@" ;;
    in-process) in_process ;;
    scenarios) build_app; scenarios ;;
    all) build_app; live "$@"; echo; in_process; echo; scenarios ;;
esac
