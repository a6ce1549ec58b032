"""Start-up time of the assistant command (run: python benchmarks/bench_startup.py).

Measures, as the median of repeated runs in fresh processes (CPU time: user + system of the
child process; wall time printed beside it):
  * ``assistant --help`` and ``assistant rules GAME`` (no database work): goal < 150 ms;
  * commands that touch the database (``assistant games``, ``assistant state 1`` with a Roma
    replay) against ``python -c "import sqlmodel"`` alone: goal at most 1.3x its time;
  * ``assistant log 1 --json`` and ``assistant db path`` are printed as notes.
Exits 1 when a figure is over its goal (goals are checked on CPU time).
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import Report

RUNS = int(os.environ.get("RUNS", "21"))
QUICK_GOAL_MS = 150.0
DATABASE_FACTOR = 1.3


def assistant() -> list[str]:
    """The installed ``assistant`` command, else ``python -m assistant``."""
    exe = shutil.which("assistant") or str(Path(sys.executable).parent / "assistant")
    return [exe] if Path(exe).exists() else [sys.executable, "-m", "assistant"]


def median_ms(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Median wall-clock and median CPU (user + system) milliseconds of a fresh process.
    CPU time is steadier than wall time on a busy machine."""
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


def main() -> int:
    """Measure every command; the exit status (1 when a figure is over its goal)."""
    report = Report("bench_startup")
    compile_package()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ASSISTANT_DB": str(Path(tmp) / "bench.sqlite3"), "NO_COLOR": "1"}
        example = Path(__file__).resolve().parents[1] / "examples" / "roma-short-game.txt"
        subprocess.run([*assistant(), "import", str(example)], env=env, capture_output=True, check=True)
        base_wall, base_cpu = median_ms([sys.executable, "-c", "import sqlmodel"], env)
        report.note(f"python -c 'import sqlmodel': {base_cpu:.1f} ms CPU (wall {base_wall:.1f} ms)")
        quick = [
            ("assistant --help", [*assistant(), "--help"]),
            ("assistant rules roma", [*assistant(), "rules", "roma"]),
            ("assistant rules 7wonders 7w.build.cost", [*assistant(), "rules", "7wonders", "7w.build.cost"]),
        ]
        for label, cmd in quick:
            wall, cpu = median_ms(cmd, env)
            report.goal(label, cpu, QUICK_GOAL_MS, wall_ms=wall)
        database = [
            ("assistant games (database)", [*assistant(), "games"]),
            ("assistant state 1 (database + Roma replay)", [*assistant(), "state", "1"]),
        ]
        for label, cmd in database:
            wall, cpu = median_ms(cmd, env)
            report.goal(f"{label}, goal {DATABASE_FACTOR}x import sqlmodel", cpu, base_cpu * DATABASE_FACTOR, wall_ms=wall)
        for label, cmd in (
            ("assistant log 1 --json (database)", [*assistant(), "log", "1", "--json"]),
            ("assistant db path", [*assistant(), "db", "path"]),
        ):
            wall, cpu = median_ms(cmd, env)
            report.note(f"{label}: {cpu:.1f} ms CPU (wall {wall:.1f} ms), {cpu / base_cpu:.2f}x import sqlmodel")
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
