"""The rules of PAX: :func:`check` judges an entry, :func:`apply` makes it.

Split by phase: ``start`` (the table before the first entry, the start player, the starting
hands, the market), ``turn`` (draw, buy, play, income, the alternative action), ``rounds``
(the next turn, the end of the round, the refill, the reveal), ``hidden`` (naming a face
entered earlier as ``?``), ``correct`` (corrections), ``position`` (the position block of a
game picked up in progress) and ``hints`` (what a refusal says is legal instead). Each entry kind has a ``check_*`` that raises :class:`IllegalMove` with
the rule id of data/pax/rules.md and changes nothing, and an ``apply_*`` that returns the new
state of a checked entry (the automatic steps, Rome's take and the refill, happen there).

Both verbs dispatch through :data:`TABLE` (:mod:`assistant.core.dispatch`): each entry kind's
check and apply, and the kinds each phase (:func:`phase_of`) takes; an entry its phase does
not take is refused by the phase's refusal (:data:`REFUSALS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import NoReturn

from assistant.core.dispatch import Rule, RuleTable
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
from assistant.games.pax.rules.hints import phase_text, what_now
from assistant.games.pax.rules.start import setup, start_draw
from assistant.games.pax.state import PaxState

#: The entries of the position block (``pax.position``).
POSITION_MOVES = (PositionPlayer, PositionRome, PositionLegion, PositionDeck, PositionRound)

_POSITION = Rule(position.check_position, position.apply_position)

#: Each entry kind's judge and its transition.
RULES: dict[type, Rule[PaxState]] = {
    StartPlayer: Rule(start.check_start, start.apply_start),
    Keep: Rule(start.check_keep, start.apply_keep),
    Market: Rule(start.check_market, start.apply_market),
    Draw: Rule(turn.check_draw, turn.apply_draw),
    Buy: Rule(turn.check_buy, turn.apply_buy),
    Play: Rule(turn.check_play, turn.apply_play),
    End: Rule(turn.check_end, turn.apply_end),
    Peek: Rule(turn.check_peek, turn.apply_peek),
    Refill: Rule(rounds.check_refill, rounds.apply_refill),
    Reveal: Rule(rounds.check_reveal, rounds.apply_reveal),
    Name: Rule(hidden.check_name, hidden.apply_name),
    Correct: Rule(correct.check_correct, correct.apply_correct),
    **{kind: _POSITION for kind in POSITION_MOVES},
}


def phase_of(state: PaxState) -> str:
    """Where the game stands, as a phase of :data:`TABLE`: the state's ``phase`` and, within
    the start and the turn, its step: ``start.new`` (nothing entered: a position block may
    begin instead), ``start`` (the start player may still be chosen), ``start.hands`` (the
    starting hands are being taken), ``market``, ``position`` (the block is open),
    ``turn.draw`` (the draw is not finished), ``turn.actions`` (buy, play, end), ``refill``,
    ``reveal``, ``over``."""
    phase = state.phase
    if phase == "turn":
        turn_ = state.turn
        return "turn.actions" if turn_ is not None and turn_.draw_done else "turn.draw"
    if phase == "start":
        if state.ply == len(state.picking):
            return "start.new"
        return "start" if state.kept == 0 else "start.hands"
    return phase


# -- what a phase does not take ---------------------------------------------------------------
def _refuse_unknown(state: PaxState, move: PaxMove) -> None:
    """An entry of a kind the game does not have (the parser never makes one)."""
    if type(move) not in RULES:
        raise IllegalMove("pax.notation", f"unknown entry {move!r}")


def _refuse_over(state: PaxState, move: PaxMove) -> NoReturn:
    """Nothing is taken after the end (``pax.winner``)."""
    raise IllegalMove("pax.winner", "the game is over; no more entries are taken", hint=what_now(state))


def _refuse_in_block(state: PaxState, move: PaxMove) -> NoReturn:
    """Only position entries until the block's round entry (``pax.position``)."""
    _refuse_unknown(state, move)
    raise IllegalMove(
        position.RULE,
        "the position block of this game is not finished: nothing else is entered before its round entry",
        hint=what_now(state),
    )


def _refuse_not_now(state: PaxState, move: PaxMove) -> NoReturn:
    """An entry of another phase or step whose own check let it pass (never, while the table
    and the checks agree: the tests hold them to it)."""
    raise IllegalMove("pax.round", f"'{move.notation()}' is not taken now: {phase_text(state)}", hint=what_now(state))


REFUSALS: dict[str, Callable[[PaxState, PaxMove], None]] = {"over": _refuse_over, "position": _refuse_in_block}
"""The refusal of an entry kind a phase does not take, where it is the phase's own. In the
other phases the entry's faces are judged first as always, then its own check says why not
now (each check begins with when its entry is taken: ``pax.round``, ``pax.setup.*``,
``pax.turn.draw``, ``pax.roundend.refill``, ``pax.winner.reveal`` ...), and
:func:`_refuse_not_now` if it did not."""


# -- the table ------------------------------------------------------------------------------
#: taken in every phase of the game under way, though not in an open position block nor
#: after the end: so no ``anytime`` entries
_IN_PLAY = (Name, Correct)

TABLE: RuleTable[PaxState] = RuleTable(
    rules=RULES,
    phases={
        "start.new": (StartPlayer, Keep, *POSITION_MOVES[:-1], Correct),  # a block begins (its round entry ends it)
        "start": (StartPlayer, Keep, Correct),
        "start.hands": (Keep, *_IN_PLAY),
        "market": (Market, *_IN_PLAY),
        "position": POSITION_MOVES,
        "turn.draw": (Draw, Peek, *_IN_PLAY),
        "turn.actions": (Buy, Play, End, Peek, *_IN_PLAY),
        "refill": (Refill, *_IN_PLAY),
        "reveal": (Reveal, *_IN_PLAY),
        "over": (),
    },
)
"""PAX's rules as data: each entry kind's check and apply, and what each phase takes. No
entry is taken in every phase (nothing after the end, only position entries in an open
block), so ``anytime`` is empty. A block may begin before the first entry, with any of its
entries but the round entry (which needs every player's). Nothing can be named (``Ann hand
was ...``) before a starting card is kept: no face was entered as ``?`` yet. ``peek`` is in both steps of the turn: it replaces a turn not
begun, and with an empty deck the draw is done before anything is entered."""


def check(state: PaxState, move: PaxMove) -> None:
    """Raise :class:`IllegalMove` when the rules forbid ``move`` now; change nothing. Every
    face the entry names is judged first (``pax.data.cards``: the rulebook's facts, and the
    research notes' ranges unless the game plays with ``card_checks=rulebook``)."""
    phase = phase_of(state)
    taken = TABLE.accepts(phase, move)
    if not taken:
        REFUSALS.get(phase, _refuse_unknown)(state, move)
    for card in faces(move):
        check_card(card, notes=state.notes_checks)
    RULES[type(move)].check(state, move)
    if not taken:
        _refuse_not_now(state, move)


def apply(state: PaxState, move: PaxMove) -> PaxState:
    """The state after a checked ``move`` (``ply`` counts the entries applied)."""
    new = TABLE.rule(move).apply(state, move)
    return replace(new, ply=state.ply + 1)


def is_legal(state: PaxState, move: PaxMove) -> bool:
    """Whether :func:`check` accepts ``move`` now."""
    try:
        check(state, move)
    except IllegalMove:
        return False
    return True


__all__ = ["REFUSALS", "TABLE", "apply", "check", "is_legal", "phase_of", "setup", "start_draw"]
