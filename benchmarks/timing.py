"""The timing helper the benchmark scripts share (run them as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(fn: Callable[[], object], repeat: int = 20, *, warm: bool = False) -> float:
    """Median wall-clock milliseconds of ``repeat`` calls of ``fn`` (one unmeasured call first
    when ``warm``)."""
    if warm:
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
