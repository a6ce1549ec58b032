"""The set-up (roma.setup): the dealt hands, the swap of 2 cards, the start player and the 4
cards laid face down; the first turn's Phase 1 follows the last placement at once."""

from __future__ import annotations

from collections import Counter

from assistant.core.errors import IllegalMove
from assistant.games.roma.board import placing_player, setup_hint
from assistant.games.roma.moves import Give, Hand, Place, RomaMove, Start
from assistant.games.roma.rules.ledger import finish
from assistant.games.roma.rules.refusals import need_disc, need_in_hand, need_possible
from assistant.games.roma.rules.turn import phase_one
from assistant.games.roma.state import HAND_SIZE, SWAP_SIZE, RomaState, evolve, with_item, without


def check_setup(state: RomaState, move: RomaMove) -> None:
    """A set-up entry in its order: both hands, the swap, the start player, then the
    placements (the start player's first), each card possible and held."""
    i = state.index(move.player)
    name = move.player
    if isinstance(move, Start):
        if state.starter is not None:
            raise IllegalMove("roma.setup.start", f"{state.seats[state.starter]} was already named start player", hint=setup_hint(state))
        return
    if isinstance(move, Hand):
        if state.dealt[i]:
            raise IllegalMove("roma.setup.hands", f"{name}'s 4 cards were already entered", hint=setup_hint(state))
        if len(move.cards) != HAND_SIZE:
            raise IllegalMove("roma.setup.hands", f"{name} is dealt 4 cards, not {len(move.cards)}", hint="hand NAME card card card card")
        need_possible(state, move.cards, f"dealt to {name}")
        return
    if isinstance(move, Give):
        if not (state.dealt[0] and state.dealt[1]):
            raise IllegalMove("roma.setup.swap", "both players' 4 cards are entered before the swap", hint="hand NAME card card card card")
        if state.swapped or state.given[i] is not None:
            raise IllegalMove("roma.setup.swap", f"{name} has already given 2 cards", hint=setup_hint(state))
        if len(move.cards) != SWAP_SIZE:
            raise IllegalMove("roma.setup.swap", f"{name} gives exactly 2 cards, not {len(move.cards)}", hint=f"give {name} card card")
        need_in_hand(state, i, move.cards, "roma.setup.swap")
        return
    if isinstance(move, Place):
        if not state.swapped:
            raise IllegalMove("roma.setup.place", "the cards are laid out after both players gave 2 cards", hint="give NAME card card")
        if state.starter is None:
            raise IllegalMove("roma.setup.place", "say first who starts (the younger player)", hint="start NAME")
        expected = placing_player(state)
        if state.placed[i]:
            raise IllegalMove("roma.setup.place", f"{name} has already laid out their 4 cards", hint=f"place {expected} ...")
        if name != expected:
            raise IllegalMove(
                "roma.setup.place", f"{expected} is the start player and lays out first, not {name}", hint=f"place {expected} ..."
            )
        hand = state.hands[i]
        if Counter(c for c, _ in move.placements) != Counter(hand):
            raise IllegalMove(
                "roma.setup.place",
                f"{name} lays out exactly the 4 cards in hand: {', '.join(hand)}",
                hint=f"place {name} " + " ".join(f"{c} {d}" for d, c in enumerate(hand, 1)),
            )
        discs = [d for _, d in move.placements]
        if len(set(discs)) != len(discs):
            free = [d for d in range(1, state.discs + 1) if d not in discs]
            fixed, seen_discs = [], set()
            for c, d in move.placements:
                if d in seen_discs or not 1 <= d <= state.discs:
                    d = free.pop(0)
                seen_discs.add(d)
                fixed.append(f"{c} {d}")
            raise IllegalMove(
                "roma.setup.place",
                f"{name} may lay only one card per disc, and disc {next(d for d in discs if discs.count(d) > 1)} is named twice",
                hint=f"place {name} " + " ".join(fixed),
            )
        for d in discs:
            need_disc(state, d, "roma.setup.place")
        return
    raise IllegalMove("roma.setup", f"the set-up is not finished: {setup_hint(state)}", hint=setup_hint(state))


def apply_setup(state: RomaState, move: RomaMove) -> RomaState:
    """Record a set-up entry; the second placement starts turn 1 with its Phase 1."""
    if isinstance(move, Start):
        return evolve(state, starter=state.index(move.player))
    i = state.index(move.player)
    if isinstance(move, Hand):
        return evolve(
            state,
            dealt=with_item(state.dealt, i, True),
            hands=with_item(state.hands, i, tuple(move.cards)),
            draw=state.draw - len(move.cards),
        )
    if isinstance(move, Give):
        hands = with_item(state.hands, i, without(state.hands[i], move.cards))
        given = with_item(state.given, i, tuple(move.cards))
        if given[0] is not None and given[1] is not None:
            hands = (hands[0] + given[1], hands[1] + given[0])
            return evolve(state, hands=hands, given=(None, None), swapped=True)
        return evolve(state, hands=hands, given=given)
    assert isinstance(move, Place)
    board = [None] * state.discs
    for card, disc in move.placements:
        board[disc - 1] = card  # type: ignore[call-overload]
    state = evolve(
        state,
        boards=with_item(state.boards, i, tuple(board)),
        hands=with_item(state.hands, i, ()),
        placed=with_item(state.placed, i, True),
    )
    if state.placed[0] and state.placed[1]:
        assert state.starter is not None
        state = evolve(state, active=state.starter, turn=1)
        state = finish(phase_one(state))
    return state
