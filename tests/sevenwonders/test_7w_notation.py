"""The 7 Wonders notation: every move kind prints a line that parses back to an equal move;
forgiving names and prefixes; payments said as coins or as resources; readable errors."""

from __future__ import annotations

import pytest

from assistant.core.errors import AmbiguousEntry, InvalidEntry
from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.moves import (
    Build,
    CopyGuild,
    Courtesan,
    LeaderHand,
    Pay,
    Pick,
    Recruit,
    Sell,
    SetBoard,
    Stage,
)
from sw_scenario import put, set_state, start
from assistant.games.sevenwonders.state import Due


def round_trip(game: Game, move: object) -> None:
    text = move.notation()  # type: ignore[attr-defined]
    assert RULESET.parse(game.state, text) == move, text


def test_7w_notation_round_trip_every_move_kind():
    boards = Game(RULESET, ["Ada", "Bob", "Cleo"], {})
    round_trip(boards, SetBoard("Ada", "Gizah", "B"))
    round_trip(boards, LeaderHand("Ada", ("Caesar", "Nero", "Midas", "Plato")))
    recruit = start("Gizah A", "Rhodes A", "Babylon A")
    put(recruit, "ada", cards=("Stone Pit",))
    round_trip(recruit, Recruit("ada", "Caesar"))
    round_trip(recruit, Stage("ada", "Zenobia"))
    round_trip(recruit, Stage("ada"))
    round_trip(recruit, Sell("ada", "Nero"))
    round_trip(recruit, Sell("ada"))
    turn = start("Olympia A", "Rhodes A", "Gizah A", leaders=False)
    put(turn, "ada", stages=2, coins=9)
    round_trip(turn, Build("ada", "Lumber Yard"))
    round_trip(turn, Build("ada", "Barracks", Pay(left=2)))
    round_trip(turn, Build("ada", "Baths", Pay(right=2)))
    round_trip(turn, Build("ada", "Scriptorium", None, True))
    put(turn, "ada", stages=1)
    put(turn, "cleo", cards=("Stone Pit",))
    round_trip(turn, Stage("ada", "Baths", Pay(right=4)))
    round_trip(turn, Sell("ada", "East Trading Post"))
    extra = start("Halikarnassos A", "Rhodes A", "Babylon A")
    set_state(extra, phase="extra", due=(Due(halikarnassos=1), Due(), Due()), pile=((1, "Baths"),))
    round_trip(extra, Pick("ada", "Baths"))
    round_trip(extra, Pick("ada", None))
    set_state(extra, due=(Due(rome=1), Due(), Due()))
    round_trip(extra, Recruit("ada", None))
    round_trip(extra, Recruit("ada", "Hannibal"))
    set_state(extra, due=(Due(courtesan=True), Due(), Due()))
    round_trip(extra, Courtesan("ada", "Caesar"))
    set_state(extra, due=(Due(copy=True), Due(), Due()))
    round_trip(extra, CopyGuild("ada", "Spies Guild"))
    round_trip(extra, CopyGuild("ada", None))


def test_7w_notation_forgiving_names():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    assert RULESET.parse(game.state, "a b lumber") == Build("ada", "Lumber Yard")
    assert RULESET.parse(game.state, "ADA BUILD lumber yard") == Build("ada", "Lumber Yard")
    assert RULESET.parse(game.state, "bo discard théâtre") == Sell("bob", "Theater")
    put(game, "ada", cards=("Stone Pit",))
    assert RULESET.parse(game.state, "ada w") == Stage("ada")
    game2 = Game(RULESET, ["Ada", "Bob", "Cleo"], {})
    assert RULESET.parse(game2.state, "bob board Halicarnassus b") == SetBoard("Bob", "Halikarnassos", "B")
    assert RULESET.parse(game2.state, "bob board giza-a") == SetBoard("Bob", "Gizah", "A")
    assert RULESET.parse(game2.state, "ada hand Arisztotelész, Nagy Sándor, caesar, nero").leaders == (
        "Aristotle",
        "Alexander",
        "Caesar",
        "Nero",
    )


def test_7w_notation_payment_as_resources_or_coins():
    game = start("Rhodes A", "Babylon A", "Gizah A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Loom",), coins=10)
    put(game, "cleo", cards=("Quarry",))
    assert RULESET.parse(game.state, "ada build Library pay right 2 stone").pay == Pay(right=4)
    assert RULESET.parse(game.state, "ada build Library pay right stone stone").pay == Pay(right=4)
    assert RULESET.parse(game.state, "ada build Library pay right 4").pay == Pay(right=4)
    assert RULESET.parse(game.state, "ada build Library").pay == Pay(right=4)


def test_7w_notation_player_left_out_when_one_is_awaited():
    game = start("Halikarnassos A", "Rhodes A", "Babylon A")
    set_state(game, phase="extra", due=(Due(halikarnassos=1), Due(), Due()), pile=((1, "Baths"),))
    assert RULESET.parse(game.state, "pick baths") == Pick("ada", "Baths")
    turn = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    with pytest.raises(InvalidEntry):
        RULESET.parse(turn.state, "build Baths")


def test_7w_notation_errors():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    for text in ("", "ada", "ada dance", "zed build Baths", "ada build", "ada build Baths pay 2", "ada sell Baths pay left 2"):
        with pytest.raises((InvalidEntry, AmbiguousEntry)):
            RULESET.parse(game.state, text)
    with pytest.raises(InvalidEntry) as info:
        RULESET.parse(game.state, "ada build Bathz")
    assert "Baths" in (info.value.hint or "")
    with pytest.raises(AmbiguousEntry):
        RULESET.parse(game.state, "ada build st")  # Stone Pit, Stockade, ...


def test_7w_notation_completions():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    words = RULESET.completions(game.state)
    assert {"build", "stage", "sell", "ada", "bob", "Lumber Yard", "Baths"} <= set(words)
    assert "Temple" not in words  # not an Age I card
    lead = start("Gizah A", "Rhodes A", "Babylon A")
    assert {"recruit", "Caesar"} <= set(RULESET.completions(lead.state))


def test_7w_notation_doc_examples_read():
    """Every entry line of the notation guide's Age-turn examples parses (names, verbs, pay)."""
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    for text in ("ada build Temple", "bob stage", "cleo sell Baths", "cleo sell", "ada build Palace free"):
        from assistant.games.sevenwonders import notation

        notation.read(game.state, text, ("ada", "bob", "cleo"))
