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


def _who(player: str | None, text: str) -> str:
    return f"{player} {text}" if player else text


@dataclass(frozen=True)
class BoardMove:
    spec: BoardSpec
    player: None = None

    def notation(self) -> str:
        return f"board {self.spec.text()}"


@dataclass(frozen=True)
class SetsMove:
    sets: tuple[tuple[str, int], ...]
    player: None = None

    def notation(self) -> str:
        return "sets " + " ".join(f"{name}={ROMAN_OF[n]}" for name, n in self.sets)


@dataclass(frozen=True)
class KeepMove:
    player: str
    cards: tuple[CharacterSpec, ...]

    def notation(self) -> str:
        return f"{self.player} keeps " + ", ".join(c.text() for c in self.cards)


@dataclass(frozen=True)
class EventsMove:
    events: tuple[EventSpec, ...]
    player: None = None

    def notation(self) -> str:
        word = "event" if len(self.events) == 1 else "events"
        return f"{word} " + ", ".join(e.text() for e in self.events)


@dataclass(frozen=True)
class RemoveWorkMove:
    work: str
    player: None = None

    def notation(self) -> str:
        return f"remove {works_by_id()[self.work]['name']}"


@dataclass(frozen=True)
class WorkMove:
    work: str
    player: None = None

    def notation(self) -> str:
        return f"work {works_by_id()[self.work]['name']}"


@dataclass(frozen=True)
class TilesMove:
    tiles: tuple[str, ...]
    player: None = None

    def notation(self) -> str:
        return "tiles " + ", ".join(buildings_by_id()[t]["name"] for t in self.tiles)


@dataclass(frozen=True)
class BidMove:
    player: str
    amount: int

    def notation(self) -> str:
        return f"{self.player} bids {self.amount}"


@dataclass(frozen=True)
class PassMove:
    player: str

    def notation(self) -> str:
        return f"{self.player} passes"


@dataclass(frozen=True)
class TokenMove:
    player: str
    kind: str

    def notation(self) -> str:
        return f"{self.player} takes {self.kind}"


@dataclass(frozen=True)
class RecruitMove:
    player: str
    card: CharacterSpec

    def notation(self) -> str:
        return f"{self.player} recruits {self.card.text()}"


@dataclass(frozen=True)
class DisplayMove:
    """The characters face up in the display (optional: when entered, recruits must come from it)."""

    cards: tuple[CharacterSpec, ...]
    player: None = None

    def notation(self) -> str:
        return "display " + ", ".join(c.text() for c in self.cards)


@dataclass(frozen=True)
class OfferMove:
    player: str
    space: int  # 1..6

    def notation(self) -> str:
        return f"{self.player} offers {self.space}"


@dataclass(frozen=True)
class PayMove:
    player: str
    labels: tuple[str, ...]

    def notation(self) -> str:
        return f"{self.player} pays " + " ".join(self.labels)


@dataclass(frozen=True)
class InsulaMove:
    player: str
    kinds: tuple[str, str]

    def notation(self) -> str:
        return f"{self.player} insula {self.kinds[0]} {self.kinds[1]}"


@dataclass(frozen=True)
class CraneMove:
    player: str
    hexes: str

    def notation(self) -> str:
        return f"{self.player} crane {self.hexes}"


@dataclass(frozen=True)
class TempleMove:
    player: str
    kind: str

    def notation(self) -> str:
        return f"{self.player} temple {self.kind}"


@dataclass(frozen=True)
class TavernMove:
    player: str
    marker: str
    direction: str  # up, down, hold

    def notation(self) -> str:
        return f"{self.player} tavern {self.marker} {self.direction}"


@dataclass(frozen=True)
class DoneMove:
    player: str

    def notation(self) -> str:
        return f"{self.player} done"


@dataclass(frozen=True)
class CubeMove:
    player: str
    source: str  # vestal or legionary
    event: str

    def notation(self) -> str:
        return f"{self.player} {self.source} {event_names()[self.event]}"


@dataclass(frozen=True)
class PreventMove:
    player: str
    events: tuple[str, ...]

    def notation(self) -> str:
        return f"{self.player} prevents " + ", ".join(event_names()[e] for e in self.events)


@dataclass(frozen=True)
class DownMove:
    player: str
    label: str

    def notation(self) -> str:
        return f"{self.player} turns {self.label}"


@dataclass(frozen=True)
class RemoveEventMove:
    player: str
    event: str

    def notation(self) -> str:
        return f"{self.player} removes {event_names()[self.event]}"


@dataclass(frozen=True)
class VoteMove:
    player: str
    thumb: str  # up or down
    denarii: int

    def notation(self) -> str:
        return f"{self.player} {self.thumb} {self.denarii}"


@dataclass(frozen=True)
class FreeMove:
    player: str
    count: int

    def notation(self) -> str:
        return f"{self.player} frees {self.count}"


MOVE_TYPES = (
    BoardMove, SetsMove, KeepMove, EventsMove, RemoveWorkMove, WorkMove, TilesMove, BidMove, PassMove,
    TokenMove, RecruitMove, DisplayMove, OfferMove, PayMove, InsulaMove, CraneMove, TempleMove, TavernMove, DoneMove,
    CubeMove, PreventMove, DownMove, RemoveEventMove, VoteMove, FreeMove,
)
