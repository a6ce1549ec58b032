"""Rule texts: parsing rules.md and looking rules up by id, prefix and words."""

import pytest

from assistant.core.errors import NotFound
from assistant.core.rulebook import lookup, parse_rules

TEXT = """# A game

Intro text that is not a rule.

## g.build — Building
You build one card a turn.

See also: g.build.cost

## g.build.cost — Paying
Pay coins and resources.
Trading with neighbours costs 2 coins.

## g.end: The end
Three ages.
"""


def test_rulebook_parse():
    book = parse_rules(TEXT)
    assert [r.id for r in book] == ["g.build", "g.build.cost", "g.end"]
    assert book[0].see_also == ("g.build.cost",)
    assert book[1].text.startswith("Pay coins")
    assert book[2].title == "The end"


def test_rulebook_lookup_by_id_prefix_and_words():
    book = parse_rules(TEXT)
    assert [r.id for r in lookup(book, "g.build")] == ["g.build"]
    assert [r.id for r in lookup(book, "G.BUILD.COST")] == ["g.build.cost"]
    assert [r.id for r in lookup(book, "g")] == ["g.build", "g.build.cost", "g.end"]
    assert [r.id for r in lookup(book, "neighbours coins")] == ["g.build.cost"]


def test_rulebook_lookup_miss_suggests_ids():
    with pytest.raises(NotFound) as info:
        lookup(parse_rules(TEXT), "g.biuld")
    assert "g.build" in (info.value.hint or "")
