"""The game protocol: what every game package in ``assistant/games/`` provides.

Think of python-chess's ``Board``: a state plus a few verbs. A game is a record (a header and
a list of entries); the state is what replaying the entries through these verbs gives.

=============  ==========================================================================
verb           meaning
=============  ==========================================================================
setup          the state before the first entry; checks player counts and options
expecting      what the game waits for now (whose input, which phase, which entry kinds)
parse          notation -> typed move; raises InvalidEntry / AmbiguousEntry
check          raises IllegalMove(rule, message, hint) when the rules forbid the move now
apply          the new state (never called on an unchecked move); automatic steps happen here
legal_moves    the moves that are legal now, where they can be listed
score          a ScoreSheet (provisional while the game runs)
outcome        None while the game runs; an Outcome when it is over
=============  ==========================================================================

Plus what the command line needs from a game: ``describe`` (the state as JSON-able data,
hidden information left out unless ``reveal``), ``score_table`` (INTERFACES.md §1 scoring of a
final table), ``table_from_state`` (the final table of a tracked game), ``catalogue``
(INTERFACES.md §2), ``rulebook`` (rule texts), ``explain`` (a component's text) and
``completions``.

A game package is pure and deterministic: chance (dice, drawn cards) is an entry the user
makes, never a random call. Moves are frozen dataclasses whose ``notation()`` parses back to an
equal move.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from assistant.core.errors import InvalidEntry
from assistant.core.scoresheet import ScoreSheet

if TYPE_CHECKING:
    from assistant.core.dispatch import RuleTable
    from assistant.core.sheets import PlaySheet
    from assistant.core.errors import Problem


@runtime_checkable
class Move(Protocol):
    """A typed entry. ``player`` is the seat name it belongs to (``None`` for table events
    such as a dice roll entered for the active player or a revealed event)."""

    def notation(self) -> str:
        """The canonical entry text, which parses back to an equal move."""
        ...


#: the state type of a game (each game's own frozen dataclass)
StateT = TypeVar("StateT")
#: the move type of a game (a union of its move dataclasses)
MoveT = TypeVar("MoveT", bound=Move)


@dataclass(frozen=True)
class Prompt:
    """What the game waits for now.

    ``players``: whose input is awaited (several for simultaneous choices, e.g. the 7 Wonders
    players who have not chosen yet). ``phase``: where the game is ("Age II, turn 3").
    ``kinds``: the entry verbs accepted now ("build", "stage", "sell"). ``message``: one line
    for the prompt. ``words``: extra completion words (card names in hand, targets).
    ``event``: what the last entry did by itself, when ``message`` begins with it (Roma's
    Phase 1, a battle): said once, after that entry, not again each time the prompt is drawn.
    """

    players: tuple[str, ...]
    phase: str
    kinds: tuple[str, ...] = ()
    message: str = ""
    words: tuple[str, ...] = ()
    event: str = ""

    def without_event(self) -> "Prompt":
        """This prompt with its ``message`` no longer led by the last entry's ``event``.

        >>> Prompt(("Ann",), "turn 2", message="Ann pays 2 VP — Ann: roll", event="Ann pays 2 VP").without_event().message
        'Ann: roll'
        """
        lead = f"{self.event} — "
        if not self.event or not self.message.startswith(lead):
            return self
        return Prompt(self.players, self.phase, self.kinds, self.message[len(lead):], self.words)

    def to_json(self) -> dict[str, object]:
        """The prompt as the ``expecting`` object of ``state --json``."""
        return {
            "players": list(self.players),
            "phase": self.phase,
            "kinds": list(self.kinds),
            "message": self.message,
        }


@dataclass(frozen=True)
class Outcome:
    """How and why a game ended. ``winners`` may be empty (PAX: Rome won, nobody held
    Primus Conspiratus)."""

    reason: str
    winners: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The outcome as the ``outcome`` object of ``state --json``."""
        return {"reason": self.reason, "winners": list(self.winners)}


@dataclass(frozen=True)
class OptionSpec:
    """One ``--option KEY=VALUE`` a game accepts.

    ``choices`` lists the accepted values (``None``: free text checked by the game);
    ``header``: written as its own record header (``Boards: …``) instead of inside
    ``Options:``.
    """

    name: str
    default: str
    help: str
    choices: tuple[str, ...] | None = None
    header: bool = False


@dataclass(frozen=True)
class Position:
    """A game picked up in progress: its seats (in seating order), its options, and the
    position block, the ``position …`` entries that a record holds before its first move and
    that put a new game where the table stands (``assistant new GAME --position FILE``)."""

    seats: tuple[str, ...]
    options: Mapping[str, str]
    entries: tuple[str, ...]


@dataclass(frozen=True)
class RuleText:
    """One rule text: a stable id, a title and the text in our own words."""

    id: str
    title: str
    text: str
    see_also: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The rule text as one object of ``rules --json``."""
        return {"id": self.id, "title": self.title, "text": self.text, "see_also": list(self.see_also)}


def described_text(value: Any) -> str:
    """A value of ``Ruleset.describe`` as one line of text, as every screen shows it (a
    player's row, a phone's own part): ``—`` for nothing, yes/no, lists and mappings joined.

    >>> described_text(["Legat", "Forum"]), described_text(None), described_text({"wood": 2}), described_text(True)
    ('Legat, Forum', '—', 'wood 2', 'yes')
    """
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {described_text(v)}" for k, v in value.items()) or "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(described_text(v) for v in value) or "—"
    return str(value)


class Ruleset(ABC, Generic[StateT, MoveT]):
    """Base class of every game's rules, generic over the game's state and move types
    (``class SWRuleset(Ruleset[SWState, SWMove])``). Subclasses set the class attributes and
    implement the abstract verbs (a game lacking one cannot be made); the defaults of the
    others are what a game without that feature does. Code that serves any game (the
    registry, ``Game``, the services) holds an :data:`AnyRuleset`."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: the rows of the game's score pad (``assistant add GAME --sheet``), in the order of
    #: INTERFACES.md §1; empty: the game is logged by totals only
    sheet_categories: ClassVar[tuple[str, ...]] = ()
    #: other words for those rows (``{"civilian": ("blue",)}``)
    sheet_aliases: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: the per-player value written beside the pad that breaks a tie ("coins"), if any
    sheet_tiebreak: ClassVar[str] = ""
    #: the seat facts the game stores with a finished game (:meth:`seat_facts`), which
    #: ``stats GAME --by KEY`` groups by beside ``seat`` and ``start`` (7 Wonders:
    #: ``wonder``, ``side``, ``leader``); empty: the game stores none
    fact_keys: ClassVar[tuple[str, ...]] = ()
    #: the game's rules as data (:mod:`assistant.core.dispatch`): each move type's check and
    #: apply, and the move types each phase accepts (``phase_of`` names the phase)
    rule_table: ClassVar["RuleTable[Any] | None"] = None

    # -- the protocol -------------------------------------------------------------------
    @abstractmethod
    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> StateT:
        """The state before the first entry. Seats and options were checked by ``Game``."""
        raise NotImplementedError

    @abstractmethod
    def expecting(self, state: StateT) -> Prompt:
        """What the game waits for now: whose input, which phase, which entry verbs."""
        raise NotImplementedError

    @abstractmethod
    def phase_of(self, state: StateT) -> str:
        """The name of the phase ``state`` is in, as a key of ``rule_table.phases``."""
        raise NotImplementedError

    def turn_heading(self, state: StateT) -> str:
        """The heading of the turn an entry made in ``state`` belongs to, as ``log`` groups
        entries under (``Age II, turn 3``): by default the prompt's phase. A game whose phase
        names steps within a turn gives the turn alone. Never a secret: the phase is public."""
        return self.expecting(state).phase

    @abstractmethod
    def parse(self, state: StateT, text: str) -> MoveT:
        """Read an entry into a typed move; raises InvalidEntry or AmbiguousEntry. Reads only: legality is ``check``'s."""
        raise NotImplementedError

    @abstractmethod
    def check(self, state: StateT, move: MoveT) -> None:
        """Raise IllegalMove(rule, message, hint) when the rules forbid ``move`` now. Never changes ``state``."""
        raise NotImplementedError

    @abstractmethod
    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move`` (already checked); automatic steps happen here."""
        raise NotImplementedError

    def legal_moves(self, state: StateT) -> Iterable[MoveT]:
        """The moves legal now, where they can be listed (hints, completion, random play)."""
        return ()

    def legal_moves_of(self, state: StateT, player: str) -> Iterable[MoveT]:
        """The listed legal moves of one player (a phone's buttons); a game that lists every
        player's moves at once (simultaneous turns) may list one player's more cheaply."""
        return (move for move in self.legal_moves(state) if getattr(move, "player", None) == player)

    @abstractmethod
    def score(self, state: StateT, *, reveal: bool = False) -> ScoreSheet:
        """The score sheet of ``state``: provisional while the game runs, final at its end. A
        value the rules keep hidden (money behind a screen) stays out of a provisional score
        unless ``reveal``."""
        raise NotImplementedError

    def outcome(self, state: StateT) -> Outcome | None:
        """``None`` while the game runs; how and why it ended once it is over."""
        return None

    def public_notation(self, state: StateT, move: MoveT) -> str:
        """The entry as the whole table may see it: every face the rules keep secret (a card
        drawn or kept, money behind a screen, a secret vote or token) in its unknown form.
        ``state`` is the state before the entry. The text parses back at ``state`` to a move
        with the same public effect, so a record of public notations still replays. A game
        without secrets prints the notation itself."""
        return move.notation()

    def audience(self, state: StateT, move: MoveT) -> frozenset[str] | None:
        """Who may see the faces of ``move`` (``state``: the state before it): ``None`` when the
        whole table may (its public form is the notation itself), else the seats that may (the
        entry's own player: the card they drew, the vote they cast), an empty set when no seat
        may (only ``--reveal``). A viewer who may not is shown the entry, and every view built
        on it, in its public form (see :mod:`assistant.core.viewer`). A game overrides this where
        a secret face is seen by more than its player (a card handed to a neighbour)."""
        if self.public_notation(state, move) == move.notation():
            return None
        player = getattr(move, "player", None)
        return frozenset({player}) if isinstance(player, str) else frozenset()

    def hides(self, state: StateT, move: MoveT) -> bool:
        """Whether ``move`` holds a face its public form hides (typed in view of the table, it
        is then warned about). By default: its public form is not the move itself; a game whose
        public form of an entry also shows other entries (7 Wonders' ``reveal``) says so."""
        return self.public_notation(state, move) != move.notation()

    def sealed(self, state: StateT, move: MoveT) -> MoveT:
        """``move`` as entered out of the table's sight (on its player's phone, or at the
        prompt's ``secret``). A game whose players choose at once and turn their choices over
        together (7 Wonders) returns a sealed form, shown as "chose" until the last choice is
        in; the others return ``move`` itself."""
        return move

    def entered_by(self, state: StateT, move: MoveT) -> str | None:
        """The seat whose phone may enter ``move``: its player, unless the game lets a seat
        choose for a side that is no seat of its own (7 Wonders' Free City, by its holder)."""
        player = getattr(move, "player", None)
        return player if isinstance(player, str) else None

    # -- what the command line needs ----------------------------------------------------
    def describe(self, state: StateT, *, reveal: bool = False) -> dict[str, Any]:
        """The state as JSON-able data. Convention: ``phase`` (str), ``players`` (a list of
        dicts, one per seat, each with ``name``), any other keys shown as ``key: value``.
        Hidden information (hands, money behind screens) only when ``reveal``."""
        return {"phase": self.expecting(state).phase}

    def board(self, state: StateT, *, reveal: bool = False, wide: bool = False) -> str:
        """The board at a glance, as plain text: every player's name and figures whole, each
        line at most 80 columns (``wide``: as wide as the game likes). What ``assistant state``
        prints and ``board`` shows at the prompt. Hidden information only when ``reveal``.
        The default lists ``describe``'s players, one line each."""
        data = self.describe(state, reveal=reveal)
        lines = [str(data.get("phase", ""))]
        for player in data.get("players", []):
            figures = ", ".join(f"{k} {v}" for k, v in player.items() if k != "name" and isinstance(v, (int, str)))
            lines.append(f"{player.get('name', '?')}: {figures}")
        return "\n".join(lines if wide else [line[:80] for line in lines])

    def legal_summary(self, state: StateT) -> list[str]:
        """The legal choices grouped for a person to read: at most about 10 lines of at most
        80 columns (``money 1|3 · cards 1|3 keep <card> · end``). The default groups the
        listed moves by their first word."""
        groups: dict[str, list[str]] = {}
        for move in self.legal_moves(state):
            verb, _, rest = move.notation().partition(" ")
            groups.setdefault(verb, [])
            if rest and rest not in groups[verb]:
                groups[verb].append(rest)
        lines = []
        for verb, rests in groups.items():
            line = verb + (" " + " | ".join(rests) if rests else "")
            lines.append(line if len(line) <= 80 else line[:78] + " …")
        return lines[:10] + ([f"… and {len(lines) - 10} more kinds"] if len(lines) > 10 else [])

    def score_table(self, table: Mapping[str, Any]) -> ScoreSheet:
        """Score a final table (INTERFACES.md §1); raises TableError listing every problem."""
        raise InvalidEntry("core.score", f"{self.title} has no final-table scoring")

    def check_sheet(self, sheet: PlaySheet) -> ScoreSheet:
        """The score of a play logged from its score pad or its totals (core/sheets.py),
        checked for what the game can produce; raises TableError listing every problem (each
        with its rule id). The default makes the checks every game shares (``core.sheet``:
        totals are the sums of the rows) and lets the highest total win, ties sharing; a game
        adds its own checks and tie-break in ``games/<game>/sheet.py``."""
        from assistant.core.sheets import plain

        return plain(sheet, self.sheet_categories)

    def check_sheet_box(self, player: str, row: str, value: int, written: Mapping[str, int]) -> list["Problem"]:
        """The problems of one box of the score pad, as the form of ``assistant add`` fills
        it (``written``: the player's boxes so far), so that it is refused at once rather than
        at the end. The default knows none: a game checks its boxes in its ``sheet.py``."""
        return []

    def position(self, state: StateT) -> dict[str, Any]:
        """The public position of ``state`` as a position file holds it (docs/position.md):
        ``game``, the game's options, ``players`` in seating order with what lies in front of
        each (the §1 final-table keys where they apply) and where the game stands (age and turn,
        whose turn, round). Only what the whole table sees. Raises InvalidEntry
        ("core.position") at a point where a game cannot be picked up, such as in the middle
        of a turn, saying when it can."""
        raise InvalidEntry("core.position", f"{self.title} cannot be picked up in progress")

    def from_position(self, position: Mapping[str, Any]) -> Position:
        """The seats, options and position block that put a new game at ``position`` (a
        mapping read from a position file, as :meth:`position` writes it). Raises TableError
        listing every problem of the file, as ``score_table`` does. The block's entries are
        checked by ``check`` when they are pushed: each ``position …`` entry is legal only
        before the first move (rule ``GAME.position``)."""
        raise InvalidEntry("core.position", f"{self.title} cannot be picked up in progress")

    def table_from_state(self, state: StateT) -> dict[str, Any]:
        """The final table of a tracked game, in the §1 file format (so that the quick
        scoring of it can be compared with the tracked score)."""
        raise NotImplementedError

    def seat_facts(self, state: StateT) -> list[dict[str, list[str]]]:
        """What the whole table saw of each seat at the end of a tracked game, that statistics
        group seats by: one mapping per seat, in seat order, from a key of :attr:`fact_keys`
        to its values (7 Wonders: ``{"wonder": ["Gizah"], "side": ["A"], "leader": ["Midas",
        "Nero"]}``). Only seats with a stored seat (no Free City). Empty: the game stores no
        facts."""
        return []

    def table_seat_facts(self, table: Mapping[str, Any]) -> list[dict[str, list[str]]]:
        """The seat facts of a final table (INTERFACES.md §1, already checked by
        :meth:`score_table`), as :meth:`seat_facts` gives them, one mapping per listed player
        in the table's order, names made canonical through the game's own readers. Empty: the
        game stores no facts."""
        return []

    def start_player(self, state: StateT) -> str | None:
        """The seat who started the game, as the game defines it (Roma's ``start`` entry, PAX's
        start player of round 1, Sylla's first Consul); ``None`` when the game has no start
        player (simultaneous turns) or the state does not say (a game picked up in progress)."""
        return None

    def catalogue(self) -> list[dict[str, Any]]:
        """Every component known for the game (INTERFACES.md §2)."""
        return []

    def rulebook(self) -> Sequence[RuleText]:
        """The game's rule texts, in reading order."""
        return ()

    def explain(self, query: str) -> list[RuleText]:
        """Texts for a component named by ``query`` (a card, leader, board, event): what it
        costs and does, with the rule ids that govern it. ``[]`` when nothing is named so.
        ``assistant rules GAME TOPIC`` tries rule ids first, then this, then a word search."""
        return []

    def events(self, before: StateT, after: StateT) -> list[str]:
        """What the last entry set off by itself, for the table to see at once: a turn that
        resolved, conflicts, a pile Rome took, an effect that found nothing to act on.
        ``before`` and ``after`` are the states around one accepted entry."""
        return []

    def completions(self, state: StateT) -> list[str]:
        """Words worth completing at the prompt now: verbs, players, names in play."""
        prompt = self.expecting(state)
        return sorted({*prompt.kinds, *prompt.players, *prompt.words})

    def check_options(self, options: Mapping[str, str]) -> dict[str, str]:
        """Fill defaults and refuse unknown options or values (InvalidEntry)."""
        known = {spec.name: spec for spec in self.options}
        result = {spec.name: spec.default for spec in self.options}
        for key, value in options.items():
            spec = known.get(key)
            if spec is None:
                names = ", ".join(sorted(known)) or "none"
                raise InvalidEntry(
                    "core.options",
                    f"{self.title} has no option '{key}'",
                    hint=f"options: {names}",
                )
            if spec.choices is not None and value not in spec.choices:
                raise InvalidEntry(
                    "core.options",
                    f"option {key} cannot be '{value}'",
                    hint="one of: " + ", ".join(spec.choices),
                )
            result[key] = value
        return result

    def check_seats(self, seats: Sequence[str]) -> None:
        """Refuse a player count the game does not support, or a name used twice."""
        from assistant.core.names import normalize

        if not self.min_players <= len(seats) <= self.max_players:
            if self.min_players == self.max_players:
                count = f"exactly {self.min_players}"
            else:
                count = f"{self.min_players} to {self.max_players}"
            raise InvalidEntry(
                "core.players",
                f"{self.title} is played by {count} players, not {len(seats)}",
                hint="name each player once with --player, in seating order",
            )
        seen: set[str] = set()
        for seat in seats:
            key = normalize(seat)
            if not key:
                raise InvalidEntry("core.players", f"'{seat}' is not a usable player name")
            if key in seen:
                raise InvalidEntry("core.players", f"the player name '{seat}' is used twice")
            seen.add(key)


#: a ruleset of any game, as the registry, ``Game`` and the services hold one
AnyRuleset = Ruleset[Any, Any]


@dataclass(frozen=True)
class Entry:
    """One accepted entry of a game: its ply (1-based), its notation and its typed move."""

    ply: int
    text: str
    move: Any = field(compare=False)
