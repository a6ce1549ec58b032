"""Random legal play: many seeded games through legal_moves, checking the engine's invariants
(simulate.check_invariants) after every entry and that replaying the record gives the same state."""

from __future__ import annotations

import random

import pytest

from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.roma import RULESET
from assistant.games.roma.simulate import check_invariants, choose, random_game

OPTIONS = ({}, {"bribe": "on"}, {"mercatus": "stockpile"}, {"bribe": "on", "mercatus": "stockpile"})


@pytest.mark.parametrize("seed", range(60))
def test_roma_random_play_invariants_and_replay(seed):
    options = OPTIONS[seed % len(OPTIONS)]
    game = random_game(seed, 2, options, max_turns=120)
    for state in game.states:
        assert check_invariants(state) == []
    text = write_record(game.to_record())
    again = Game.from_record(RULESET, read_record(text))
    assert again.state == game.state
    assert [e.text for e in again.entries] == [e.text for e in game.entries]


@pytest.mark.parametrize("seed", range(12))
def test_roma_random_legal_moves_are_legal_and_round_trip(seed):
    """Every listed move passes check, and its notation parses back to an equal move."""
    rng = random.Random(seed)
    game = Game(RULESET, ["Ann", "Ben"], OPTIONS[seed % len(OPTIONS)])
    while game.outcome() is None and game.state.turn < 40:
        state = game.state
        moves = list(RULESET.legal_moves(state))
        assert moves
        for move in moves:
            RULESET.check(state, move)
            assert RULESET.parse(state, move.notation()) == move, move.notation()
        game.push(choose(state, moves, rng).notation())
    assert list(RULESET.legal_moves(game.state)) == [] or game.outcome() is None


def test_roma_random_games_end():
    ended = [random_game(seed, 2, {}, max_turns=400).outcome() for seed in range(10)]
    assert all(o is not None for o in ended)
