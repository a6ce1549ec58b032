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


def median_ms(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Median wall-clock and median CPU (user + system) milliseconds of a fresh process.
    CPU time is steadier than wall time on a busy machine."""
    import resource

    walls, cpus = [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def compile_package() -> None:
    """Byte-compile the package as ``pip install`` does, so that a checkout run with
    PYTHONDONTWRITEBYTECODE (or a fresh clone) is not measured compiling its sources."""
    import compileall

    import assistant

    compileall.compile_dir(str(Path(assistant.__file__).parent), quiet=1)


def main() -> None:
    compile_package()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ASSISTANT_DB": str(Path(tmp) / "bench.sqlite3"), "NO_COLOR": "1"}
        example = Path(__file__).resolve().parents[1] / "examples" / "roma-short-game.txt"
        subprocess.run([*assistant(), "import", str(example)], env=env, capture_output=True, check=True)
        rows = [
            ("python -c pass", [sys.executable, "-c", "pass"]),
            ("python -c 'import sqlmodel'", [sys.executable, "-c", "import sqlmodel"]),
            ("assistant --help", [*assistant(), "--help"]),
            ("assistant rules roma", [*assistant(), "rules", "roma"]),
            ("assistant rules 7wonders 7w.build.cost", [*assistant(), "rules", "7wonders", "7w.build.cost"]),
            ("assistant games (database)", [*assistant(), "games"]),
            ("assistant state 1 (database + Roma replay)", [*assistant(), "state", "1"]),
            ("assistant log 1 --json (database)", [*assistant(), "log", "1", "--json"]),
            ("assistant db path", [*assistant(), "db", "path"]),
        ]
        results = {}
        print(f"{'command':46s} {'wall':>8s} {'cpu':>8s}   (medians of {RUNS} runs, ms)")
        for label, cmd in rows:
            results[label] = median_ms(cmd, env)
            print(f"{label:46s} {results[label][0]:8.1f} {results[label][1]:8.1f}")
        base = results["python -c 'import sqlmodel'"]
        for label in ("assistant games (database)", "assistant state 1 (database + Roma replay)", "assistant log 1 --json (database)"):
            wall, cpu = results[label]
            print(f"{label} / import sqlmodel: wall {wall / base[0]:.2f}, cpu {cpu / base[1]:.2f} (target <= 1.30)")


if __name__ == "__main__":
    main()
