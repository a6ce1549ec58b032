"""What the commands answer, as frozen dataclasses: every ``--json`` shape is built here, by
``to_json()``, and the command line renders its text view from the same objects. The shapes
are documented in ``docs/json.md``; keys may be added, never renamed or removed.

>>> SeatSummary("Ann", 1, 12, 1, True).to_json()
{'name': 'Ann', 'seat': 1, 'total': 12, 'rank': 1, 'winner': True}
>>> DbCheck(()).to_json()
{'ok': True, 'problems': [], 'filled': 0, 'ratings_rewritten': 0}
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from assistant.core.protocol import Entry, Outcome, Prompt, RuleText
from assistant.core.scoresheet import ScoreSheet

if TYPE_CHECKING:
    from assistant.store.models import Seat


def _iso(moment: Any) -> str | None:
    return moment.isoformat() if moment else None


# -- games ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatSummary:
    """One seat of a game: who sat there and, once the game is finished, how they did."""

    name: str
    seat: int
    total: int | None
    rank: int | None
    winner: bool

    def to_json(self) -> dict[str, Any]:
        """``{"name", "seat", "total", "rank", "winner"}``."""
        return {"name": self.name, "seat": self.seat, "total": self.total, "rank": self.rank, "winner": self.winner}


@dataclass(frozen=True)
class GameSummary:
    """A game as ``new``, ``show`` and each item of ``games`` describe it."""

    id: int
    game: str
    status: str
    kind: str
    date: str
    location: str | None
    players: tuple[SeatSummary, ...]
    options: Mapping[str, str]
    entries: int
    created: str | None
    finished: str | None
    time: str | None = None
    duration: int | None = None
    note: str | None = None
    #: a tracked game's start time and duration measured from its entries, where the table
    #: gave none (``show`` only; ``None`` elsewhere)
    measured_time: str | None = None
    measured_duration: int | None = None

    @classmethod
    def of(cls, row: Any, seats: Sequence[Seat], entries: int) -> GameSummary:
        """The summary of a stored game (its row and seats) holding ``entries`` entries."""
        return cls(
            id=row.id,
            game=row.ruleset,
            status=row.status,
            kind=row.kind,
            date=row.date,
            location=row.location,
            players=tuple(SeatSummary(s.name, s.position + 1, s.total, s.rank, bool(s.winner)) for s in seats),
            options=json.loads(row.options or "{}"),
            entries=entries,
            created=_iso(row.created),
            finished=_iso(row.finished),
            time=getattr(row, "time", None),
            duration=getattr(row, "duration", None),
            note=getattr(row, "note", None),
        )

    @property
    def names(self) -> list[str]:
        """The players in seating order."""
        return [p.name for p in self.players]

    @property
    def winners(self) -> list[str]:
        """Who won (several on a tie); empty until the game is finished."""
        return [p.name for p in self.players if p.winner]

    def to_json(self) -> dict[str, Any]:
        """The object of ``new --json``, ``show --json`` and ``games --json`` (docs/json.md)."""
        return {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "kind": self.kind,
            "date": self.date,
            "location": self.location,
            "players": [p.to_json() for p in self.players],
            "winners": self.winners,
            "options": dict(self.options),
            "entries": self.entries,
            "created": self.created,
            "finished": self.finished,
            "time": self.time,
            "duration": self.duration,
            "note": self.note,
            "measured": {"time": self.measured_time, "duration": self.measured_duration},
        }


@dataclass(frozen=True)
class GameShow:
    """``show``: the summary, plus the score sheet of a finished game (or a final table), or
    what a running game waits for."""

    summary: GameSummary
    title: str
    sheet: ScoreSheet | None = None
    expecting: Prompt | None = None

    def to_json(self) -> dict[str, Any]:
        """The summary with ``score`` or ``expecting``."""
        data = self.summary.to_json()
        if self.sheet is not None:
            data["score"] = self.sheet.to_json()
        elif self.expecting is not None:
            data["expecting"] = self.expecting.to_json()
        return data


@dataclass(frozen=True)
class Entered:
    """What one accepted entry did (``move``, and each entry at the ``play`` prompt).

    ``public`` is the entry as the whole table may see it (``Ruleset.public_notation``: every
    secret face in its unknown form); ``revealed`` says whether ``shown`` is what was typed
    (``--reveal``) or that public form. The stored record always holds what was typed."""

    game_id: int
    entry: Entry
    prompt: Prompt | None
    outcome: Outcome | None
    sheet: ScoreSheet | None
    events: tuple[str, ...] = ()
    public: str | None = None
    revealed: bool = False
    #: whether the typed entry holds a face its public form hides (``Ruleset.hides``)
    hides: bool = False

    @property
    def secret(self) -> bool:
        """True when the typed entry holds a face the public form hides."""
        return self.hides

    @property
    def shown(self) -> str:
        """The entry text to print: what was typed with ``revealed``, else its public form."""
        if self.revealed or self.public is None:
            return self.entry.text
        return self.public

    def to_json(self) -> dict[str, Any]:
        """The object of ``move --json`` (``entry`` is the public form unless revealed)."""
        data: dict[str, Any] = {"ok": True, "game": self.game_id, "ply": self.entry.ply, "entry": self.shown}
        data["secret"] = self.secret
        data["revealed"] = self.revealed
        data["events"] = list(self.events)
        data["expecting"] = self.prompt.to_json() if self.prompt else None
        data["outcome"] = self.outcome.to_json() if self.outcome else None
        if self.sheet:
            data["score"] = self.sheet.to_json()
        return data


@dataclass(frozen=True)
class StateView:
    """``state``: where a game stands (``state`` is the game's own description) and what it
    waits for. A game scored from a final table has no state (``table`` is true)."""

    id: int
    game: str
    title: str
    status: str
    ply: int = 0
    state: Mapping[str, Any] | None = None
    expecting: Prompt | None = None
    outcome: Outcome | None = None
    table: bool = False
    revealed: bool = False
    board: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The object of ``state --json`` (``revealed``: hidden information is shown;
        ``board``: the board at a glance as ``state`` prints it, when it was drawn)."""
        if self.table:
            return {"id": self.id, "game": self.game, "status": self.status, "table": True}
        data = {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "ply": self.ply,
            "revealed": self.revealed,
            "state": self.state,
            "expecting": self.expecting.to_json() if self.expecting else None,
            "outcome": self.outcome.to_json() if self.outcome else None,
        }
        if self.board is not None:
            data["board"] = self.board
        return data


@dataclass(frozen=True)
class LegalView:
    """``legal``: what is legal now, grouped for a person to read (``Ruleset.legal_summary``:
    about 10 lines, no secret face), and with ``--all`` every listed move (``moves``)."""

    id: int
    game: str
    ply: int
    summary: tuple[str, ...]
    moves: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"id", "game", "ply", "summary"}``, plus ``moves`` with ``--all``."""
        data: dict[str, Any] = {"id": self.id, "game": self.game, "ply": self.ply, "summary": list(self.summary)}
        if self.moves is not None:
            data["moves"] = list(self.moves)
        return data


@dataclass(frozen=True)
class LogLine:
    """One entry as a read command shows it: its ply, its text (the public form, or what was
    typed when revealed), the comment typed with it (left out of the public lines of a game
    that keeps secrets: any comment may tell one), whether the entry holds a secret face
    (``secret``: its public form differs from what was typed) and the heading of the turn it
    was made in (``turn``: ``Ruleset.turn_heading``; empty when the game no longer replays)."""

    ply: int
    text: str
    comment: str = ""
    secret: bool = False
    turn: str = ""

    def to_json(self) -> dict[str, Any]:
        """``{"ply", "text", "comment", "secret", "turn"}``."""
        return {"ply": self.ply, "text": self.text, "comment": self.comment, "secret": self.secret, "turn": self.turn}


@dataclass(frozen=True)
class LogTurn:
    """A run of entries made in one turn, as ``log`` heads them: its number (``log --turn N``;
    counted from the first turn after the set-up, the set-up's entries numbered 0), its
    heading and its entries."""

    number: int
    heading: str
    entries: tuple[LogLine, ...]


def log_turns(lines: Sequence[LogLine]) -> list[LogTurn]:
    """The entries grouped by turn: a new group wherever the heading changes; the set-up's
    groups (a heading that begins with "set": setup, set-up) are not counted as turns.

    >>> lines = [LogLine(1, "a", turn="set-up"), LogLine(2, "b", turn="turn 1"), LogLine(3, "c", turn="turn 2")]
    >>> [(t.number, t.heading, len(t.entries)) for t in log_turns(lines)]
    [(0, 'set-up', 1), (1, 'turn 1', 1), (2, 'turn 2', 1)]
    """
    turns: list[LogTurn] = []
    counted = 0
    for line in lines:
        if turns and turns[-1].heading == line.turn:
            last = turns[-1]
            turns[-1] = LogTurn(last.number, last.heading, (*last.entries, line))
        else:
            setting_up = line.turn.casefold().startswith("set")
            counted += not setting_up
            turns.append(LogTurn(0 if setting_up else counted, line.turn, (line,)))
    return turns


def select_log(lines: Sequence[LogLine], *, last: int | None = None, turn: int | None = None) -> list[LogTurn]:
    """``log --turn N`` (``0``: the turn now being played, the last) and ``--last N``: the
    turns asked for, then their last ``N`` entries; raises NotFound for a turn not played.

    >>> lines = [LogLine(i, str(i), turn=f"t{(i + 1) // 2}") for i in range(1, 6)]
    >>> [[e.ply for e in t.entries] for t in select_log(lines, last=3)]
    [[3, 4], [5]]
    >>> [[e.ply for e in t.entries] for t in select_log(lines, turn=0)]
    [[5]]
    """
    turns = log_turns(lines)
    if turn is not None and turns:
        chosen = [t for t in turns if t.number == turn] if turn else turns[-1:]
        if not chosen:
            from assistant.core.errors import NotFound

            played = max(t.number for t in turns)
            raise NotFound("core.log.turn", f"there is no turn {turn}: " + (f"the log has turns 1 to {played}" if played else "no turn was played yet"),
                           hint="the turn being played: log --turn now (at the prompt: log --turn)")
        turns = chosen
    if last is not None:
        kept = {line.ply for line in [e for t in turns for e in t.entries][-last:]} if last else set()
        turns = [LogTurn(t.number, t.heading, tuple(e for e in t.entries if e.ply in kept)) for t in turns]
        turns = [t for t in turns if t.entries]
    return turns


@dataclass(frozen=True)
class LogView:
    """``log``: a game's entries, in their public form unless ``revealed``."""

    id: int
    game: str
    entries: tuple[LogLine, ...]
    revealed: bool = False

    def to_json(self) -> dict[str, Any]:
        """The object of ``log --json``."""
        return {
            "id": self.id,
            "game": self.game,
            "revealed": self.revealed,
            "entries": [e.to_json() for e in self.entries],
        }


@dataclass(frozen=True)
class ScoreView:
    """A score sheet as ``score`` and ``finish`` print it; ``id`` and ``provisional`` are
    added to the JSON when known (``score ID``; ``score --from --save`` adds the saved id)."""

    sheet: ScoreSheet
    title: str | None = None
    id: int | None = None
    provisional: bool | None = None
    revealed: bool | None = None

    def to_json(self) -> dict[str, Any]:
        """INTERFACES.md §1, with ``id``, ``provisional`` and ``revealed`` when set. A
        provisional score names no winner (``winners`` empty), as its text says."""
        data = dict(self.sheet.to_json())
        if self.id is not None:
            data["id"] = self.id
        if self.provisional is not None:
            data["provisional"] = self.provisional
            if self.provisional:
                data["winners"] = []
        if self.revealed is not None:
            data["revealed"] = self.revealed
        return data


# -- records ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReplayView:
    """``replay``: a record that replays to its end (every entry legal)."""

    game: str
    players: tuple[str, ...]
    ply: int
    state: Mapping[str, Any]
    outcome: Outcome | None
    sheet: ScoreSheet
    expecting: Prompt | None

    def to_json(self) -> dict[str, Any]:
        """The success object of ``replay --json``."""
        return {
            "ok": True,
            "game": self.game,
            "players": list(self.players),
            "ply": self.ply,
            "state": self.state,
            "outcome": self.outcome.to_json() if self.outcome else None,
            "score": self.sheet.to_json(),
        }


@dataclass(frozen=True)
class ImportView:
    """``import``: the ids the records were stored under."""

    ids: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"ok": true, "ids": [...]}``."""
        return {"ok": True, "ids": list(self.ids)}


@dataclass(frozen=True)
class GameExport:
    """One game as ``export --format json`` writes it: the ``show`` summary with its headers,
    entries and record text (or the final table it was scored from) and its score."""

    summary: GameSummary
    headers: Mapping[str, str]
    entries: tuple[LogLine, ...] = ()
    record: str | None = None
    table: Mapping[str, Any] | None = None
    sheet: ScoreSheet | None = None
    public: bool = False

    def to_json(self) -> dict[str, Any]:
        """The summary with ``public``, ``headers``, ``entries`` (as in ``log``), ``record`` or
        ``table``, and ``score`` when finished. ``public``: entries and record in their public
        form (``export --public``); otherwise everything typed (the whole record)."""
        data = self.summary.to_json()
        data["public"] = self.public
        data["headers"] = dict(self.headers)
        data["entries"] = [e.to_json() for e in self.entries]
        if self.table is not None:
            data["table"] = dict(self.table)
        else:
            data["record"] = self.record
        if self.sheet is not None:
            data["score"] = self.sheet.to_json()
        return data


# -- history ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerStats:
    """One player's line of ``players``: finished games only count for the rates."""

    name: str
    played: int = 0
    finished: int = 0
    wins: int = 0
    win_rate: float | None = None
    average: float | None = None
    best: int | None = None
    by_game: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    COLUMNS = ("name", "played", "finished", "wins", "win_rate", "average", "best")

    def to_json(self) -> dict[str, Any]:
        """``{"name", "played", "finished", "wins", "win_rate", "average", "best", "by_game"}``:
        ``average`` and ``best`` are of one game (``players --game``), else null; ``by_game``
        holds each game's ``games``, ``wins``, ``average`` and ``best`` (finished games)."""
        data = {c: getattr(self, c) for c in self.COLUMNS}
        data["by_game"] = {g: dict(v) for g, v in self.by_game.items()}
        return data


@dataclass(frozen=True)
class GameStats:
    """One player's figures in one game (``players show``: ``by_game``)."""

    game: str
    played: int
    finished: int
    wins: int
    win_rate: float | None
    average: float | None
    best: int | None

    COLUMNS = ("game", "played", "finished", "wins", "win_rate", "average", "best")

    def to_json(self) -> dict[str, Any]:
        """``{"game", "played", "finished", "wins", "win_rate", "average", "best"}``."""
        return {c: getattr(self, c) for c in self.COLUMNS}


@dataclass(frozen=True)
class HeadToHead:
    """How a player fared against one opponent over their finished games together."""

    opponent: str
    games: int
    ahead: int
    behind: int
    tied: int

    COLUMNS: ClassVar[tuple[str, ...]] = ("opponent", "games", "ahead", "behind", "tied")

    def to_json(self) -> dict[str, Any]:
        """``{"opponent", "games", "ahead", "behind", "tied"}``."""
        return {c: getattr(self, c) for c in self.COLUMNS}


@dataclass(frozen=True)
class RecentGame:
    """One of a player's last games."""

    id: int
    date: str
    game: str
    status: str
    total: int | None
    rank: int | None
    winner: bool

    COLUMNS = ("id", "date", "game", "status", "total", "rank", "winner")

    def to_json(self) -> dict[str, Any]:
        """``{"id", "date", "game", "status", "total", "rank", "winner"}``."""
        return {c: getattr(self, c) for c in self.COLUMNS}


@dataclass(frozen=True)
class PlayerReport:
    """``players show``: everything the history says about one player."""

    name: str
    played: int
    finished: int
    wins: int
    win_rate: float | None
    by_game: tuple[GameStats, ...]
    category_averages: Mapping[str, Mapping[str, float]]
    head_to_head: tuple[HeadToHead, ...]
    rival: str | None
    nemesis: str | None
    recent: tuple[RecentGame, ...]

    def to_json(self) -> dict[str, Any]:
        """The object of ``players show --json``."""
        return {
            "name": self.name,
            "played": self.played,
            "finished": self.finished,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "by_game": [g.to_json() for g in self.by_game],
            "category_averages": {g: dict(c) for g, c in self.category_averages.items()},
            "head_to_head": [h.to_json() for h in self.head_to_head],
            "rival": self.rival,
            "nemesis": self.nemesis,
            "recent": [r.to_json() for r in self.recent],
        }


@dataclass(frozen=True)
class DbCheck:
    """``db check``: the problems found (none when the database is healthy)."""

    problems: tuple[str, ...]
    #: Games whose missing seat facts or start player the full check wrote (stored before schema 3).
    filled: int = 0
    #: Stored ratings the full check found to differ from a fresh fold and rewrote (changed,
    #: missing or extra rows; each is among ``problems`` too, up to the first 20).
    ratings_rewritten: int = 0

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        """``{"ok", "problems", "filled", "ratings_rewritten"}``."""
        return {"ok": self.ok, "problems": list(self.problems), "filled": self.filled, "ratings_rewritten": self.ratings_rewritten}


# -- catalogue and reference ------------------------------------------------------------------------
@dataclass(frozen=True)
class CatalogueValue:
    """One saved key of a local catalogue and the entry text it stands for."""

    key: str
    value: str

    def to_json(self) -> dict[str, str]:
        """``{"key", "value"}`` (the key without its ``@``)."""
        return {"key": self.key, "value": self.value}


@dataclass(frozen=True)
class CatalogueList:
    """``catalogue list``: the saved keys of one local catalogue, by key."""

    items: tuple[CatalogueValue, ...] = field(default_factory=tuple)

    def to_json(self) -> list[dict[str, str]]:
        """A list of ``{"key", "value"}``."""
        return [item.to_json() for item in self.items]


@dataclass(frozen=True)
class RulesView:
    """``rules GAME [TOPIC]``: the rule texts found (each has its own ``to_json``)."""

    rules: tuple[RuleText, ...]

    def to_json(self) -> list[dict[str, Any]]:
        """A list of ``{"id", "title", "text", "see_also"}``."""
        return [rule.to_json() for rule in self.rules]


@dataclass(frozen=True)
class NotationView:
    """``rules GAME notation``: the game's notation guide (Markdown)."""

    game: str
    notation: str

    def to_json(self) -> dict[str, str]:
        """``{"game", "notation"}``."""
        return {"game": self.game, "notation": self.notation}


@dataclass(frozen=True)
class CardsView:
    """``cards GAME``: the component catalogue, as the game lists it (INTERFACES.md §2)."""

    items: tuple[Mapping[str, Any], ...]

    HIDDEN = ("effects", "effect", "text", "stages", "aliases")

    @property
    def columns(self) -> list[str]:
        """The columns of the text table (long fields left out)."""
        columns: list[str] = []
        for item in self.items:
            for key in item:
                if key not in columns and key not in self.HIDDEN:
                    columns.append(key)
        return columns

    def to_json(self) -> list[Mapping[str, Any]]:
        """A list of objects with at least ``name`` and ``kind``."""
        return list(self.items)


# -- statistics (assistant stats, docs/stats.md) ----------------------------------------------------
def _columns(item: Any) -> dict[str, Any]:
    return {c: getattr(item, c) for c in item.COLUMNS}


@dataclass(frozen=True)
class StatsFilters:
    """The filters a statistic was computed under (``null``: not filtered)."""

    game: str | None = None
    since: str | None = None
    until: str | None = None
    player: str | None = None
    location: str | None = None

    COLUMNS = ("game", "since", "until", "player", "location")

    def to_json(self) -> dict[str, Any]:
        """``{"game", "since", "until", "player", "location"}``."""
        return _columns(self)


@dataclass(frozen=True)
class LeaderRow:
    """One player's line of a leaderboard: finished games of one game (``game``), or of all
    games (``game`` null: then ``average`` and ``best`` are null, scores of different games
    are never mixed)."""

    game: str | None
    name: str
    games: int
    wins: int
    win_rate: float | None
    average: float | None
    best: int | None

    COLUMNS = ("game", "name", "games", "wins", "win_rate", "average", "best")

    def to_json(self) -> dict[str, Any]:
        """``{"game", "name", "games", "wins", "win_rate", "average", "best"}``."""
        return _columns(self)


@dataclass(frozen=True)
class HighScore:
    """One of a game's best totals."""

    game: str
    place: int
    name: str
    total: int
    winner: bool
    date: str
    id: int

    COLUMNS = ("game", "place", "name", "total", "winner", "date", "id")

    def to_json(self) -> dict[str, Any]:
        """``{"game", "place", "name", "total", "winner", "date", "id"}``."""
        return _columns(self)


@dataclass(frozen=True)
class WinSplit:
    """Wins of the seats sharing one thing (``by``: ``seat``, ``start``, ``wonder``, ``side``,
    ``leader``; ``value``: the seat number, ``yes``/``no``/``unknown``, the wonder...).
    ``players``: the table size (``seat`` only); ``fair_share``: the wins expected if it did
    not matter (the sum of 1/players over the seats)."""

    game: str
    by: str
    value: str
    players: int | None
    seats: int
    wins: int
    win_rate: float | None
    fair_share: float
    average: float | None = None
    best: int | None = None

    COLUMNS = ("game", "by", "value", "players", "seats", "wins", "win_rate", "fair_share", "average", "best")

    def to_json(self) -> dict[str, Any]:
        """``{"game", "by", "value", "players", "seats", "wins", "win_rate", "fair_share",
        "average", "best"}``."""
        return _columns(self)


@dataclass(frozen=True)
class CategoryStat:
    """Points of one category of one game: per player (``name``), or for the whole table
    (``name`` null); ``spread`` is the standard deviation (over ``count`` scores, dividing by
    the count)."""

    game: str
    name: str | None
    category: str
    count: int
    average: float
    spread: float

    COLUMNS = ("game", "name", "category", "count", "average", "spread")

    def to_json(self) -> dict[str, Any]:
        """``{"game", "name", "category", "count", "average", "spread"}``."""
        return _columns(self)


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one game."""

    date: str
    id: int
    mu: float
    sigma: float
    ordinal: float

    COLUMNS = ("date", "id", "mu", "sigma", "ordinal")

    def to_json(self) -> dict[str, Any]:
        """``{"date", "id", "mu", "sigma", "ordinal"}``."""
        return _columns(self)


@dataclass(frozen=True)
class PlayerRating:
    """A player's openskill rating in one game (Plackett-Luce): ``ordinal`` = mu - 3 sigma,
    and its history, one point per game in the order played."""

    game: str
    name: str
    games: int
    mu: float
    sigma: float
    ordinal: float
    history: tuple[RatingPoint, ...] = ()

    COLUMNS = ("game", "name", "games", "mu", "sigma", "ordinal")

    def to_json(self) -> dict[str, Any]:
        """``{"game", "name", "games", "mu", "sigma", "ordinal", "history": [...]}``."""
        return {**_columns(self), "history": [p.to_json() for p in self.history]}


@dataclass(frozen=True)
class Streak:
    """A player's win streaks in the order played (``game`` null: over every game)."""

    game: str | None
    name: str
    games: int
    wins: int
    longest: int
    current: int

    COLUMNS = ("game", "name", "games", "wins", "longest", "current")

    def to_json(self) -> dict[str, Any]:
        """``{"game", "name", "games", "wins", "longest", "current"}``."""
        return _columns(self)


@dataclass(frozen=True)
class StatsView:
    """``stats``: one view (``summary``, ``by``, ``categories``, ``ratings``, ``streaks``,
    ``versus``, ``high``) under its filters; only the sections of that view are in the JSON."""

    view: str
    filters: StatsFilters
    leaderboards: tuple[tuple[LeaderRow, ...], ...] | None = None
    high_scores: tuple[HighScore, ...] | None = None
    splits: tuple[WinSplit, ...] | None = None
    categories: tuple[CategoryStat, ...] | None = None
    ratings: tuple[PlayerRating, ...] | None = None
    streaks: tuple[Streak, ...] | None = None
    versus: tuple[HeadToHeadOf, ...] | None = None
    versus_names: tuple[str, ...] | None = None
    sort: str | None = None

    SECTIONS = ("high_scores", "splits", "categories", "ratings", "streaks")

    def to_json(self) -> dict[str, Any]:
        """``{"view", "filters", ...sections}`` (docs/json.md)."""
        data: dict[str, Any] = {"view": self.view, "filters": self.filters.to_json()}
        if self.leaderboards is not None:
            data["sort"] = self.sort
            data["leaderboards"] = [[row.to_json() for row in board] for board in self.leaderboards]
        for name in self.SECTIONS:
            section = getattr(self, name)
            if section is not None:
                data[name] = [item.to_json() for item in section]
        if self.versus is not None:
            data["versus"] = [
                {"name": name, "opponents": [h.to_json() for h in self.versus if h.name == name]}
                for name in self.versus_names or ()
            ]
        return data


@dataclass(frozen=True)
class HeadToHeadOf(HeadToHead):
    """A head-to-head line with whose it is (``name``: ahead/behind are that player's)."""

    name: str = ""

    COLUMNS = ("name", "opponent", "games", "ahead", "behind", "tied")


# -- interop (issue 14): import of BG Stats, BGG XML, CSV and the program's own files --------------
@dataclass(frozen=True)
class ImportRefusal:
    """One play of an imported file that was not stored: its place in the file and why."""

    place: str
    message: str

    def to_json(self) -> dict[str, Any]:
        """``{"place": "play 3", "message": "..."}``."""
        return {"place": self.place, "message": self.message}


@dataclass(frozen=True)
class ImportReport:
    """``import`` of a file in any format it recognises: what was stored, what was skipped
    (already in the history, a game the program does not know, a play not finished) and what
    was refused, each with its place in the file."""

    format: str
    ids: tuple[int, ...] = ()
    duplicates: int = 0
    other_games: Mapping[str, int] = field(default_factory=dict)
    unfinished: int = 0
    refused: tuple[ImportRefusal, ...] = ()
    #: the stored games the skipped duplicates are, in the file's order
    duplicate_of: tuple[int, ...] = ()
    #: what was changed to store a play (a name used twice in it), with the play's place
    notes: tuple[ImportRefusal, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``ok`` (nothing refused), ``format``, ``ids`` (as before), ``stored``,
        ``duplicates`` (plays already in the history, skipped), ``duplicate_of`` (the stored
        games they are, sorted, each once), ``other_games`` ({name: plays}), ``unfinished``,
        ``refused``, ``notes`` (what was changed to store a play, as ``refused``)."""
        return {
            "ok": not self.refused,
            "format": self.format,
            "ids": list(self.ids),
            "stored": len(self.ids),
            "duplicates": self.duplicates,
            "duplicate_of": sorted(set(self.duplicate_of)),
            "other_games": dict(self.other_games),
            "unfinished": self.unfinished,
            "refused": [r.to_json() for r in self.refused],
            "notes": [n.to_json() for n in self.notes],
        }


# -- serve: the board page, a seat's phone, the phones of a game (issue 21) ------------------
@dataclass(frozen=True)
class BoardView:
    """A game as the board page shows it: what it waits for, the board, the running score
    and the last entries, each in its public form."""

    id: int
    title: str
    status: str
    ply: int
    waiting: str
    board: str
    score: str
    recent: tuple[tuple[int, str], ...]

    def to_json(self) -> dict[str, Any]:
        """The fields as JSON-able data (``recent`` as ``[ply, text]`` pairs)."""
        data = asdict(self)
        data["recent"] = [list(pair) for pair in self.recent]
        return data


@dataclass(frozen=True)
class SeatView:
    """A game as one seat's phone shows it: what the game waits for and whether from this
    seat, this seat's own part of the state (its faces too), the public board, this seat's
    record of the game (its own secrets in full, the others' in public form) and the entries
    it may make now. Nothing in it depends on a face this seat may not see."""

    id: int
    title: str
    seat: str
    status: str
    ply: int
    waiting: str
    yours: bool
    mine: tuple[tuple[str, str], ...]
    board: str
    score: str
    recent: tuple[tuple[int, str], ...]
    moves: tuple[str, ...]
    asked: str = ""

    def to_json(self) -> dict[str, Any]:
        """The fields as JSON-able data (pairs as lists)."""
        data = asdict(self)
        data["mine"] = [list(pair) for pair in self.mine]
        data["recent"] = [list(pair) for pair in self.recent]
        data["moves"] = list(self.moves)
        return data


@dataclass(frozen=True)
class PhoneSeatView:
    """One seat as ``phones ID`` lists it: whether a phone holds it, since when; whether a
    code is open for it."""

    seat: str
    joined: bool
    since: str | None
    code_open: bool

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "joined", "since", "code_open"}``."""
        return {"seat": self.seat, "joined": self.joined, "since": self.since, "code_open": self.code_open}
