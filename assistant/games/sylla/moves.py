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

    move: SyllaMove
    shown: tuple[TokensMove, ...]

    @property
    def player(self) -> str | None:
        """The inner entry's player."""
        return getattr(self.move, "player", None)

    def notation(self) -> str:
        """``fists Blue up 3, Red down 0 | Blue tokens civic 1 | Red tokens civic 0``"""
        return " | ".join([self.move.notation(), *(t.notation() for t in self.shown)])


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


# -- the position block (rule sylla.position) --------------------------------------------------
#: The phases a game can be picked up in, and the point of each (rule sylla.position).
POSITION_PHASES = ("I", "II", "III", "VI", "VII")


def _tokens_text(tokens: tuple[int, int, int]) -> str:
    return f"civic {tokens[0]} health {tokens[1]} leisure {tokens[2]}"


@dataclass(frozen=True)
class PositionTable:
    """Where a picked-up game stands (rule sylla.position): the round, the phase, the Consul,
    whose turn it is (who bids or recruits next, who offers the next tile), the election's high
    bid so far and its bidder, the tiles offered this round, the famine marker and the three
    Res Publica markers (spaces counted from 1 at the left). Only these points are allowed: the
    election or recruitment at the start of a player's turn, an offer in phase III, the Great
    Work to reveal in phase VI, the new tiles at the end of a round."""

    round: int
    phase: str
    consul: str
    turn: str | None
    famine: int
    markers: tuple[int, int, int]
    offers: int = 0
    high: int | None = None
    high_bidder: str | None = None
    player: None = None

    def notation(self) -> str:
        """``position round 3, phase III, consul Blue, turn Red, offers 2, famine 2, civic 4, health 5, leisure 3``"""
        parts = [f"round {self.round}", f"phase {self.phase}", f"consul {self.consul}"]
        if self.turn is not None:
            parts.append(f"turn {self.turn}")
        if self.phase == "III":
            parts.append(f"offers {self.offers}")
        if self.high is not None:
            parts.append(f"high {self.high} {self.high_bidder}")
        parts.append(f"famine {self.famine}")
        parts += [f"{k} {v}" for k, v in zip(("civic", "health", "leisure"), self.markers)]
        return "position " + ", ".join(parts)


@dataclass(frozen=True)
class PositionEvents:
    """The event row top to bottom (Decadence last) and the events removed from the game so far,
    in the order they left (rule sylla.position)."""

    row: tuple[EventSpec, ...]
    removed: tuple[EventSpec, ...] = ()
    player: None = None

    def notation(self) -> str:
        """``position events Famine 1 V health, ..., Decadence 0 L; removed Eruption 0 V leisure``"""
        text = "position events " + ", ".join(e.text() for e in self.row)
        if self.removed:
            text += "; removed " + ", ".join(e.text() for e in self.removed)
        return text


@dataclass(frozen=True)
class PositionWorks:
    """The Great Works: this round's, those built, the one removed at setup (rule sylla.position)."""

    work: str
    built: tuple[str, ...]
    removed: str
    player: None = None

    def notation(self) -> str:
        """``position works Senate; built Pantheon, Public Baths; removed Temple``"""
        names = works_by_id()
        parts = [str(names[self.work]["name"])]
        if self.built:
            parts.append("built " + ", ".join(str(names[w]["name"]) for w in self.built))
        parts.append(f"removed {names[self.removed]['name']}")
        return "position works " + "; ".join(parts)


@dataclass(frozen=True)
class PositionTiles:
    """The building tiles on the 6 spaces, left to right; ``None`` (``-``) for an empty space
    (rule sylla.position)."""

    spaces: tuple[str | None, ...]
    player: None = None

    def notation(self) -> str:
        """``position tiles Field, -, Market Stall, -, Bank, Triumphal Arch``"""
        names = buildings_by_id()
        return "position tiles " + ", ".join(str(names[t]["name"]) if t else "-" for t in self.spaces)


@dataclass(frozen=True)
class PositionDisplay:
    """The characters lying in the display this round (rule sylla.position)."""

    cards: tuple[CharacterSpec, ...]
    player: None = None

    def notation(self) -> str:
        """``position display senator fish ry II, merchant y III``"""
        return "position display " + (", ".join(c.text() for c in self.cards) or "-")


@dataclass(frozen=True)
class PositionPlayer:
    """What the table knows of one player's figures (rule sylla.position): his Income tile,
    prestige, denarii (behind his screen, but every change of them is made in the open; ``None``,
    written ``denarii ?``, in the public form of the entry, which the whole table sees), the
    tokens of each kind everyone saw, and how many more he holds of a colour nobody saw, with
    the splits (civic, health, leisure) a reveal left them when it narrowed them down."""

    player: str
    set: int
    prestige: int
    denarii: int | None
    tokens: tuple[int, int, int]
    unseen: int = 0
    splits: tuple[tuple[int, int, int], ...] = ()

    def notation(self) -> str:
        """``position Blue set II, prestige 14, denarii 7, civic 1 health 0 leisure 2, unseen 2 as 1 1 0 or 1 0 1``"""
        text = (f"position {self.player} set {ROMAN_OF[self.set]}, prestige {self.prestige}, "
                f"denarii {'?' if self.denarii is None else self.denarii}, "
                + _tokens_text(self.tokens))
        if self.unseen:
            text += f", unseen {self.unseen}"
            if self.splits:
                text += " as " + " or ".join(" ".join(map(str, s)) for s in self.splits)
        return text


@dataclass(frozen=True)
class PositionCard:
    """A character (``spec``) or a Crane card (``crane``: its hexagons) in front of a player,
    tapped or face down or both."""

    spec: CharacterSpec | None
    crane: str = ""
    tapped: bool = False
    down: bool = False

    def text(self) -> str:
        """``senator fish ry II tapped``, ``crane ry tapped``"""
        head = self.spec.text() if self.spec is not None else f"crane {self.crane}"
        return " ".join([head] + (["tapped"] if self.tapped else []) + (["down"] if self.down else []))


@dataclass(frozen=True)
class PositionCards:
    """The character and Crane cards in front of a player, in the order he got them (their
    labels Sen1, Sen2, Cra1 follow that order) (rule sylla.position)."""

    player: str
    cards: tuple[PositionCard, ...]

    def notation(self) -> str:
        """``position Blue cards senator fish ry II, merchant y II tapped, crane ry tapped``"""
        return f"position {self.player} cards " + (", ".join(c.text() for c in self.cards) or "-")


@dataclass(frozen=True)
class PositionBuildings:
    """The building tiles a player keeps, in the order he got them, each face up or down
    (rule sylla.position)."""

    player: str
    tiles: tuple[tuple[str, bool], ...]

    def notation(self) -> str:
        """``position Blue buildings Market Stall, Field down``"""
        names = buildings_by_id()
        return f"position {self.player} buildings " + (
            ", ".join(str(names[k]["name"]) + (" down" if down else "") for k, down in self.tiles) or "-")


POSITION_TYPES = (
    PositionTable, PositionEvents, PositionWorks, PositionTiles, PositionDisplay, PositionPlayer, PositionCards,
    PositionBuildings,
)
"""The entries of a position block (rule sylla.position)."""


MOVE_TYPES = (
    BoardMove, SetsMove, KeepMove, EventsMove, RemoveWorkMove, WorkMove, TilesMove, BidMove, PassMove,
    TokenMove, RecruitMove, DisplayMove, OfferMove, PayMove, InsulaMove, CraneMove, TempleMove, TavernMove, DoneMove,
    CubeMove, PreventMove, DownMove, RemoveEventMove, VoteMove, FreeMove, FistsMove, TokensMove, RevealingMove,
    CorrectMove, *POSITION_TYPES,
)


#: Any Sylla entry: the type of the moves of ``Ruleset[State, SyllaMove]``.
SyllaMove = (
    BoardMove | SetsMove | KeepMove | EventsMove | RemoveWorkMove | WorkMove | TilesMove | BidMove | PassMove
    | TokenMove | RecruitMove | DisplayMove | OfferMove | PayMove | InsulaMove | CraneMove | TempleMove | TavernMove
    | DoneMove | CubeMove | PreventMove | DownMove | RemoveEventMove | VoteMove | FreeMove | FistsMove | TokensMove
    | RevealingMove | CorrectMove | PositionTable | PositionEvents | PositionWorks | PositionTiles | PositionDisplay
    | PositionPlayer | PositionCards | PositionBuildings
)
