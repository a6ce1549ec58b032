"""The state of a Sylla game: the board, the event row, the players' cards, tiles, money and
tokens, and where the round stands (phase, step, whose turn).

A state is a plain dataclass that ``rules.apply`` clones before changing the clone, so every
state in a game's history stays as it was (replay equals live state, undo is dropping the last
state). Cards and tiles are frozen values shared between states: a card tapped or turned face
down is replaced in its owner's list (``Player.set_tapped``, ``Player.set_down``), so a clone
copies the lists, never the cards."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace

from assistant.games.sylla.components import TOKENS, BoardSpec, CharacterSpec, EventSpec, event_data

PHASE_NAMES: dict[str, str] = {
    "setup": "setup",
    "I": "First Consul",
    "II": "recruitment",
    "III": "buildings",
    "IV": "income",
    "V": "events",
    "VI": "great work",
    "VII": "famine and crisis",
    "end": "end of the game",
    "over": "game over",
}


@dataclass(frozen=True)
class Card:
    """A character or Crane card in front of a player. ``label`` (``Sen1``, ``Cra1``) names it in entries."""

    label: str
    kind: str  # senator, merchant, legionary, vestal, slave, crane
    hexes: str
    christian: bool = False
    set: int | None = None
    tapped: bool = False
    down: bool = False

    @property
    def usable(self) -> bool:
        """Neither tapped nor face down: it can pay, vote, earn or place a cube."""
        return not self.tapped and not self.down

    def spec(self) -> CharacterSpec:
        """The card as the table entered it."""
        return CharacterSpec(self.kind, self.christian, self.hexes, self.set)

    def describe(self) -> str:
        """``Sen1 (ry fish tapped)``: the label, hexagons and flags, for the state view."""
        flags = [self.hexes] + (["fish"] if self.christian else [])
        if self.tapped:
            flags.append("tapped")
        if self.down:
            flags.append("face down")
        return f"{self.label} ({' '.join(flags)})"


@dataclass(frozen=True)
class Tile:
    """A kept building tile (Market Stall, Field, Private Temple, Tavern)."""

    label: str
    kind: str
    down: bool = False

    def describe(self) -> str:
        """The label, and whether it is face down, for the state view."""
        return self.label + (" (face down)" if self.down else "")


#: Every denarius of the game (sylla.components: 35 coins of 1 and 5 of 5): the most a
#: player whose denarii are not known here may hold.
ALL_DENARII = 60

@dataclass
class Player:
    """One player's cards, tiles, denarii, prestige, tokens and cubes, and his end-game entries."""

    name: str
    set: int | None = None
    cards: list[Card] = field(default_factory=list)
    tiles: list[Tile] = field(default_factory=list)
    money: int = 0
    prestige: int = 10
    tokens: dict[str, int] = field(default_factory=lambda: {k: 0 for k in TOKENS})
    cubes: dict[str, int] = field(default_factory=lambda: {"vestal": 0, "legionary": 0})
    used: list[str] = field(default_factory=list)  # tile labels used this phase IV
    # the end of the game
    prestige_before_end: int | None = None
    thumb: str | None = None
    end_votes: int = 0
    freed: int | None = None
    denarii_at_freeing: int = 0
    # tokens entered as unknown (``temple ?``, ``insula ? ?``; sylla.hidden.tokens): how many,
    # and the kind counts they can still have (None: any split); folded into ``tokens`` when
    # what is revealed leaves one split
    unknown: int = 0
    splits: frozenset[tuple[int, ...]] | None = None
    # what the whole table knows of his tokens (sylla.components.hidden): the kinds shown in
    # the open (the Consul's token, an event's reward), a Temple's or an Insula's token as one
    # of unknown colour however it was typed, and the counts a reveal showed. The board shows
    # this without ``reveal``, so it is the same in a game and in its public record.
    seen: dict[str, int] = field(default_factory=lambda: {k: 0 for k in TOKENS})
    seen_unknown: int = 0
    seen_splits: frozenset[tuple[int, ...]] | None = None
    # his denarii are not known here (``denarii ?``: the public form of a position block,
    # sylla.components.hidden): ``money`` then counts only the changes made since, and what
    # he can pay is judged on the record as typed, not here
    money_unknown: bool = False

    @property
    def money_text(self) -> str:
        """His denarii as a view prints them: the count, or ``?`` when not known here."""
        return "?" if self.money_unknown else str(self.money)

    def can_pay(self, amount: int) -> bool:
        """Whether he may pay ``amount`` denarii as far as this state knows (always, when his
        denarii are not known here: the record as typed judges)."""
        return self.money_unknown or self.money >= amount

    @property
    def most_money(self) -> int:
        """The most denarii he may hold as far as this state knows: his denarii, or every
        denarius of the game when they are not known here (``sylla.components``: 60)."""
        return ALL_DENARII if self.money_unknown else self.money

    def count(self, kind: str, *, usable: bool = False, face_up: bool = False) -> int:
        """How many cards of ``kind`` he has (only usable or face-up ones when asked)."""
        return sum(
            1 for c in self.cards
            if c.kind == kind and (not usable or c.usable) and (not face_up or not c.down)
        )

    def face_up_tiles(self, kind: str) -> int:
        """How many face-up tiles of ``kind`` he has."""
        return sum(1 for t in self.tiles if t.kind == kind and not t.down)

    def clone(self) -> "Player":
        """A copy whose lists and mappings are its own (the frozen cards and tiles are shared)."""
        return Player(
            self.name, self.set, list(self.cards), list(self.tiles), self.money, self.prestige, dict(self.tokens),
            dict(self.cubes), list(self.used), self.prestige_before_end, self.thumb, self.end_votes, self.freed,
            self.denarii_at_freeing, self.unknown, self.splits, dict(self.seen), self.seen_unknown, self.seen_splits,
            self.money_unknown,
        )

    # -- what the table knows of his tokens (sylla.components.hidden) ---------------------
    def public(self) -> "Player":
        """His tokens as the whole table knows them, as a Player holding nothing else (so that
        ``token_range`` and ``tokens_known`` read them)."""
        return Player(self.name, tokens=dict(self.seen), unknown=self.seen_unknown, splits=self.seen_splits)

    def _learn(self, view: "Player") -> None:
        self.seen, self.seen_unknown, self.seen_splits = view.tokens, view.unknown, view.splits

    def hide_one(self) -> None:
        """The table saw him take a token but not its colour (a Temple, an Insula)."""
        view = self.public()
        view.add_unknown(1)
        self._learn(view)

    def see_count(self, kind: str, count: int) -> None:
        """The table saw that he holds ``count`` tokens of ``kind`` (a crisis, the end)."""
        view = self.public()
        view.narrow(kind, count)
        self._learn(view)

    # -- tokens of unknown kind (sylla.hidden.tokens) -----------------------------------
    def possible_splits(self) -> frozenset[tuple[int, ...]]:
        """Every split (count per kind, in TOKENS order) the unknown tokens can still have."""
        if self.splits is not None:
            return self.splits
        n = self.unknown
        return frozenset((a, b, n - a - b) for a in range(n + 1) for b in range(n + 1 - a))

    def add_unknown(self, count: int) -> None:
        """``count`` more tokens of a kind the table did not see."""
        if self.splits is not None:
            grown = self.splits
            for _ in range(count):
                grown = frozenset(
                    tuple(v + (1 if i == k else 0) for i, v in enumerate(s)) for s in grown for k in range(len(TOKENS))
                )
            self.splits = grown
        self.unknown += count

    def token_range(self, kind: str) -> list[int]:
        """The counts of ``kind`` he can hold, given what is known (one value: it is known)."""
        i = TOKENS.index(kind)
        if not self.unknown:
            return [self.tokens[kind]]
        return sorted({self.tokens[kind] + s[i] for s in self.possible_splits()})

    def tokens_known(self) -> bool:
        """Whether the count of every kind is known."""
        return self.unknown == 0

    def narrow(self, kind: str, count: int) -> None:
        """What a reveal says: he holds exactly ``count`` tokens of ``kind`` (checked before)."""
        if not self.unknown:
            return
        i = TOKENS.index(kind)
        self.splits = frozenset(s for s in self.possible_splits() if self.tokens[kind] + s[i] == count)
        if len(self.splits) == 1:
            (only,) = self.splits
            for k, v in zip(TOKENS, only):
                self.tokens[k] += v
            self.unknown, self.splits = 0, None

    def card(self, label: str) -> Card | None:
        """His card labelled ``label`` (any case), or None."""
        for c in self.cards:
            if c.label.casefold() == label.casefold():
                return c
        return None

    def set_tapped(self, label: str, tapped: bool) -> None:
        """Tap or untap his card labelled ``label``."""
        for i, c in enumerate(self.cards):
            if c.label == label:
                self.cards[i] = replace(c, tapped=tapped)
                return
        raise KeyError(label)

    def set_down(self, label: str, down: bool) -> None:
        """Turn his card or tile labelled ``label`` face down (or back up)."""
        for i, c in enumerate(self.cards):
            if c.label == label:
                self.cards[i] = replace(c, down=down)
                return
        for i, t in enumerate(self.tiles):
            if t.label == label:
                self.tiles[i] = replace(t, down=down)
                return
        raise KeyError(label)


@dataclass
class Slot:
    """An event in the row with the cubes on it (player -> count)."""

    spec: EventSpec
    cubes: dict[str, int] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """The event's id (``famine``)."""
        return self.spec.id

    @property
    def total(self) -> int:
        """How many cubes lie on it."""
        return sum(self.cubes.values())


@dataclass
class State:
    """Everything the game needs to go on: the table's components in play, each player, and
    where the round stands; ``log`` is the public record of what happened."""

    seats: tuple[str, ...]
    options: dict[str, str]
    players: list[Player]
    board: BoardSpec | None = None
    markers: dict[str, int] = field(default_factory=dict)
    famine: int = 0
    round: int = 0
    phase: str = "setup"
    step: str = "setup"
    consul: str | None = None
    # setup entries
    kept: dict[str, bool] = field(default_factory=dict)
    display: list[CharacterSpec] | None = None  # optional: the character display entered this round
    # events
    events: list[Slot] = field(default_factory=list)  # top to bottom, Decadence last
    seen_events: dict[str, EventSpec] = field(default_factory=dict)
    removed_events: list[str] = field(default_factory=list)
    empty_slot: int | None = None
    # great works
    work_removed: str | None = None
    work: str | None = None
    next_work: str | None = None
    works_built: list[str] = field(default_factory=list)
    # buildings
    spaces: list[str | None] = field(default_factory=lambda: [None] * 6)
    tiles_out: int = 0  # tiles laid on the spaces so far (6 per round)
    tiles_bought: int = 0
    tiles_discarded: int = 0
    cranes: int = 0
    # turn bookkeeping of the current step
    order: list[str] = field(default_factory=list)
    turn: int = 0
    high: int = -1
    high_bidder: str | None = None
    offers: int = 0
    offerer: str | None = None
    offer_space: int | None = None
    pending: list[str] = field(default_factory=list)
    votes: dict[str, tuple[str | None, int | None]] = field(default_factory=dict)  # (None, None): entered as unknown
    crises: list[str] = field(default_factory=list)  # phase VII: crisis kinds still to resolve
    field_left: dict[str, int] = field(default_factory=dict)  # phase VII: famine-and-crisis Field reduction still unused
    shown: list[tuple[str, str, int]] = field(default_factory=list)  # token counts the rules revealed during the last entry
    prevented: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)
    current_effect: str | None = None
    tavern_moved: dict[str, str] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    #: the score sheet's notes of the corrections that changed what the score uses (sylla.correct)
    corrections: tuple[str, ...] = ()
    #: the game was picked up in progress: a position entry was made (rule sylla.position)
    picked: bool = False
    #: an entry other than a position entry (or the board) was made: no position entry may follow
    moved: bool = False

    # -- helpers ---------------------------------------------------------------------
    def clone(self) -> "State":
        """A copy sharing nothing mutable with this state (the frozen cards, tiles and specs
        are shared; the random-play tests check that applying an entry never changes the state
        before it)."""
        new = copy.copy(self)
        new.options = dict(self.options)
        new.players = [p.clone() for p in self.players]
        new.markers = dict(self.markers)
        new.kept = dict(self.kept)
        new.display = list(self.display) if self.display is not None else None
        new.events = [Slot(s.spec, dict(s.cubes)) for s in self.events]
        new.seen_events = dict(self.seen_events)
        new.removed_events = list(self.removed_events)
        new.works_built = list(self.works_built)
        new.spaces = list(self.spaces)
        new.order = list(self.order)
        new.pending = list(self.pending)
        new.votes = dict(self.votes)
        new.prevented = list(self.prevented)
        new.effects = list(self.effects)
        new.tavern_moved = dict(self.tavern_moved)
        new.crises = list(self.crises)
        new.field_left = dict(self.field_left)
        new.shown = []
        new.log = list(self.log)
        return new

    def player(self, name: str) -> Player:
        """The player called ``name`` (KeyError for another name)."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def clockwise_from(self, first: str) -> list[str]:
        """The seats in turn order starting with ``first``."""
        i = self.seats.index(first)
        return [self.seats[(i + k) % len(self.seats)] for k in range(len(self.seats))]

    @property
    def actor(self) -> str | None:
        """Whose turn it is in the current step's turn order (None when the order is done)."""
        if 0 <= self.turn < len(self.order):
            return self.order[self.turn]
        return None

    def slot(self, event_id: str) -> Slot | None:
        """The event row's slot holding ``event_id``, or None."""
        for s in self.events:
            if s.id == event_id:
                return s
        return None

    def visible(self) -> set[str]:
        """The ids of the events in the row."""
        return {s.id for s in self.events}

    def value(self, kind: str) -> int:
        """What a token of ``kind`` is worth where its marker stands on the ladder."""
        assert self.board is not None
        return self.board.ladder[self.markers[kind]]

    def in_crisis(self, kind: str) -> bool:
        """Whether the ``kind`` marker stands in the crisis zone."""
        assert self.board is not None
        return self.markers[kind] < self.board.crisis

    def note(self, text: str) -> None:
        """Add a line to the public log, prefixed with the round and phase."""
        self.log.append(f"R{self.round} {self.phase}: {text}" if self.round else text)


def holders(item: Card | Tile) -> list[str]:
    """The events that can hold this item face down (sylla.events.overlap)."""
    table = event_data()["holders"]
    if isinstance(item, Tile):
        return list(table["stall"] if item.kind == "stall" else table["building"])
    if item.kind == "crane":
        return list(table["building"])
    if item.kind == "senator":
        return list(table["christian_senator"] if item.christian else table["senator"])
    if item.kind == "slave":
        return list(table["christian_slave"] if item.christian else table["slave"])
    return list(table["christian"]) if item.christian else []
