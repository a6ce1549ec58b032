"""Every example line of docs/notation/7wonders.md is accepted by the engine in a suitable
position: the lines are extracted from the guide itself, so an example added to the guide
without a position here fails, and an example the engine refuses fails."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET
from sw_scenario import play, put, set_state, start

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "notation" / "7wonders.md"


def guide_blocks() -> list[list[str]]:
    """The code blocks of the guide, as lists of entry lines without comments."""
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(.*?)```", text, re.S)
    out = []
    for block in blocks:
        lines = [line.split("#", 1)[0].strip() for line in block.splitlines()]
        out.append([line for line in lines if line])
    return out


# -- positions -------------------------------------------------------------------------------
# Boards: ada Rhodes A (ore), bob Alexandria A (glass), cleo Gizah A (stone) unless said.
BASE = ("Rhodes A", "Alexandria A", "Gizah A")


def recruitment() -> Game:
    game = start("Gizah A", "Rhodes A", "Babylon A")
    put(game, "bob", cards=("Lumber Yard", "Timber Yard"))  # Rhodes A stage 1: 2 wood
    return game


def after_recruitment(*boards: str) -> Game:
    game = start(*boards)
    for player in game.state.seats:
        game.push(f"{player} sell")
    return game


def age(n: int, *boards: str, **ada) -> Game:
    game = after_recruitment(*(boards or BASE))
    set_state(game, age=n)
    if ada:
        put(game, "ada", **ada)
    return game


def temple() -> Game:
    game = age(2, cards=("Lumber Yard", "Clay Pool"), coins=5)  # glass from bob, the one seller
    return game


def library() -> Game:
    return age(2, cards=("Stone Pit", "Loom"), coins=5)  # 1 stone more, from cleo (right)


def university() -> Game:
    game = age(3, cards=("Lumber Yard", "Press"), coins=5)  # glass from bob, wood from cleo
    put(game, "cleo", cards=("Lumber Yard",))
    return game


def stables() -> Game:
    game = age(2, cards=(), leaders=("Bilkis",), coins=5)  # ore own; wood from bob; clay bank
    put(game, "bob", cards=("Lumber Yard",))
    return game


def palace_free() -> Game:
    return age(3, "Olympia A", "Alexandria A", "Gizah A", stages=2)


def bob_stage() -> Game:
    game = age(1)
    put(game, "bob", cards=("Stone Pit", "Quarry"))  # Alexandria A stage 1: 2 stone
    return game


def bob_stage_baths() -> Game:
    game = age(1)
    put(game, "bob", cards=("Stone Pit",))  # the second stone from cleo (bob's left)
    return game


def seventh_card() -> Game:
    game = age(2, "Babylon B", "Rhodes A", "Gizah A", stages=2, cards=("Clay Pool", "Press"))
    set_state(game, turn=6)
    play(game, "ada sell", "bob sell", "cleo sell")
    return game


def rome_extra() -> Game:
    game = after_recruitment("Rome B", "Rhodes A", "Babylon A")
    put(game, "ada", stages=1, cards=("Stone Pit", "Clay Pool", "Loom"), hand=("Hannibal", "Sappho"), hand_size=2)
    play(game, "ada stage", "bob sell", "cleo sell")
    return game


def halikarnassos_pick() -> Game:
    game = age(1, "Halikarnassos A", "Rhodes A", "Babylon A", stages=1, cards=("Ore Vein", "Foundry"))
    set_state(game, pile=((1, "Baths"),))
    play(game, "ada stage", "bob sell", "cleo sell")
    return game


def courtesan() -> Game:
    game = age(3, cards=("Lumber Yard", "Clay Pool", "Glassworks", "Loom"), coins=0)
    put(game, "bob", leaders=("Caesar",))
    play(game, "ada build Courtesans Guild", "bob sell", "cleo sell")
    return game


def olympia_copy() -> Game:
    game = age(3, "Olympia B", "Rhodes A", "Gizah A", stages=3)
    set_state(game, turn=6)
    put(game, "bob", cards=("Spies Guild",))
    play(game, "ada sell", "bob sell", "cleo sell")
    return game


def age1() -> Game:
    return age(1)


def two_players_boards() -> Game:
    game = Game(RULESET, ["Ann", "Ben"], {"leaders": "true"})
    play(game, "Ann board Gizah A", "Ben board Rhodes B")
    return game


def two_players_turn1() -> Game:
    game = Game(RULESET, ["Ann", "Ben"], {"leaders": "true", "boards": "Gizah A, Rhodes B, Babylon A"})
    play(game, "Ann sell", "Ben sell")
    return game


def two_players_free_city() -> Game:
    return play(two_players_turn1(), "Ann build Baths")


POSITIONS: dict[str, Callable[[], Game]] = {
    "ada leaders Caesar, Nero, Midas, Plato": lambda: start("Gizah A", "Rhodes A", "Babylon A", draft=True),
    "ada keep Caesar": lambda: play(start("Gizah A", "Rhodes A", "Babylon A", draft=True), "ada leaders Caesar, Nero, Midas, Plato"),
    "bob keep ?": lambda: start("Gizah A", "Rhodes A", "Babylon A", draft=True),
    "draft": lambda: start("Gizah A", "Rhodes A", "Babylon A", draft=True),
    "ada recruit Caesar": recruitment,
    "bob stage Zenobia": recruitment,
    "bob stage": recruitment,
    "cleo sell Nero": recruitment,
    "ada build Temple": temple,
    "ada build Library pay right stone": library,
    "ada build University pay left 2 right 2": university,
    "ada build University pay Bob 2 Cleo 2": university,
    "ada build Library buy stone from Cleo": library,
    "ada build University buy wood from Cleo, glass from Bob": university,
    "ada build Stables pay left wood bank clay": stables,
    "ada build Palace free": palace_free,
    "ada build Sawmill pay": lambda: age(2, "Olympia A", "Alexandria A", "Gizah A", stages=2),
    "bob stage Baths pay left 2": bob_stage_baths,
    "cleo sell Baths": age1,
    "ada build Laboratory": seventh_card,
    "ada recruit Hannibal": rome_extra,
    "ada pick Baths": halikarnassos_pick,
    "ada courtesan Caesar": courtesan,
    "ada copy Spies Guild": olympia_copy,
    "ada copy best": olympia_copy,
    "Free City board Babylon A": two_players_boards,
    "Ann build Baths": two_players_turn1,
    "Free City build Altar": two_players_free_city,
    "Ann for Free City build Altar": two_players_free_city,
    "Ben build Stone Pit": two_players_turn1,
}
# 'bob stage' appears in the Recruitment block and in the Age-turn block.
AGE_TURN_POSITIONS = {"bob stage": bob_stage}


def cases() -> list[tuple[str, str]]:
    out = []
    for block in guide_blocks():
        if block[0].startswith("ada board"):
            out.append(("boards", "\n".join(block)))
        elif block[0].startswith("Game:"):
            out.append(("record", "\n".join(block)))
        else:
            kind = "age" if block[0] == "ada build Temple" else "line"
            out += [(kind, line) for line in block]
    return out


def test_7w_notation_guide_has_examples() -> None:
    kinds = {k for k, _ in cases()}
    assert kinds == {"boards", "record", "line", "age"}
    assert len(cases()) >= 20


@pytest.mark.parametrize("kind,text", cases())
def test_7w_notation_guide_example_accepted(kind: str, text: str) -> None:
    if kind == "boards":
        game = Game(RULESET, ["ada", "bob", "cleo"], {"leaders": "true"})
        for line in text.splitlines():
            game.push(line)
        assert game.state.phase == "draft"  # 7w.leaders.draft: the leader draft comes first
        assert [f"{c.wonder} {c.side}" for c in game.state.cities] == ["Gizah A", "Rhodes B", "Halikarnassos A"]
        return
    if kind == "record":
        lines = text.splitlines()
        header = dict(line.split(": ", 1) for line in lines if ": " in line and line.split(":")[0].istitle())
        entries = [line for line in lines if ": " not in line and line != "..."]
        players = [p.strip() for p in header["Players"].split(",")]
        options = dict(item.strip().split("=", 1) for item in header["Options"].split(","))
        game = Game(RULESET, players, {**options, "boards": header["Boards"]})
        play(game, *entries)
        assert len(game.entries) == len(entries)
        return
    positions = dict(POSITIONS)
    if kind == "age":
        positions.update(AGE_TURN_POSITIONS)
    assert text in positions, f"no position for the guide's example {text!r}"
    game = positions[text]()
    before = len(game.entries)
    game.push(text)
    assert len(game.entries) == before + 1
    # what was stored reads back to the same move
    entry = game.entries[-1]
    assert RULESET.parse(game.states[-2], entry.move.notation()) == entry.move


@pytest.mark.parametrize(
    "short,long",
    [("ada b Baths", "ada build Baths"), ("bob w", "bob stage"), ("bob wonder", "bob stage"),
     ("cleo d Baths", "cleo sell Baths"), ("cleo discard Baths", "cleo sell Baths")],
)
def test_7w_notation_guide_short_forms(short: str, long: str) -> None:
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "bob", cards=("Lumber Yard", "Timber Yard"))
    assert RULESET.parse(game.state, short) == RULESET.parse(game.state, long)


def test_7w_notation_guide_short_form_recruit() -> None:
    game = start("Gizah A", "Rhodes A", "Babylon A")
    assert RULESET.parse(game.state, "ada r Caesar") == RULESET.parse(game.state, "ada recruit Caesar")
