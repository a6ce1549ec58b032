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


def test_rulebook_lookup_ranks_question_words_out_and_synonyms_in():
    """A question finds its rule though "what happens when" is in no rule; a synonym of the
    game's list finds the rule that uses the other word; the best-ranked rule comes first."""
    book = parse_rules(TEXT)
    assert lookup(book, "what happens when the age is over")[0].id == "g.end"
    assert lookup(book, "how much does trading cost")[0].id == "g.build.cost"
    with pytest.raises(NotFound):
        lookup(book, "finish")
    assert [r.id for r in lookup(book, "finish", synonyms={"finish": ("the end", "ages")})] == ["g.end"]


def test_rulebook_lookup_miss_of_words_suggests_the_best_ranked_rule():
    with pytest.raises(NotFound) as info:
        lookup(parse_rules(TEXT), "neighbuors")
    assert info.value.hint == "did you mean g.build.cost?"
    with pytest.raises(NotFound) as info:
        lookup(parse_rules(TEXT), "xyzzy")
    assert "did you mean" not in (info.value.hint or "")
