"""The state of a PAX game: frozen dataclasses and tuples only, so that a state can be kept
for every ply and compared after a replay.

Where every one of the 74 influence cards is, at all times: removed unseen at setup, Rome's
3 hidden cards, the deck (unknown cards on top, cards slid under it below, whose faces the
program knows), the cards drawn this turn and not yet placed, the groups under the Legions,
the players' hands and displays, and Rome's face-up cards. A card entered as ``?``
(``pax.hidden``) is counted where it went (``PlayerState.unknown`` for a hand, an unseen deck
run); what it can be is kept per :class:`World`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.games.pax.components import CATEGORIES, Card, cards_of, category_total, symbols_of

#: Destinations of a drawn card. Legions are ``"I"`` .. ``"V"``.
HAND = "hand"
DECK = "deck"
ROMAN = ("I", "II", "III", "IV", "V")


@dataclass(frozen=True)
class DeckPart:
    """A run of the face-down deck: ``unknown`` cards nobody entered, or ``cards`` slid under
    the deck together (the faces are known, their order among themselves is not)."""

    unknown: int = 0
    cards: tuple[Card, ...] = ()
    #: The player who slid this one card under the deck entered as unknown (``?``), so that
    #: a later entry can name it (``Ann deck was fleet 2/1``, ``pax.hidden.name``); ``""``
    #: for every other run.
    owner: str = ""

    @property
    def size(self) -> int:
        """How many cards this run of the deck holds."""
        return self.unknown + len(self.cards)


@dataclass(frozen=True)
class Window:
    """Cards off the deck not yet placed: ``unknown`` unseen ones, ``known`` ones, and
    ``pool_take`` cards still to come out of ``pool`` (a known batch only partly drawn)."""

    unknown: int = 0
    known: tuple[Card, ...] = ()
    pool: tuple[Card, ...] = ()
    pool_take: int = 0

    @property
    def size(self) -> int:
        """Cards physically out of the deck (a partly drawn batch counts whole)."""
        return self.unknown + len(self.known) + len(self.pool)

    @property
    def to_place(self) -> int:
        """Cards still to be entered (a partly drawn batch counts only what is taken)."""
        return self.unknown + len(self.known) + self.pool_take

    def describe(self) -> str:
        """The cards off the deck in words, for refusals."""
        parts = [c.token() for c in self.known]
        if self.pool_take:
            parts.append(f"{self.pool_take} of {', '.join(c.token() for c in self.pool)}")
        if self.unknown:
            parts.append(f"{self.unknown} unseen card{'s' if self.unknown != 1 else ''}")
        return "; ".join(parts) or "nothing"


@dataclass(frozen=True)
class World:
    """One way the faces entered so far can lie: the face-down deck, the cards off it not yet
    placed, and the faces seen per category. A face entered for a card off the deck may be a
    known card coming back (slid under the deck earlier) or a new one; when both fit, the
    entries alone cannot tell, so the state keeps every way that fits (see ``pax.deck``)."""

    deck: tuple[DeckPart, ...]
    window: Window | None
    seen: tuple[int, ...]
    #: Per seat, the faces this world gives to cards entered unknown into that hand that
    #: were known cards coming back from under the deck (``pax.hidden.hand``).
    held: tuple[tuple[Card, ...], ...] = ()
    #: Per seat, how many cards entered unknown into that hand are unseen cards in this
    #: world (their category is counted in ``seen`` only when their face is entered).
    fresh: tuple[int, ...] = ()

    def held_of(self, seat: int) -> tuple[Card, ...]:
        """The known faces among seat ``seat``'s unknown hand cards in this world."""
        return self.held[seat] if seat < len(self.held) else ()

    def fresh_of(self, seat: int) -> int:
        """How many of seat ``seat``'s unknown hand cards are unseen cards in this world."""
        return self.fresh[seat] if seat < len(self.fresh) else 0


@dataclass(frozen=True)
class PlayerState:
    """One player: Aurei and cards in hand (secret), and the display (public).

    ``hand`` holds the faces entered (typed at the table, or bought from the market);
    ``unknown`` counts the cards in hand entered as ``?`` (``pax.hidden``). The hand holds
    ``len(hand) + unknown`` cards; what the unknown ones can be is kept per world
    (:attr:`World.held`, :attr:`World.fresh`)."""

    name: str
    aureus: int
    hand: tuple[Card, ...] = ()
    display: tuple[Card, ...] = ()
    unknown: int = 0
    #: The Aurei are not known here (``position NAME aurei ?``: the public form of a position
    #: block, ``pax.hidden.money``): ``aureus`` then counts only the changes made since (prices,
    #: income, corrections), and whether he could pay is judged on the record as typed, not
    #: here. Shown as ``?`` even at the end.
    aurei_unknown: bool = False

    @property
    def aurei_text(self) -> str:
        """The Aurei as a view prints them once they may be shown: the count, or ``?``."""
        return "?" if self.aurei_unknown else str(self.aureus)

    @property
    def hand_size(self) -> int:
        """How many cards the player holds (what the table sees)."""
        return len(self.hand) + self.unknown

    def symbols(self, category: str) -> int:
        """The symbols of ``category`` in the display (what scores and what limits)."""
        return symbols_of(self.display, category)

    def cards(self, category: str) -> int:
        """The cards of ``category`` in the display (the row income counts)."""
        return cards_of(self.display, category)

    def limit(self) -> int:
        """``pax.cat.limit``: the larger of the Estate and Conspiracy symbols."""
        return max(self.symbols("estate"), self.symbols("conspiracy"))


@dataclass(frozen=True)
class TurnState:
    """The turn in progress. ``target`` is how many cards the draw takes (3, fewer when the
    deck is short, 0 when it is empty); ``placed`` the destinations used so far; ``religion``
    the player's Religion symbols when the draw began (``pax.cat.religion``)."""

    player: int
    target: int
    placed: tuple[str, ...] = ()
    empty_deck_paid: bool = False
    bought: str | None = None
    played: tuple[Card, ...] = ()
    religion: int = 0

    @property
    def draw_done(self) -> bool:
        """Whether every card of the draw is placed (buying, playing and ending come after)."""
        return len(self.placed) >= self.target


@dataclass(frozen=True)
class PaxState:
    """The whole game.

    ``phase``: ``start`` (start player / starting hands), ``market`` (the first face-up card
    under each Legion), ``turn``, ``refill`` (end of round: new cards under empty Legions),
    ``reveal`` (the game ended: Rome's hidden cards are turned up), ``over``; and
    ``position`` while the position block of a game picked up in progress is entered
    (``pax.position``; its ``position round`` entry closes it with the phase ``turn``).
    """

    seats: tuple[str, ...]
    players: tuple[PlayerState, ...]
    phase: str
    deck: tuple[DeckPart, ...]
    legions: tuple[tuple[Card, ...], ...]
    removed: int
    rome_hidden: int
    rome_revealed: tuple[Card, ...] = ()
    rome: tuple[Card, ...] = ()
    seen: tuple[int, ...] = (0,) * len(CATEGORIES)
    start: int = 0
    #: The start player of round 1 (``pax.setup.start-player``: the first seat unless ``start
    #: NAME``), kept when Primus passes on; ``None`` for a game picked up after round 1.
    first_start: int | None = 0
    kept: int = 0
    round: int = 0
    order_pos: int = 0
    turn: TurnState | None = None
    window: Window | None = None
    pc: int | None = None
    level: int = 1
    pc_count: str = "symbols"
    last_take: bool = True
    #: Option ``card_checks``: ``notes`` (the default) checks entered faces against the
    #: research notes' ranges too (values 1-4, 1-2 symbols, from reviews); ``rulebook`` only
    #: against what the rulebook says (``pax.data.cards``).
    card_checks: str = "notes"
    events: tuple[str, ...] = field(default=())
    #: The other ways (besides ``deck``, ``window``, ``seen``) the entered faces can lie.
    others: tuple[World, ...] = ()
    #: The first world's faces of the unknown hand cards (see :class:`World`).
    held: tuple[tuple[Card, ...], ...] = ()
    fresh: tuple[int, ...] = ()
    #: How many entries were applied (the ply of the last one), for the corrections' notes.
    ply: int = 0
    #: One score-sheet note per correction entry (``pax.correct``), in order.
    corrections: tuple[str, ...] = ()
    #: The topics of the position block entered so far (``pax.position``: ``player:Ann``,
    #: ``rome``, ``legion:II``, ``deck``, ``round``), one per ``position`` entry; empty for a
    #: game entered from its setup. Position entries are taken while ``ply`` equals its length.
    picking: tuple[str, ...] = ()

    # -- derived views ---------------------------------------------------------------------
    @property
    def worlds(self) -> tuple[World, ...]:
        """Every way the faces entered so far can lie; the first is ``deck``, ``window``, ``seen``."""
        return (World(self.deck, self.window, self.seen, self.held, self.fresh), *self.others)

    @property
    def notes_checks(self) -> bool:
        """Whether faces are checked against the research notes too (``card_checks=notes``)."""
        return self.card_checks != "rulebook"

    @property
    def solo(self) -> bool:
        """Whether this is the solitaire game (one player)."""
        return len(self.seats) == 1

    @property
    def deck_size(self) -> int:
        """How many cards the face-down deck holds now."""
        return sum(part.size for part in self.deck)

    @property
    def current(self) -> int:
        """The seat index whose turn it is (or who keeps a starting card)."""
        n = len(self.seats)
        if self.phase == "start":
            return (self.start + self.kept) % n
        if self.turn is not None:
            return self.turn.player
        return (self.start + self.order_pos) % n

    @property
    def deck_left(self) -> int:
        """How many cards lie face down on the deck as the table sees it: the deck, plus the
        cards of a batch slid under together that the draw has reached but not taken (the
        state holds such a batch off the deck until it is placed, since which of its cards
        were drawn is secret; the table sees only how many were)."""
        window = self.window
        return self.deck_size + (window.size - window.to_place if window is not None else 0)

    def with_player(self, index: int, player: PlayerState) -> tuple[PlayerState, ...]:
        """The players with seat ``index`` replaced by ``player`` (for building a new state)."""
        players = list(self.players)
        players[index] = player
        return tuple(players)

    def legion_value(self, index: int) -> int:
        """The printed value of the group under Legion ``index`` (its price before the discount)."""
        return sum(card.value for card in self.legions[index])

    def empty_legions(self) -> list[int]:
        """The Legions with no card under them, in order."""
        return [i for i, group in enumerate(self.legions) if not group]

    def unseen(self, category: str) -> int:
        """Cards of ``category`` whose faces nobody entered yet (the deck's unknown part,
        the removed cards, Rome's hidden cards, unknown cards in a draw window); when the
        entries allow several ways (``worlds``), the most any of them leaves."""
        i = CATEGORIES.index(category)
        return category_total(category) - min(world.seen[i] for world in self.worlds)

    def all_rome(self) -> tuple[Card, ...]:
        """Every face-up card of Rome: the groups it took and its revealed hidden cards."""
        return self.rome + self.rome_revealed

    def card_count(self) -> int:
        """Every influence card the state accounts for (must always be 74)."""
        window = self.window.size if self.window else 0
        return (
            self.removed
            + self.rome_hidden
            + len(self.rome_revealed)
            + len(self.rome)
            + self.deck_size
            + window
            + sum(len(g) for g in self.legions)
            + sum(p.hand_size + len(p.display) for p in self.players)
        )
