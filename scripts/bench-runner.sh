#!/usr/bin/env bash
# Prints how fast `gesture-demo test` runs a suite (release build), against
# the same scripts played one after another, each by its own
# `gesture-demo --headless --script` (what a shell loop would do). Figures,
# not a test: rounds are interleaved (loop, runner, runner --jobs 1, runner
# --report, ...) and each figure is the median of its rounds.
#   speedup            loop time / runner time (--jobs = cores)
#   overhead/script    (runner --jobs 1 - loop) / scripts: what the runner adds
#   report adds        (runner --report - runner) / runner
# Usage: scripts/bench-runner.sh [ROUNDS] [PATH...]   (default 9 Tests/Scenarios)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh >/dev/null
swift build -c release --product gesture-demo >&2
rounds=${1:-9}
shift || true
[ $# -gt 0 ] || set -- Tests/Scenarios
python3 - "$rounds" "$@" <<'PY'
import os, resource, statistics, subprocess, sys, tempfile, time, shutil
rounds, paths = int(sys.argv[1]), sys.argv[2:]
app = ".build/release/gesture-demo"
# The scripts the runner itself finds in these paths, so the loop plays
# exactly the runner's suite.
listed = subprocess.run([app, "test", "--list", *paths], capture_output=True, text=True)
if listed.returncode != 0:
    sys.exit(listed.stderr.strip() or f"{app} test --list exited {listed.returncode}")
scripts = listed.stdout.splitlines()
cores = os.cpu_count()
work = tempfile.mkdtemp(prefix="bench-runner-")
quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def timed(run):
    """Wall seconds, and CPU seconds of every process it started."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime

def loop():
    for i, s in enumerate(scripts):
        subprocess.run([app, "--headless", "--script", s, "--out", f"{work}/loop-{i}"], **quiet)

def runner(*extra):
    def run():
        subprocess.run([app, "test", *paths, *extra], **quiet)
    return run

# The same report folder every round, as a developer reruns it: the runner
# empties it itself.
kinds = {"loop": loop, "runner": runner(), "runner --jobs 1": runner("--jobs", "1"),
         "runner --report": runner("--report", f"{work}/report")}
times = {k: [] for k in kinds}
cpu = {k: [] for k in kinds}
for k, run in kinds.items():  # warm the page cache
    run()
for _ in range(rounds):
    for k, run in kinds.items():
        wall, used = timed(run)
        times[k].append(wall)
        cpu[k].append(used)
med = {k: statistics.median(v) for k, v in times.items()}
medcpu = {k: statistics.median(v) for k, v in cpu.items()}
shutil.rmtree(work, ignore_errors=True)
n = len(scripts)
load = os.getloadavg()[0]
print(f"suite: {' '.join(paths)} ({n} scripts), {cores} cores, {rounds} rounds, load average {load:.2f}; medians")
print(f"  {'':<18} {'wall ms':>9} {'(min':>7} {'max)':>7} {'CPU ms':>9}")
for k in kinds:
    print(f"  {k:<18} {med[k]*1000:9.1f} {min(times[k])*1000:7.1f} {max(times[k])*1000:7.1f} {medcpu[k]*1000:9.1f}")
print(f"speedup over the loop:     {med['loop']/med['runner']:.2f}x   (goal >= 1.6x)")
print(f"runner overhead per script: {(med['runner --jobs 1']-med['loop'])/n*1000:.1f} ms wall, "
      f"{(medcpu['runner']-medcpu['loop'])/n*1000:.1f} ms CPU   (goal < 50 ms)")
print(f"the report adds:           {(med['runner --report']-med['runner'])/med['runner']*100:.1f} % wall, "
      f"{(medcpu['runner --report']-medcpu['runner'])/medcpu['runner']*100:.1f} % CPU   (goal < 10 %)")
PY
