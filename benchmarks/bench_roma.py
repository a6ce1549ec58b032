"""Roma benchmarks (medians, not timed tests):
- legal_moves on every position of 20 random games and on two contrived crowded positions
  (target: under 1 ms each; timed with the garbage collector paused; p99 is the figure to read,
  the single maximum also catches the machine's scheduling noise when other processes run);
- replaying a 60+-turn record from its text (target: under 20 ms).

Run: /work/venv/bin/python benchmarks/bench_roma.py
"""

from __future__ import annotations

import gc
import statistics
import time
from contextlib import contextmanager
from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.roma import RULESET
from assistant.games.roma.simulate import play_game

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "roma" / "random_seed13_bribe_63_turns.txt"


@contextmanager
def gc_paused():
    """Collect first, then keep the garbage collector off while timing."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def bench_legal_moves() -> None:
    times: list[float] = []
    for seed in range(20):
        options = {"bribe": "on"} if seed % 2 else {}
        game = play_game(RULESET, seed, options)
        with gc_paused():
            for state in game.states:
                start = time.perf_counter()
                list(RULESET.legal_moves(state))
                times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"legal_moves: {len(times)} positions, median {statistics.median(times) * 1e3:.3f} ms, "
        f"p99 {times[int(len(times) * 0.99)] * 1e3:.3f} ms, max {times[-1] * 1e3:.3f} ms"
    )


def _crowded(ann: tuple[str, ...], hand: tuple[str, ...], dice: tuple[int, int, int]):
    """Ann to act with 80 sestertii, the bribe disc, ``ann`` on her 7 discs and ``hand``."""
    from dataclasses import replace

    state = RULESET.setup(["Ann", "Ben"], {"bribe": "on"})
    ben = ("Forum", "Legat", "Turris", "Nero", "Onager", "Legionarius", "Forum")
    return replace(
        state, starter=0, dealt=(True, True), swapped=True, placed=(True, True), boards=(ann, ben),
        hands=(tuple(sorted(hand)), ()), money=(80, 0), dice=dice, turn=5,
        draw=52 - 14 - len(hand) - 3, unknown_discards=3,
    )


def bench_legal_moves_crowded() -> None:
    """Contrived worst cases. The first: 15 cards in hand, two Scaenicus, Architectus,
    Senator, Consiliarius, Machina. The second is the largest list found by a random search
    (about 1,200 moves): a Scaenicus on the bribe disc that three different dice can bribe,
    another Scaenicus, Senator, Architectus, Consiliarius, and every card type still in the
    deck in hand. Median, p99 and maximum of 300 calls, the garbage collector paused."""
    from collections import Counter

    from assistant.games.roma.cards import CARDS, ORDER

    first = ("Architectus", "Senator", "Scaenicus", "Consiliarius", "Machina", "Forum", "Scaenicus")
    hand = ("Legat", "Nero", "Forum", "Turris", "Basilica", "Templum", "Onager", "Velites", "Sicarius",
            "Mercator", "Centurio", "Gladiator", "Haruspex", "Consul", "Essedum")
    worst = ("Senator", "Architectus", "Consiliarius", "Haruspex", "Scaenicus", "Aesculapinum", "Scaenicus")
    used = Counter(worst) + Counter(("Forum", "Legat", "Turris", "Nero", "Onager", "Legionarius", "Forum"))
    every = tuple(c for c in ORDER if CARDS[c].copies > used[c])
    for label, state in (
        ("crowded position", _crowded(first, hand, (3, 3, 4))),
        ("extreme position", _crowded(worst, every, (1, 3, 5))),
    ):
        runs = []
        with gc_paused():
            for _ in range(300):
                start = time.perf_counter()
                moves = list(RULESET.legal_moves(state))
                runs.append(time.perf_counter() - start)
        runs.sort()
        print(
            f"legal_moves, {label}: {len(moves)} moves, median {statistics.median(runs) * 1e3:.3f} ms, "
            f"p99 {runs[int(len(runs) * 0.99)] * 1e3:.3f} ms, max {runs[-1] * 1e3:.3f} ms"
        )


def bench_replay() -> None:
    text = RECORD.read_text(encoding="utf-8")
    runs: list[float] = []
    for _ in range(30):
        start = time.perf_counter()
        game = Game.from_record(RULESET, read_record(text))
        runs.append(time.perf_counter() - start)
    print(
        f"replay {RECORD.name}: {game.state.turn} turns, {game.ply} entries, "
        f"median {statistics.median(runs) * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    bench_legal_moves()
    bench_legal_moves_crowded()
    bench_replay()
