"""Sylla's rule ids that no test was named after (tests/test_rule_ids.py), each checked through
the engine, mostly at its moment in the game played by hand
(tests/records/sylla/three_players_by_hand.txt): the setup and data entries, the phases, the
open points' rulings on auctions, events and Taverns, the end and a logged play's sheet."""

from __future__ import annotations

import dataclasses

import pytest

from assistant.core.errors import EntryError, InvalidEntry, TableError
from assistant.core.game import Game
from assistant.core.sheets import PlaySheet
from assistant.games.sylla import RULESET

from sylla_record import LINES, RECORD, before  # tests/ is on sys.path (tests/conftest.py)

BOARD = "board ladder=0,1,1,2,2,3,3,4,5 crisis=3 start=5 spaces=r,y,g,r,y,g"


def refused(game: Game, text: str) -> EntryError:
    """The refusal of ``text``; the game is left as it was."""
    state, ply = game.state, game.ply
    with pytest.raises(EntryError) as caught:
        game.push(text)
    assert game.state is state and game.ply == ply
    return caught.value


def player(game: Game, name: str):  # type: ignore[no-untyped-def]
    return game.state.player(name)


# -- setup and data -------------------------------------------------------------------------------
def test_sylla_setup_characters_one_income_tile_each_entered_once():
    game = before("sets Ann=II Ben=III Cy=IV")
    assert refused(game, "sets Ann=II Ben=III").rule == "sylla.setup.characters"
    unknown = refused(game, "sets Ann=V Ben=III Cy=IV")
    assert isinstance(unknown, InvalidEntry) and unknown.rule == "sylla.setup.characters"
    game.push("sets Ann=II Ben=III Cy=IV")
    assert [p.set for p in game.state.players] == [2, 3, 4]
    assert refused(game, "sets Ann=I Ben=III Cy=IV").rule == "sylla.setup.characters"
    # each keeps 6 characters of his set (3 players), all from it
    game.push(LINES[LINES.index("sets Ann=II Ben=III Cy=IV") + 1])
    assert len(player(game, "Ann").cards) == 6 and {card.set for card in player(game, "Ann").cards} == {2}


def test_sylla_setup_buildings_the_top_six_tiles_once():
    game = before("remove Pantheon")
    game.push("tiles Market Stall, Field, Insula, Tavern, Statue, Bank")
    assert game.state.spaces == ("stall", "field", "insula", "tavern", "statue", "bank")
    assert refused(game, "tiles Market Stall, Field, Insula, Tavern, Statue, Bank").rule == "sylla.setup.buildings"


def test_sylla_data_buildings_six_tiles_by_name():
    game = before("tiles Market Stall, Field, Insula, Tavern, Statue, Bank")
    assert refused(game, "tiles Market Stall, Field, Insula, Tavern, Statue").rule == "sylla.data.buildings"
    unknown = refused(game, "tiles Market Stall, Field, Insula, Tavern, Statue, Pyramid")
    assert isinstance(unknown, InvalidEntry) and unknown.rule == "sylla.data.buildings"
    game.push("tiles stall field insula tavern statue bank")  # by type, as the rule writes them
    assert game.state.spaces == ("stall", "field", "insula", "tavern", "statue", "bank") and game.state.tiles_out == 6


def test_sylla_data_building_slots_one_colour_per_space():
    game = Game(RULESET, ["Ann", "Ben", "Cy"], {})
    assert refused(game, BOARD.rsplit(",", 1)[0]).rule == "sylla.data.building-slots"  # 5 spaces
    assert refused(game, BOARD.replace("spaces=r,y,g,r", "spaces=r,y,g,ry")).rule == "sylla.data.building-slots"
    bad = refused(game, BOARD.replace("spaces=r", "spaces=x"))
    assert isinstance(bad, InvalidEntry) and bad.rule == "sylla.data.building-slots"
    game.push(BOARD)
    assert game.state.board.spaces == ("r", "y", "g", "r", "y", "g")


def test_sylla_data_cranes_the_crane_cards_colours():
    game = before("Cy crane gy")
    assert refused(game, "Cy crane").rule == "sylla.data.cranes"
    assert refused(game, "Cy crane xz").rule == "sylla.data.cranes"
    game.push("Cy crane gy")
    crane = [card for card in player(game, "Cy").cards if card.kind == "crane"]
    assert len(crane) == 1 and sorted(crane[0].hexes) == ["g", "y"] and crane[0].tapped  # it comes tapped


def test_sylla_components_characters_types_hexagons_and_abilities():
    ability = RULESET.explain("senator")
    assert [rule.id for rule in ability] == ["sylla.components.characters"]
    assert "face up" in ability[0].text and ability[0].see_also == ("sylla.data.characters",)
    game = Game.from_record(RULESET, RECORD)
    for p in game.state.players:
        for card in p.cards:
            if card.kind != "crane":
                assert card.kind in ("senator", "merchant", "legionary", "vestal", "slave"), card
                assert 1 <= len(card.hexes) <= 3 and set(card.hexes) <= set("ryg"), card


# -- the phases ------------------------------------------------------------------------------------
def test_sylla_phase1_election_senators_count_and_each_bid_beats():
    game = before("Ann bids 2")
    assert refused(game, "Ben bids 3").rule == "sylla.phase1.election"  # Ann speaks first
    low = refused(game, "Ann bids 1")
    assert low.rule == "sylla.phase1.election" and "face-up Senators" in low.message
    game.push("Ann bids 2")
    game.push("Ben bids 4")
    assert refused(game, "Cy bids 3").rule == "sylla.phase1.election"  # must beat 4
    money = player(game, "Ben").money
    game.push("Cy passes")
    assert game.state.consul == "Ben" and player(game, "Ben").money == money - 3  # 1 Senator + 3 denarii


def test_sylla_phase3_sequence_offers_a_space_the_last_buyer_offers():
    game = before("Ann offers 2")
    assert refused(game, "Ben offers 2").rule == "sylla.phase3.sequence"  # Ann bought last
    which = refused(game, "Ann offers")
    assert isinstance(which, InvalidEntry) and which.rule == "sylla.phase3.sequence"
    game.push("Ann offers 2")
    assert game.state.offer_space == 2


def test_sylla_open_building_raise_each_bid_beats_the_highest():
    game = before("Ann bids 2", 2)  # the auction: Ben offered space 1, Cy bid 1
    error = refused(game, "Ann bids 1")
    assert error.rule == "sylla.open.building-raise" and "more than 1" in error.message
    game.push("Ann bids 2")
    assert game.state.high == 2 and game.state.high_bidder == "Ann"


def test_sylla_phase3_colour_only_cards_of_the_sale_colour():
    game = before("Ann pays Sla1 Leg1")  # the Market Stall on a red space
    error = refused(game, "Ann pays Sen2 Leg1")
    assert error.rule == "sylla.phase3.colour" and "no red hexagon" in error.message


def test_sylla_phase3_payment_exactly_as_many_cards_as_bid():
    game = before("Ann pays Sla1 Leg1")
    assert refused(game, "Ann pays Sla1").rule == "sylla.phase3.payment"
    assert refused(game, "Ann pays Sla1 Leg1 Ves1").rule == "sylla.phase3.payment"
    assert refused(game, "Ben passes").rule == "sylla.phase3.payment"  # Ann won: she pays now
    game.push("Ann pays Sla1 Leg1")
    tapped = {card.label for card in player(game, "Ann").cards if card.tapped}
    assert tapped == {"Sla1", "Leg1"}


def test_sylla_phase4_income_three_plus_merchants_plus_stalls_then_buildings_in_turn():
    game = before("Ben insula civic civic")  # the 4th offer: income follows
    money = {p.name: p.money for p in game.state.players}
    game.push("Ben insula civic civic")
    gained = {p.name: p.money - money[p.name] for p in game.state.players}
    assert gained == {"Ben": 3 + 1, "Cy": 3 + 1, "Ann": 3 + 1 + 2}  # Ann's Market Stall
    game = before("Cy tavern health up")
    assert refused(game, "Ann done").rule == "sylla.phase4.income"  # Cy's turn, clockwise from the Consul
    assert refused(game, "Cy offers 2").rule == "sylla.phase4.income"


def test_sylla_phase5_cubes_usable_vestals_and_legionaries_only():
    game = before("Ben insula civic civic")
    game.push("Ben insula civic civic")
    cubes = {p.name: dict(p.cubes) for p in game.state.players}
    # Ann's Legionary was tapped to pay for the Market Stall: no cube from it
    assert cubes == {"Ann": {"vestal": 2, "legionary": 0}, "Ben": {"vestal": 0, "legionary": 2}, "Cy": {"vestal": 1, "legionary": 1}}
    error = refused(game, "Ben vestal Epidemic")
    assert error.rule == "sylla.phase5.cubes" and "no vestal cube" in error.message


def test_sylla_phase5_placement_on_an_event_showing_the_symbol_in_turn():
    game = before("Cy vestal Epidemic")
    assert refused(game, "Cy vestal Decadence").rule == "sylla.phase5.placement"  # no Vestal symbol
    assert refused(game, "Ann vestal Epidemic").rule == "sylla.phase5.placement"  # Cy's turn
    which = refused(game, "Cy vestal")
    assert isinstance(which, InvalidEntry) and which.rule == "sylla.phase5.placement"
    game.push("Cy vestal Epidemic")
    assert player(game, "Cy").cubes["vestal"] == 0


def test_sylla_open_event_choice_the_owner_picks_a_face_up_item():
    game = before("Cy turns Sen2")
    error = refused(game, "Cy turns Mer1")
    assert error.rule == "sylla.open.event-choice" and "not a face-up item" in error.message
    game.push("Cy turns Sen2")
    assert [card.down for card in player(game, "Cy").cards if card.label == "Sen2"] == [True]


def test_sylla_open_tavern_direction_move_unless_at_an_end():
    game = before("Cy tavern health up")
    error = refused(game, "Cy tavern health hold")
    assert error.rule == "sylla.open.tavern-direction" and "not at an end" in error.message
    health = game.state.markers["health"]
    game.push("Cy tavern health up")
    assert game.state.markers["health"] == health + 1


def test_sylla_buildings_tavern_rules_a_marker_once_per_phase_never_famine():
    game = before("Cy tavern health up")
    assert refused(game, "Cy tavern health").rule == "sylla.buildings.tavern.rules"  # no direction
    assert refused(game, "Cy tavern famine up").rule == "sylla.notation"  # famine is no Tavern marker
    # a second Tavern owner (Ann, given a Tavern before the income phase) cannot move the same marker
    game = before("Ann pays Leg1 Mer2")
    draft = game.state.edit()
    tavern = next(tile for tile in draft.player("Cy").tiles if tile.kind == "tavern")
    draft.player("Ann").tiles.append(dataclasses.replace(tavern, label="Tavern9"))
    game.states[-1] = draft.freeze()
    for text in ("Ann pays Leg1 Mer2", "Ben temple leisure", "Cy tavern health up"):
        game.push(text)
    error = refused(game, "Ann tavern health down")
    assert error.rule == "sylla.buildings.tavern.rules" and "Cy already moved the Health marker" in error.message
    game.push("Ann tavern civic up")


def test_sylla_phase6_reveal_next_rounds_work_first():
    game = before("work Temple")
    error = refused(game, "Ann up 3")
    assert error.rule == "sylla.phase6.reveal" and error.hint == "work Senate"
    game.push("work Temple")
    game.push("Ann up 3")


def test_sylla_phase6_work_thumbs_up_take_prestige_and_move_the_marker():
    game = before("Ann up 3")
    civic = game.state.markers["civic"]
    for text in ("Ann up 3", "Ben down 2", "Cy up 2"):
        game.push(text)
    assert game.state.works_built == ("senate",)
    # Senate: Ann 4 votes +5, Cy 3 votes +3, Ben (down) the plebs' +1; famine 1: -1 but Cy (Field)
    assert {p.name: p.prestige for p in game.state.players} == {"Ann": 10 + 5 - 1, "Ben": 15 + 1 - 1, "Cy": 11 + 3}
    assert game.state.markers["civic"] == civic + 1  # 7 votes: one step


def test_sylla_roundend_six_new_tiles_and_every_card_untaps():
    game = before("Cy up 2")  # the last vote of round 1
    assert any(card.tapped for p in game.state.players for card in p.cards)
    game.push("Cy up 2")
    assert not any(card.tapped for p in game.state.players for card in p.cards)
    error = refused(game, "Ben passes")
    assert error.rule == "sylla.roundend" and error.hint.startswith("tiles ")
    assert game.state.spaces == (None,) * 6  # the round's unsold tiles left
    game.push("tiles Private Temple, Tavern, Field, Triumphal Arch, Crane, Market Stall")
    assert game.state.spaces == ("temple", "tavern", "field", "arch", "crane", "stall")
    assert game.state.round == 2 and game.state.tiles_out == 12


# -- the end, a logged play ------------------------------------------------------------------------
def test_sylla_end_christians_two_per_face_up_christian_tapped_too():
    game = Game.from_record(RULESET, RECORD)
    points = game.score().points
    for p in game.state.players:
        face_up = [card for card in p.cards if card.christian and not card.down]
        assert points[p.name]["christians"] == 2 * len(face_up), p.name
    table = RULESET.table_from_state(game.state)
    table["players"][0]["christians"] = 99
    with pytest.raises(TableError) as caught:
        RULESET.score_table(table)
    assert "sylla.end.christians" in {problem.rule for problem in caught.value.problems}


def test_sylla_sheet_negative_no_row_below_zero():
    def rules(prestige: int, politics: int = 0) -> list[str]:
        row = {"prestige": prestige, "plebs": 0, "christians": 0, "slaves": 0, "politics": politics}
        pad = {"Ann": row, "Ben": {**row, "prestige": 3}, "Cy": {**row, "prestige": 4}}
        try:
            RULESET.check_sheet(PlaySheet("sylla", ("Ann", "Ben", "Cy"), pad))
        except TableError as exc:
            return sorted({problem.rule for problem in exc.problems})
        return []

    assert rules(5) == []
    assert rules(-1) == ["sylla.sheet.negative"]
    assert rules(5, politics=-3) == ["sylla.sheet.negative"]
