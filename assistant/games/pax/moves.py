"""The entries of a PAX game as typed moves. Each ``notation()`` is the canonical line that
:func:`assistant.games.pax.notation.parse_move` reads back to an equal move
(docs/notation/pax.md describes the forgiving forms that are accepted too)."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.games.pax.components import Card


#: How a face the rules keep secret is written when it is entered unknown (``pax.hidden``).
UNKNOWN = "?"


def face(card: Card | None) -> str:
    """A card's token, or ``?`` for a card entered unknown."""
    return UNKNOWN if card is None else card.token()


def _cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(card.token() for card in cards)


@dataclass(frozen=True)
class StartPlayer:
    """Setup: the players chose ``player`` as the first start player (``pax.setup.start-player``)."""

    player: str

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"start {self.player}"


@dataclass(frozen=True)
class Keep:
    """Setup: ``player`` keeps one of his starting cards (``None``: entered as ``?``);
    solitaire games 3-5 also play some (``played``, public); ``returned`` lists the cards slid
    under the deck, all or none (none: they stay unknown)."""

    player: str
    card: Card | None
    played: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        text = f"{self.player} keep {face(self.card)}"
        if self.played:
            text += f" play {_cards(self.played)}"
        if self.returned:
            text += f" return {_cards(self.returned)}"
        return text


@dataclass(frozen=True)
class Market:
    """Setup: face-up cards put under the Legions, in Legion order (``pax.setup.market``);
    one entry may lay some or all of them."""

    cards: tuple[Card, ...]
    player: str | None = None

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"market {_cards(self.cards)}"


@dataclass(frozen=True)
class Placement:
    """One drawn card and where it went: ``hand``, ``deck`` or a Legion (``I`` .. ``V``);
    ``card`` is ``None`` for a card entered as ``?`` (hand or deck only, ``pax.hidden``)."""

    card: Card | None
    dest: str

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{face(self.card)} {self.dest}"


@dataclass(frozen=True)
class Draw:
    """Normal turn, step 1: drawn cards and their destinations (``pax.turn.draw``)."""

    player: str
    placements: tuple[Placement, ...]

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{self.player} draw " + ", ".join(p.notation() for p in self.placements)


@dataclass(frozen=True)
class Buy:
    """Normal turn, step 2: buy every card under one Legion (``pax.turn.buy``)."""

    player: str
    legion: str

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{self.player} buy {self.legion}"


@dataclass(frozen=True)
class Play:
    """Normal turn, step 3: play cards from hand into the display (``pax.turn.play``)."""

    player: str
    cards: tuple[Card, ...]

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{self.player} play {_cards(self.cards)}"


@dataclass(frozen=True)
class End:
    """Normal turn, step 4: the turn is over; income is paid (``pax.turn.income``)."""

    player: str

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{self.player} end"


@dataclass(frozen=True)
class Peek:
    """The alternative action: look at Rome's hidden cards and take 2 Aurei
    (``pax.turn.alternative``)."""

    player: str

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{self.player} peek"


@dataclass(frozen=True)
class Refill:
    """End of round: new face-up cards under the empty Legions (``pax.roundend.refill``).
    ``legions`` gives the Legion of each card."""

    cards: tuple[Card, ...]
    legions: tuple[str, ...]
    player: str | None = None

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return "refill " + ", ".join(
            f"{leg} {card.token()}" if leg else card.token() for leg, card in zip(self.legions, self.cards)
        )


@dataclass(frozen=True)
class Reveal:
    """Game end: Rome's face-down cards turned up (``pax.winner.reveal``); one entry may
    reveal some or all of them."""

    cards: tuple[Card, ...]
    player: str | None = None

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"reveal {_cards(self.cards)}"


@dataclass(frozen=True)
class Name:
    """A face entered earlier as ``?`` named now (``pax.hidden.name``): one of ``player``'s
    unknown hand cards (``where`` ``hand``) or the oldest card ``player`` slid under the deck
    as ``?`` that is still there (``deck``). It is checked against everything known and
    changes nothing public; ``card`` ``None`` is its public form (``Ann deck was ?``)."""

    player: str
    where: str
    card: Card | None

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{self.player} {self.where} was {face(self.card)}"


#: What a correction may change (``pax.correct``).
AUREI = "aurei"
CARD = "card"
PRIMUS = "primus"


@dataclass(frozen=True)
class Correct:
    """A physical mistake noticed late (``pax.correct``), with the table's ``reason``:
    ``aurei`` (a wrong payment or income: ``change`` Aurei, the change is public, the total
    stays secret), ``card`` (a card of ``player``'s display that really lies in ``to_player``'s
    display, or really is ``to_card``: laid in the wrong category) or ``primus`` (Primus
    Conspiratus really belongs to ``player``). Not a turn: it changes nothing else."""

    player: str
    thing: str
    reason: str
    change: int = 0
    card: Card | None = None
    to_player: str = ""
    to_card: Card | None = None

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        if self.thing == AUREI:
            what = f"aurei {self.change:+d}"
        elif self.thing == CARD:
            assert self.card is not None
            target = self.to_player or (self.to_card.token() if self.to_card else "")
            what = f"card {self.card.token()} to {target}"
        else:
            what = "primus"
        return f"correct {self.player} {what} because {self.reason}"


PaxMove = StartPlayer | Keep | Market | Draw | Buy | Play | End | Peek | Refill | Reveal | Name | Correct


def faces(move: PaxMove) -> tuple[Card, ...]:
    """Every card face the entry names, in the order typed (``?`` faces left out): what
    ``pax.data.cards`` judges before the entry itself."""
    if isinstance(move, Keep):
        return ((move.card,) if move.card is not None else ()) + move.played + move.returned
    if isinstance(move, (Market, Play, Refill, Reveal)):
        return move.cards
    if isinstance(move, Draw):
        return tuple(p.card for p in move.placements if p.card is not None)
    if isinstance(move, Name):
        return (move.card,) if move.card is not None else ()
    if isinstance(move, Correct):
        return tuple(c for c in (move.card, move.to_card) if c is not None)
    return ()
