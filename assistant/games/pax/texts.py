"""PAX's rule texts (data/pax/rules.md, under the rule ids the refusals cite) and the
explanation of a topic: a category with what is known of its cards, or the rule a word names.

>>> explain("fleet")[0].id
'pax.cat.fleet'
>>> explain("peek")[0].id
'pax.turn.alternative'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from assistant.core.names import NameIndex, normalize
from assistant.core.protocol import RuleText
from assistant.core.rulebook import parse_rules
from assistant.games.pax.components import CATEGORIES, components, symbol_range, value_range
from assistant.resources import read_text


@cache
def rulebook() -> tuple[RuleText, ...]:
    """The rule texts of data/pax/rules.md, in reading order."""
    return tuple(parse_rules(read_text("pax", "rules.md")))


@cache
def _topics() -> NameIndex:
    """Words a table may ask about, each to the category or rule id that explains it."""
    entries: list[tuple[str, Iterable[str]]] = [
        (c["name"], [c["title"], *(a for a in c["aliases"] if len(a) > 1)]) for c in components()["categories"]
    ]
    entries += [
        ("pax.cat.primus-conspiratus", ("Primus Conspiratus", "PC")),
        ("pax.setup.start-player", ("Primus", "start player card")),
        ("pax.setup.legions", ("Legion", "legions")),
        ("pax.turn.buy", ("group", "buy")),
        ("pax.turn.income", ("income",)),
        ("pax.solo", ("solitaire", "solo")),
        ("pax.turn.alternative", ("peek", "alternative action", "pass", "look")),
        ("pax.data.cards", ("card", "cards", "token", "catalogue", "value", "symbols")),
        ("pax.terms", ("Aureus", "aurei")),
        ("pax.winner.rome", ("Rome",)),
        ("pax.cat.limit", ("limit",)),
    ]
    return NameIndex(entries, what="topic", rule="pax.terms")


def explain(query: str) -> list[RuleText]:
    """The text for a topic: a category (its cards, names and rule), or the rule a word names
    (Primus, Legion, peek, income ...); ``[]`` when nothing is named so."""
    key = normalize(query)
    hit = _topics().find(key) if key else None
    if hit is None:
        return []
    by_id = {r.id: r for r in rulebook()}
    if hit in CATEGORIES:
        c = next(c for c in components()["categories"] if c["name"] == hit)
        low, high = value_range()
        slow, shigh = symbol_range()
        rule = by_id.get(f"pax.cat.{hit}")
        names = ", ".join(x for x in (c["latin"], c["hungarian"]) if x)
        text = (
            f"{c['title']} ({names}): {c['cards']} cards in the deck (rulebook), each of value {low}-{high} with"
            f" {slow}-{shigh} symbols (research notes, from reviews; option card_checks=rulebook drops these"
            f" ranges) (enter them as '{hit} VALUE/SYMBOLS').\n\n" + (rule.text if rule else "")
        )
        return [RuleText(f"pax.cat.{hit}", c["title"], text, ("pax.cat.symbols", "pax.data.cards"))]
    rule = by_id.get(hit)
    return [rule] if rule else []
