"""Sylla benchmarks, checked on CPU time against these goals (exit status 1 when one is over):

- replaying the longest record of tests/records/sylla/ (parse, check and apply of every
  entry): median <= 25 ms;
- ``legal_moves`` at every position of 8 random games (simulate.random_game, 3 and 4 players)
  where the players have a choice (bids, payments, buildings, cubes, events, votes, Slaves):
  99th percentile of one call <= 1 ms;
- one entry mid-game (parse + check + apply): median <= 1 ms;
- a whole random game (simulate.random_game, 4 players): median <= 100 ms (the conformance
  test plays 100 of them);
- the quick scoring of the bundled final table (examples/sylla-final-table.toml): median <= 1 ms.

The other records' replays are printed beside them, without goals.

    python benchmarks/bench_sylla_replay.py
"""

from __future__ import annotations

import time
import tomllib
from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sylla import RULESET
from assistant.games.sylla.simulate import random_game

from timing import Report, gc_paused, measure, percentile  # benchmarks/timing.py

ROOT = Path(__file__).resolve().parents[1]
RECORDS = sorted((ROOT / "tests" / "records" / "sylla").glob("*.txt"))


def legal_moves_per_position(games: list[Game], calls: int = 5) -> tuple[list[float], list[int]]:
    """CPU milliseconds of one ``legal_moves`` call (mean of ``calls``) at every position of
    ``games`` where the rules list moves (not the table's own entries), and how many are listed."""
    times: list[float] = []
    sizes: list[int] = []
    with gc_paused():
        for game in games:
            for state in game.states:
                start = time.process_time()
                for _ in range(calls):
                    moves = RULESET.legal_moves(state)
                took = (time.process_time() - start) * 1000 / calls
                if moves:
                    times.append(took)
                    sizes.append(len(moves))
    return times, sizes


def main() -> Report:
    report = Report("sylla")
    records = {path.name: read_record(path.read_text(encoding="utf-8")) for path in RECORDS}
    longest = max(records, key=lambda name: len(records[name].entries))
    for name, record in records.items():
        timing = measure(lambda: Game.from_record(RULESET, record), 20)
        what = f"replay {name} ({len(record.entries)} entries)"
        if name == longest:
            report.timing(what, timing, 25)
        else:
            report.note(f"{what}: {timing.cpu_ms:.2f} ms CPU (wall {timing.wall_ms:.2f} ms)")

    record = records[longest]
    game = Game.from_record(RULESET, record, stop_at=150)
    text = record.entries[150].text

    def one() -> None:
        move = RULESET.parse(game.state, text)
        RULESET.check(game.state, move)
        RULESET.apply(game.state, move)

    report.timing(f"one entry mid-game ({text!r})", measure(one, 200), 1)

    games = [random_game(seed, 3 + seed % 2) for seed in range(8)]
    times, sizes = legal_moves_per_position(games)
    report.note(f"legal_moves: {len(times)} positions of {len(games)} random games, {sum(sizes) / len(sizes):.1f} moves "
                f"on average, {max(sizes)} at most; median {percentile(times, 0.5):.4f} ms, worst {max(times):.3f} ms")
    report.goal("legal_moves p99 over every position with a choice", percentile(times, 0.99), 1)

    report.timing("a random 4-player game (simulate.random_game)", measure(lambda: random_game(1, 4), 10), 100)

    table = tomllib.loads((ROOT / "examples" / "sylla-final-table.toml").read_text(encoding="utf-8"))
    report.timing("score_table(examples/sylla-final-table.toml)", measure(lambda: RULESET.score_table(table), 200), 1)
    return report


if __name__ == "__main__":
    raise SystemExit(main().finish())
