"""7 Wonders' rule ids that no test was named after (tests/test_rule_ids.py), each checked
through the engine: terms (``7w.terms.*``), guilds (``7w.cards.guilds``,
``7w.scoring.guilds``), when a leader acts (``7w.leader.timing``), Babylon A, and the checks
of a play logged from the score pad (``7w.sheet.*``)."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry, TableError
from assistant.core.game import Game
from assistant.core.sheets import PlaySheet
from assistant.games.sevenwonders import RULESET, components
from assistant.games.sevenwonders.scoring import City, score_city
from sw_scenario import play, put, start

THREE = ("Gizah A", "Rhodes A", "Babylon A")
EMPTY_LEFT = City("Left", "Rhodes", "A", 0, 0)
EMPTY_RIGHT = City("Right", "Ephesus", "A", 0, 0)


def guild_points(me: City, left: City = EMPTY_LEFT, right: City = EMPTY_RIGHT) -> int:
    """The guilds row of ``me`` seated between ``left`` and ``right``."""
    return score_city([me, left, right], 0).points["guilds"]


def to_turn(game: Game, *entries: str) -> Game:
    """Play the Recruitment entries given; the other players sell an unnamed leader."""
    play(game, *entries)
    while game.state.phase == "recruit":
        game.push(f"{game.expecting().players[0]} sell")
    return game


def sheet_rules(pad: dict[str, dict[str, int]], coins: dict[str, int] | None = None, winners=None) -> list[str]:
    """The rule ids of the problems of a logged play's score pad (empty: accepted)."""
    try:
        RULESET.check_sheet(PlaySheet("7wonders", tuple(pad), pad, tiebreak=coins or {}, winners=winners))
    except TableError as exc:
        return sorted({problem.rule for problem in exc.problems})
    return []


# -- terms -----------------------------------------------------------------------------------------------
def test_7w_terms_resources_other_names_buy_the_same_resource():
    assert components.resource_index().resolve("textile") == "loom"
    assert components.resource_index().resolve("brick") == "clay"
    with pytest.raises(InvalidEntry) as caught:
        components.resource_index().resolve("marble")
    assert caught.value.rule == "7w.terms.resources"
    game = start(*THREE, leaders=False)
    put(game, "bob", cards=("Loom",))  # ada's left neighbour makes loom
    bought = RULESET.parse(game.state, "ada build Apothecary pay left textile")
    assert bought == RULESET.parse(game.state, "ada build Apothecary pay left loom")
    RULESET.check(game.state, bought)
    # raw materials come from brown cards, manufactured goods from grey ones
    raw, goods = {"wood", "stone", "clay", "ore"}, {"glass", "loom", "papyrus"}
    for card in components.cards():
        made = {r for e in card.effects if e.type == "produce" for r, _ in e.resources}
        made |= {r for e in card.effects if e.type == "produce_choice" for r in e.options}
        if card.color in ("brown", "grey"):
            assert made and made <= (raw if card.color == "brown" else goods), card.name


def test_7w_terms_colours_seven_colours_and_purple_only_in_age_three():
    assert components.color_index().resolve("civilian") == "blue"
    assert components.color_index().resolve("guild") == "purple"
    with pytest.raises(InvalidEntry) as caught:
        components.color_index().resolve("pink")
    assert caught.value.rule == "7w.terms.colours"
    cards = components.cards()
    assert {card.color for card in cards} == {"brown", "grey", "blue", "green", "yellow", "red", "purple"}
    assert {card.age for card in cards if card.color == "purple"} == {3}
    assert not [card.name for card in cards if card.age == 3 and card.color in ("brown", "grey")]
    assert not {leader.name for leader in components.leaders()} & {card.name for card in cards}


# -- guilds ----------------------------------------------------------------------------------------------
def test_7w_cards_guilds_neighbours_never_own_city_unless_said():
    mine = City("Me", "Gizah", "A", 0, 0, cards=("Workers Guild", "Lumber Yard", "Ore Vein"))
    assert guild_points(mine) == 0  # own brown cards do not count
    left = City("Left", "Rhodes", "A", 0, 0, cards=("Lumber Yard", "Clay Pool"))
    right = City("Right", "Ephesus", "A", 0, 0, cards=("Ore Vein",))
    assert guild_points(mine, left, right) == 3  # 1 VP per brown card of both neighbours
    # "own" said: the Shipowners count the city's own brown, grey and purple cards, itself included
    ships = City("Me", "Gizah", "A", 0, 0, cards=("Shipowners Guild", "Lumber Yard", "Loom"))
    assert guild_points(ships, left, right) == 3
    # Builders: the stages of the city and of both neighbours
    builders = City("Me", "Gizah", "A", 2, 0, cards=("Builders Guild",))
    assert guild_points(builders, City("Left", "Rhodes", "A", 1, 0), City("Right", "Ephesus", "A", 3, 0)) == 6


def test_7w_scoring_guilds_every_guild_of_the_city_and_olympia_b_copy():
    left = City("Left", "Rhodes", "A", 0, 0, cards=("Lumber Yard", "Clay Pool"), leaders=("Caesar",))
    right = City("Right", "Ephesus", "A", 0, 0, cards=("Ore Vein", "Builders Guild"), leaders=("Euclid",))
    # a Leaders guild counts with the others: Workers 3 + Diplomats 2 (the neighbours' leaders)
    mine = City("Me", "Gizah", "A", 0, 0, cards=("Workers Guild", "Diplomats Guild"))
    assert guild_points(mine, left, right) == 3 + 2
    # Olympia B (all 3 stages) copies a neighbour's guild: its VP join the guilds row
    olympia = City("Me", "Olympia", "B", 3, 0, cards=("Workers Guild",), copied_guild="Builders Guild")
    assert guild_points(olympia, left, right) == 3 + 3  # Builders: 3 stages of Olympia, none of the neighbours


# -- leaders ---------------------------------------------------------------------------------------------
def test_7w_leader_timing_acts_from_recruitment_never_from_the_hand():
    game = start(*THREE)
    put(game, "ada", hand=("Croesus", "Leonidas", "Caesar", "Zenobia"), hand_size=4)
    before = game.state.city("ada").coins
    to_turn(game, "ada recruit Croesus")  # immediate: 6 coins when recruited (after its cost of 1)
    ada = game.state.city("ada")
    assert ada.leaders == ("Croesus",) and ada.coins == before - 1 + 6
    # Leonidas (red structures cost one resource less) does nothing from the hand ...
    put(game, "ada", coins=0)
    assert "Leonidas" in game.state.city("ada").hand
    with pytest.raises(IllegalMove) as caught:
        game.push("ada build Barracks")  # ore, which Gizah A does not make
    assert caught.value.rule in ("7w.build.cost", "7w.commerce.coins-timing")
    # ... and acts once recruited
    put(game, "ada", leaders=("Croesus", "Leonidas"))
    game.push("ada build Barracks")
    # Croesus acted once, when recruited: the turn resolved, no more coins from him
    play(game, "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 0 and "Barracks" in game.state.city("ada").cards


# -- Babylon A -------------------------------------------------------------------------------------------
def test_7w_wonder_babylon_a_clay_and_a_science_wildcard():
    side = next(s for s in components.wonders() if s.board == "Babylon" and s.side == "A")
    assert side.resource == "clay"
    assert [dict(stage.cost.resources) for stage in side.stages] == [{"clay": 2}, {"wood": 3}, {"clay": 4}]
    assert [[e.type for e in stage.effects] for stage in side.stages] == [["vp"], ["science"], ["vp"]]
    babylon = City("Me", "Babylon", "A", 3, 0, cards=("Apothecary", "Workshop"))
    points = score_city([babylon, EMPTY_LEFT, EMPTY_RIGHT], 0).points
    assert points["wonder"] == 3 + 7
    assert points["science"] == 10  # compass, gear and the wildcard chosen at the end: a tablet
    assert [rule.id for rule in RULESET.explain("Babylon")][0] == "7w.wonder.babylon.a"


# -- a play logged from the score pad ---------------------------------------------------------------------
def pad(**rows: int) -> dict[str, int]:
    return dict(rows)


def test_7w_sheet_military_six_conflicts_between_minus_6_and_18():
    assert sheet_rules({"Ann": pad(military=18), "Ben": pad(military=-6)}) == []
    assert sheet_rules({"Ann": pad(military=19), "Ben": pad(military=0)}) == ["7w.sheet.military"]
    assert sheet_rules({"Ann": pad(military=3), "Ben": pad(military=-7)}) == ["7w.sheet.military"]


def test_7w_sheet_negative_only_military_may_be_below_zero():
    assert sheet_rules({"Ann": pad(civilian=-2, military=5), "Ben": pad(military=-3)}) == ["7w.sheet.negative"]
    assert sheet_rules({"Ann": pad(leaders=-1, military=5), "Ben": pad()}) == ["7w.sheet.negative"]


def test_7w_sheet_science_values_no_city_can_reach():
    assert sheet_rules({"Ann": pad(science=10), "Ben": pad(science=4)}) == []
    for value in (3, 6, 7):
        assert sheet_rules({"Ann": pad(science=value, military=5), "Ben": pad()}) == ["7w.sheet.science"], value


def test_7w_sheet_wonder_the_first_stages_of_one_board():
    assert sheet_rules({"Ann": pad(wonder=15), "Ben": pad(wonder=3)}) == []  # Gizah A, all or one stage
    assert sheet_rules({"Ann": pad(wonder=1), "Ben": pad(wonder=3)}) == ["7w.sheet.wonder"]


def test_7w_sheet_treasury_one_per_three_coins():
    assert sheet_rules({"Ann": pad(treasury=3, military=5), "Ben": pad()}, coins={"Ann": 10, "Ben": 0}) == []
    assert sheet_rules({"Ann": pad(treasury=4, military=5), "Ben": pad()}, coins={"Ann": 10, "Ben": 0}) == ["7w.sheet.treasury"]


def test_7w_sheet_tiebreak_coins_of_the_tied_players_or_the_tables_word():
    tied = {"Ann": pad(civilian=10), "Ben": pad(civilian=10), "Cy": pad(civilian=2)}
    assert sheet_rules(tied) == ["7w.sheet.tiebreak"]
    assert sheet_rules(tied, coins={"Ann": 2}) == ["7w.sheet.tiebreak"]  # Ben's coins missing
    sheet = RULESET.check_sheet(PlaySheet("7wonders", tuple(tied), tied, tiebreak={"Ann": 2, "Ben": 1}))
    assert sheet.winners == ("Ann",)
    shared = RULESET.check_sheet(PlaySheet("7wonders", tuple(tied), tied, tiebreak={"Ann": 2, "Ben": 2}))
    assert shared.winners == ("Ann", "Ben")
    said = RULESET.check_sheet(PlaySheet("7wonders", tuple(tied), tied, winners=("Ben",)))
    assert said.winners == ("Ben",)
    assert sheet_rules(tied, winners=("Cy",)) == ["7w.sheet.tiebreak"]  # not among those tied
