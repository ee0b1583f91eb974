#!/usr/bin/env python3
"""Live benchmark: the app and its peers under headless weston, same input.

Each run starts a fresh headless weston 10 (pixman, kiosk-shell, 1024x768)
with the weston-inject module, launches one client, waits for its first
frame, lets it settle, then replays the touch script (workload.py) in real
time and reads what the module timed (tools/weston-inject/timing.c) and
what /proc says about the client. Clients run interleaved, A B C A B C.
Definitions of every figure: tools/bench/README.md. Usually run through
scripts/bench.sh live.
"""

import argparse
import datetime
import itertools
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import time

# The modules beside this one are run, not installed: no __pycache__ in the tree.
sys.dont_write_bytecode = True

import figures  # noqa: E402 (after the line above on purpose)
import procstat  # noqa: E402
import workload  # noqa: E402
from session import BenchError, WestonSession, monotonic_ns  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# How long weston may take to answer its first ping.
WESTON_START_S = 10.0
# A frame sent this much after its slot counts as late (the machine was busy).
LATE_FRAME_S = 0.004
# With the compositor pacing the script: how far ahead of its first frame
# the replay is started, and how long before each part's first frame the
# client's CPU is sampled (one frame interval is 8 ms).
REPLAY_LEAD_NS = 50_000_000
PART_SAMPLE_LEAD_NS = 2_000_000
# After the last frame: long enough for a client's last frame to be drawn,
# committed and repainted (several refresh periods).
TAIL_S = 0.3


class Client:
    """One benchmarked program: how to start it and where to aim the script."""

    def __init__(self, name, role, argv, env=None, package=None):
        self.name = name
        self.role = role  # "app", "floor" or "gtk"
        self.argv = argv
        self.env = env or {}
        self.package = package
        self.centre = None  # where the script is aimed, set by aim()


def which(path_or_name):
    if not path_or_name:
        return None
    if os.sep in path_or_name:
        return path_or_name if os.access(path_or_name, os.X_OK) else None
    return shutil.which(path_or_name)


def app_pinch_centre(app, width, height):
    """The centre of the app's pinch-and-rotate area on the Gestures page at
    width x height, from its own --dump-tree (window coordinates, which are
    output coordinates: kiosk-shell makes the window the whole output)."""
    try:
        done = subprocess.run([app, "--dump-tree", "--size", f"{width}x{height}", "--page", "gestures"],
                              capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BenchError(f"the app's --dump-tree did not run: {e}")
    if done.returncode != 0:
        raise BenchError(f"the app's --dump-tree exited {done.returncode}: {done.stderr.strip()[-300:]}")

    def find(view):
        if view.get("name") == "pinchArea":
            return view["frame"]
        for child in view.get("subviews", []):
            found = find(child)
            if found:
                return found
        return None
    frame = find(json.loads(done.stdout))
    if not frame:
        raise BenchError("the app's Gestures page has no view named pinchArea")
    x, y, w, h = frame
    return (x + w / 2, y + h / 2)


def clients_from(args):
    """The selected clients in run order, and those skipped with why."""
    app = Client("gesture-demo", "app", [args.app, "--page", "gestures"])
    floor = Client("weston-simple-touch", "floor", [which(args.simple_touch) or args.simple_touch],
                   package="weston")
    gtk = Client("gtk4-demo gestures", "gtk", [which(args.gtk_demo) or args.gtk_demo, "--run=gestures"],
                 env={"GSK_RENDERER": "cairo", "GDK_BACKEND": "wayland"}, package="gtk-4-examples")
    chosen, skipped = [], {}
    by_key = {"app": app, "simple-touch": floor, "gtk": gtk}
    for key in args.clients.split(","):
        if key not in by_key:
            raise BenchError(f"unknown client '{key}' (choose from {', '.join(by_key)})")
        client = by_key[key]
        if client.role == "app":
            if not which(args.app):
                raise BenchError(f"no app binary at {args.app} (build it: swift build -c release)")
        elif not which(client.argv[0]):
            skipped[client.name] = f"{client.argv[0]} not found (Debian package {client.package})"
            continue
        chosen.append(client)
    return chosen, skipped


def aim(clients, width, height):
    for client in clients:
        if client.role == "app":
            client.centre = app_pinch_centre(client.argv[0], width, height)
        else:
            # weston-simple-touch's fixed 600x500 window is centred by
            # kiosk-shell and draws every touch; GTK's demo fills the
            # output and answers pinches anywhere in it.
            client.centre = (width / 2, height / 2)


def play(session, frames, before_frame=None):
    """Sends one touch frame per FRAME_INTERVAL on an absolute schedule;
    returns how many frames went out late. before_frame, if given, is
    called with each frame's index just before the frame goes out."""
    start = time.monotonic()
    late = 0
    for i, frame in enumerate(frames):
        slot = start + i * workload.FRAME_INTERVAL
        delay = slot - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        elif -delay > LATE_FRAME_S:
            late += 1
        if before_frame:
            before_frame(i)
        session.send(frame)
    return late


def replay(session, frames, before_part=None, part_starts=()):
    """Queues the touch frames in weston-inject and lets the compositor run
    them on its own clock, one every FRAME_INTERVAL, while the driver
    sleeps (input from a device reaches a compositor with no other process
    waking for each event). before_part, if given, is called with the index
    of each frame in part_starts shortly before that frame is due. Returns
    the replay's start (CLOCK_MONOTONIC ns)."""
    session.send([f"replay-add {'; '.join(frame)}" for frame in frames], timeout=30)
    interval = round(workload.FRAME_INTERVAL * 1e9)
    start = monotonic_ns() + REPLAY_LEAD_NS
    session.send([f"replay-start {start} {interval}"])
    for i in part_starts:
        delay = (start + i * interval - PART_SAMPLE_LEAD_NS - monotonic_ns()) / 1e9
        if delay > 0:
            time.sleep(delay)
        if before_part:
            before_part(i)
    session.send(["replay-wait"], timeout=len(frames) * workload.FRAME_INTERVAL + 10)
    return start


def late_replayed_frames(record, frames, start):
    """How many frames the compositor ran over LATE_FRAME_S after their slot,
    from the time stamps of their first events (every frame has one)."""
    times = [e["event"] for e in record["events"]]
    interval = round(workload.FRAME_INTERVAL * 1e9)
    late, index = 0, 0
    for i, frame in enumerate(frames):
        if index < len(times) and times[index] - (start + i * interval) > LATE_FRAME_S * 1e9:
            late += 1
        index += workload.event_count([frame])
    return late


def check_record(record, client, pid, events_sent):
    """The harness's own checks: every injected event reached the client
    and the times are ordered. A failure here is a harness or aiming
    problem, never a slow client."""
    if record["overflow"]:
        raise BenchError("the timing record overflowed")
    mine = [e for e in record["events"] if e["pid"] == pid]
    if len(mine) != events_sent or len(record["events"]) != events_sent:
        elsewhere = len(record["events"]) - len(mine)
        raise BenchError(f"{client.name}: {len(mine)} of {events_sent} injected events reached it "
                         f"({elsewhere} hit no surface of it): is its window where the script aims?")
    previous = 0
    for e in mine:
        if e["event"] < previous or (e["commit"] is not None and e["commit"] < e["event"]) \
                or (e["repaint"] is not None and (e["commit"] is None or e["repaint"] < e["commit"])):
            raise BenchError(f"timing record out of order at {e}")
        previous = e["event"]


def warm_up(client, args):
    """Starts the client once, unmeasured, so that the first round does not
    pay for reading its libraries from disk."""
    start_once(client, args)


def start_once(client, args):
    """One start of client alone, in a fresh weston: how long from spawning
    it to its first buffer commit and to the repaint that shows it (ms).
    The rounds time their starts too; these add to them."""
    session = WestonSession(args.weston, args.module, args.width, args.height, WESTON_START_S)
    try:
        session.send(["timing-start"])
        launched = session.launch(client.argv, client.env)
        record = session.wait_first_frame(client.name, args.timeout)
        mine = next(c for c in record["clients"] if c["pid"] == session.client.pid)
        return {"first_commit_ms": (mine["first_commit"] - launched) / 1e6,
                "first_repaint_ms": (mine["first_repaint"] - launched) / 1e6}
    finally:
        session.stop()


def run_once(client, args, parts, keep):
    """One round of client: parts is the script in its parts, as
    workload.touch_parts gives it."""
    frames = workload.frames_of(parts)
    events_sent = workload.event_count(frames)
    session = WestonSession(args.weston, args.module, args.width, args.height, WESTON_START_S, keep=keep)
    try:
        session.send(["capabilities touch,keyboard", "timing-start"])
        launched = session.launch(client.argv, client.env)
        pid = session.client.pid
        session.wait_first_frame(client.name, args.timeout)
        time.sleep(args.settle)
        if args.shots:
            session.send([f"screenshot {os.path.abspath(args.shots)}/{keep_name(client, args.round)}-mapped.png"])
        session.check_client_alive(client.name)

        # The client's CPU is also sampled as each part of the script
        # starts, so that it can be told apart per part.
        part_starts = list(itertools.accumulate(len(part) for _, part in parts[:-1]))
        part_samples = {}

        def before_frame(i):
            if i in part_starts:
                part_samples[i] = procstat.CpuSample(pid)

        cpu_before = procstat.CpuSample(pid)
        weston_before = procstat.CpuSample(session.weston.pid)
        first_event = monotonic_ns()
        if args.pacing == "compositor":
            replay_start = replay(session, frames, before_frame, part_starts)
        else:
            late = play(session, frames, before_frame)
        time.sleep(TAIL_S)
        session.check_client_alive(client.name)
        cpu_after = procstat.CpuSample(pid)
        cpu = procstat.cpu_between(cpu_before, cpu_after)
        bounds = [cpu_before] + [part_samples[first] for first in part_starts] + [cpu_after]
        cpu_parts = [{"part": name, "events": workload.event_count(part),
                      "cpu_ns": procstat.cpu_between(bounds[i], bounds[i + 1])["ns"]}
                     for i, (name, part) in enumerate(parts)]
        weston_cpu = procstat.cpu_between(weston_before, procstat.CpuSample(session.weston.pid))
        rss = procstat.peak_rss_kib(pid)
        record = session.dump()
        session.send(["timing-stop"])
        if args.pacing == "compositor":
            late = late_replayed_frames(record, frames, replay_start)
        if args.shots:
            session.send([f"screenshot {os.path.abspath(args.shots)}/{keep_name(client, args.round)}-end.png"])

        check_record(record, client, pid, events_sent)
        run = figures.run_figures(record, pid, launched, first_event, events_sent)
        run.update(cpu_ns=cpu["ns"], cpu_runs=cpu["runs"], cpu_stat_ns=cpu["stat_ns"], cpu_source=cpu["source"],
                   threads=cpu["threads"], threads_ended=cpu["threads_ended"],
                   cpu_parts=cpu_parts, compositor_cpu_ns=weston_cpu["ns"], peak_rss_kib=rss,
                   late_frames=late)
        return run
    finally:
        session.stop()


def keep_name(client, round_number):
    return f"round{round_number}-{client.name.split()[0]}"


def machine():
    def read(path):
        try:
            with open(path) as f:
                return f.read().strip()
        except OSError:
            return None

    def version(argv):
        try:
            return subprocess.run(argv, capture_output=True, text=True, timeout=10).stdout.strip() or None
        except (OSError, subprocess.TimeoutExpired):
            return None
    model = next((line.split(":", 1)[1].strip() for line in (read("/proc/cpuinfo") or "").splitlines()
                  if line.startswith("model name")), None)
    return {
        "cores": os.cpu_count(),
        "cpu": model,
        "kernel": platform.release(),
        "debian": read("/etc/debian_version"),
        "weston": version(["weston", "--version"]),
        "gtk4": version(["dpkg-query", "-W", "-f=${Version}", "libgtk-4-1"]),
    }


def load():
    with open("/proc/loadavg") as f:
        return [float(v) for v in f.read().split()[:3]]


def parse_args(argv):
    p = argparse.ArgumentParser(description="Live benchmark of the app against weston-simple-touch and "
                                            "GTK 4's gestures demo under headless weston (tools/bench/README.md).")
    p.add_argument("--rounds", type=int, default=3, help="rounds of A B C (default 3)")
    p.add_argument("--starts", type=int, default=10,
                   help="starts of each client on their own after the rounds, interleaved, for the start-up "
                        "figures with the rounds' own (default 10)")
    p.add_argument("--clients", default="app,simple-touch,gtk",
                   help="comma-separated, in run order: app, simple-touch, gtk (default all three)")
    p.add_argument("--workload", choices=sorted(workload.SIZES), default="full",
                   help="full: 616 events (default); short: the harness self-test's")
    p.add_argument("--app", default=os.path.join(ROOT, ".build/release/gesture-demo"))
    p.add_argument("--simple-touch", default="weston-simple-touch")
    p.add_argument("--gtk-demo", default="gtk4-demo")
    p.add_argument("--weston", default="weston")
    p.add_argument("--module", default=os.path.join(ROOT, ".build/weston-inject.so"))
    p.add_argument("--size", default="1024x768", help="output size WIDTHxHEIGHT (default 1024x768)")
    p.add_argument("--timeout", type=float, default=10.0,
                   help="seconds to wait for a client's first frame (default 10)")
    p.add_argument("--settle", type=float, default=1.0,
                   help="seconds between a client's first frame and the workload (default 1)")
    p.add_argument("--pacing", choices=["compositor", "driver"], default="compositor",
                   help="compositor: the script is queued in weston-inject and run on the compositor's clock "
                        "while the driver sleeps (default); driver: this process sends each frame as it is due")
    p.add_argument("--json", help="write the figures and every run's data here")
    p.add_argument("--keep", help="keep each run's logs and timing record in this folder")
    p.add_argument("--shots", help="screenshots after mapping and after the workload, in this folder "
                                   "(outside the measured window)")
    args = p.parse_args(argv)
    try:
        args.width, args.height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        p.error(f"--size expects WIDTHxHEIGHT, got '{args.size}'")
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    if args.starts < 0:
        p.error("--starts must not be negative")
    # weston reads a relative module path inside its own module folder.
    args.module = os.path.abspath(args.module)
    if not os.path.isfile(args.module):
        p.error(f"no weston-inject module at {args.module} (build it: tools/weston-inject/build.sh)")
    if not which(args.weston):
        p.error(f"no weston at '{args.weston}' (Debian package weston)")
    return args


def main(argv):
    # Clients must run as users run them: a signal mask inherited from
    # whatever started the benchmark (test runners' worker threads block
    # SIGTERM) would pass on to weston and every client.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    args = parse_args(argv)
    try:
        clients, skipped = clients_from(args)
        for name, why in skipped.items():
            print(f"bench: {name} skipped: {why}", file=sys.stderr)
        if not clients:
            raise BenchError("no client to benchmark")
        aim(clients, args.width, args.height)
        for folder in (args.keep, args.shots):
            if folder:
                os.makedirs(folder, exist_ok=True)

        # The same for every client: where a script is aimed does not
        # change how many events it holds.
        events = workload.event_count(workload.touch_frames(args.workload, (0, 0)))
        started = datetime.datetime.now(datetime.timezone.utc)
        load_before = load()
        runs = {c.name: [] for c in clients}
        for client in clients:
            print(f"bench: warming up: {client.name}", file=sys.stderr)
            warm_up(client, args)
        for round_number in range(1, args.rounds + 1):
            args.round = round_number
            for client in clients:
                parts = workload.touch_parts(args.workload, client.centre)
                keep = os.path.join(args.keep, keep_name(client, round_number)) if args.keep else None
                print(f"bench: round {round_number}/{args.rounds}: {client.name}", file=sys.stderr)
                runs[client.name].append(run_once(client, args, parts, keep))
        starts = {c.name: [] for c in clients}
        for start_number in range(1, args.starts + 1):
            for client in clients:
                print(f"bench: start {start_number}/{args.starts}: {client.name}", file=sys.stderr)
                starts[client.name].append(start_once(client, args))
    except BenchError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1

    names = [c.name for c in clients]
    summaries = {name: figures.summarise(runs[name], starts[name]) for name in names}
    role = {c.role: c.name for c in clients}
    for name in names:
        summaries[name]["ratios"] = figures.ratios(summaries[name], summaries.get(role.get("floor")),
                                                   summaries.get(role.get("gtk")))
        summaries[name]["part_ratios"] = figures.part_ratios(summaries[name], summaries.get(role.get("floor")),
                                                             summaries.get(role.get("gtk")))
    info = machine()
    late = {name: sum(r["late_frames"] for r in runs[name]) for name in names}
    print(f"Live benchmark, {started:%Y-%m-%d %H:%M} UTC: {info['cores']} cores ({info['cpu']}), "
          f"Debian {info['debian']}, {info['weston']}, GTK {info['gtk4']}; "
          f"load {load_before[0]:.2f} before, {load()[0]:.2f} after; "
          f"{args.workload} workload ({events} events), {args.rounds} rounds and {args.starts} more starts, "
          f"{args.width}x{args.height}, paced by the {args.pacing}")
    print()
    print(figures.figure_table(names, summaries))
    for against, title in (("floor", "weston-simple-touch"), ("gtk", "GTK")):
        if role.get(against):
            print(f"\nAs a ratio to {title}:\n")
            print(figures.ratio_table(names, summaries, against))
    print("\nCPU per touch event by part of the script (the client's CPU time sampled as each part's first "
          "frame goes out; the ratio is to the floor's in the same part):\n")
    print(figures.part_table(names, summaries, "floor" if role.get("floor") else None))
    print("\nDetails (every event's wait; CPU of each round; the compositor's CPU):\n")
    print(figures.detail_table(names, summaries))
    if any(late.values()):
        print(f"\nbench: frames sent over {LATE_FRAME_S * 1000:.0f} ms late (busy machine): {late}")
    for name, why in skipped.items():
        print(f"\n{name} skipped: {why}")

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"date": started.isoformat(timespec="seconds"), "machine": info,
                       "load_before": load_before, "load_after": load(),
                       "settings": {"workload": args.workload, "events": events, "pacing": args.pacing,
                                    "frame_interval_s": workload.FRAME_INTERVAL, "rounds": args.rounds,
                                    "starts": args.starts,
                                    "size": [args.width, args.height], "settle_s": args.settle,
                                    "tail_s": TAIL_S, "order": names},
                       "skipped": skipped, "late_frames": late,
                       "clients": {name: {"summary": summaries[name], "runs": runs[name], "starts": starts[name]}
                                   for name in names}},
                      f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
