"""The engine's rule texts and explanations come from the rulebook (that every rule id the
package cites has a text, and a test, is tests/test_rule_ids.py, for every game)."""

from __future__ import annotations

from assistant.games.sevenwonders import RULESET


def test_7w_engine_rulebook_and_explain_delegate():
    book = RULESET.rulebook()
    assert any(r.id == "7w.turn.resolution" for r in book)
    assert RULESET.explain("Caesar")
    names = {c["name"] for c in RULESET.catalogue()}
    assert {"Baths", "Caesar"} <= names
