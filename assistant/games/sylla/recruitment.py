"""Phase II (sylla.phase2.recruit): from the Consul clockwise each player takes one character
from the display; the table enters the card he takes (type, fish, hexagons, set)."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import check_character, check_set_counts, facts
from assistant.games.sylla.setup import add_character, all_characters
from assistant.games.sylla.state import State


def start(state: State) -> None:
    state.phase = "II"
    state.step = "II.recruit"
    assert state.consul is not None
    state.order = state.clockwise_from(state.consul)
    state.turn = 0


def check(state: State, move: object) -> None:
    if not isinstance(move, m.RecruitMove):
        raise IllegalMove("sylla.phase2.recruit", f"recruitment: {state.actor} takes a character from the display",
                          hint=f"{state.actor} recruits senator ry II")
    if move.player != state.actor:
        raise IllegalMove("sylla.phase2.recruit", f"it is {state.actor}'s turn to recruit, not {move.player}'s")
    check_character(move.card, move.player)
    if len(all_characters(state)) >= facts()["characters"]["total"]:
        raise IllegalMove("sylla.data.characters", "all 40 characters are already in play")
    check_set_counts(all_characters(state), [move.card], move.player)


def apply(state: State, move: object) -> None:
    assert isinstance(move, m.RecruitMove)
    card = add_character(state, state.player(move.player), move.card)
    state.note(f"{move.player} recruits {card.describe()}")
    state.turn += 1
    if state.turn >= len(state.order):
        state.step = "done"
