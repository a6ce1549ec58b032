"""Components entered from the table (RULES.md §21) and checked against what is known."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.games.sylla import RULESET
from assistant.games.sylla.components import (
    check_board,
    check_character,
    check_event,
    check_icons_total,
    check_set_counts,
    parse_board,
    parse_character,
    parse_event,
)

BOARD = "ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"


def test_sylla_data_characters_parse():
    spec = parse_character("Senator fish RY II".split())
    assert (spec.kind, spec.christian, spec.hexes, spec.set) == ("senator", True, "ry", 2)
    assert parse_character(["rabszolga", "gyr"]).hexes == "ryg"
    assert parse_character(spec.text().split()) == spec
    with pytest.raises(InvalidEntry):
        parse_character(["senator"])  # hexagons missing
    with pytest.raises(InvalidEntry):
        parse_character(["senator", "rb"])


@pytest.mark.parametrize("text, why", [
    ("legionary fish r", "cannot be Christian"),
    ("vestal fish y", "cannot be Christian"),
    ("slave ry", "all three colours"),
])
def test_sylla_data_characters_refused(text, why):
    with pytest.raises(IllegalMove) as err:
        check_character(parse_character(text.split()), "Ann")
    assert err.value.rule == "sylla.data.characters" and why in err.value.message


def test_sylla_data_characters_two_hexagons_of_one_colour_accepted():
    """Only a review says no card shows a colour twice (RULES.md §21.1): such a card is not refused."""
    check_character(parse_character("senator rr".split()), "Ann")


def test_sylla_data_characters_two_of_each_type_per_set():
    two = [parse_character("senator r I".split()), parse_character("senator fish y I".split())]
    check_set_counts([], two, "Ann")
    with pytest.raises(IllegalMove) as err:
        check_set_counts(two, [parse_character("senator g I".split())], "Ann")
    assert err.value.rule == "sylla.data.characters" and "set I" in err.value.message


def test_sylla_data_events_known_facts():
    check_event(parse_event("Famine 1 V health".split()))
    check_event(parse_event("Slave Revolt 0 L leisure".split()))
    check_event(parse_event("Decadence 0 LV".split()))
    for text, why in [
        ("Famine 1 L health", "Vestal"),
        ("Famine 1 V leisure", "Health"),
        ("Slave Revolt 0 V leisure", "Legionary"),
        ("Decadence 0 L civic", "prestige, not a token"),
        ("Epidemic 0 V", "token colour"),
        ("Epidemic 7 V health", "famine icons"),
    ]:
        with pytest.raises(IllegalMove) as err:
            check_event(parse_event(text.split()))
        assert err.value.rule == "sylla.data.events" and why in err.value.message, text


def test_sylla_examples_famine_advance_icon_total_checked():
    specs = {e.id: e for e in map(lambda t: parse_event(t.split()), [
        "Decadence 1 L", "Famine 1 V health", "Slave Revolt 0 L leisure", "Imperial Cult 1 VL civic"])}
    with pytest.raises(IllegalMove) as err:
        check_icons_total(specs)
    assert "2 famine icons" in err.value.message


def test_sylla_data_ladder():
    spec = parse_board(BOARD.split())
    check_board(spec)
    assert spec.start == 4 and spec.crisis == 2
    assert parse_board(spec.text().split()) == spec
    assert parse_board("ladder=0,1,2,3,4 crisis=1 spaces=r,y,g,r,y,g".split()).start == 2  # odd: the middle
    with pytest.raises(InvalidEntry):
        parse_board("ladder=0,1,2,3 crisis=1 spaces=r,y,g,r,y,g".split())  # even: start needed
    for text in ["ladder=0,1,2,3,4 crisis=3 spaces=r,y,g,r,y,g", "ladder=0,1,30 crisis=1 spaces=r,y,g,r,y,g",
                 "ladder=0,1,2,3,4 crisis=1 spaces=r,y,g"]:
        with pytest.raises(IllegalMove) as err:
            check_board(parse_board(text.split()))
        assert err.value.rule in ("sylla.data.ladder", "sylla.data.building-slots")
    with pytest.raises(IllegalMove) as err:
        check_board(parse_board("ladder=0,1,2,3,4 crisis=0 spaces=r,y,g,r,y,g".split()))
    assert "leftmost space" in err.value.message and "crisis=1 to 2" in err.value.hint
    check_board(parse_board("ladder=-1,0,1,2,3 crisis=1 spaces=r,y,g,r,y,g".split()))  # no known floor at 0


def test_board_entry_or_option():
    game = Game(RULESET, ["A", "B", "C"], {})
    assert "board" in game.expecting().kinds
    game.push("board " + BOARD)
    assert "board" not in game.expecting().kinds
    with pytest.raises(IllegalMove):
        game.push("board " + BOARD)
    with pytest.raises(InvalidEntry):
        Game(RULESET, ["A", "B", "C"], {"board": "ladder=0,1,2 crisis=2 spaces=r,y,g,r,y,g"})


def test_sylla_setup_keeps_need_sets_and_count():
    game = Game(RULESET, ["A", "B", "C", "D"], {"board": BOARD})
    with pytest.raises(IllegalMove) as err:
        game.push("A keeps senator r, senator y, merchant g, slave ryg")
    assert err.value.rule == "sylla.setup.characters"
    game.push("sets A=II B=I C=IV D=III")
    with pytest.raises(IllegalMove) as err:
        game.push("A keeps senator r, senator y, merchant g")
    assert "keeps 4" in err.value.message
    with pytest.raises(IllegalMove) as err:
        game.push("A keeps senator r I, senator y, merchant g, slave ryg")
    assert "set I" in err.value.message
    game.push("A keeps senator r, senator y, merchant g, slave ryg")
    assert game.state.player("A").cards[0].set == 2
    with pytest.raises(IllegalMove):
        game.push("A keeps senator r, senator y, merchant g, slave ryg")


def test_sylla_setup_events_row():
    game = Game(RULESET, ["A", "B", "C", "D"], {"board": BOARD})
    with pytest.raises(IllegalMove) as err:
        game.push("events Famine 1 V health, Epidemic 0 V health, Flood 0 V health, Eruption 0 V leisure")
    assert err.value.rule == "sylla.setup.events"
    game.push("events Decadence 0 L, Famine 1 V health, Epidemic 0 V health, Flood 0 V health")
    assert [s.id for s in game.state.events] == ["famine", "epidemic", "flood", "decadence"]


def test_sylla_setup_greatworks():
    game = Game(RULESET, ["A", "B", "C"], {"board": BOARD})
    game.push("remove Granary")
    with pytest.raises(IllegalMove) as err:
        game.push("work Granary")
    assert err.value.rule == "sylla.setup.greatworks"
    game.push("work Colosseum")


def test_sylla_setup_consul_three_players_lowest_numeral():
    game = Game(RULESET, ["A", "B", "C"], {"board": BOARD})
    for text in [
        "sets A=IV B=III C=II",
        "A keeps senator r, senator y, merchant g, merchant y, slave ryg, vestal r",
        "B keeps senator r, senator y, merchant g, merchant y, slave ryg, vestal r",
        "C keeps senator r, senator y, merchant g, merchant y, slave ryg, legionary r",
        "events Decadence 0 L, Famine 1 V health, Epidemic 0 V health, Flood 0 V health",
        "remove Granary", "work Colosseum", "tiles stall stall field bank arch statue",
    ]:
        game.push(text)
    assert game.state.consul == "C"  # sylla.open.3p-consul
    assert game.state.player("A").money == 5  # 3 + 2 Merchants
    assert game.state.player("A").prestige == 10
    assert game.state.order == ("C", "A", "B")


def test_catalogue_and_explain():
    cat = RULESET.catalogue()
    kinds = {c["kind"] for c in cat}
    assert kinds == {"character", "event", "building", "great work"}
    assert sum(1 for c in cat if c["kind"] == "event") == 10
    assert sum(1 for c in cat if c["kind"] == "great work") == 7
    assert all("name" in c for c in cat)
    assert RULESET.explain("Árvíz")[0].id == "sylla.events.flood"
    assert RULESET.explain("Bank")[0].id == "sylla.buildings.bank"
    assert RULESET.explain("Colosseum")[0].id == "sylla.greatworks.colosseum"
    assert RULESET.explain("nothing at all") == []


def test_sylla_data_characters_option_rulebook_keeps_only_rulebook_checks():
    """card_checks=rulebook: the research notes' facts (fish, Slaves' colours, 2 per set) are not
    enforced, so a box that differs can still be followed; the default enforces them."""
    for options, ok in (({}, False), ({"card_checks": "rulebook"}, True)):
        game = Game(RULESET, ["A", "B", "C"], options)
        game.push("sets A=I B=II C=III")
        entry = "A keeps legionary fish r, slave ry, senator r I, senator y I, senator g I, vestal y"
        if ok:
            game.push(entry)
        else:
            with pytest.raises(IllegalMove) as err:
                game.push(entry)
            assert "card_checks=rulebook" in err.value.hint
    with pytest.raises(IllegalMove):
        Game(RULESET, ["A", "B", "C"], {"card_checks": "rulebook"}).push("board ladder=0,1,2 crisis=1 spaces=r,y,g")
