"""The printed Roma components: the 25 card types (52 cards), loaded once from
``data/roma/cards.json``, the card-name index, and the catalogue (INTERFACES.md §2).

>>> CARDS["Legat"].cost, CARDS["Legat"].defence, CARDS["Legat"].copies
(5, 2, 2)
>>> CARD_NAMES.resolve("asculapinum")
'Aesculapinum'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from assistant.core.names import NameIndex
from assistant.resources import load_json


@dataclass(frozen=True)
class CardType:
    """One card type: printed cost and defence, copies in the deck, how it is activated
    (``die``, ``forum`` or ``passive``) and its effect keyword (what the engine does)."""

    name: str
    aliases: tuple[str, ...]
    kind: str  # "character" or "building"
    cost: int
    defence: int
    copies: int
    activation: str
    effect: str  # the effect keyword the engine acts on (``effect.op`` in the data)
    text: str
    params: tuple[tuple[str, object], ...] = ()  # the rest of the structured effect

    @property
    def rule_id(self) -> str:
        """The rule id of the card's text in rules.md (``roma.cards.tribunus-plebis``)."""
        return "roma.cards." + self.name.lower().replace(" ", "-")


@cache
def _load() -> dict[str, CardType]:
    """Read the card types from the data file (once)."""
    data = load_json("roma", "cards.json")
    result: dict[str, CardType] = {}
    for raw in data["cards"]:
        card = CardType(
            name=raw["name"],
            aliases=tuple(raw["aliases"]),
            kind=raw["kind"],
            cost=int(raw["cost"]),
            defence=int(raw["defence"]),
            copies=int(raw["copies"]),
            activation=raw["activation"],
            effect=raw["effect"]["op"],
            text=raw["text"],
            params=tuple((k, v) for k, v in raw["effect"].items() if k != "op"),
        )
        result[card.name] = card
    return result


CARDS: dict[str, CardType] = _load()
#: Card names in catalogue order.
ORDER: tuple[str, ...] = tuple(CARDS)
CARD_NAMES = NameIndex([(c.name, c.aliases) for c in CARDS.values()], what="card", rule="roma.cards")
DECK_SIZE = sum(c.copies for c in CARDS.values())


def catalogue() -> list[dict[str, Any]]:
    """Every card type as INTERFACES.md §2 lists it (``assistant cards roma``): the printed
    facts, the aliases and the structured effect, in the data file's order.

    >>> catalogue()[0]["name"], len(catalogue())
    ('Sicarius', 25)
    """
    return [
        {
            "name": c.name,
            "kind": c.kind,
            "cost": c.cost,
            "defence": c.defence,
            "copies": c.copies,
            "aliases": list(c.aliases),
            "activation": c.activation,
            "effect": {"op": c.effect, **dict(c.params)},
            "text": c.text,
        }
        for c in CARDS.values()
    ]
