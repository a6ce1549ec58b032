"""Naming a face entered earlier as ``?`` (``pax.hidden.name``): one of a player's unknown
hand cards, or the oldest card a player slid under the deck as ``?`` that is still there.
The face is checked against everything known (copies per category, what the cards off the
deck could have been) and nothing public changes: the hand keeps its size, the deck its
order. ``check_name`` judges (raises :class:`IllegalMove`), ``apply_name`` returns the new state.
"""

from __future__ import annotations

from dataclasses import replace

from assistant.core.errors import IllegalMove
from assistant.games.pax.deck import name_deck, settle, unknown_hand
from assistant.games.pax.moves import Name
from assistant.games.pax.state import HAND, PaxState, World

NAME_RULE = "pax.hidden.name"


def _named(state: PaxState, move: Name) -> tuple[World, ...]:
    """The worlds once the face is named; raises when it cannot be."""
    index = state.seats.index(move.player)
    player = state.players[index]
    if move.where == HAND:
        if player.unknown <= 0:
            raise IllegalMove(
                NAME_RULE,
                f"{move.player} holds no card entered unknown, so there is none to name",
                hint="a card entered as ? into a hand (keep ?, draw ? hand) can be named later",
            )
        if move.card is None:
            return state.worlds
        return unknown_hand(move.player, move.card, player.unknown, state.worlds, index, f"{move.player}'s card in hand", NAME_RULE)
    return name_deck(state.worlds, move.player, move.card, f"{move.player}'s card under the deck", NAME_RULE)


def check_name(state: PaxState, move: Name) -> None:
    """Judge a naming: there is such a card entered unknown, and the face fits every reading."""
    _named(state, move)


def apply_name(state: PaxState, move: Name) -> PaxState:
    """The face is recorded (the hand card is now entered; the deck card is known under the
    deck); nothing public changes. The public form (``Ann hand was ?``) records nothing but
    says the same to the table, so that the views replayed from the public record are the
    table's views of the game (``pax.hidden``)."""
    worlds = _named(state, move)
    said = (f"{move.player} names a card entered unknown (checked)",)
    if move.card is None:
        return replace(state, events=said)
    players = state.players
    if move.where == HAND:
        index = state.seats.index(move.player)
        player = state.players[index]
        players = state.with_player(index, replace(player, hand=player.hand + (move.card,), unknown=player.unknown - 1))
    return settle(state, worlds, players=players, events=said)
