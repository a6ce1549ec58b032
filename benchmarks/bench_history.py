"""The history commands on generated histories of 1k, 10k and 100k games (issue 14): CPU
seconds and peak memory of each command, run as the user runs it (a fresh process, output to
a pipe), against its goal: every history and statistics command within 1 s CPU at any size.

    python benchmarks/bench_history.py                       # 1k, and 10k/100k if made before
    python benchmarks/bench_history.py --sizes 1000,10000,100000
    python benchmarks/bench_history.py --sizes 100000 --slow # export --all and db check --full too
    python benchmarks/bench_history.py --only stats          # the commands whose label starts so

The histories come from benchmarks/gen_history.py (made once, kept under /tmp/tc-history).
The figures are the child process's own (``os.wait4``): user + system CPU, including the
workers a full ``db check`` starts, and its peak resident memory. ``export --all`` (records,
CSV) has no time goal (it writes everything), only the memory one; with ``--slow`` the
record export and the full check run at every size (they replay every game: many minutes
at 100k), else only up to 10k.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_history import FOLDER, history  # noqa: E402
from timing import Report  # noqa: E402

#: CPU milliseconds a history or statistics command may take at any size.
GOAL_MS = 1000.0
#: Peak resident memory any command may reach (bounded: not growing with the history).
MEMORY_GOAL_MB = 400.0
SLOW_UP_TO = 10_000
#: The statistics views timed (``assistant stats ...``; ``players`` is in the list above).
STATS_VIEWS = [
    ["stats"],
    ["stats", "7w"],
    ["stats", "7w", "--by", "wonder"],
    ["stats", "7w", "--by", "leader"],
    ["stats", "roma", "--by", "start"],
    ["stats", "--ratings"],
    ["stats", "--ratings", "--json"],
    ["stats", "7w", "--ratings", "--chart"],
    ["stats", "--ratings", "--since", "2020-01-01"],
    ["stats", "--ratings", "--location", "Club"],
    ["stats", "--ratings", "--player", "Alice"],
    ["stats", "--streaks"],
    ["stats", "--versus"],
    ["stats", "7w", "--categories"],
    ["stats", "--high"],
]


def run(db: Path, *args: str, timeout: float = 3600) -> tuple[float, float, float, int]:
    """Run ``assistant ARGS --db DB`` with stdout to a pipe drained to nowhere; (CPU s, wall
    s, peak MB, exit status)."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant", *args, "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdout is not None
    deadline = started + timeout
    while proc.stdout.read(1 << 16):
        if time.perf_counter() > deadline:
            proc.kill()
            break
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, proc.returncode


def has_stats() -> bool:
    """Whether this version has ``assistant stats``."""
    done = subprocess.run([sys.executable, "-m", "assistant", "stats", "--help"], capture_output=True)
    return done.returncode == 0


def commands(n: int, *, slow: bool, stats: bool) -> list[tuple[str, list[str], bool]]:
    """(label, arguments, timed against the goal) for a history of ``n`` games."""
    middle = str(max(1, n // 2))
    found: list[tuple[str, list[str], bool]] = [
        ("games", ["games"], True),
        ("games --json", ["games", "--json"], True),
        ("games --player X", ["games", "--player", "Alice"], True),
        ("games --limit 20", ["games", "--limit", "20"], True),
        ("players", ["players"], True),
        ("players show X", ["players", "show", "Alice"], True),
        ("show ID", ["show", middle], True),
    ]
    if stats:
        found += [(" ".join(view), view, True) for view in STATS_VIEWS]
        found += [("stats --ratings --json --history", ["stats", "--ratings", "--json", "--history"], False)]  # a dump: no goal
    found += [
        ("db check --quick", ["db", "check", "--quick"], False),
        ("export --all csv", ["export", "--all", "--format", "csv"], False),
    ]
    if slow or n <= SLOW_UP_TO:
        found += [
            ("export --all records", ["export", "--all"], False),
            ("db check --full", ["db", "check", "--full"], False),
        ]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", help="comma-separated numbers of games (default: 1000 and those made before)")
    parser.add_argument("--slow", action="store_true", help="export every record and replay every game at every size")
    parser.add_argument("--only", help="only the commands whose label starts with this (e.g. 'stats')")
    args = parser.parse_args(argv)
    if args.sizes:
        sizes = [int(s) for s in args.sizes.split(",")]
    else:
        sizes = [1000] + [n for n in (10_000, 100_000) if (FOLDER / f"history-{n}.sqlite3").exists()]
    report = Report("bench_history")
    stats = has_stats()
    for n in sizes:
        db = history(n)
        print(f"{n} games ({db.stat().st_size / 1e6:.0f} MB):", flush=True)
        for label, arguments, timed in commands(n, slow=args.slow, stats=stats):
            if args.only and not label.startswith(args.only):
                continue
            cpu, wall, peak, status = run(db, *arguments)
            what = f"{n} {label}"
            if status not in (0, 1):
                report.over.append(what)
                report.note(f"{what}: exit {status} after {cpu:.2f} s CPU")
                continue
            if timed:
                report.goal(what, cpu * 1000, GOAL_MS, wall_ms=wall * 1000)
            else:
                report.note(f"{what}: {cpu:.2f} s CPU (wall {wall:.1f} s)")
            report.goal(f"{what} peak memory (MB as ms)", peak, MEMORY_GOAL_MB)
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
