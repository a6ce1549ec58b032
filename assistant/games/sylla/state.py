"""The state of a Sylla game: the board, the event row, the players' cards, tiles, money and
tokens, and where the round stands (phase, step, whose turn).

A :class:`State` is frozen, as in every game: its sequences are tuples and its mappings
read-only, so every state in a game's history stays as it was (replay equals live state, undo
is dropping the last state). A rule changes a state through one helper, the way Immer (which
boardgame.io uses) does: ``state.edit()`` gives a :class:`Draft` of lists and dicts that the
phase's ``apply`` changes in place, and ``draft.freeze()`` gives the new state
(``rules.apply`` does both). Cards and tiles are frozen values shared between states: a card
tapped or turned face down is replaced in its owner's list (``DraftPlayer.set_tapped``,
``DraftPlayer.set_down``), so a draft copies the lists, never the cards.

>>> from assistant.games.sylla.rules.setup import initial
>>> state = initial(("Red", "Blue", "Green"), {})
>>> draft = state.edit()
>>> draft.player("Red").money += 3
>>> after = draft.freeze()
>>> state.player("Red").money, after.player("Red").money
(0, 3)
>>> after.player("Red").money = 5
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'money'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from assistant.games.sylla.components import (
    TOKENS,
    BoardSpec,
    CharacterSpec,
    EventSpec,
    event_data,
)

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

_NO_TOKENS: Mapping[str, int] = MappingProxyType({k: 0 for k in TOKENS})
_NO_CUBES: Mapping[str, int] = MappingProxyType({"vestal": 0, "legionary": 0})
_EMPTY: Mapping[str, Any] = MappingProxyType({})


_Built = TypeVar("_Built")
_Value = TypeVar("_Value")


def _build(cls: type[_Built], values: dict[str, Any]) -> _Built:
    """An instance of the dataclass ``cls`` holding ``values`` (every one of its fields, by
    name), made without its generated ``__init__``. A frozen dataclass's ``__init__`` sets each
    field through ``object.__setattr__``: that made ``freeze`` cost about 4 µs a player and 9 µs
    a state, a third of a Sylla replay. ``edit`` and ``freeze`` give every field (the tests
    check it), and nothing writes the new instance after."""
    new = object.__new__(cls)
    new.__dict__.update(values)
    return new


def _readonly(mapping: Mapping[str, _Value]) -> Mapping[str, _Value]:
    """A read-only copy of ``mapping`` (a frozen state's mappings are these)."""
    return MappingProxyType(dict(mapping))


class _PlayerReads:
    """What a player's state says, the same for a stored :class:`Player` and the
    :class:`DraftPlayer` a rule changes (the fields are the dataclasses')."""

    name: str
    cards: Sequence[Card]
    tiles: Sequence[Tile]
    money: int
    tokens: Mapping[str, int]
    unknown: int
    splits: frozenset[tuple[int, ...]] | None
    seen: Mapping[str, int]
    seen_unknown: int
    seen_splits: frozenset[tuple[int, ...]] | None
    money_unknown: bool

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

    def public(self) -> DraftPlayer:
        """His tokens as the whole table knows them, as a player holding nothing else (so that
        ``token_range`` and ``tokens_known`` read them, and a rule can narrow them)."""
        return DraftPlayer(self.name, tokens=dict(self.seen), unknown=self.seen_unknown, splits=self.seen_splits)

    # -- tokens of unknown kind (sylla.hidden.tokens) -----------------------------------
    def possible_splits(self) -> frozenset[tuple[int, ...]]:
        """Every split (count per kind, in TOKENS order) the unknown tokens can still have."""
        if self.splits is not None:
            return self.splits
        n = self.unknown
        return frozenset((a, b, n - a - b) for a in range(n + 1) for b in range(n + 1 - a))

    def token_range(self, kind: str) -> list[int]:
        """The counts of ``kind`` he can hold, given what is known (one value: it is known)."""
        i = TOKENS.index(kind)
        if not self.unknown:
            return [self.tokens[kind]]
        return sorted({self.tokens[kind] + s[i] for s in self.possible_splits()})

    def tokens_known(self) -> bool:
        """Whether the count of every kind is known."""
        return self.unknown == 0

    def card(self, label: str) -> Card | None:
        """His card labelled ``label`` (any case), or None."""
        for c in self.cards:
            if c.label.casefold() == label.casefold():
                return c
        return None


@dataclass(frozen=True)
class Player(_PlayerReads):
    """One player's cards, tiles, denarii, prestige, tokens and cubes, and his end-game
    entries, as a state stores them: frozen (a rule changes a :class:`DraftPlayer`)."""

    name: str
    set: int | None = None
    cards: tuple[Card, ...] = ()
    tiles: tuple[Tile, ...] = ()
    money: int = 0
    prestige: int = 10
    tokens: Mapping[str, int] = field(default_factory=lambda: _NO_TOKENS)
    cubes: Mapping[str, int] = field(default_factory=lambda: _NO_CUBES)
    used: tuple[str, ...] = ()  # tile labels used this phase IV
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
    seen: Mapping[str, int] = field(default_factory=lambda: _NO_TOKENS)
    seen_unknown: int = 0
    seen_splits: frozenset[tuple[int, ...]] | None = None
    # his denarii are not known here (``denarii ?``: the public form of a position block,
    # sylla.components.hidden): ``money`` then counts only the changes made since, and what
    # he can pay is judged on the record as typed, not here
    money_unknown: bool = False

    def __deepcopy__(self, memo: dict[int, object]) -> Player:
        """An equal player sharing no container with this one (``copy.deepcopy`` cannot copy
        the read-only mappings itself)."""
        return self.edit().freeze()

    def edit(self) -> DraftPlayer:
        """A draft of this player for a rule to change (its lists and mappings its own; the
        frozen cards and tiles shared)."""
        return _build(DraftPlayer, {
            **vars(self), "cards": list(self.cards), "tiles": list(self.tiles), "tokens": dict(self.tokens),
            "cubes": dict(self.cubes), "used": list(self.used), "seen": dict(self.seen),
        })


@dataclass
class DraftPlayer(_PlayerReads):
    """A :class:`Player` while a rule changes him (only inside ``rules.apply``; ``freeze``
    makes the stored player)."""

    name: str
    set: int | None = None
    cards: list[Card] = field(default_factory=list)
    tiles: list[Tile] = field(default_factory=list)
    money: int = 0
    prestige: int = 10
    tokens: dict[str, int] = field(default_factory=lambda: {k: 0 for k in TOKENS})
    cubes: dict[str, int] = field(default_factory=lambda: {"vestal": 0, "legionary": 0})
    used: list[str] = field(default_factory=list)
    prestige_before_end: int | None = None
    thumb: str | None = None
    end_votes: int = 0
    freed: int | None = None
    denarii_at_freeing: int = 0
    unknown: int = 0
    splits: frozenset[tuple[int, ...]] | None = None
    seen: dict[str, int] = field(default_factory=lambda: {k: 0 for k in TOKENS})
    seen_unknown: int = 0
    seen_splits: frozenset[tuple[int, ...]] | None = None
    money_unknown: bool = False

    def freeze(self) -> Player:
        """The stored, frozen player (its own copies: the draft may go on changing)."""
        return _build(Player, {
            **vars(self), "cards": tuple(self.cards), "tiles": tuple(self.tiles),
            "tokens": _readonly(self.tokens), "cubes": _readonly(self.cubes), "used": tuple(self.used),
            "seen": _readonly(self.seen),
        })

    # -- what the table knows of his tokens (sylla.components.hidden) ---------------------
    def _learn(self, view: DraftPlayer) -> None:
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


class _SlotReads:
    spec: EventSpec
    cubes: Mapping[str, int]

    @property
    def id(self) -> str:
        """The event's id (``famine``)."""
        return self.spec.id

    @property
    def total(self) -> int:
        """How many cubes lie on it."""
        return sum(self.cubes.values())


@dataclass(frozen=True)
class Slot(_SlotReads):
    """An event in the row with the cubes on it (player -> count)."""

    spec: EventSpec
    cubes: Mapping[str, int] = field(default_factory=lambda: _EMPTY)

    def __deepcopy__(self, memo: dict[int, object]) -> Slot:
        """An equal slot sharing no container with this one."""
        return Slot(self.spec, _readonly(self.cubes))


@dataclass
class DraftSlot(_SlotReads):
    """A :class:`Slot` while a rule changes it."""

    spec: EventSpec
    cubes: dict[str, int] = field(default_factory=dict)

    def freeze(self) -> Slot:
        """The stored, frozen slot."""
        return _build(Slot, {"spec": self.spec, "cubes": _readonly(self.cubes)})


PlayerT = TypeVar("PlayerT", bound=_PlayerReads)
SlotT = TypeVar("SlotT", bound=_SlotReads)


class _StateReads(Generic[PlayerT, SlotT]):
    """What a state says, the same for a stored :class:`State` and the :class:`Draft` a rule
    changes (the fields are the dataclasses')."""

    seats: tuple[str, ...]
    board: BoardSpec | None
    markers: Mapping[str, int]
    events: Sequence[SlotT]
    round: int
    phase: str
    turn: int
    order: Sequence[str]

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

    def slot(self, event_id: str) -> SlotT | None:
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


@dataclass(frozen=True)
class State(_StateReads[Player, Slot]):
    """Everything the game needs to go on: the table's components in play, each player, and
    where the round stands. Frozen: ``rules.apply`` changes a :meth:`edit` draft and stores
    its :meth:`Draft.freeze`, so every state of a game's history stays as it was."""

    seats: tuple[str, ...]
    options: Mapping[str, str]
    players: tuple[Player, ...]
    board: BoardSpec | None = None
    markers: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    famine: int = 0
    round: int = 0
    phase: str = "setup"
    step: str = "setup"
    consul: str | None = None
    # setup
    kept: Mapping[str, bool] = field(default_factory=lambda: _EMPTY)
    display: tuple[CharacterSpec, ...] | None = None  # optional: the character display entered this round
    # the event row
    events: tuple[Slot, ...] = ()  # top to bottom, Decadence last
    seen_events: Mapping[str, EventSpec] = field(default_factory=lambda: _EMPTY)
    removed_events: tuple[str, ...] = ()
    empty_slot: int | None = None
    # great works
    work_removed: str | None = None
    work: str | None = None
    next_work: str | None = None
    works_built: tuple[str, ...] = ()
    # the building spaces (six per round) and the tiles
    spaces: tuple[str | None, ...] = (None,) * 6
    tiles_out: int = 0  # tiles laid on the spaces so far (6 per round)
    tiles_bought: int = 0
    tiles_discarded: int = 0
    cranes: int = 0
    # the current step's turn order and bidding
    order: tuple[str, ...] = ()
    turn: int = 0
    high: int = -1
    high_bidder: str | None = None
    offers: int = 0
    offerer: str | None = None
    offer_space: int | None = None
    pending: tuple[str, ...] = ()
    votes: Mapping[str, tuple[str | None, int | None]] = field(default_factory=lambda: _EMPTY)  # (None, None): entered as unknown
    crises: tuple[str, ...] = ()  # phase VII: crisis kinds still to resolve
    field_left: Mapping[str, int] = field(default_factory=lambda: _EMPTY)  # phase VII: famine-and-crisis Field reduction still unused
    shown: tuple[tuple[str, str, int], ...] = ()  # token counts the rules revealed during the last entry
    prevented: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    current_effect: str | None = None
    tavern_moved: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    log: tuple[str, ...] = ()
    #: the score sheet's notes of the corrections that changed what the score uses (sylla.correct)
    corrections: tuple[str, ...] = ()
    #: the game was picked up in progress: a position entry was made (rule sylla.position)
    picked: bool = False
    #: an entry other than a position entry (or the board) was made: no position entry may follow
    moved: bool = False

    def player(self, name: str) -> Player:
        """The player called ``name`` (KeyError for another name)."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        """An equal state sharing no container with this one (``copy.deepcopy`` cannot copy
        the read-only mappings itself; the tests take such snapshots to check that judging an
        entry changes nothing)."""
        players = tuple(p.edit().freeze() for p in self.players)
        return replace(self.edit().freeze(), players=players, shown=self.shown)

    def edit(self) -> Draft:
        """The one way a state changes: a draft sharing nothing mutable with this state (the
        frozen cards, tiles and specs are shared), which a rule changes and then freezes.
        A player is drafted when a rule first reaches him (``Draft.player``), so an entry
        that changes one player copies one. ``shown`` starts empty: it holds what the next
        entry reveals."""
        values = {
            **vars(self), "options": dict(self.options), "markers": dict(self.markers), "kept": dict(self.kept),
            "display": list(self.display) if self.display is not None else None,
            "events": [DraftSlot(e.spec, dict(e.cubes)) for e in self.events], "seen_events": dict(self.seen_events),
            "removed_events": list(self.removed_events), "works_built": list(self.works_built),
            "spaces": list(self.spaces), "order": list(self.order), "pending": list(self.pending),
            "votes": dict(self.votes), "crises": list(self.crises), "field_left": dict(self.field_left), "shown": [],
            "prevented": list(self.prevented), "effects": list(self.effects), "tavern_moved": dict(self.tavern_moved),
            "log": list(self.log), "stored_players": self.players, "drafted": {},
        }
        del values["players"]
        return _build(Draft, values)


@dataclass
class Draft(_StateReads[DraftPlayer, DraftSlot]):
    """A :class:`State` while a rule changes it: the same fields, as lists and dicts. It lives
    only inside ``rules.apply`` (and a check's scratch copy); :meth:`freeze` makes the stored
    state."""

    seats: tuple[str, ...]
    options: dict[str, str]
    #: the players as the state held them; ``drafted`` holds the drafts of those a rule reached
    stored_players: tuple[Player, ...]
    board: BoardSpec | None = None
    markers: dict[str, int] = field(default_factory=dict)
    famine: int = 0
    round: int = 0
    phase: str = "setup"
    step: str = "setup"
    consul: str | None = None
    kept: dict[str, bool] = field(default_factory=dict)
    display: list[CharacterSpec] | None = None
    events: list[DraftSlot] = field(default_factory=list)
    seen_events: dict[str, EventSpec] = field(default_factory=dict)
    removed_events: list[str] = field(default_factory=list)
    empty_slot: int | None = None
    work_removed: str | None = None
    work: str | None = None
    next_work: str | None = None
    works_built: list[str] = field(default_factory=list)
    spaces: list[str | None] = field(default_factory=lambda: [None] * 6)
    tiles_out: int = 0
    tiles_bought: int = 0
    tiles_discarded: int = 0
    cranes: int = 0
    order: list[str] = field(default_factory=list)
    turn: int = 0
    high: int = -1
    high_bidder: str | None = None
    offers: int = 0
    offerer: str | None = None
    offer_space: int | None = None
    pending: list[str] = field(default_factory=list)
    votes: dict[str, tuple[str | None, int | None]] = field(default_factory=dict)
    crises: list[str] = field(default_factory=list)
    field_left: dict[str, int] = field(default_factory=dict)
    shown: list[tuple[str, str, int]] = field(default_factory=list)
    prevented: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)
    current_effect: str | None = None
    tavern_moved: dict[str, str] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    corrections: tuple[str, ...] = ()
    picked: bool = False
    moved: bool = False
    drafted: dict[int, DraftPlayer] = field(default_factory=dict)

    def player(self, name: str) -> DraftPlayer:
        """The player called ``name``, as a draft a rule may change (KeyError for another name)."""
        for i, p in enumerate(self.stored_players):
            if p.name == name:
                return self._drafted(i)
        raise KeyError(name)

    @property
    def players(self) -> list[DraftPlayer]:
        """Every player, as drafts (a rule going through them all drafts them all)."""
        return [self._drafted(i) for i in range(len(self.stored_players))]

    def _drafted(self, i: int) -> DraftPlayer:
        p = self.drafted.get(i)
        if p is None:
            p = self.drafted[i] = self.stored_players[i].edit()
        return p

    def freeze(self) -> State:
        """The stored, frozen state (its own copies: the draft may go on changing). A player
        no rule reached is the one the state before held."""
        values = {
            **vars(self), "options": _readonly(self.options), "markers": _readonly(self.markers),
            "players": tuple(
                self.drafted[i].freeze() if i in self.drafted else p for i, p in enumerate(self.stored_players)
            ),
            "kept": _readonly(self.kept), "display": tuple(self.display) if self.display is not None else None,
            "events": tuple(e.freeze() for e in self.events),
            "seen_events": _readonly(self.seen_events), "removed_events": tuple(self.removed_events),
            "works_built": tuple(self.works_built), "spaces": tuple(self.spaces), "order": tuple(self.order),
            "pending": tuple(self.pending), "votes": _readonly(self.votes), "crises": tuple(self.crises),
            "field_left": _readonly(self.field_left), "shown": tuple(self.shown),
            "prevented": tuple(self.prevented), "effects": tuple(self.effects),
            "tavern_moved": _readonly(self.tavern_moved), "log": tuple(self.log),
        }
        del values["stored_players"], values["drafted"]
        return _build(State, values)

    def note(self, text: str) -> None:
        """Add a line to the public log, prefixed with the round and phase."""
        self.log.append(f"R{self.round} {self.phase}: {text}" if self.round else text)


AnyState = State | Draft
"""A state a read-only helper may be given: a stored one (a check's) or a rule's draft."""

AnyPlayer = Player | DraftPlayer
"""A player a read-only helper may be given: a stored one or a rule's draft."""


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
