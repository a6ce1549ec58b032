"""Each building, event and Great Work; income buildings; disabling events and their overlaps;
the 3-player changes; the end of the game. States come from the rulebook's round 1 and are
changed by hand where a case needs it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sylla import RULESET
from assistant.games.sylla.components import parse_event
from assistant.games.sylla.rules import auction, endgame, events, greatwork
from assistant.games.sylla.state import Card, DraftSlot, Tile

_spec = importlib.util.spec_from_file_location("sylla_examples", Path(__file__).with_name("test_sylla_examples.py"))
ex = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ex)


@pytest.fixture()
def base():
    """Round 1 after the Great Work (phase VII done, waiting for tiles)."""
    return ex.replay(ex.ROUND1_CUBES).state.edit()


def slots(*texts):
    return [DraftSlot(parse_event(t.split())) for t in texts]


# -- buildings ---------------------------------------------------------------------------------
@pytest.mark.parametrize("tile, prestige, money", [("arch", 6, 0), ("statue", 4, 0), ("bank", 0, 5)])
def test_sylla_buildings_instant(base, tile, prestige, money):
    p = base.player("Red")
    before = (p.prestige, p.money)
    base.offers = 0
    base.spaces = [None] * 6
    auction.acquire(base, "Red", tile)
    assert (p.prestige - before[0], p.money - before[1]) == (prestige, money)
    assert [t.kind for t in p.tiles] == ["temple"] and base.offerer == "Red"


def test_sylla_buildings_insula_and_crane_entries():
    game = ex.replay(ex.SETUP.replace("Statue, Bank", "Insula, Crane") + ex.ELECTION + ex.TOKEN + ex.RECRUIT
                     + "Black offers 5\nBlue passes\nRed bids 1\nWhite passes\nBlack passes\nRed pays Ves1\n")
    assert game.state.step == "III.insula"
    game.push("Red insula civic civic")
    assert game.state.player("Red").tokens["civic"] == 2
    game.extend(read_record(ex.HEADER + "Red offers 6\nWhite passes\nBlack passes\nBlue passes\nRed bids 1\nRed pays Sla1\n").entries)
    assert game.state.step == "III.crane"
    game.push("Red crane ry")
    crane = game.state.player("Red").cards[-1]
    assert (crane.label, crane.kind, crane.tapped) == ("Cra1", "crane", True)
    # tapped this round: it cannot pay yet
    game.extend(read_record(ex.HEADER + "Red offers 1\nWhite passes\nBlack passes\nBlue passes\n").entries)
    with pytest.raises(IllegalMove) as err:
        game.push("Red bids 3")  # Leg1 and Sla2 show red; the Crane is tapped
    assert err.value.rule == "sylla.phase3.auction" and "2 usable cards" in err.value.message


def test_sylla_buildings_crane_pays_only_in_phase3(base):
    red = base.player("Red")
    red.cards.append(Card("Cra1", "crane", "ry"))
    assert any(c.label == "Cra1" for c in auction.payers(base, "Red", "r"))
    assert red.count("senator", usable=True) == 1  # a Crane is no character for votes


def test_sylla_buildings_stall_and_merchant_income(base):
    from assistant.games.sylla.rules import income

    base.player("Blue").tiles.append(Tile("Stall1", "stall"))
    base.player("Blue").tiles.append(Tile("Stall2", "stall", down=True))
    before = base.player("Blue").money
    income.start(base)
    assert base.player("Blue").money - before == 3 + 1 + 2  # Mer1 untapped, one face-up Stall


def test_sylla_buildings_field_famine(base):
    from assistant.games.sylla.rules.famine import start

    base.famine = 5
    w = base.player("White")
    w.tiles.append(Tile("Field2", "field"))
    w.tiles.append(Tile("Field3", "field", down=True))  # face down: no relief
    before = w.prestige
    base.round = 5
    start(base)
    assert before - w.prestige == 1  # 5 - 2 x 2


def test_sylla_buildings_temple_and_tavern_rules(base):
    from assistant.games.sylla.rules import income

    base.player("Blue").tiles.append(Tile("Tavern1", "tavern"))
    base.player("Red").tiles.append(Tile("Tavern1", "tavern"))
    base.player("Red").money = 0
    base.player("Red").tiles.append(Tile("Temple2", "temple"))
    base.consul = "Blue"
    income.start(base)
    assert base.actor == "Blue"
    state = base.freeze()
    state = RULESET.apply(state, RULESET.parse(state, "Blue tavern civic up"))
    assert state.actor == "Red"
    with pytest.raises(IllegalMove) as err:
        RULESET.check(state, RULESET.parse(state, "Red tavern civic down"))
    assert err.value.rule == "sylla.buildings.tavern.rules"
    with pytest.raises(IllegalMove) as err:
        RULESET.check(state, RULESET.parse(state, "Red tavern health hold"))
    assert err.value.rule == "sylla.open.tavern-direction"
    assert state.player("Red").money == 3  # income 3, no untapped Merchant
    state = RULESET.apply(state, RULESET.parse(state, "Red temple civic"))
    with pytest.raises(IllegalMove) as err:
        RULESET.check(state, RULESET.parse(state, "Red temple civic"))  # Temple2 left, 1 denarius
    assert err.value.rule == "sylla.limits.money"
    state = RULESET.apply(state, RULESET.parse(state, "Red tavern health down"))
    assert state.phase == "V"  # Red can do nothing more: his turn, and phase IV, end by themselves


def test_sylla_buildings_tavern_hold_at_end(base):
    from assistant.games.sylla.rules import income

    base.player("Black").tiles.append(Tile("Tavern1", "tavern"))
    base.markers["leisure"] = 8
    income.start(base)
    assert base.actor == "Black"
    state = base.freeze()
    RULESET.check(state, RULESET.parse(state, "Black tavern leisure hold"))
    with pytest.raises(IllegalMove):
        RULESET.check(state, RULESET.parse(state, "Black tavern leisure up"))


# -- events ------------------------------------------------------------------------------------
def happen(state, event_text, others=("Epidemic 0 V health", "Eruption 0 V leisure")):
    """Make ``event_text`` happen; the prevented pair (Decadence + the first other) removes the other."""
    state.events = slots(event_text, *others, "Decadence 0 L")
    ev = state.events[0].id
    state.prevented = ["decadence", state.events[1].id]
    state.effects = [ev]
    state.phase = "V"
    events.run_effects(state)
    return state


@pytest.mark.parametrize("text, marker", [("Epidemic 0 V health", "health"), ("Eruption 0 V leisure", "leisure"),
                                          ("Imperial Cult 1 VL civic", "civic")])
def test_sylla_events_ladder(base, text, marker):
    before = dict(base.markers)
    happen(base, text, others=("Flood 0 V health", "Pillage 0 L leisure"))
    assert base.markers[marker] == before[marker] - 1


def test_sylla_events_famine_capped(base):
    base.famine = 6
    happen(base, "Famine 1 V health")
    assert base.famine == 6


def test_sylla_events_decadence_lowest_markers(base):
    base.markers = {"civic": 2, "health": 2, "leisure": 5}
    base.events = slots("Epidemic 0 V health", "Eruption 0 V leisure", "Flood 0 V health", "Decadence 0 L")
    base.prevented = ["epidemic", "eruption"]
    base.effects = ["decadence"]
    base.slot("epidemic").cubes = {"Red": 2}
    base.slot("eruption").cubes = {"Red": 1}
    events.run_effects(base)
    assert base.markers == {"civic": 1, "health": 1, "leisure": 5}
    assert base.removed_events[-1] == "epidemic"  # more cubes of the two prevented


def test_sylla_events_decadence_never_removed(base):
    base.events = slots("Epidemic 0 V health", "Eruption 0 V leisure", "Flood 0 V health", "Decadence 0 L")
    base.prevented = ["eruption", "decadence"]
    base.slot("decadence").cubes = {"Red": 1}
    base.slot("eruption").cubes = {"Red": 1}
    base.effects = []
    events.run_effects(base)
    assert base.removed_events[-1] == "eruption"


def test_sylla_phase5_removal_tie_consul_chooses(base):
    base.events = slots("Epidemic 0 V health", "Eruption 0 V leisure", "Flood 0 V health", "Decadence 0 L")
    base.prevented = ["epidemic", "eruption"]
    base.slot("epidemic").cubes = {"Red": 1}
    base.slot("eruption").cubes = {"Blue": 1}
    base.effects = []
    base.phase = "V"
    events.run_effects(base)
    assert base.step == "V.remove"
    state = base.freeze()
    with pytest.raises(IllegalMove) as err:
        RULESET.check(state, RULESET.parse(state, "Black removes Decadence"))
    assert err.value.rule == "sylla.events.decadence"
    with pytest.raises(IllegalMove) as err:
        RULESET.check(state, RULESET.parse(state, "Black removes Flood"))
    assert err.value.rule == "sylla.phase5.removal"
    new = RULESET.apply(state, RULESET.parse(state, "Black removes Eruption"))
    assert new.removed_events[-1] == "eruption" and new.step == "V.draw"
    with pytest.raises(IllegalMove) as err:
        RULESET.check(new, RULESET.parse(new, "event Epidemic 0 V health"))
    assert err.value.rule == "sylla.setup.events"  # each event exists once


def test_sylla_events_senate_purge_owner_picks(base):
    happen(base, "Senate Purge 1 L civic")
    # Blue has 2 Senators: he picks; Red and Black have 1: turned by themselves
    assert base.step == "V.down" and base.pending == ["Blue"]
    assert base.player("Red").card("Sen1").down and base.player("Black").card("Sen1").down
    state = base.freeze()
    with pytest.raises(IllegalMove) as err:
        RULESET.check(state, RULESET.parse(state, "Blue turns Mer1"))
    assert err.value.rule == "sylla.open.event-choice"
    new = RULESET.apply(state, RULESET.parse(state, "Blue turns Sen2"))
    assert new.player("Blue").card("Sen2").down and new.step == "V.draw"
    assert new.player("Blue").count("senator", face_up=True) == 1


def test_sylla_events_persecution_and_slave_revolt(base):
    happen(base, "Christian Persecution 0 L civic", others=("Slave Revolt 0 L leisure", "Eruption 0 V leisure"))
    # Black's only Christian is Sla2; Red's is Sla2; White's Mer2; Blue's Sen2
    assert base.player("Black").card("Sla2").down and base.player("White").card("Mer2").down
    assert base.player("Blue").card("Sen2").down


def test_sylla_events_flood_pillage(base):
    base.player("White").tiles.append(Tile("Stall2", "stall"))
    base.player("Black").cards.append(Card("Cra1", "crane", "r"))
    happen(base, "Flood 1 V health")
    assert base.pending == ["Black", "White"]  # Stall1 or Cra1; Field1, Stall1 or Stall2
    assert not base.player("Blue").tiles  # nothing to turn
    state = base.freeze()
    base2 = RULESET.apply(state, RULESET.parse(state, "White turns Field1"))
    assert base2.player("White").tiles[0].down


def test_sylla_events_repeat_turns_another(base):
    happen(base, "Senate Purge 1 L civic")
    state = base.freeze()
    base = RULESET.apply(state, RULESET.parse(state, "Blue turns Sen2")).edit()
    base.step = "V.place"
    happen(base, "Senate Purge 1 L civic")
    assert base.player("Blue").count("senator", face_up=True) == 0  # sylla.open.event-repeat


def _remove(state, event_id):
    state.round = 5
    events.remove(state, event_id)


def test_sylla_events_overlap_christian_senator(base):
    blue = base.player("Blue")
    blue.set_down("Sen2", True)  # Christian, turned by Senate Purge
    blue.set_down("Sen1", True)  # not Christian
    base.events = slots("Senate Purge 1 L civic", "Christian Persecution 0 L civic", "Epidemic 0 V health", "Decadence 0 L")
    _remove(base, "senate-purge")
    assert blue.card("Sen2").down and not blue.card("Sen1").down
    _remove(base, "persecution")
    assert not blue.card("Sen2").down


def test_sylla_events_overlap_christian_slave(base):
    red = base.player("Red")
    red.set_down("Sla2", True)
    base.events = slots("Christian Persecution 0 L civic", "Slave Revolt 0 L leisure", "Epidemic 0 V health", "Decadence 0 L")
    _remove(base, "persecution")
    assert red.card("Sla2").down
    _remove(base, "slave-revolt")
    assert not red.card("Sla2").down


def test_sylla_events_overlap_market_stall(base):
    white = base.player("White")
    stall, field = white.tiles[1].label, white.tiles[0].label
    white.set_down(stall, True)
    white.set_down(field, True)
    base.events = slots("Flood 1 V health", "Pillage 0 L leisure", "Epidemic 0 V health", "Decadence 0 L")
    _remove(base, "flood")
    assert white.tiles[1].down and not white.tiles[0].down
    _remove(base, "pillage")
    assert not white.tiles[1].down


def test_sylla_events_disable_face_down_does_nothing(base):
    blue = base.player("Blue")
    blue.set_down("Sen1", True)
    assert greatwork.votes_of(base, "Blue", 0) == 1
    blue.set_down("Leg1", True)
    base.phase = "IV"
    events.start(base)
    assert blue.cubes["legionary"] == 1


def test_sylla_phase5_prevent_tie_needs_consul(base):
    base.events = slots("Epidemic 0 V health", "Eruption 0 V leisure", "Flood 0 V health", "Decadence 0 L")
    base.phase = "V"
    events.after_placement(base)  # no cubes at all: every event ties
    assert base.step == "V.prevent"
    state = base.freeze()
    with pytest.raises(IllegalMove) as err:
        RULESET.check(state, RULESET.parse(state, "Black prevents Flood"))
    assert "picks 2" in err.value.message
    new = RULESET.apply(state, RULESET.parse(state, "Black prevents Flood, Decadence"))
    assert new.prevented == ("flood", "decadence")
    assert new.removed_events[-1] == "flood"


# -- great works -------------------------------------------------------------------------------
def vote(state, work, votes):
    for p in state.players:
        for c in p.cards:
            if c.kind == "senator":
                p.set_tapped(c.label, True)
        p.money = 20
    state.work = work
    state.votes = {n: (t, d) for n, (t, d) in votes.items()}
    before = {p.name: p.prestige for p in state.players}
    greatwork.resolve(state)
    return {p.name: p.prestige - before[p.name] for p in state.players}


def test_sylla_greatworks_pantheon_ranks_with_ties(base):
    gained = vote(base, "pantheon", {"Blue": ("up", 6), "Red": ("up", 6), "White": ("up", 2), "Black": ("up", 0)})
    assert gained == {"Blue": 10, "Red": 10, "White": 2, "Black": 0}  # 1, 1, 3; zero votes unranked


def test_sylla_greatworks_temple_thresholds(base):
    gained = vote(base, "temple", {"Blue": ("up", 8), "Red": ("up", 7), "White": ("up", 5), "Black": ("up", 4)})
    assert gained == {"Blue": 10, "Red": 6, "White": 6, "Black": 0}


def test_sylla_greatworks_granary(base):
    base.famine = 3
    gained = vote(base, "granary", {"Blue": ("up", 5), "Red": ("up", 3), "White": ("down", 3), "Black": ("up", 0)})
    assert gained == {"Blue": 5, "Red": 3, "White": 1, "Black": 0}
    assert base.famine == 1  # 8 thumb-up votes: 2 down


@pytest.mark.parametrize("work, marker", [("baths", "health"), ("colosseum", "leisure"), ("senate", "civic")])
def test_sylla_greatworks_ladder_works(base, work, marker):
    base.markers[marker] = 6
    vote(base, work, {"Blue": ("up", 9), "Red": ("up", 6), "White": ("up", 0), "Black": ("down", 0)})
    assert base.markers[marker] == 8  # 15 votes = 3 steps, stops at the right end


def test_sylla_phase6_vote_secret_until_last(base):
    game = ex.replay(ex.ROUND1_CUBES.split("Blue down 0")[0])
    game.push("Red up 3")
    assert "votes so far" not in RULESET.describe(game.state)
    assert RULESET.describe(game.state, reveal=True)["votes so far"] == {"Red": "up 3"}
    assert set(game.expecting().players) == {"Blue", "White", "Black"}
    with pytest.raises(IllegalMove) as err:
        game.push("Red up 2")
    assert err.value.rule == "sylla.phase6.vote"
    with pytest.raises(IllegalMove) as err:
        game.push("White up 11")
    assert err.value.rule == "sylla.limits.money"


# -- three players -----------------------------------------------------------------------------
def test_sylla_3p_buildings_four_offers():
    game = Game(RULESET, ["A", "B", "C"], {"board": ex.HEADER.split("Board: ")[1].split("\n")[0]})
    for text in [
        "sets A=I B=II C=III",
        "A keeps senator r, senator y, merchant g, merchant y, slave ryg, vestal r",
        "B keeps senator r, senator y, merchant g, merchant y, slave ryg, vestal r",
        "C keeps senator r, senator y, merchant g, merchant y, slave ryg, legionary r",
        "events Decadence 0 L, Famine 1 V health, Epidemic 0 V health, Flood 0 V health",
        "remove Granary", "work Colosseum", "tiles stall stall field bank arch statue",
        "A bids 2", "B passes", "C passes", "A takes civic",
        "A recruits vestal r IV", "B recruits vestal r IV", "C recruits legionary y IV",
    ]:
        game.push(text)
    for space in (1, 2, 3):
        game.extend(read_record("Game: sylla\nPlayers: A, B, C\n\n" + f"A offers {space}\nB passes\nC passes\nA passes\n").entries)
    assert game.state.phase == "III"
    game.extend(read_record("Game: sylla\nPlayers: A, B, C\n\nA offers 4\nB passes\nC passes\nA passes\n").entries)
    assert game.state.phase in ("IV", "V")  # 4 offers, the last 2 tiles discarded
    assert all(t is None for t in game.state.spaces)


# -- end of the game -----------------------------------------------------------------------------
def test_sylla_end_flow_and_final_example(base):
    """Round 5 ends straight into the Ecclesia: vote, free slaves, score (+54 for the example's Red)."""
    s = base
    s.round = 5
    red = s.player("Red")
    red.cards = [Card("Sen1", "senator", "y", True), Card("Mer1", "merchant", "g", True, tapped=True),
                 Card("Sla1", "slave", "ryg", True), Card("Sla2", "slave", "ryg")]
    red.tokens = {"health": 8, "leisure": 5, "civic": 3}
    red.money = 4
    s.markers = {"health": 5, "leisure": 5, "civic": 2}  # values 3, 3, 1 on the fictional ladder
    endgame.start(s)
    red.prestige_before_end = 40
    s = s.freeze()
    for text in ["Blue down 0", "Red up 0", "White up 0", "Black down 1"]:
        RULESET.check(s, RULESET.parse(s, text))
        s = RULESET.apply(s, RULESET.parse(s, text))
    assert "Red" in s.pending and s.step == "end.free"
    with pytest.raises(IllegalMove) as err:
        RULESET.check(s, RULESET.parse(s, "Red frees 3"))
    assert err.value.rule == "sylla.end.slaves"
    for name in list(s.pending):
        n = 2 if name == "Red" else 0
        s = RULESET.apply(s, RULESET.parse(s, f"{name} frees {n}"))
    assert s.phase == "over"
    sheet = RULESET.score(s)
    assert sheet.points["Red"] == {"prestige": 40, "plebs": 0, "christians": 6, "slaves": 6, "politics": 42}
    assert sheet.totals["Red"] - 40 == 54
    assert sheet.points["Black"]["plebs"] == 1  # Sen1 (untapped after round 1) + 1 denarius = 2 votes
    assert RULESET.outcome(s).winners == sheet.winners
    assert dict(RULESET.score_table(RULESET.table_from_state(s)).points) == dict(sheet.points)


def test_sylla_events_pillage(base):
    base.player("White").tiles.append(Tile("Stall2", "stall"))
    happen(base, "Pillage 0 L leisure")
    assert base.player("Black").tiles[0].down  # his only Stall
    # White's two Stalls are alike, so the program turns one without asking
    assert base.pending == [] and [t.down for t in base.player("White").tiles] == [False, True, False]


def test_sylla_open_ecclesia_vote_thumb_up_only(base):
    s = base
    s.options["ecclesia_vote"] = "thumb-up"
    s.round = 5
    for p in s.players:
        p.money = 4
    endgame.start(s)
    s = s.freeze()
    for text in ["Blue down 0", "Red down 0", "White up 0", "Black up 0"]:
        s = RULESET.apply(s, RULESET.parse(s, text))
    assert s.pending == ("White", "Black")  # Red (thumb down) is not asked to free his Slaves
    for text in ["White frees 1", "Black frees 2"]:
        s = RULESET.apply(s, RULESET.parse(s, text))
    sheet = RULESET.score(s)
    assert sheet.points["Red"]["christians"] == 0 and sheet.points["Red"]["slaves"] == 0
    assert sheet.points["Blue"]["plebs"] == 1  # 2 usable Senators
    assert sheet.points["Black"]["slaves"] == 6 and sheet.points["Black"]["christians"] == 2
    assert dict(RULESET.score_table(RULESET.table_from_state(s)).points) == dict(sheet.points)


def test_sylla_phase2_recruit_from_the_display():
    game = ex.replay(ex.SETUP + "display slave fish ryg IV, legionary r I, senator y III, vestal ry II, merchant y II, vestal g III\n"
                     + ex.ELECTION + ex.TOKEN)
    with pytest.raises(IllegalMove) as err:
        game.push("Black recruits slave ryg")
    assert err.value.rule == "sylla.phase2.recruit" and "display" in err.value.hint
    game.push("Black recruits 1")  # by position
    assert game.state.player("Black").cards[-1].spec().text() == "slave fish ryg IV"
    game.push("Blue recruits legionary r")  # the set numeral may be left out
    assert game.state.player("Blue").cards[-1].set == 1
    game.extend(read_record(ex.HEADER + "Red recruits senator y\nWhite recruits vestal ry\n").entries)
    assert game.state.display is None and game.state.phase == "III"


def test_sylla_phase2_recruit_ambiguous_sets():
    game = ex.replay(ex.SETUP + "display vestal r I, vestal r III, legionary r I, senator y III, vestal ry II, merchant y II\n"
                     + ex.ELECTION + ex.TOKEN)
    with pytest.raises(IllegalMove) as err:
        game.push("Black recruits vestal r")
    assert "say which" in err.value.message and "vestal r III" in err.value.hint
    game.push("Black recruits vestal r III")


def test_sylla_3p_recruit_display_of_five():
    game = Game(RULESET, ["A", "B", "C"], {"board": ex.HEADER.split("Board: ")[1].split("\n")[0]})
    game.push("sets A=I B=II C=III")
    with pytest.raises(IllegalMove) as err:
        game.push("display vestal r IV, vestal y IV, legionary r IV, senator y IV, merchant y IV, slave ryg IV")
    assert err.value.rule == "sylla.3p.recruit"
    game.push("display vestal r IV, vestal y IV, legionary r IV, senator y IV, merchant y IV")
    with pytest.raises(IllegalMove) as err:
        game.push("display vestal r IV, vestal y IV, legionary r IV, senator y IV, merchant y IV")
    assert "already" in err.value.message


def test_sylla_phase3_auction_bid_counts_cards_not_hexagons(base):
    """A bid is a number of cards (RULES.md [^bidunit]): a card entered with two grey hexagons counts once."""
    red = base.player("Red")
    red.cards = [Card("Sen1", "senator", "gg")]
    assert len(auction.payers(base, "Red", "g")) == 1
