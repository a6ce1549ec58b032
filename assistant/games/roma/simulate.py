"""A seeded random player for Roma: plays whole games through ``legal_moves``, entering the
chance entries (dealt hands, dice, battle die, drawn cards) the way a shuffled deck and real
dice would give them. Used by the random-play tests, the benchmarks and to make example
records; never by the engine itself.

>>> from assistant.games.roma import RULESET
>>> game = play_game(RULESET, seed=1)
>>> game.outcome() is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from assistant.core.game import Game
from assistant.core.protocol import Ruleset
from assistant.games.roma.cards import CARDS, ORDER
from assistant.games.roma.board import effective_card
from assistant.games.roma.moves import Activate, Battle, End, Hand, Lay, Money, Roll, TakeCards
from assistant.games.roma.state import RomaState


def _pool(state: RomaState) -> list[str]:
    """The unseen cards, one entry per copy (what the draw pile may hold)."""
    unseen = state.unseen_counts()
    return [c for c in ORDER for _ in range(unseen[c])]


def choose(state: RomaState, moves: list, rng: random.Random) -> object:
    """One entry for the position: a plausible player's choice among the legal moves, with
    chance entries drawn like real dice and cards."""
    kinds = {type(m) for m in moves}
    player = state.seats[state.active]
    if Hand in kinds:
        who = next(m.player for m in moves if isinstance(m, Hand))
        return Hand(who, tuple(rng.sample(_pool(state), 4)))
    if state.battle is not None:
        roll = rng.randint(1, 6)
        adds = [m for m in moves if isinstance(m, Battle) and m.roll == roll and m.add is not None]
        if adds and rng.random() < 0.5:
            return rng.choice(adds)
        return Battle(player, roll)
    if state.dice is None and Roll in kinds:
        return Roll(player, (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)))
    rerolls = [m for m in moves if isinstance(m, Roll)]
    if rerolls and rng.random() < 0.5:
        return Roll(player, (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)), reroll=True)
    actions = [m for m in moves if not isinstance(m, (End, Roll))]
    if not actions or (rng.random() < 0.03):
        ends = [m for m in moves if isinstance(m, End)]
        if ends:
            return ends[0]
    if not actions:
        return rng.choice(moves)
    weights = [_weight(state, m) for m in actions]
    move = rng.choices(actions, weights)[0]
    if isinstance(move, TakeCards):
        pool = _pool(state)
        if move.die > state.draw:
            pool += list(state.discard)
        drawn = min(move.die, state.draw + len(state.discard) + state.unknown_discards)
        picked = rng.sample(pool, min(drawn, len(pool)))
        if not picked:
            return move
        named = picked[1:] if rng.random() < 0.5 else []
        return TakeCards(player, move.die, picked[0], tuple(named))
    return move


def _weight(state: RomaState, move: object) -> float:
    """How much a plausible player likes an action: fill empty discs, keep money coming,
    score with Forums."""
    me = state.active
    hand = state.hands[me]
    if isinstance(move, Lay):
        return 40.0 if state.card_at(me, move.disc) is None else 0.3
    if isinstance(move, Money):
        wants = any(CARDS[c].cost > state.money[me] for c in hand)
        return 10.0 if wants else 1.5
    if isinstance(move, TakeCards):
        return 6.0 if not hand else 1.0
    if isinstance(move, Activate):
        if move.lays or move.moves:
            return 1.0
        card = effective_card(state, move)
        return 8.0 if card in ("Forum", "Legat", "Mercatus", "Tribunus Plebis") else 3.0
    return 1.0


def play_game(
    ruleset: Ruleset,
    seed: int,
    options: Mapping[str, str] | None = None,
    max_turns: int = 400,
    seats: tuple[str, str] = ("Ann", "Ben"),
) -> Game:
    """A complete random game (or ``max_turns`` turns of one)."""
    rng = random.Random(seed)
    game = Game(ruleset, list(seats), dict(options or {}))
    while game.outcome() is None and game.state.turn <= max_turns:
        state = game.state
        moves = list(ruleset.legal_moves(state))
        move = choose(state, moves, rng)
        game.push(move.notation())  # type: ignore[attr-defined]
    return game
