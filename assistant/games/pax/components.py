"""PAX's printed components: the seven categories of influence cards, the known component facts
(data/pax/components.json), the name index of the categories, the catalogue of every component
(INTERFACES.md §2), and the compact card token the user types when a physical card comes into
play.

The printed value and symbol count of each of the 74 cards is not known to us, so a card is
identified by what it shows: ``army 3/2`` is an Army card of value 3 with 2 symbols. Two cards
showing the same three things are interchangeable for every rule, so the token *is* the card's
identity. A local catalogue can map any short key (``k17``) to such a token.

Which checks of a face rest on the rulebook and which on the research notes (KNOWN.md, from
reviews) is said in :func:`check_card`; the game's option ``card_checks=notes|rulebook``
switches the second kind off (``pax.data.cards``).

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

from assistant.core.errors import IllegalMove, InvalidEntry
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
    """The lowest and highest printed value of a card as the research notes give it (1-4,
    from reviews, not the rulebook): checked only under ``card_checks=notes``."""
    v = components()["card_value"]
    return int(v["min"]), int(v["max"])


@cache
def symbol_range() -> tuple[int, int]:
    """The fewest and most symbols a card shows as the research notes give it (1-2, from
    reviews, not the rulebook): checked only under ``card_checks=notes``."""
    v = components()["card_symbols"]
    return int(v["min"]), int(v["max"])


def catalogue() -> list[dict[str, Any]]:
    """Every component of PAX (INTERFACES.md §2): the seven categories with their counts,
    names and the value and symbol ranges of the research notes (``"source": "reviews"``:
    not the rulebook; option ``card_checks``), the Legions, the other cards, the Aurei.

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
            "value": {"min": low, "max": high, "source": "reviews"},
            "symbols": {"min": slow, "max": shigh, "source": "reviews"},
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
    (``a3/2``) and the symbols default to 1 (``army 3`` = ``army 3/1``). Only the form is
    read here: the face is judged by :func:`check_card` (``pax.data.cards``), under the
    game's option ``card_checks``.
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
    return Card(category, value, symbols), match.group("rest")


def parse_token(text: str, *, notes: bool = True) -> Card:
    """Read exactly one card token (nothing may follow it) and check its face
    (:func:`check_card`; ``notes``: with the research notes' ranges too, option
    ``card_checks=notes``). Raises InvalidEntry: without a game, a face that cannot exist is
    a misreading."""
    card, rest = split_token(text)
    if rest.strip():
        raise InvalidEntry(CARD_RULE, f"unexpected '{rest.strip()}' after the card {card.token()}")
    try:
        check_card(card, notes=notes)
    except IllegalMove as exc:
        raise InvalidEntry(exc.rule, exc.message, hint=exc.hint) from None
    return card


#: What a refusal resting on the research notes says the table can do about it.
NOTES_HINT = "if your card really shows this, play with --option card_checks=rulebook"


def check_card(card: Card, *, notes: bool = True) -> None:
    """Judge one face (``pax.data.cards``); raises IllegalMove.

    Always (the rulebook): the card shows its category symbol(s), so at least 1 symbol
    (``pax.components.anatomy``). The value is a whole number of Aurei, which the token form
    already ensures; the rulebook gives no range.

    With ``notes`` (option ``card_checks=notes``, the default): values 1 to 4 and 1 or 2
    symbols. These ranges come from reviews of the game (KNOWN.md §3), not from the rulebook,
    so a table whose cards differ switches them off with ``card_checks=rulebook``.
    """
    if card.symbols < 1:
        raise IllegalMove(
            CARD_RULE,
            f"no {card.category} card shows 0 symbols: every card shows its category symbol (rulebook: card anatomy)",
            hint=f"count the {card.category} icons in the card's top-left corner (1 or more)",
        )
    if not notes:
        return
    low, high = value_range()
    if not low <= card.value <= high:
        raise IllegalMove(
            CARD_RULE,
            f"no {card.category} card has the value {card.value}: printed values run from {low} to {high}"
            " (research notes: reviews of the game, not the rulebook)",
            hint=f"the value is the Aurei printed on the card ({low}-{high}); {NOTES_HINT}",
        )
    slow, shigh = symbol_range()
    if not slow <= card.symbols <= shigh:
        raise IllegalMove(
            CARD_RULE,
            f"no {card.category} card shows {card.symbols} symbols: a card shows {slow} to {shigh}"
            " (research notes: reviews of the game, not the rulebook)",
            hint=f"count the {card.category} icons in the card's top-left corner ({slow}-{shigh}); {NOTES_HINT}",
        )


def all_tokens() -> list[Card]:
    """Every card face the research notes allow (category x value 1-4 x symbols 1-2): the
    faces the legal entries list. Under ``card_checks=rulebook`` other faces are accepted
    when typed, but not listed (the rulebook gives no range to list)."""
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
