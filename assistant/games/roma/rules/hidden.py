"""Naming later a hand card entered as unknown (roma.hidden.named): ``holds Ann Legat`` says
that one of Ann's unknown cards (``?``) is a Legat. It is checked against everything known (Ann
holds that many unknown cards; a copy of the card is still unaccounted for) and changes nothing
public: the hand keeps its size, and the report does not name the card."""

from __future__ import annotations

from collections import Counter

from assistant.core.errors import IllegalMove
from assistant.games.roma.moves import UNKNOWN, Holds
from assistant.games.roma.rules.ledger import say
from assistant.games.roma.rules.refusals import accounted
from assistant.games.roma.state import RomaState, evolve, with_item

RULE = "roma.hidden.named"


def check_holds(state: RomaState, move: Holds) -> None:
    """The player holds at least as many unknown cards as are named, and every named card
    can still be one of them."""
    i = state.index(move.player)
    name = move.player
    if state.in_setup:
        raise IllegalMove(
            RULE,
            "the set-up cards are named when they are laid out (place), not with 'holds'",
            hint="place NAME card disc card disc card disc card disc",
        )
    unknown = state.unknown_in_hand(i)
    if len(move.cards) > unknown:
        raise IllegalMove(
            RULE,
            f"{name} holds {unknown} unknown card{'s' if unknown != 1 else ''}, so {len(move.cards)} cannot be named",
            hint=f"holds {name} " + " ".join(["CARD"] * unknown) if unknown else "nothing of this hand is unknown",
        )
    for card, n in Counter(c for c in move.cards if c != UNKNOWN).items():
        if state.unseen(card) < n:
            raise IllegalMove(
                RULE,
                f"{name}'s unknown card{'s' if n > 1 else ''} cannot be {'a ' if n == 1 else f'{n} × '}{card}: {accounted(state, card)}",
                hint="check the card's name",
            )


def apply_holds(state: RomaState, move: Holds) -> RomaState:
    """The named cards replace as many unknown cards of the hand (``?`` names nothing)."""
    i = state.index(move.player)
    hand = list(state.hands[i])
    named = [c for c in move.cards if c != UNKNOWN]
    for card in named:
        hand.remove(UNKNOWN)
        hand.append(card)
    n = len(move.cards)
    state = say(state, f"{move.player} names {n} hidden card{'s' if n != 1 else ''} (shown with reveal only)")
    return evolve(state, hands=with_item(state.hands, i, tuple(sorted(hand)))) if named else state
