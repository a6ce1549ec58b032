"""What every benchmark script shares: timing (wall and CPU, median of repeated runs), goals
that can fail, and one summary line per script.

A benchmark script (``benchmarks/bench_*.py``) measures, compares each figure with its goal
through a :class:`Report`, and ends with ``raise SystemExit(report.finish())``: it prints one
line per figure, then a last summary line, and exits 1 when a figure is over its goal.
``python benchmarks/run.py`` runs every script and prints their summary lines. These are not
tests: the machines are noisy, so goals are checked on CPU time (what the process itself spent),
and wall time is printed beside it.

>>> t = measure(lambda: sum(range(1000)), repeat=5)
>>> t.cpu_ms >= 0 and t.wall_ms >= 0
True
>>> r = Report("example")
>>> r.goal("sum", 0.5, 1.0)
  sum: 0.500 ms, goal <= 1 ms: ok
True
>>> r.goal("slow", 2.0, 1.0)
  slow: 2.000 ms, goal <= 1 ms: OVER
False
>>> r.ok
False
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Timing:
    """Medians (and the 99th percentile of CPU time) of repeated calls, in milliseconds."""

    wall_ms: float
    cpu_ms: float
    cpu_p99_ms: float
    runs: int


@contextmanager
def gc_paused() -> Iterator[None]:
    """Collect first, then keep the garbage collector off while timing."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by the nearest-rank method."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def measure(fn: Callable[[], object], repeat: int = 20, *, warm: bool = True) -> Timing:
    """Time ``repeat`` calls of ``fn`` (one unmeasured call first when ``warm``)."""
    if warm:
        fn()
    walls: list[float] = []
    cpus: list[float] = []
    with gc_paused():
        for _ in range(repeat):
            w0, c0 = time.perf_counter(), time.process_time()
            fn()
            cpus.append((time.process_time() - c0) * 1000)
            walls.append((time.perf_counter() - w0) * 1000)
    return Timing(statistics.median(walls), statistics.median(cpus), percentile(cpus, 0.99), repeat)


def median_ms(fn: Callable[[], object], repeat: int = 20, *, warm: bool = False) -> float:
    """Median wall-clock milliseconds of ``repeat`` calls of ``fn`` (kept for quick looks)."""
    return measure(fn, repeat, warm=warm).wall_ms


@dataclass
class Report:
    """The figures of one benchmark script against their goals."""

    name: str
    lines: list[str] = field(default_factory=list)
    over: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.over

    def goal(self, what: str, value_ms: float, goal_ms: float, *, wall_ms: float | None = None) -> bool:
        """Record one figure (CPU milliseconds unless said) against its goal; prints it."""
        passed = value_ms <= goal_ms
        wall = f" (wall {wall_ms:.2f} ms)" if wall_ms is not None else ""
        line = f"{what}: {value_ms:.3f} ms{wall}, goal <= {goal_ms:g} ms: {'ok' if passed else 'OVER'}"
        self.lines.append(line)
        print(f"  {line}", flush=True)
        if not passed:
            self.over.append(what)
        return passed

    def timing(self, what: str, timing: Timing, goal_ms: float) -> bool:
        """Record a :class:`Timing`'s median CPU time against its goal."""
        return self.goal(what, timing.cpu_ms, goal_ms, wall_ms=timing.wall_ms)

    def note(self, line: str) -> None:
        """A figure printed without a goal (growth, counts)."""
        self.lines.append(line)
        print(f"  {line}", flush=True)

    def finish(self) -> int:
        """Print the summary line; the exit status: 0 when every goal held, 1 otherwise."""
        if self.ok:
            print(f"{self.name}: ok ({len(self.lines)} figures)")
            return 0
        print(f"{self.name}: OVER goal: {', '.join(self.over)}")
        return 1
