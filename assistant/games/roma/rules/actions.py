"""The plain actions of Phase 3 (roma.actions): lay a card paying its cost, take money, take
cards (with the reshuffle of the discard pile when the draw pile runs out, A15)."""

from __future__ import annotations

from collections import Counter

from assistant.core.errors import IllegalMove
from assistant.games.roma.board import sestertii
from assistant.games.roma.components import CARDS
from assistant.games.roma.moves import UNKNOWN, Lay, Money, TakeCards
from assistant.games.roma.rules.ledger import say
from assistant.games.roma.rules.refusals import need_die, need_disc, need_in_hand, need_possible, turn_hint
from assistant.games.roma.state import RomaState, evolve, from_hand, pile_fields, remove_die, with_item


def check_lay(state: RomaState, move: Lay) -> None:
    """A lay: the card in hand, the disc on the board, its cost in the player's money."""
    me = state.active
    need_in_hand(state, me, (move.card,), "roma.actions.lay")
    need_disc(state, move.disc, "roma.actions.lay")
    cost = CARDS[move.card].cost
    if state.money[me] < cost:
        # with no die left there is no money to take this turn: the way on is 'end'
        hint = "take money first (money N)" if state.dice else f"no die left for money: 'end' ends {state.player}'s turn"
        raise IllegalMove(
            "roma.actions.lay",
            f"{state.player} cannot lay {move.card}: it costs {sestertii(cost)} and {state.player} has {state.money[me]}",
            hint=hint,
        )


def check_money(state: RomaState, move: Money) -> None:
    """Money: the die must be one of the unused dice."""
    need_die(state, move.die, "take money")


def apply_lay(state: RomaState, move: Lay) -> RomaState:
    """The card goes from hand onto the disc, its cost is paid; a covered card is discarded."""
    me = state.active
    board = state.boards[me]
    covered = board[move.disc - 1]
    state = evolve(
        state,
        hands=with_item(state.hands, me, from_hand(state.hands[me], (move.card,))),
        money=with_item(state.money, me, state.money[me] - CARDS[move.card].cost),
        boards=with_item(state.boards, me, with_item(board, move.disc - 1, move.card)),
    )
    if covered is not None:
        state = evolve(state, discard=state.discard + (covered,))
        state = say(state, f"{covered} on {state.player}'s disc {move.disc} is covered and goes to the discard pile")
    return state


def apply_money(state: RomaState, move: Money) -> RomaState:
    """The die is used and its value paid in sestertii."""
    me = state.active
    assert state.dice is not None
    return evolve(
        state,
        dice=remove_die(state.dice, move.die),
        money=with_item(state.money, me, state.money[me] + move.die),
    )


def check_cards(state: RomaState, move: TakeCards) -> None:
    """Taking cards: an unused die, something left to draw, at most ``drawn - 1`` named
    discards, and the named cards possible (every copy not already seen, A15's reshuffle included)."""
    need_die(state, move.die, "take cards")
    available = state.draw + len(state.discard) + state.unknown_discards
    drawn = min(move.die, available)
    if drawn == 0:
        raise IllegalMove(
            "roma.actions.cards",
            f"{state.player} cannot take cards: the draw pile and the discard pile are both empty",
            hint=turn_hint(state),
        )
    if len(move.discards) > drawn - 1:
        raise IllegalMove(
            "roma.actions.cards",
            f"{state.player} draws {drawn} and keeps 1, so at most {drawn - 1} cards are discarded, not {len(move.discards)}",
            hint=f"cards {move.die} keep {move.keep}" + (" discard " + " ".join(move.discards[: drawn - 1]) if drawn > 1 else ""),
        )
    # A15: when the draw pile runs out in the middle, the discard pile is shuffled into a new one.
    reshuffled = Counter(state.discard) if move.die > state.draw else Counter()
    need_possible(state, (move.keep, *move.discards), "drawn now", extra=reshuffled)


def apply_cards(state: RomaState, move: TakeCards) -> RomaState:
    """Draw ``die`` cards (reshuffling the discard pile when the draw pile runs out), keep
    one, discard the rest (named or not)."""
    me = state.active
    dice = remove_die(state.dice or (), move.die)
    draw, pile = state.draw, state.discard_pile()
    wanted = move.die
    drawn = min(wanted, draw)
    draw -= drawn
    reshuffled = ""
    if drawn < wanted and pile:
        draw = len(pile)
        reshuffled = f"the draw pile ran out: the discard pile ({draw} cards) is shuffled into a new draw pile"
        pile = ()
        more = min(wanted - drawn, draw)
        draw -= more
        drawn += more
    # the named discards, then the unnamed ones, go on top of the pile (issue 23, D29: the
    # pile keeps the order of discarding)
    pile += tuple(move.discards) + (UNKNOWN,) * (drawn - 1 - len(move.discards))
    state = evolve(
        state,
        dice=dice,
        draw=draw,
        hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.keep,)))),
        **pile_fields(pile),
    )
    if reshuffled:
        state = say(state, reshuffled)
    if drawn < wanted:
        state = say(state, f"only {drawn} card{'s' if drawn != 1 else ''} could be drawn")
    return state
