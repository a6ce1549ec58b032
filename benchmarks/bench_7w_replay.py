"""7 Wonders replay benchmarks, checked on CPU time (wall time printed beside it).

Goals (the script exits 1 when a figure is over its goal):
- replaying the 7-player Leaders record tests/records/7wonders/seven-players-leaders.txt
  (154 entries: parse, check and apply of each, then the final score) in a fresh process
  (the payment caches empty; the card data loaded once): median <= 25 ms;
- the same replay with the caches warm (a second replay in one process): median <= 25 ms;
- the legal entries of every awaited player (``legal.legal_moves``), per state of that game,
  caches empty: the slowest state's median <= 10 ms;
- one random 7-player Leaders game (``simulate.random_game``, what the conformance test
  plays 100 times at 3 to 7 players): median <= 300 ms.

Run: python benchmarks/bench_7w_replay.py
"""

from __future__ import annotations

from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sevenwonders import RULESET, costs, legal, payment
from assistant.games.sevenwonders.simulate import random_game

from timing import Report, measure  # noqa: E402  (benchmarks/timing.py)

RECORD = Path(__file__).resolve().parents[1] / "tests" / "records" / "7wonders" / "seven-players-leaders.txt"


def clear_caches() -> None:
    """Forget every remembered production, price table and quote and the solver's memo
    tables, as in a new process (one CLI command); the card data stays loaded."""
    for memo in (costs._production, costs._producers, costs._prices, costs._cost, costs._quote,
                 payment._unpack, payment._support, payment._sub_vectors, payment._size):
        memo.cache_clear()


def main() -> int:
    report = Report("bench_7w_replay")
    record = read_record(RECORD.read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record)  # loads the card data once (not replay)

    def cold() -> None:
        clear_caches()
        Game.from_record(RULESET, record).score()

    def warm() -> None:
        Game.from_record(RULESET, record).score()

    report.timing(f"replay + score, 7 players, {len(game.entries)} entries, fresh caches", measure(cold, 30), 25)
    report.timing("replay + score, warm caches", measure(warm, 30), 25)

    def lister(state: object):
        def run() -> None:
            clear_caches()
            list(legal.legal_moves(state))
        return run

    slowest = max((measure(lister(state), 5) for state in game.states), key=lambda t: t.cpu_ms)
    report.timing("legal_moves of every awaited player, slowest state", slowest, 10)
    report.timing("one random 7-player Leaders game", measure(lambda: random_game(3, 7), 5), 300)
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
