"""Phase II (sylla.phase2.recruit): from the Consul clockwise each player takes one character
from the display; the table enters the card he takes (type, fish, hexagons, set)."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import CharacterSpec, check_character, check_set_counts, facts
from assistant.games.sylla.rules.setup import add_character, all_characters, notes_checks
from assistant.games.sylla.state import AnyState, Draft, State


def start(state: Draft) -> None:
    """Phase II begins: one recruit each, clockwise from the Consul."""
    state.phase = "II"
    state.step = "II.recruit"
    assert state.consul is not None
    state.order = state.clockwise_from(state.consul)
    state.turn = 0


def display_size(state: State) -> int:
    """How many characters the display holds (6; 5 with 3 players)."""
    return int(facts()["recruit_display"][str(len(state.seats))])


def check_display(state: State, move: m.DisplayMove) -> None:
    """sylla.phase2.recruit / sylla.3p.recruit: the display is entered before recruitment."""
    if not (state.phase in ("setup", "I") or state.step == "VII.tiles"):
        raise IllegalMove("sylla.phase2.recruit", "the display is entered before recruitment (at setup, at the end of a round or in phase I)")
    if state.display is not None:
        raise IllegalMove("sylla.phase2.recruit", "this round's display is already entered",
                          hint="to correct it, undo the display entry (assistant undo ID)")
    want = display_size(state)
    if len(move.cards) != want:
        rule = "sylla.3p.recruit" if len(state.seats) == 3 else "sylla.phase2.recruit"
        raise IllegalMove(rule, f"the display holds {want} characters with {len(state.seats)} players, not {len(move.cards)}")
    for spec in move.cards:
        check_character(spec, "the display", notes=notes_checks(state))
    check_set_counts(all_characters(state), list(move.cards), "the display", notes=notes_checks(state))


def matching(state: AnyState, spec: CharacterSpec) -> int | None:
    """The display position of the card ``spec`` describes (the set may be left out)."""
    for i, card in enumerate(state.display or []):
        if (card.kind, card.christian, card.hexes) == (spec.kind, spec.christian, spec.hexes) and spec.set in (None, card.set):
            return i
    return None


def check(state: State, move: object) -> None:
    """Judge a recruit: the player's turn, a possible card, one lying in the display when it was entered."""
    if not isinstance(move, m.RecruitMove):
        raise IllegalMove("sylla.phase2.recruit", f"recruitment: {state.actor} takes a character from the display",
                          hint=f"{state.actor} recruits senator ry II")
    if move.player != state.actor:
        raise IllegalMove("sylla.phase2.recruit", f"it is {state.actor}'s turn to recruit, not {move.player}'s (one each, clockwise from the Consul)",
                          hint=f"{state.actor} recruits ..." if state.display is None else
                          "the display: " + ", ".join(f"{i + 1}: {c.text()}" for i, c in enumerate(state.display)))
    check_character(move.card, move.player, notes=notes_checks(state))
    if state.display is not None:
        if matching(state, move.card) is None:
            raise IllegalMove("sylla.phase2.recruit", f"no {move.card.text()} lies in the display",
                              hint="the display: " + ", ".join(f"{i + 1}: {c.text()}" for i, c in enumerate(state.display)))
        alike = [c for c in state.display if (c.kind, c.christian, c.hexes) == (move.card.kind, move.card.christian, move.card.hexes)]
        if move.card.set is None and len({c.set for c in alike}) > 1:
            raise IllegalMove("sylla.phase2.recruit", f"{len(alike)} cards '{move.card.text()}' of different sets lie in the display; say which",
                              hint=" or ".join(f"{move.player} recruits {c.text()}" for c in alike))
    if len(all_characters(state)) >= facts()["characters"]["total"]:
        raise IllegalMove("sylla.data.characters", "all 40 characters are already in play")
    check_set_counts(all_characters(state), [move.card], move.player, notes=notes_checks(state))


def apply_display(state: Draft, move: m.DisplayMove) -> None:
    """Record the display entered for this round."""
    state.display = list(move.cards)
    state.note("display: " + ", ".join(c.text() for c in move.cards))


def apply(state: Draft, move: object) -> None:
    """The player takes the character (from the display when entered); after the last, the display goes."""
    assert isinstance(move, m.RecruitMove)
    spec = move.card
    if state.display is not None:
        i = matching(state, spec)
        assert i is not None
        spec = state.display.pop(i)
    card = add_character(state, state.player(move.player), spec)
    state.note(f"{move.player} recruits {card.describe()}")
    state.turn += 1
    if state.turn >= len(state.order):
        state.display = None  # the rest goes under the deck
        state.step = "done"
