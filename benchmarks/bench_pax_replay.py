"""PAX benchmarks (not timed tests): replaying the complete records of tests/records/pax/, one
random game of the simulated table, one ``legal_moves`` call mid-game and the quick scoring of
the bundled final table.

Goals (median CPU time):

  * replaying the longest PAX record (the most entries) at most 10 ms;
  * one whole random game (``simulate.random_game``, 4 players, keen table: parse, check,
    apply and the table's ``legal_moves`` calls) at most 150 ms, so that the conformance test's
    100 random games stay well under 0.3 s each.

The other records' replays, ``legal_moves`` and ``score_table`` are printed as notes.

Before issue 9 (engine.py; check cached its result on the ruleset for apply), median CPU ms on
a 2-core machine: replay of four_players_pc_cards (150 entries) 5.2, four_players 5.0, the
random game 23.3, legal_moves at ply 40 8.6. After (pure check and apply, fewer state copies):
3.9, 3.7, 6.4 and 1.7.

Run: python benchmarks/bench_pax_replay.py
"""

from __future__ import annotations

from pathlib import Path

from timing import Report, measure

from assistant.core import Game, read_record
from assistant.core.tablefile import load_table
from assistant.games.pax import RULESET as R
from assistant.games.pax.simulate import random_game

ROOT = Path(__file__).resolve().parents[1]
REPLAY_GOAL_MS = 10.0
RANDOM_GAME_GOAL_MS = 150.0


def main() -> int:
    report = Report("bench_pax_replay")
    records = {
        path.stem: read_record(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "tests" / "records" / "pax").glob("*.txt"))
    }
    longest = max(records, key=lambda stem: (len(records[stem].entries), stem))
    for stem, record in records.items():
        timing = measure(lambda: Game.from_record(R, record), 30)
        what = f"replay {stem} ({len(record.entries)} entries)"
        if stem == longest:
            report.timing(what + ", the longest", timing, REPLAY_GOAL_MS)
        else:
            report.note(f"{what}: {timing.cpu_ms:.2f} ms (wall {timing.wall_ms:.2f} ms)")
    report.timing("one random game (4 players, seed 1)", measure(lambda: random_game(1, 4), 10), RANDOM_GAME_GOAL_MS)
    game = Game.from_record(R, records["four_players"], stop_at=40)
    timing = measure(game.legal_moves, 30)
    report.note(
        f"legal_moves at ply 40 ({game.expecting().phase}, {len(game.legal_moves())} moves):"
        f" {timing.cpu_ms:.2f} ms (wall {timing.wall_ms:.2f} ms)"
    )
    table = load_table(ROOT / "examples" / "pax-final-table.toml")
    timing = measure(lambda: R.score_table(table), 200)
    report.note(f"score_table (examples/pax-final-table.toml): {timing.cpu_ms:.3f} ms (wall {timing.wall_ms:.3f} ms)")
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
