"""Battles (roma.battle): the battle die against the defence of the attacked card, with the
unused die a Centurio may add."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.roma.board import defence, defence_text
from assistant.games.roma.moves import Battle
from assistant.games.roma.rules.ledger import discard_from_board, say
from assistant.games.roma.rules.refusals import need_die
from assistant.games.roma.state import RomaState, evolve, remove_die


def check_battle(state: RomaState, move: Battle) -> None:
    """The battle die: a Centurio alone may add an unused die."""
    b = state.battle
    assert b is not None
    if move.add is not None:
        if not b.boost:
            raise IllegalMove(
                "roma.cards.centurio",
                f"only a Centurio may add an action die to the battle die, and {state.player}'s {b.attacker} attacks",
                hint=f"battle {move.roll}",
            )
        need_die(state, move.add, "add to the battle")


def apply_battle(state: RomaState, move: Battle) -> RomaState:
    """The battle die (plus a Centurio's added die) against the card's defence now: at
    least the defence discards the card."""
    b = state.battle
    assert b is not None and state.dice is not None
    total = move.roll
    if move.add is not None:
        total += move.add
        state = evolve(state, dice=remove_die(state.dice, move.add))
    opp = state.opponent
    needed = defence(state, opp, b.target)
    won = total >= needed
    working = defence_text(state, opp, b.target)
    roll = f"{move.roll} + {move.add} = {total}" if move.add is not None else str(total)
    result = "is discarded" if won else "holds"
    event = f"{b.attacker} attacks {state.seats[opp]}'s {working}: battle {roll}, the card {result}"
    state = evolve(state, battle=None)
    state = say(state, event)
    if won:
        state = discard_from_board(state, opp, b.target)
    return state
