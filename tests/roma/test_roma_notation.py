"""Every kind of Roma entry: its notation parses back to an equal move."""

from __future__ import annotations

import pytest

from assistant.core.errors import InvalidEntry
from assistant.games.roma import RULESET

from_setup = [
    "start Ann",
    "hand Ann Legat Forum Tribunus Plebis Turris",
    "give Ben Nero Templum",
    "place Ann Legat 1 Forum 2 Tribunus Plebis 3 Turris 5",
]
in_turn = [
    "roll 3 4 6",
    "reroll 2 2 2",
    "lay Tribunus Plebis 4",
    "money 6",
    "cards 3 keep Legat",
    "cards 4 keep Legat discard Forum Tribunus Plebis Nero",
    "activate 4",
    "activate 7 die 3",
    "activate 2 vp 5",
    "activate 2 vp 5 6",
    "activate 3 target 5",
    "activate 5 copy Velites target 2",
    "activate 1 change 5 to 6",
    "activate 2 buy 3",
    "activate 3 take Nero",
    "activate 2 lay Forum 3 Turris 5",
    "activate 2 move Consiliarius 1 Legat 3",
    "activate 7 die 4 copy Consiliarius move Consiliarius 1 Scaenicus 7",
    "battle 4",
    "battle 3 add 5",
    "end",
]


@pytest.mark.parametrize("text", from_setup + in_turn)
def test_roma_notation_round_trip(text, table):
    state = RULESET.setup(["Ann", "Ben"], {}) if text in from_setup else table(dice=None).state
    move = RULESET.parse(state, text)
    assert move.notation() == text
    assert RULESET.parse(state, move.notation()) == move


@pytest.mark.parametrize(
    "text",
    ["", "roll 1 2", "roll 1 2 7", "money", "lay Legat", "activate", "activate 9", "cards 3 keep",
     "battle", "battle 3 plus", "activate 2 vp 1 2 3", "activate 1 change 5", "end now", "Zed money 3"],
)
def test_roma_notation_unreadable(text, table):
    with pytest.raises(InvalidEntry):
        RULESET.parse(table(dice=None).state, text)


def test_roma_notation_options():
    """Game checks the seats and options (core); setup trusts them."""
    from assistant.core.game import Game

    with pytest.raises(InvalidEntry):
        Game(RULESET, ["Ann", "Ben"], {"bribe": "maybe"})
    with pytest.raises(InvalidEntry):
        Game(RULESET, ["Ann", "Ben", "Cid"], {})
    assert Game(RULESET, ["Ann", "Ben"], {"bribe": "on"}).state.discs == 7
    assert RULESET.setup(["Ann", "Ben"], {"bribe": "on"}).discs == 7


def test_roma_notation_player_names_of_several_words():
    from assistant.core.game import Game

    game = Game(RULESET, ["Ann Marie", "Ben"], {})
    assert game.push("hand ann marie Legat Forum Forum Turris").text == "hand Ann Marie Legat Forum Forum Turris"
    game.push("hand Ben Nero Senator Templum Basilica")
    game.push("give Ann Marie Forum Turris")
    game.push("give Ben Nero Templum")
    game.push("start Ann Marie")
    assert game.push("place Legat 1 Forum 2 Nero 3 Templum 5").text == "place Ann Marie Legat 1 Forum 2 Nero 3 Templum 5"
    game.push("place Senator 1 Basilica 2 Forum 4 Turris 6")
    assert game.push("Ann Marie roll 3 4 6").move.player == "Ann Marie"


def test_roma_notation_guide_example_replays():
    """The example block of docs/notation/roma.md is accepted after a set-up."""
    from pathlib import Path

    from assistant.core.game import Game

    guide = (Path(__file__).resolve().parents[2] / "docs" / "notation" / "roma.md").read_text()
    block = guide.split("```")[1]
    lines = [line for line in block.splitlines() if line.strip()]
    game = Game(RULESET, ["Ann", "Ben"], {})
    for line in (
        "hand Ann Legat Forum Forum Turris",
        "hand Ben Nero Senator Templum Basilica",
        "give Ann Forum Turris",
        "give Ben Nero Templum",
        "start Ann",
        "place Ann Legat 1 Forum 2 Nero 3 Templum 5",
        "place Ben Senator 1 Basilica 2 Forum 4 Turris 6",
        *lines,
    ):
        game.push(line)
    assert game.state.player == "Ben" and game.state.vp == (10, 8)
