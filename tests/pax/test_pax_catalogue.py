"""What the command line shows for PAX: the component catalogue (INTERFACES.md §2), rule texts,
explain(word) for categories, and describe() keeping hands and money secret unless revealed."""

from __future__ import annotations

import json

from pax_helpers import R, give, started

from assistant.games import get_ruleset
from assistant.games.pax.components import category_cards


def test_pax_registry_and_players():
    assert get_ruleset("pax") is R
    assert (R.min_players, R.max_players) == (1, 4)


def test_pax_terms_categories_catalogue_counts():
    items = R.catalogue()
    json.dumps(items)
    assert all("name" in i and "kind" in i for i in items)
    cats = {i["key"]: i for i in items if i["kind"] == "category"}
    assert {k: v["cards"] for k, v in cats.items()} == category_cards()
    assert sum(category_cards().values()) == 74
    assert cats["estate"]["name"] == "Estate" and "land" in cats["estate"]["aliases"]
    assert "intrigue" in cats["conspiracy"]["aliases"]
    assert sum(1 for i in items if i["kind"] == "legion") == 5


def test_pax_explain_categories():
    for word, rule_id in (("army", "pax.cat.army"), ("Land", "pax.cat.estate"), ("intrigue", "pax.cat.conspiracy"),
                          ("religio", "pax.cat.religion"), ("szenátor", "pax.cat.senator")):
        texts = R.explain(word)
        assert texts and texts[0].id == rule_id, word
    army = R.explain("army")[0].text
    assert "10 cards" in army and "bonus Fleet" in army
    assert R.explain("Primus Conspiratus")[0].id == "pax.cat.primus-conspiratus"
    assert R.explain("xyzzy") == []


def test_pax_rulebook_ids_unique():
    ids = [r.id for r in R.rulebook()]
    assert len(ids) == len(set(ids)) and "pax.winner.rome" in ids


def test_pax_components_hidden_describe():
    state = give(started(), "Ada", hand="army 3/2", aureus=9)
    public = R.describe(state)
    json.dumps(public)
    ada = public["players"][0]
    assert "hand" not in ada and "aureus" not in ada and ada["hand_cards"] == 2
    secret = R.describe(state, reveal=True)["players"][0]
    assert secret["aureus"] == 9 and "army 3/2" in secret["hand"]
    assert public["rome"]["hidden"] == 3 and public["deck"] == 46


def test_pax_options_checked():
    import pytest

    from assistant.core.errors import InvalidEntry

    assert R.check_options({})["pc"] == "symbols"
    with pytest.raises(InvalidEntry):
        R.check_options({"level": "6"})
    with pytest.raises(InvalidEntry):
        R.check_options({"pc": "votes"})


def test_pax_explain_table_words():
    """'pass' is the rulebook's word for the alternative action; 'catalogue' finds the card entry rule."""
    assert [r.id for r in R.explain("pass")] == ["pax.turn.alternative"]
    assert [r.id for r in R.explain("catalogue")] == ["pax.data.cards"]
