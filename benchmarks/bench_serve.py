"""What ``assistant serve`` costs per change (run: python benchmarks/bench_serve.py).

Each open page learns of an entry by the server reading the game's mark (twice a second, one
small query) and then fetches the board (one read of the game and one replay, the public view
built). Measured against a temporary SQLite file holding

  * a 7-player 7 Wonders game with Leaders (tests/records/7wonders/seven-players-leaders.txt,
    154 entries);
  * the 60-turn Roma game (tests/records/roma/random_seed13_bribe_63_turns.txt, over 300).

Goals (median CPU time): the mark at most 5 ms (a page polls it twice a second), the board at
most 250 ms (with the 0.4 s poll, a page shows an entry within a second of its commit).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from timing import Report, measure

from assistant import service
from assistant.core.record import read_record
from assistant.service.live import board_view, mark
from assistant.store.db import Store

ROOT = Path(__file__).resolve().parents[1]
RECORDS = {
    "7 Wonders, 7 players": ROOT / "tests" / "records" / "7wonders" / "seven-players-leaders.txt",
    "Roma, 60 turns": ROOT / "tests" / "records" / "roma" / "random_seed13_bribe_63_turns.txt",
}


def main() -> int:
    report = Report("bench_serve")
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(str(Path(folder) / "history.sqlite3"))
        for what, path in RECORDS.items():
            gid = service.import_records(store, path.read_text(encoding="utf-8"))[0]
            plies = len([line for line in read_record(path.read_text(encoding="utf-8")).entries if line.text])
            report.timing(f"{what} ({plies} entries): the mark", measure(lambda: mark(store, gid), repeat=50), 5.0)
            report.timing(f"{what} ({plies} entries): the board page's view", measure(lambda: board_view(store, gid), repeat=10), 250.0)
        store.close()
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
