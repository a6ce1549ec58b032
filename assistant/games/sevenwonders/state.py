"""The state of a tracked 7 Wonders game: one :class:`City` per seat plus the game's phase.

Seats are stored clockwise: a player's **left** neighbour is the next seat, the **right**
neighbour the previous one (``7w.terms.neighbours``).

Phases (``SWState.phase``):

* ``boards``  — waiting for ``<player> board <Wonder> <side>`` entries (no Boards header);
* ``draft``   — the leader draft (``7w.leaders.draft``) before Age I's Recruitment: pass
  ``draft`` (1-3) waits for each player's keep (simultaneous), then every hand's rest goes to
  the right neighbour (2 players: to the opponent; the Free City drafts nothing);
* ``recruit`` — a Leaders Recruitment phase before Age ``age`` (simultaneous choices);
* ``turn``    — turn ``turn`` (1-6) of Age ``age`` (simultaneous choices);
* ``extra``   — the one-player steps that follow a resolved turn or phase: Babylon B's 7th card,
  Rome B's extra recruitment, Halikarnassos and Solomon picks, the Courtesan token (see
  :mod:`rules.resolution` for their order);
* ``over``    — after Age III's conflicts (and Olympia B's choice of the guild it copies).

Hidden information is never required: Age-card hands are not entered; each chosen card is
checked against the Age deck's composition (see :mod:`deck`). Leader hands are tracked by size,
and by name only when a player enters them (or names a keep of the draft).

Secret faces (``7w.secrets``): an Age card sold or tucked face down is named only when its
entry says so, and such a name is a secret of the entry's player. ``secret_named`` lists those
names, so that what the game does by itself (skipping a discard-pile build that has nothing to
take) rests on what the whole table knows (:func:`deck.public_pile_candidates`), the same in
every viewer's replay (:mod:`secrets` forgets every secret face of a state).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from assistant.games.sevenwonders import components

AGE_VICTORY = {1: 1, 2: 3, 3: 5}
#: The one-player extra steps, in the order they are taken after a resolution (``Due`` fields).
EXTRA_ORDER = ("seventh", "rome", "halikarnassos", "solomon", "courtesan", "copy")
#: A pending-choice slot of a player who has nothing to choose (no leader left in hand).
SKIP = "-"
#: The name of the third city of a 2-player game (``7w.2p.setup``): the Free City, whose choices
#: the holder of the Free City card enters each turn. It is always the last seat.
FREE_CITY = "Free City"


@dataclass(frozen=True)
class Due:
    """The one-player steps a city still owes after the current resolution."""

    seventh: bool = False  # Babylon B: play the 7th card
    rome: int = 0  # Rome B: extra recruitments to offer
    halikarnassos: int = 0  # free builds from the discard pile (Halikarnassos)
    solomon: int = 0  # free builds from the discard pile (Solomon, or his copy)
    courtesan: bool = False  # place the Courtesan token
    copy: bool = False  # Olympia B: name the neighbour's guild copied (end of the game)

    @property
    def any(self) -> bool:
        """Whether any step is still owed."""
        return self.seventh or bool(self.rome or self.halikarnassos or self.solomon) or self.courtesan or self.copy


NO_DUE = Due()


@dataclass(frozen=True)
class City:
    """One player's city and private counts.

    ``coins`` is the treasury; ``income`` the coins received during the current turn or
    phase, which cannot be spent before the next one (``7w.commerce.coins-timing``), so the
    coins a player may spend now are ``coins - income``. ``fresh`` holds the cards placed in
    the current turn: their trading rebates start next turn. ``hand`` is the leader hand when
    entered (``None``: unknown), ``hand_size`` its size in every case.
    """

    wonder: str = ""
    side: str = ""
    stages: int = 0
    cards: tuple[str, ...] = ()
    fresh: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()
    coins: int = 0
    income: int = 0
    tokens: tuple[int, ...] = ()
    hand: tuple[str, ...] | None = None
    hand_size: int = 0
    named_leaders: tuple[str, ...] = ()
    boxed: tuple[str, ...] = ()  # leaders this player discarded for coins: back in the box
    courtesan: str | None = None
    copied_guild: str | None = None
    olympia_age: int = 0
    stage_turn: int = -1  # the clock value when the last stage was built
    traded: tuple[str, ...] = ()  # "left"/"right"/"bank": bought from there this turn
    #: Loom, Glassworks or Press of this city that a position block says are Age II copies
    #: (``7w.position``: the deck accounting of a game picked up in progress)
    age_two: tuple[str, ...] = ()
    #: the leader draft (``7w.leaders.draft``): the hand being drafted from (its known leaders
    #: and its size) and the leaders kept so far (known ones and how many); ``hand_size`` is
    #: the whole count held meanwhile (kept + drafted from: 4)
    offer: tuple[str, ...] = ()
    offer_size: int = 0
    kept: tuple[str, ...] = ()
    kept_size: int = 0

    @property
    def spendable(self) -> int:
        """The coins that may be spent now (held at the start of the turn or phase)."""
        return self.coins - self.income

    @property
    def board(self) -> components.WonderSide:
        """The board side the city is built on."""
        return components.wonder(self.wonder, self.side)

    def built_stages(self) -> tuple[components.Stage, ...]:
        """The wonder stages built, in order."""
        return self.board.stages[: self.stages]

    def has_stage_effect(self, kind: str) -> bool:
        """Whether a built stage has an effect of this type."""
        return any(st.has(kind) for st in self.built_stages())

    def owns(self, name: str) -> bool:
        """Whether the city holds this structure."""
        return name in self.cards

    def gain(self, coins: int) -> "City":
        """Coins received now: usable from the next turn or phase."""
        return replace(self, coins=self.coins + coins, income=self.income + coins)

    def spend(self, coins: int) -> "City":
        """Coins paid now (to the bank or a neighbour)."""
        return replace(self, coins=self.coins - coins)


@dataclass(frozen=True)
class SWState:
    """The whole game. ``choices`` holds the pending simultaneous entries (hidden until the
    turn resolves); ``due`` the one-player steps still owed after a resolution.

    Deck accounting (``7w.setup.decks``): ``named[age-1]`` lists the Age cards of that Age
    named so far (built, sold or tucked with a name, picked from the discard pile's unknown
    part); ``pile`` the known discard pile as ``(age, name)``; ``pile_unknown[age-1]`` how many
    cards of that Age lie in the pile unnamed (unchosen 7th cards, unnamed sales).
    """

    seats: tuple[str, ...]
    leaders_on: bool
    cities: tuple[City, ...]
    phase: str = "boards"
    age: int = 1
    turn: int = 0
    clock: int = 0  # counts resolutions (turns and phases), to date "fresh" effects
    choices: tuple[Any, ...] = ()
    due: tuple[Due, ...] = ()
    named: tuple[tuple[str, ...], ...] = ((), (), ())
    pile: tuple[tuple[int, str], ...] = ()
    pile_unknown: tuple[int, int, int] = (0, 0, 0)
    options: tuple[tuple[str, str], ...] = field(default=())
    free_city: bool = False  # a 2-player game: the last seat is the Free City (7w.2p.setup)
    entries: int = 0  # the entries applied so far (the ply of the last one)
    corrections: tuple[str, ...] = ()  # one note per correction entry (7w.correct), for the score
    #: whether a move has been entered (anything but a board or a ``position`` line): a
    #: position block is taken only before it (``7w.position``)
    begun: bool = False
    #: the pass of the leader draft being kept (1-3), 0 outside the draft (``7w.leaders.draft``)
    draft: int = 0
    #: Age cards named only by secret entries (sold or tucked with their name), as ``(age,
    #: name)``: the table saw them face down (``7w.secrets``); the named discard-pile cards
    #: among them are secret too
    secret_named: tuple[tuple[int, str], ...] = ()
    #: the players whose pending choice was entered sealed (``7w.secrets.sealed``): the table
    #: sees only that they chose, until the last choice of the turn or phase shows them all
    sealed: tuple[str, ...] = ()

    # -- seats -----------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.seats)

    def index(self, player: str) -> int:
        """The seat index of a player."""
        return self.seats.index(player)

    def left(self, i: int) -> int:
        """The left neighbour (clockwise: the next seat)."""
        return (i + 1) % self.n

    def right(self, i: int) -> int:
        """The right neighbour (the previous seat)."""
        return (i - 1) % self.n

    def city(self, player: str) -> City:
        """A player's city."""
        return self.cities[self.index(player)]

    def with_city(self, i: int, city: City) -> "SWState":
        """The state with city ``i`` replaced."""
        cities = list(self.cities)
        cities[i] = city
        return replace(self, cities=tuple(cities))

    def option(self, name: str, default: str = "") -> str:
        """One of the game's options (``default`` when not set)."""
        return dict(self.options).get(name, default)

    # -- the 2-player game (7w.2p.*) -----------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """The seats of the people playing: every seat but the Free City's."""
        return self.seats[:-1] if self.free_city else self.seats

    @property
    def drafters(self) -> tuple[int, ...]:
        """The seats that draft leaders: every player's, never the Free City's (``7w.2p.leaders``)."""
        return tuple(range(len(self.players)))

    def draft_receiver(self, i: int) -> int:
        """Who receives seat ``i``'s rest of a drafted hand (``7w.leaders.draft``): the right
        neighbour; in a 2-player game the opponent (the Free City drafts nothing)."""
        if self.free_city:
            return 1 - i
        return self.right(i)

    def is_free_city(self, i: int) -> bool:
        """Whether seat ``i`` is the Free City (a city nobody owns, played by the card's holder)."""
        return self.free_city and i == self.n - 1

    def first_holder(self, age: int) -> int:
        """The seat holding the Free City card on the first turn of an Age (``7w.2p.age-start``).

        The rulebook's list (option ``free_city_first=list``, the default): Age I and III the
        player to the Free City's left (its next seat clockwise: the first player), Age II the
        player to its right. ``free_city_first=example`` follows the worked example instead,
        which gives the card to the player on the Free City's right in Age I (and so the
        mirror of the list)."""
        left, right = 0, 1  # the Free City is seat 2: its left neighbour is seat 0, its right seat 1
        first = right if age == 2 else left
        if self.option("free_city_first", "list") == "example":
            first = 1 - first
        return first

    def holder(self) -> int | None:
        """The seat holding the Free City card now (``7w.2p.turn``): it changes hands every
        turn of an Age; ``None`` outside an Age turn or without a Free City."""
        if not self.free_city or self.phase not in ("turn", "extra") or not 1 <= self.turn <= 6:
            return None
        first = self.first_holder(self.age)
        return first if self.turn % 2 == 1 else 1 - first

    # -- phases ----------------------------------------------------------------------------
    @property
    def phase_label(self) -> str:
        """The phase as players say it (``Age II, turn 3``, ``Recruitment before Age I``)."""
        roman = {1: "I", 2: "II", 3: "III"}.get(self.age, str(self.age))
        if self.phase == "boards":
            return "setup: boards"
        if self.phase == "draft":
            return f"leader draft, pass {self.draft} of 3"
        if self.phase == "recruit":
            return f"Recruitment before Age {roman}"
        if self.phase == "turn":
            return f"Age {roman}, turn {self.turn}"
        if self.phase == "extra":
            if self.turn == 7:
                return "end of the game: Olympia B's copy"
            where = f"Age {roman}, turn {self.turn}" if self.turn else f"Recruitment before Age {roman}"
            return f"{where}: extra actions"
        return "game over"


def next_extra(state: SWState) -> tuple[int, str] | None:
    """The next extra step owed: ``(player index, kind)``, kinds in :data:`EXTRA_ORDER`."""
    for kind in EXTRA_ORDER:
        for i, d in enumerate(state.due):
            if getattr(d, kind):
                return i, kind
    return None


def awaited(state: SWState) -> tuple[str, ...]:
    """The players whose entry the game waits for now: boards still to enter, choices still
    to make (simultaneous), or the one owner of the next extra step. In a 2-player game the
    Free City's choice is awaited once its holder has chosen for their own city."""
    if state.phase == "boards":
        return tuple(p for p, c in zip(state.seats, state.cities) if not c.wonder)
    if state.phase in ("turn", "recruit", "draft"):
        waiting = tuple(p for p, c in zip(state.seats, state.choices) if c is None)
        holder = state.holder()
        if holder is not None and state.choices[holder] is None:
            # the holder chooses for their own city first, then for the Free City (7w.2p.turn)
            waiting = tuple(p for p in waiting if p != FREE_CITY)
        return waiting
    if state.phase == "extra":
        step = next_extra(state)
        return (state.seats[step[0]],) if step else ()
    return ()
