"""One test per OPEN point of RULES.md §20 that had none of its own, asserting the documented
ruling (data/sylla/rules.md says the same). States come from the rulebook's round 1 (the
examples' records) and are changed by hand where a case needs it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.record import read_record
from assistant.games.sylla import RULESET
from assistant.games.sylla.rules import endgame, events, greatwork, income
from assistant.games.sylla.components import parse_event
from assistant.games.sylla.rules.famine import start as famine_phase
from assistant.games.sylla.state import DraftSlot, Tile

_spec = importlib.util.spec_from_file_location("sylla_examples_open", Path(__file__).with_name("test_sylla_examples.py"))
ex = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ex)


@pytest.fixture()
def base():
    """Round 1 after the Great Work (phase VII done, waiting for tiles)."""
    return ex.replay(ex.ROUND1_CUBES).state.edit()


def push(state, text):
    move = RULESET.parse(state, text)
    RULESET.check(state, move)
    return RULESET.apply(state, move)


def prestige(state):
    return {p.name: p.prestige for p in state.players}


def test_sylla_open_unsold_next_offerer():
    """Nobody buys the offered tile: the same player offers the next one."""
    game = ex.replay(ex.SETUP + ex.ELECTION + ex.TOKEN + ex.RECRUIT
                     + "Black offers 1\nBlue passes\nRed passes\nWhite passes\nBlack passes\n")
    s = game.state
    assert s.step == "III.offer" and s.offerer == "Black"
    assert s.spaces[0] is None  # the unsold tile is discarded
    with pytest.raises(IllegalMove) as err:
        game.push("White offers 2")
    assert "Black" in err.value.message
    game.extend(read_record(ex.HEADER + "Black offers 2\nBlue passes\nRed bids 1\nWhite passes\nBlack passes\nRed pays Sla1\n").entries)
    assert game.state.offerer == "Red"  # the last buyer offers next


def test_sylla_open_cube_no_target(base):
    """A cube whose symbol no event shows stays unplaced and the round goes on."""
    base.events = [DraftSlot(parse_event(t.split())) for t in
                   ("Epidemic 0 V health", "Eruption 0 V leisure", "Flood 0 V health", "Famine 1 V health")]
    for p in base.players:
        for c in p.cards:
            p.set_tapped(c.label, False)
    assert base.player("Blue").count("legionary", usable=True) == 2
    base.phase = "IV"
    events.start(base)  # no event shows the Legionary: every Legionary cube stays unplaced
    assert all(p.cubes["legionary"] == 0 for p in base.players)
    assert any("Blue's 2 legionary cubes have no event to go on and stay unplaced" in line for line in base.log)
    assert base.step == "V.place" and base.player(base.actor).cubes["vestal"] > 0  # the Vestals still place
    with pytest.raises(IllegalMove) as err:
        push(base.freeze(), "Blue legionary Famine")
    assert err.value.rule.startswith("sylla.")


def test_sylla_open_zero_vote_rank(base):
    """A thumb-up player with 0 votes takes no place: the second place goes to nobody."""
    for p in base.players:
        for c in p.cards:
            if c.kind == "senator":
                p.set_tapped(c.label, True)
        p.money = 20
    base.work = "pantheon"
    base.votes = {"Blue": ("up", 6), "Red": ("up", 0), "White": ("down", 0), "Black": ("down", 0)}
    before = prestige(base)
    greatwork.resolve(base)
    gained = {n: prestige(base)[n] - before[n] for n in before}
    assert gained == {"Blue": 10, "Red": 0, "White": 0, "Black": 0}


def test_sylla_open_field_scope(base):
    """Option fields=famine: a Field lowers the famine loss only, never a crisis loss."""
    base.options["fields"] = "famine"
    base.famine = 0
    base.markers["civic"] = 0  # crisis zone
    for p in base.players:
        p.tokens["civic"] = 1
        p.prestige = 10
    base.player("Blue").tokens["civic"] = 3
    white = base.player("White")
    assert white.face_up_tiles("field") == 1
    famine_phase(base)
    assert white.prestige == 7  # -3 for fewest Civic Spirit, the Field does not help
    assert base.player("Blue").prestige == 13


def test_sylla_buildings_field_famine_and_crisis(base):
    """Default (fields=famine-and-crisis, the Field's printed text): the 2 points a Field spares
    cover famine first, then a crisis loss; spare capacity gives nothing."""
    assert base.options.get("fields", "famine-and-crisis") == "famine-and-crisis"
    base.famine = 1
    base.markers["civic"] = 0  # crisis zone
    for p in base.players:
        p.tokens["civic"] = 1
        p.prestige = 10
    base.player("Blue").tokens["civic"] = 3
    white = base.player("White")
    assert white.face_up_tiles("field") == 1
    famine_phase(base)
    assert white.prestige == 10 - 0 - (3 - 1)  # famine 1 spared; 1 Field point left for the crisis
    assert base.player("Red").prestige == 10 - 1 - 3
    assert base.player("Blue").prestige == 10 - 1 + 3


def test_sylla_buildings_field_famine_only_option(base):
    """Option fields=famine: the same table, the Field spares the famine point only."""
    base.options["fields"] = "famine"
    base.famine = 1
    base.markers["civic"] = 0
    for p in base.players:
        p.tokens["civic"] = 1
        p.prestige = 10
    base.player("Blue").tokens["civic"] = 3
    famine_phase(base)
    assert base.player("White").prestige == 10 - 0 - 3


def test_sylla_open_crisis_order(base):
    """Several crises: Civic Spirit, then Health, then Leisure; gains before losses. With the
    prestige floor the order matters: fewest civic (1 -> 0) then most health (0 -> 3)."""
    base.options["fields"] = "famine"  # White's Field would spare his health loss
    base.famine = 0
    base.markers["civic"] = 0
    base.markers["health"] = 0
    for p in base.players:
        p.tokens = {"civic": 1, "health": 1, "leisure": 0}
        p.prestige = 10
    black = base.player("Black")
    black.prestige = 1
    black.tokens = {"civic": 0, "health": 5, "leisure": 0}
    famine_phase(base)
    assert black.prestige == 3  # health first would give 1 + 3 - 3 = 1
    others = {n: v for n, v in prestige(base).items() if n != "Black"}
    assert others == {"Blue": 10, "Red": 10, "White": 10}  # most civic +3, fewest health -3


def test_sylla_open_round5_end(base):
    """After round 5 no end-of-round steps: cards stay tapped, so a tapped Senator gives no
    Ecclesia vote; no new tiles are asked for."""
    base.round = 5
    base.famine = 0
    blue = base.player("Blue")
    blue.set_tapped("Sen1", True)
    famine_phase(base)
    assert base.step.startswith("end.") and base.phase != "VII"
    assert blue.card("Sen1").tapped
    assert greatwork.votes_of(base, "Blue", 0) == 1  # Sen2 only


def test_sylla_open_tavern_multiple(base):
    """One move per Tavern tile; a player's own two Taverns may move the same marker."""
    red = base.player("Red")
    red.tiles += [Tile("Tavern1", "tavern"), Tile("Tavern2", "tavern")]
    base.consul = "Red"
    base.phase = "III"
    income.start(base)
    assert base.actor == "Red"
    start = base.markers["civic"]
    s = push(base.freeze(), "Red tavern civic up")
    s = push(s, "Red tavern civic up")
    assert s.markers["civic"] == start + 2
    with pytest.raises(IllegalMove) as err:
        push(s, "Red tavern health up")
    assert err.value.rule == "sylla.open.tavern-multiple"


def test_sylla_open_temple_multiple(base):
    """Once per Temple tile each phase IV, 2 denarii each time."""
    red = base.player("Red")
    assert [t.kind for t in red.tiles].count("temple") == 1
    red.tiles += [Tile("Temple2", "temple"), Tile("Tavern1", "tavern")]  # the Tavern keeps him acting
    base.consul = "Red"
    base.phase = "III"
    income.start(base)
    red = base.player("Red")
    red.money = 10
    s = push(base.freeze(), "Red temple civic")
    s = push(s, "Red temple health")
    assert s.player("Red").money == 6 and s.player("Red").tokens["civic"] == 1
    with pytest.raises(IllegalMove) as err:
        push(s, "Red temple leisure")
    assert err.value.rule == "sylla.open.temple-multiple"


def test_sylla_open_insula_colours():
    """The Insula's 2 tokens are chosen freely, any mix (two alike too)."""
    record = ex.SETUP.replace("Statue, Bank", "Insula, Bank") + ex.ELECTION + ex.TOKEN + ex.RECRUIT \
        + "Black offers 5\nBlue passes\nRed bids 1\nWhite passes\nBlack passes\nRed pays Ves1\n"
    for choice, expect in (("leisure leisure", {"leisure": 2}), ("civic health", {"civic": 1, "health": 1})):
        game = ex.replay(record)
        game.push(f"Red insula {choice}")
        tokens = game.state.player("Red").tokens
        assert {k: v for k, v in tokens.items() if v} == expect


def test_sylla_open_overlap_visible(base):
    """Literal reading: the exception holds while the other event is merely visible, even if it
    never happened. Senate Purge happened (Blue's Christian Sen2 down); Persecution only sits in
    the row; Senate Purge leaves: Sen2 stays down."""
    blue = base.player("Blue")
    base.events = [DraftSlot(parse_event(t.split())) for t in
                   ("Senate Purge 1 L civic", "Epidemic 0 V health", "Eruption 0 V leisure", "Decadence 0 L")]
    base.prevented = ["decadence", "epidemic"]
    base.effects = ["senate-purge"]
    base.phase = "V"
    events.run_effects(base)
    base = push(base.freeze(), "Blue turns Sen2")
    assert base.player("Blue").card("Sen2").down
    # the next round: Christian Persecution is drawn into the empty slot but never happens
    base = push(base, "event Christian Persecution 0 L civic").edit()
    base.round = 5
    events.remove(base, "senate-purge")
    assert base.player("Blue").card("Sen2").down  # held by the visible Persecution
    events.remove(base, "persecution")
    assert not base.player("Blue").card("Sen2").down
