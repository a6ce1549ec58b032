"""A seeded random table for Roma: whole games played through ``legal_moves``, with the chance
entries (dealt hands, dice, battle die, drawn cards) entered the way a shuffled deck and real
dice would give them, and the invariants every position keeps. Used by the random-play and
conformance tests, the benchmarks and to make example records; never by the engine itself.

Hidden cards (rule roma.hidden): the seed chooses how the table types them (:data:`HIDDEN`):
every face (``typed``), only the public faces (``public``: every hidden card as ``?``), or a
mix, entry by entry, with some unknown cards named later by ``holds`` (``mixed``). The game is
played on a fully typed copy (the real cards), and each entry is typed into the returned game
in the chosen form.

>>> game = random_game(1, 2)
>>> game.outcome() is not None, check_invariants(game.state)
(True, [])
>>> any("?" in e.text for e in random_game(2, 2, hidden="public").entries)
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from collections.abc import Mapping

from assistant.core.game import Game
from assistant.games.roma import RULESET
from assistant.games.roma.board import effective_card
from assistant.games.roma.components import CARDS, DECK_SIZE, ORDER
from assistant.games.roma.legal import legal_moves
from assistant.games.roma.moves import (
    UNKNOWN,
    Activate,
    Battle,
    End,
    Give,
    Hand,
    Holds,
    Lay,
    Money,
    Roll,
    RomaMove,
    TakeCards,
)
from assistant.games.roma.state import TOTAL_VP, RomaState

SEATS = ("Ann", "Ben")
#: How a table types the hidden cards; the seed picks one (``seed % 3``).
HIDDEN = ("typed", "public", "mixed")


def random_game(
    seed: int,
    players: int,
    options: Mapping[str, str] | None = None,
    *,
    max_turns: int = 400,
    hidden: str | None = None,
) -> Game:
    """A complete random game (or ``max_turns`` turns of one), the same for the same seed.
    ``players`` must be 2; ``options`` are the ``--option`` values (bribe, mercatus);
    ``hidden`` one of :data:`HIDDEN` (by default chosen by the seed)."""
    if players != 2:
        raise ValueError(f"Roma is played by 2 players, not {players}")
    mode = hidden if hidden is not None else HIDDEN[seed % len(HIDDEN)]
    if mode not in HIDDEN:
        raise ValueError(f"hidden must be one of {', '.join(HIDDEN)}, not {mode!r}")
    rng = random.Random(seed)
    real = Game(RULESET, list(SEATS), dict(options or {}))
    typed = real if mode == "typed" else Game(RULESET, list(SEATS), dict(options or {}))
    while real.outcome() is None and real.state.turn <= max_turns:
        state = real.state
        move = choose(state, legal_moves(state), rng)
        if typed is not real:
            secret = mode == "mixed" and rng.random() < 0.5
            typed.push(move.notation() if secret else RULESET.public_notation(typed.state, move))
        real.push(move.notation())
        if mode == "mixed" and rng.random() < 0.1:
            naming = _naming(real.state, typed.state, rng)
            if naming is not None:
                typed.push(naming.notation())
    return typed


def _naming(real: RomaState, typed: RomaState, rng: random.Random) -> Holds | None:
    """A ``holds`` entry naming one unknown card of a hand with its real face, if any."""
    if real.in_setup or real.over:
        return None
    i = rng.randrange(2)
    if UNKNOWN not in typed.hands[i]:
        return None
    faces = list((Counter(real.hands[i]) - Counter(c for c in typed.hands[i] if c != UNKNOWN)).elements())
    return Holds(typed.seats[i], (rng.choice(faces),))


def check_invariants(state: RomaState) -> list[str]:
    """What is wrong with a position (empty when all holds): the 36 VP are conserved between
    the stockpile and the players (plus what the last payout credited), the 52 cards between
    the draw pile, discard pile, hands and boards, and no count is negative."""
    broken = []
    if sum(state.vp) + state.stockpile != TOTAL_VP + state.credited:
        broken.append(f"VP: players {state.vp} + stockpile {state.stockpile} != {TOTAL_VP} + credited {state.credited}")
    if state.credited and not state.over:
        broken.append(f"{state.credited} VP credited before the end of the game")
    if state.stockpile < 0 or min(state.vp) < 0:
        broken.append(f"negative VP: players {state.vp}, stockpile {state.stockpile}")
    if state.card_total() != DECK_SIZE:
        broken.append(f"cards: {state.card_total()} accounted for, not {DECK_SIZE}")
    if min(state.money) < 0:
        broken.append(f"negative money: {state.money}")
    if state.draw < 0 or state.unknown_discards < 0:
        broken.append(f"negative pile: draw {state.draw}, unnamed discards {state.unknown_discards}")
    over = [name for name, n in state.unseen_counts().items() if n < 0]
    if over:
        broken.append("more copies seen than the deck has: " + ", ".join(over))
    if not state.in_setup and (state.deals != ((), ()) or state.gifts != ((), ())):
        broken.append("the set-up's typed cards are kept after the lay-out")
    if state.dice is not None and (len(state.dice) > 3 or not all(1 <= d <= 6 for d in state.dice)):
        broken.append(f"impossible dice: {state.dice}")
    return broken


def _pool(state: RomaState) -> list[str]:
    """The unseen cards, one entry per copy (what the draw pile may hold)."""
    unseen = state.unseen_counts()
    return [c for c in ORDER for _ in range(unseen[c])]


def choose(state: RomaState, moves: list[RomaMove], rng: random.Random) -> RomaMove:
    """One entry for the position: a plausible player's choice among the legal moves, with
    chance entries drawn like real dice and cards."""
    moves = [m for m in moves if not _unknown(m)]  # a real table's cards all have faces
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
    if isinstance(move, Activate) and move.copy is not None and state.boards[state.active].count("Scaenicus") > 1:
        if rng.random() < 0.5:  # the other Scaenicus copying the same character (A11)
            return replace(move, via="Scaenicus")
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


def _unknown(move: RomaMove) -> bool:
    """Whether a listed move leaves a card unknown (``?``)."""
    if isinstance(move, (Hand, Give)):
        return UNKNOWN in move.cards
    if isinstance(move, TakeCards):
        return move.keep == UNKNOWN
    return isinstance(move, Activate) and move.take == UNKNOWN


def _weight(state: RomaState, move: RomaMove) -> float:
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
