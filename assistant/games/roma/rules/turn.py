"""The frame of a turn: Phase 1 (1 VP per empty own disc), Phase 2 (the three action dice and
the re-roll of a triple) and the end of the turn."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.roma.board import die_text, may_reroll
from assistant.games.roma.moves import Roll
from assistant.games.roma.rules.ledger import book, finish, say
from assistant.games.roma.rules.refusals import turn_hint
from assistant.games.roma.state import RomaState, evolve, with_item


def check_roll(state: RomaState, move: Roll) -> None:
    """A roll once per turn; a re-roll only of a triple before any action."""
    if not move.reroll:
        if state.dice is not None:
            hint = "reroll A B C" if may_reroll(state) else turn_hint(state)
            raise IllegalMove("roma.phase2.roll", f"{state.player} has already rolled this turn", hint=hint)
        return
    if state.dice is None:
        raise IllegalMove("roma.phase2.reroll", f"{state.player} has not rolled yet", hint="roll A B C")
    if not may_reroll(state):
        if state.acted:
            reason = "actions have already been taken this turn"
        else:
            reason = f"the dice {die_text(state.dice)} are not a triple"
        raise IllegalMove("roma.phase2.reroll", f"{state.player} may not re-roll: {reason}", hint=turn_hint(state))


def phase_one(state: RomaState) -> RomaState:
    """1 VP per empty own disc goes back to the stockpile (never more than the player has, A5)."""
    me = state.active
    empty = state.empty_discs(me)
    if not empty:  # nothing to pay: nothing to say (issue 23, D23: "has 0 empty discs and pays 0 VP")
        return state
    owed = min(empty, state.vp[me])
    event = f"Phase 1: {state.seats[me]} has {empty} empty disc{'s' if empty != 1 else ''} and pays {owed} VP"
    if owed < empty:
        event += f" (owes {empty}, has only {state.vp[me]}: ruling A5)"
    state = say(state, event, vp=with_item(state.vp, me, state.vp[me] - owed), stockpile=state.stockpile + owed)
    return book(state, me, "empty discs", -owed)


def end_turn(state: RomaState) -> RomaState:
    """The turn passes: unused dice are lost, Essedum and the player's blocked discs end,
    and the next player's Phase 1 follows at once."""
    me = state.active
    state = evolve(
        state,
        active=1 - me,
        turn=state.turn + 1,
        dice=None,
        acted=False,
        essedum=0,
        battle=None,
        blocked=with_item(state.blocked, me, frozenset()),
    )
    return finish(phase_one(state))
