"""CPU time of processes, read from /proc (no dependencies, safe under gevent)."""

import os
import resource
from contextlib import suppress
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def ticks(pid: int) -> int:
    """utime + stime of one process and of its children it reaped (cutime + cstime), in
    clock ticks; 0 if it is gone. Summed over a group, a member that exits and is reaped
    by another member (a PostgreSQL backend by the postmaster) keeps counting."""
    with suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return sum(int(field) for field in fields[11:15])
    return 0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def tree(pid: int) -> list[int]:
    """The process and its descendants (gunicorn's master and its workers)."""
    pids, todo = [], [pid]
    while todo:
        current = todo.pop()
        pids.append(current)
        todo += children(current)
    return pids


def by_name(name: str) -> list[int]:
    """Every process whose command name is ``name`` (``postgres``: all its backends)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with suppress(OSError):
                if (entry / "comm").read_text().strip() == name:
                    pids.append(int(entry.name))
    return pids


def machine() -> tuple[int, int]:
    """(busy, total) clock ticks of all CPUs since boot, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)


def self_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def children_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def backends(database: str) -> list[int]:
    """PostgreSQL's backends serving ``database`` (their process title names it), not the
    cluster's background processes (WAL writer, checkpointer) nor other databases'."""
    pids = []
    for pid in by_name("postgres"):
        with suppress(OSError):
            title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            if f" {database} " in title:
                pids.append(pid)
    return pids


class Watch:
    """CPU seconds spent between ``start()`` and ``stop()`` by groups of processes:
    ``groups`` maps a name to a function returning the group's pids now. Sampled every
    ``every`` seconds meanwhile (in a thread, a greenlet under gevent), so a process that
    ends before ``stop()`` (a pgbench backend) still counts up to its last sample."""

    def __init__(self, groups, every: float = 0.1):
        self.groups = groups
        self.every = every

    def _sample(self) -> None:
        for name, find in self.groups.items():
            seen = self.seen[name]
            for pid in find():
                now = ticks(pid)
                if now:
                    first, _ = seen.get(pid, (None, 0))
                    seen[pid] = (first if first is not None else (0 if self.started else now), now)

    def _run(self) -> None:
        while not self.done.wait(self.every):
            self._sample()

    def start(self) -> None:
        import threading

        self.seen: dict[str, dict[int, tuple[int, int]]] = {name: {} for name in self.groups}
        self.started = False
        self._sample()  # the baseline of the processes alive now
        self.started = True  # any process found later started within the window
        self.machine = machine()
        self.self_seconds = self_seconds()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def stop(self) -> dict[str, float]:
        self.done.set()
        self.thread.join()
        self._sample()
        busy, total = machine()
        seconds = {
            name: sum(last - first for first, last in seen.values()) / TICK
            for name, seen in self.seen.items()
        }
        busy, total = busy - self.machine[0], total - self.machine[1]
        seconds["machine_busy"] = busy / TICK
        seconds["machine_share"] = busy / total if total else 0.0
        seconds["self"] = self_seconds() - self.self_seconds
        return seconds
