"""Every example of docs/notation/pax.md is accepted by the engine in a suitable position:
the entries of the guide's tables (read out of the file, so that a new example without a
position here fails), the entries quoted in its text, the card and category forms, the
Legion forms, the options, and the local-catalogue session (through the command line)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from pax_helpers import R, give, push, refused, set_legions, started
from typer.testing import CliRunner

from assistant.cli.main import app
from assistant.core.errors import InvalidEntry
from assistant.games.pax.components import parse_token, resolve_category
from assistant.games.pax.notation import parse_legion
from assistant.games.pax.state import PaxState

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "notation" / "pax.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    return re.split(r"^## ", GUIDE, flags=re.M)[[s.split("\n", 1)[0] for s in re.split(r"^## ", GUIDE, flags=re.M)].index(title)]


def table_entries(title: str) -> list[str]:
    """The backquoted entries in the first column of the tables of a section."""
    found: list[str] = []
    for line in section(title).splitlines():
        if line.startswith("| `"):
            found += re.findall(r"`([^`]+)`", line.split("|")[1])
    return found


# -- positions -------------------------------------------------------------------------------
def two_at_setup() -> PaxState:
    return R.setup(["Ada", "Ben"], {})


def second_keeps() -> PaxState:
    return push(two_at_setup(), "keep army 1/1")  # Ben is second: he drew 3


def solo_game_4() -> PaxState:
    return R.setup(["Ann"], {"level": "4"})  # draws 4: 1 kept, 2 played, 1 under the deck


def market() -> PaxState:
    return push(two_at_setup(), "keep army 1/1", "keep army 1/1")


def drawn() -> PaxState:
    return push(started(), "draw senator 1/1 hand, senator 2/1 III, senator 3/1 deck")


def with_estate_to_play() -> PaxState:
    """Ada has an Estate in front of her, and army 3/2 and estate 1/1 in hand."""
    return push(give(started(), "Ada", display="estate 1/1", hand="army 3/2"),
                "draw senator 1/1 hand, senator 2/1 III, senator 3/1 deck")


def refill_i_and_iii() -> PaxState:
    """End of round 1: Legion I was empty, Rome took Legion III (the richest)."""
    state = set_legions(started(), "", "fleet 1/1", "army 4/1")
    return push(state, "draw senator 1/1 hand, senator 1/1 II, senator 1/1 deck", "end",
                "draw senator 1/1 hand, senator 1/1 II, senator 1/1 deck", "end")


def at_reveal() -> PaxState:
    state = started()
    state = replace(state, deck=(), removed=state.removed + state.deck_size)
    state = replace(state, turn=replace(state.turn, target=0))
    return push(state, "end", "end")


def ben_with_estate_to_play() -> PaxState:
    state = push(started(), "draw senator 1/1 hand, senator 2/1 III, senator 3/1 deck", "end",
                 "draw senator 1/1 hand, senator 2/1 III, senator 3/1 deck")
    return give(state, "Ben", display="estate 1/1", hand="army 3/2")


def religion_three() -> PaxState:
    return give(started(), "Ada", display="religion 1/2, religion 1/1")


POSITIONS: dict[str, Callable[[], PaxState]] = {
    "start Ben": two_at_setup,
    "keep army 3/2": two_at_setup,
    "keep army 3/2 return fleet 1/1, wealth 2/1": second_keeps,
    "keep a3/2 play e1, f2 return w1": solo_game_4,
    "market w2, e1/2, c3": market,
    "draw army 3/2 hand, fleet 1/1 II, wealth 2/1 deck": started,
    "draw army 3/2 hand": started,
    "buy II": drawn,
    "play army 3/2, estate 1/1": with_estate_to_play,
    "end": drawn,
    "done": drawn,
    "end turn": drawn,
    "peek": started,
    "look": started,
    "refill I army 3/2, III fleet 1/1": refill_i_and_iii,
    "refill army 3/2, fleet 1/1": refill_i_and_iii,
    "reveal army 3/2, fleet 1/1, senator 2/1": at_reveal,
}

#: Entries quoted in the guide's text, and the position each is meant for.
PROSE: dict[str, Callable[[], PaxState]] = {
    "Ada buys II": drawn,
    "Ben plays e1 and a3/2": ben_with_estate_to_play,
    "draw c2/2 I": religion_three,
}


def test_pax_notation_guide_every_table_entry_has_a_position():
    listed = table_entries("Setup") + table_entries("A turn") + table_entries("End of round, end of game")
    assert sorted(listed) == sorted(POSITIONS)


@pytest.mark.parametrize("entry", sorted(POSITIONS))
def test_pax_notation_guide_table_entry_accepted(entry):
    push(POSITIONS[entry](), entry)


@pytest.mark.parametrize("entry", sorted(PROSE))
def test_pax_notation_guide_text_entry_accepted(entry):
    assert f"`{entry}`" in GUIDE
    push(PROSE[entry](), entry)


def test_pax_notation_guide_religion_example_in_two_entries():
    """`draw c2/2 I`, then `draw e1/1 deck, a3/1 hand`; and the hand first is refused."""
    assert "(`draw c2/2 I`, then `draw e1/1 deck, a3/1 hand`)" in GUIDE
    assert refused(religion_three(), "draw a3/1 hand").rule == "pax.cat.religion"
    state = push(religion_three(), "draw c2/2 I", "draw e1/1 deck, a3/1 hand")
    assert state.turn.draw_done


def test_pax_notation_guide_verbs_said_at_the_table():
    assert "`draws`, `ends`" in GUIDE
    state = push(started(), "Ada draws army 1/1 hand, army 2/1 II, army 3/1 deck", "Ada ends")
    assert state.turn.player == 1
    with pytest.raises(InvalidEntry) as exc:
        R.parse(started(), "pass")
    assert "peek" in exc.value.hint and "end" in exc.value.hint


def test_pax_notation_guide_card_forms():
    rows = table_entries("Cards: `CATEGORY VALUE/SYMBOLS`")
    assert rows == ["army 3/2", "army 3", "a3/2", "land 2", "l2", "intrigue 4/2", "i4/2"]
    assert {parse_token(t).token() for t in rows} == {"army 3/2", "army 3/1", "estate 2/1", "conspiracy 4/2"}


def test_pax_notation_guide_category_names():
    names = {"wealth": "wealth", "w": "wealth", "fleet": "fleet", "f": "fleet", "army": "army", "a": "army",
             "religion": "religion", "r": "religion", "senator": "senator", "s": "senator",
             "estate": "estate", "land": "estate", "e": "estate", "l": "estate",
             "conspiracy": "conspiracy", "intrigue": "conspiracy", "c": "conspiracy", "i": "conspiracy",
             "sereg": "army", "cselszövés": "conspiracy", "navis longa": "fleet",
             "rel": "religion", "sen": "senator", "cons": "conspiracy"}
    for name, category in names.items():
        assert resolve_category(name) == category, name


def test_pax_notation_guide_legions_and_destinations():
    for text, label in (("I", "I"), ("V", "V"), ("1", "I"), ("5", "V"), ("L2", "II"), ("legion 2", "II")):
        assert parse_legion(text) == label
    state = started()
    for word, dest in (("hand", "hand"), ("h", "hand"), ("kéz", "hand"), ("deck", "deck"), ("d", "deck"),
                       ("bottom", "deck"), ("under", "deck"), ("pakli", "deck")):
        assert f"`{word}`" in GUIDE or f"{word}," in GUIDE or f"({word}" in GUIDE, word
        assert R.parse(state, f"draw army 1/1 {word}").placements[0].dest == dest, word


def test_pax_notation_guide_options():
    for option in ("level=3", "pc=cards", "last_take=no"):
        assert f"`--option {option}`" in GUIDE
        key, value = option.split("=")
        assert R.check_options({key: value})[key] == value


def test_pax_notation_guide_catalogue_session():
    """The local-catalogue example, run through the command line."""
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == 0, result.output
        return result.stdout

    block = next(b for b in GUIDE.split("```")[1::2] if "catalogue set pax" in b)
    lines = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert lines[0] == 'assistant catalogue set pax brutus "conspiracy 3/1"'
    game = str(json.loads(run("new", "pax", "--player", "Ada", "--player", "Ben", "--json"))["id"])
    for entry in ("keep army 1/1", "keep army 1/1", "market w1, w1, w1"):
        run("move", game, entry)
    run("catalogue", "set", "pax", "brutus", "conspiracy 3/1")
    run("catalogue", "set", "pax", "bigfleet", "fleet 4/2")
    assert "brutus" in run("catalogue", "list", "pax")
    assert lines[-1] == 'assistant move 7 "draw @brutus hand, @bigfleet II, a1 deck"'
    run("move", game, "draw @brutus hand, @bigfleet II, a1 deck")
    state = json.loads(run("state", game, "--reveal", "--json"))
    text = json.dumps(state)
    assert "conspiracy 3/1" in text and "fleet 4/2" in text


def test_pax_notation_guide_catalogue_key_is_only_a_shorthand():
    """A saved face outside what is known is still refused when it is used [pax.data.cards]."""
    assert "A key\nis only a shorthand" in GUIDE or "A key is only a shorthand" in GUIDE.replace("\n", " ")
    runner = CliRunner()
    assert runner.invoke(app, ["catalogue", "set", "pax", "big", "army 5/1"]).exit_code == 0
    game = json.loads(runner.invoke(app, ["new", "pax", "--player", "Ada", "--player", "Ben", "--json"]).stdout)["id"]
    result = runner.invoke(app, ["move", str(game), "keep @big"])
    assert result.exit_code == 1 and "pax.data.cards" in result.output


# -- secret faces (issue 11) -------------------------------------------------------------------
def kept_unknown() -> PaxState:
    """Ann and Ben kept ?, the market is out, Ann is to draw."""
    return push(R.setup(["Ann", "Ben"], {}), "keep ?", "keep ?", "market w1, f1, a1")


def ann_drew_unknown() -> PaxState:
    return push(kept_unknown(), "draw ? hand, army 3/2 II, ? deck")


SECRET_POSITIONS: dict[str, Callable[[], PaxState]] = {
    "keep ?": two_at_setup,
    "keep ? return ? ?": second_keeps,
    "draw ? hand, army 3/2 II, ? deck": kept_unknown,
    "draw ? deck": kept_unknown,
    "play senator 3/2": ann_drew_unknown,
    "Ann hand was senator 3/2": ann_drew_unknown,
    "Ann deck was fleet 2/1": ann_drew_unknown,
}


def test_pax_notation_guide_secret_entries_have_positions():
    assert sorted(table_entries("Secret faces: `?`")) == sorted(SECRET_POSITIONS)
    assert "`Ann's card under the deck was fleet 2/1`" in GUIDE


@pytest.mark.parametrize("entry", sorted(SECRET_POSITIONS))
def test_pax_notation_guide_secret_entry_accepted(entry):
    push(SECRET_POSITIONS[entry](), entry)


def test_pax_notation_guide_public_record_is_the_short_record_as_the_table_sees_it():
    """The public form of the guide's short record is the block printed in the guide, and it
    replays to the same public position."""
    from assistant.core import Game, read_record

    blocks = GUIDE.split("```")[1::2]
    sample = next(b for b in blocks if b.lstrip().startswith("Game: pax"))
    public = next(b for b in blocks if b.lstrip().startswith("Livinia keep ?"))
    game = Game.from_record(R, read_record(sample))
    lines = [line.split("#")[0].strip() for line in public.strip().splitlines()]
    assert lines == [line.text for line in game.to_public_record().entries]
    header = "Game: pax\nPlayers: Livinia, Decimus\n\n"
    copy = Game.from_record(R, read_record(header + public))
    assert copy.describe() == game.describe()
