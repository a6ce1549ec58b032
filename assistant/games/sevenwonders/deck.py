"""What the Age decks still hold, as far as the table has told us (``7w.setup.decks``).

Hands are never entered. Every Age card a player names (built, sold or tucked with its name,
or taken from the unknown part of the discard pile) uses up one copy of that Age's deck for
this player count; a card that has no copy left, or that is not in the deck at all, cannot
have been chosen. The Age III deck holds players + 2 guilds drawn from the guild pool: no more
distinct guilds than that can appear, and each guild exists once.
"""

from __future__ import annotations

from collections import Counter

from assistant.games.sevenwonders import components
from assistant.games.sevenwonders.state import SWState


def age_card(name: str, age: int) -> components.Card | None:
    """The Age ``age`` version of a card name, or ``None`` when it is not an Age ``age`` card."""
    for c in components.card_versions(name):
        if c.age == age:
            return c
    return None


def in_pool(state: SWState, card: components.Card) -> bool:
    """A guild that can be in this game's pool (the Leaders guilds only with Leaders)."""
    return state.leaders_on or not card.requires_leaders


def copies_left(state: SWState, name: str, age: int, pending: bool = True, public: bool = False) -> int:
    """Copies of ``name`` in the Age ``age`` deck not yet accounted for (pending choices of
    the current turn included when ``pending``; ``public``: as the whole table knows, the
    cards sold or tucked face down with their name left out, :func:`public_named`)."""
    card = age_card(name, age)
    if card is None:
        return 0
    used = Counter(public_named(state, age) if public else state.named[age - 1])
    if pending and state.phase == "turn" and state.age == age:
        for move in state.choices:
            named = getattr(move, "card", None)
            if public and type(move).__name__ != "Build":
                continue  # a sale or a marker named by its player only
            if move is not None and named:
                used[named] += 1
    if card.guild:
        if not in_pool(state, card) or used[name]:
            return 0
        guilds_named = {n for n in used if components.card(n).guild}
        return 1 if len(guilds_named) < components.guild_count(state.n) else 0
    return card.copies(state.n) - used[name]


def age_names(state: SWState, age: int) -> list[str]:
    """Every card name of the Age ``age`` deck that still has a copy unaccounted for."""
    names: list[str] = []
    for c in components.cards():
        if c.age == age and c.name not in names and copies_left(state, c.name, age) > 0:
            names.append(c.name)
    return names


def public_age_names(state: SWState, age: int) -> list[str]:
    """:func:`age_names` as the whole table knows the deck (``7w.secrets``): a card sold or
    tucked face down with its name does not use up a copy here, so the completion words of a
    turn tell nothing of it."""
    names: list[str] = []
    for c in components.cards():
        if c.age == age and c.name not in names and copies_left(state, c.name, age, public=True) > 0:
            names.append(c.name)
    return names


def pile_sources(state: SWState, name: str) -> list[tuple[int, bool]]:
    """Where a card called ``name`` could be taken from in the discard pile:
    ``(age, known)`` pairs — ``known`` True for a named card in the pile, False for one of the
    pile's unnamed cards that can still be that card (its Age deck has a copy unaccounted)."""
    found: list[tuple[int, bool]] = []
    for age, pile_name in state.pile:
        if pile_name == name and (age, True) not in found:
            found.append((age, True))
    for age in (1, 2, 3):
        if state.pile_unknown[age - 1] > 0 and copies_left(state, name, age, pending=False) > 0:
            found.append((age, False))
    return found


def pile_candidates(state: SWState) -> list[str]:
    """Card names that may be in the discard pile now (named ones first)."""
    names: list[str] = []
    for _, name in state.pile:
        if name not in names:
            names.append(name)
    for age in (1, 2, 3):
        if state.pile_unknown[age - 1] > 0:
            for name in age_names(state, age):
                if name not in names and copies_left(state, name, age, pending=False) > 0:
                    names.append(name)
    return names


# -- what the whole table knows (7w.secrets) ---------------------------------------------------
def public_named(state: SWState, age: int) -> list[str]:
    """The Age ``age`` cards named so far as the whole table saw them: the names of cards sold
    or tucked face down (:attr:`SWState.secret_named`) left out."""
    names = list(state.named[age - 1])
    for secret_age, name in state.secret_named:
        if secret_age == age and name in names:
            names.remove(name)
    return names


def public_pile(state: SWState) -> tuple[list[tuple[int, str]], list[int]]:
    """The discard pile as the whole table knows it: its cards named in the open (a
    correction) and how many of each Age lie there face down (unnamed, or named only by the
    secret entry that sold them)."""
    secret = list(state.secret_named)
    named: list[tuple[int, str]] = []
    unknown = list(state.pile_unknown)
    for age, name in state.pile:
        if (age, name) in secret:
            secret.remove((age, name))
            unknown[age - 1] += 1
        else:
            named.append((age, name))
    return named, unknown


def public_pile_candidates(state: SWState) -> list[str]:
    """Card names that may be in the discard pile as far as the whole table knows: what a
    build from the pile is offered on, the same in every viewer's replay (a face sold down is
    not told by whether Halikarnassos or Solomon has something to take)."""
    named, unknown = public_pile(state)
    names: list[str] = []
    for _, name in named:
        if name not in names:
            names.append(name)
    for age in (1, 2, 3):
        if unknown[age - 1] > 0:
            for c in components.cards():
                if c.age == age and c.name not in names and copies_left(state, c.name, age, pending=False, public=True) > 0:
                    names.append(c.name)
    return names
