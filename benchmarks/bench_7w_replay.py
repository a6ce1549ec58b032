"""Replaying a complete 7-player 7 Wonders + Leaders record (parse, check and apply of every
entry, then the final score). Target: under 50 ms per replay. Also the time to list the legal
entries of every awaited player in each state of the game. Prints medians.

    /work/venv/bin/python benchmarks/bench_7w_replay.py [repeats]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sevenwonders import RULESET, costs

RECORD = Path(__file__).resolve().parents[1] / "tests" / "records" / "7wonders" / "seven-players-leaders.txt"


def main(repeats: int = 30) -> None:
    record = read_record(RECORD.read_text(encoding="utf-8"))
    Game.from_record(RULESET, record)  # warm the data caches once (loading JSON is not replay)
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(repeats):
        costs._production.cache_clear()  # the caches start empty, like a new process
        costs._quote.cache_clear()
        start = time.perf_counter()
        game = Game.from_record(RULESET, record)
        game.score()
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        game = Game.from_record(RULESET, record)
        game.score()
        warm.append(time.perf_counter() - start)
    entries = len(game.entries)
    lister: list[float] = []
    for state in game.states:
        costs._quote.cache_clear()
        start = time.perf_counter()
        for player in RULESET.awaited(state):
            list(RULESET.legal_moves_for(state, player))
        lister.append(time.perf_counter() - start)
    print(f"7 Wonders replay, 7 players with Leaders, {entries} entries, {repeats} runs")
    print(f"  median replay + score (empty caches):     {statistics.median(cold) * 1000:.1f} ms")
    print(f"  median replay + score (warm caches):      {statistics.median(warm) * 1000:.1f} ms")
    print(f"  per entry (empty cache): {statistics.median(cold) / entries * 1e6:.0f} us")
    print(
        f"  legal_moves of every awaited player, per state (empty quote cache): median"
        f" {statistics.median(lister) * 1000:.1f} ms, worst {max(lister) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
