"""End-game scoring of 7 Wonders + Leaders: every category, every guild and leader, the
Olympia B and Courtesans copies, Rome, the tie-break (rules 7w.scoring.*, 7w.guild.*,
7w.leader.*, 7w.faq.*)."""

from __future__ import annotations

import pytest

from assistant.games.sevenwonders import components
from assistant.games.sevenwonders.science import best_science, science_points
from assistant.games.sevenwonders.scoring import City, score_cities, score_city

NEUTRAL_LEFT = City("Left", "Rhodes", "A", 0, 0)
NEUTRAL_RIGHT = City("Right", "Ephesus", "A", 0, 0)


def city(**kw) -> City:
    base = dict(name="Me", board="Gizah", side="A", stages=0, coins=0)
    base.update(kw)
    for key in ("tokens", "cards", "leaders"):
        if key in base:
            base[key] = tuple(base[key])
    return City(**base)


def score(me: City, left: City = NEUTRAL_LEFT, right: City = NEUTRAL_RIGHT):
    """Score ``me`` seated between ``left`` and ``right`` (3 players)."""
    return score_city([me, left, right], 0)


def points(me: City, left: City = NEUTRAL_LEFT, right: City = NEUTRAL_RIGHT) -> dict[str, int]:
    return score(me, left, right).points


# -- categories ------------------------------------------------------------------------


def test_7w_scoring_military_example_rb2() -> None:
    assert points(city(tokens=[1, 3, 5, -1, -1, -1]))["military"] == 6


def test_7w_scoring_military_negative() -> None:
    assert points(city(tokens=[-1, -1, -1]))["military"] == -3


@pytest.mark.parametrize("coins,vp", [(14, 4), (0, 0), (2, 0), (3, 1), (30, 10)])
def test_7w_scoring_treasury_example_rb3(coins: int, vp: int) -> None:
    assert points(city(coins=coins))["treasury"] == vp


def test_7w_scoring_wonder_alexandria_a_rb4() -> None:
    assert points(city(board="Alexandria", side="A", stages=3))["wonder"] == 10


def test_7w_scoring_wonder_gizah_b_rb16() -> None:
    assert points(city(board="Gizah", side="B", stages=4))["wonder"] == 20


@pytest.mark.parametrize(
    "board,side,stages,vp",
    [("Rhodes", "B", 2, 7), ("Ephesus", "B", 3, 10), ("Halikarnassos", "B", 3, 3), ("Babylon", "B", 3, 3),
     ("Olympia", "B", 2, 5), ("Gizah", "A", 2, 8), ("Rome", "A", 2, 10), ("Rome", "B", 1, 0), ("Rome", "B", 3, 6)],
)
def test_7w_scoring_wonder_printed_stage_vp(board: str, side: str, stages: int, vp: int) -> None:
    assert points(city(board=board, side=side, stages=stages))["wonder"] == vp


def test_7w_wonder_rome_a_and_b_scores() -> None:
    assert points(city(board="Rome", side="A", stages=1))["wonder"] == 4
    assert points(city(board="Rome", side="B", stages=2))["wonder"] == 3


def test_7w_scoring_civilian_example_rb5() -> None:
    assert points(city(cards=["Altar", "Aqueduct", "Town Hall"]))["civilian"] == 13


def test_7w_scoring_commercial_chamber_rb8() -> None:
    assert points(city(cards=["Chamber of Commerce", "Loom", "Press"]))["commercial"] == 4


def test_7w_scoring_commercial_arena_rb17() -> None:
    assert points(city(board="Gizah", side="A", stages=3, cards=["Arena"]))["commercial"] == 3


def test_7w_faq_lighthouse_counts_itself_rb18() -> None:
    assert points(city(cards=["Lighthouse"]))["commercial"] == 1
    assert points(city(cards=["Lighthouse", "Tavern", "Forum"]))["commercial"] == 3


def test_7w_scoring_commercial_haven_and_no_vp_yellow() -> None:
    me = city(cards=["Haven", "Lumber Yard", "Clay Pit", "Quarry", "Vineyard", "Bazar", "Tavern"])
    assert points(me)["commercial"] == 3


def test_7w_faq_board_not_card() -> None:
    # Gizah's stone is not a brown card: Haven counts cards only.
    assert points(city(board="Gizah", cards=["Haven"]))["commercial"] == 0


# -- science ---------------------------------------------------------------------------


def test_7w_scoring_science_examples_rb6_rb7() -> None:
    assert science_points(3, 2, 1) == 21
    assert science_points(3, 2, 2) == 31
    six = ["Apothecary", "Dispensary", "Lodge", "Workshop", "Laboratory", "Scriptorium"]
    assert points(city(cards=six))["science"] == 21
    assert points(city(cards=[*six, "Library"]))["science"] == 31


def test_7w_scoring_science_no_cap() -> None:
    assert science_points(5, 0, 0) == 25
    assert science_points(6, 0, 0) == 36


def test_7w_guild_scientists_wildcard_maximises() -> None:
    me = city(cards=["Apothecary", "Workshop", "Scientists Guild"])
    result = score(me)
    assert result.points["science"] == 10  # compass, gear + wildcard tablet
    assert result.points["guilds"] == 0
    assert result.science.assigned == ("tablet",)


def test_7w_wonder_babylon_wildcards_both_sides() -> None:
    me = city(board="Babylon", side="A", stages=2, cards=["Apothecary", "Dispensary", "Lodge"])
    assert points(me)["science"] == 16  # 4 compasses
    me = city(board="Babylon", side="B", stages=3, cards=["Apothecary", "Workshop", "Scientists Guild"])
    # two wildcards on compass/gear/tablet 1/1/0: tablet + any = 2,1,1 -> 4+1+1+7 = 13
    assert points(me)["science"] == 13
    me = city(board="Babylon", side="B", stages=2, cards=["Apothecary"])
    assert points(me)["science"] == 1  # stage 3 not built: no wildcard


def test_7w_faq_science_sources_leaders_count_for_sets() -> None:
    me = city(cards=["Apothecary", "Workshop"], leaders=["Ptolemy"])
    assert points(me)["science"] == 10
    me = city(cards=[], leaders=["Euclid", "Ptolemy", "Pythagoras"])
    assert points(me)["science"] == 10


def test_7w_leader_aristotle_bonus_in_leaders_and_steers_wildcards() -> None:
    # 4 compasses + 1 gear, one wildcard: compass gives 25 + 1 = 26, tablet 16 + 1 + 1 + 7 = 25.
    cards = ["Apothecary", "Dispensary", "Lodge", "Academy", "Workshop", "Scientists Guild"]
    without = points(city(cards=cards))
    assert without["science"] == 26 and without["leaders"] == 0
    # With Aristotle a set is worth 10: the tablet wins (25 + 3 = 28 > 26).
    with_aristotle = points(city(cards=cards, leaders=["Aristotle"]))
    assert with_aristotle["science"] == 25
    assert with_aristotle["leaders"] == 3


def test_7w_leader_aristotle_per_set() -> None:
    cards = ["Apothecary", "Dispensary", "Workshop", "Laboratory", "Scriptorium", "Library"]
    assert points(city(cards=cards, leaders=["Aristotle"]))["leaders"] == 6
    assert points(city(cards=cards, leaders=["Aristotle"]))["science"] == 26


def test_7w_scoring_science_wildcards_only() -> None:
    assert best_science({}, 2).points == 4  # two of a kind beats two different (1 + 1)
    assert best_science({}, 3).points == 10  # a set (3 + 7) beats three of a kind (9)
    assert best_science({}, 2).assigned == ("compass", "compass")  # deterministic on ties


# -- guilds ----------------------------------------------------------------------------

RICH_LEFT = City(
    "Left", "Rhodes", "A", 2, 7, (1, -1, 3, -1),
    ("Lumber Yard", "Ore Vein", "Loom", "Press", "Tavern", "Altar", "Baths", "Apothecary",
     "Barracks", "Stockade", "Spies Guild"),
    ("Cleopatra", "Hannibal"),
)
RICH_RIGHT = City(
    "Right", "Ephesus", "B", 3, 11, (-1, 5),
    ("Clay Pool", "Glassworks", "Marketplace", "Vineyard", "Theater", "Workshop", "Scriptorium",
     "Guard Tower", "Traders Guild", "Builders Guild"),
    ("Euclid",),
)
# Left: brown 2, grey 2, yellow 1, blue 2, green 1, red 2, purple 1, defeats 2, stages 2, leaders 2
# Right: brown 1, grey 1, yellow 2, blue 1, green 2, red 1, purple 2, defeats 1, stages 3, leaders 1


@pytest.mark.parametrize(
    "guild,vp",
    [
        ("Workers Guild", 3), ("Craftsmens Guild", 6), ("Traders Guild", 3), ("Philosophers Guild", 3),
        ("Spies Guild", 3), ("Magistrates Guild", 3), ("Strategists Guild", 3), ("Builders Guild", 2 + 2 + 3),
        ("Diplomats Guild", 3), ("Architects Guild", 9), ("Gamers Guild", 4), ("Courtesans Guild", 0),
    ],
)
def test_7w_guild_each_guild_vp(guild: str, vp: int) -> None:
    left = RICH_LEFT
    right = RICH_RIGHT
    # the neighbours must not hold the guild being tested (each guild exists once)
    if guild in left.cards:
        left = City(left.name, left.board, left.side, left.stages, left.coins, left.tokens,
                    tuple(c for c in left.cards if c != guild) + ("Shipowners Guild",), left.leaders)
    if guild in right.cards:
        right = City(right.name, right.board, right.side, right.stages, right.coins, right.tokens,
                     tuple(c for c in right.cards if c != guild) + ("Magistrates Guild",), right.leaders)
    me = city(board="Gizah", side="A", stages=2, coins=13, cards=[guild])
    assert score(me, left, right).points["guilds"] == vp, guild


def test_7w_guild_shipowners_counts_itself_rb19() -> None:
    me = city(cards=["Shipowners Guild", "Lumber Yard", "Sawmill", "Loom", "Spies Guild"])
    # 2 brown + 1 grey + 2 purple (itself included) = 5; the Spies Guild scores 0 here.
    assert points(me)["guilds"] == 5


def test_7w_guild_gamers_in_addition_to_treasury() -> None:
    p = points(city(coins=10, cards=["Gamers Guild"]))
    assert p["treasury"] == 3 and p["guilds"] == 3


def test_7w_guild_strategists_counts_redirected_defeats() -> None:
    left = city(name="Left", board="Rhodes", tokens=[-1, -1, -1, -1])  # one came from Tomyris
    me = city(cards=["Strategists Guild"])
    assert score(me, left, NEUTRAL_RIGHT).points["guilds"] == 4


def test_7w_guild_diplomats_counts_recruited_leaders_only() -> None:
    left = city(name="Left", board="Rhodes", leaders=["Sappho", "Zenobia"])
    me = city(cards=["Diplomats Guild"])
    assert score(me, left, NEUTRAL_RIGHT).points["guilds"] == 2


# -- leaders ---------------------------------------------------------------------------

LEADER_CITY_CARDS = (
    "Lumber Yard", "Ore Vein", "Loom", "Altar", "Baths", "Tavern", "Apothecary", "Workshop",
    "Barracks", "Spies Guild",
)
# brown 2, grey 1, blue 2, yellow 1, green 2 (compass, gear), red 1, purple 1; 2 stages;
# 10 coins; tokens +1 +3 -1 (2 Victory tokens).

LEADER_VP = {
    "Alexander": 2, "Amytis": 4, "Archimedes": 0, "Aristotle": 0, "Bilkis": 0, "Caesar": 0,
    "Cleopatra": 5, "Croesus": 0, "Euclid": 0, "Hammurabi": 0, "Hannibal": 0, "Hatshepsut": 0,
    "Hiram": 2, "Hypatia": 2, "Imhotep": 0, "Justinian": 3, "Leonidas": 0, "Maecenas": 0,
    "Midas": 3, "Nebuchadnezzar": 2, "Nefertiti": 4, "Nero": 0, "Pericles": 2, "Phidias": 2,
    "Plato": 7, "Praxiteles": 2, "Ptolemy": 0, "Pythagoras": 0, "Ramses": 0, "Sappho": 2,
    "Solomon": 0, "Tomyris": 0, "Varro": 1, "Vitruvius": 0, "Xenophon": 0, "Zenobia": 3,
}
LEADER_SCIENCE = {"Euclid": 5, "Pythagoras": 5, "Ptolemy": 10}


def test_7w_leader_table_covers_all_36() -> None:
    assert set(LEADER_VP) == {l.name for l in components.leaders()}


@pytest.mark.parametrize("name", sorted(LEADER_VP))
def test_7w_leader_each_end_game_vp(name: str) -> None:
    me = city(board="Gizah", side="A", stages=2, coins=10, tokens=[1, 3, -1], cards=LEADER_CITY_CARDS, leaders=[name])
    p = points(me)
    assert p["leaders"] == LEADER_VP[name]
    assert p["science"] == LEADER_SCIENCE.get(name, 2)
    # the leader never changes another category
    base = points(city(board="Gizah", side="A", stages=2, coins=10, tokens=[1, 3, -1], cards=LEADER_CITY_CARDS))
    for key in ("military", "treasury", "wonder", "civilian", "commercial", "guilds"):
        assert p[key] == base[key]


def test_7w_leader_midas_in_addition_to_treasury() -> None:
    p = points(city(coins=14, leaders=["Midas"]))
    assert (p["treasury"], p["leaders"]) == (4, 4)


def test_7w_leader_alexander_counts_victory_tokens_of_any_age() -> None:
    p = points(city(tokens=[1, 1, 3, 5, 5, -1], leaders=["Alexander"]))
    assert (p["military"], p["leaders"]) == (14, 5)


def test_7w_faq_plato_double_gives_14() -> None:
    two_each = [
        "Lumber Yard", "Ore Vein", "Loom", "Press", "Altar", "Baths", "Tavern", "Marketplace",
        "Apothecary", "Workshop", "Barracks", "Stockade", "Spies Guild", "Traders Guild",
    ]
    assert points(city(cards=two_each, leaders=["Plato"]))["leaders"] == 14
    assert points(city(cards=two_each[:-1], leaders=["Plato"]))["leaders"] == 7


def test_7w_leader_rulings_colour_counts_ignore_leaders_and_board() -> None:
    # Phidias counts brown cards only: Gizah's stone and the leaders do not count.
    assert points(city(board="Gizah", leaders=["Phidias", "Hannibal"]))["leaders"] == 0


def test_7w_leader_justinian_sets() -> None:
    cards = ["Barracks", "Stockade", "Altar", "Baths", "Apothecary", "Workshop", "Scriptorium"]
    assert points(city(cards=cards, leaders=["Justinian"]))["leaders"] == 6


def test_7w_scoring_leaders_sum_of_several() -> None:
    p = points(city(coins=9, leaders=["Sappho", "Zenobia", "Midas"]))
    assert p["leaders"] == 2 + 3 + 3


# -- Olympia B's copied guild ------------------------------------------------------------

OLYMPIA_B3 = dict(name="Me", board="Olympia", side="B", stages=3, coins=9)


def test_7w_wonder_olympia_b_copy_given() -> None:
    me = city(**OLYMPIA_B3, copied_guild="Spies Guild")
    result = score(me, RICH_LEFT, RICH_RIGHT)
    assert result.points["guilds"] == 3  # red cards of Me's neighbours: 2 + 1
    assert result.points["wonder"] == 5
    assert result.copied_guild == "Spies Guild"
    assert result.notes == ()


def test_7w_wonder_olympia_b_copy_best_when_missing() -> None:
    me = city(**OLYMPIA_B3)
    result = score(me, RICH_LEFT, RICH_RIGHT)
    # Spies 3, Traders 3, Builders 3 + 2 + 3 = 8: the Builders Guild is best.
    assert result.copied_guild == "Builders Guild"
    assert result.points["guilds"] == 8
    assert any("Olympia B copies Builders Guild" in n for n in result.notes)


def test_7w_faq_olympia_copy_owner_not_affected() -> None:
    me = city(**OLYMPIA_B3, copied_guild="Builders Guild")
    sheet = score_cities([me, RICH_LEFT, RICH_RIGHT])
    # Right still scores its own Builders Guild: stages 3 + Me 3 + Left 2 = 8.
    # Its Traders Guild: yellow cards of Me (0) and Left (1).
    assert sheet.points["Right"]["guilds"] == 8 + 1


def test_7w_wonder_olympia_b_copy_scientists_is_a_wildcard() -> None:
    right = city(name="Right", board="Ephesus", cards=["Scientists Guild"])
    me = city(**{**OLYMPIA_B3, "cards": ("Apothecary", "Workshop")}, copied_guild="Scientists Guild")
    p = score(me, NEUTRAL_LEFT, right).points
    assert p["science"] == 10 and p["guilds"] == 0


def test_7w_wonder_olympia_b_copy_gamers_counts_olympia_coins() -> None:
    right = city(name="Right", board="Ephesus", coins=30, cards=["Gamers Guild"])
    me = city(**OLYMPIA_B3, copied_guild="Gamers Guild")  # 9 coins
    assert score(me, NEUTRAL_LEFT, right).points["guilds"] == 3


def test_7w_wonder_olympia_b_copy_architects_counts_olympias_neighbours() -> None:
    right = city(name="Right", board="Ephesus", cards=["Architects Guild", "Spies Guild"])
    left = city(name="Left", board="Rhodes", cards=["Traders Guild", "Workers Guild"])
    me = city(**OLYMPIA_B3, copied_guild="Architects Guild")
    assert score(me, left, right).points["guilds"] == 3 * 4


def test_7w_wonder_olympia_b_copied_shipowners_not_a_purple_card() -> None:
    right = city(name="Right", board="Ephesus", cards=["Shipowners Guild"])
    me = city(**{**OLYMPIA_B3, "cards": ("Lumber Yard", "Loom")}, copied_guild="Shipowners Guild")
    assert score(me, NEUTRAL_LEFT, right).points["guilds"] == 2


def test_7w_faq_hiram_olympia_copy_not_counted() -> None:
    right = city(name="Right", board="Ephesus", cards=["Spies Guild"])
    me = city(**{**OLYMPIA_B3, "cards": ("Traders Guild",)}, leaders=["Hiram"], copied_guild="Spies Guild")
    assert score(me, NEUTRAL_LEFT, right).points["leaders"] == 2


def test_7w_wonder_olympia_b_copy_courtesans_gives_nothing() -> None:
    right = city(name="Right", board="Ephesus", cards=["Courtesans Guild"], leaders=["Cleopatra"])
    left = city(name="Left", board="Rhodes", leaders=["Nefertiti"])
    me = city(**OLYMPIA_B3, copied_guild="Courtesans Guild")
    p = score(me, left, right).points
    assert p["guilds"] == 0 and p["leaders"] == 0


def test_7w_wonder_olympia_b_no_copy_before_stage_3() -> None:
    right = city(name="Right", board="Ephesus", cards=["Spies Guild"], tokens=[])
    me = city(name="Me", board="Olympia", side="B", stages=2, coins=0)
    left = city(name="Left", board="Rhodes", cards=["Barracks"])
    assert score(me, left, right).points["guilds"] == 0


# -- Courtesans' Guild ---------------------------------------------------------------------


def test_7w_guild_courtesans_copy_given() -> None:
    left = city(name="Left", board="Rhodes", leaders=["Cleopatra", "Sappho"])
    me = city(cards=["Courtesans Guild"], courtesan="Sappho")
    result = score(me, left, NEUTRAL_RIGHT)
    assert result.points["leaders"] == 2 and result.points["guilds"] == 0
    assert result.courtesan == "Sappho" and result.notes == ()


def test_7w_guild_courtesans_best_when_missing() -> None:
    left = city(name="Left", board="Rhodes", leaders=["Sappho"])
    right = city(name="Right", board="Ephesus", leaders=["Cleopatra"])
    result = score(city(cards=["Courtesans Guild"]), left, right)
    assert result.courtesan == "Cleopatra"
    assert result.points["leaders"] == 5
    assert any("copies Cleopatra" in n for n in result.notes)


def test_7w_guild_courtesans_copy_science_leader() -> None:
    left = city(name="Left", board="Rhodes", leaders=["Ptolemy"])
    me = city(cards=["Courtesans Guild", "Apothecary", "Workshop"], courtesan="Ptolemy")
    assert score(me, left, NEUTRAL_RIGHT).points["science"] == 10


def test_7w_guild_courtesans_copy_counts_from_copier() -> None:
    left = city(name="Left", board="Rhodes", coins=30, leaders=["Midas"])
    me = city(cards=["Courtesans Guild"], coins=6, courtesan="Midas")
    sheet = score_cities([me, left, NEUTRAL_RIGHT])
    assert sheet.points["Me"]["leaders"] == 2
    assert sheet.points["Left"]["leaders"] == 10  # the leader's own city is unaffected


def test_7w_faq_diplomats_courtesan_copy_not_a_leader() -> None:
    # Right's Diplomats count Me's recruited leaders (1), not the copy Me holds.
    left = city(name="Left", board="Rhodes", leaders=["Cleopatra"])
    me = city(cards=["Courtesans Guild"], leaders=["Sappho"], courtesan="Cleopatra")
    right = city(name="Right", board="Ephesus", cards=["Diplomats Guild"])
    sheet = score_cities([me, left, right])
    assert sheet.points["Right"]["guilds"] == 1 + 1  # Me's Sappho + Left's Cleopatra


def test_7w_guild_courtesans_nothing_to_copy() -> None:
    result = score(city(cards=["Courtesans Guild"]))
    assert result.courtesan is None and result.points["leaders"] == 0 and result.notes == ()


def test_7w_scoring_end_choices_joint_copy_and_courtesan() -> None:
    # Olympia B with a Courtesans Guild: the copied Scientists Guild and a copied Aristotle
    # are chosen together (science + set bonus).
    left = city(name="Left", board="Rhodes", leaders=["Aristotle", "Sappho"], cards=["Scientists Guild"])
    right = city(name="Right", board="Ephesus", cards=["Spies Guild"])
    me = city(**{**OLYMPIA_B3, "cards": ("Courtesans Guild", "Apothecary", "Workshop")})
    result = score(me, left, right)
    assert result.copied_guild == "Scientists Guild"
    assert result.courtesan == "Aristotle"
    assert result.points["science"] == 10 and result.points["leaders"] == 3


# -- winner and tie-break ------------------------------------------------------------------


def test_7w_scoring_tiebreak_most_coins() -> None:
    a = city(name="A", board="Gizah", coins=7, cards=["Palace"])  # 8 + 2 = 10
    b = city(name="B", board="Rhodes", coins=4, cards=["Pantheon", "Altar"])  # 7 + 2 + 1 = 10
    c = city(name="C", board="Ephesus", coins=0)
    sheet = score_cities([a, b, c])
    assert sheet.totals["A"] == sheet.totals["B"] == 10
    assert sheet.winners == ("A",)
    assert sheet.ranks == {"A": 1, "B": 2, "C": 3}


def test_7w_scoring_tiebreak_shared_win() -> None:
    a = city(name="A", board="Gizah", coins=2, cards=["Palace", "Theater"])  # 10
    b = city(name="B", board="Rhodes", coins=2, cards=["Pantheon", "Baths"])  # 10
    sheet = score_cities([a, b, city(name="C", board="Ephesus")])
    assert sheet.totals["A"] == sheet.totals["B"] == 10
    assert sheet.winners == ("A", "B")
    assert sheet.ranks["A"] == sheet.ranks["B"] == 1


def test_7w_scoring_order_categories_in_json() -> None:
    sheet = score_cities([city(name="A"), city(name="B", board="Rhodes"), city(name="C", board="Ephesus")])
    assert list(sheet.to_json()["players"][0]["scores"]) == [
        "military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders",
    ]


def test_7w_scoring_end_choices_best_beats_every_explicit_choice() -> None:
    left = city(name="Left", board="Rhodes", coins=12, leaders=["Aristotle", "Sappho", "Midas"],
                cards=["Scientists Guild", "Gamers Guild", "Barracks"], tokens=[-1, -1])
    right = city(name="Right", board="Ephesus", leaders=["Cleopatra", "Euclid"],
                 cards=["Spies Guild", "Strategists Guild", "Stockade"], tokens=[-1])
    me = city(**{**OLYMPIA_B3, "coins": 20, "cards": ("Courtesans Guild", "Apothecary", "Workshop", "Scriptorium")})
    best = score(me, left, right)
    for leader in (*left.leaders, *right.leaders):
        for guild in ("Scientists Guild", "Gamers Guild", "Spies Guild", "Strategists Guild", "Courtesans Guild"):
            if guild == "Courtesans Guild":
                continue
            explicit = score(city(**{**me.__dict__, "courtesan": leader, "copied_guild": guild}), left, right)
            assert best.total >= explicit.total
    assert best.notes  # both choices were made for the player and matter


def test_7w_scoring_extra_notes_kept() -> None:
    sheet = score_cities([city(name="A"), city(name="B", board="Rhodes"), city(name="C", board="Ephesus")],
                         extra_notes=["provisional"])
    assert sheet.notes == ("provisional",)
