"""Final tables of PAX (INTERFACES.md §1): scoring, the JSON shape, and every problem of an
impossible table reported with player, rule id and reason."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from pax_helpers import R
from test_pax_examples import LIVINIA_DECIMUS

from assistant.core.errors import TableError
from assistant.core.rulebook import parse_rules
from assistant.core.tablefile import load_table
from assistant.resources import read_text

TABLES = Path(__file__).resolve().parents[1] / "tables" / "pax"


def problems(table):
    with pytest.raises(TableError) as exc:
        R.score_table(table)
    return exc.value.problems


def test_pax_scoring_json_shape():
    data = R.score_table(LIVINIA_DECIMUS).to_json()
    assert data["game"] == "pax"
    assert [p["name"] for p in data["players"]] == ["Livinia", "Decimus"]
    assert list(data["players"][0]["scores"]) == ["played", "stronger", "fleet", "army", "primus_conspiratus", "money"]
    assert data["players"][0]["rank"] == 1 and data["players"][1]["rank"] == 2
    assert data["winners"] == ["Livinia"] and data["rome_wins"] is False
    json.dumps(data)


def test_pax_scoring_money_all_tied_get_four():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["aureus"] = 5  # 5 + 1 hand = 6 = Decimus
    sheet = R.score_table(table)
    assert sheet.points["Livinia"]["money"] == 4 and sheet.points["Decimus"]["money"] == 4


def test_pax_open_points_tie_shared_win():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][1]["aureus"] = 0
    table["players"][0]["aureus"] = 6  # Livinia gets the money: 28; Decimus 18
    table["players"][1]["symbols"]["senator"] = 2  # not stronger (tie with Rome)
    sheet = R.score_table(table)
    assert sheet.winners == ("Livinia",)
    tied = copy.deepcopy(LIVINIA_DECIMUS)
    tied["players"][1]["aureus"] = 4  # Decimus: money 4 + 0 = 4 = Livinia 3 + 1
    sheet = R.score_table(tied)
    assert sheet.totals == {"Livinia": 28, "Decimus": 22}
    tied["rome"]["symbols"]["estate"] = 3  # Livinia no longer beats Rome in Estate: 25
    tied["players"][1]["symbols"]["senator"] = 3  # Decimus now beats Rome in Senator: 25
    sheet = R.score_table(tied)
    assert sheet.totals == {"Livinia": 25, "Decimus": 25}
    assert sheet.winners == ("Livinia", "Decimus")
    assert any("pax.open.points-tie" in n for n in sheet.notes)


def test_pax_open_bonus_category_not_played():
    sheet = R.score_table(LIVINIA_DECIMUS)
    assert "fleet" not in sheet.details["Decimus"]["played"].split(":")[1]


def test_pax_winner_rome_ties_go_to_rome():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["rome"]["symbols"]["conspiracy"] = 3  # equal to Decimus: Rome takes it, 4 categories
    data = R.score_table(table).to_json()
    assert data["rome_wins"] is True and data["winners"] == ["Decimus"]


def test_pax_terms_categories_aliases_and_prefixes():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["symbols"] = {"Wealth": 2, "fleet": 3, "ARMY": 1, "rel": 2, "land": 3}
    assert R.score_table(table).totals["Livinia"] == 24


def test_pax_table_every_problem_listed():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["symbols"]["armee"] = 1
    table["players"][0]["symbols"]["fleet"] = 5  # over the limit of 3 Estate
    table["players"][0]["coins"] = 3
    table["players"][1]["aureus"] = -1
    table["players"][1]["symbols"]["intrigue"] = 3  # conspiracy given twice (with 'conspiracy')
    table["players"][0]["primus_conspiratus"] = True  # two holders, Livinia without Conspiracy
    found = problems(table)
    text = "\n".join(str(p) for p in found)
    rules = {p.rule for p in found}
    assert "did you mean army" in text
    assert "Livinia: unknown key 'coins' (did you mean 'aureus'?)" in text
    assert {"pax.terms.categories", "pax.cat.limit", "pax.scoring", "pax.scoring.money", "pax.cat.primus-conspiratus"} <= rules
    assert all(p.player in ("Livinia", "Decimus", None) for p in found)
    assert any(p.player == "Livinia" and p.rule == "pax.cat.limit" for p in found)


def test_pax_table_symbols_in_range():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["symbols"]["religion"] = 21  # 10 Religion cards show at most 20
    assert any(p.rule == "pax.data.cards" for p in problems(table))
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["rome"]["symbols"]["religion"] = 12
    table["players"][0]["symbols"]["religion"] = 9  # 21 together
    assert any(p.rule == "pax.data.cards" and p.player is None for p in problems(table))


def test_pax_table_primus_conspiratus_consistency():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][1]["primus_conspiratus"] = False
    assert [p.rule for p in problems(table)] == ["pax.cat.primus-conspiratus"]
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["symbols"]["conspiracy"] = 4
    found = problems(table)
    assert any(p.rule == "pax.cat.primus-conspiratus" and p.player == "Decimus" for p in found)
    table["pc_count"] = "cards"  # the cards reading: more symbols need not mean more cards
    R.score_table(table)


def test_pax_setup_rome_at_least_three_symbols():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["rome"]["symbols"] = {"senator": 2}
    assert any(p.rule == "pax.setup.rome" for p in problems(table))


def test_pax_table_missing_parts():
    found = problems({"game": "pax"})
    assert {p.rule for p in found} >= {"pax.winner.reveal", "pax.scoring"}


def test_pax_solo_table():
    table = {"game": "pax", "level": 2,
             "rome": {"symbols": {"wealth": 1, "fleet": 1, "army": 1, "religion": 1, "senator": 1, "estate": 1, "conspiracy": 1}},
             "players": [{"name": "Ann", "symbols": {"wealth": 2, "fleet": 1, "army": 1, "religion": 2, "senator": 2, "estate": 1, "conspiracy": 2},
                          "aureus": 1, "hand": 0, "primus_conspiratus": True}]}
    data = R.score_table(table).to_json()
    assert data["rome_wins"] is False and data["winners"] == ["Ann"]  # stronger in 4, needs 4
    table["level"] = 3
    data = R.score_table(table).to_json()
    assert data["rome_wins"] is True and data["winners"] == []


@pytest.mark.parametrize("path", sorted(TABLES.glob("*.toml")), ids=lambda p: p.stem)
def test_pax_table_files(path):
    """Each file in tests/tables/pax states its expectation in a leading '# expect:' line."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect:"), path
    expect = json.loads(first.split(":", 1)[1])
    table = load_table(path)
    if "problems" in expect:
        rules = sorted({p.rule for p in problems(table)})
        assert rules == sorted(expect["problems"])
    else:
        data = R.score_table(table).to_json()
        assert {p["name"]: p["total"] for p in data["players"]} == expect["totals"]
        assert data["winners"] == expect["winners"] and data["rome_wins"] == expect["rome_wins"]


def test_pax_rules_every_cited_id_exists():
    """Every rule id the package raises or cites is a section of data/pax/rules.md."""
    import re

    ids = {r.id for r in parse_rules(read_text("pax", "rules.md"))}
    src = Path(__file__).resolve().parents[2] / "assistant" / "games" / "pax"
    cited: set[str] = set()
    for file in src.glob("*.py"):
        cited |= set(re.findall(r"[\"\[](pax\.[a-z0-9.\-]+[a-z0-9])", file.read_text(encoding="utf-8")))
    cited |= {f"pax.cat.{c}" for c in ("wealth", "fleet", "army", "religion", "senator", "estate", "conspiracy")}
    missing = sorted(cited - ids)
    assert not missing, missing
    for rule in parse_rules(read_text("pax", "rules.md")):
        for other in rule.see_also:
            assert other in ids, (rule.id, other)


def test_pax_rules_digest_ids_all_present():
    """Every id of the digest (RULES.md) has a section, so a dispute can cite it."""
    import re

    digest = Path(__file__).resolve().parents[3] / "shared" / "games" / "pax" / "RULES.md"
    if not digest.exists():
        digest = Path("/work/shared/games/pax/RULES.md")
    ids = {r.id for r in parse_rules(read_text("pax", "rules.md"))}
    wanted = set(re.findall(r"`(pax\.[a-z0-9.\-]+)`", digest.read_text(encoding="utf-8")))
    assert sorted(wanted - ids) == []
