"""PAX benchmarks (not timed tests): medians of replaying each complete record of
tests/records/pax, of one legal_moves call mid-game, and of scoring the bundled final table.

Run: python benchmarks/bench_pax_replay.py
"""

from __future__ import annotations

from pathlib import Path

from assistant.core import Game, read_record
from assistant.core.tablefile import load_table
from assistant.games.pax import RULESET as R

from timing import median_ms  # noqa: E402  (benchmarks/timing.py)

ROOT = Path(__file__).resolve().parents[1]




def main() -> None:
    for path in sorted((ROOT / "tests" / "records" / "pax").glob("*.txt")):
        record = read_record(path.read_text(encoding="utf-8"))
        ms = median_ms(lambda: Game.from_record(R, record))
        print(f"replay {path.stem:28s} {len(record.entries):4d} entries  median {ms:7.2f} ms")
    record = read_record((ROOT / "tests" / "records" / "pax" / "four_players.txt").read_text(encoding="utf-8"))
    game = Game.from_record(R, record, stop_at=40)
    print(f"legal_moves at ply 40 ({game.expecting().phase}): {len(game.legal_moves())} moves, "
          f"median {median_ms(game.legal_moves):.2f} ms")
    table = load_table(ROOT / "examples" / "pax-final-table.toml")
    print(f"score_table (examples/pax-final-table.toml): median {median_ms(lambda: R.score_table(table), 200):.3f} ms")


if __name__ == "__main__":
    main()
