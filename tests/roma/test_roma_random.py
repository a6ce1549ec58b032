"""Random legal play: many seeded games through legal_moves, checking the invariants after
every entry and that replaying the record gives the same state."""

from __future__ import annotations

import random

import pytest

from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.roma import RULESET
from assistant.games.roma.simulate import choose, play_game
from assistant.games.roma.state import TOTAL_VP

OPTIONS = ({}, {"bribe": "on"}, {"mercatus": "stockpile"}, {"bribe": "on", "mercatus": "stockpile"})


def check_invariants(state) -> None:
    assert sum(state.vp) + state.stockpile == TOTAL_VP + state.credited
    assert state.credited == 0 or state.over
    assert state.stockpile >= 0 and min(state.vp) >= 0
    assert state.card_total() == 52
    assert min(state.money) >= 0
    assert state.draw >= 0 and state.unknown_discards >= 0
    assert all(n >= 0 for n in state.unseen_counts().values())
    if state.dice is not None:
        assert len(state.dice) <= 3 and all(1 <= d <= 6 for d in state.dice)


@pytest.mark.parametrize("seed", range(60))
def test_roma_random_play_invariants_and_replay(seed):
    options = OPTIONS[seed % len(OPTIONS)]
    game = play_game(RULESET, seed, options, max_turns=120)
    for state in game.states:
        check_invariants(state)
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
    ended = [play_game(RULESET, seed, {}, max_turns=400).outcome() for seed in range(10)]
    assert all(o is not None for o in ended)
