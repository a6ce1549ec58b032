"""Games and their entries: start a game, enter a line, undo, finish, abandon; read a game
back (replaying its record) and the views of one game (``show``, ``state``, ``score``, ``log``).

The record is the truth: a command that touches a game reads its entries and replays them
through the game's rules, then acts, in one transaction. An entry that is not accepted raises
before anything is written, so the transaction writes nothing. (The ``play`` prompt keeps the
game in memory instead: :mod:`assistant.service.play`.)

>>> # store = Store.open("/tmp/history.sqlite3")
>>> # gid = new_game(store, "roma", ["Ann", "Ben"])
>>> # enter(store, gid, "hand Ann Legat Forum Forum Turris")
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from assistant.core.errors import AssistantError, Conflict, EntryError, IllegalMove, InvalidEntry, RecordError, StorageError, TableError
from assistant.core.game import Game, rebuilt
from assistant.core.inputs import clean
from assistant.core.protocol import AnyRuleset, Outcome, Prompt, Ruleset
from assistant.core.record import Record, RecordLine
from assistant.core.scoresheet import ScoreSheet
from assistant.core.viewer import PUBLIC, Viewer
from assistant.games import get_ruleset
from assistant.service.catalogue import DEFAULT_CATALOGUE, catalogue_name, expand_catalogue
from assistant.service.fields import check_date
from assistant.service.stats import record_facts, record_start
from assistant.service.views import Entered, GameShow, GameSummary, LogLine, LogView, ScoreView, StateView
from assistant.store import queries
from assistant.store.db import Store
from assistant.store.models import GameRow, Seat

if TYPE_CHECKING:
    from sqlmodel import Session

STATUSES = ("active", "finished", "abandoned")


@dataclass
class Loaded:
    """A game read from the database and replayed (``game`` is None for a game scored from
    a final table)."""

    row: GameRow
    seats: list[Seat]
    game: Game | None
    ruleset: AnyRuleset

    @property
    def id(self) -> int:
        """The game's id."""
        assert self.row.id is not None
        return self.row.id

    @property
    def names(self) -> list[str]:
        """The players in seating order."""
        return [seat.name for seat in self.seats]

    def headers(self) -> dict[str, str]:
        """The record headers of this game (date, location, its own headers, source id)."""
        headers: dict[str, str] = {"Date": self.row.date}
        if self.row.location:
            headers["Location"] = self.row.location
        headers.update(json.loads(self.row.headers or "{}"))
        if self.row.source_id:
            headers["Source-Id"] = self.row.source_id
        return headers

    @property
    def catalogue(self) -> str:
        """The local catalogue whose ``@keys`` this game's entries may use."""
        return str(json.loads(self.row.headers or "{}").get("Catalogue", DEFAULT_CATALOGUE))

    def record(self, *, public: bool = False) -> Record:
        """The game's record (INTERFACES §3): the whole truth, every face as typed; with
        ``public``, every secret face in its unknown form (``Game.to_public_record``: it still
        replays). A game scored from a final table has none."""
        if self.game is None:
            how = {"sheet": "logged from its score pad", "totals": "logged from its totals"}.get(self.row.kind, "scored from a final table")
            raise InvalidEntry(
                "core.export",
                f"game {self.id} was {how} and has no entries to export as a record",
                hint="export it with --format json, csv or bgstats",
            )
        if public:
            return self.game.to_public_record(self.headers())
        return self.game.to_record(self.headers())

    def sheet(self, *, reveal: bool = False) -> ScoreSheet:
        """The score: of the game as it stands, or of its final table (see :func:`score_of`).
        A game marked finished (``finish --force`` included) is over, so nothing in it is
        secret any more: its score is the whole truth, the one stored with its results."""
        if self.game is None:
            if self.row.kind in ("sheet", "totals"):
                from assistant.service.plays import sheet_of

                return sheet_of(self.row)
            return self.ruleset.score_table(json.loads(self.row.table_json or "{}"))
        return score_of(self.game, reveal=reveal or self.row.status == "finished")

    def lines(self, *, reveal: bool = False) -> tuple[LogLine, ...]:
        """The entries as read commands print them (see :func:`entry_lines`)."""
        return entry_lines(self.game, reveal=reveal) if self.game is not None else ()

    def summary(self) -> GameSummary:
        """The ``show`` / ``games`` summary of this game."""
        return GameSummary.of(self.row, self.seats, self.game.ply if self.game else 0)


# -- what the table may see --------------------------------------------------------------------------
def public_text(game: Game, ply: int) -> str:
    """Entry ``ply`` (1-based) as the whole table may see it: ``Ruleset.public_notation`` at
    the state before it, every secret face in its unknown form."""
    return game.ruleset.public_notation(game.states[ply - 1], game.entries[ply - 1].move)


def entry_lines(game: Game, *, reveal: bool = False, first: int = 1) -> tuple[LogLine, ...]:
    """The entries from ply ``first`` on, as a read command prints them: each in its public
    form, as ``Game.to_public_record`` writes them; with ``reveal``, as typed, with every
    comment, and the heading of its turn. In a game that keeps secrets (its ruleset has its own ``public_notation``) the
    public lines leave every comment out, as the public record does: any comment may tell a
    secret ("# Ann kept the Legat"); a game without secrets keeps them. ``secret`` marks the
    entries whose public form differs from what was typed, either way."""
    keeps_secrets = has_secrets(game.ruleset)
    lines: list[LogLine] = []
    for ply in range(first, game.ply + 1):
        typed = game.entries[ply - 1].text
        comment = game.comments[ply - 1]
        public = public_text(game, ply) if keeps_secrets else typed
        secret = public != typed
        turn = game.ruleset.turn_heading(game.states[ply - 1])  # the turn the entry was made in
        if reveal or not keeps_secrets:
            lines.append(LogLine(ply, typed, comment, secret, turn))
        else:
            lines.append(LogLine(ply, public, "", secret, turn))
    return tuple(lines)


def has_secrets(ruleset: AnyRuleset) -> bool:
    """Whether a game keeps secret faces: its ruleset writes entries in a public form of its
    own (``Ruleset.public_notation`` overridden)."""
    return type(ruleset).public_notation is not Ruleset.public_notation


def score_of(game: Game, *, reveal: bool = False) -> ScoreSheet:
    """The score sheet of ``game`` as it stands, as the table sees it (the game as it knows it,
    :meth:`Game.seen_by`), or with every hidden value with ``reveal``. A game whose ``score``
    keeps hidden values out of the provisional score shows them with ``reveal``."""
    return game.score(viewer=Viewer.revealing(reveal))


def ruleset_of(row: GameRow) -> AnyRuleset:
    """The rules of a stored game; a row without a game type is a damaged file (StorageError)."""
    if not isinstance(row.ruleset, str) or not row.ruleset:
        raise StorageError(
            "core.db.corrupt",
            f"game {row.id} has no game type in the database (the file was damaged or changed by hand)",
            hint="restore a backup (`assistant db backup` makes one); the other games are not affected",
        )
    return get_ruleset(row.ruleset)


def load(session: Session, game_id: int | str) -> Loaded:
    """Read a game and replay its record."""
    row = queries.game_row(session, game_id)
    ruleset = ruleset_of(row)
    seats = queries.seats(session, row.id)  # type: ignore[arg-type]
    if row.kind in ("table", "sheet", "totals"):  # scored from a final table, a score pad or totals
        return Loaded(row, seats, None, ruleset)
    options = json.loads(row.options or "{}")
    game = Game(ruleset, [s.name for s in seats], options)
    lines = [RecordLine(e.text, e.comment, 0) for e in queries.entries(session, row.id)]  # type: ignore[arg-type]
    try:
        game.extend(lines)
    except RecordError as exc:
        public = _public_entry(ruleset, game, exc.entry or "")
        if public == "":  # nothing secret in it: the entry and the reason as they are
            raise RecordError(
                f"game {row.id} no longer replays at ply {exc.ply} ('{exc.entry}'): {exc.message}",
                ply=exc.ply, entry=exc.entry, cause=exc.cause,
            ) from None
        # the reason and the hint may name the face too (a card not in that hand): withheld
        shown = f"('{public}')" if public else "(an entry of a game with secret faces)"
        withheld = RecordError(
            f"game {row.id} no longer replays at ply {exc.ply} {shown}: refused"
            + (f" under {exc.rule}" if exc.rule else "")
            + "; the entry and the reason are not shown, as they may name a secret face",
            ply=exc.ply, entry=public, cause=exc.cause,
        )
        withheld.hint = f"'assistant export {row.id}' writes the whole record, as typed"
        raise withheld from None
    return Loaded(row, seats, game, ruleset)


def _public_entry(ruleset: AnyRuleset, game: Game, text: str) -> str | None:
    """A stored entry that no longer replays, as the whole table may see it (``game`` stands
    before it): the text itself in a game without secret faces (``""`` when it needs no
    hiding), its public form where it still reads, else ``None`` (it may hold a secret face
    that cannot be told from the rest)."""
    if not has_secrets(ruleset):
        return ""
    try:
        move = ruleset.parse(game.state, text)
        public = ruleset.public_notation(game.state, move)
    except AssistantError:
        return None
    return "" if public == move.notation() else public


def read_game(store: Store, game_id: int | str) -> Loaded:
    """Read and replay one game (a read transaction)."""
    with store.read() as session:
        return load(session, game_id)


def write_results(session: Session, loaded: Loaded, sheet: ScoreSheet, *, status: str) -> None:
    """Store a scored game's results (totals, ranks, winners, points) and its status, the
    seat facts statistics group by (what the game says of each seat: 7 Wonders wonder, side,
    leaders) and, for a tracked game, who started (``Ruleset.start_player``)."""
    queries.write_results(session, loaded.row, loaded.seats, sheet, status=status)
    state = loaded.game.state if loaded.game is not None else None
    record_facts(session, loaded.id, loaded.ruleset, loaded.names, state=state, table=loaded.row.table_json)
    if state is not None:
        record_start(session, loaded.id, loaded.ruleset, loaded.names, state)


# -- one entry ----------------------------------------------------------------------------------------
def split_entry(text: str, comment: str = "") -> tuple[str, str]:
    """An entry's text and comment (what follows ``#``), checked: one line, not empty.

    >>> split_entry("take 2  # greedy")
    ('take 2', 'greedy')
    """
    if "\n" in text or "\r" in text:
        raise InvalidEntry("core.entry", "one entry per command: the text has a line break")
    if "#" in text:
        text, extra = text.split("#", 1)
        comment = (comment + " " + extra).strip()
    text = text.strip()
    if not text:
        raise InvalidEntry("core.entry", "the entry is empty")
    return text, comment


def check_open(loaded: Loaded) -> Game:
    """The game of ``loaded`` if it takes entries; :class:`IllegalMove` when it was scored
    from a final table, or is finished or abandoned."""
    if loaded.game is None:
        raise IllegalMove("core.over", f"game {loaded.id} was scored from a final table; it takes no entries")
    if loaded.row.status != "active":
        raise IllegalMove(
            "core.over",
            f"game {loaded.id} is {loaded.row.status}; it takes no more entries",
            hint=f"assistant undo {loaded.id} reopens a finished game" if loaded.row.status == "finished" else None,
        )
    return loaded.game


def conflict(game_id: int, ply: int, expected: int) -> Conflict:
    """The refusal of an entry made on a game that changed since the caller looked."""
    return Conflict(
        "core.conflict",
        f"game {game_id} changed meanwhile: it has {ply} entries, not {expected}; nothing was written",
        hint="look at the state again (assistant state) and re-enter if still right",
    )


def sealed_text(game: Game, text: str) -> str:
    """An entry made out of the table's sight, as the game records it (``Ruleset.sealed``: a
    7 Wonders choice is sealed until the last one is in); ``text`` itself when the game has no
    sealed form for it, or when it does not read (the push refuses it then)."""
    try:
        move = game.ruleset.parse(game.state, text)
    except EntryError:
        return text
    sealed = game.ruleset.sealed(game.state, move)
    return text if sealed is move else str(sealed.notation())


def push_entry(
    session: Session,
    loaded: Loaded,
    text: str,
    comment: str,
    *,
    reveal: bool = False,
    private: bool = False,
    viewer: Viewer | None = None,
) -> Entered:
    """Check one entry against the game in memory and store it in ``session``'s transaction
    (with the results when it ends the game). On any refusal the game in memory is left as
    it was and the caller's transaction writes nothing; the refusal says only what the table
    may hear (:mod:`assistant.service.hidden`: ``private`` for an entry typed at the hidden
    prompt; ``viewer``: as that seat may hear it, for an entry from its phone). The answer
    carries the entry's public form; ``reveal`` makes it show what was typed."""
    if "@" in text:
        text = expand_catalogue(session, loaded.row.ruleset, loaded.catalogue, text)
    game = check_open(loaded)
    if private or viewer is not None:
        text = sealed_text(game, text)
    try:
        entry = game.push(text, comment)
    except EntryError as exc:
        if reveal and not private and viewer is None:
            raise
        from assistant.service.hidden import refusal

        told = refusal(game, text, exc, private=private, viewer=viewer or PUBLIC)
        if told is exc:
            raise
        raise told from None
    try:
        queries.add_entry(session, loaded.id, entry.ply, entry.text, comment)
        queries.touch(session, loaded.row)
        outcome = game.outcome()
        sheet = None
        if outcome is not None:
            sheet = game.score()
            write_results(session, loaded, sheet, status="finished")
        viewer = Viewer.revealing(reveal)
        events = tuple(game.last_events(viewer=viewer))
        public = public_text(game, entry.ply)
        return Entered(
            loaded.id, entry, None if outcome else game.expecting(viewer=viewer), outcome, sheet, events, public=public, revealed=reveal,
            hides=game.ruleset.hides(game.states[-2], entry.move),
        )
    except BaseException:
        game.pop()
        raise


def take_back(session: Session, loaded: Loaded, n: int, *, reveal: bool = False) -> list[LogLine]:
    """Take back the last ``n`` entries of the game in memory and in ``session``'s
    transaction (reopening a finished game). Returns them, last first, as ``log`` prints them
    (public form unless ``reveal``)."""
    if n < 1:
        raise InvalidEntry("core.undo", "undo takes back at least 1 entry")
    if loaded.game is None:
        raise IllegalMove("core.undo", f"game {loaded.id} was scored from a final table; there is nothing to undo")
    game = loaded.game
    if n > game.ply:
        raise IllegalMove("core.undo", f"game {loaded.id} has only {game.ply} entries", hint=f"undo -n {game.ply}" if game.ply else None)
    if loaded.row.status == "abandoned":
        raise IllegalMove("core.undo", f"game {loaded.id} was abandoned")
    queries.delete_entries_after(session, loaded.id, game.ply - n)
    if loaded.row.status == "finished":
        queries.clear_results(session, loaded.row, loaded.seats)
    queries.touch(session, loaded.row)
    taken = list(reversed(entry_lines(game, reveal=reveal, first=game.ply - n + 1)))
    for _ in range(n):
        game.pop()
    return taken


# -- fixing a mistake in place (amend, delete, insert) -----------------------------------------------
EditAction = Literal["amend", "delete", "insert"]


@dataclass(frozen=True)
class Amended:
    """What ``amend``, ``amend --delete`` or ``insert`` did: the ply changed, the entry now
    there (``None`` after a delete) or the one taken out (``removed``), each in its public
    form unless ``revealed``; the new number of entries and where the game now stands."""

    game_id: int
    action: str
    ply: int
    entry: str | None
    removed: str | None
    secret: bool
    revealed: bool
    entries: int
    status: str
    prompt: Prompt | None
    outcome: Outcome | None

    def to_json(self) -> dict[str, Any]:
        """The object of ``amend --json`` and ``insert --json`` (docs/json.md)."""
        return {
            "ok": True,
            "game": self.game_id,
            "action": self.action,
            "ply": self.ply,
            "entry": self.entry,
            "removed": self.removed,
            "secret": self.secret,
            "revealed": self.revealed,
            "entries": self.entries,
            "status": self.status,
            "expecting": self.prompt.to_json() if self.prompt else None,
            "outcome": self.outcome.to_json() if self.outcome else None,
        }


def _shown(game: Game, ply: int, reveal: bool) -> str:
    """Entry ``ply`` of ``game`` as a refusal or an echo may print it: as typed with
    ``reveal``, else in its public form."""
    return game.entries[ply - 1].text if reveal else public_text(game, ply)


def check_editable(loaded: Loaded, action: EditAction, ply: int) -> Game:
    """The game of ``loaded`` if entry ``ply`` may be amended, deleted or inserted before
    (``insert`` takes one past the last entry: it appends). A finished game may be fixed (its
    results follow); a game scored from a final table or abandoned may not."""
    rule = "core.insert" if action == "insert" else "core.amend"
    game = loaded.game
    if game is None:
        raise IllegalMove(rule, f"game {loaded.id} was scored from a final table; it has no entries to change",
                          hint="score it again with: assistant score GAME --from FILE --save")
    if loaded.row.status == "abandoned":
        raise IllegalMove(rule, f"game {loaded.id} was abandoned; its entries are kept as they are",
                          hint="start a new game to play it again (assistant new)")
    last = game.ply + 1 if action == "insert" else game.ply
    if last < 1:
        raise InvalidEntry(rule, f"game {loaded.id} has no entries yet; there is none to {action}", hint="enter one with move or play")
    if not 1 <= ply <= last:
        raise InvalidEntry(
            rule,
            f"game {loaded.id} has {game.ply} entries, so the entry to {action} is between 1 and {last}, not {ply}",
            hint=f"assistant log {loaded.id} numbers them" + ("; insert N+1 appends" if action == "insert" else ""),
        )
    return game


def edit_entries(
    session: Session,
    loaded: Loaded,
    action: EditAction,
    ply: int,
    text: str | None = None,
    *,
    reveal: bool = False,
) -> Amended:
    """Amend (replace), delete or insert (before) entry ``ply`` of the game in memory, replay
    every later entry, and store the result in ``session``'s transaction: the entries from
    ``ply`` on, the status and results when the game becomes finished or stops being so.
    The replaced entry keeps its comment unless ``text`` has one (``ENTRY # comment``). The
    later entries are stored as the replay writes them, each in its notation at its new
    position (as ``move`` stores an entry), so that the game read back is the game in memory.

    Nothing is written and the game in memory is left as it was when the new entry is refused
    (its own error) or when a later entry is no longer accepted (:class:`RecordError` naming
    that entry's ply and text, the rule and the reason). ``loaded.game`` is the new game once
    the writes are made."""
    old = check_editable(loaded, action, ply)
    lines: list[RecordLine] = []
    if action != "delete":
        if text is None:
            raise InvalidEntry("core.amend", f"{action} needs the entry to write at {ply}", hint=f'{action} {ply} "ENTRY"')
        entry_text, comment = split_entry(text)
        if action == "amend" and not comment:
            comment = old.comments[ply - 1]
        if "@" in entry_text:
            entry_text = expand_catalogue(session, loaded.row.ruleset, loaded.catalogue, entry_text)
        lines.append(RecordLine(entry_text, comment))
    drop = 0 if action == "insert" else 1
    try:
        new = rebuilt(old, ply, lines, drop=drop)
    except RecordError as exc:
        later = exc.ply or ply
        if not reveal and isinstance(exc.cause, EntryError):
            exc = _later_refusal(old, ply, lines, drop, later, exc.cause)
        exc.entry = _shown(old, later, reveal)
        exc.hint = (
            f"change entry {later} first (amend {later} ENTRY, or amend {later} --delete), "
            f"or {action} {ply} differently; nothing was changed"
        )
        raise exc from None
    except EntryError as exc:  # the new line itself, typed in the open
        if reveal:
            raise
        from assistant.service.hidden import public_refusal

        told = public_refusal(old.prefix(ply - 1), lines[0].text, exc)
        if told is exc:
            raise
        raise told from None
    rows = [
        (n, new.entries[n - 1].text, new.comments[n - 1])
        for n in range(ply, new.ply + 1)
    ]
    queries.replace_entries_from(session, loaded.id, ply, rows)
    outcome = new.outcome()
    if outcome is not None:
        write_results(session, loaded, new.score(), status="finished")
    elif loaded.row.status == "finished":
        if old.outcome() is not None:
            queries.clear_results(session, loaded.row, loaded.seats)  # no longer over: reopened
        else:  # finished by hand (finish --force): scored again as it now stands
            write_results(session, loaded, score_of(new, reveal=True), status="finished")
    queries.touch(session, loaded.row)
    removed = _shown(old, ply, reveal) if action != "insert" else None
    entry = _shown(new, ply, reveal) if action != "delete" else None
    secret = action != "delete" and public_text(new, ply) != new.entries[ply - 1].text
    loaded.game = new
    return Amended(
        loaded.id,
        action,
        ply,
        entry,
        removed,
        secret,
        reveal,
        new.ply,
        loaded.row.status,
        None if outcome else new.expecting(viewer=Viewer.revealing(reveal)),
        outcome,
    )


def _later_refusal(
    old: Game, ply: int, lines: list[RecordLine], drop: int, later: int, cause: EntryError
) -> RecordError:
    """Why entry ``later`` of ``old`` no longer replays after an edit at ``ply``, as the table
    may hear it (:mod:`assistant.service.hidden`): the entry is judged again at its new position
    (the game rebuilt up to the entry before it); one holding a secret face is told only the
    table's refusal of its public form, or its rule; one typed in the open, the table's own
    refusal, or that it contradicts a secret."""
    from assistant.service.hidden import refusal

    before = rebuilt(old.prefix(later - 1), ply, lines, drop=drop)
    text = old.entries[later - 1].text
    told = refusal(before, text, cause, private=public_text(old, later) != text)  # a secret entry: as if typed unseen
    return RecordError(f"no longer accepted after this change: {told.message}", ply=later, cause=told)


def edit(
    store: Store,
    game_id: int | str,
    action: EditAction,
    ply: int,
    text: str | None = None,
    *,
    expect_ply: int | None = None,
    reveal: bool = False,
) -> Amended:
    """``amend``, ``amend --delete``, ``insert``: one transaction, one replay (see
    :func:`edit_entries`). ``expect_ply``: the number of entries the caller saw; if the game
    has changed since, raise :class:`Conflict` and write nothing."""
    with store.write(needs_history=True) as session:
        loaded = load(session, game_id)
        if loaded.game is not None and expect_ply is not None and loaded.game.ply != expect_ply:
            raise conflict(loaded.id, loaded.game.ply, expect_ply)
        return edit_entries(session, loaded, action, ply, text, reveal=reveal)


# -- commands ------------------------------------------------------------------------------------
def new_game(
    store: Store,
    game: str,
    players: Sequence[str],
    options: Mapping[str, str] | None = None,
    *,
    date: str | None = None,
    location: str | None = None,
    catalogue: str | None = None,
    position: Mapping[str, Any] | None = None,
) -> int:
    """Start a game; returns its id. The set-up is checked before anything is written.
    ``catalogue`` names the local catalogue its ``@keys`` come from (default: "default").

    ``position``: a game already under way, picked up from its position file (a mapping read
    from TOML or JSON, docs/position.md). The file names the players and options; ``players``
    and ``options`` given as well must agree with it. The game starts with the file's position
    block as its first entries, all stored in the same transaction or none."""
    ruleset = get_ruleset(game)
    block: tuple[str, ...] = ()
    if position is not None:
        players, options, block = _picked_up(ruleset, position, players, options or {})
    players = [p.strip() for p in players]
    live = Game(ruleset, players, dict(options or {}))
    players = list(live.seats)
    location = clean(location, "header") if location else None
    headers = {}
    if catalogue and catalogue != DEFAULT_CATALOGUE:
        headers["Catalogue"] = catalogue_name(catalogue)
    with store.write(verify=True) as session:
        row = queries.insert_game(
            session,
            ruleset=ruleset.name,
            ruleset_version=ruleset.version,
            players=players,
            options=live.options,
            date=check_date(date),
            location=location,
            headers=headers,
            source_id=str(uuid.uuid4()),
        )
        if block:
            loaded = load(session, row.id)  # type: ignore[arg-type]
            for n, text in enumerate(block, 1):
                try:
                    push_entry(session, loaded, text, "")
                except (InvalidEntry, IllegalMove) as exc:
                    message = f"the position does not hold: line {n} of its block ('{text}'): {exc.message}"
                    if isinstance(exc, IllegalMove):
                        raise IllegalMove(exc.rule, message, hint=exc.hint) from None
                    raise InvalidEntry(exc.rule, message, hint=exc.hint) from None
        return row.id  # type: ignore[return-value]


def _picked_up(
    ruleset: AnyRuleset, position: Mapping[str, Any], players: Sequence[str], options: Mapping[str, str]
) -> tuple[list[str], dict[str, str], tuple[str, ...]]:
    """The seats, options and position block of a position file, with the ``--player`` and
    ``--option`` values given beside it checked against the file (rule ``core.position``)."""
    from assistant.core.names import normalize

    try:
        setup = ruleset.from_position(position)
    except TableError as exc:
        raise TableError(exc.problems, rule="core.position", summary="the position cannot be picked up") from None
    seats = list(setup.seats)
    if players and [normalize(p) for p in players] != [normalize(s) for s in seats]:
        raise InvalidEntry(
            "core.position",
            f"the players given ({', '.join(players)}) are not the position file's ({', '.join(seats)})",
            hint="leave out --player: the file names the players in seating order",
        )
    merged = dict(setup.options)
    for key, value in options.items():
        if key in merged and str(merged[key]) != str(value):
            raise InvalidEntry(
                "core.position",
                f"option {key}={value} disagrees with the position file ({key}={merged[key]})",
                hint="set it in the file, or leave out --option",
            )
        merged[key] = value
    return seats, merged, tuple(setup.entries)


def enter(
    store: Store,
    game_id: int | str,
    text: str,
    *,
    expect_ply: int | None = None,
    comment: str = "",
    reveal: bool = False,
) -> Entered:
    """Check and store one entry (``move``): one transaction, one replay. ``expect_ply``: the
    number of entries the caller saw; if the game has changed since (another window entered a
    line), raise :class:`Conflict`. The answer shows the entry's public form unless ``reveal``."""
    text, comment = split_entry(text, comment)
    with store.write(needs_history=True) as session:
        loaded = load(session, game_id)
        if loaded.game is not None and expect_ply is not None and loaded.game.ply != expect_ply:
            check_open(loaded)
            raise conflict(loaded.id, loaded.game.ply, expect_ply)
        return push_entry(session, loaded, text, comment, reveal=reveal)


def undo(store: Store, game_id: int | str, n: int = 1, *, reveal: bool = False) -> list[LogLine]:
    """Take back the last ``n`` entries (reopening a finished game); they are returned in
    their public form unless ``reveal``."""
    if n < 1:
        raise InvalidEntry("core.undo", "undo takes back at least 1 entry")
    with store.write(needs_history=True) as session:
        return take_back(session, load(session, game_id), n, reveal=reveal)


def finish(store: Store, game_id: int | str, *, force: bool = False) -> ScoreView:
    """Mark a game finished and store its results. A game whose rules say it is not over is
    finished only with ``force`` (scored as it stands, with every value typed: money behind a
    screen counts, as the game is over)."""
    with store.write(needs_history=True) as session:
        loaded = load(session, game_id)
        if loaded.row.status == "abandoned":
            raise IllegalMove("core.finish", f"game {loaded.id} was abandoned")
        if loaded.game is not None and loaded.game.outcome() is None and not force:
            prompt = loaded.game.expecting()
            raise IllegalMove(
                "core.finish",
                f"game {loaded.id} is not over ({prompt.phase})",
                hint="finish --force scores it as it stands",
            )
        sheet = loaded.sheet(reveal=True)  # the game is over: hidden values count
        write_results(session, loaded, sheet, status="finished")
        return ScoreView(sheet)


def abandon(store: Store, game_id: int | str) -> int:
    """Mark a running game abandoned (kept in the history, left out of statistics)."""
    with store.write(needs_history=True) as session:
        row = queries.game_row(session, game_id)
        if row.status != "active":
            raise IllegalMove("core.abandon", f"game {row.id} is {row.status}, not active")
        queries.set_status(session, row, "abandoned")
        return row.id  # type: ignore[return-value]


# -- views of one game ----------------------------------------------------------------------------------
def read_entries(store: Store, game_id: int | str, *, reveal: bool = False) -> LogView:
    """A game's entries (``log``): replayed, so that each is printed in its public form (see
    :func:`entry_lines`); with ``reveal``, as stored (what was typed), even when the game no
    longer replays (then ``secret`` is false throughout: there is no public form to compare)."""
    try:
        loaded = read_game(store, game_id)
    except RecordError as exc:
        if not reveal:
            exc.hint = "log --reveal prints its entries as they are stored"
            raise
        # a game that no longer replays: its entries as stored (no public form to compare)
        with store.read() as session:
            row = queries.game_row(session, game_id)
            lines = tuple(LogLine(e.ply, e.text, e.comment) for e in queries.entries(session, row.id))  # type: ignore[arg-type]
        return LogView(row.id, row.ruleset, lines, revealed=True)  # type: ignore[arg-type]
    return LogView(loaded.id, loaded.row.ruleset, loaded.lines(reveal=reveal), revealed=reveal)


def show_view(loaded: Loaded, *, reveal: bool = False) -> GameShow:
    """``show``: the summary, with the score (finished, or a final table) or the prompt;
    ``reveal`` reaches the score (see :func:`score_of`)."""
    sheet = loaded.sheet(reveal=reveal) if loaded.row.status == "finished" or loaded.game is None else None
    expecting = loaded.game.expecting() if sheet is None and loaded.game is not None else None
    return GameShow(loaded.summary(), loaded.ruleset.title, sheet, expecting)


def show_game(store: Store, game_id: int | str, *, reveal: bool = False) -> GameShow:
    """Read one game for ``show``; a tracked game's start time and duration are measured
    from its entries where the table gave none."""
    from dataclasses import replace

    from assistant.service.plays import measured

    with store.read() as session:
        loaded = load(session, game_id)
        view = show_view(loaded, reveal=reveal)
        if loaded.row.kind == "tracked" and (loaded.row.time is None or loaded.row.duration is None):
            start, minutes = measured(session, loaded.row)
            summary = replace(view.summary, measured_time=start if loaded.row.time is None else None,
                              measured_duration=minutes if loaded.row.duration is None else None)
            view = replace(view, summary=summary)
        return view


def state_view(loaded: Loaded, *, reveal: bool = False) -> StateView:
    """``state``: where the game stands (hidden information only with ``reveal``)."""
    base = dict(id=loaded.id, game=loaded.row.ruleset, title=loaded.ruleset.title, status=loaded.row.status)
    game = loaded.game
    if game is None:
        return StateView(**base, table=True)  # type: ignore[arg-type]
    outcome = game.outcome()
    return StateView(
        **base,  # type: ignore[arg-type]
        ply=game.ply,
        state=game.describe(viewer=Viewer.revealing(reveal)),
        expecting=None if outcome else game.expecting(viewer=Viewer.revealing(reveal)),
        outcome=outcome,
        revealed=reveal,
    )


def game_state(store: Store, game_id: int | str, *, reveal: bool = False) -> StateView:
    """Read one game for ``state``."""
    return state_view(read_game(store, game_id), reveal=reveal)


def game_score(store: Store, game_id: int | str, *, reveal: bool = False) -> ScoreView:
    """``score ID``: the score of a tracked game, provisional while it is not over; hidden
    values (money behind a screen) only with ``reveal`` (see :func:`score_of`)."""
    loaded = read_game(store, game_id)
    provisional = loaded.game is not None and loaded.game.outcome() is None and loaded.row.status != "finished"
    title = f"Game {loaded.id} · {loaded.ruleset.title}" + (" · provisional (the game is not over)" if provisional else "")
    return ScoreView(loaded.sheet(reveal=reveal), title, id=loaded.id, provisional=provisional, revealed=reveal)
