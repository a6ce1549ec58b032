"""Roma benchmarks, checked on CPU time (wall time printed beside it).

Goals (the script exits 1 when a figure is over its goal):
- replaying the 63-turn record tests/records/roma/random_seed13_bribe_63_turns.txt from its
  text (parse, check and apply of every entry): median <= 10 ms;
- ``legal_moves`` on every position of 20 random games (half with the bribe disc) and on two
  contrived crowded positions (about 700 and 1,200 moves): p99 of all those calls <= 1 ms;
- one random game (``simulate.random_game``, what the conformance test plays 100 times):
  median <= 300 ms.

Each ``legal_moves`` call is timed alone with the garbage collector paused; the crowded
positions count 300 calls each. Run: python benchmarks/bench_roma.py
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.roma import RULESET
from assistant.games.roma.components import CARDS, ORDER
from assistant.games.roma.simulate import random_game

from timing import Report, gc_paused, measure, percentile  # noqa: E402  (benchmarks/timing.py)

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "roma" / "random_seed13_bribe_63_turns.txt"
BEN = ("Forum", "Legat", "Turris", "Nero", "Onager", "Legionarius", "Forum")


def _crowded(ann: tuple[str, ...], hand: tuple[str, ...], dice: tuple[int, int, int]):
    """Ann to act with 80 sestertii, the bribe disc, ``ann`` on her 7 discs and ``hand``."""
    state = RULESET.setup(["Ann", "Ben"], {"bribe": "on", "mercatus": "opponent"})
    return replace(
        state, starter=0, dealt=(True, True), swapped=True, placed=(True, True), boards=(ann, BEN),
        hands=(tuple(sorted(hand)), ()), money=(80, 0), dice=dice, turn=5,
        draw=52 - 14 - len(hand) - 3, unknown_discards=3,
    )


def crowded_positions() -> list[tuple[str, object]]:
    """Contrived worst cases. The first: 15 cards in hand, two Scaenicus, Architectus,
    Senator, Consiliarius, Machina. The second is the largest list found by a random search
    (about 1,200 moves): a Scaenicus on the bribe disc that three different dice can bribe,
    another Scaenicus, Senator, Architectus, Consiliarius, and every card type still in the
    deck in hand."""
    first = ("Architectus", "Senator", "Scaenicus", "Consiliarius", "Machina", "Forum", "Scaenicus")
    hand = ("Legat", "Nero", "Forum", "Turris", "Basilica", "Templum", "Onager", "Velites", "Sicarius",
            "Mercator", "Centurio", "Gladiator", "Haruspex", "Consul", "Essedum")
    worst = ("Senator", "Architectus", "Consiliarius", "Haruspex", "Scaenicus", "Aesculapinum", "Scaenicus")
    used = Counter(worst) + Counter(BEN)
    every = tuple(c for c in ORDER if CARDS[c].copies > used[c])
    return [
        ("crowded position", _crowded(first, hand, (3, 3, 4))),
        ("extreme position", _crowded(worst, every, (1, 3, 5))),
    ]


def legal_moves_times(report: Report) -> list[float]:
    """CPU milliseconds of every timed ``legal_moves`` call."""
    legal = RULESET.legal_moves
    games = [random_game(seed, 2, {"bribe": "on"} if seed % 2 else {}) for seed in range(20)]
    states = [state for game in games for state in game.states]
    times: list[float] = []
    with gc_paused():
        for state in states:
            start = time.process_time()
            legal(state)
            times.append((time.process_time() - start) * 1000)
    report.note(
        f"legal_moves, {len(states)} positions of 20 random games: median {percentile(times, 0.5):.3f} ms, "
        f"p99 {percentile(times, 0.99):.3f} ms, max {max(times):.3f} ms"
    )
    for label, state in crowded_positions():
        runs: list[float] = []
        with gc_paused():
            for _ in range(300):
                start = time.process_time()
                moves = legal(state)
                runs.append((time.process_time() - start) * 1000)
        report.note(
            f"legal_moves, {label}: {len(moves)} moves, median {percentile(runs, 0.5):.3f} ms, "
            f"p99 {percentile(runs, 0.99):.3f} ms"
        )
        times += runs
    return times


def main() -> int:
    report = Report("bench_roma")
    text = RECORD.read_text(encoding="utf-8")
    game = Game.from_record(RULESET, read_record(text))
    report.note(f"{RECORD.name}: {game.state.turn} turns, {game.ply} entries")
    report.timing("replay of the 63-turn record", measure(lambda: Game.from_record(RULESET, read_record(text)), 30), 10)
    times = legal_moves_times(report)
    report.goal(f"legal_moves p99 over {len(times)} calls", percentile(times, 0.99), 1)
    report.timing("one random game (random_game)", measure(lambda: random_game(5, 2), 10), 300)
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
