"""Acceptance gaps filled: Slave Revolt happening by itself, events resolving top to bottom, the
3-player keep of 6, and the recruitment example's 2 leftover cards (RULES.md §19.3)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sylla import RULESET
from assistant.games.sylla.rules import events
from assistant.games.sylla.components import parse_event
from assistant.games.sylla.state import DraftSlot

_spec = importlib.util.spec_from_file_location("sylla_examples_more", Path(__file__).with_name("test_sylla_examples.py"))
ex = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ex)

BOARD = "ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"


@pytest.fixture()
def base():
    return ex.replay(ex.ROUND1_CUBES).state.edit()


def slots(*texts):
    return [DraftSlot(parse_event(t.split())) for t in texts]


def test_sylla_events_slave_revolt(base):
    """Each player turns one Slave face down; a player with two alike is not asked."""
    base.events = slots("Slave Revolt 0 L leisure", "Epidemic 0 V health", "Eruption 0 V leisure", "Decadence 0 L")
    base.prevented = ["decadence", "epidemic"]
    base.effects = ["slave-revolt"]
    base.phase = "V"
    events.run_effects(base)
    # Red: Sla1 (ryg) and Sla2 (ryg fish) differ, so Red picks; White has one Slave; Black has two
    assert base.step == "V.down" and "Red" in base.pending
    assert base.player("White").card("Sla1").down
    assert not any(c.down for c in base.player("Blue").cards)  # no Slave: unaffected
    s = base.freeze()
    with pytest.raises(IllegalMove) as err:
        RULESET.check(s, RULESET.parse(s, "Red turns Ves1"))
    assert err.value.rule == "sylla.open.event-choice"
    new = RULESET.apply(s, RULESET.parse(s, "Red turns Sla2"))
    assert new.player("Red").card("Sla2").down and not new.player("Red").card("Sla1").down


def test_sylla_phase5_effects_top_to_bottom(base):
    """The two events that happen resolve from the top of the column: Imperial Cult (slot 1)
    first, then Decadence, which then finds Civic Spirit among the lowest markers."""
    base.markers = {"civic": 4, "health": 4, "leisure": 3}
    base.events = slots("Imperial Cult 1 VL civic", "Epidemic 0 V health", "Eruption 0 V leisure", "Decadence 0 L")
    base.prevented = ["epidemic", "eruption"]
    base.slot("epidemic").cubes = {"Red": 2}
    base.slot("eruption").cubes = {"Red": 1}
    base.effects = ["imperial-cult", "decadence"]
    base.phase = "V"
    events.run_effects(base)
    assert base.markers == {"civic": 2, "health": 4, "leisure": 2}  # bottom-up would give civic 3


def test_sylla_phase5_effects_order_from_the_split(base):
    """set_prevented keeps the happening events in column order whatever the entry order."""
    base.events = slots("Imperial Cult 1 VL civic", "Epidemic 0 V health", "Eruption 0 V leisure", "Decadence 0 L")
    base.phase = "V"
    events.after_placement(base)  # no cubes: the Consul picks the 2 prevented
    s = base.freeze()
    new = RULESET.apply(s, RULESET.parse(s, "Black prevents Eruption, Epidemic"))
    assert new.prevented == ("epidemic", "eruption")
    assert [line for line in new.log if "happening" in line][-1].endswith("happening: Imperial Cult, Decadence")


def test_sylla_3p_setup_keeps_six():
    game = Game(RULESET, ["A", "B", "C"], {"board": BOARD})
    game.push("sets A=I B=II C=III")
    with pytest.raises(IllegalMove) as err:
        game.push("A keeps senator r, senator y, merchant g, slave ryg")
    assert err.value.rule == "sylla.3p.setup" and "6" in err.value.message
    game.push("A keeps senator r, senator y, merchant g, merchant y, slave ryg, vestal r")
    assert len(game.state.player("A").cards) == 6


def test_sylla_3p_unused_set_in_the_deck():
    """The fourth set's cards (its Income tile not drawn) can be recruited."""
    game = Game(RULESET, ["A", "B", "C"], {"board": BOARD})
    for text in ["sets A=I B=II C=III",
                 "A keeps senator r, senator y, merchant g, merchant y, slave ryg, vestal r",
                 "B keeps senator r, senator y, merchant g, merchant y, slave ryg, vestal r",
                 "C keeps senator r, senator y, merchant g, merchant y, slave ryg, legionary r",
                 "events Decadence 0 L, Famine 1 V health, Epidemic 0 V health, Flood 0 V health",
                 "remove Granary", "work Colosseum", "tiles stall stall field bank arch statue",
                 "A bids 2", "B passes", "C passes", "A takes civic"]:
        game.push(text)
    game.push("A recruits vestal r IV")
    assert game.state.player("A").cards[-1].set == 4


def test_example_recruit_two_cards_under_the_deck():
    """§19.3: Black, Blue, Red, White take a Slave, a Legionary, a Senator, a Vestal from the 6
    cards; the 2 left go under the deck (the next display is a new one of 6)."""
    display = "display slave fish ryg IV, legionary r I, senator y III, vestal ry II, merchant y II, vestal g III\n"
    game = ex.replay(ex.SETUP + display + ex.ELECTION + ex.TOKEN)
    game.extend(read_record(ex.HEADER + ex.RECRUIT).entries[:3])
    assert len(game.state.display) == 3
    game.extend(read_record(ex.HEADER + ex.RECRUIT).entries[3:])
    assert game.state.display is None and game.state.phase == "III"  # 2 went under the deck
    taken = [game.state.player(n).cards[-1].kind for n in ("Black", "Blue", "Red", "White")]
    assert taken == ["slave", "legionary", "senator", "vestal"]


def test_every_digest_id_has_a_rule_text():
    """Every id of the digest (RULES.md, the worked examples included) is shown by
    `assistant rules sylla ID` (data/sylla/rules.md)."""
    import re

    digest = Path("/work/shared/games/sylla/RULES.md")
    if not digest.exists():
        pytest.skip("the shared digest is not in this checkout")
    ids = set(re.findall(r"`(sylla\.[a-z0-9.\-]+)`", digest.read_text(encoding="utf-8")))
    ours = {r.id for r in RULESET.rulebook()}
    assert sorted(ids - ours) == []


def test_sylla_events_disable_face_down_scores_nothing_at_end(base):
    """§14 counts face-up cards only: a face-down Christian or Slave scores nothing and cannot be
    freed; tapped ones count."""
    from assistant.games.sylla.rules import endgame
    from assistant.games.sylla.state import Card

    draft = base
    draft.round = 5
    red = draft.player("Red")
    red.cards = [Card("Sen1", "senator", "y", True, down=True), Card("Mer1", "merchant", "g", True, tapped=True),
                 Card("Sla1", "slave", "ryg", True, down=True), Card("Sla2", "slave", "ryg")]
    red.money = 10
    endgame.start(draft)
    s = draft.freeze()
    for text in ["Blue down 0", "Red down 0", "White down 0", "Black down 0"]:
        s = RULESET.apply(s, RULESET.parse(s, text))
    with pytest.raises(IllegalMove) as err:
        RULESET.check(s, RULESET.parse(s, "Red frees 2"))
    assert err.value.rule == "sylla.end.slaves"
    for name in list(s.pending):
        s = RULESET.apply(s, RULESET.parse(s, f"{name} frees {1 if name == 'Red' else 0}"))
    red_points = RULESET.score(s).points["Red"]
    assert red_points["christians"] == 2  # only the tapped Christian Merchant
    assert red_points["slaves"] == 3


def test_sylla_greatworks_ecclesia_is_never_drawn():
    from assistant.core.errors import InvalidEntry

    game = Game(RULESET, ["A", "B", "C"], {"board": BOARD})
    for text in ("remove Ecclesia", "work Egyház"):
        with pytest.raises(InvalidEntry) as err:
            game.push(text)
        assert err.value.rule == "sylla.greatworks.ecclesia" and "after round 5" in err.value.message


def test_sylla_open_table_options_of_new_sylla(db_path):
    """`assistant new sylla --option ecclesia_vote=thumb-up --option christian_slave=once`: both
    OPEN points where tables differ are options of a new game, kept in its record; a wrong value
    is refused with the values allowed."""
    from assistant import service
    from assistant.core.errors import EntryError
    from assistant.store.db import Store

    store = Store.open(str(db_path))
    gid = service.new_game(store, "sylla", ["Ann", "Ben", "Cy"],
                           {"ecclesia_vote": "thumb-up", "christian_slave": "once", "board": BOARD})
    state = service.read_game(store, gid).game.state
    assert state.options["ecclesia_vote"] == "thumb-up" and state.options["christian_slave"] == "once"
    exported = service.export_game(store, gid)
    assert "ecclesia_vote=thumb-up" in exported and "christian_slave=once" in exported
    with pytest.raises(EntryError) as err:
        service.new_game(store, "sylla", ["Ann", "Ben", "Cy"], {"christian_slave": "twice"})
    assert "both" in (err.value.hint or "") + str(err.value)


def test_sylla_data_characters_two_of_each_type_message():
    game = Game(RULESET, ["A", "B", "C", "D"], {"board": BOARD})
    game.push("sets A=I B=II C=III D=IV")
    with pytest.raises(IllegalMove) as err:
        game.push("A keeps legionary r, legionary y, legionary g, slave ryg")
    assert err.value.rule == "sylla.data.characters" and "set I has only 2 Legionaries" in err.value.message
