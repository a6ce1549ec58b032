"""Roma's rule ids that no test was named after (tests/test_rule_ids.py), each checked through
the engine: the start player (``roma.setup.start``) and the checks of a play logged from its
end (``roma.sheet.vp``, ``roma.sheet.end``)."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry, TableError
from assistant.core.game import Game
from assistant.core.sheets import PlaySheet
from assistant.games.roma import RULESET

HANDS = [
    "hand Ann Legat Forum Forum Turris",
    "hand Ben Nero Senator Templum Basilica",
    "give Ann Forum Turris",
    "give Ben Nero Templum",
]


def swapped() -> Game:
    """A game of Roma after the dealt hands and the swap: the start player is named next."""
    game = Game(RULESET, ["Ann", "Ben"], {})
    for line in HANDS:
        game.push(line)
    return game


def sheet_rules(totals: dict[str, int]) -> list[str]:
    """The rule ids of the problems of a logged play with these VP (empty: accepted)."""
    try:
        RULESET.check_sheet(PlaySheet("roma", tuple(totals), {name: {"vp": vp} for name, vp in totals.items()}))
    except TableError as exc:
        return sorted({problem.rule for problem in exc.problems})
    return []


def test_roma_setup_start_the_start_player_is_named_once():
    game = swapped()
    game.push("start Ben")
    assert game.state.seats[game.state.starter] == "Ben"
    with pytest.raises(IllegalMove) as caught:
        game.push("start Ann")
    assert caught.value.rule == "roma.setup.start" and "Ben was already named" in caught.value.message
    # the start player lays out first
    with pytest.raises(IllegalMove) as caught:
        game.push("place Ann Legat 1 Forum 2 Nero 3 Templum 5")
    assert caught.value.rule == "roma.setup.place"


def test_roma_setup_start_takes_only_the_player_who_begins():
    game = swapped()
    with pytest.raises(InvalidEntry) as caught:
        game.push("start Ann Ben")
    assert caught.value.rule == "roma.setup.start"
    assert game.state.starter is None


def test_roma_sheet_vp_nobody_holds_fewer_than_zero():
    assert sheet_rules({"Ann": -1, "Ben": 37}) == ["roma.sheet.vp"]
    assert sheet_rules({"Ann": 0, "Ben": 30}) == []  # Ann lost her last VP: the game ended


def test_roma_sheet_end_unless_a_player_is_at_zero_all_36_vp_are_held():
    assert sheet_rules({"Ann": 20, "Ben": 15}) == ["roma.sheet.end"]
    assert sheet_rules({"Ann": 21, "Ben": 15}) == []  # the stockpile ran out: 36 VP held
    assert sheet_rules({"Ann": 25, "Ben": 14}) == []  # more: the last payout was credited
    sheet = RULESET.check_sheet(PlaySheet("roma", ("Ann", "Ben"), {"Ann": {"vp": 18}, "Ben": {"vp": 18}}))
    assert sheet.winners == ("Ann", "Ben")  # equal VP is a draw
