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


@pytest.mark.parametrize("name, seed", [("seven-players-leaders.txt", 3), ("three-players-leaders.txt", 0)])
def test_7w_simulate_replays_the_recorded_random_games(name, seed):
    """``simulate.random_game`` is deterministic: the seeds of the kept records give their
    entries again."""
    from pathlib import Path

    from assistant.games.sevenwonders.simulate import random_game

    record = read_record((Path(__file__).resolve().parents[1] / "records" / "7wonders" / name).read_text(encoding="utf-8"))
    game = random_game(seed, len(record.players), {"boards": record.headers["Boards"]}, draft=False)  # recorded before the draft was tracked
    assert [e.text for e in game.entries] == [line.text for line in record.entries if line.text]


def test_7w_simulate_invariants_see_a_broken_state():
    """``check_invariants`` is empty on a played game and names what a broken state breaks."""
    from dataclasses import replace

    from assistant.games.sevenwonders.simulate import check_invariants, random_game

    state = random_game(5, 4, {"leaders": "true"}, draft=False).state
    assert check_invariants(state) == []
    ada = state.cities[0]
    broken = state.with_city(0, replace(ada, coins=-1, cards=(*ada.cards, ada.cards[0]), leaders=(*ada.leaders, "Pericles")))
    bob = state.cities[1]
    broken = broken.with_city(1, replace(bob, leaders=(*bob.leaders, "Pericles"), named_leaders=(*bob.named_leaders, "Pericles")))
    found = " | ".join(check_invariants(broken))
    assert "Ada has -1 coins" in found
    assert "holds a structure twice" in found
    assert "Pericles is recruited by 2 players" in found
    assert "never left the hand" in found
    extra = replace(state, named=(state.named[0], state.named[1], (*state.named[2], "Spies Guild", "Spies Guild")))
    assert any("Spies Guild" in line for line in check_invariants(extra))


def test_7w_parse_reads_and_check_judges_an_unpayable_build():
    """``parse`` never refuses for the rules: an unpayable build is read (its payment as said)
    and ``check`` refuses it with the rule and the reason; the state is untouched."""
    from assistant.core.errors import IllegalMove
    from assistant.games.sevenwonders.moves import Build, Said
    from sw_scenario import put, start

    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", coins=0)
    state = game.state
    assert RULESET.parse(state, "ada build Baths") == Build("ada", "Baths")  # Gizah makes its stone
    move = RULESET.parse(state, "ada build Stockade pay left 2")
    assert move == Build("ada", "Stockade", Said(left=2, right=0, bank_purchase=0))
    with pytest.raises(IllegalMove) as info:
        RULESET.check(state, move)
    assert info.value.rule == "7w.build.cost"
    assert info.value.message == "ada cannot pay for Stockade: it needs wood and lacks 1 wood, even buying every resource the neighbours sell"
    assert game.state == state
