"""The Roma game state: a frozen snapshot of the table (boards, hands, VP, money, dice, the
deck's bookkeeping) plus where the game stands (setup, roll, actions, battle, over).

Hidden cards (rule roma.hidden): a hand is a tuple of card names in which ``?`` stands for a
card whose face was not typed (dealt, received, drawn or taken from the draw pile in secret);
the draw pile is only a count; the discard pile is a list of cards seen face up plus a count of
discarded cards that nobody named, and where in the pile those lie (``unknown_at``: the pile is
shown in discard order, issue 23 D29; :meth:`RomaState.discard_pile`). Every unknown card (in a hand, the draw pile or the unnamed
discards) is one of the cards not seen: :meth:`RomaState.unseen` counts the faces it may have.
During the set-up ``deals`` and ``gifts`` keep what was typed of the dealt and given cards, so
that the lay-out can be checked against it (rules/setup.py); they are cleared after it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TypeVar, cast, overload

from assistant.games.roma.components import CARDS, DECK_SIZE, ORDER
from assistant.games.roma.moves import UNKNOWN

TOTAL_VP = 36
START_VP = 10
HAND_SIZE = 4
SWAP_SIZE = 2
_T = TypeVar("_T")


@dataclass(frozen=True)
class PendingBattle:
    """An attack waiting for the battle die: who attacks (the effective card) from which own
    disc, which opponent disc it targets, and whether a Centurio may add an unused die."""

    attacker: str
    disc: int
    target: int
    boost: bool


@dataclass(frozen=True)
class RomaState:
    """Everything on the table. Players are indices 0 and 1 into ``seats``; boards are
    tuples indexed by disc - 1 holding a card name or ``None``."""

    seats: tuple[str, str]
    discs: int = 6
    mercatus: str = "opponent"
    # -- set-up progress
    starter: int | None = None
    dealt: tuple[bool, bool] = (False, False)
    given: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)  # pending gifts
    swapped: bool = False
    deals: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # as typed (``?`` allowed)
    gifts: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # as typed (``?`` allowed)
    placed: tuple[bool, bool] = (False, False)
    # -- the table
    vp: tuple[int, int] = (START_VP, START_VP)
    stockpile: int = TOTAL_VP - 2 * START_VP
    credited: int = 0
    money: tuple[int, int] = (0, 0)
    boards: tuple[tuple[str | None, ...], tuple[str | None, ...]] = ((), ())
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    draw: int = DECK_SIZE
    discard: tuple[str, ...] = ()
    unknown_discards: int = 0
    #: where the unnamed discards lie in the whole pile (0 = the bottom card), ascending: the
    #: pile is shown in the order the cards were discarded (issue 23, D29). Only the display
    #: reads it (no rule depends on the order), so it is not part of the position's equality.
    unknown_at: tuple[int, ...] = field(default=(), compare=False)
    # -- the turn
    active: int = 0
    turn: int = 0
    dice: tuple[int, ...] | None = None
    acted: bool = False
    essedum: int = 0
    blocked: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    battle: PendingBattle | None = None
    ended: str = ""
    #: the score sheet's notes of the corrections that changed VP (rule roma.correct)
    corrections: tuple[str, ...] = ()
    #: where each player's VP came from and went since the start (or the pick-up), as
    #: ``(cause, VP)`` pairs in the order the causes first happened: the score's working
    #: (``score --working``, issue 23 D15). History, not position: not part of the equality.
    vp_causes: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]] = field(default=((), ()), compare=False)
    # -- a game picked up in progress (rule roma.position)
    #: how many ``position`` entries were made (all before any other entry)
    block: int = 0
    #: whose position (``position NAME ...``) the block has given
    picked: tuple[bool, bool] = (False, False)
    #: what the last automatic step or battle did, for the display (not part of the position)
    last: str = field(default="", compare=False)
    #: how many entries led here (the ply of the last one), for the corrections' notes
    ply: int = field(default=0, compare=False)

    # -- views ------------------------------------------------------------------------------
    @property
    def in_setup(self) -> bool:
        """Whether the set-up goes on (not both players have laid out their cards)."""
        return not (self.placed[0] and self.placed[1])

    @property
    def picking(self) -> bool:
        """Whether a position block is open: begun, and not yet closed by ``position turn``
        (rule roma.position). Only position entries are taken until it is closed."""
        return self.block > 0 and self.in_setup

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.ended)

    @property
    def player(self) -> str:
        """The active player's name."""
        return self.seats[self.active]

    @property
    def opponent(self) -> int:
        """The index of the player who is not active."""
        return 1 - self.active

    def index(self, name: str) -> int:
        """A seat's index (0 or 1) from the player's name."""
        return self.seats.index(name)

    def card_at(self, player: int, disc: int) -> str | None:
        """The card on a player's disc (``None``: empty or no such disc)."""
        board = self.boards[player]
        if 1 <= disc <= len(board):
            return board[disc - 1]
        return None

    def empty_discs(self, player: int) -> int:
        """How many of a player's discs hold no card."""
        return sum(1 for card in self.boards[player] if card is None)

    def seen(self) -> Counter[str]:
        """Cards whose place is known: on the boards, in the hands, face up on the discard.
        (Counted in one pass over the joined tuples: legal_moves and the deck checks ask for
        it on most positions.)"""
        (b0, b1), (h0, h1), (g0, g1) = self.boards, self.hands, self.given
        count = Counter(b0 + b1 + h0 + h1 + self.discard + (g0 or ()) + (g1 or ()))
        count.pop(None, None)
        count.pop(UNKNOWN, None)
        return cast("Counter[str]", count)  # the empty discs (None) popped just above

    def seen_count(self, name: str) -> int:
        """How many copies of one card are in a known place (:meth:`seen` for one card)."""
        (b0, b1), (h0, h1), (g0, g1) = self.boards, self.hands, self.given
        n = b0.count(name) + b1.count(name) + h0.count(name) + h1.count(name) + self.discard.count(name)
        return n + (g0.count(name) if g0 else 0) + (g1.count(name) if g1 else 0)

    def discard_pile(self) -> tuple[str, ...]:
        """The whole discard pile from the bottom (the first card discarded) to the top, ``?``
        for a card nobody named, where it was discarded. Unnamed cards whose place is not
        known (a table built directly with a count) lie on top."""
        pile = list(self.discard)
        placed = 0
        for at in self.unknown_at[: self.unknown_discards]:
            if at > len(pile):
                break
            pile.insert(at, UNKNOWN)
            placed += 1
        return tuple(pile) + (UNKNOWN,) * (self.unknown_discards - placed)

    def unseen(self, name: str) -> int:
        """Copies of a card that may still be in the draw pile or among unnamed discards."""
        return CARDS[name].copies - self.seen_count(name)

    def unseen_counts(self) -> dict[str, int]:
        """:meth:`unseen` for every card type, in catalogue order."""
        seen = self.seen()
        return {name: CARDS[name].copies - seen[name] for name in ORDER}

    def unknown_in_hand(self, player: int) -> int:
        """How many of a player's hand cards were entered as unknown (``?``)."""
        return self.hands[player].count(UNKNOWN)

    def card_total(self) -> int:
        """Cards accounted for (always the 52 of the deck): boards, hands, discard, draw pile."""
        on_boards = sum(1 for board in self.boards for c in board if c is not None)
        pending = sum(len(g) for g in self.given if g)
        in_hands = sum(len(h) for h in self.hands) + pending
        return on_boards + in_hands + len(self.discard) + self.unknown_discards + self.draw


def initial_state(seats: Sequence[str], options: Mapping[str, str]) -> RomaState:
    """The table before the first entry: empty boards (6 discs, 7 with the bribe disc), 10 VP
    each, the deck whole. The options were checked by ``Game``; a missing one is its default.

    >>> initial_state(["Ann", "Ben"], {"bribe": "on"}).boards[0]
    (None, None, None, None, None, None, None)
    """
    discs = 7 if options.get("bribe", "off") == "on" else 6
    empty: tuple[str | None, ...] = (None,) * discs
    return RomaState(
        seats=(seats[0], seats[1]),
        discs=discs,
        mercatus=options.get("mercatus", "opponent"),
        boards=(empty, empty),
        draw=DECK_SIZE,
    )


_FIELDS = frozenset(f.name for f in fields(RomaState))
_new = object.__new__
_set_attr = object.__setattr__


def evolve(state: RomaState, **changes: object) -> RomaState:
    """A copy of the state with some fields changed: what ``dataclasses.replace`` does, about
    twenty times faster (it copies the field values instead of calling ``__init__`` with all
    34 of them; replaying a long record makes thousands of these copies). The state has no
    ``__post_init__`` and every value is immutable, so nothing is shared that could change."""
    assert changes.keys() <= _FIELDS, sorted(changes.keys() - _FIELDS)
    values = state.__dict__.copy()
    values.update(changes)
    new = _new(RomaState)
    _set_attr(new, "__dict__", values)
    return new


def pile_fields(pile: Sequence[str]) -> dict[str, object]:
    """The state's fields for a whole discard pile (bottom to top, ``?`` for an unnamed card):
    ``discard``, ``unknown_discards`` and ``unknown_at``, to pass to :func:`evolve`."""
    return {
        "discard": tuple(c for c in pile if c != UNKNOWN),
        "unknown_discards": sum(1 for c in pile if c == UNKNOWN),
        "unknown_at": tuple(i for i, c in enumerate(pile) if c == UNKNOWN),
    }


@overload
def with_item(values: tuple[_T, _T], index: int, value: _T) -> tuple[_T, _T]: ...
@overload
def with_item(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]: ...
def with_item(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """A copy of a tuple with one item replaced."""
    return values[:index] + (value,) + values[index + 1 :]


def without(cards: tuple[str, ...], remove: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A hand with some cards taken out (each named card once)."""
    rest = list(cards)
    for card in remove:
        rest.remove(card)
    return tuple(rest)


def from_hand(hand: tuple[str, ...], cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A hand with cards taken out (checked before: rules/refusals.need_in_hand), each a card
    the hand holds by name if it does, else one of its unknown cards (``?``: the card has just
    become public)."""
    rest = list(hand)
    for card in cards:
        rest.remove(card if card in rest else UNKNOWN)
    return tuple(rest)


def remove_die(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    """The dice with one die of ``value`` used."""
    rest = list(dice)
    rest.remove(value)
    return tuple(rest)
