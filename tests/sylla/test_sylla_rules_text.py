"""Every rule id the package raises exists in data/sylla/rules.md; the OPEN points all have rulings."""

from __future__ import annotations

import re
from pathlib import Path

from assistant.games.sylla import RULESET

PACKAGE = Path(__file__).resolve().parents[2] / "assistant" / "games" / "sylla"


def test_every_cited_rule_id_is_in_rules_md():
    ids = {r.id for r in RULESET.rulebook()}
    cited: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        cited |= set(re.findall(r"[\"'](sylla\.[a-z0-9.\-]+)[\"']", path.read_text(encoding="utf-8")))
    assert cited, "the package cites no rule id"
    missing = sorted(c for c in cited if c not in ids)
    assert not missing, missing


def test_every_open_point_has_a_ruling():
    book = {r.id: r for r in RULESET.rulebook()}
    open_ids = [i for i in book if i.startswith("sylla.open.")]
    assert len(open_ids) == 20
    for i in open_ids:
        assert "Ruling" in book[i].text, i


def test_see_also_targets_exist():
    ids = {r.id for r in RULESET.rulebook()}
    for rule in RULESET.rulebook():
        for other in rule.see_also:
            assert other in ids, (rule.id, other)
