#!/usr/bin/env python3
"""Where a running process's resident memory is, mapping by mapping.

    tools/bench/smaps.py PID [--all]

Reads /proc/PID/smaps and prints, per file (or [heap], [anon], [stack],
the wl_shm buffers), the resident size and the proportional share (Pss,
a page shared by N processes counting 1/N), split into shared and private
pages, clean and dirty, largest first, then VmHWM and VmRSS from
/proc/PID/status. Mappings under 16 KiB are left out unless --all.
README.md ("Memory and start-up") shows it on the live app.
"""

import argparse
import collections
import re
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the tree
import procstat  # noqa: E402

FIELDS = ("Rss", "Pss", "Shared_Clean", "Shared_Dirty", "Private_Clean", "Private_Dirty")
HEADER = re.compile(r"^[0-9a-f]+-[0-9a-f]+ ")


def mappings(pid):
    """Each mapping's name and its summed fields (KiB), in first-seen order."""
    totals = collections.OrderedDict()
    current = None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            if HEADER.match(line):
                parts = line.split(None, 5)
                name = parts[5].strip() if len(parts) > 5 else "[anon]"
                if name.startswith("/memfd:"):
                    name = name.replace(" (deleted)", "")
                current = totals.setdefault(name, collections.Counter())
            else:
                key, _, value = line.partition(":")
                if key in FIELDS and current is not None:
                    current[key] += int(value.split()[0])
    return totals


def status(pid, keys=("VmHWM", "VmRSS")):
    found = procstat.status_fields(pid)
    return {k: found[k] for k in keys if k in found}


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("pid", type=int)
    p.add_argument("--all", action="store_true", help="also mappings under 16 KiB")
    args = p.parse_args(argv)
    try:
        table = mappings(args.pid)
        summary = status(args.pid)
    except OSError as e:
        print(f"smaps.py: cannot read /proc/{args.pid}: {e.strerror}", file=sys.stderr)
        return 1
    print(f"| mapping | Rss KiB | Pss KiB | shared clean | shared dirty | private clean | private dirty |")
    print("|---|---|---|---|---|---|---|")
    total = collections.Counter()
    for name, c in sorted(table.items(), key=lambda item: -item[1]["Rss"]):
        total.update(c)
        if c["Rss"] >= 16 or args.all:
            print(f"| {name} | " + " | ".join(str(c[k]) for k in FIELDS) + " |")
    print("| total | " + " | ".join(str(total[k]) for k in FIELDS) + " |")
    print(", ".join(f"{k} {v}" for k, v in summary.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
