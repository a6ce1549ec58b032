"""The rules of the toy game (tests/toygame.py, "Pebbles"), one test per rule id, through the
engine: what the generic tests of every registered game do not pin down by themselves."""

from __future__ import annotations

import pytest

from assistant.core.errors import EntryError, IllegalMove, InvalidEntry, TableError
from assistant.core.game import Game
from toygame import RULESET


def game(*texts: str, seats: tuple[str, ...] = ("Ann", "Ben", "Cy"), pile: str = "10") -> Game:
    """A game of Pebbles with ``texts`` entered."""
    played = Game(RULESET, list(seats), {"pile": pile})
    for text in texts:
        played.push(text)
    return played


def refused(played: Game, text: str) -> EntryError:
    """The refusal of ``text``; the game is left as it was."""
    before, ply = played.state, played.ply
    with pytest.raises(EntryError) as caught:
        played.push(text)
    assert played.state is before and played.ply == ply
    return caught.value


def test_toy_setup_pile_option_and_player_count():
    assert game(pile="1").state.pile == 1 and game(pile="100").state.pile == 100
    assert Game(RULESET, ["Ann", "Ben"], {}).state.pile == 15  # the default pile
    for pile in ("0", "101", "x", "٣", "1e3"):
        with pytest.raises(InvalidEntry) as caught:
            game(pile=pile)
        assert caught.value.rule == "toy.setup", pile
    with pytest.raises(EntryError):
        game(seats=("Ann",))
    with pytest.raises(EntryError):
        game(seats=("Ann", "Ben", "Cy", "Dora", "Eve", "Fay"))
    assert game(seats=("Ann", "Ben", "Cy", "Dora", "Eve")).state.current == "Ann"  # the first named begins


def test_toy_take_one_to_three_never_more_than_left():
    played = game("take 3", "Ben take 2")
    assert played.state.pile == 5 and played.state.taken == (3, 2, 0)
    assert refused(played, "take 4").rule == "toy.take"
    assert refused(played, "take 0").rule == "toy.take"
    assert refused(played, "Ann take 1").rule == "toy.take"  # Cy's turn
    short = game("take 3", "take 3", "take 3")  # 1 left
    error = refused(short, "take 2")
    assert error.rule == "toy.take" and error.message == "only 1 pebbles are left" and error.hint == "take 1"
    assert isinstance(refused(short, "take ፩"), InvalidEntry)  # a digit int() cannot read


def test_toy_pass_once_per_game():
    played = game("pass")
    assert played.state.passed == (True, False, False) and played.state.pile == 10 and played.state.current == "Ben"
    played.push("take 1")
    played.push("take 1")
    error = refused(played, "pass")
    assert isinstance(error, IllegalMove) and error.rule == "toy.pass" and "already passed" in error.message
    assert "Ann pass" not in [move.notation() for move in RULESET.legal_moves(played.state)]


def test_toy_end_whoever_takes_the_last_pebble_loses():
    played = game("take 3", "take 3", "take 3", "take 1")
    assert played.state.loser == "Ann"
    assert played.outcome().reason == "Ann took the last pebble"
    assert refused(played, "take 1").rule == "core.over"  # the program refuses first
    with pytest.raises(IllegalMove) as caught:
        RULESET.check(played.state, RULESET.parse(played.state, "Ben take 1"))
    assert caught.value.rule == "toy.end"  # and the ruleset itself
    assert list(RULESET.legal_moves(played.state)) == []


def test_toy_score_taken_plus_ten_and_tie_break():
    played = game("take 1", "pass", "take 1", "take 3", "take 2", "take 1", "take 1", pile="9")
    sheet = played.score()
    assert sheet.totals == {"Ann": 5, "Ben": 12, "Cy": 12}
    assert sheet.winners == ("Cy",)  # Ben passed: Cy wins the tie
    assert played.outcome().winners == ("Cy",)


def test_toy_table_keys_and_score():
    played = game("take 3", "pass", "take 3", "take 3", "take 1")
    table = RULESET.table_from_state(played.state)
    assert table["players"][0] == {"name": "Ann", "taken": 6, "lost": False, "passed": False}
    assert RULESET.score_table(table).totals == played.score().totals
    table["players"][1]["coins"] = 3
    with pytest.raises(TableError) as caught:
        RULESET.score_table(table)
    assert [(p.rule, p.player) for p in caught.value.problems] == [("toy.table", "Ben")]
    assert "unknown key 'coins'" in caught.value.problems[0].message
