"""Random legal play: many seeded games through legal_moves, checking invariants after
every entry and the replay and scoring paths at the end."""

from __future__ import annotations

import random

import pytest

from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.sevenwonders import RULESET, deck
from assistant.games.sevenwonders.legal import legal_moves_for
from assistant.games.sevenwonders.state import awaited
from assistant.games.sevenwonders.simulate import choose


def check_invariants(game: Game) -> None:
    state = game.state
    for city in state.cities:
        assert city.coins >= 0 and 0 <= city.income <= city.coins
        assert len(set(city.cards)) == len(city.cards)  # 7w.build.unique
        assert city.hand_size >= 0
        if city.wonder:
            assert city.stages <= len(city.board.stages)
    for age in (1, 2, 3):
        for name in set(state.named[age - 1]):
            assert deck.copies_left(state, name, age, pending=False) >= 0
    played = [name for c in state.cities for name in c.named_leaders]
    assert len(played) == len(set(played))  # each leader exists once
    for city in state.cities:
        assert set(city.leaders) <= set(city.named_leaders)


@pytest.mark.parametrize("seed", range(24))
def test_7w_random_play(seed: int) -> None:
    rng = random.Random(seed)
    players = 3 + seed % 5
    leaders = seed % 4 != 3
    seats = ["Ada", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus"][:players]
    game = Game(RULESET, seats, {"leaders": "true" if leaders else "false"})
    while game.outcome() is None:
        waiting = awaited(game.state)
        assert waiting, game.state.phase_label
        player = rng.choice(waiting)
        moves = list(legal_moves_for(game.state, player))
        assert moves, f"no legal entry for {player} in {game.state.phase_label}"
        move = choose(rng, moves)
        text = move.notation()
        assert RULESET.parse(game.state, text) == move  # the notation reads back
        game.push(text)
        check_invariants(game)
    state = game.state
    assert state.phase == "over"
    assert all(len(c.cards) <= 18 + 6 for c in state.cities)
    # replay equals the live state
    replayed = Game.from_record(RULESET, read_record(write_record(game.to_record())))
    assert replayed.state == state
    # the tracked score equals the quick scoring of the same table
    tracked = RULESET.score(state).to_json()
    table = RULESET.score_table(RULESET.table_from_state(state)).to_json()
    assert tracked == table
    assert game.outcome().winners == tuple(RULESET.score(state).winners)


POWER_BOARDS = (
    ["Olympia B", "Babylon B", "Halikarnassos B", "Rome B", "Rhodes B", "Alexandria B", "Ephesus B"],
    ["Olympia A", "Halikarnassos A", "Babylon B", "Rome B", "Gizah B", "Rhodes A", "Alexandria A"],
)


@pytest.mark.parametrize("seed", range(8))
def test_7w_random_play_with_power_boards(seed: int) -> None:
    """Boards whose powers add extra steps (7th card, discard-pile builds, Rome B's leaders,
    Olympia's free build and copy) on every seat, so those paths run every time."""
    from assistant.games.sevenwonders.simulate import random_game

    players = 3 + seed % 5
    boards = POWER_BOARDS[seed % 2][:players]
    game = random_game(seed, players, {"leaders": "true", "boards": ", ".join(boards)})
    assert game.state.phase == "over"
    check_invariants(game)
    replayed = Game.from_record(RULESET, read_record(write_record(game.to_record())))
    assert replayed.state == game.state
    assert RULESET.score(game.state).to_json() == RULESET.score_table(RULESET.table_from_state(game.state)).to_json()
