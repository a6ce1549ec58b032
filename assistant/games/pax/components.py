"""PAX's printed components: the seven categories of influence cards, the known component facts
(data/pax/components.json), the name index of the categories, the catalogue of every component
(INTERFACES.md §2), and the compact card token the user types when a physical card comes into
play.

The printed value and symbol count of each of the 74 cards is not known to us, so a card is
identified by what it shows: ``army 3/2`` is an Army card of value 3 with 2 symbols. Two cards
showing the same three things are interchangeable for every rule, so the token *is* the card's
identity. A local catalogue can map any short key (``k17``) to such a token.

>>> parse_token("army 3/2")
Card(category='army', value=3, symbols=2)
>>> parse_token("L2").token()
'estate 2/1'
>>> parse_token("intrigue 4 / 2").token()
'conspiracy 4/2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from assistant.core.errors import InvalidEntry
from assistant.core.names import NameIndex
from assistant.resources import load_json

#: The seven categories in the order of the rulebook's component list.
CATEGORIES: tuple[str, ...] = ("wealth", "fleet", "army", "religion", "senator", "estate", "conspiracy")

CARD_RULE = "pax.data.cards"


@cache
def components() -> dict[str, Any]:
    """The component facts of data/pax/components.json."""
    data: dict[str, Any] = load_json("pax", "components.json")
    names = tuple(c["name"] for c in data["categories"])
    if names != CATEGORIES:
        raise ValueError(f"data/pax/components.json lists categories {names}, expected {CATEGORIES}")
    if sum(c["cards"] for c in data["categories"]) != data["influence_cards"]:
        raise ValueError("data/pax/components.json: category counts do not add up to the deck")
    return data


def category_cards() -> dict[str, int]:
    """How many cards of each category the deck holds (10, or 12 for estate and conspiracy)."""
    return {c["name"]: int(c["cards"]) for c in components()["categories"]}


@cache
def category_total(category: str) -> int:
    """How many cards of ``category`` the deck holds (looked up on every entered card)."""
    return category_cards()[category]


def deck_size() -> int:
    """How many influence cards the game has (74)."""
    return int(components()["influence_cards"])


@cache
def value_range() -> tuple[int, int]:
    """The lowest and highest printed value of a card, as far as known (1-4)."""
    v = components()["card_value"]
    return int(v["min"]), int(v["max"])


@cache
def symbol_range() -> tuple[int, int]:
    """The fewest and most symbols a card shows, as far as known (1-2)."""
    v = components()["card_symbols"]
    return int(v["min"]), int(v["max"])


def catalogue() -> list[dict[str, Any]]:
    """Every component of PAX (INTERFACES.md §2): the seven categories with their counts,
    names and the known value and symbol ranges, the Legions, the other cards, the Aurei.

    >>> [item["key"] for item in catalogue() if item["kind"] == "category"][:3]
    ['wealth', 'fleet', 'army']
    """
    data = components()
    low, high = value_range()
    slow, shigh = symbol_range()
    items: list[dict[str, Any]] = [
        {
            "name": c["title"],
            "kind": "category",
            "key": c["name"],
            "cards": c["cards"],
            "latin": c["latin"],
            "hungarian": c["hungarian"],
            "aliases": c["aliases"],
            "value": {"min": low, "max": high},
            "symbols": {"min": slow, "max": shigh},
            "rule": f"pax.cat.{c['name']}",
        }
        for c in data["categories"]
    ]
    items += [{"name": f"Legion {label}", "kind": "legion"} for label in data["legions"]["labels"]]
    items += [{"name": o["name"], "kind": o["kind"], "count": o["count"]} for o in data["other_components"]]
    items.append({"name": "Aureus", "kind": "money", "count": data["aureus_cards"]["cards"], "values": data["aureus_cards"]["values"]})
    return items


@cache
def category_index() -> NameIndex:
    """Category names: English (estate/land, conspiracy/intrigue), one-letter keys, Latin and
    Hungarian names, unique prefixes."""
    return NameIndex(
        [(c["name"], [c["title"], *c["aliases"]]) for c in components()["categories"]],
        what="category",
        rule=CARD_RULE,
    )


@cache
def resolve_category(text: str) -> str:
    """The canonical category for a name, alias or unique prefix (raises InvalidEntry;
    successful look-ups are remembered)."""
    return category_index().resolve(text)


@dataclass(frozen=True, order=True)
class Card:
    """One influence card as its face shows it: category, printed value, number of symbols."""

    category: str
    value: int
    symbols: int

    def token(self) -> str:
        """The canonical token, e.g. ``army 3/2``; :func:`parse_token` reads it back."""
        return f"{self.category} {self.value}/{self.symbols}"

    def __str__(self) -> str:
        return self.token()


_TOKEN = re.compile(r"^\s*(?P<cat>[^\d/,]+?)\s*(?P<value>\d+)(?:\s*/\s*(?P<symbols>\d+))?(?P<rest>.*)$")


def split_token(text: str) -> tuple[Card, str]:
    """Read a card token at the start of ``text``; return the card and the rest of the text.

    The token is ``CATEGORY VALUE[/SYMBOLS]``; the category may be glued to the value
    (``a3/2``) and the symbols default to 1 (``army 3`` = ``army 3/1``). Values and symbols
    outside what is known of the deck are refused (rule ``pax.data.cards``).
    """
    match = _TOKEN.match(text)
    if not match:
        raise InvalidEntry(
            CARD_RULE,
            f"'{text.strip()}' is not a card; write CATEGORY VALUE/SYMBOLS",
            hint="e.g. army 3/2 (an Army of value 3 with 2 symbols) or a3 (1 symbol)",
        )
    try:
        category = resolve_category(match.group("cat"))
    except InvalidEntry as exc:
        if exc.hint:
            raise
        raise InvalidEntry(
            exc.rule or CARD_RULE,
            exc.message,
            hint="a card starts with its category: " + ", ".join(CATEGORIES) + " (or w, f, a, r, s, e/l, c/i)",
        ) from None
    value = int(match.group("value"))
    symbols = int(match.group("symbols")) if match.group("symbols") else 1
    low, high = value_range()
    if not low <= value <= high:
        raise InvalidEntry(
            CARD_RULE,
            f"no {category} card has the value {value}: printed values run from {low} to {high}",
            hint=f"the value is the Aurei printed on the card ({low}-{high})",
        )
    slow, shigh = symbol_range()
    if not slow <= symbols <= shigh:
        raise InvalidEntry(
            CARD_RULE,
            f"no {category} card shows {symbols} symbols: a card shows {slow} to {shigh}",
            hint=f"count the {category} icons in the card's top-left corner ({slow}-{shigh})",
        )
    return Card(category, value, symbols), match.group("rest")


def parse_token(text: str) -> Card:
    """Read exactly one card token (nothing may follow it)."""
    card, rest = split_token(text)
    if rest.strip():
        raise InvalidEntry(CARD_RULE, f"unexpected '{rest.strip()}' after the card {card.token()}")
    return card


def all_tokens() -> list[Card]:
    """Every card face that what is known allows (category x value x symbols)."""
    low, high = value_range()
    slow, shigh = symbol_range()
    return [
        Card(cat, value, sym)
        for cat in CATEGORIES
        for value in range(low, high + 1)
        for sym in range(slow, shigh + 1)
    ]


def symbols_of(cards: tuple[Card, ...] | list[Card], category: str) -> int:
    """The symbols of ``category`` on ``cards`` (a display, Rome's cards)."""
    return sum(c.symbols for c in cards if c.category == category)


def cards_of(cards: tuple[Card, ...] | list[Card], category: str) -> int:
    """How many of ``cards`` are of ``category`` (a row of a display)."""
    return sum(1 for c in cards if c.category == category)


def symbol_counts(cards: tuple[Card, ...] | list[Card]) -> dict[str, int]:
    """The symbols per category on ``cards``, every category listed (0 when none)."""
    return {cat: symbols_of(cards, cat) for cat in CATEGORIES}
