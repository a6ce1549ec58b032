"""The refusals several Roma rules share: a card that cannot come from the deck, a card not in
hand, a disc that does not exist, a die not rolled, a player not in the game or not active,
and the hint of what the active player may do instead. Each raises :class:`IllegalMove` with
the rule id of ``data/roma/rules.md``."""

from __future__ import annotations

from collections import Counter

from assistant.core import wording
from assistant.core.errors import IllegalMove
from assistant.games.roma.board import BRIBE_DISC, die_text
from assistant.games.roma.components import CARDS
from assistant.games.roma.legal import activatable
from assistant.games.roma.moves import UNKNOWN, RomaMove
from assistant.games.roma.state import RomaState


def turn_hint(state: RomaState) -> str:
    """What the active player may enter now, for the hints of refusals."""
    if state.battle is not None:
        return "battle N"
    if state.dice is None:
        return f"{state.player}: roll A B C"
    if not state.dice:
        return f"{state.player}: no dice left; lay a card (no die needed) or 'end'"
    usable = activatable(state)
    cards = f"; activate: {', '.join(usable)}" if usable else ""
    return f"{state.player}: dice left {die_text(state.dice)}{cards}; or lay, money, cards, end"


def need_seat(state: RomaState, move: RomaMove) -> None:
    """Refuse an entry naming somebody who does not play (rule roma.turn)."""
    if move.player not in state.seats:
        raise IllegalMove("roma.turn", f"'{move.player}' does not play in this game", hint="players: " + ", ".join(state.seats))


def need_turn(state: RomaState, move: RomaMove) -> None:
    """Refuse a turn's entry by the player who is not active (rule roma.turn)."""
    if move.player != state.player:
        raise IllegalMove("roma.turn", f"it is {state.player}'s turn, not {move.player}'s", hint=turn_hint(state))


def need_possible(state: RomaState, cards: tuple[str, ...] | list[str], where: str, extra: Counter[str] | None = None) -> None:
    """Refuse cards that cannot come from the draw pile: every copy is already seen
    (``extra``: seen cards that are back in the draw pile, the discard pile of a reshuffle)."""
    for name in dict.fromkeys(cards):
        if name == UNKNOWN:
            continue
        n = cards.count(name)
        copies = CARDS[name].copies
        seen_here = state.seen_count(name) - (extra[name] if extra else 0)
        if n > copies - seen_here:
            what = wording.a(name) if n == 1 else f"{n} × {name}"
            raise IllegalMove(
                "roma.deck",
                f"{what} cannot be {where}: the deck has {'only ' if seen_here == 0 else ''}{copies}"
                + (
                    f", and {seen_here} {'is' if seen_here == 1 else 'are'} already on the boards, "
                    "in the hands or face up on the discard pile"
                    if seen_here
                    else ""
                ),
                hint="check the card's name",
            )


def accounted(state: RomaState, name: str) -> str:
    """Where every copy of a card is, for refusals (``all 2 Legat cards are already on the
    table``); the hands are counted, never named (they are hidden)."""
    copies = CARDS[name].copies
    boards = sum(board.count(name) for board in state.boards)
    discard = state.discard.count(name)
    hands = state.seen_count(name) - boards - discard
    every = f"the only {name}" if copies == 1 else f"all {copies} {name} cards"
    if boards >= copies:
        return f"{every} {'is' if copies == 1 else 'are'} already on the table"
    parts = [f"{n} {where}" for n, where in ((boards, "on the boards"), (discard, "face up on the discard pile"), (hands, "in the hands as typed")) if n]
    return f"{every} {'is' if copies == 1 else 'are'} already accounted for ({', '.join(parts)})"


def need_in_hand(
    state: RomaState, i: int, cards: tuple[str, ...], rule: str, hidden_rule: str = "roma.hidden.laid"
) -> None:
    """Refuse cards the player cannot hold. A card held by name is taken first; a card the
    hand does not hold by name must be one of its unknown cards (``?``), so a face that can no
    longer be among them (every copy accounted for) is refused under ``hidden_rule``. ``?``
    in ``cards`` is any card. The hand is hidden (the opponent may be reading the screen), so
    the refusal does not list it; it says where the card is if it is in view."""
    hand = state.hands[i]
    name = state.seats[i]
    held = len(hand)
    hint = f"{name} holds {held} card{'s' if held != 1 else ''}; 'state --reveal' shows the hand"
    if len(cards) > held:
        raise IllegalMove(rule, f"{name} holds {held} card{'s' if held != 1 else ''}, not {len(cards)}", hint=hint)
    named = [c for c in cards if c != UNKNOWN]
    missing = Counter(named) - Counter(hand)
    if not missing:
        return
    unknown = hand.count(UNKNOWN)
    if sum(missing.values()) > unknown:
        what = ", ".join(f"{n} × {c}" if n > 1 else c for c, n in missing.items())
        where = [f"disc {d}" for d, c in enumerate(state.boards[i], 1) if c in missing]
        seen = f" ({' and '.join(where)} of {name}'s board holds it)" if where else ""
        more = f" by name, and only {unknown} unknown card{'s' if unknown != 1 else ''}" if unknown else ""
        raise IllegalMove(rule, f"{name} has no {what} in hand{more}{seen}", hint=hint)
    for card, n in missing.items():
        if state.unseen(card) < n:
            raise IllegalMove(
                hidden_rule,
                f"{name}'s unknown card{'s' if n > 1 else ''} cannot be {'a ' if n == 1 else f'{n} × '}{card}: {accounted(state, card)}",
                hint="check the card's name; " + hint,
            )


def need_disc(state: RomaState, disc: int, rule: str) -> None:
    """Refuse a disc number the table does not have (disc 7 only with the bribe disc)."""
    if not 1 <= disc <= state.discs:
        extra = " (the bribe disc 7 is only in play with the option bribe=on)" if disc == BRIBE_DISC else ""
        raise IllegalMove(rule, f"there is no disc {disc}{extra}", hint=f"discs 1 to {state.discs}")


def need_die(state: RomaState, value: int, what: str) -> None:
    """Refuse a die value the player has no longer unused (rule roma.actions.dice)."""
    assert state.dice is not None
    if value not in state.dice:
        raise IllegalMove(
            "roma.actions.dice",
            f"{state.player} has no unused die showing {value} to {what} (unused dice: {die_text(state.dice)})",
            hint=turn_hint(state),
        )
