"""The rules of PAX: :func:`check` judges an entry, :func:`apply` makes it.

Split by phase: ``start`` (the table before the first entry, the start player, the starting
hands, the market), ``turn`` (draw, buy, play, income, the alternative action), ``rounds``
(the next turn, the end of the round, the refill, the reveal), ``hidden`` (naming a face
entered earlier as ``?``), ``correct`` (corrections), ``position`` (the position block of a
game picked up in progress) and ``hints`` (what a refusal says is legal instead). Each entry kind has a ``check_*`` that raises :class:`IllegalMove` with
the rule id of data/pax/rules.md and changes nothing, and an ``apply_*`` that returns the new
state of a checked entry (the automatic steps, Rome's take and the refill, happen there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from assistant.core.errors import IllegalMove
from assistant.games.pax.components import check_card
from assistant.games.pax.moves import (
    Buy,
    Correct,
    Draw,
    End,
    Keep,
    Market,
    Name,
    PaxMove,
    Peek,
    Play,
    PositionDeck,
    PositionLegion,
    PositionPlayer,
    PositionRome,
    PositionRound,
    Refill,
    Reveal,
    StartPlayer,
    faces,
)
from assistant.games.pax.rules import correct, hidden, position, rounds, start, turn
from assistant.games.pax.rules.hints import what_now
from assistant.games.pax.rules.start import setup, start_draw
from assistant.games.pax.state import PaxState

#: Each entry kind's judge and its transition.
_RULES: dict[type, tuple[Callable[[PaxState, Any], None], Callable[[PaxState, Any], PaxState]]] = {
    StartPlayer: (start.check_start, start.apply_start),
    Keep: (start.check_keep, start.apply_keep),
    Market: (start.check_market, start.apply_market),
    Draw: (turn.check_draw, turn.apply_draw),
    Buy: (turn.check_buy, turn.apply_buy),
    Play: (turn.check_play, turn.apply_play),
    End: (turn.check_end, turn.apply_end),
    Peek: (turn.check_peek, turn.apply_peek),
    Refill: (rounds.check_refill, rounds.apply_refill),
    Reveal: (rounds.check_reveal, rounds.apply_reveal),
    Name: (hidden.check_name, hidden.apply_name),
    Correct: (correct.check_correct, correct.apply_correct),
    PositionPlayer: (position.check_position, position.apply_position),
    PositionRome: (position.check_position, position.apply_position),
    PositionLegion: (position.check_position, position.apply_position),
    PositionDeck: (position.check_position, position.apply_position),
    PositionRound: (position.check_position, position.apply_position),
}

#: The entries of the position block (``pax.position``).
POSITION_MOVES = (PositionPlayer, PositionRome, PositionLegion, PositionDeck, PositionRound)


def check(state: PaxState, move: PaxMove) -> None:
    """Raise :class:`IllegalMove` when the rules forbid ``move`` now; change nothing. Every
    face the entry names is judged first (``pax.data.cards``: the rulebook's facts, and the
    research notes' ranges unless the game plays with ``card_checks=rulebook``)."""
    if state.phase == "over":
        raise IllegalMove("pax.winner", "the game is over; no more entries are taken", hint=what_now(state))
    rules = _RULES.get(type(move))
    if rules is None:
        raise IllegalMove("pax.notation", f"unknown entry {move!r}")
    if state.phase == "position" and not isinstance(move, POSITION_MOVES):
        raise IllegalMove(
            position.RULE,
            "the position block of this game is not finished: nothing else is entered before its round entry",
            hint=what_now(state),
        )
    for card in faces(move):
        check_card(card, notes=state.notes_checks)
    rules[0](state, move)


def apply(state: PaxState, move: PaxMove) -> PaxState:
    """The state after a checked ``move`` (``ply`` counts the entries applied)."""
    new = _RULES[type(move)][1](state, move)
    return replace(new, ply=state.ply + 1)


def is_legal(state: PaxState, move: PaxMove) -> bool:
    """Whether :func:`check` accepts ``move`` now."""
    try:
        check(state, move)
    except IllegalMove:
        return False
    return True


__all__ = ["apply", "check", "is_legal", "setup", "start_draw"]
