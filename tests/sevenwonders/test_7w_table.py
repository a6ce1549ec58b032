"""Final tables (INTERFACES.md §1): complete realistic tables with hand-computed scores, and
every kind of problem the validation reports (rules 7w.table.*, 7w.setup.*, 7w.build.unique...)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from assistant.core.errors import TableError
from assistant.core.tablefile import load_table
from assistant.games.sevenwonders.table import read_table, score_table

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "tests" / "tables" / "7wonders"

# Totals worked out by hand (see the comments of each file); key order = categories.
EXPECTED = {
    "four_players_leaders.toml": {
        "Ada": [6, 2, 15, 0, 0, 0, 36, 8],
        "Bob": [0, 1, 3, 37, 0, 8, 0, 12],
        "Cleo": [0, 5, 5, 0, 12, 10, 0, 14],
        "Dan": [18, 1, 10, 0, 0, 12, 2, 11],
    },
    "three_players_base_tiebreak.toml": {
        "Eve": [5, 2, 10, 26, 0, 0, 9, 0],
        "Finn": [10, 7, 10, 0, 13, 4, 0, 0],
        "Gus": [3, 0, 3, 12, 0, 8, 26, 0],
    },
    "five_players_rome_tomyris.toml": {
        "Hana": [7, 2, 3, 12, 2, 6, 9, 17],
        "Ivo": [5, 3, 3, 10, 0, 13, 9, 4],
        "Jo": [7, 4, 10, 11, 0, 4, 9, 5],
        "Kai": [9, 1, 3, 14, 0, 3, 25, 7],
        "Lea": [0, 8, 0, 0, 14, 0, 0, 4],
    },
}
WINNERS = {
    "four_players_leaders.toml": ["Ada"],
    "three_players_base_tiebreak.toml": ["Eve"],
    "five_players_rome_tomyris.toml": ["Kai"],
}
CATS = ["military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders"]


@pytest.mark.parametrize("filename", sorted(EXPECTED))
def test_7w_table_complete_tables(filename: str) -> None:
    sheet = score_table(load_table(TABLES / filename))
    out = sheet.to_json()
    assert [p["name"] for p in out["players"]] == list(EXPECTED[filename])
    for player in out["players"]:
        assert list(player["scores"]) == CATS
        assert list(player["scores"].values()) == EXPECTED[filename][player["name"]], player["name"]
        assert player["total"] == sum(EXPECTED[filename][player["name"]])
    assert out["winners"] == WINNERS[filename]


def test_7w_table_bundled_example_matches_test_copy() -> None:
    example = load_table(ROOT / "examples" / "7wonders-final-table.toml")
    assert example == load_table(TABLES / "four_players_leaders.toml")
    out = score_table(example).to_json()
    assert out["notes"] == ["Olympia B copies Builders Guild (best for Cleo)"]
    assert [p["rank"] for p in out["players"]] == [1, 2, 4, 3]


def test_7w_scoring_tiebreak_table_shares_rank_by_coins() -> None:
    out = score_table(load_table(TABLES / "three_players_base_tiebreak.toml")).to_json()
    ranks = {p["name"]: p["rank"] for p in out["players"]}
    assert ranks == {"Eve": 1, "Gus": 2, "Finn": 3}


def test_7w_table_json_same_as_toml(tmp_path: Path) -> None:
    import json

    table = load_table(TABLES / "five_players_rome_tomyris.toml")
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    assert score_table(load_table(path)).to_json() == score_table(table).to_json()


# -- problems ----------------------------------------------------------------------------


def base() -> dict:
    return copy.deepcopy(load_table(TABLES / "four_players_leaders.toml"))


def problems(table: dict) -> list[tuple[str | None, str, str]]:
    with pytest.raises(TableError) as err:
        read_table(table)
    return [(p.player, p.rule, p.message) for p in err.value.problems]


def rules_of(table: dict) -> set[tuple[str | None, str]]:
    return {(who, rule) for who, rule, _ in problems(table)}


def test_7w_names_unknown_card_with_suggestion() -> None:
    t = base()
    t["players"][0]["cards"][0] = "Lumber Yrd"
    [(who, rule, msg)] = problems(t)
    assert (who, rule) == ("Ada", "7w.names") and "Lumber Yard" in msg


def test_7w_names_aliases_in_table() -> None:
    t = base()
    t["players"][2]["cards"][9] = "bazaar"
    t["players"][2]["cards"][7] = "Caravanserai"
    t["players"][3]["wonder"] = "Rhodos"
    t["players"][2]["courtesan"] = "Kleopátra"
    t["players"][1]["leaders"] = ["Nabukodonozor", "zenobia"]
    assert score_table(t).totals == score_table(base()).totals


def test_7w_names_ambiguous_prefix() -> None:
    t = base()
    t["players"][0]["cards"][0] = "L"
    assert ("Ada", "7w.names") in rules_of(t)


def test_7w_terms_city_leader_listed_as_card() -> None:
    t = base()
    t["players"][0]["cards"].append("Cleopatra")
    assert ("Ada", "7w.terms.city") in rules_of(t)


def test_7w_build_unique_duplicate_in_city() -> None:
    t = base()
    t["players"][0]["cards"].append("lumber yard")
    found = problems(t)
    assert ("Ada", "7w.build.unique") in {(w, r) for w, r, _ in found}


def test_7w_build_unique_loom_of_two_ages() -> None:
    t = base()
    t["players"][3]["cards"].append("Loom")  # Dan already has a Loom
    assert ("Dan", "7w.build.unique") in rules_of(t)


def test_7w_setup_decks_card_not_at_player_count() -> None:
    t = base()
    t["players"][0]["cards"].append("Tree Farm")  # 6+ only
    [(who, rule, msg)] = problems(t)
    assert (who, rule) == ("Ada", "7w.setup.decks") and "6+" in msg and "4-player" in msg


def test_7w_setup_decks_more_copies_than_exist() -> None:
    t = base()
    t["players"][1]["cards"].append("Lumber Yard")  # Ada has one; Cleo? no: 2 copies at 4p
    t["players"][2]["cards"].append("Lumber Yard")
    found = problems(t)
    assert any(r == "7w.setup.decks" and w is None and "Lumber Yard" in m for w, r, m in found)


def test_7w_setup_decks_guild_twice() -> None:
    t = base()
    t["players"][0]["cards"].append("Spies Guild")  # Dan has it
    found = problems(t)
    assert any(r == "7w.setup.decks" and "one copy" in m for w, r, m in found)


def test_7w_setup_guilds_too_many() -> None:
    t = base()
    t["players"][0]["cards"] += ["Workers Guild"]  # 7 guilds at 4 players
    assert (None, "7w.setup.guilds") in rules_of(t)


def test_7w_setup_guilds_leaders_guild_without_leaders() -> None:
    # Courtesans and Diplomats act on leaders: impossible without Leaders.
    for guild in ("Courtesans Guild", "Diplomats Guild"):
        t = copy.deepcopy(load_table(TABLES / "three_players_base_tiebreak.toml"))
        t["players"][1]["cards"].append(guild)
        assert ("Finn", "7w.setup.guilds") in rules_of(t)


def test_7w_setup_guilds_gamers_architects_base_option() -> None:
    # Gamers and Architects work without leaders: allowed in a base game only as the explicit
    # option of 7w.setup.guilds (leaders_guilds = true); the refusal says how.
    t = copy.deepcopy(load_table(TABLES / "three_players_base_tiebreak.toml"))
    t["players"][1]["cards"].append("Gamers Guild")
    found = problems(t)
    assert [(w, r) for w, r, _ in found] == [("Finn", "7w.setup.guilds")]
    assert "leaders_guilds = true" in found[0][2]
    t["leaders_guilds"] = True
    out = score_table(t).to_json()
    finn = next(p for p in out["players"] if p["name"] == "Finn")
    assert finn["scores"]["guilds"] == 4 + t["players"][1]["coins"] // 3
    # the option never allows the guilds that act on leaders
    t["players"][1]["cards"][-1] = "Diplomats Guild"
    assert [(w, r) for w, r, _ in problems(t)] == [("Finn", "7w.setup.guilds")]


def test_7w_table_leaders_off() -> None:
    t = base()
    t["leaders"] = False
    found = rules_of(t)
    assert ("Ada", "7w.table.leaders-off") in found
    assert ("Cleo", "7w.setup.guilds") in found  # Courtesans Guild


def test_7w_setup_wonders_rome_without_leaders() -> None:
    t = copy.deepcopy(load_table(TABLES / "three_players_base_tiebreak.toml"))
    t["players"][0]["wonder"] = "Roma"
    t["players"][0]["stages"] = 2
    assert ("Eve", "7w.setup.wonders") in rules_of(t)


def test_7w_setup_wonders_board_twice_and_unknown() -> None:
    t = base()
    t["players"][1]["wonder"] = "Giza"
    t["players"][2]["wonder"] = "Atlantis"
    found = rules_of(t)
    assert ("Bob", "7w.setup.wonders") in found and ("Cleo", "7w.setup.wonders") in found


def test_7w_setup_wonders_bad_side_or_missing() -> None:
    t = base()
    t["players"][0]["side"] = "C"
    del t["players"][1]["side"]
    del t["players"][2]["wonder"]
    found = rules_of(t)
    assert {("Ada", "7w.setup.wonders"), ("Bob", "7w.setup.wonders"), ("Cleo", "7w.setup.wonders")} <= found


def test_7w_wonder_order_too_many_stages() -> None:
    t = base()
    t["players"][0]["stages"] = 4  # Gizah A has 3
    [(who, rule, msg)] = problems(t)
    assert (who, rule) == ("Ada", "7w.wonder.order") and "3 stages" in msg


def test_7w_table_leader_twice_across_cities_and_in_city() -> None:
    t = base()
    t["players"][0]["leaders"].append("Caesar")  # Dan's
    t["players"][1]["leaders"].append("Zenobia")
    found = problems(t)
    assert ("Dan", "7w.table.leader-twice", "Caesar is also in Ada's city: each leader exists once") in found
    assert ("Bob", "7w.table.leader-twice") in {(w, r) for w, r, _ in found}


def test_7w_leaders_recruit_age3_too_many_leaders() -> None:
    t = base()
    t["players"][0]["leaders"] += ["Sappho", "Hiram"]
    assert ("Ada", "7w.leaders.recruit.age3") in rules_of(t)


def test_7w_leaders_recruit_age3_rome_b_allows_more() -> None:
    t = copy.deepcopy(load_table(TABLES / "five_players_rome_tomyris.toml"))
    read_table(t)  # Hana: 4 leaders with Rome B stage 2
    t["players"][0]["stages"] = 1
    assert ("Hana", "7w.leaders.recruit.age3") in rules_of(t)


def test_7w_table_numbers_bad_values() -> None:
    t = base()
    t["players"][0]["coins"] = -2
    t["players"][1]["stages"] = "two"
    t["players"][2]["coins"] = 3.5
    found = problems(t)
    players = {w for w, _, _ in found}
    assert {"Ada", "Bob", "Cleo"} <= players


def test_7w_military_resolve_bad_token_value() -> None:
    t = base()
    t["players"][0]["tokens"][0] = 2
    assert ("Ada", "7w.military.resolve") in rules_of(t)


def test_7w_military_resolve_victories_and_defeats_match() -> None:
    t = base()
    t["players"][3]["tokens"].append(-1)
    found = problems(t)
    assert any(w is None and r == "7w.military.resolve" and "Victory" in m for w, r, m in found)


def test_7w_military_resolve_too_many_tokens_of_an_age() -> None:
    t = base()
    t["players"][3]["tokens"] = [1, 1, 1, 3, 3, 5]
    t["players"][1]["tokens"] = [-1, -1, -1, -1, -1, -1]
    assert ("Dan", "7w.military.resolve") in rules_of(t)


def test_7w_military_resolve_defeats_need_tomyris() -> None:
    t = copy.deepcopy(load_table(TABLES / "five_players_rome_tomyris.toml"))
    read_table(t)
    t["players"][4]["leaders"] = ["Xenophon", "Croesus"]  # no Tomyris: Hana's 4 defeats + 3 wins impossible
    assert ("Hana", "7w.military.resolve") in rules_of(t)


def test_7w_table_cards_count() -> None:
    t = base()
    t["players"][3]["cards"] += ["Lumber Yard", "Stone Pit", "Altar", "Temple"]
    assert ("Dan", "7w.table.cards-count") in rules_of(t)


def test_7w_guild_courtesans_choice_needs_guild() -> None:
    t = base()
    t["players"][0]["courtesan"] = "Zenobia"
    assert ("Ada", "7w.guild.courtesans") in rules_of(t)


def test_7w_courtesan_token_must_be_neighbours_leader() -> None:
    t = base()
    t["players"][2]["courtesan"] = "Aristotle"  # Ada is not Cleo's neighbour
    assert ("Cleo", "7w.courtesan.token") in rules_of(t)


def test_7w_wonder_olympia_b_copy_must_be_valid() -> None:
    t = base()
    t["players"][2]["copied_guild"] = "Scientists Guild"  # Ada's, not a neighbour's
    t["players"][0]["copied_guild"] = "Builders Guild"  # Ada is Gizah
    found = rules_of(t)
    assert ("Cleo", "7w.wonder.olympia.b") in found and ("Ada", "7w.wonder.olympia.b") in found


def test_7w_wonder_olympia_b_copy_given_in_table() -> None:
    t = base()
    t["players"][2]["copied_guild"] = "Spies"
    sheet = score_table(t)
    assert sheet.points["Cleo"]["guilds"] == 2 + 7  # Traders + Spies (red: Dan 5 + Bob 2)
    assert sheet.notes == ()


def test_7w_table_format_unknown_keys_and_game() -> None:
    t = base()
    t["players"][0]["crads"] = ["Altar"]
    t["game"] = "roma"
    t["expansion"] = "cities"
    found = problems(t)
    assert ("Ada", "7w.table.format") in {(w, r) for w, r, _ in found}
    assert any("did you mean 'cards'" in m for _, _, m in found)
    assert sum(1 for w, r, _ in found if w is None and r == "7w.table.format") == 2


def test_7w_setup_players_count() -> None:
    t = base()
    t["players"] = t["players"][:1]
    assert (None, "7w.setup.players") in rules_of(t)
    two = base()
    two["players"] = two["players"][:2]
    assert (None, "7w.2p.setup") in rules_of(two)  # two players: the [free_city] table is missing


def test_7w_setup_players_duplicate_name() -> None:
    t = base()
    t["players"][1]["name"] = "ada"
    assert ("ada", "7w.setup.players") in rules_of(t)


def test_7w_table_every_problem_at_once() -> None:
    t = base()
    t["players"][0]["cards"][0] = "Nothing"
    t["players"][1]["stages"] = 9
    t["players"][3]["leaders"].append("Midas")
    found = rules_of(t)
    assert len(found) >= 3


@pytest.mark.parametrize("filename", sorted(EXPECTED))
def test_7w_table_round_trip_table_from_state(filename: str) -> None:
    """A tracked game holding a table's cities writes them back (``table_from_state``, what
    the engine uses to score a tracked game) as the same table."""
    from assistant.games.sevenwonders import state as sw_state
    from assistant.games.sevenwonders.table import table_from_state

    cities, leaders = read_table(load_table(TABLES / filename))
    tracked = sw_state.SWState(
        seats=tuple(c.name for c in cities),
        leaders_on=leaders,
        phase="over",
        cities=tuple(
            sw_state.City(
                wonder=c.board, side=c.side, stages=c.stages, coins=c.coins, tokens=c.tokens, cards=c.cards,
                leaders=c.leaders, courtesan=c.courtesan, copied_guild=c.copied_guild,
            )
            for c in cities
        ),
    )
    again, leaders_again = read_table(table_from_state(tracked))
    assert again == cities and leaders_again == leaders


def test_7w_table_cards_count_stage_turns_and_extras() -> None:
    # Base game: 3 stages use 3 of the 18 turns -> at most 15 cards.
    t = copy.deepcopy(load_table(TABLES / "three_players_base_tiebreak.toml"))
    t["players"][0]["cards"] += ["Statue", "Gardens"]  # Eve: 15 cards, 3 stages: fine
    read_table(t)
    t["players"][0]["cards"] += ["Town Hall"]  # 16 (6 of them from Age III: still possible per Age)
    assert rules_of(t) == {("Eve", "7w.table.cards-count")}
    # Halikarnassos A stage 2 adds one build from the discard pile: Gus holds 17 with 2 stages.
    read_table(copy.deepcopy(load_table(TABLES / "three_players_base_tiebreak.toml")))
