"""The face-down deck and the cards just taken off it.

The deck is a tuple of :class:`DeckPart` from top to bottom: runs of cards nobody entered,
and batches of cards slid under it whose faces the program knows (the order inside a batch
is not known: several cards slid under together). Cards taken off the top wait in a
:class:`Window` until the user says where each went; an entered card must be one that can be
there: a known card of the window, one of a known batch, or an unseen card (then the counts
per category of ``pax.data.cards`` must still allow it).

A face may fit more than one way (a known card coming back, or a new card showing the same
face); the entries cannot tell them apart, so a state keeps every :class:`World` (deck, window,
seen counts) that fits the entries so far, and a later entry keeps the worlds it fits
(:func:`match`). An entry is refused only when it fits no world.

A card entered as ``?`` (``pax.hidden``) is placed the same way without a face
(:func:`place_unknown`): in each world it may be each known face off the deck or an unseen
card, and the world remembers which (``World.held``/``World.fresh`` for a hand, the deck run
marked with its ``owner`` for a card slid under). When the face appears (played from the hand,
:func:`unknown_hand`; named, :func:`name_deck`; drawn again) the worlds it contradicts are
dropped, and it is refused when none is left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from assistant.core.errors import IllegalMove
from assistant.games.pax.components import CARD_RULE, CATEGORIES, Card, category_total
from assistant.games.pax.state import DeckPart, PaxState, Window, World


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


def off_top(world: World, count: int) -> World:
    """``world`` with ``count`` cards taken off the top of its deck into a new window."""
    window, deck = take_top(world.deck, count)
    return replace(world, deck=deck, window=window)


def more_off(world: World, count: int) -> World:
    """``world`` with ``count`` more cards off its deck into its window (see :func:`extend`)."""
    window, deck = extend(world.window, world.deck, count)
    return replace(world, deck=deck, window=window)


def put_bottom(
    deck: tuple[DeckPart, ...], cards: tuple[Card, ...], unknown: int = 0, owner: str = ""
) -> tuple[DeckPart, ...]:
    """Slide cards under the deck (known faces, and/or ``unknown`` cards nobody entered);
    ``owner`` marks one card a player slid under entered as ``?`` (it can be named later)."""
    parts = list(deck)
    if cards:
        parts.append(DeckPart(cards=tuple(cards), owner=owner))
    if unknown:
        parts.append(DeckPart(unknown=unknown, owner=owner))
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


def _choices(world: World, card: Card) -> list[World]:
    """Every way ``card`` can be one of the cards off the deck in one world: a known card of
    the window, one of a partly drawn known batch (the rest of the batch goes back on top of
    the deck once the batch is done), or an unseen card (the counts per category of
    ``pax.data.cards`` must still allow it)."""
    window, deck, seen = world.window, world.deck, world.seen
    assert window is not None
    ways: list[World] = []
    if card in window.known:
        known = list(window.known)
        known.remove(card)
        ways.append(replace(world, window=Window(window.unknown, tuple(known), window.pool, window.pool_take)))
    if window.pool_take > 0 and card in window.pool:
        pool = list(window.pool)
        pool.remove(card)
        take = window.pool_take - 1
        if take == 0:
            back = (DeckPart(cards=tuple(pool)), *deck) if pool else deck
            ways.append(replace(world, deck=back, window=Window(window.unknown, window.known)))
        else:
            ways.append(replace(world, window=Window(window.unknown, window.known, tuple(pool), take)))
    i = CATEGORIES.index(card.category)
    if window.unknown > 0 and seen[i] < category_total(card.category):
        ways.append(replace(world, window=Window(window.unknown - 1, window.known, window.pool, window.pool_take), seen=add_seen(seen, card)))
    return ways


def _refusal(window: Window, seen: tuple[int, ...], card: Card, where: str, rule: str) -> IllegalMove:
    """Why ``card`` cannot be a card off the deck (of a world where it fits no way)."""
    if window.unknown > 0:
        try:
            check_unseen(seen, card, where)
        except IllegalMove as error:
            return error
    known = len(window.known) + window.pool_take
    unseen = f" and {window.unknown} unseen" if window.unknown else ""
    return IllegalMove(
        rule,
        f"{where}: {card.token()} cannot be the card drawn: the cards off the deck are {known} card"
        f"{'s' if known != 1 else ''} slid under the deck earlier with known faces{unseen}, and it is none of them"
        " (a card slid under the deck comes back with the face entered for it)",
        # the known faces are not named: they were slid under the deck in secret (pax.hidden)
        hint="check the face; the faces entered for the cards under the deck are shown with --reveal",
    )


def _sorted(cards: tuple[Card, ...]) -> tuple[tuple[str, int, int], ...]:
    return tuple(sorted((c.category, c.value, c.symbols) for c in cards))


def _key(world: World) -> tuple[object, ...]:
    """What tells two worlds apart (the order inside a batch is not known, runs of unseen
    cards next to each other are one run)."""
    parts: list[tuple[object, ...]] = []
    for part in world.deck:
        if part.owner:
            parts.append(("@", part.owner, part.unknown, _sorted(part.cards)))
        elif part.unknown and parts and parts[-1][0] == "?":
            parts[-1] = ("?", int(parts[-1][1]) + part.unknown)  # type: ignore[call-overload]
        elif part.unknown:
            parts.append(("?", part.unknown))
        elif part.cards:
            parts.append(("=", _sorted(part.cards)))
    w = world.window
    window = None if w is None else (w.unknown, _sorted(w.known), _sorted(w.pool), w.pool_take)
    held = tuple(_sorted(h) for h in world.held)
    while held and not held[-1]:
        held = held[:-1]
    fresh = tuple(world.fresh)
    while fresh and not fresh[-1]:
        fresh = fresh[:-1]
    return (tuple(parts), window, world.seen, held, fresh)


def distinct(worlds: Iterable[World]) -> tuple[World, ...]:
    """The worlds without repeats, in their order (the first is the one the state shows)."""
    worlds = tuple(worlds)
    if len(worlds) < 2:
        return worlds
    found: dict[tuple[object, ...], World] = {}
    for world in worlds:
        found.setdefault(_key(world), world)
    return tuple(found.values())


def each(worlds: Iterable[World], change: Callable[[World], World]) -> tuple[World, ...]:
    """``change`` made in every world."""
    return distinct(change(world) for world in worlds)


def match(worlds: tuple[World, ...], card: Card, where: str, rule: str = "pax.turn.draw") -> tuple[World, ...]:
    """Take ``card`` out of the cards off the deck, in every world where it can be one of
    them; raises IllegalMove when it fits none.

    This is an exact matching of the faces entered to the cards off the deck, not a greedy
    one: a face that may be a known card coming back or a new card keeps both readings, and
    the later entries (the next face of the same draw, the card found on top of the deck
    later) drop the readings they contradict. A face is refused only when no assignment of
    every face entered so far to known and new cards fits the copies per category, what went
    under the deck and what is still unseen; the refusal is the one of the first world."""
    first = worlds[0].window
    if first is None or first.to_place <= 0:
        raise IllegalMove(rule, f"{where}: no card is waiting to be placed")
    ways = [way for world in worlds if world.window is not None for way in _choices(world, card)]
    if not ways:
        raise _refusal(first, worlds[0].seen, card, where, rule)
    return distinct(ways)


def reveal(worlds: tuple[World, ...], card: Card, where: str) -> tuple[World, ...]:
    """``card`` turned up from among the cards nobody entered (Rome's hidden cards): the
    worlds where its category still has an unseen card; raises when there is none."""
    i = CATEGORIES.index(card.category)
    total = category_total(card.category)
    ok = [replace(w, seen=add_seen(w.seen, card)) for w in worlds if w.seen[i] < total]
    if not ok:
        check_unseen(worlds[0].seen, card, where)
    return distinct(ok)


def settle(state: PaxState, worlds: tuple[World, ...], **changes: Any) -> PaxState:
    """``state`` holding ``worlds`` (the first one in ``deck``, ``window``, ``seen``, the rest
    in ``others``; an empty window is closed) and the other ``changes``, in one copy."""
    closed = each(worlds, lambda w: w if w.window is None or w.window.to_place else replace(w, window=None))
    first = closed[0]
    return replace(
        state, deck=first.deck, window=first.window, seen=first.seen, held=first.held, fresh=first.fresh,
        others=closed[1:], **changes,
    )


# -- faces entered unknown (``pax.hidden``) ---------------------------------------------------
def _seat_add(values: tuple[object, ...], seat: int, value: object, default: object) -> tuple[object, ...]:
    """``values`` (one per seat, maybe short) with seat ``seat`` set to ``value``."""
    items = list(values) + [default] * (seat + 1 - len(values))
    items[seat] = value
    return tuple(items)


def _with_held(world: World, seat: int, held: tuple[Card, ...], fresh: int) -> World:
    """``world`` with seat ``seat``'s unknown hand cards given as ``held`` faces and ``fresh`` unseen ones."""
    return replace(
        world,
        held=_seat_add(world.held, seat, held, ()),  # type: ignore[arg-type]
        fresh=_seat_add(world.fresh, seat, fresh, 0),  # type: ignore[arg-type]
    )


def _unknown_choices(world: World) -> list[tuple[World, Card | None]]:
    """Every way a card entered as ``?`` can be one of the cards off the deck in ``world``:
    each distinct known face of the window or of a partly drawn batch (with what is left),
    or an unseen card (``None``)."""
    window = world.window
    assert window is not None
    ways: list[tuple[World, Card | None]] = []
    for card in sorted(set(window.known) | (set(window.pool) if window.pool_take else set())):
        ways += [(way, card) for way in _choices(world, card) if way.seen == world.seen]
    if window.unknown > 0:
        ways.append((replace(world, window=Window(window.unknown - 1, window.known, window.pool, window.pool_take)), None))
    return ways


def place_unknown(
    worlds: tuple[World, ...], where: str, seat: int, dest: str, owner: str, rule: str = "pax.turn.draw"
) -> tuple[World, ...]:
    """A card off the deck entered as ``?`` and put in seat ``seat``'s hand (``dest`` ``hand``)
    or under the deck (``deck``; marked with ``owner`` so that it can be named later). In each
    world it may be any card that can be off the deck; every such reading is kept."""
    first = worlds[0].window
    if first is None or first.to_place <= 0:
        raise IllegalMove(rule, f"{where}: no card is waiting to be placed")
    result: list[World] = []
    for world in worlds:
        if world.window is None:
            continue
        for way, card in _unknown_choices(world):
            if dest == "hand":
                if card is None:
                    way = _with_held(way, seat, way.held_of(seat), way.fresh_of(seat) + 1)
                else:
                    way = _with_held(way, seat, way.held_of(seat) + (card,), way.fresh_of(seat))
            elif card is None:
                way = replace(way, deck=put_bottom(way.deck, (), 1, owner))
            else:
                way = replace(way, deck=put_bottom(way.deck, (card,), 0, owner))
            result.append(way)
    return distinct(result)


def unknown_hand(player: str, card: Card, total_unknown: int, worlds: tuple[World, ...], seat: int, where: str, rule: str) -> tuple[World, ...]:
    """``card`` shown (played, or named) from among ``player``'s cards in hand entered as
    ``?``: in each world it is one of the known faces that world gives them, or an unseen
    card whose category still has a copy left (``pax.hidden.hand``, ``pax.data.cards``)."""
    if total_unknown <= 0:
        raise IllegalMove(
            rule,
            f"{where}: {player} holds no card entered unknown, and no {card.token()} in hand",
            hint=f"{player} holds only the cards entered for that hand; check the face",
        )
    i = CATEGORIES.index(card.category)
    total = category_total(card.category)
    ways: list[World] = []
    for world in worlds:
        held = list(world.held_of(seat))
        if card in held:
            held.remove(card)
            ways.append(_with_held(world, seat, tuple(held), world.fresh_of(seat)))
        if world.fresh_of(seat) > 0 and world.seen[i] < total:
            ways.append(replace(_with_held(world, seat, world.held_of(seat), world.fresh_of(seat) - 1), seen=add_seen(world.seen, card)))
    if not ways:
        raise IllegalMove(
            rule,
            f"{where}: {card.token()} cannot be one of {player}'s {total_unknown} card{'s' if total_unknown != 1 else ''}"
            f" entered unknown: all {total} {card.category} cards are already accounted for (in play, in Rome,"
            " in hands or known under the deck), and none of those cards can be it",
            hint="check the face; an earlier entry may have a wrong category",
        )
    return distinct(ways)


def owned_parts(deck: tuple[DeckPart, ...], owner: str) -> list[int]:
    """Where in ``deck`` the cards ``owner`` slid under entered as ``?`` lie, oldest first."""
    return [i for i, part in enumerate(deck) if part.owner == owner]


def name_deck(worlds: tuple[World, ...], owner: str, card: Card | None, where: str, rule: str) -> tuple[World, ...]:
    """The oldest card ``owner`` slid under the deck entered as ``?`` (and still there) named
    as ``card`` (``pax.hidden.name``): in each world it is either an unseen card (then its
    category must still have a copy left) or the known card it was there. ``None`` only
    checks that such a card exists (the public form of the entry)."""
    if not owned_parts(worlds[0].deck, owner):
        raise IllegalMove(
            rule,
            f"{where}: no card {owner} slid under the deck entered as ? is still in the deck",
            hint="name a card while it is still under the deck; once drawn again it is named by the draw",
        )
    if card is None:
        return worlds
    i = CATEGORIES.index(card.category)
    total = category_total(card.category)
    ways: list[World] = []
    for world in worlds:
        at = owned_parts(world.deck, owner)[0]
        part = world.deck[at]
        deck = list(world.deck)
        if part.unknown:
            if world.seen[i] >= total:
                continue
            deck[at] = DeckPart(cards=(card,))
            ways.append(replace(world, deck=tuple(deck), seen=add_seen(world.seen, card)))
        elif part.cards == (card,):
            deck[at] = DeckPart(cards=(card,))
            ways.append(replace(world, deck=tuple(deck)))
    if not ways:
        raise IllegalMove(
            rule,
            f"{where}: {card.token()} cannot be the card {owner} slid under the deck: all {total} {card.category} cards"
            " are already accounted for (in play, in Rome, in hands or known under the deck), and the card could"
            " not have been a known one of that face",
            hint="check the face; an earlier entry may have a wrong category",
        )
    return distinct(ways)
