"""The Roma entries as typed moves. Each ``notation()`` is the canonical line that parses
back to an equal move (docs/notation/roma.md). A card the rules keep hidden (in a hand) may be
the unknown face ``?`` (:data:`UNKNOWN`) in ``Hand``, ``Give``, ``TakeCards.keep``,
``Activate.take`` (Haruspex) and ``Holds``."""

from __future__ import annotations

from dataclasses import dataclass

#: The unknown face: a hidden card whose name was not typed.
UNKNOWN = "?"


def _pairs(pairs: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{card} {disc}" for card, disc in pairs)


@dataclass(frozen=True)
class Start:
    """Set-up: who starts (the younger player)."""

    player: str

    def notation(self) -> str:
        """The canonical entry text."""
        return f"start {self.player}"


@dataclass(frozen=True)
class Hand:
    """Set-up: the 4 cards dealt to a player (``?`` for a card not named)."""

    player: str
    cards: tuple[str, ...]

    def notation(self) -> str:
        """The canonical entry text."""
        return f"hand {self.player} " + " ".join(self.cards)


@dataclass(frozen=True)
class Give:
    """Set-up: the 2 dealt cards a player hands to the opponent (``?`` for a card not named)."""

    player: str
    cards: tuple[str, ...]

    def notation(self) -> str:
        """The canonical entry text."""
        return f"give {self.player} " + " ".join(self.cards)


@dataclass(frozen=True)
class Place:
    """Set-up: a player's 4 cards laid face down on discs, free of charge."""

    player: str
    placements: tuple[tuple[str, int], ...]

    def notation(self) -> str:
        """The canonical entry text."""
        return f"place {self.player} " + _pairs(self.placements)


@dataclass(frozen=True)
class Roll:
    """Phase 2: the three action dice (``reroll``: the new roll after a triple)."""

    player: str
    dice: tuple[int, int, int]
    reroll: bool = False

    def notation(self) -> str:
        """The canonical entry text."""
        verb = "reroll" if self.reroll else "roll"
        return f"{verb} " + " ".join(str(d) for d in self.dice)


@dataclass(frozen=True)
class Lay:
    """Phase 3: lay a card from hand on an own disc, paying its cost."""

    player: str
    card: str
    disc: int

    def notation(self) -> str:
        """The canonical entry text."""
        return f"lay {self.card} {self.disc}"


@dataclass(frozen=True)
class Money:
    """Phase 3: a die on the money disc."""

    player: str
    die: int

    def notation(self) -> str:
        """The canonical entry text."""
        return f"money {self.die}"


@dataclass(frozen=True)
class TakeCards:
    """Phase 3: a die on the cards disc: draw ``die`` cards, keep one (``?``: not named; only
    the drawer sees it), discard the rest face up (naming them is optional)."""

    player: str
    die: int
    keep: str
    discards: tuple[str, ...] = ()

    def notation(self) -> str:
        """The canonical entry text."""
        text = f"cards {self.die} keep {self.keep}"
        if self.discards:
            text += " discard " + " ".join(self.discards)
        return text


@dataclass(frozen=True)
class Activate:
    """Phase 3: a die on a dice disc activates the own card there. The card's choices:
    ``die`` (bribe disc), ``copy`` (Scaenicus; ``via``: the other Scaenicus it copies, which
    copies ``copy``, ruling A11), ``target`` (an opponent disc), ``vp`` (Forum's
    second die and Templum's third), ``change`` (Consul: from, to), ``buy`` (Mercator),
    ``take`` (Haruspex, ``?`` when not named; Aesculapinum), ``lays`` (Architectus, Senator), ``moves``
    (Consiliarius, Machina)."""

    player: str
    disc: int
    die: int | None = None
    copy: str | None = None
    via: str | None = None
    target: int | None = None
    vp: tuple[int, ...] = ()
    change: tuple[int, int] | None = None
    buy: int | None = None
    take: str | None = None
    lays: tuple[tuple[str, int], ...] = ()
    moves: tuple[tuple[str, int], ...] = ()

    def notation(self) -> str:
        """The canonical entry text."""
        parts = [f"activate {self.disc}"]
        if self.die is not None:
            parts.append(f"die {self.die}")
        if self.copy is not None:
            parts.append(f"copy {self.via} {self.copy}" if self.via else f"copy {self.copy}")
        if self.target is not None:
            parts.append(f"target {self.target}")
        if self.vp:
            parts.append("vp " + " ".join(str(v) for v in self.vp))
        if self.change is not None:
            parts.append(f"change {self.change[0]} to {self.change[1]}")
        if self.buy is not None:
            parts.append(f"buy {self.buy}")
        if self.take is not None:
            parts.append(f"take {self.take}")
        if self.lays:
            parts.append("lay " + _pairs(self.lays))
        if self.moves:
            parts.append("move " + _pairs(self.moves))
        return " ".join(parts)


@dataclass(frozen=True)
class Battle:
    """The battle die of a pending attack; ``add``: the unused die a Centurio adds."""

    player: str
    roll: int
    add: int | None = None

    def notation(self) -> str:
        """The canonical entry text."""
        return f"battle {self.roll}" + (f" add {self.add}" if self.add is not None else "")


@dataclass(frozen=True)
class End:
    """The active player ends the turn (unused dice are lost)."""

    player: str

    def notation(self) -> str:
        """The canonical entry text."""
        return "end"


@dataclass(frozen=True)
class Holds:
    """Names later cards of a player's hand entered as unknown (``holds Ann Legat``): checked
    against everything known, it changes nothing public. ``?`` names nothing (the public form
    of the entry)."""

    player: str
    cards: tuple[str, ...]

    def notation(self) -> str:
        """The canonical entry text."""
        return f"holds {self.player} " + " ".join(self.cards)


#: Where corrected VP come from or go to when it is not the other player.
STOCKPILE = "stockpile"
#: The discard pile as the place a corrected card comes from or goes to.
DISCARD = "discard"


@dataclass(frozen=True)
class Correct:
    """A physical mistake noticed late, put right (rule roma.correct); not a turn. ``thing``:
    ``vp`` (``amount`` VP gained, or lost when negative, from or to ``other``: the stockpile
    or the other player, so that the 36 VP stay 36), ``sestertii`` (``amount`` gained or lost),
    or ``card`` (``card`` moved from ``origin`` to ``dest``: a disc number of the player's
    board, or ``"discard"`` for the discard pile). ``reason`` is kept in the entry text."""

    player: str
    thing: str
    reason: str
    amount: int = 0
    other: str = ""
    card: str = ""
    origin: str = ""
    dest: str = ""

    def notation(self) -> str:
        """The canonical entry text."""
        if self.thing == "card":
            change = f"card {self.card} from {self.origin} to {self.dest}"
        elif self.thing == "vp":
            change = f"vp {self.amount:+d} {'from' if self.amount > 0 else 'to'} {self.other}"
        else:
            change = f"{self.thing} {self.amount:+d}"
        return f"correct {self.player} {change} because {self.reason}"


@dataclass(frozen=True)
class PositionPlayer:
    """A game picked up in progress (rule roma.position): what lies in front of one player,
    as the whole table sees it: VP, sestertii, how many cards the hand holds (their faces are
    hidden: each is an unknown card ``?``), the cards on the discs and the discs a
    Praetorianus blocks for this turn."""

    player: str
    vp: int
    money: int = 0
    hand: int = 0
    board: tuple[tuple[str, int], ...] = ()
    blocked: tuple[int, ...] = ()

    def notation(self) -> str:
        """The canonical entry text."""
        text = f"position {self.player} vp {self.vp} money {self.money} hand {self.hand}"
        if self.board:
            text += " board " + _pairs(self.board)
        if self.blocked:
            text += " blocked " + " ".join(str(d) for d in self.blocked)
        return text


@dataclass(frozen=True)
class PositionDiscard:
    """A game picked up in progress (rule roma.position): cards of the face-up discard pile,
    bottom to top, ``?`` for one nobody names; several entries add up (a long pile is written
    on several lines). ``player`` is empty: the pile is the table's."""

    cards: tuple[str, ...]
    player: str = ""

    def notation(self) -> str:
        """The canonical entry text."""
        return "position discard " + " ".join(self.cards)


@dataclass(frozen=True)
class PositionTurn:
    """A game picked up in progress (rule roma.position): the last entry of the block, whose
    turn it is and its number. The player to play has made the Phase 1 payment (counted in
    the VP given) and rolls next."""

    player: str
    turn: int

    def notation(self) -> str:
        """The canonical entry text."""
        return f"position turn {self.turn} {self.player}"


#: The entries of a position block (rule roma.position).
POSITION_MOVES = (PositionPlayer, PositionDiscard, PositionTurn)

RomaMove = (
    Start | Hand | Give | Place | Roll | Lay | Money | TakeCards | Activate | Battle | End | Holds | Correct
    | PositionPlayer | PositionDiscard | PositionTurn
)
