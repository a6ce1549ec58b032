"""The cost of one entry at the ``play`` prompt, commit included (run: python benchmarks/bench_play.py).

One typed line is driven as ``assistant play`` drives it (the same service calls, against a
temporary SQLite file): the entry is checked, written in one transaction and committed, and
the prompt has what it shows next (whose turn, what the game expects). Measured for

  * a 7-player 7 Wonders game with Leaders (tests/records/7wonders/seven-players-leaders.txt)
    at an entry in Age III, and at ply 10 and 100 (the record has 154 entries: no ply 300);
  * the 60-turn Roma game (tests/records/roma/random_seed13_bribe_63_turns.txt) at ply 10,
    100 and 300.

Goal: median CPU time of one entry at most 5 ms in every case, so the cost does not grow with
the game's length (ply 300 costs what ply 10 does). The growth (ply 100 and 300 against ply
10) is printed as a note. Between two timed entries the entry is taken back (not timed).

Before one replay per entry (issue 9), each typed line replayed the whole game twice
(``enter`` then ``read_game``). Median CPU ms per entry, before -> after, on the 2-core shared
machine (three runs each; the higher figures were taken while the machine was loaded):

  7 Wonders, 7 players   ply 10: 3.0-3.8 -> 1.2-1.9   ply 100: 18-22 -> 1.2-1.9
                         Age III (ply 110): 22-24 -> 1.0-2.0
  Roma, 60 turns         ply 10: 2.0-2.7 -> 1.0-1.8   ply 100: 5.5-8.0 -> 1.0-1.1
                         ply 300: 14-19 -> 1.0-1.5
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from timing import Report, Timing, gc_paused, percentile

from assistant.core.game import Game
from assistant.core.record import Record, read_record, write_record
from assistant.games import get_ruleset

ROOT = Path(__file__).resolve().parents[1]
SEVEN = ROOT / "tests" / "records" / "7wonders" / "seven-players-leaders.txt"
ROMA = ROOT / "tests" / "records" / "roma" / "random_seed13_bribe_63_turns.txt"
RUNS = int(os.environ.get("RUNS", "15"))
GOAL_MS = 5.0
PLIES = (10, 100, 300)


def entry_lines(record: Record) -> list[str]:
    """The record's entries (blank and comment-only lines left out)."""
    return [line.text for line in record.entries if line.text]


def age_three_ply(record: Record) -> int:
    """The number of entries before the third entry of Age III's first turn."""
    plies = [line for line in record.entries if line.text]
    for n, line in enumerate(plies):
        if line.comment.startswith("Age III, turn"):
            return n + 2
    raise SystemExit("the 7 Wonders record has no Age III")


def prefix_record(record: Record, ply: int) -> str:
    """The record's first ``ply`` entries, as a record text ``import`` reads."""
    game = Game.from_record(get_ruleset(record.game), record, stop_at=ply)
    return write_record(game.to_record({k: v for k, v in record.headers.items() if k != "Options"}))


def time_entries(enter: Callable[[], object], take_back: Callable[[], object], runs: int) -> Timing:
    """Median wall and CPU ms of ``enter``; ``take_back`` (not timed) resets between runs."""
    import statistics

    enter()
    take_back()
    walls: list[float] = []
    cpus: list[float] = []
    with gc_paused():
        for _ in range(runs):
            w0, c0 = time.perf_counter(), time.process_time()
            enter()
            cpus.append((time.process_time() - c0) * 1000)
            walls.append((time.perf_counter() - w0) * 1000)
            take_back()
    return Timing(statistics.median(walls), statistics.median(cpus), percentile(cpus, 0.99), runs)


def measure_entry(folder: Path, record: Record, ply: int) -> Timing:
    """One ``play`` entry at ``ply`` (the game holds ``ply`` entries; the next is typed)."""
    from assistant import service
    from assistant.store.db import Store

    store = Store.open(str(folder / f"{record.game}-{ply}.sqlite3"))
    try:
        (gid,) = service.import_records(store, prefix_record(record, ply))
        line = entry_lines(record)[ply]
        table = service.PlaySession.open(store, gid)

        def enter() -> None:
            table.enter(line)
            table.prompt()

        def take_back() -> None:
            table.undo(1)

        return time_entries(enter, take_back, RUNS)
    finally:
        store.close()


def main() -> int:
    """Measure one entry in every case; the exit status (1 when a figure is over its goal)."""
    report = Report("bench_play")
    seven = read_record(SEVEN.read_text(encoding="utf-8"))
    roma = read_record(ROMA.read_text(encoding="utf-8"))
    cases: list[tuple[str, Record, int]] = []
    age3 = age_three_ply(seven)
    for name, record in (("7 Wonders, 7 players", seven), ("Roma, 60 turns", roma)):
        length = len(entry_lines(record))
        for ply in PLIES:
            if ply < length:
                cases.append((f"{name}, entry at ply {ply}", record, ply))
            else:
                report.note(f"{name}: the record has {length} entries, no entry at ply {ply}")
        if record is seven:
            cases.append((f"{name}, entry in Age III (ply {age3})", record, age3))
    with tempfile.TemporaryDirectory() as tmp:
        figures: dict[str, float] = {}
        for what, record, ply in cases:
            timing = measure_entry(Path(tmp), record, ply)
            report.timing(what, timing, GOAL_MS)
            figures[what] = timing.cpu_ms
    for name in ("7 Wonders, 7 players", "Roma, 60 turns"):
        base = figures.get(f"{name}, entry at ply 10")
        for ply in PLIES[1:]:
            later = figures.get(f"{name}, entry at ply {ply}")
            if base and later is not None:
                report.note(f"{name}: ply {ply} / ply 10 = {later / base:.2f}x")
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
