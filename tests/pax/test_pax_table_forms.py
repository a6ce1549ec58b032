"""Final tables written by people who read INTERFACES.md §1 only: every reasonable way of
writing a valid PAX table scores right (optional keys absent, aliases, other cases, JSON,
empty lists), the rulebook's example included (pax.examples.scoring)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest
from pax_helpers import R
from test_pax_examples import LIVINIA_DECIMUS

from assistant.core.errors import TableError
from assistant.core.tablefile import load_table

INTERFACES_EXAMPLE = """
game = "pax"

[rome]                          # printed symbols in Rome's piles, the 3 hidden cards included
symbols = { wealth = 1, fleet = 4, army = 3, religion = 1, senator = 2, estate = 2, conspiracy = 2 }

[[players]]
name = "Livinia"
symbols = { wealth = 2, fleet = 3, army = 1, religion = 2, estate = 3 }   # missing categories = 0
aureus = 3
hand = 1                        # influence cards left in hand (1 aureus each for "most money")
primus_conspiratus = false

[[players]]
name = "Decimus"
symbols = { wealth = 1, army = 3, senator = 1, land = 2, intrigue = 3 }
aureus = 6
"""


def totals(table) -> dict[str, int]:
    return R.score_table(table).totals


def test_example_scoring_interfaces_file_without_pc_and_hand(tmp_path):
    """pax.examples.scoring written as INTERFACES.md §1 shows it, Decimus without the optional
    'hand' and 'primus_conspiratus' keys: he has the most Conspiracy, so he holds the card."""
    path = tmp_path / "table.toml"
    path.write_text(INTERFACES_EXAMPLE, encoding="utf-8")
    sheet = R.score_table(load_table(path))
    assert sheet.totals == {"Livinia": 24, "Decimus": 22}
    assert sheet.winners == ("Livinia",)
    assert sheet.points["Decimus"]["primus_conspiratus"] == 1
    assert any("Primus Conspiratus" in n and "Decimus" in n for n in sheet.notes)


def test_example_scoring_json_file(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(LIVINIA_DECIMUS), encoding="utf-8")
    data = R.score_table(load_table(path)).to_json()
    assert {p["name"]: p["total"] for p in data["players"]} == {"Livinia": 24, "Decimus": 22}
    assert data["rome_wins"] is False and data["winners"] == ["Livinia"]


def test_example_scoring_through_the_command_line(tmp_path):
    """`assistant score pax --from FILE --json`, the way outside checkers call it."""
    path = tmp_path / "table.toml"
    path.write_text(INTERFACES_EXAMPLE, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "assistant", "--db", str(tmp_path / "db.sqlite3"), "score", "pax", "--from", str(path), "--json"],
        capture_output=True, text=True, check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    data = json.loads(out.stdout)
    assert {p["name"]: p["total"] for p in data["players"]} == {"Livinia": 24, "Decimus": 22}
    assert list(data["players"][1]["scores"]) == ["played", "stronger", "fleet", "army", "primus_conspiratus", "money"]
    assert data["players"][1]["scores"] == {"played": 10, "stronger": 3, "fleet": 1, "army": 3, "primus_conspiratus": 1, "money": 4}
    assert data["rome_wins"] is False and data["winners"] == ["Livinia"]


def test_pax_scoring_pc_absent_everywhere_goes_to_the_most_conspiracy():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    for p in table["players"]:
        del p["primus_conspiratus"]
        del p["hand"]
    assert totals(table) == {"Livinia": 24, "Decimus": 22}  # Livinia (3 Aurei) still has less money than Decimus (6)
    table["rome"]["symbols"]["conspiracy"] = 3  # Rome takes 4 categories: Decimus wins with the card
    data = R.score_table(table).to_json()
    assert data["rome_wins"] is True and data["winners"] == ["Decimus"]


def test_pax_scoring_pc_absent_tied_conspiracy_asks_who():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    for p in table["players"]:
        del p["primus_conspiratus"]
    table["players"][0]["symbols"]["conspiracy"] = 3
    with pytest.raises(TableError) as exc:
        R.score_table(table)
    [problem] = exc.value.problems
    assert problem.rule == "pax.cat.primus-conspiratus"
    assert "Livinia" in problem.message and "Decimus" in problem.message and "primus_conspiratus = true" in problem.message
    table["players"][0]["primus_conspiratus"] = True  # the table says who got it first
    assert R.score_table(table).points["Livinia"]["primus_conspiratus"] == 1


def test_pax_scoring_pc_nobody_played_conspiracy():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    del table["players"][1]["primus_conspiratus"]
    table["players"][1]["symbols"].pop("conspiracy")
    table["players"][1]["symbols"]["estate"] = 3
    sheet = R.score_table(table)
    assert sheet.points["Decimus"]["primus_conspiratus"] == 0


@pytest.mark.parametrize("hand", [[], 0])
def test_pax_scoring_money_hand_empty_list_or_zero(hand):
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][1]["hand"] = hand
    assert totals(table) == {"Livinia": 24, "Decimus": 22}


def test_pax_scoring_money_hand_as_a_list_of_cards():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["hand"] = ["army 3/2", "senator 1"]  # 3 + 2 = 5 < 6
    table["players"][0]["aureus"] = 4  # 4 + 2 = 6: tied with Decimus, both get 4
    sheet = R.score_table(table)
    assert sheet.points["Livinia"]["money"] == 4 and sheet.points["Decimus"]["money"] == 4
    table["players"][0]["hand"] = ["army 3/2", "nonsense"]
    with pytest.raises(TableError) as exc:
        R.score_table(table)
    assert any(p.rule == "pax.data.cards" and p.player == "Livinia" for p in exc.value.problems)


def test_pax_terms_categories_keys_in_other_cases_and_aliases():
    table = {
        "game": "PAX",
        "rome": {"symbols": {"Wealth": 1, "FLEET": 4, "army": 3, "Religion": 1, "senator": 2, "Land": 2, "Intrigue": 2}},
        "players": [
            {"Name": "Livinia", "Symbols": {"wealth": 2, "fleet": 3, "army": 1, "religion": 2, "estate": 3, "senator": 0},
             "Aureus": 3, "Hand": 1, "Primus_Conspiratus": False},
            {"name": "Decimus", "symbols": {"wealth": 1, "army": 3, "senator": 1, "estate": 2, "conspiracy": 3},
             "aurei": 6, "primus conspiratus": True},
        ],
    }
    assert totals(table) == {"Livinia": 24, "Decimus": 22}


def test_pax_scoring_symbols_written_without_the_symbols_table():
    """Rome's and a player's categories written straight into their tables count the same."""
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["rome"] = dict(table["rome"]["symbols"])
    livinia = table["players"][0]
    livinia.update(livinia.pop("symbols"))
    assert totals(table) == {"Livinia": 24, "Decimus": 22}
    livinia["symbols"] = {"wealth": 2}
    with pytest.raises(TableError) as exc:
        R.score_table(table)
    assert any("twice" in p.message and p.player == "Livinia" for p in exc.value.problems)


def test_pax_scoring_empty_symbols_and_no_categories_played():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"].append({"name": "Titus", "symbols": {}, "aureus": 0})
    sheet = R.score_table(table)
    assert sheet.totals["Titus"] == 0 and sheet.totals["Livinia"] == 24


def test_pax_winner_rome_ranks_follow_the_verdict():
    """pax.winner.rome: when Rome wins only the holder of Primus Conspiratus wins, so he is
    ranked first even with fewer points; the others follow by points. Nobody is ranked
    first when nobody holds the card (Rome alone won)."""
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["rome"]["symbols"]["religion"] = 2  # Rome ties Livinia in Religion: 4 categories
    table["players"][0]["aureus"] = 9  # Livinia: most money, 21 + 4 = 25 points > Decimus 18
    data = R.score_table(table).to_json()
    assert data["rome_wins"] is True and data["winners"] == ["Decimus"]
    assert {p["name"]: (p["total"], p["rank"]) for p in data["players"]} == {"Livinia": (25, 2), "Decimus": (18, 1)}
    nobody = {
        "rome": {"symbols": {"wealth": 3, "fleet": 3, "army": 3, "religion": 3, "senator": 3, "estate": 3}},
        "players": [{"name": "Ann", "symbols": {"wealth": 2, "estate": 2}, "aureus": 4},
                    {"name": "Ben", "symbols": {"religion": 1, "estate": 1}, "aureus": 2},
                    {"name": "Cid", "symbols": {"religion": 1, "estate": 1}, "aureus": 2}],
    }
    data = R.score_table(nobody).to_json()
    assert data["winners"] == [] and [p["rank"] for p in data["players"]] == [2, 3, 3]


def test_pax_solo_goal_rank_follows_the_verdict():
    table = {"level": 5, "rome": {"symbols": {"wealth": 3}},
             "players": [{"name": "Ann", "symbols": {"wealth": 2, "estate": 1}, "aureus": 1}]}
    data = R.score_table(table).to_json()
    assert data["rome_wins"] is True and data["winners"] == [] and data["players"][0]["rank"] == 2


def test_pax_scoring_date_and_location_keys_are_accepted():
    """`--save` stores a table's `date` and `location` (service.save_table), so they are valid keys."""
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["date"] = "2026-11-28"
    table["location"] = "Club"
    assert totals(table) == {"Livinia": 24, "Decimus": 22}


def test_pax_open_pc_cards_or_symbols_refusal_names_the_option():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["symbols"]["conspiracy"] = 4  # more symbols than the holder Decimus
    with pytest.raises(TableError) as exc:
        R.score_table(table)
    assert any('pc_count = "cards"' in p.message for p in exc.value.problems)


def test_pax_scoring_json_null_is_a_missing_key(tmp_path):
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][1]["hand"] = None
    table["players"][1]["primus_conspiratus"] = None
    table["players"][0]["symbols"]["senator"] = None
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    assert R.score_table(load_table(path)).totals == {"Livinia": 24, "Decimus": 22}
