"""CPU time and peak memory of a running process, from /proc.

CPU is summed over the process's threads (/proc/PID/task/*): every thread
counts, the toolkit's helper threads included. Each thread's time is its
schedstat run time (nanoseconds, user and system together), which is what
utime + stime in /proc/PID/task/TID/stat count, without their 10 ms tick
granularity (a client that costs 10 us per event spends about one tick on
the whole workload). Where schedstat is missing, stat's ticks are used.
The process-wide stat ticks are kept too: they also hold threads that
ended between two samples, which the per-thread sum loses.
"""

import os

TICK_NS = 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def _stat_ticks(path):
    """utime + stime (fields 14 and 15) of a /proc stat file."""
    with open(path) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _thread_ns(task_dir):
    """A thread's run time in ns, how many times it was put on a CPU (None
    without schedstat), and where the time came from."""
    try:
        with open(os.path.join(task_dir, "schedstat")) as f:
            fields = f.read().split()
        return int(fields[0]), int(fields[2]), "schedstat"
    except (OSError, ValueError, IndexError):
        return _stat_ticks(os.path.join(task_dir, "stat")) * TICK_NS, None, "stat"


class CpuSample:
    """The CPU time of each live thread of pid, how many times each was put
    on a CPU, and the process's ticks."""

    def __init__(self, pid):
        self.threads = {}
        self.runs = {}
        self.sources = set()
        root = f"/proc/{pid}/task"
        for tid in os.listdir(root):
            try:
                ns, runs, source = _thread_ns(os.path.join(root, tid))
            except OSError:
                continue  # the thread ended while we looked
            self.threads[int(tid)] = ns
            if runs is not None:
                self.runs[int(tid)] = runs
            self.sources.add(source)
        self.process_ticks = _stat_ticks(f"/proc/{pid}/stat")


def cpu_between(before, after):
    """CPU spent from one sample to the next: a dict with ns (per-thread
    sum), stat_ns (process-wide ticks, coarse), thread counts, and
    runs: how many times the threads were put on a CPU in between
    (schedstat's third field, summed; None without schedstat). Each
    wake-up from a sleep counts once, as does each return after the
    scheduler took the CPU away."""
    spent = sum(ns - before.threads.get(tid, 0) for tid, ns in after.threads.items())
    runs = (sum(n - before.runs.get(tid, 0) for tid, n in after.runs.items())
            if after.runs and len(after.runs) == len(after.threads) else None)
    return {
        "ns": spent,
        "runs": runs,
        "stat_ns": (after.process_ticks - before.process_ticks) * TICK_NS,
        "threads": len(after.threads),
        "threads_ended": len(set(before.threads) - set(after.threads)),
        "source": "+".join(sorted(before.sources | after.sources)),
    }


def status_fields(pid):
    """/proc/PID/status as a dict of field name to its text (units included)."""
    with open(f"/proc/{pid}/status") as f:
        return {k: v.strip() for k, _, v in (line.partition(":") for line in f) if v}


def peak_rss_kib(pid):
    """VmHWM: the most resident memory the process has had, in KiB."""
    peak = status_fields(pid).get("VmHWM")
    if peak is None:
        raise OSError(f"no VmHWM in /proc/{pid}/status")
    return int(peak.split()[0])
