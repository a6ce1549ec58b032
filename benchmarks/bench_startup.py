"""Start-up time of the assistant command (run: python benchmarks/bench_startup.py).

Measures, as the median of repeated runs in fresh processes:
  * ``assistant --help`` and ``assistant rules GAME`` (no database work): target < 150 ms;
  * a command that touches the database (``assistant games``) against
    ``python -c "import sqlmodel"`` alone: target at most 30 % more.
Prints one line per command. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = int(os.environ.get("RUNS", "21"))


def assistant() -> list[str]:
    exe = shutil.which("assistant") or str(Path(sys.executable).parent / "assistant")
    return [exe] if Path(exe).exists() else [sys.executable, "-m", "assistant"]


def median_ms(cmd: list[str], env: dict[str, str]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ASSISTANT_DB": str(Path(tmp) / "bench.sqlite3"), "NO_COLOR": "1"}
        subprocess.run([*assistant(), "games"], env=env, capture_output=True, check=False)  # create the file
        rows = [
            ("python -c pass", [sys.executable, "-c", "pass"]),
            ("python -c 'import sqlmodel'", [sys.executable, "-c", "import sqlmodel"]),
            ("assistant --help", [*assistant(), "--help"]),
            ("assistant rules roma", [*assistant(), "rules", "roma"]),
            ("assistant rules 7wonders 7w.build.cost", [*assistant(), "rules", "7wonders", "7w.build.cost"]),
            ("assistant games (database)", [*assistant(), "games"]),
            ("assistant db path", [*assistant(), "db", "path"]),
        ]
        results = {}
        for label, cmd in rows:
            results[label] = median_ms(cmd, env)
            print(f"{label:45s} {results[label]:7.1f} ms (median of {RUNS})")
        base = results["python -c 'import sqlmodel'"]
        db = results["assistant games (database)"]
        print(f"database command / import sqlmodel = {db / base:.2f} (target <= 1.30)")


if __name__ == "__main__":
    main()
