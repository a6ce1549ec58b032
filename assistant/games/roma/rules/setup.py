"""The set-up (roma.setup): the dealt hands, the swap of 2 cards, the start player and the 4
cards laid face down; the first turn's Phase 1 follows the last placement at once.

Hidden cards (roma.hidden.setup): the dealt and given cards may be typed as unknown (``?``).
Each player knows their 4 dealt cards, so also the 2 they gave; after the lay-out every one of
the 8 cards lies face up and both players know which 2 the other kept, so nothing of the set-up
stays secret from the players, and the lay-out is where the typed cards are checked: each
player's 4 cards must be 2 of their dealt cards (not the given ones) and the 2 received.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import NoReturn

from assistant.core.errors import IllegalMove
from assistant.games.roma.board import placing_player, setup_hint
from assistant.games.roma.components import CARDS
from assistant.games.roma.moves import UNKNOWN, Give, Hand, Place, Start
from assistant.games.roma.rules.ledger import finish
from assistant.games.roma.rules.refusals import (
    accounted,
    need_disc,
    need_in_hand,
    need_possible,
)
from assistant.games.roma.rules.turn import phase_one
from assistant.games.roma.state import (
    HAND_SIZE,
    SWAP_SIZE,
    RomaState,
    evolve,
    with_item,
)


def check_start(state: RomaState, move: Start) -> None:
    """Who starts, named once (the younger player)."""
    if state.starter is not None:
        raise IllegalMove("roma.setup.start", f"{state.seats[state.starter]} was already named start player", hint=setup_hint(state))


def check_hand(state: RomaState, move: Hand) -> None:
    """A player's 4 dealt cards, entered once, each one the deck can still hold."""
    i = state.index(move.player)
    name = move.player
    if state.dealt[i]:
        raise IllegalMove("roma.setup.hands", f"{name}'s 4 cards were already entered", hint=setup_hint(state))
    if len(move.cards) != HAND_SIZE:
        raise IllegalMove("roma.setup.hands", f"{name} is dealt 4 cards, not {len(move.cards)}", hint="hand NAME card card card card")
    need_possible(state, move.cards, f"dealt to {name}")


def check_give(state: RomaState, move: Give) -> None:
    """The swap: after both hands, 2 of the player's own cards, once."""
    i = state.index(move.player)
    name = move.player
    if not (state.dealt[0] and state.dealt[1]):
        raise IllegalMove("roma.setup.swap", "both players' 4 cards are entered before the swap", hint="hand NAME card card card card")
    if state.swapped or state.given[i] is not None:
        raise IllegalMove("roma.setup.swap", f"{name} has already given 2 cards", hint=setup_hint(state))
    if len(move.cards) != SWAP_SIZE:
        raise IllegalMove("roma.setup.swap", f"{name} gives exactly 2 cards, not {len(move.cards)}", hint=f"give {name} card card")
    need_in_hand(state, i, move.cards, "roma.setup.swap", hidden_rule="roma.deck")


def check_place(state: RomaState, move: Place) -> None:
    """The lay-out: after the swap and the start player, the start player first, exactly the
    4 cards in hand, one per disc."""
    i = state.index(move.player)
    name = move.player
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
    if UNKNOWN in hand:
        _check_layout(state, i, tuple(c for c, _ in move.placements))
    elif Counter(c for c, _ in move.placements) != Counter(hand):
        raise IllegalMove(
            "roma.setup.place",
            f"{name} lays out exactly the 4 cards in hand: {', '.join(hand)}",
            hint=f"place {name} " + " ".join(f"{c} {d}" for d, c in enumerate(hand, 1)),
        )
    _check_discs(state, move)


def _check_discs(state: RomaState, move: Place) -> None:
    """One card per disc, each disc one the table has."""
    name = move.player
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


def refuse_unfinished(state: RomaState) -> NoReturn:
    """An entry of the turns while the set-up goes on."""
    raise IllegalMove("roma.setup", f"the set-up is not finished: {setup_hint(state)}", hint=setup_hint(state))


def _known(cards: tuple[str, ...]) -> Counter[str]:
    return Counter(c for c in cards if c != UNKNOWN)


def layout_fits(state: RomaState, laid: dict[int, tuple[str, ...]]) -> bool:
    """Whether the lay-outs ``laid`` (player -> 4 cards) fit what was typed of the deal and
    the gifts: for each player laying out, some 2 of the cards came from the other player's
    gift and the other 2 are kept dealt cards; every card typed as dealt is kept or given,
    every card typed as given is given; and no card has more copies than the box holds."""
    dealt = [_known(state.deals[i]) | _known(state.gifts[i]) for i in (0, 1)]  # a gift was dealt
    given = [_known(state.gifts[i]) for i in (0, 1)]
    splits = {i: sorted({tuple(sorted(pair)) for pair in combinations(cards, 2)}) for i, cards in laid.items()}
    players = sorted(splits)
    for choice in product(*(splits[i] for i in players)):
        gift: dict[int, Counter[str]] = {}  # what each player gave, as far as the lay-outs say
        kept: dict[int, Counter[str]] = {}
        for i, pair in zip(players, choice):
            gift[1 - i] = Counter(pair)
            kept[i] = Counter(laid[i]) - Counter(pair)
        needed: Counter[str] = Counter()  # cards not laid out yet that must exist
        fits = True
        for i in (0, 1):
            k, g = kept.get(i), gift.get(i)
            if k is not None and g is not None:
                fits = fits and dealt[i] <= k + g and given[i] <= g
            elif k is not None:
                more = given[i] | (dealt[i] - k)
                fits = fits and more.total() <= 2
                needed += more
            elif g is not None:
                more = dealt[i] - g
                fits = fits and given[i] <= g and more.total() <= 2
                needed += more
            else:
                needed += dealt[i]
        total = needed + sum((Counter(cards) for cards in laid.values()), Counter())
        if fits and all(n <= CARDS[c].copies for c, n in total.items()):
            return True
    return False


def _check_layout(state: RomaState, i: int, cards: tuple[str, ...]) -> None:
    """A lay-out from a hand holding unknown cards (roma.hidden.setup): the faces must fit the
    typed deal and gifts, and the box."""
    name = state.seats[i]
    other = state.boards[1 - i]
    on_table = Counter(c for c in other if c is not None) + Counter(cards)
    for card, n in on_table.items():
        if n > CARDS[card].copies:
            raise IllegalMove(
                "roma.hidden.setup",
                f"{name} cannot lay out {'a ' if cards.count(card) == 1 else f'{cards.count(card)} × '}{card}: "
                + accounted(state, card),
                hint="check the card's name",
            )
    laid = {i: cards}
    if state.placed[1 - i]:
        laid[1 - i] = tuple(c for c in other if c is not None)
    if not layout_fits(state, laid):
        raise IllegalMove(
            "roma.hidden.setup",
            f"{name}'s 4 cards do not fit what was typed of the set-up: the 2 {name} kept of the 4 dealt "
            f"and the 2 {state.seats[1 - i]} gave",
            hint="'state --reveal' shows the typed cards",
        )


def _after_gift(hand: tuple[str, ...], gift: tuple[str, ...]) -> tuple[str, ...]:
    """The hand left after a gift: the named cards taken out; when an unknown card is given,
    which cards were kept is not known, so all the cards left are unknown (the typed deal and
    gift are kept in ``deals``/``gifts`` and checked at the lay-out)."""
    if UNKNOWN in gift:
        return (UNKNOWN,) * (len(hand) - len(gift))
    rest = list(hand)
    for card in gift:
        rest.remove(card if card in rest else UNKNOWN)
    return tuple(rest)


def apply_start(state: RomaState, move: Start) -> RomaState:
    """The start player is named."""
    return evolve(state, starter=state.index(move.player))


def apply_hand(state: RomaState, move: Hand) -> RomaState:
    """The dealt cards go to the hand (and are kept as typed, for the lay-out's check)."""
    i = state.index(move.player)
    return evolve(
        state,
        dealt=with_item(state.dealt, i, True),
        deals=with_item(state.deals, i, tuple(move.cards)),
        hands=with_item(state.hands, i, tuple(move.cards)),
        draw=state.draw - len(move.cards),
    )


def apply_give(state: RomaState, move: Give) -> RomaState:
    """The 2 cards wait for the other player's; the second gift makes the swap."""
    i = state.index(move.player)
    hands = with_item(state.hands, i, _after_gift(state.hands[i], move.cards))
    given = with_item(state.given, i, tuple(move.cards))
    gifts = with_item(state.gifts, i, tuple(move.cards))
    if given[0] is not None and given[1] is not None:
        hands = (hands[0] + given[1], hands[1] + given[0])
        return evolve(state, hands=hands, given=(None, None), gifts=gifts, swapped=True)
    return evolve(state, hands=hands, given=given, gifts=gifts)


def apply_place(state: RomaState, move: Place) -> RomaState:
    """The 4 cards go onto the discs; the second lay-out starts turn 1 with its Phase 1."""
    i = state.index(move.player)
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
        state = evolve(state, active=state.starter, turn=1, deals=((), ()), gifts=((), ()))
        state = finish(phase_one(state))
    return state
