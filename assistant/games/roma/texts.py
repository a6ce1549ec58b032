"""Roma's rule texts (``data/roma/rules.md``) and the explanation of a card: its printed facts,
its rule text and the rulings that text refers to."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from assistant.core.protocol import RuleText
from assistant.core.rulebook import parse_rules
from assistant.games.roma.board import sestertii
from assistant.games.roma.components import CARD_NAMES, CARDS
from assistant.resources import read_text


@cache
def rulebook() -> Sequence[RuleText]:
    """The rule texts in reading order (read once)."""
    return tuple(parse_rules(read_text("roma", "rules.md")))


def explain(query: str) -> list[RuleText]:
    """A card's facts (kind, cost, defence, copies), its rule text and the rulings it refers
    to; for a prefix of a few cards (``merca``), each of them.

    >>> [t.id for t in explain("merca")]
    ['roma.cards.mercator', 'roma.cards.mercatus']
    """
    name = CARD_NAMES.find(query)
    if name is not None:
        return explain_card(name)
    matches = CARD_NAMES.candidates(query)
    if 1 < len(matches) <= 3:
        return [text for match in matches for text in explain_card(match)[:1]]
    return []


def explain_card(name: str) -> list[RuleText]:
    """One card's text with its facts first, then the rulings it cites."""
    card = CARDS[name]
    by_id = {r.id: r for r in rulebook()}
    rule = by_id.get(card.rule_id)
    facts = f"{card.kind}, cost {sestertii(card.cost)}, defence {card.defence}, {card.copies} in the deck"
    text = facts + ".\n\n" + (rule.text if rule is not None else card.text)
    see_also: tuple[str, ...] = rule.see_also if rule is not None else ()
    result = [RuleText(card.rule_id, name, text, see_also)]
    result += [by_id[r] for r in see_also if r in by_id]
    return result
