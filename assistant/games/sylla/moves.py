"""Sylla's entries as typed moves. ``player`` is ``None`` for what the table reads off a
component (the board, the sets drawn, an event, a great work, building tiles). Each
``notation()`` parses back to an equal move (tests/sylla/test_sylla_notation.py)."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.games.sylla.components import (
    ROMAN_OF,
    BoardSpec,
    CharacterSpec,
    EventSpec,
    buildings_by_id,
    event_names,
    works_by_id,
)


@dataclass(frozen=True)
class BoardMove:
    """The printed board read off at setup (or given as the ``board`` option)."""

    spec: BoardSpec
    player: None = None

    def notation(self) -> str:
        """``board ladder=... crisis=N start=N spaces=...``"""
        return f"board {self.spec.text()}"


@dataclass(frozen=True)
class SetsMove:
    """The Income tile each player drew at setup (his character set)."""

    sets: tuple[tuple[str, int], ...]
    player: None = None

    def notation(self) -> str:
        """``sets Blue=I Red=II ...``"""
        return "sets " + " ".join(f"{name}={ROMAN_OF[n]}" for name, n in self.sets)


@dataclass(frozen=True)
class KeepMove:
    """The characters a player keeps from his set at setup."""

    player: str
    cards: tuple[CharacterSpec, ...]

    def notation(self) -> str:
        """``Blue keeps senator fish ry, ...``"""
        return f"{self.player} keeps " + ", ".join(c.text() for c in self.cards)


@dataclass(frozen=True)
class EventsMove:
    """The event row at setup, or the one event drawn into the empty slot."""

    events: tuple[EventSpec, ...]
    player: None = None

    def notation(self) -> str:
        """``events Decadence 0 L, Famine 1 V health, ...`` (``event`` for one)."""
        word = "event" if len(self.events) == 1 else "events"
        return f"{word} " + ", ".join(e.text() for e in self.events)


@dataclass(frozen=True)
class RemoveWorkMove:
    """The Great Work removed from the game at setup."""

    work: str
    player: None = None

    def notation(self) -> str:
        """``remove Pantheon``"""
        return f"remove {works_by_id()[self.work]['name']}"


@dataclass(frozen=True)
class WorkMove:
    """The Great Work showing on the pile (round 1's at setup, next round's in phase VI)."""

    work: str
    player: None = None

    def notation(self) -> str:
        """``work Senate``"""
        return f"work {works_by_id()[self.work]['name']}"


@dataclass(frozen=True)
class TilesMove:
    """The 6 building tiles laid on the spaces, left to right."""

    tiles: tuple[str, ...]
    player: None = None

    def notation(self) -> str:
        """``tiles Market Stall, Field, ...``"""
        return "tiles " + ", ".join(buildings_by_id()[t]["name"] for t in self.tiles)


@dataclass(frozen=True)
class BidMove:
    """A bid: total votes in the election, cards in a building auction."""

    player: str
    amount: int

    def notation(self) -> str:
        """``Blue bids 3``"""
        return f"{self.player} bids {self.amount}"


@dataclass(frozen=True)
class PassMove:
    """A pass in the election or an auction."""

    player: str

    def notation(self) -> str:
        """``Blue passes``"""
        return f"{self.player} passes"


@dataclass(frozen=True)
class TokenMove:
    """The new Consul's token (phase I)."""

    player: str
    kind: str

    def notation(self) -> str:
        """``Black takes civic``"""
        return f"{self.player} takes {self.kind}"


@dataclass(frozen=True)
class RecruitMove:
    """The character a player takes from the display (phase II)."""

    player: str
    card: CharacterSpec

    def notation(self) -> str:
        """``Blue recruits senator ry II``"""
        return f"{self.player} recruits {self.card.text()}"


@dataclass(frozen=True)
class DisplayMove:
    """The characters face up in the display (optional: when entered, recruits must come from it)."""

    cards: tuple[CharacterSpec, ...]
    player: None = None

    def notation(self) -> str:
        """``display senator ry II, ...``"""
        return "display " + ", ".join(c.text() for c in self.cards)


@dataclass(frozen=True)
class OfferMove:
    """The tile the offerer puts up for auction, by its space (phase III)."""

    player: str
    space: int  # 1..6

    def notation(self) -> str:
        """``White offers 2``"""
        return f"{self.player} offers {self.space}"


@dataclass(frozen=True)
class PayMove:
    """The cards the auction's winner taps to pay, by label."""

    player: str
    labels: tuple[str, ...]

    def notation(self) -> str:
        """``Blue pays Sen1 Mer1``"""
        return f"{self.player} pays " + " ".join(self.labels)


@dataclass(frozen=True)
class InsulaMove:
    """The 2 tokens an Insula gives; a kind the table did not see is None (``?``)."""

    player: str
    kinds: tuple[str | None, str | None]

    def notation(self) -> str:
        """``Red insula civic health``, ``Red insula ? ?``"""
        return f"{self.player} insula {self.kinds[0] or '?'} {self.kinds[1] or '?'}"


@dataclass(frozen=True)
class CraneMove:
    """The hexagon colours of the Crane card a player takes."""

    player: str
    hexes: str

    def notation(self) -> str:
        """``Red crane ry``"""
        return f"{self.player} crane {self.hexes}"


@dataclass(frozen=True)
class TempleMove:
    """A Private Temple used in phase IV: 2 denarii for a token (its kind None: ``?``)."""

    player: str
    kind: str | None

    def notation(self) -> str:
        """``Red temple health``, ``Red temple ?``"""
        return f"{self.player} temple {self.kind or '?'}"


@dataclass(frozen=True)
class TavernMove:
    """A Tavern used in phase IV: a marker up, down, or held at an end."""

    player: str
    marker: str
    direction: str  # up, down, hold

    def notation(self) -> str:
        """``Red tavern civic up``"""
        return f"{self.player} tavern {self.marker} {self.direction}"


@dataclass(frozen=True)
class DoneMove:
    """A player is done with his buildings in phase IV."""

    player: str

    def notation(self) -> str:
        """``Red done``"""
        return f"{self.player} done"


@dataclass(frozen=True)
class CubeMove:
    """A Vestal or Legionary cube placed on an event (phase V)."""

    player: str
    source: str  # vestal or legionary
    event: str

    def notation(self) -> str:
        """``Blue vestal Famine``"""
        return f"{self.player} {self.source} {event_names()[self.event]}"


@dataclass(frozen=True)
class PreventMove:
    """The tied event(s) the Consul chooses to prevent."""

    player: str
    events: tuple[str, ...]

    def notation(self) -> str:
        """``Black prevents Famine, Flood``"""
        return f"{self.player} prevents " + ", ".join(event_names()[e] for e in self.events)


@dataclass(frozen=True)
class DownMove:
    """The card or tile a player turns face down for a disabling event."""

    player: str
    label: str

    def notation(self) -> str:
        """``Blue turns Sen1``"""
        return f"{self.player} turns {self.label}"


@dataclass(frozen=True)
class RemoveEventMove:
    """The prevented event the Consul chooses to leave when the two tie."""

    player: str
    event: str

    def notation(self) -> str:
        """``Black removes Flood``"""
        return f"{self.player} removes {event_names()[self.event]}"


@dataclass(frozen=True)
class VoteMove:
    """A secret fist vote: the thumb and the denarii in the fist (Great Work or Ecclesia).
    Both None: the player has voted, and the table will see his fist when all fists open."""

    player: str
    thumb: str | None  # up or down
    denarii: int | None

    def notation(self) -> str:
        """``Blue up 3``, ``Blue votes ?``"""
        if self.thumb is None or self.denarii is None:
            return f"{self.player} votes ?"
        return f"{self.player} {self.thumb} {self.denarii}"


@dataclass(frozen=True)
class FistsMove:
    """The fists open (sylla.hidden.votes): each vote entered as unknown, and any still to
    come, as the table now sees it. A vote already typed may be repeated if it is the same."""

    votes: tuple[tuple[str, str, int], ...]
    player: None = None

    def notation(self) -> str:
        """``fists Blue up 3, Red down 0``"""
        return "fists " + ", ".join(f"{n} {t} {d}" for n, t, d in self.votes)


@dataclass(frozen=True)
class TokensMove:
    """How many tokens of some kinds a player holds, shown (a crisis, the end) or named later
    (sylla.hidden.tokens). No counts: ``Red tokens ?``, a note that tells the table nothing."""

    player: str
    counts: tuple[tuple[str, int], ...]

    def notation(self) -> str:
        """``Red tokens civic 2 health 1``"""
        if not self.counts:
            return f"{self.player} tokens ?"
        return f"{self.player} tokens " + " ".join(f"{k} {n}" for k, n in self.counts)


@dataclass(frozen=True)
class RevealingMove:
    """An entry with the token counts the rules revealed as it was played (a crisis, the
    end), as the public record writes it: ``<entry> | Red tokens civic 2 | ...``. The counts are
    taken first, then the entry."""

    move: object
    shown: tuple[TokensMove, ...]

    @property
    def player(self) -> str | None:
        """The inner entry's player."""
        return getattr(self.move, "player", None)

    def notation(self) -> str:
        """``fists Blue up 3, Red down 0 | Blue tokens civic 1 | Red tokens civic 0``"""
        return " | ".join([self.move.notation(), *(t.notation() for t in self.shown)])  # type: ignore[attr-defined]


@dataclass(frozen=True)
class FreeMove:
    """How many Slaves a player frees at the end (2 denarii each)."""

    player: str
    count: int

    def notation(self) -> str:
        """``Red frees 2``"""
        return f"{self.player} frees {self.count}"


#: What a correction can put right (rule sylla.correct).
CORRECTABLE = ("prestige", "denarii", "token", "card")
#: What a correction does to a card: tapped or face down by mistake, or the other way.
CARD_FIXES = ("tap", "untap", "down", "up")


@dataclass(frozen=True)
class CorrectMove:
    """A physical mistake noticed late, put right (rule sylla.correct); not a turn. ``thing``:
    ``prestige`` or ``denarii`` (``amount`` gained, or lost when negative), ``token`` (one token
    of ``kind`` shown in the open moved from ``player`` to ``other``), or ``card`` (``card``, a
    label, tapped, untapped, turned face down or face up: ``fix``). ``reason`` is kept in the
    entry text."""

    player: str
    thing: str
    reason: str
    amount: int = 0
    kind: str = ""
    other: str = ""
    card: str = ""
    fix: str = ""

    def notation(self) -> str:
        """``correct Red prestige +2 because ...``, ``correct Red token civic to Blue because ...``,
        ``correct Red card Sen1 untap because ...``"""
        if self.thing == "token":
            change = f"token {self.kind} to {self.other}"
        elif self.thing == "card":
            change = f"card {self.card} {self.fix}"
        else:
            change = f"{self.thing} {self.amount:+d}"
        return f"correct {self.player} {change} because {self.reason}"


MOVE_TYPES = (
    BoardMove, SetsMove, KeepMove, EventsMove, RemoveWorkMove, WorkMove, TilesMove, BidMove, PassMove,
    TokenMove, RecruitMove, DisplayMove, OfferMove, PayMove, InsulaMove, CraneMove, TempleMove, TavernMove, DoneMove,
    CubeMove, PreventMove, DownMove, RemoveEventMove, VoteMove, FreeMove, FistsMove, TokensMove, RevealingMove,
    CorrectMove,
)
