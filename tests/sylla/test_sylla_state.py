"""Sylla's state is frozen, as every game's is, and changes through one helper: ``edit`` gives
a Draft that a rule changes, ``freeze`` the new State (assistant/games/sylla/state.py)."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from assistant.games.sylla import RULESET
from assistant.games.sylla.simulate import random_game
from assistant.games.sylla.state import Draft, DraftPlayer, Player, State


@pytest.fixture(scope="module")
def game():
    return random_game(7, 4)


def test_sylla_state_cannot_be_changed(game):
    state = game.states[len(game.states) // 2]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.round = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.players[0].money = 99  # type: ignore[misc]
    with pytest.raises(TypeError):
        state.markers["civic"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        state.players[0].tokens["civic"] = 5  # type: ignore[index]
    with pytest.raises(TypeError):
        state.events[0].cubes["Red"] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        state.log.append("x")  # type: ignore[attr-defined]


def test_sylla_state_edit_and_freeze_keep_every_field(game):
    """``edit`` and ``freeze`` build their objects field by field: none is lost or added, and a
    state frozen from its own draft is equal to it (``shown`` starts empty in a draft)."""
    state_fields = {f.name for f in dataclasses.fields(State)}
    player_fields = {f.name for f in dataclasses.fields(Player)}
    draft_fields = state_fields - {"players"} | {"stored_players", "drafted"}  # players drafted when reached
    assert draft_fields == {f.name for f in dataclasses.fields(Draft)}
    assert player_fields == {f.name for f in dataclasses.fields(DraftPlayer)}
    for state in game.states:
        draft = state.edit()
        assert isinstance(draft, Draft) and set(vars(draft)) == draft_fields
        assert all(isinstance(p, DraftPlayer) and set(vars(p)) == player_fields for p in draft.players)
        again = draft.freeze()
        assert isinstance(again, State) and set(vars(again)) == state_fields
        assert again == dataclasses.replace(state, shown=())


def test_sylla_state_draft_shares_nothing_mutable(game):
    state = game.states[len(game.states) // 2]
    before = copy.deepcopy(state)
    draft = state.edit()
    draft.round += 1
    draft.markers["civic"] = 0
    draft.log.append("changed")
    draft.players[0].money += 7
    draft.players[0].tokens["civic"] += 1
    draft.events[0].cubes["nobody"] = 3
    assert state == before
    frozen = draft.freeze()
    assert frozen != state
    kept = copy.deepcopy(frozen)
    draft.markers["civic"] = 1
    draft.players[0].tokens["civic"] += 1
    draft.events[0].cubes["nobody"] = 4
    assert frozen == kept  # a frozen state holds its own copies


def test_sylla_state_draft_copies_only_the_players_reached(game):
    state = game.states[len(game.states) // 2]
    draft = state.edit()
    draft.player(state.seats[1]).money += 1
    after = draft.freeze()
    assert after.players[0] is state.players[0] and after.players[2] is state.players[2]
    assert after.players[1] is not state.players[1]
    assert after.player(state.seats[1]).money == state.player(state.seats[1]).money + 1


def test_sylla_state_deepcopy_is_equal_and_independent(game):
    state = game.states[-1]
    twin = copy.deepcopy(state)
    assert twin == state and twin is not state
    assert twin.markers is not state.markers and twin.players[0].tokens is not state.players[0].tokens


def test_sylla_state_apply_returns_a_new_state(game):
    for state, entry in zip(game.states[:40], game.entries):
        before = copy.deepcopy(state)
        after = RULESET.apply(state, entry.move)
        assert isinstance(after, State) and after is not state
        assert state == before
