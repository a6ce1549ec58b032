"""Roma's rules: ``check`` judges an entry (raises :class:`IllegalMove` citing a rule id of
``data/roma/rules.md``, naming the player and the thing, with a hint of what is legal instead;
it never changes anything) and ``apply`` plays a checked entry, with the automatic steps: Phase
1 when a turn begins, the reshuffle of the discard pile in the middle of a draw, and the end of
the game the moment a player has no VP or the stockpile is empty (the last payout's shortfall
is credited). The modules hold one topic each: ``setup``, ``turn`` (phases 1 and 2, the end of
a turn), ``actions`` (lay, money, cards), ``activation`` (the cards), ``battle``, and what
they share (``refusals``, ``ledger``); ``hidden`` names cards entered as unknown; ``correct``
puts right a physical mistake noticed late; ``pickup`` reads the position block of a game
picked up in progress."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from assistant.core.errors import IllegalMove
from assistant.games.roma.moves import (
    Activate,
    Battle,
    Correct,
    End,
    Give,
    Hand,
    Holds,
    Lay,
    Money,
    Place,
    POSITION_MOVES,
    Roll,
    RomaMove,
    Start,
    TakeCards,
)
from assistant.games.roma.rules.actions import (
    apply_cards,
    apply_lay,
    apply_money,
    check_cards,
    check_lay,
    check_money,
)
from assistant.games.roma.rules.activation import apply_activate, check_activate
from assistant.games.roma.rules.battle import apply_battle, check_battle
from assistant.games.roma.rules.correct import apply_correct, check_correct
from assistant.games.roma.rules.ledger import finish
from assistant.games.roma.rules.refusals import turn_hint
from assistant.games.roma.rules.hidden import apply_holds, check_holds
from assistant.games.roma.rules.pickup import apply_position, block_hint, check_position
from assistant.games.roma.rules.setup import apply_setup, check_setup
from assistant.games.roma.rules.turn import check_roll, end_turn
from assistant.games.roma.state import RomaState, evolve

__all__ = ["apply", "check"]


@dataclass(frozen=True)
class MoveRules:
    """How one Phase 3 action is judged (``check`` raises IllegalMove) and played (``apply``).
    Both take ``Any`` for the move: the table below pairs each move type with its own rules."""

    check: Callable[[RomaState, Any], None]
    apply: Callable[[RomaState, Any], RomaState]


def _apply_activate_finished(state: RomaState, move: Activate) -> RomaState:
    """An activation, then the end of the game if it emptied a VP pile or the stockpile."""
    return finish(apply_activate(state, move))


ACTIONS: dict[type[RomaMove], MoveRules] = {
    Lay: MoveRules(check_lay, apply_lay),
    Money: MoveRules(check_money, apply_money),
    TakeCards: MoveRules(check_cards, apply_cards),
    Activate: MoveRules(check_activate, _apply_activate_finished),
}
"""The Phase 3 actions (after the roll): move type -> (check, apply). The entries before them
(position, correction, set-up, roll, battle, end) are dispatched in order by :func:`check`
and :func:`_apply`, because which of them is accepted depends on the state, not the type."""


def check(state: RomaState, move: RomaMove) -> None:
    """Raise :class:`IllegalMove` when the rules forbid ``move`` now; return quietly when
    it is legal. Reads the state only."""
    if state.over:
        raise IllegalMove("roma.end", f"the game is over ({state.ended}); no more entries are taken", hint="undo the last entry if it was a mistake")
    if isinstance(move, POSITION_MOVES):
        check_position(state, move)
        return
    if state.picking:
        raise IllegalMove(
            "roma.position",
            f"the position block is not finished: '{move.notation()}' comes after 'position turn N NAME'",
            hint=block_hint(state),
        )
    if move.player not in state.seats:
        raise IllegalMove("roma.turn", f"'{move.player}' does not play in this game", hint="players: " + ", ".join(state.seats))
    if isinstance(move, Correct):
        check_correct(state, move)
        return
    if isinstance(move, Holds):
        check_holds(state, move)
        return
    if state.in_setup:
        check_setup(state, move)
        return
    if isinstance(move, (Start, Hand, Give, Place)):
        raise IllegalMove("roma.setup", f"the set-up is over; '{move.notation()}' is a set-up entry", hint=turn_hint(state))
    if move.player != state.player:
        raise IllegalMove(
            "roma.turn", f"it is {state.player}'s turn, not {move.player}'s", hint=turn_hint(state)
        )
    if state.battle is not None:
        if not isinstance(move, Battle):
            b = state.battle
            raise IllegalMove(
                "roma.battle",
                f"{state.player}'s {b.attacker} attack on disc {b.target} waits for the battle die",
                hint="battle N (the white die)",
            )
        check_battle(state, move)
        return
    if isinstance(move, Battle):
        raise IllegalMove("roma.battle", "no attack is waiting for the battle die", hint=turn_hint(state))
    if isinstance(move, Roll):
        check_roll(state, move)
        return
    if state.dice is None:
        raise IllegalMove(
            "roma.phase2.roll", f"{state.player} must roll the three action dice first", hint="roll A B C"
        )
    if isinstance(move, End):
        return
    rules = ACTIONS.get(type(move))
    if rules is not None:
        rules.check(state, move)


def apply(state: RomaState, move: RomaMove) -> RomaState:
    """The table after a checked entry, with the automatic steps it sets off (Phase 1 of the
    next turn, a reshuffle, the end of the game). ``state.last`` says what they did, and only
    for this entry: what the previous entry did is cleared first. ``ply`` counts the entries
    (the corrections' notes name theirs)."""
    new = _apply(state, move)
    return evolve(new, ply=state.ply + 1)


def _apply(state: RomaState, move: RomaMove) -> RomaState:
    """:func:`apply` without the count of entries."""
    if isinstance(move, POSITION_MOVES):
        return apply_position(_cleared(state), move)
    if isinstance(move, Correct):
        return apply_correct(_cleared(state), move)
    if isinstance(move, Holds):
        return apply_holds(_cleared(state), move)
    if state.in_setup:
        return apply_setup(_cleared(state), move)
    if isinstance(move, Roll):
        return evolve(state, dice=tuple(sorted(move.dice)), last="")
    if isinstance(move, End):
        return end_turn(_cleared(state))
    if isinstance(move, Battle):
        return finish(apply_battle(_cleared(state), move))
    state = evolve(state, acted=True, last="")
    return ACTIONS[type(move)].apply(state, move)


def _cleared(state: RomaState) -> RomaState:
    """The state without the report of the previous entry."""
    return evolve(state, last="") if state.last else state
