"""Rule texts (data/7wonders/rules.md), explain() and the component catalogue (that every rule
id the package cites has a text is tests/test_rule_ids.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from assistant.games.sevenwonders import components
from assistant.games.sevenwonders.components import catalogue
from assistant.games.sevenwonders.texts import explain, rule_ids, rulebook

ROOT = Path(__file__).resolve().parents[2]
DIGEST = Path("/work/shared/games/7wonders/RULES.md")


def test_7w_rules_parse_unique_ids() -> None:
    ids = [r.id for r in rulebook()]
    assert len(ids) == len(set(ids))
    assert len(ids) > 150
    assert all(r.title and r.text for r in rulebook())


def test_7w_rules_see_also_targets_exist() -> None:
    for rule in rulebook():
        for target in rule.see_also:
            assert target in rule_ids(), (rule.id, target)


@pytest.mark.skipif(not DIGEST.exists(), reason="shared digest not available")
def test_7w_rules_cover_the_digest_ids() -> None:
    digest = set(re.findall(r"`(7w\.[a-z0-9.\-]*[a-z0-9])`", DIGEST.read_text(encoding="utf-8")))
    assert not sorted(i for i in digest if i not in rule_ids())


def test_7w_rules_each_leader_guild_and_board_has_a_text() -> None:
    for l in components.leaders():
        assert l.rule in rule_ids()
    for g in components.guilds(True):
        assert g.rule in rule_ids()
    for side in components.wonders():
        assert side.rule in rule_ids()


def test_7w_rules_leader_costs_match_data() -> None:
    texts = {r.id: r.text for r in rulebook()}
    for l in components.leaders():
        assert texts[l.rule].startswith(f"Cost {l.cost}"), l.name


def test_7w_rules_guild_costs_match_data() -> None:
    texts = {r.id: r.text for r in rulebook()}
    for g in components.guilds(True):
        words = re.findall(r"(\d )?(wood|stone|clay|ore|glass|loom|papyrus)", texts[g.rule].split(".")[0])
        stated = {res: int(n or 1) for n, res in words}
        assert stated == dict(g.cost.resources), g.name


def test_7w_rules_table_family() -> None:
    assert {"7w.table.format", "7w.table.numbers", "7w.table.leaders-off", "7w.table.leader-twice",
            "7w.table.cards-count"} <= rule_ids()


def test_7w_explain_card_chains_both_ways_and_copies() -> None:
    [text] = explain("Library")
    assert text.id == "7w.cards.basic"
    assert "Scriptorium" in text.text and "Senate, University" in text.text
    assert "3p: 1, 4p: 1, 5p: 1, 6p: 2, 7p: 2" in text.text
    assert "7w.build.chain" in text.see_also


def test_7w_explain_loom_both_ages() -> None:
    [text] = explain("loom")
    assert "Age I grey" in text.text and "Age II grey" in text.text


def test_7w_explain_guild_leader_board() -> None:
    [spies] = explain("Spies Guild")
    assert spies.id == "7w.guild.spies" and "red card" in spies.text
    [plato] = explain("Platón")
    assert plato.id == "7w.leader.plato" and "cost 4" in plato.text
    rome = explain("Róma")
    assert [r.id for r in rome] == ["7w.wonder.rome.a", "7w.wonder.rome.b"]
    assert "draw 4 leaders" in rome[1].text
    [courtesans] = explain("kurtizánok céhe")
    assert "7w.courtesan.token" in courtesans.see_also


def test_7w_explain_prefix_lists_candidates_and_unknown_is_empty() -> None:
    names = {r.title.split(" (")[0] for r in explain("sta")}
    assert {"Statue", "Stables"} <= names
    assert explain("zzz") == []


def test_7w_catalogue_interfaces_shape() -> None:
    items = catalogue()
    json.dumps(items)
    kinds = {i["kind"] for i in items}
    assert kinds == {"card", "leader", "wonder"}
    cards = [i for i in items if i["kind"] == "card"]
    assert len(cards) == 82 and sum(1 for i in cards if i["copies"] is None) == 14
    for c in cards:
        assert set(c["cost"]) == {"coins", "wood", "stone", "clay", "ore", "glass", "loom", "papyrus"}
        assert c["copies"] is None or set(c["copies"]) == {"3", "4", "5", "6", "7"}
        assert isinstance(c["chains_from"], list)
    assert sum(c["copies"]["7"] for c in cards if c["copies"]) == 138
    leaders = [i for i in items if i["kind"] == "leader"]
    assert len(leaders) == 36 and all(set(i["cost"]) == {"coins"} for i in leaders)
    wonders = [i for i in items if i["kind"] == "wonder"]
    assert len(wonders) == 16
    rome_b = next(w for w in wonders if w["name"] == "Rome" and w["side"] == "B")
    assert rome_b["resource"] is None and len(rome_b["stages"]) == 3
    assert rome_b["stages"][0]["cost"]["wood"] == 1
