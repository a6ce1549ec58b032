"""The entries of a tracked 7 Wonders game, as frozen dataclasses.

Each move names its ``player`` (a seat name) and prints itself back in the notation of
docs/notation/7wonders.md; :func:`notation.parse` reads that text back to an equal move.

A payment (:class:`Pay`) is stored as the coins that go to the left neighbour, the right
neighbour and the bank for bought resources (Bilkis); the printed coin cost of a card is not
part of it (it is fixed by the card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class ByPlayer(Protocol):
    """An entry one player makes (every entry type but a position line): its ``player`` is the
    seat that makes it."""

    @property
    def player(self) -> str: ...


@dataclass(frozen=True)
class Pay:
    """Coins paid for bought resources: to the left and right neighbours and to the bank."""

    left: int = 0
    right: int = 0
    bank: int = 0

    @property
    def total(self) -> int:
        """All the coins paid."""
        return self.left + self.right + self.bank

    def notation(self, sides: tuple[str, str] | None = None) -> str:
        """``pay left 2 right 1`` (``pay 0`` for nothing); with ``sides`` (the left and right
        neighbours' names), each side by its neighbour's name: ``pay Ben 2 Free City 1``, as a
        question to the table puts it (``7w.commerce``)."""
        left, right = sides or ("left", "right")
        parts = []
        if self.left:
            parts.append(f"{left} {self.left}")
        if self.right:
            parts.append(f"{right} {self.right}")
        if self.bank:
            parts.append(f"bank {self.bank}")
        return "pay " + (" ".join(parts) if parts else "0")


@dataclass(frozen=True)
class Said:
    """What an entry said about its payment, before the engine matched it to a :class:`Pay`:
    coins per side (``pay left 2``) and the resources bought (``pay right stone``); ``None``
    means "not said". :func:`notation.parse` replaces it with the one :class:`Pay` it
    means; a move still holding a ``Said`` is one whose payment :func:`rules.check` refuses
    (none fits, or several do), with the reason.

    >>> Said(left=0, right=0, bank_purchase=0).notation(), Said(buy_right=("stone",)).notation()
    ('pay 0', 'pay right stone')
    >>> Said().notation(), Said().empty, Said(left=0, right=0, bank_purchase=0).anything
    ('', True, False)
    >>> Said(paying=True).notation(), Said(paying=True).empty, Said(paying=True).anything
    ('pay', False, False)
    """

    left: int | None = None
    right: int | None = None
    bank_purchase: int | None = None
    buy_left: tuple[str, ...] | None = None
    buy_right: tuple[str, ...] | None = None
    buy_bank: tuple[str, ...] | None = None
    #: ``pay`` said alone: the build is paid (not Olympia A's free build), the cheapest way.
    paying: bool = False

    @property
    def empty(self) -> bool:
        """Whether the entry said nothing at all about the payment."""
        return self == Said()

    @property
    def anything(self) -> bool:
        """Whether it names coins or resources (``pay 0`` names nothing)."""
        return any(self.as_kwargs().values())

    def as_kwargs(self) -> dict[str, object]:
        """The statement as keyword arguments of :func:`payment.match_payment`."""
        return {
            key: value
            for key, value in (
                ("left", self.left),
                ("right", self.right),
                ("bank_purchase", self.bank_purchase),
                ("buy_left", self.buy_left),
                ("buy_right", self.buy_right),
                ("buy_bank", self.buy_bank),
            )
            if value is not None
        }

    def notation(self) -> str:
        """The statement as an entry writes it (``""`` when nothing was said)."""
        if self.empty:
            return ""
        if self.paying and not self.as_kwargs():
            return "pay"
        parts = []
        for side, coins, units in (
            ("left", self.left, self.buy_left),
            ("right", self.right, self.buy_right),
            ("bank", self.bank_purchase, self.buy_bank),
        ):
            if units:
                parts.append(" ".join((side, *units)))
            if coins:
                parts.append(f"{side} {coins}" if not units else str(coins))
        return "pay " + (" ".join(parts) if parts else "0")


def _pay_suffix(pay: Pay | Said | None) -> str:
    text = pay.notation() if pay is not None else ""
    return f" {text}" if text else ""


@dataclass(frozen=True)
class SetBoard:
    """``ada board Gizah B``: the board and side dealt to a player (when no Boards header)."""

    player: str
    wonder: str
    side: str

    def notation(self) -> str:
        """The entry as typed."""
        return f"{self.player} board {self.wonder} {self.side}"


#: A secret face in an entry's public form (``ada leaders ?, ?, ?, ?``, ``ada keep ?``).
UNKNOWN = "?"


@dataclass(frozen=True)
class LeaderHand:
    """``ada leaders Caesar, Nero, Midas, Plato``: the leaders a player holds (optional). In the
    leader draft: the hand drafted from now (the 4 dealt, the 3 or 2 received); after it, the
    hand kept. ``?`` (:data:`UNKNOWN`) stands for a leader not said (the public form of the entry
    is all ``?``). Once entered, that player's keeps and recruitment choices are checked
    against it.

    >>> LeaderHand("ada", ("Caesar", UNKNOWN)).notation(), LeaderHand("ada", ("Caesar", "?")).known
    ('ada leaders Caesar, ?', ('Caesar',))
    """

    player: str
    leaders: tuple[str, ...]

    @property
    def known(self) -> tuple[str, ...]:
        """The leaders named (every ``?`` left out)."""
        return tuple(name for name in self.leaders if name != UNKNOWN)

    def notation(self) -> str:
        """The entry as typed."""
        return f"{self.player} leaders " + ", ".join(self.leaders)


@dataclass(frozen=True)
class Keep:
    """``ada keep Caesar`` / ``ada keep ?``: the leader a player keeps face down in a pass of the
    leader draft (``7w.leaders.draft``); ``leader`` None: kept without saying which (``ada keep``
    reads the same). The rest of the hand goes to the right neighbour once every player has kept."""

    player: str
    leader: str | None = None

    def notation(self) -> str:
        """The entry as typed (``?`` for an unsaid leader)."""
        return f"{self.player} keep {self.leader or UNKNOWN}"


@dataclass(frozen=True)
class DraftPass:
    """``draft`` (also ``keep all``): the table ends the pass of the leader draft: every player who
    has not kept yet keeps an unsaid leader, and the hands are passed (``7w.leaders.draft``).
    A table that tracks no leader types it three times."""

    def notation(self) -> str:
        """The entry as typed."""
        return "draft"


@dataclass(frozen=True)
class Build:
    """``ada build Temple pay left 2``: build a structure from the hand (or the 7th card).
    ``free``: Olympia A's once-per-Age free build."""

    player: str
    card: str
    pay: Pay | Said | None = None
    free: bool = False

    def notation(self) -> str:
        """The entry as typed (with ``free`` and the payment)."""
        return f"{self.player} build {self.card}" + (" free" if self.free else "") + _pay_suffix(self.pay)


@dataclass(frozen=True)
class Stage:
    """``bob stage`` / ``bob stage Baths pay right 2``: build the next wonder stage, tucking an
    Age card (or, in a Recruitment phase, a leader). The tucked card may be left unnamed."""

    player: str
    card: str | None = None
    pay: Pay | Said | None = None

    def notation(self) -> str:
        """The entry as typed (with the tucked card and the payment)."""
        card = f" {self.card}" if self.card else ""
        return f"{self.player} stage{card}" + _pay_suffix(self.pay)


@dataclass(frozen=True)
class Sell:
    """``cleo sell Baths`` / ``cleo sell``: discard the chosen card (or leader) for 3 coins."""

    player: str
    card: str | None = None

    def notation(self) -> str:
        """The entry as typed."""
        return f"{self.player} sell" + (f" {self.card}" if self.card else "")


@dataclass(frozen=True)
class Recruit:
    """``ada recruit Caesar``: recruit a leader (Recruitment phase, or Rome B's extra leader).
    ``leader`` None: Rome B's extra recruitment is declined (``ada recruit none``)."""

    player: str
    leader: str | None

    def notation(self) -> str:
        """The entry as typed."""
        return f"{self.player} recruit {self.leader or 'none'}"


@dataclass(frozen=True)
class Pick:
    """``ada pick Baths`` / ``ada pick none``: the free build from the discard pile
    (Halikarnassos, Solomon)."""

    player: str
    card: str | None

    def notation(self) -> str:
        """The entry as typed."""
        return f"{self.player} pick {self.card or 'none'}"


@dataclass(frozen=True)
class Courtesan:
    """``ada courtesan Caesar``: where the Courtesans Guild's token goes (a neighbour's
    recruited leader)."""

    player: str
    leader: str

    def notation(self) -> str:
        """The entry as typed."""
        return f"{self.player} courtesan {self.leader}"


@dataclass(frozen=True)
class CopyGuild:
    """``ada copy Spies Guild``: the neighbour's guild Olympia B's third stage copies, at the
    end of the game; ``ada copy best`` (``guild`` None) leaves it to the scoring, which takes
    the best one for the player."""

    player: str
    guild: str | None

    def notation(self) -> str:
        """The entry as typed."""
        return f"{self.player} copy {self.guild or 'best'}"


#: Where a corrected card goes, or comes from: the discard pile (``7w.correct``).
DISCARD = "discard"


@dataclass(frozen=True)
class Correct:
    """``correct Ann coins +1 because the Vineyard paid her``: a physical mistake noticed late,
    corrected in the tracked game (``7w.correct``). ``thing`` is one of:

    * ``coins``: ``delta`` coins more (or fewer);
    * ``stage``: ``delta`` wonder stages more (or fewer);
    * ``token``: the conflict token ``old`` taken back and/or ``new`` given (values 1, 3, 5, -1);
    * ``card``: the Age card ``card`` moved from the player's city ``to`` the discard pile
      (:data:`DISCARD`) or another player's city, or (``to`` None) from the discard pile into
      the player's city.

    ``reason`` is required and kept in the entry.

    >>> Correct("Ann", "coins", delta=1, reason="the Vineyard paid").notation()
    'correct Ann coins +1 because the Vineyard paid'
    >>> Correct("Ann", "token", old=-1, new=3, reason="she won").notation()
    'correct Ann token -1 to 3 because she won'
    """

    player: str
    thing: str
    delta: int = 0
    old: int | None = None
    new: int | None = None
    card: str | None = None
    to: str | None = None
    reason: str = ""

    @property
    def change(self) -> str:
        """The change as the entry writes it (``+1``, ``add 3``, ``Baths to discard``)."""
        if self.thing in ("coins", "stage"):
            return f"{self.delta:+d}"
        if self.thing == "token":
            if self.old is None:
                return f"add {self.new}"
            if self.new is None:
                return f"remove {self.old}"
            return f"{self.old} to {self.new}"
        if self.to is None:
            return f"{self.card} from {DISCARD}"
        return f"{self.card} to {self.to}"

    def notation(self) -> str:
        """The entry as typed."""
        return f"correct {self.player} {self.thing} {self.change} because {self.reason}"


#: Roman numerals of the Ages, as the position lines write them.
ROMAN = {1: "I", 2: "II", 3: "III"}
#: The topics of a ``position`` line (``7w.position``).
POSITION_TOPICS = ("stand", "discard", "cards", "leaders", "figures")
#: How a position's cards line marks an Age II copy of Loom, Glassworks or Press.
AGE_TWO = " (Age II)"


@dataclass(frozen=True)
class SetPosition:
    """One line of a position block (``7w.position``): a game picked up in progress is put
    where the table stands by these lines, entered before the first move. ``topic`` says
    what the line sets:

    * ``stand``: where the game stands, ``position age II turn 3`` (``turn`` 0: the
      Recruitment phase before the Age, ``position age II recruitment``);
    * ``discard``: the face-down discard pile, cards of each Age (``position discard I 3, II 1``);
    * ``cards``: a city's structures (``position Ann cards Lumber Yard, Baths``); Loom,
      Glassworks and Press, printed in the Age I and Age II decks, with `` (Age II)`` when the
      city's copy is from Age II (``Loom (Age II)``);
    * ``leaders``: a city's recruited leaders (``position Ann leaders Caesar, Nero``);
    * ``figures``: a city's figures, each only when said (``position Ann coins 5 stages 1
      tokens +1 -1 hand 2 courtesan Caesar free-build used``); ``courtesan`` ``""`` is the
      token never placed (``courtesan none``).

    >>> SetPosition("stand", age=2, turn=3).notation(), SetPosition("discard", discard=(3, 1, 0)).notation()
    ('position age II turn 3', 'position discard I 3, II 1')
    >>> SetPosition("figures", "Ann", coins=5, stages=1, tokens=(1, -1), hand=2, courtesan="").notation()
    'position Ann coins 5 stages 1 tokens +1 -1 hand 2 courtesan none'
    """

    topic: str
    player: str | None = None
    age: int = 0
    turn: int = 0
    discard: tuple[int, int, int] = (0, 0, 0)
    names: tuple[str, ...] = ()
    coins: int | None = None
    stages: int | None = None
    tokens: tuple[int, ...] | None = None
    hand: int | None = None
    courtesan: str | None = None
    free_build: bool | None = None

    def notation(self) -> str:
        """The line as typed."""
        if self.topic == "stand":
            when = "recruitment" if self.turn == 0 else f"turn {self.turn}"
            return f"position age {ROMAN.get(self.age, str(self.age))} {when}"
        if self.topic == "discard":
            piles = [f"{ROMAN[age]} {count}" for age, count in zip((1, 2, 3), self.discard) if count]
            return "position discard " + (", ".join(piles) or "none")
        if self.topic in ("cards", "leaders"):
            return f"position {self.player} {self.topic} " + (", ".join(self.names) or "none")
        parts = [f"position {self.player}"]
        if self.coins is not None:
            parts.append(f"coins {self.coins}")
        if self.stages is not None:
            parts.append(f"stages {self.stages}")
        if self.tokens is not None:
            parts.append("tokens " + (" ".join(f"{t:+d}" for t in self.tokens) or "none"))
        if self.hand is not None:
            parts.append(f"hand {self.hand}")
        if self.courtesan is not None:
            parts.append(f"courtesan {self.courtesan or 'none'}")
        if self.free_build is not None:
            parts.append("free-build " + ("used" if self.free_build else "unused"))
        return " ".join(parts)


@dataclass(frozen=True)
class Sealed:
    """``sealed ada build Baths``: a choice of an Age turn or a Recruitment phase entered out
    of the table's sight (on the player's phone, or at ``secret``), before every choice is in
    (``7w.secrets.sealed``). The game takes it as the choice itself; the table sees only
    ``ada chose`` until the last choice of the turn shows them all (``reveal …``), as the cards
    are turned over together at a real table."""

    choice: Any

    @property
    def player(self) -> str:
        """The player of the choice."""
        return str(self.choice.player)

    def notation(self) -> str:
        """The entry as written."""
        return f"sealed {self.choice.notation()}"


@dataclass(frozen=True)
class Chose:
    """``ada chose``: a sealed choice as the table sees it before the last choice of its turn
    or phase is in (``7w.secrets.sealed``): the player has chosen; what is not shown."""

    player: str

    def notation(self) -> str:
        """The entry as written."""
        return f"{self.player} chose"


@dataclass(frozen=True)
class Reveal:
    """``reveal ada build Baths; bob sell; cleo stage pay left 2``: the last choice of a turn
    or a Recruitment phase as the table sees it when sealed choices are pending
    (``7w.secrets.sealed``): every sealed choice shown in its public form, then the last one.
    The cards are turned over together, so each seat replays this form."""

    choices: tuple[Any, ...]

    @property
    def player(self) -> str:
        """The player of the last choice (the one whose entry this is)."""
        return str(self.choices[-1].player)

    def notation(self) -> str:
        """The entry as written."""
        return "reveal " + "; ".join(choice.notation() for choice in self.choices)


Move = (
    SetBoard | LeaderHand | Keep | DraftPass | Build | Stage | Sell | Recruit | Pick | Courtesan | CopyGuild | Correct | SetPosition
    | Sealed | Chose | Reveal
)
