"""Sylla benchmarks: replaying the complete records of tests/records/sylla/, one entry's
parse+check+apply, and the quick scoring of a final table. Prints medians (not a timed test).

    /work/venv/bin/python benchmarks/bench_sylla_replay.py
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sylla import RULESET

from timing import median_ms  # noqa: E402  (benchmarks/timing.py)

ROOT = Path(__file__).resolve().parents[1]




def main() -> None:
    for path in sorted((ROOT / "tests" / "records" / "sylla").glob("*.txt")):
        record = read_record(path.read_text(encoding="utf-8"))
        ms = median_ms(lambda: Game.from_record(RULESET, record))
        n = len(record.entries)
        print(f"replay {path.name}: {n} entries, median {ms:.1f} ms ({ms / n * 1000:.0f} us per entry)")
    record = read_record(sorted((ROOT / "tests" / "records" / "sylla").glob("*.txt"))[0].read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record, stop_at=150)
    text = record.entries[150].text

    def one() -> None:
        move = RULESET.parse(game.state, text)
        RULESET.check(game.state, move)
        RULESET.apply(game.state, move)

    print(f"one entry (parse+check+apply) mid-game: median {median_ms(one, 200):.3f} ms")
    print(f"legal_moves mid-game: median {median_ms(lambda: RULESET.legal_moves(game.state), 200):.3f} ms")
    table = tomllib.loads((ROOT / "examples" / "sylla-final-table.toml").read_text(encoding="utf-8"))
    print(f"score_table(example): median {median_ms(lambda: RULESET.score_table(table), 200):.3f} ms")


if __name__ == "__main__":
    main()
