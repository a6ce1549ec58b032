"""Playing a game with seeded random legal entries (random-play tests, generated records,
benchmarks). Entries come from :meth:`SevenWonders.legal_moves_for`; the choice first picks
a kind of entry (build, stage, sell, ...) and then one entry of that kind, so that games look
like games (mostly builds) rather than mostly sales.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from assistant.core.game import Game

WEIGHTS = {"Build": 6, "Stage": 2, "Sell": 1, "Recruit": 6, "Pick": 3, "Courtesan": 1, "SetBoard": 1}


def choose(rng: random.Random, moves: Sequence[object]) -> object:
    by_kind: dict[str, list[object]] = {}
    for move in moves:
        by_kind.setdefault(type(move).__name__, []).append(move)
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, weights=[WEIGHTS.get(k, 1) for k in kinds])[0]
    return rng.choice(by_kind[kind])


def random_game(seed: int, players: int, leaders: bool = True, boards: str = "") -> Game:
    """A complete game played with random legal entries (deterministic for a seed)."""
    from assistant.games.sevenwonders import RULESET

    rng = random.Random(seed)
    seats = ["Ada", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus"][:players]
    options = {"leaders": "true" if leaders else "false"}
    if boards:
        options["boards"] = boards
    game = Game(RULESET, seats, options)
    while game.outcome() is None:
        awaited = RULESET.awaited(game.state)
        player = rng.choice(awaited)
        moves = list(RULESET.legal_moves_for(game.state, player))
        move = choose(rng, moves)
        game.push(move.notation())  # type: ignore[attr-defined]
    return game
