"""The entries of a PAX game as typed moves. Each ``notation()`` is the canonical line that
:func:`assistant.games.pax.notation.parse_move` reads back to an equal move
(docs/notation/pax.md describes the forgiving forms that are accepted too)."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.games.pax.components import Card


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
    """Setup: ``player`` keeps one of his starting cards; solitaire games 3-5 also play some
    (``played``); ``returned`` lists the cards slid under the deck, as far as entered."""

    player: str
    card: Card
    played: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        text = f"{self.player} keep {self.card.token()}"
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
    """One drawn card and where it went: ``hand``, ``deck`` or a Legion (``I`` .. ``V``)."""

    card: Card
    dest: str

    def notation(self) -> str:
        """The canonical line of this entry; ``parse_move`` reads it back to an equal move."""
        return f"{self.card.token()} {self.dest}"


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


PaxMove = StartPlayer | Keep | Market | Draw | Buy | Play | End | Peek | Refill | Reveal
