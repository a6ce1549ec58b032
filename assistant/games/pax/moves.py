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


# -- the position block of a game picked up in progress (``pax.position``) ----------------------
def grouped(cards: tuple[Card, ...]) -> str:
    """Cards in the order given, each run of one category written once with the value/symbols
    of its cards: ``army 3/2 1/1, estate 2/1`` (short enough for a whole display in one entry).

    >>> from assistant.games.pax.components import parse_token as t
    >>> grouped((t("army 3/2"), t("army 1/1"), t("estate 2/1"), t("army 2/2")))
    'army 3/2 1/1, estate 2/1, army 2/2'
    """
    runs: list[list[Card]] = []
    for card in cards:
        if runs and runs[-1][0].category == card.category:
            runs[-1].append(card)
        else:
            runs.append([card])
    return ", ".join(run[0].category + " " + " ".join(f"{c.value}/{c.symbols}" for c in run) for run in runs)


#: The word that starts every entry of the position block.
POSITION = "position"


@dataclass(frozen=True)
class PositionPlayer:
    """Position block: what lies in front of ``player`` when the game is picked up: his Aurei
    (behind his screen, ``pax.hidden.money``: the table counts them for the record; ``None``,
    written ``aurei ?``, in the public form of the entry, which the whole table sees), how many
    cards he holds (their faces stay unknown, as ``?``) and his display, in the order given."""

    player: str
    aureus: int | None
    hand: int = 0
    cards: tuple[Card, ...] = ()

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        aurei = UNKNOWN if self.aureus is None else self.aureus
        text = f"{POSITION} {self.player} aurei {aurei} hand {self.hand}"
        return text + (f" cards {grouped(self.cards)}" if self.cards else "")


@dataclass(frozen=True)
class PositionRome:
    """Position block: Rome's face-up cards (the groups it took); its 3 hidden cards stay hidden."""

    cards: tuple[Card, ...]
    player: str | None = None

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{POSITION} rome {grouped(self.cards) or 'none'}"


@dataclass(frozen=True)
class PositionLegion:
    """Position block: the group under one Legion (``I`` .. ``V``), in the order it was laid."""

    legion: str
    cards: tuple[Card, ...]
    player: str | None = None

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{POSITION} legion {self.legion} {grouped(self.cards) or 'empty'}"


@dataclass(frozen=True)
class PositionDeck:
    """Position block: the face-down deck from top to bottom: a number is that many cards, a
    name one card that player slid under the deck unnamed (it may be named later,
    ``pax.hidden.name``). ``()`` is an empty deck."""

    parts: tuple[int | str, ...]
    player: str | None = None

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(part if isinstance(part, int) else 1 for part in self.parts)

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{POSITION} deck " + (" ".join(str(part) for part in self.parts) or "0")


@dataclass(frozen=True)
class PositionRound:
    """Position block, its last entry: where the game stands: the round, the start player
    (Primus card), whose turn begins now and who holds Primus Conspiratus (``""``: nobody
    yet). With ``refill`` the round is over instead (Rome took its group): the empty Legions
    are refilled next, then the start player begins the next round (``turn`` is ``""``)."""

    round: int
    start: str
    turn: str = ""
    primus: str = ""
    refill: bool = False
    player: str | None = None

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        text = f"{POSITION} round {self.round} start {self.start}"
        text += " refill" if self.refill else f" turn {self.turn}"
        return text + (f" primus {self.primus}" if self.primus else "")


PositionEntry = PositionPlayer | PositionRome | PositionLegion | PositionDeck | PositionRound


PaxMove = (
    StartPlayer | Keep | Market | Draw | Buy | Play | End | Peek | Refill | Reveal | Name | Correct
    | PositionPlayer | PositionRome | PositionLegion | PositionDeck | PositionRound
)


def faces(move: PaxMove) -> tuple[Card, ...]:
    """Every card face the entry names, in the order typed (``?`` faces left out): what
    ``pax.data.cards`` judges before the entry itself."""
    if isinstance(move, Keep):
        return ((move.card,) if move.card is not None else ()) + move.played + move.returned
    if isinstance(move, (Market, Play, Refill, Reveal, PositionPlayer, PositionRome, PositionLegion)):
        return move.cards
    if isinstance(move, Draw):
        return tuple(p.card for p in move.placements if p.card is not None)
    if isinstance(move, Name):
        return (move.card,) if move.card is not None else ()
    if isinstance(move, Correct):
        return tuple(c for c in (move.card, move.to_card) if c is not None)
    return ()
