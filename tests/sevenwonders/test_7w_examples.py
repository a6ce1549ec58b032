"""The worked examples of /work/shared/games/7wonders/EXAMPLES.md (official rulebook, RB-n)
that concern components and scoring. Play examples (commerce, payment, turn order) belong
to the engine's tests; here they are checked on the data they rest on."""

from __future__ import annotations

from assistant.games.sevenwonders import components
from assistant.games.sevenwonders.science import science_points
from assistant.games.sevenwonders.scoring import City, score_city
from assistant.games.sevenwonders.table import score_table

LEFT = City("Left", "Rhodes", "A", 0, 0)
RIGHT = City("Right", "Ephesus", "A", 0, 0)


def points(me: City) -> dict[str, int]:
    return score_city([me, LEFT, RIGHT], 0).points


def test_example_rb2_military_tokens() -> None:
    assert points(City("Me", "Alexandria", "A", 0, 0, (1, 3, 5, -1, -1, -1)))["military"] == 6


def test_example_rb3_treasury() -> None:
    assert points(City("Me", "Alexandria", "A", 0, 14))["treasury"] == 4


def test_example_rb4_alexandria_a_all_stages() -> None:
    assert points(City("Me", "Alexandria", "A", 3, 0))["wonder"] == 10


def test_example_rb5_civilian() -> None:
    assert points(City("Me", "Gizah", "A", 0, 0, (), ("Altar", "Aqueduct", "Town Hall")))["civilian"] == 13


def test_example_rb6_rb7_science() -> None:
    assert science_points(3, 2, 1) == 21
    assert science_points(3, 2, 2) == 31
    # any assignment of the symbols gives the same totals
    assert science_points(1, 3, 2) == 21 and science_points(2, 2, 3) == 31


def test_example_rb8_chamber_of_commerce() -> None:
    me = City("Me", "Gizah", "A", 0, 0, (), ("Chamber of Commerce", "Glassworks", "Press"))
    assert points(me)["commercial"] == 4


def test_example_rb9_gizah_production_data() -> None:
    # Barracks needs ore, Scriptorium papyrus, Aqueduct 3 stone; Gizah starts with stone.
    assert components.card("Barracks").cost.as_dict()["ore"] == 1
    assert components.card("Scriptorium").cost.get("papyrus") == 1
    assert components.card("Aqueduct").cost.get("stone") == 3
    assert components.board("Gizah").a.resource == "stone"


def test_example_rb10_university_cost() -> None:
    assert components.card("University").cost.text() == "2 wood + glass + papyrus"


def test_example_rb11_library_cost() -> None:
    assert components.card("Library").cost.text() == "2 stone + loom"


def test_example_rb12_forum_cost() -> None:
    assert components.card("Forum").cost.text() == "2 clay"


def test_example_rb13_scriptorium_chains() -> None:
    assert set(components.card("Scriptorium").chains_to) == {"Library", "Courthouse"}
    assert components.card("Library").chains_from == ("Scriptorium",)
    assert components.card("Courthouse").chains_from == ("Scriptorium",)


def test_example_rb14_theater_statue_gardens() -> None:
    assert components.card("Theater").chains_to == ("Statue",)
    assert components.card("Statue").chains_to == ("Gardens",)
    assert components.card("Gardens").chains_from == ("Statue",)


def test_example_rb15_decks_by_player_count() -> None:
    four = {c.name for c in components.deck(1, 4)}
    assert "Pawnshop" in four and "Mine" not in four  # 4+ yes, 6+ no
    six = {c.name for c in components.deck(1, 6)}
    assert "Mine" in six and "Tree Farm" in six
    assert [components.guild_count(n) for n in (3, 4, 5, 6, 7)] == [5, 6, 7, 8, 9]


def test_example_rb16_gizah_b() -> None:
    assert points(City("Me", "Gizah", "B", 4, 0))["wonder"] == 20


def test_example_rb17_arena() -> None:
    arena = components.card("Arena")
    coins = next(e for e in arena.effects if e.type == "coins_per")
    assert coins.amount * 2 == 6  # built with 2 stages: 6 coins
    assert points(City("Me", "Gizah", "A", 3, 0, (), ("Arena",)))["commercial"] == 3


def test_example_rb18_lighthouse_counts_itself() -> None:
    assert points(City("Me", "Gizah", "A", 0, 0, (), ("Lighthouse", "Tavern")))["commercial"] == 2


def test_example_rb19_shipowners_counts_itself() -> None:
    me = City("Me", "Gizah", "A", 0, 0, (), ("Shipowners Guild", "Lumber Yard", "Loom"))
    assert points(me)["guilds"] == 3


def test_example_rb20_babylon_b_seventh_card_data() -> None:
    assert components.wonder("Babylon", "B").stage(2).has("play_seventh_card")


def test_example_interfaces_table_shape() -> None:
    table = {
        "game": "7wonders",
        "leaders": True,
        "players": [
            {"name": "Ada", "wonder": "Gizah", "side": "A", "stages": 2, "coins": 10,
             "tokens": [1, -1, 3, 3, 5, -1], "cards": ["Altar", "Temple", "Pantheon", "Apothecary", "Workshop"],
             "leaders": ["Aristotle", "Midas"]},
            {"name": "Bob", "wonder": "Rhodes", "side": "A", "stages": 0, "coins": 3,
             "tokens": [-1, -1, 3, -1], "cards": [], "leaders": ["Cleopatra"]},
            {"name": "Cy", "wonder": "Babylon", "side": "A", "stages": 0, "coins": 3,
             "tokens": [1, -1, -1, 5], "cards": [], "leaders": []},
        ],
    }
    out = score_table(table).to_json()
    ada = out["players"][0]["scores"]
    assert ada == {"military": 10, "treasury": 3, "wonder": 8, "civilian": 12, "commercial": 0,
                   "guilds": 0, "science": 2, "leaders": 3}


def test_example_rb6_science_three_two_one() -> None:
    # 6 green cards: 3 Scriptorium-line tablets, 2 compasses, 1 gear -> 9 + 4 + 1 + 7 = 21
    me = City("Me", "Gizah", "A", 0, 0, (), ("Scriptorium", "Library", "University", "Apothecary", "Dispensary", "Workshop"))
    assert points(me)["science"] == 21


def test_example_rb7_science_three_two_two() -> None:
    me = City("Me", "Gizah", "A", 0, 0, (),
              ("Scriptorium", "Library", "University", "Apothecary", "Dispensary", "Workshop", "Laboratory"))
    assert points(me)["science"] == 9 + 4 + 4 + 7 + 7 == 31
