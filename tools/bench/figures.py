"""Figures from the runs: per-event latencies pooled over a client's rounds,
per-run costs summarised over rounds, ratios to the floor and to GTK, and
the Markdown tables the benchmark prints (and the README shows)."""

import statistics


def percentile(values, q):
    """Linearly interpolated percentile (q in 0...100) of a non-empty list."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# An event is answered by its client's first buffer commit after it only
# if that commit comes within this many milliseconds (about four headless
# repaint cycles); a later commit answers something else (a timer, the end
# of a gesture the client draws nothing for until it ends).
ANSWER_WINDOW_MS = 100.0


def run_figures(record, pid, launched_ns, first_event, events_sent):
    """Latencies (ms) and start-up times of one run, from the module's
    timing record (tools/bench/README.md defines each)."""
    def ms(later, earlier):
        return (later - earlier) / 1e6

    mine = [e for e in record["events"] if e["pid"] == pid]
    answered = [e for e in mine if e["commit"] is not None and ms(e["commit"], e["event"]) <= ANSWER_WINDOW_MS]
    # The newest event each answering commit answers (events are in order).
    newest = {}
    for e in answered:
        newest[e["commit"]] = e
    client = next(c for c in record["clients"] if c["pid"] == pid)
    return {
        "events": len(mine),
        "events_sent": events_sent,
        "events_answered": len(answered),
        "answering_commits": len(newest),
        "commit_ms": [ms(c, e["event"]) for c, e in newest.items()],
        "repaint_ms": [ms(e["repaint"], e["event"]) for e in newest.values() if e["repaint"] is not None],
        "wait_commit_ms": [ms(e["commit"], e["event"]) for e in answered],
        "wait_repaint_ms": [ms(e["repaint"], e["event"]) for e in answered if e["repaint"] is not None],
        "first_commit_ms": ms(client["first_commit"], launched_ns),
        "first_repaint_ms": ms(client["first_repaint"], launched_ns),
        "commits_during_workload": sum(1 for t, p in record["commits"] if p == pid and t >= first_event),
    }


def summarise(runs, starts=()):
    """One client's figures over its runs (each a dict from live.py):
    latencies pooled over the rounds, costs as the median round; start-up
    over the rounds' launches and `starts` (live.py's launches alone)."""
    def pooled(key):
        return [v for r in runs for v in r[key]]

    def median(values):
        return statistics.median(values) if values else None

    def p95(values):
        return percentile(values, 95) if values else None

    cpu = [r["cpu_ns"] / r["events"] / 1000 for r in runs]
    start = [r["first_commit_ms"] for r in runs] + [s["first_commit_ms"] for s in starts]
    repaint = [r["first_repaint_ms"] for r in runs] + [s["first_repaint_ms"] for s in starts]
    return {
        "rounds": len(runs),
        "events": sum(r["events"] for r in runs),
        "events_answered": sum(r["events_answered"] for r in runs),
        "answering_commits": sum(r["answering_commits"] for r in runs),
        "commits_during_workload": sum(r["commits_during_workload"] for r in runs),
        "repaint_median_ms": median(pooled("repaint_ms")),
        "repaint_p95_ms": p95(pooled("repaint_ms")),
        "commit_median_ms": median(pooled("commit_ms")),
        "commit_p95_ms": p95(pooled("commit_ms")),
        "wait_repaint_median_ms": median(pooled("wait_repaint_ms")),
        "wait_repaint_p95_ms": p95(pooled("wait_repaint_ms")),
        "wait_commit_median_ms": median(pooled("wait_commit_ms")),
        "wait_commit_p95_ms": p95(pooled("wait_commit_ms")),
        "cpu_us_per_event": statistics.median(cpu),
        "cpu_us_per_event_range": [min(cpu), max(cpu)],
        "cpu_parts": [{"part": part["part"], "events": part["events"],
                       "cpu_us_per_event": median([r["cpu_parts"][i]["cpu_ns"] / part["events"] / 1000
                                                   for r in runs if part["events"]])}
                      for i, part in enumerate(runs[0]["cpu_parts"])],
        "compositor_cpu_us_per_event": statistics.median(r["compositor_cpu_ns"] / r["events"] / 1000 for r in runs),
        "runs_per_event": median([r["cpu_runs"] / r["events"] for r in runs if r.get("cpu_runs") is not None]),
        "peak_rss_mib": statistics.median(r["peak_rss_kib"] / 1024 for r in runs),
        "first_commit_ms": statistics.median(start),
        "first_commit_ms_range": [min(start), max(start)],
        "start_samples": len(start),
        "first_repaint_ms": statistics.median(repaint),
    }


# (key, column title, format) of the figures compared between clients.
FIGURES = [
    ("repaint_median_ms", "event -> repaint median", "{:.1f} ms"),
    ("repaint_p95_ms", "p95", "{:.1f} ms"),
    ("commit_median_ms", "event -> commit median", "{:.2f} ms"),
    ("commit_p95_ms", "p95", "{:.2f} ms"),
    ("cpu_us_per_event", "CPU per touch event", "{:.0f} us"),
    ("peak_rss_mib", "peak RSS", "{:.1f} MiB"),
    ("first_commit_ms", "start -> first commit", "{:.0f} ms"),
    ("first_repaint_ms", "start -> first repaint", "{:.0f} ms"),
]


def _over(mine, theirs):
    """mine / theirs, or None when either is missing or theirs is zero."""
    return mine / theirs if mine is not None and theirs else None


def ratios(summary, floor, gtk):
    """Each figure of summary over the floor's and over GTK's (None when
    either is missing or zero)."""
    def over(other, key):
        return _over(summary[key], other.get(key) if other else None)
    return {key: {"floor": over(floor, key), "gtk": over(gtk, key)} for key, _, _ in FIGURES}


def part_ratios(summary, floor, gtk):
    """CPU per touch event of each part of the script over the floor's and
    over GTK's in the same part (None when either is missing or zero)."""
    def per_part(other):
        return {p["part"]: p["cpu_us_per_event"] for p in other["cpu_parts"]} if other else {}
    floor_parts, gtk_parts = per_part(floor), per_part(gtk)
    return {p["part"]: {"floor": _over(p["cpu_us_per_event"], floor_parts.get(p["part"])),
                        "gtk": _over(p["cpu_us_per_event"], gtk_parts.get(p["part"]))}
            for p in summary["cpu_parts"]}


def _fmt(value, pattern):
    return "n/a" if value is None else pattern.format(value)


def _ratio(value):
    return "n/a" if value is None else f"{value:.2f}x"


def figure_table(names, summaries):
    header = ["client"] + [title for _, title, _ in FIGURES]
    rows = []
    for name in names:
        s = summaries[name]
        cells = []
        for key, _, pattern in FIGURES:
            cells.append(_fmt(s[key], pattern))
            if key == "first_commit_ms" and s["start_samples"] > 1:
                low, high = s["first_commit_ms_range"]
                cells[-1] += f" ({low:.0f}-{high:.0f})"
        rows.append([name] + cells)
    return _markdown(header, rows)


def ratio_table(names, summaries, against):
    header = ["client"] + [title for _, title, _ in FIGURES]
    rows = [[name] + [_ratio(summaries[name]["ratios"][key][against]) for key, _, _ in FIGURES]
            for name in names]
    return _markdown(header, rows)


def part_table(names, summaries, against):
    """CPU per touch event in each part of the script, with the ratio to
    `against` ("floor", "gtk" or None for none) in the same part."""
    parts = summaries[names[0]]["cpu_parts"]
    header = ["client"] + [f"{p['part']} ({p['events']} events)" for p in parts]
    rows = []
    for name in names:
        s = summaries[name]
        cells = []
        for p in s["cpu_parts"]:
            cell = _fmt(p["cpu_us_per_event"], "{:.0f} us")
            ratio = s["part_ratios"][p["part"]][against] if against else None
            if ratio is not None:
                cell += f" ({ratio:.2f}x)"
            cells.append(cell)
        rows.append([name] + cells)
    return _markdown(header, rows)


def detail_table(names, summaries):
    header = ["client", "rounds", "events answered", "frames answering", "every event -> commit median", "p95",
              "every event -> repaint median", "p95", "CPU per event, rounds", "put on a CPU per event",
              "weston's CPU per event"]
    rows = []
    for name in names:
        s = summaries[name]
        low, high = s["cpu_us_per_event_range"]
        rows.append([name, str(s["rounds"]), f"{s['events_answered']} of {s['events']}",
                     str(s["answering_commits"]),
                     _fmt(s["wait_commit_median_ms"], "{:.2f} ms"), _fmt(s["wait_commit_p95_ms"], "{:.2f} ms"),
                     _fmt(s["wait_repaint_median_ms"], "{:.1f} ms"), _fmt(s["wait_repaint_p95_ms"], "{:.1f} ms"),
                     f"{low:.0f}-{high:.0f} us", _fmt(s.get("runs_per_event"), "{:.2f}"),
                     f"{s['compositor_cpu_us_per_event']:.0f} us"])
    return _markdown(header, rows)


def _markdown(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)
