"""The card catalogue (INTERFACES.md §2), the rule texts and explain()."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.core.rulebook import lookup
from assistant.games import get_ruleset
from assistant.games.roma import RULESET

PACKAGE = Path(__file__).resolve().parents[2] / "assistant" / "games" / "roma"


def test_roma_cards_catalogue():
    cards = RULESET.catalogue()
    assert len(cards) == 25
    assert sum(c["copies"] for c in cards) == 52
    assert sum(c["copies"] for c in cards if c["kind"] == "character") == 32
    assert sum(1 for c in cards if c["kind"] == "character") == 17
    assert sum(c["copies"] for c in cards if c["kind"] == "building") == 20
    by_name = {c["name"]: c for c in cards}
    assert (by_name["Legat"]["cost"], by_name["Legat"]["defence"], by_name["Legat"]["copies"]) == (5, 2, 2)
    assert (by_name["Forum"]["cost"], by_name["Forum"]["defence"], by_name["Forum"]["copies"]) == (5, 5, 6)
    assert (by_name["Nero"]["cost"], by_name["Nero"]["defence"], by_name["Nero"]["copies"]) == (8, 9, 1)
    assert (by_name["Turris"]["cost"], by_name["Turris"]["defence"]) == (6, 6)
    assert by_name["Essedum"]["kind"] == "character" and by_name["Onager"]["kind"] == "building"
    for card in cards:
        assert {"name", "kind", "cost", "defence", "copies"} <= set(card)
        assert card["kind"] in ("character", "building")


def test_roma_cards_match_the_shared_data():
    import json

    shared = Path("/work/shared/games/roma/cards.json")
    if not shared.exists():  # the shared folder is beside the checkout only on the build machine
        pytest.skip("shared/games/roma/cards.json is not beside this checkout")
    theirs = {c["name"]: c for c in json.loads(shared.read_text())["cards"]}
    for card in RULESET.catalogue():
        src = theirs[card["name"]]
        assert (card["kind"], card["cost"], card["defence"], card["copies"]) == (
            src["kind"], src["cost"], src["defence"], src["copies"]
        )


def test_roma_registry():
    assert get_ruleset("roma") is RULESET


def test_roma_card_and_ruling_rule_ids_exist():
    """Every card's rule id (made from its name, so not in the source as a literal) and the
    rulings A1-A20 are sections of data/roma/rules.md. The ids the package cites as literals are
    checked for every game by tests/test_rule_ids.py."""
    ids = {rule.id for rule in RULESET.rulebook()}
    from assistant.games.roma.components import CARDS

    missing = sorted({card.rule_id for card in CARDS.values()} - ids)
    assert not missing, missing
    assert {f"roma.rulings.a{n}" for n in range(1, 21)} <= ids


def test_roma_rulebook_see_also_resolves():
    ids = {rule.id for rule in RULESET.rulebook()}
    for rule in RULESET.rulebook():
        assert rule.text, rule.id
        for other in rule.see_also:
            assert other in ids, (rule.id, other)


def test_roma_explain_card():
    texts = RULESET.explain("turris")
    assert texts[0].id == "roma.cards.turris"
    assert "cost 6" in texts[0].text and "defence 6" in texts[0].text and "2 in the deck" in texts[0].text
    assert any(t.id == "roma.rulings.a9" for t in texts)
    assert RULESET.explain("basiliaca")[0].title == "Basilica"
    assert RULESET.explain("Praetorianus")[0].text.count("Senator") == 1  # the seed's mistake noted
    assert RULESET.explain("no such card") == []


def test_roma_rules_lookup():
    book = RULESET.rulebook()
    assert lookup(book, "roma.rulings.a9")[0].title.startswith("A9")
    assert len(lookup(book, "roma.rulings")) == 20


def test_roma_cards_every_effect_is_handled():
    """Each card's effect keyword is one the engine acts on (passive ones in board.py or the
    rules package)."""
    from assistant.games.roma.components import CARDS

    engine = (PACKAGE / "board.py").read_text() + "".join(p.read_text() for p in (PACKAGE / "rules").glob("*.py"))
    for card in CARDS.values():
        if card.activation == "passive" or card.name == "Scaenicus":  # handled by name
            assert f'"{card.name}"' in engine, card.name
        else:
            assert f'"{card.effect}"' in engine, card.name


def test_roma_explain_prefix_of_several_cards():
    texts = RULESET.explain("merca")
    assert [t.title for t in texts] == ["Mercator", "Mercatus"]
