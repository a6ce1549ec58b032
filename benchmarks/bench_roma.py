"""Roma benchmarks (medians, not timed tests):
- legal_moves on every position of several long random games (target: under 1 ms each);
- replaying a 60+-turn record from its text (target: under 20 ms).

Run: /work/venv/bin/python benchmarks/bench_roma.py
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.roma import RULESET
from assistant.games.roma.simulate import play_game

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "roma" / "random_seed13_bribe_63_turns.txt"


def bench_legal_moves() -> None:
    times: list[float] = []
    for seed, options in ((13, {"bribe": "on"}), (44, {}), (10, {})):
        game = play_game(RULESET, seed, options)
        for state in game.states:
            start = time.perf_counter()
            list(RULESET.legal_moves(state))
            times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"legal_moves: {len(times)} positions, median {statistics.median(times) * 1e3:.3f} ms, "
        f"p99 {times[int(len(times) * 0.99)] * 1e3:.3f} ms, max {times[-1] * 1e3:.3f} ms"
    )


def bench_legal_moves_crowded() -> None:
    """A contrived worst case: 15 cards in hand, 60 sestertii, two Scaenicus, Architectus,
    Senator, Consiliarius, Machina, the bribe disc and three dice."""
    from dataclasses import replace

    state = RULESET.setup(["Ann", "Ben"], {"bribe": "on"})
    ann = ("Architectus", "Senator", "Scaenicus", "Consiliarius", "Machina", "Forum", "Scaenicus")
    ben = ("Forum", "Legat", "Turris", "Nero", "Onager", "Legionarius", "Forum")
    hand = ("Legat", "Nero", "Forum", "Turris", "Basilica", "Templum", "Onager", "Velites", "Sicarius",
            "Mercator", "Centurio", "Gladiator", "Haruspex", "Consul", "Essedum")
    state = replace(
        state, starter=0, dealt=(True, True), swapped=True, placed=(True, True), boards=(ann, ben),
        hands=(tuple(sorted(hand)), ()), money=(60, 0), dice=(3, 3, 4), turn=5, draw=52 - 29,
    )
    runs = []
    for _ in range(200):
        start = time.perf_counter()
        moves = list(RULESET.legal_moves(state))
        runs.append(time.perf_counter() - start)
    print(f"legal_moves, crowded position: {len(moves)} moves, median {statistics.median(runs) * 1e3:.3f} ms")


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
