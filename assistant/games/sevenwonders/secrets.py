"""The game as the whole table knows it (``7w.secrets``): :func:`public_state` forgets every
face the rules keep secret, so that what the shared screen lists (the legal entries grouped by
:func:`view.legal_summary`) is the same as in the game's public replay, where each secret entry
was replayed in its public form.

Secret faces: leader hands and the draft's hands and keeps (``hand``, ``offer``, ``kept``),
leaders tucked or sold face down (``named_leaders`` beyond the recruited ones, ``boxed``), Age
cards sold or tucked with their name (:attr:`SWState.secret_named`, the named discard-pile
cards among them), the names of sales and markers chosen this turn and not yet revealed, and
the sealed choices (``7w.secrets.sealed``), of which the table knows only that they are made.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from assistant.games.sevenwonders import deck
from assistant.games.sevenwonders.moves import Chose, Keep, Sell, Stage
from assistant.games.sevenwonders.state import City, SWState


def public_city(city: City) -> City:
    """A city with its secret faces forgotten (their counts kept)."""
    return replace(
        city,
        hand=None,
        offer=(),
        kept=(),
        named_leaders=tuple(name for name in city.named_leaders if name in city.leaders),
        boxed=(),
    )


def public_choice(choice: Any) -> Any:
    """A pending choice as its public form reads: a sale or a marker unnamed, a keep unsaid."""
    if isinstance(choice, (Sell, Stage)) and choice.card is not None:
        return replace(choice, card=None)
    if isinstance(choice, Keep) and choice.leader is not None:
        return Keep(choice.player, None)
    return choice


def public_state(state: SWState) -> SWState:
    """``state`` with every secret face forgotten: what the public replay of the game knows."""
    pile, unknown = deck.public_pile(state)
    named = tuple(tuple(deck.public_named(state, age)) for age in (1, 2, 3))
    return replace(
        state,
        cities=tuple(public_city(c) for c in state.cities),
        choices=tuple(Chose(p) if p in state.sealed else public_choice(c) for p, c in zip(state.seats, state.choices)),
        named=(named[0], named[1], named[2]),
        pile=tuple(pile),
        pile_unknown=(unknown[0], unknown[1], unknown[2]),
        secret_named=(),
    )
