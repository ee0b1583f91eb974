#!/usr/bin/env python3
"""Writes gesture-demo.order: the functions the live app runs, for the linker.

Runs the release app under valgrind's callgrind in a headless weston (the
live benchmark's compositor and touch script, plus a pointer, a click and
the page keys), then lists every function of the executable that ran.
The release link of the app (Package.swift) hands the list to lld
(--symbol-ordering-file), which places those functions together at the
start of the code, so the pages the app touches are few and contiguous.
The list runs from the functions called most to those called least: the
code every touch event and every frame runs comes first and together, so
that a wake-up after the caches went cold reads it from few pages, apart
from what only start-up ran. See README.md beside this file.

    tools/linking/generate.py [--app .build/release/gesture-demo]

Needs valgrind (Debian package valgrind), weston and the weston-inject
module (tools/weston-inject/build.sh .build/weston-inject.so).
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
sys.dont_write_bytecode = True

import live  # noqa: E402 (after the path above on purpose)
import procstat  # noqa: E402
import workload  # noqa: E402
from session import BenchError, WestonSession  # noqa: E402

# Linux key codes of the page shortcuts 1, 2 and 3, and the left button.
PAGE_KEYS = (2, 3, 4)
BUTTON_LEFT = 272
# The app runs some 50 times slower under callgrind.
FIRST_FRAME_TIMEOUT = 120.0
EXIT_TIMEOUT = 120.0
IDLE_TIMEOUT = 300.0


def functions_run(callgrind_out, binary):
    """The mangled names of the functions callgrind saw run in `binary`,
    each with how many times it was called (0 when callgrind saw it run
    but no call of it: the first function of a thread)."""
    objects, functions = {}, {}
    calls = {}
    current_object = callee_object = callee = None
    definition = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")
    call_count = re.compile(r"^calls=(\d+)")
    with open(callgrind_out, errors="replace") as f:
        for line in f:
            m = definition.match(line.rstrip("\n"))
            if not m:
                counted = call_count.match(line)
                if counted and callee is not None:
                    calls[callee] = calls.get(callee, 0) + int(counted.group(1))
                    callee = None
                continue
            kind, number, name = m.groups()
            table = objects if kind.endswith("ob") else functions
            if name:
                table[number] = name
            if kind == "ob":
                current_object = callee_object = objects.get(number)
            elif kind == "cob":
                callee_object = objects.get(number)
            elif kind == "fn":
                callee_object = current_object
                callee = None
                if current_object == binary:
                    calls.setdefault(functions[number].split("'")[0], 0)
            elif kind == "cfn":
                callee = functions[number].split("'")[0] if callee_object == binary else None
                # A cob= line applies to the next cfn= only.
                callee_object = current_object
    return calls


def defined_functions(binary):
    out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    return {p[2] for p in (line.split() for line in out.splitlines()) if len(p) == 3 and p[1] in "tTwW"}


def exercise(session, centre):
    """The benchmark's touches, then what a desktop user does besides."""
    for frame in workload.touch_frames("full", centre):
        session.send(frame)
    session.send([f"pointer-motion {centre[0]:.0f} {centre[1]:.0f}", "pointer-frame",
                  f"button {BUTTON_LEFT} pressed", "pointer-frame",
                  f"button {BUTTON_LEFT} released", "pointer-frame"])
    for key in PAGE_KEYS:
        session.send([f"key {key} pressed", f"key {key} released"])


def wait_until_idle(pid):
    """Waits until the app has used no CPU for a second: it has worked
    through every event sent (they queue while it runs slowly)."""
    deadline = time.monotonic() + IDLE_TIMEOUT
    previous = None
    while time.monotonic() < deadline:
        ticks = procstat.CpuSample(pid).process_ticks
        if ticks == previous:
            return
        previous = ticks
        time.sleep(1)
    raise BenchError(f"the app was still busy after {IDLE_TIMEOUT:g} s")


def profile_run(args, binary, profile, centre):
    """Runs `binary` under callgrind in a headless weston until its first
    frame, then, given the point to aim at (`centre`), through the
    exercise; returns how many times each of its functions was called."""
    session = WestonSession("weston", args.module, 1024, 768, 10)
    try:
        session.send(["capabilities touch,keyboard,pointer", "timing-start"])
        session.launch(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                        binary, "--page", "gestures"], {})
        session.wait_first_frame("gesture-demo under callgrind", FIRST_FRAME_TIMEOUT)
        if centre is not None:
            exercise(session, centre)
        wait_until_idle(session.client.pid)
        # SIGTERM closes the window as Ctrl+Q does; callgrind then writes.
        session.client.send_signal(signal.SIGTERM)
        session.client.wait(timeout=EXIT_TIMEOUT)
    finally:
        session.stop()
    return functions_run(profile, binary)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--app", default=os.path.join(ROOT, ".build/release/gesture-demo"))
    p.add_argument("--module", default=os.path.join(ROOT, ".build/weston-inject.so"))
    p.add_argument("--out", default=os.path.join(HERE, "gesture-demo.order"))
    args = p.parse_args(argv)
    for tool in ("valgrind", "weston", "nm", "objcopy"):
        if not shutil.which(tool):
            print(f"generate.py: {tool} not found", file=sys.stderr)
            return 1
    if not os.access(args.app, os.X_OK):
        print(f"generate.py: no app at {args.app} (build it: swift build -c release)", file=sys.stderr)
        return 1

    scratch = tempfile.mkdtemp(prefix="link-order-")
    try:
        # valgrind 3.19 cannot read the DWARF 5 the toolchain writes.
        binary = os.path.join(scratch, "gesture-demo")
        subprocess.run(["objcopy", "--strip-debug", args.app, binary], check=True)
        centre = live.app_pinch_centre(args.app, 1024, 768)
        # Twice: up to the first frame only, then with the whole exercise;
        # what the second run called beyond the first is the work of
        # touches and frames.
        started = profile_run(args, binary, os.path.join(scratch, "start.out"), None)
        whole = profile_run(args, binary, os.path.join(scratch, "whole.out"), centre)
        defined = defined_functions(binary)
        ran = {name: (max(0, count - started.get(name, 0)), count)
               for name, count in whole.items() if name in defined}
    except (BenchError, subprocess.SubprocessError, OSError) as e:
        print(f"generate.py: {e}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not ran:
        print("generate.py: callgrind saw no function of the app run", file=sys.stderr)
        return 1
    with open(args.out, "w") as f:
        f.write("# Functions the live app runs, for lld's --symbol-ordering-file (Package.swift).\n"
                "# Generated by tools/linking/generate.py; see tools/linking/README.md.\n")
        # Called most by touches and frames first; then start-up's own,
        # most called first.
        f.writelines(name + "\n" for name in sorted(ran, key=lambda name: (-ran[name][0], -ran[name][1], name)))
    print(f"generate.py: {len(ran)} functions in {os.path.relpath(args.out)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
