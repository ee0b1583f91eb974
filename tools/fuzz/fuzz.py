#!/usr/bin/env python3
"""Mutation fuzzing of the app's file inputs: scripts played headless,
scripts compared under every preset, and the test runner's reports merged
or read for durations. Each case is a small random change to a real input
(the scenarios in Tests/Scenarios, or a report of them); the app must end
it with exit 0, 1 or 2 and no fatal error, within a time limit. Anything
else is a finding: its input is kept, and this exits 1.

Not a test (it is random and as long as asked); see tools/fuzz/README.md.
"""

import argparse
import collections
import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCENARIOS = os.path.join(ROOT, "Tests", "Scenarios")
MODES = ("script", "compare", "merge", "durations")

# Values that have broken parsers elsewhere: limits, non-numbers, quotes
# left open, non-ASCII, very long tokens.
ODD_TOKENS = ["-1", "0", "-0", "1e308", "-1e308", "1e-320", "nan", "inf", "-inf", "99999999999999999999",
              "2147483648", "-9223372036854775809", "0x10", "1.5.5", ".", '""', '"\\', "@", '@"x', "\t",
              "\u00e9", "\U0001F600", "9" * 400]
ODD_JSON = ["null", "true", "-1", "1e400", '"x"', "[]", "{}", '"\\u0000"', '"\\ud800"', "0.0000001",
            "99999999999999999999999", '""', '"../../etc"', '"/"', '"a\\nb"']


def mutate_script(text, pool, rng):
    """One to two edits of a script: lines dropped, borrowed, swapped,
    cut short; tokens replaced, dropped or added; a byte flipped."""
    lines = text.splitlines() or [""]
    for _ in range(rng.randint(1, 2)):
        i = rng.randrange(len(lines))
        tokens = lines[i].split(" ")
        op = rng.randrange(9)
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, rng.choice(pool))
        elif op == 2:
            tokens[rng.randrange(len(tokens))] = rng.choice(ODD_TOKENS)
            lines[i] = " ".join(tokens)
        elif op == 3 and len(tokens) > 1:
            del tokens[rng.randrange(len(tokens))]
            lines[i] = " ".join(tokens)
        elif op == 4:
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        elif op == 5:
            lines[i] += " " + rng.choice(ODD_TOKENS)
        elif op == 6:
            verb = rng.choice(pool).split(" ")[0]
            lines.insert(i, " ".join([verb] + [rng.choice(ODD_TOKENS) for _ in range(rng.randint(0, 4))]))
        elif op == 7:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 8 and lines[i]:
            raw = bytearray(lines[i].encode("utf-8"))
            raw[rng.randrange(len(raw))] = rng.randrange(256)
            lines[i] = raw.decode("latin-1")
    return "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")


def mutate_report(text, rng):
    """One to three edits of a results.jsonl: records dropped, cut short,
    duplicated; a field's value replaced or the field removed; a byte
    flipped; a stray value as a record."""
    lines = text.splitlines() or [""]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        op = rng.randrange(7)
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        elif op in (2, 3):
            try:
                record = json.loads(lines[i])
                key = rng.choice(list(record))
                if op == 2:
                    record[key] = json.loads(rng.choice(ODD_JSON))
                else:
                    del record[key]
                lines[i] = json.dumps(record)
            except (ValueError, TypeError, IndexError, AttributeError):
                lines[i] += "}"
        elif op == 4 and lines[i]:
            raw = bytearray(lines[i].encode("utf-8"))
            raw[rng.randrange(len(raw))] = rng.randrange(256)
            lines[i] = raw.decode("latin-1")
        elif op == 5:
            lines.insert(i, rng.choice(ODD_JSON))
        else:
            lines.append(lines[i])
    return "\n".join(lines) + "\n"


def write(path, text):
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)


def run_case(binary, args, timeout):
    """Exit status (or 'hang'), and whether the run is a finding."""
    try:
        done = subprocess.run([binary] + args, capture_output=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return "hang", True
    fatal = b"Fatal error" in done.stderr or b"fatal error" in done.stderr
    return done.returncode, done.returncode not in (0, 1, 2) or fatal


def worker(job):
    """Fuzzes for `seconds` with its own seed and scratch folder; returns
    (mode, status) counts and the findings' kept paths."""
    binary, seconds, seed, modes, keep, report, timeout = job
    rng = random.Random(seed)
    seeds = []
    for name in sorted(os.listdir(SCENARIOS)):
        if name.endswith(".gds"):
            with open(os.path.join(SCENARIOS, name), encoding="utf-8") as f:
                seeds.append(f.read())
    pool = [line for text in seeds for line in text.splitlines() if line.strip() and not line.startswith("#")]
    with open(os.path.join(report, "results.jsonl"), encoding="utf-8") as f:
        report_text = f.read()
    counts, findings = collections.Counter(), []
    scratch = tempfile.mkdtemp(prefix="gesture-demo-fuzz-")
    start, n = time.monotonic(), 0
    try:
        while time.monotonic() - start < seconds:
            n += 1
            mode = rng.choice(modes)
            if mode in ("script", "compare"):
                text = mutate_script(rng.choice(seeds), pool, rng)
                case = os.path.join(scratch, "case.gds")
                write(case, text)
                out = os.path.join(scratch, "out")
                # compare's report folder is its own: one that holds a
                # headless run's output is refused as someone's files.
                args = (["--headless", "--script", case, "--out", out, "--time-limit", "20"] if mode == "script"
                        else ["compare", case, "--time-limit", "20", "--report", out + "-compare"])
            else:
                text = mutate_report(report_text, rng)
                folder = os.path.join(scratch, "report")
                shutil.rmtree(folder, ignore_errors=True)
                shutil.copytree(report, folder)
                write(os.path.join(folder, "results.jsonl"), text)
                args = (["test", "--merge", folder, "--report", os.path.join(scratch, "merged"),
                         "--junit", os.path.join(scratch, "junit.xml")] if mode == "merge"
                        else ["test", "--durations", os.path.join(folder, "results.jsonl"), "--shard", "1/2",
                              "--list", SCENARIOS])
            status, finding = run_case(binary, args, timeout)
            counts[(mode, status)] += 1
            if finding:
                kept = os.path.join(keep, "%s-%d-%d.%s" % (mode, seed, n, "gds" if mode in ("script", "compare")
                                                          else "jsonl"))
                write(kept, text)
                how = ("killed by signal %d" % -status if isinstance(status, int) and status < 0
                       else "hung" if status == "hang" else "exit %s with a fatal error" % status)
                findings.append("%s: %s (%s)" % (kept, how, mode))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return counts, findings


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "gesture-demo"))
    parser.add_argument("--seconds", type=float, default=300, help="how long each job fuzzes (default 300)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel jobs (default: the cores)")
    parser.add_argument("--seed", type=int, default=1, help="first job's seed; the others follow (default 1)")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated, of: " + ", ".join(MODES))
    parser.add_argument("--keep", default=os.path.join(ROOT, ".build", "fuzz"), help="folder for findings")
    parser.add_argument("--timeout", type=float, default=60, help="seconds before a case counts as hung")
    a = parser.parse_args()
    modes = [m for m in a.modes.split(",") if m]
    if not modes or any(m not in MODES for m in modes):
        parser.error("--modes takes a comma-separated list of: " + ", ".join(MODES))
    if a.seconds <= 0 or a.jobs < 1 or a.timeout <= 0:
        parser.error("--seconds and --timeout must be positive, --jobs at least 1")
    if not os.access(a.binary, os.X_OK):
        sys.exit("fuzz: no gesture-demo at %s (build it: swift build -c release)" % a.binary)
    os.makedirs(a.keep, exist_ok=True)
    # A real report to mutate: the scenarios played once.
    report = tempfile.mkdtemp(prefix="gesture-demo-fuzz-report-")
    try:
        done = subprocess.run([a.binary, "test", SCENARIOS, "--report", os.path.join(report, "r")],
                              capture_output=True, cwd=ROOT)
        if done.returncode != 0:
            sys.exit("fuzz: the scenarios do not pass as they are (exit %d), so their report is no seed:\n%s"
                     % (done.returncode, done.stdout.decode(errors="replace")[-2000:]))
        jobs = [(a.binary, a.seconds, a.seed + i, modes, a.keep, os.path.join(report, "r"), a.timeout)
                for i in range(a.jobs)]
        if a.jobs == 1:
            results = [worker(jobs[0])]
        else:
            # Fresh interpreters, not forks: a forked worker was once found
            # waiting forever on a lock, the whole run stuck with it.
            with multiprocessing.get_context("spawn").Pool(a.jobs) as workers:
                results = workers.map(worker, jobs)
    finally:
        shutil.rmtree(report, ignore_errors=True)
    counts = collections.Counter()
    findings = []
    for c, f in results:
        counts.update(c)
        findings += f
    for mode in modes:
        statuses = {s: n for (m, s), n in sorted(counts.items(), key=str) if m == mode}
        print("%-9s %6d cases, by exit: %s" % (mode, sum(statuses.values()),
                                               ", ".join("%s: %d" % kv for kv in statuses.items())))
    for line in findings:
        print("FINDING " + line)
    print("%d findings" % len(findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
