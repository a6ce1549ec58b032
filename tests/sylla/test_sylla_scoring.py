"""Final-table scoring (INTERFACES.md §1 Sylla) and the rulebook's end-game example."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from assistant.core.errors import TableError
from assistant.games.sylla import RULESET

ROOT = Path(__file__).resolve().parents[2]


def table(**player):
    base = {"name": "Red", "prestige": 40, "christians": 3, "slaves": 2, "denarii": 5,
            "tokens": {"civic": 3, "health": 8, "leisure": 5}, "plebs_votes": 0}
    base.update(player)
    others = [
        {"name": "Blue", "prestige": 10},
        {"name": "White", "prestige": 10},
    ]
    return {"game": "sylla", "ladder": {"civic": 1, "health": 3, "leisure": 3}, "players": [base, *others]}


def test_example_final_plus_54():
    sheet = RULESET.score_table(table())
    red = sheet.points["Red"]
    assert red == {"prestige": 40, "plebs": 0, "christians": 6, "slaves": 6, "politics": 42}
    assert sheet.totals["Red"] - 40 == 54


def test_sylla_end_slaves_default_frees_what_money_allows():
    sheet = RULESET.score_table(table(denarii=3))
    assert sheet.points["Red"]["slaves"] == 3
    assert any("frees 1 of 2" in n for n in sheet.notes)


def test_sylla_end_slaves_freed_given():
    assert RULESET.score_table(table(freed=0)).points["Red"]["slaves"] == 0


def test_sylla_limits_money_freeing_beyond_money_refused():
    with pytest.raises(TableError) as err:
        RULESET.score_table(table(denarii=3, freed=2))
    assert any(p.rule == "sylla.limits.money" and p.player == "Red" for p in err.value.problems)


def test_sylla_end_slaves_freeing_more_than_owned_refused():
    with pytest.raises(TableError) as err:
        RULESET.score_table(table(freed=3, denarii=9))
    assert any(p.rule == "sylla.end.slaves" for p in err.value.problems)


def test_sylla_end_ecclesia_plebs_votes():
    sheet = RULESET.score_table(table(plebs_votes=5))
    assert sheet.points["Red"]["plebs"] == 2


def test_sylla_open_ecclesia_vote_thumb_up_option():
    t = table(plebs_votes=4)
    t["options"] = {"ecclesia_vote": "thumb-up"}
    red = RULESET.score_table(t).points["Red"]
    assert red["plebs"] == 2 and red["christians"] == 0 and red["slaves"] == 0 and red["politics"] == 42


def test_sylla_open_christian_slave_once_option():
    t = table(christian_slaves=1, freed=2)
    t["options"] = {"christian_slave": "once"}
    red = RULESET.score_table(t).points["Red"]
    assert red["christians"] == 4 and red["slaves"] == 6
    t2 = table(christian_slaves=1, freed=1)
    t2["options"] = {"christian_slave": "once"}
    assert RULESET.score_table(t2).points["Red"]["christians"] == 6  # the non-Christian Slave is freed first


def test_sylla_end_winner_ties_share():
    t = table()
    t["players"][1]["prestige"] = 94
    sheet = RULESET.score_table(t)
    assert sheet.winners == ("Red", "Blue")
    assert sheet.ranks["Red"] == sheet.ranks["Blue"] == 1


def test_table_problems_collected():
    t = table(prestige=-1, tokens={"civic": 1, "gold": 2})
    t["ladder"] = {"civic": 1, "health": 99}
    t["players"].append(copy.deepcopy(t["players"][1]))
    with pytest.raises(TableError) as err:
        RULESET.score_table(t)
    rules = {p.rule for p in err.value.problems}
    assert "sylla.limits.prestige-floor" in rules
    assert "sylla.data.ladder" in rules  # health 99 out of range, leisure missing
    assert "sylla.end.politics" in rules  # unknown token kind
    assert "sylla.end" in rules  # the same name twice


def test_table_needs_ladder_and_players():
    with pytest.raises(TableError) as err:
        RULESET.score_table({"game": "sylla"})
    assert {p.rule for p in err.value.problems} == {"sylla.end"}
    t = table()
    del t["ladder"]["health"]
    with pytest.raises(TableError) as err:
        RULESET.score_table(t)
    assert [(p.rule, "health marker is missing" in p.message) for p in err.value.problems] == [("sylla.end.politics", True)]


def test_sylla_end_politics_ladder_value_needed_only_for_tokens_held():
    t = table(tokens={"civic": 3, "leisure": 5})
    del t["ladder"]["health"]
    assert RULESET.score_table(t).points["Red"]["politics"] == 18


def test_bundled_example_table():
    data = tomllib.loads((ROOT / "examples" / "sylla-final-table.toml").read_text(encoding="utf-8"))
    sheet = RULESET.score_table(data)
    assert sheet.totals["Red"] == 94
    assert sheet.winners == ("Red",)
    js = sheet.to_json()
    assert [p["name"] for p in js["players"]] == ["Red", "Blue", "White", "Black"]
    assert set(js["players"][0]["scores"]) == {"prestige", "plebs", "christians", "slaves", "politics"}


TABLES = sorted([*(ROOT / "tests" / "tables" / "sylla").glob("*.toml"), *(ROOT / "tests" / "tables" / "sylla").glob("*.json")])


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.name)
def test_table_files(path):
    """Each tests/tables/sylla/*.toml or *.json carries its expected totals in an [expect] section."""
    from assistant.core.tablefile import load_table

    data = load_table(path)
    expect = data.pop("expect")
    if "problem" in expect:
        with pytest.raises(TableError) as err:
            RULESET.score_table(data)
        assert expect["problem"] in {p.rule for p in err.value.problems}
    else:
        sheet = RULESET.score_table(data)
        assert dict(sheet.totals) == expect["totals"]
        assert list(sheet.winners) == expect["winners"]


# -- every reasonable way of writing a final table (INTERFACES.md §1) -------------------------------
def test_sylla_end_table_keys_in_any_case_and_token_aliases():
    t = {"Game": "sylla", "Ladder": {"Civic Spirit": 1, "health": 3, "green": 3},
         "Players": [{"Name": "Red", "Prestige": 40, "Christians": 3, "Slaves": 2, "Denarii": 5,
                      "Tokens": {"violet": 3, "Blue": 8, "Leisure": 5}, "Plebs-Votes": 0},
                     {"name": "Blue", "prestige": 10}, {"name": "White", "prestige": 10}]}
    sheet = RULESET.score_table(t)
    assert sheet.points["Red"] == {"prestige": 40, "plebs": 0, "christians": 6, "slaves": 6, "politics": 42}


def test_sylla_end_table_tokens_beside_the_other_keys():
    t = table(tokens=None)
    del t["players"][0]["tokens"]
    t["players"][0].update({"civic": 3, "health": 8, "leisure": 5})
    assert RULESET.score_table(t).points["Red"]["politics"] == 42
    t["players"][0]["tokens"] = {"civic": 1}
    with pytest.raises(TableError) as err:
        RULESET.score_table(t)
    assert [p.rule for p in err.value.problems] == ["sylla.end.politics"]


def test_sylla_end_table_optional_keys_absent():
    t = {"ladder": {"civic": 2, "health": 2, "leisure": 2},
         "players": [{"name": "A", "prestige": 30}, {"name": "B", "prestige": 31, "tokens": {}},
                     {"name": "C", "prestige": 0, "slaves": 1, "denarii": 2}]}
    sheet = RULESET.score_table(t)
    assert sheet.totals == {"A": 30, "B": 31, "C": 3}  # C frees his Slave: money allows it
    assert list(sheet.winners) == ["B"]


def test_sylla_end_table_freed_without_denarii_is_taken_as_given():
    t = table(freed=2)
    del t["players"][0]["denarii"]
    assert RULESET.score_table(t).points["Red"]["slaves"] == 6
    del t["players"][0]["freed"]
    sheet = RULESET.score_table(t)  # no money given: nothing is freed, and a note says why
    assert sheet.points["Red"]["slaves"] == 0 and any("no denarii" in n for n in sheet.notes)


def test_sylla_end_table_json_file_scores_like_toml(tmp_path):
    import json

    from assistant.core.tablefile import load_table

    path = tmp_path / "final.json"
    path.write_text(json.dumps(table()), encoding="utf-8")
    assert RULESET.score_table(load_table(path)).to_json() == RULESET.score_table(table()).to_json()


def test_sylla_open_option_values_in_any_form():
    t = table(plebs_votes=4)
    t["options"] = {"Ecclesia-Vote": "Thumb_Up", "christian slave": "BOTH"}
    red = RULESET.score_table(t).points["Red"]
    assert red["plebs"] == 2 and red["christians"] == 0


def test_sylla_end_table_lists_every_problem():
    t = {"ladder": {"civic": 1, "health": "x", "purple": 2},
         "players": [{"name": "A", "prestige": -1, "colour": "red"}, {"name": "a", "prestige": 3},
                     {"name": "C", "prestige": 5, "slaves": 2, "freed": 3, "denarii": 4}]}
    with pytest.raises(TableError) as err:
        RULESET.score_table(t)
    messages = " | ".join(str(p) for p in err.value.problems)
    for part in ("'health' must be a whole number", "given twice", "'prestige' cannot be below 0",
                 "unknown key 'colour'", "two players", "3 Slaves freed but only 2", "costs 6 denarii"):
        assert part in messages, part


def test_sylla_open_ecclesia_vote_thumb_up_thumb_down_frees_nobody():
    t = table(plebs_votes=4, freed=2)
    t["options"] = {"ecclesia_vote": "thumb-up"}
    with pytest.raises(TableError) as err:
        RULESET.score_table(t)
    assert [p.rule for p in err.value.problems] == ["sylla.open.ecclesia-vote"]


def test_sylla_end_interfaces_sample_with_one_player_scores_plus_54():
    """INTERFACES.md §1 shows a single player, Red: the sample as written scores 40 + 54."""
    t = {"game": "sylla", "ladder": {"civic": 1, "health": 3, "leisure": 3},
         "players": [{"name": "Red", "prestige": 40, "christians": 3, "slaves": 2, "denarii": 5, "freed": 2,
                      "tokens": {"civic": 3, "health": 8, "leisure": 5}, "plebs_votes": 0}]}
    sheet = RULESET.score_table(t)
    assert sheet.totals == {"Red": 94} and list(sheet.winners) == ["Red"]
    five = {"ladder": t["ladder"], "players": [{"name": n, "prestige": 1} for n in "ABCDE"]}
    with pytest.raises(TableError):
        RULESET.score_table(five)


def test_sylla_data_characters_table_option_rulebook_lifts_the_slave_count():
    data = tomllib.loads((ROOT / "tests" / "tables" / "sylla" / "too_many_slaves.toml").read_text(encoding="utf-8"))
    data.pop("expect")
    data["options"] = {"card_checks": "rulebook"}
    assert RULESET.score_table(data).points["A"]["slaves"] == 0  # 9 face-up Slaves, no denarii
