"""Every rule id the engine can raise exists in the rule texts (data/7wonders/rules.md, plus
data/7wonders/rules-engine.md when present), and errors carry ids, reasons and hints."""

from __future__ import annotations

import re
from pathlib import Path

from assistant.core.rulebook import parse_rules
from assistant.games.sevenwonders import RULESET

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "assistant" / "games" / "sevenwonders"
ENGINE_MODULES = ("ruleset", "state", "moves", "notation", "rules/__init__", "rules/setup", "rules/legality", "rules/resolution", "costs", "deck", "powers", "legal", "view", "simulate", "table")
RULE_ID = re.compile(r"""["'](7w\.[a-z0-9][a-z0-9.\-]*[a-z0-9])["']""")


def known_ids() -> set[str]:
    ids: set[str] = set()
    for name in ("rules.md", "rules-engine.md"):
        path = ROOT / "data" / "7wonders" / name
        if path.exists():
            ids |= {rule.id for rule in parse_rules(path.read_text(encoding="utf-8"))}
    return ids


def test_7w_engine_rule_ids_exist():
    ids = known_ids()
    used: dict[str, str] = {}
    for module in ENGINE_MODULES:
        text = (PACKAGE / f"{module}.py").read_text(encoding="utf-8")
        for rule in RULE_ID.findall(text):
            used.setdefault(rule, module)
    assert used, "the engine cites rule ids"
    missing = {rule: module for rule, module in used.items() if rule not in ids}
    assert not missing, f"rule ids without a text: {missing}"


def test_7w_engine_rulebook_and_explain_delegate():
    book = RULESET.rulebook()
    assert any(r.id == "7w.turn.resolution" for r in book)
    assert RULESET.explain("Caesar")
    names = {c["name"] for c in RULESET.catalogue()}
    assert {"Baths", "Caesar"} <= names
