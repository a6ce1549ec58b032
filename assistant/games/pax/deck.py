"""The face-down deck and the cards just taken off it.

The deck is a tuple of :class:`DeckPart` from top to bottom: runs of cards nobody entered,
and batches of cards slid under it whose faces the program knows (the order inside a batch
is not known: several cards slid under together). Cards taken off the top wait in a
:class:`Window` until the user says where each went; an entered card must be one that can be
there: a known card of the window, one of a known batch, or an unseen card (then the counts
per category of ``pax.data.cards`` must still allow it).
"""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.pax.components import CARD_RULE, CATEGORIES, Card, category_total
from assistant.games.pax.state import DeckPart, Window


def take_top(deck: tuple[DeckPart, ...], count: int) -> tuple[Window, tuple[DeckPart, ...]]:
    """Take ``count`` cards off the top of the deck (the caller checked there are enough)."""
    need = count
    unknown = 0
    known: list[Card] = []
    pool: tuple[Card, ...] = ()
    pool_take = 0
    rest = list(deck)
    while need > 0 and rest:
        part = rest.pop(0)
        if part.unknown:
            got = min(need, part.unknown)
            unknown += got
            need -= got
            if part.unknown > got:
                rest.insert(0, DeckPart(unknown=part.unknown - got))
        elif len(part.cards) <= need:
            known.extend(part.cards)
            need -= len(part.cards)
        else:
            pool = part.cards
            pool_take = need
            need = 0
    return Window(unknown, tuple(known), pool, pool_take), tuple(rest)


def extend(window: Window | None, deck: tuple[DeckPart, ...], count: int) -> tuple[Window, tuple[DeckPart, ...]]:
    """Take ``count`` more cards off the deck into ``window``. The rest of a partly drawn
    batch is still on top of the deck, so it comes first."""
    if window is None:
        return take_top(deck, count)
    if count <= 0:
        return window, deck
    if window.pool:
        extra = min(count, len(window.pool) - window.pool_take)
        window = Window(window.unknown, window.known, window.pool, window.pool_take + extra)
        count -= extra
        if count > 0 or window.pool_take == len(window.pool):
            window = Window(window.unknown, window.known + window.pool, (), 0)
        if count == 0:
            return window, deck
    more, deck = take_top(deck, count)
    return Window(window.unknown + more.unknown, window.known + more.known, more.pool, more.pool_take), deck


def put_bottom(deck: tuple[DeckPart, ...], cards: tuple[Card, ...], unknown: int = 0) -> tuple[DeckPart, ...]:
    """Slide cards under the deck (known faces, and/or ``unknown`` cards nobody entered)."""
    parts = list(deck)
    if cards:
        parts.append(DeckPart(cards=tuple(cards)))
    if unknown:
        parts.append(DeckPart(unknown=unknown))
    return tuple(parts)


def check_unseen(seen: tuple[int, ...], card: Card, where: str) -> None:
    """Raise when every card of the category is already accounted for."""
    i = CATEGORIES.index(card.category)
    total = category_total(card.category)
    if seen[i] >= total:
        raise IllegalMove(
            CARD_RULE,
            f"{where}: {card.token()} cannot be a new card, because all {total} {card.category} cards"
            " are already in play (hands, displays, Legions, Rome, or known under the deck)",
            hint="check the category of the card; an earlier entry may have a wrong category",
        )


def add_seen(seen: tuple[int, ...], card: Card) -> tuple[int, ...]:
    """The counts of cards seen per category, with ``card`` seen too."""
    i = CATEGORIES.index(card.category)
    return (*seen[:i], seen[i] + 1, *seen[i + 1 :])


def match(
    window: Window,
    deck: tuple[DeckPart, ...],
    seen: tuple[int, ...],
    card: Card,
    where: str,
    rule: str = "pax.turn.draw",
) -> tuple[Window, tuple[DeckPart, ...], tuple[int, ...]]:
    """Take ``card`` out of the window; raises IllegalMove when it cannot be there. The rest
    of a partly drawn batch goes back on top of the deck once the batch is done."""
    if window.to_place <= 0:
        raise IllegalMove(rule, f"{where}: no card is waiting to be placed")
    if card in window.known:
        known = list(window.known)
        known.remove(card)
        return Window(window.unknown, tuple(known), window.pool, window.pool_take), deck, seen
    if window.pool_take > 0 and card in window.pool:
        pool = list(window.pool)
        pool.remove(card)
        take = window.pool_take - 1
        if take == 0:
            deck = (DeckPart(cards=tuple(pool)), *deck) if pool else deck
            return Window(window.unknown, window.known), deck, seen
        return Window(window.unknown, window.known, tuple(pool), take), deck, seen
    if window.unknown > 0:
        check_unseen(seen, card, where)
        return Window(window.unknown - 1, window.known, window.pool, window.pool_take), deck, add_seen(seen, card)
    raise IllegalMove(
        rule,
        f"{where}: {card.token()} cannot be the card drawn: the cards off the deck are {window.describe()}"
        " (cards slid under the deck earlier come back with the faces they had)",
        hint="enter one of: " + window.describe(),
    )
