"""What the commands do, one transaction each: start a game, enter a line, undo, finish,
abandon, query, import and export, players, and final-table scoring.

The record is the truth: every command that touches a game reads its entries, replays them
through the game's rules (milliseconds), then acts. An entry that is not accepted raises
before anything is written, so the transaction writes nothing.

>>> # store = Store.open("/tmp/history.sqlite3")
>>> # gid = new_game(store, "roma", ["Ann", "Ben"])
>>> # enter(store, gid, "Ann hand Legat Forum ...")
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date as Date
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select

from assistant.core.errors import Conflict, IllegalMove, InvalidEntry, NotFound, RecordError
from assistant.core.game import Game, record_options
from assistant.core.names import NameIndex, normalize
from assistant.core.protocol import Entry, Outcome, Prompt, Ruleset
from assistant.core.record import Record, RecordLine, read_record, write_record
from assistant.core.scoresheet import ScoreSheet
from assistant.games import get_ruleset, resolve_game
from assistant.store.db import Store
from assistant.store.models import CatalogueItem, EntryRow, GameRow, Player, Result, Seat, utcnow

RECORD_SEPARATOR = "%%"
DEFAULT_CATALOGUE = "default"
_CATALOGUE_KEY = re.compile(r"@([A-Za-z0-9][A-Za-z0-9_.\-]*)")
STATUSES = ("active", "finished", "abandoned")


@dataclass
class Loaded:
    """A game read from the database and replayed."""

    row: GameRow
    seats: list[Seat]
    game: Game | None  # None for a game scored from a final table
    ruleset: Ruleset

    @property
    def id(self) -> int:
        assert self.row.id is not None
        return self.row.id

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def headers(self) -> dict[str, str]:
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

    def record(self) -> Record:
        if self.game is None:
            raise InvalidEntry(
                "core.export",
                f"game {self.id} was scored from a final table and has no entries to export as a record",
                hint="export it with --format json",
            )
        return self.game.to_record(self.headers())

    def sheet(self) -> ScoreSheet:
        if self.game is None:
            return self.ruleset.score_table(json.loads(self.row.table_json or "{}"))
        return self.game.score()


@dataclass
class Entered:
    """What one accepted entry did."""

    game_id: int
    entry: Entry
    prompt: Prompt | None
    outcome: Outcome | None
    sheet: ScoreSheet | None
    events: tuple[str, ...] = ()


# -- helpers ------------------------------------------------------------------------------------
def _today() -> str:
    return Date.today().isoformat()


def _check_date(text: str | None) -> str:
    if not text:
        return _today()
    try:
        return Date.fromisoformat(text).isoformat()
    except ValueError:
        raise InvalidEntry("core.date", f"'{text}' is not a date; write it as YYYY-MM-DD") from None


def _player(session: Session, name: str) -> Player:
    key = normalize(name)
    found = session.exec(select(Player).where(Player.key == key)).first()
    if found is None:
        found = Player(name=name.strip(), key=key)
        session.add(found)
        session.flush()
    return found


def _game_row(session: Session, game_id: int | str) -> GameRow:
    if isinstance(game_id, str):
        word = game_id.strip().lower()
        if word in ("last", "latest"):
            row = session.exec(select(GameRow).order_by(col(GameRow.updated).desc(), col(GameRow.id).desc())).first()
            if row is None:
                raise NotFound("core.games", "there are no games yet", hint="start one with: assistant new GAME --player NAME ...")
            return row
        if not word.lstrip("#").isdigit():
            raise InvalidEntry("core.games", f"'{game_id}' is not a game id (a number, or 'last')")
        game_id = int(word.lstrip("#"))
    row = session.get(GameRow, game_id) if 0 < game_id < 2**62 else None
    if row is None:
        raise NotFound("core.games", f"there is no game {game_id}", hint="assistant games lists them")
    return row


def _seats(session: Session, game_id: int) -> list[Seat]:
    return list(session.exec(select(Seat).where(Seat.game_id == game_id).order_by(col(Seat.position))).all())


def _entries(session: Session, game_id: int) -> list[EntryRow]:
    return list(session.exec(select(EntryRow).where(EntryRow.game_id == game_id).order_by(col(EntryRow.ply))).all())


def load(session: Session, game_id: int | str) -> Loaded:
    """Read a game and replay its record."""
    row = _game_row(session, game_id)
    ruleset = get_ruleset(row.ruleset)
    seats = _seats(session, row.id)  # type: ignore[arg-type]
    if row.kind == "table":
        return Loaded(row, seats, None, ruleset)
    options = json.loads(row.options or "{}")
    game = Game(ruleset, [s.name for s in seats], options)
    lines = [RecordLine(e.text, e.comment, 0) for e in _entries(session, row.id)]  # type: ignore[arg-type]
    try:
        game.extend(lines)
    except RecordError as exc:
        raise RecordError(
            f"game {row.id} no longer replays at ply {exc.ply} ('{exc.entry}'): {exc.message}",
            ply=exc.ply,
            entry=exc.entry,
            cause=exc.cause,
        ) from None
    return Loaded(row, seats, game, ruleset)


def _payload(move: Any) -> str:
    import dataclasses

    if dataclasses.is_dataclass(move):
        try:
            return json.dumps({"type": type(move).__name__, **dataclasses.asdict(move)}, default=str)
        except TypeError:
            pass
    return json.dumps({"type": type(move).__name__})


def _write_results(session: Session, loaded: Loaded, sheet: ScoreSheet, *, status: str) -> None:
    session.exec(delete(Result).where(col(Result.game_id) == loaded.id))  # type: ignore[call-overload]
    for seat in loaded.seats:
        name = seat.name
        seat.total = sheet.totals.get(name)
        seat.rank = sheet.ranks.get(name)
        seat.winner = name in sheet.winners
        session.add(seat)
        for category, points in sheet.points.get(name, {}).items():
            session.add(Result(game_id=loaded.id, player_id=seat.player_id, category=category, points=points))
    loaded.row.status = status
    loaded.row.finished = utcnow()
    loaded.row.updated = utcnow()
    session.add(loaded.row)


def _clear_results(session: Session, loaded: Loaded) -> None:
    session.exec(delete(Result).where(col(Result.game_id) == loaded.id))  # type: ignore[call-overload]
    for seat in loaded.seats:
        seat.total = seat.rank = seat.winner = None
        session.add(seat)
    loaded.row.status = "active"
    loaded.row.finished = None


def _insert_game(
    session: Session,
    ruleset: Ruleset,
    players: Sequence[str],
    options: Mapping[str, str],
    *,
    date: str,
    location: str | None,
    headers: Mapping[str, str] | None = None,
    kind: str = "tracked",
    table: Mapping[str, Any] | None = None,
    source: str | None = None,
    source_id: str | None = None,
) -> GameRow:
    row = GameRow(
        ruleset=ruleset.name,
        ruleset_version=ruleset.version,
        options=json.dumps(dict(options)),
        headers=json.dumps(dict(headers or {})),
        kind=kind,
        table_json=json.dumps(table) if table is not None else None,
        date=date,
        location=location or None,
        source=source,
        source_id=source_id,
    )
    session.add(row)
    session.flush()
    for position, name in enumerate(players):
        player = _player(session, name)
        session.add(Seat(game_id=row.id, position=position, name=name.strip(), player_id=player.id))  # type: ignore[arg-type]
    session.flush()
    return row


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
) -> int:
    """Start a game; returns its id. The set-up is checked before anything is written.
    ``catalogue`` names the local catalogue its ``@keys`` come from (default: "default")."""
    ruleset = get_ruleset(game)
    players = [p.strip() for p in players]
    live = Game(ruleset, players, dict(options or {}))
    headers = {}
    if catalogue and catalogue != DEFAULT_CATALOGUE:
        headers["Catalogue"] = _catalogue_name(catalogue)
    with store.write() as session:
        row = _insert_game(
            session,
            ruleset,
            players,
            live.options,
            date=_check_date(date),
            location=location,
            headers=headers,
            source_id=str(uuid.uuid4()),
        )
        return row.id  # type: ignore[return-value]


def enter(store: Store, game_id: int | str, text: str, *, expect_ply: int | None = None, comment: str = "") -> Entered:
    """Check and store one entry. ``expect_ply``: the number of entries the caller saw; if the
    game has changed since (another window entered a line), raise :class:`Conflict`."""
    if "\n" in text or "\r" in text:
        raise InvalidEntry("core.entry", "one entry per command: the text has a line break")
    if "#" in text:
        text, extra = text.split("#", 1)
        comment = (comment + " " + extra).strip()
    text = text.strip()
    if not text:
        raise InvalidEntry("core.entry", "the entry is empty")
    with store.write() as session:
        loaded = load(session, game_id)
        if "@" in text:
            text = expand_catalogue(session, loaded.row.ruleset, loaded.catalogue, text)
        if loaded.game is None:
            raise IllegalMove("core.over", f"game {loaded.id} was scored from a final table; it takes no entries")
        if loaded.row.status != "active":
            raise IllegalMove(
                "core.over",
                f"game {loaded.id} is {loaded.row.status}; it takes no more entries",
                hint=f"assistant undo {loaded.id} reopens a finished game" if loaded.row.status == "finished" else None,
            )
        game = loaded.game
        if expect_ply is not None and game.ply != expect_ply:
            raise Conflict(
                "core.conflict",
                f"game {loaded.id} changed meanwhile: it has {game.ply} entries, not {expect_ply}; nothing was written",
                hint="look at the state again (assistant state) and re-enter if still right",
            )
        entry = game.push(text, comment)
        session.add(
            EntryRow(game_id=loaded.id, ply=entry.ply, text=entry.text, payload=_payload(entry.move), comment=comment)
        )
        loaded.row.updated = utcnow()
        session.add(loaded.row)
        try:
            session.flush()
        except IntegrityError:
            raise Conflict(
                "core.conflict",
                f"another entry was stored in game {loaded.id} at the same time; nothing was written",
                hint="look at the state again and re-enter if still right",
            ) from None
        outcome = game.outcome()
        sheet = None
        if outcome is not None:
            sheet = game.score()
            _write_results(session, loaded, sheet, status="finished")
        events = tuple(game.last_events())
        return Entered(loaded.id, entry, None if outcome else game.expecting(), outcome, sheet, events)


def undo(store: Store, game_id: int | str, n: int = 1) -> list[Entry]:
    """Take back the last ``n`` entries (reopening a finished game)."""
    if n < 1:
        raise InvalidEntry("core.undo", "undo takes back at least 1 entry")
    with store.write() as session:
        loaded = load(session, game_id)
        if loaded.game is None:
            raise IllegalMove("core.undo", f"game {loaded.id} was scored from a final table; there is nothing to undo")
        game = loaded.game
        if n > game.ply:
            raise IllegalMove("core.undo", f"game {loaded.id} has only {game.ply} entries", hint=f"undo -n {game.ply}" if game.ply else None)
        if loaded.row.status == "abandoned":
            raise IllegalMove("core.undo", f"game {loaded.id} was abandoned")
        taken = [game.pop() for _ in range(n)]
        session.exec(delete(EntryRow).where(col(EntryRow.game_id) == loaded.id, col(EntryRow.ply) > game.ply))  # type: ignore[call-overload]
        if loaded.row.status == "finished":
            _clear_results(session, loaded)
        loaded.row.updated = utcnow()
        session.add(loaded.row)
        return taken


def finish(store: Store, game_id: int | str, *, force: bool = False) -> ScoreSheet:
    """Mark a game finished and store its results. A game whose rules say it is not over is
    finished only with ``force`` (scored as it stands)."""
    with store.write() as session:
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
        sheet = loaded.sheet()
        _write_results(session, loaded, sheet, status="finished")
        return sheet


def abandon(store: Store, game_id: int | str) -> int:
    with store.write() as session:
        row = _game_row(session, game_id)
        if row.status != "active":
            raise IllegalMove("core.abandon", f"game {row.id} is {row.status}, not active")
        row.status = "abandoned"
        row.updated = utcnow()
        session.add(row)
        return row.id  # type: ignore[return-value]


def read_entries(store: Store, game_id: int | str) -> tuple[int, str, list[dict[str, Any]]]:
    """A game's stored entries (id, game name, entries) without replaying them: the record
    as it stands, for ``log``."""
    with store.read() as session:
        row = _game_row(session, game_id)
        entries = [{"ply": e.ply, "text": e.text, "comment": e.comment} for e in _entries(session, row.id)]  # type: ignore[arg-type]
        return row.id, row.ruleset, entries  # type: ignore[return-value]


def read_game(store: Store, game_id: int | str) -> Loaded:
    with store.read() as session:
        return load(session, game_id)


def game_summary(loaded: Loaded) -> dict[str, Any]:
    """The JSON shape of ``show`` and of each item of ``games``."""
    row = loaded.row
    players = [
        {"name": s.name, "seat": s.position + 1, "total": s.total, "rank": s.rank, "winner": bool(s.winner)}
        for s in loaded.seats
    ]
    data: dict[str, Any] = {
        "id": row.id,
        "game": row.ruleset,
        "status": row.status,
        "kind": row.kind,
        "date": row.date,
        "location": row.location,
        "players": players,
        "winners": [s.name for s in loaded.seats if s.winner],
        "options": json.loads(row.options or "{}"),
        "entries": loaded.game.ply if loaded.game else 0,
        "created": row.created.isoformat() if row.created else None,
        "finished": row.finished.isoformat() if row.finished else None,
    }
    return data


def list_games(
    store: Store,
    *,
    game: str | None = None,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    status: str | None = None,
    limit: int | None = None,
) -> list[dict[str, Any]]:
    """Games, newest first, with the filters of ``assistant games``."""
    if status is not None and status not in STATUSES:
        raise InvalidEntry("core.games", f"status must be one of {', '.join(STATUSES)}")
    with store.read() as session:
        query = select(GameRow)
        if game:
            query = query.where(GameRow.ruleset == resolve_game(game))
        if status:
            query = query.where(GameRow.status == status)
        if since:
            query = query.where(GameRow.date >= _check_date(since))
        if until:
            query = query.where(GameRow.date <= _check_date(until))
        if player:
            found = _find_player(session, player)
            query = query.where(col(GameRow.id).in_(select(Seat.game_id).where(Seat.player_id == found.id)))
        query = query.order_by(col(GameRow.date).desc(), col(GameRow.id).desc())
        if limit:
            query = query.limit(limit)
        rows = session.exec(query).all()
        counts = dict(
            session.exec(  # type: ignore[call-overload]
                select(EntryRow.game_id, func.count()).group_by(EntryRow.game_id)
            ).all()
        )
        result = []
        for row in rows:
            seats = _seats(session, row.id)  # type: ignore[arg-type]
            summary = game_summary(Loaded(row, seats, None, None))  # type: ignore[arg-type]
            summary["entries"] = counts.get(row.id, 0)
            result.append(summary)
        return result


def _find_player(session: Session, name: str) -> Player:
    players = session.exec(select(Player)).all()
    index = NameIndex([(p.name, ()) for p in players], what="player", rule="core.players")
    canonical = index.resolve(name)
    return next(p for p in players if p.name == canonical)


# -- records ---------------------------------------------------------------------------------------
def export_game(store: Store, game_id: int | str, fmt: str = "record") -> str:
    return export_games(store, [game_id], fmt)


def export_games(store: Store, game_ids: Iterable[int | str] | None, fmt: str = "record") -> str:
    """The text of one or more games as ``record`` (INTERFACES §3; several separated by a
    line ``%%``), ``json`` (a list when ``game_ids`` is None) or ``csv`` (a row per player)."""
    if fmt not in ("record", "json", "csv"):
        raise InvalidEntry("core.export", f"unknown export format '{fmt}'", hint="record, json or csv")
    with store.read() as session:
        if game_ids is None:
            ids: list[int | str] = [r for r in session.exec(select(GameRow.id).order_by(col(GameRow.id))).all()]  # type: ignore[misc]
        else:
            ids = list(game_ids)
        loaded = [load(session, gid) for gid in ids]
    if fmt == "record":
        texts = [write_record(item.record()) for item in loaded]
        return ("\n" + RECORD_SEPARATOR + "\n\n").join(texts)
    if fmt == "json":
        items = [_export_json(item) for item in loaded]
        return json.dumps(items if game_ids is None or len(items) != 1 else items[0], indent=2, ensure_ascii=False) + "\n"
    return _export_csv(loaded)


def _export_json(item: Loaded) -> dict[str, Any]:
    data = game_summary(item)
    data["headers"] = item.headers()
    if item.game is not None:
        data["entries"] = [
            {"ply": e.ply, "text": e.text, "comment": c} for e, c in zip(item.game.entries, item.game.comments)
        ]
        data["record"] = write_record(item.record())
    else:
        data["entries"] = []
        data["table"] = json.loads(item.row.table_json or "{}")
    if item.row.status == "finished" or item.game is None:
        data["score"] = item.sheet().to_json()
    return data


def _export_csv(loaded: list[Loaded]) -> str:
    import csv
    import io

    categories: list[str] = []
    sheets: dict[int, ScoreSheet | None] = {}
    for item in loaded:
        sheet = item.sheet() if item.row.status == "finished" else None
        sheets[item.id] = sheet
        for c in sheet.categories if sheet else ():
            if c not in categories:
                categories.append(c)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game_id", "game", "date", "location", "status", "player", "seat", "rank", "winner", "total", *categories])
    for item in loaded:
        sheet = sheets[item.id]
        for seat in item.seats:
            scores = sheet.points.get(seat.name, {}) if sheet else {}
            writer.writerow(
                [
                    item.id,
                    item.row.ruleset,
                    item.row.date,
                    item.row.location or "",
                    item.row.status,
                    seat.name,
                    seat.position + 1,
                    seat.rank if seat.rank is not None else "",
                    "yes" if seat.winner else ("no" if sheet else ""),
                    seat.total if seat.total is not None else "",
                    *[scores.get(c, "") for c in categories],
                ]
            )
    return out.getvalue()


def split_records(text: str) -> list[str]:
    """The records of a file holding one or several (separated by ``%%`` lines)."""
    parts: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip() == RECORD_SEPARATOR:
            parts.append([])
        else:
            parts[-1].append(line)
    return ["\n".join(p) + "\n" for p in parts if any(line.strip() for line in p)]


def replay_text(text: str) -> tuple[Record, Game]:
    """Read and replay a record (no database); raises :class:`RecordError`."""
    record = read_record(text)
    try:
        ruleset = get_ruleset(record.game)
    except (InvalidEntry, NotFound) as exc:
        raise RecordError(f"unknown game '{record.game}'", line=1, cause=exc) from None
    return record, Game.from_record(ruleset, record)


def import_records(store: Store, text: str, *, allow_duplicate: bool = False) -> list[int]:
    """Store every record of ``text`` (all checked first; one transaction for all)."""
    records = split_records(text)
    if not records:
        raise InvalidEntry("core.record", "the file holds no record")
    replayed = []
    for n, part in enumerate(records, 1):
        try:
            replayed.append((part, *replay_text(part)))
        except RecordError as exc:
            if len(records) > 1:
                exc.message = f"record {n}: {exc.message}"
            raise
    import hashlib

    ids: list[int] = []
    with store.write() as session:
        for part, record, game in replayed:
            source_id = record.headers.get("Source-Id") or "sha256:" + hashlib.sha256(
                write_record(game.to_record(_plain_headers(record, game.ruleset))).encode()
            ).hexdigest()[:32]
            dup = session.exec(select(GameRow).where(GameRow.source_id == source_id)).first()
            if dup is not None:
                if allow_duplicate:
                    source_id = str(uuid.uuid4())  # a second copy is a history item of its own
                else:
                    raise Conflict(
                        "core.import",
                        f"this record is in the history already, as game {dup.id}",
                        hint="import --allow-duplicate stores it again",
                    )
            headers = _plain_headers(record, game.ruleset)
            date = _check_date(headers.pop("Date", None))
            location = headers.pop("Location", None)
            headers.pop("Status", None)
            headers.pop("Source-Id", None)
            row = _insert_game(
                session,
                game.ruleset,
                list(record.players),
                game.options,
                date=date,
                location=location,
                headers=headers,
                source="record",
                source_id=source_id,
            )
            for entry, comment in zip(game.entries, game.comments):
                session.add(EntryRow(game_id=row.id, ply=entry.ply, text=entry.text, payload=_payload(entry.move), comment=comment))  # type: ignore[arg-type]
            session.flush()
            status = record.headers.get("Status", "").lower()
            loaded = Loaded(row, _seats(session, row.id), game, game.ruleset)  # type: ignore[arg-type]
            if game.outcome() is not None:
                _write_results(session, loaded, game.score(), status="finished")
            elif status == "abandoned":
                row.status = "abandoned"
                session.add(row)
            ids.append(row.id)  # type: ignore[arg-type]
    return ids


def _plain_headers(record: Record, ruleset: Ruleset) -> dict[str, str]:
    """The record's headers that are not options (options are stored apart)."""
    option_headers = {spec.name.replace("_", " ").title().replace(" ", "-") for spec in ruleset.options if spec.header}
    return {k: v for k, v in record.headers.items() if k != "Options" and k not in option_headers}


# -- final tables ----------------------------------------------------------------------------------
def score_table(game: str, table: Mapping[str, Any]) -> ScoreSheet:
    """Score a final table (INTERFACES §1). The file's ``game`` key, if any, must agree."""
    ruleset = get_ruleset(game)
    named = table.get("game")
    if named is not None:
        if not isinstance(named, str) or resolve_game(named) != ruleset.name:
            raise InvalidEntry("core.score.file", f"the file is a table of '{named}', not of {ruleset.name}")
    return ruleset.score_table(table)


def save_table(
    store: Store, game: str, table: Mapping[str, Any], sheet: ScoreSheet, *, date: str | None = None, location: str | None = None
) -> int:
    """Store a scored final table as a finished game."""
    ruleset = get_ruleset(game)
    with store.write() as session:
        row = _insert_game(
            session,
            ruleset,
            list(sheet.players),
            {},
            date=_check_date(date or (table.get("date") if isinstance(table.get("date"), str) else None)),
            location=location or (table.get("location") if isinstance(table.get("location"), str) else None),
            kind="table",
            table=dict(table),
            source="table",
        )
        loaded = Loaded(row, _seats(session, row.id), None, ruleset)  # type: ignore[arg-type]
        _write_results(session, loaded, sheet, status="finished")
        return row.id  # type: ignore[return-value]


# -- players ----------------------------------------------------------------------------------------
def player_stats(store: Store, game: str | None = None) -> list[dict[str, Any]]:
    """Per player: games played and finished, wins, win rate, average and best total.
    A tie for first counts as a win for each tied player; unfinished games count as played only."""
    ruleset = resolve_game(game) if game else None
    with store.read() as session:
        players = session.exec(select(Player).order_by(col(Player.name))).all()
        query = select(Seat, GameRow).join(GameRow, col(GameRow.id) == col(Seat.game_id))
        if ruleset:
            query = query.where(GameRow.ruleset == ruleset)
        rows = session.exec(query).all()
    stats: dict[int, dict[str, Any]] = {}
    for p in players:
        stats[p.id] = {"name": p.name, "played": 0, "finished": 0, "wins": 0, "win_rate": None, "average": None, "best": None}  # type: ignore[index]
    totals: dict[int, list[int]] = {}
    for seat, row in rows:
        s = stats[seat.player_id]
        s["played"] += 1
        if row.status == "finished":
            s["finished"] += 1
            s["wins"] += 1 if seat.winner else 0
            if seat.total is not None:
                totals.setdefault(seat.player_id, []).append(seat.total)
    for pid, s in stats.items():
        if s["finished"]:
            s["win_rate"] = round(s["wins"] / s["finished"], 3)
        if totals.get(pid):
            s["average"] = round(sum(totals[pid]) / len(totals[pid]), 1)
            s["best"] = max(totals[pid])
    result = list(stats.values())
    if ruleset:
        result = [s for s in result if s["played"]]
    return result


def rename_player(store: Store, old: str, new: str) -> str:
    new = new.strip()
    if not normalize(new) or "," in new or "#" in new:
        raise InvalidEntry("core.players", f"'{new}' is not a usable player name")
    with store.write() as session:
        player = _find_player(session, old)
        clash = session.exec(select(Player).where(Player.key == normalize(new))).first()
        if clash is not None and clash.id != player.id:
            raise Conflict("core.players", f"there is a player called {clash.name} already", hint=f"players merge {clash.name} {player.name}")
        previous = player.name
        player.name = new
        player.key = normalize(new)
        session.add(player)
        return previous


def merge_players(store: Store, keep: str, other: str) -> tuple[str, int]:
    """Move every game of ``other`` to ``keep`` and remove ``other``; returns (name, games moved)."""
    with store.write() as session:
        target = _find_player(session, keep)
        source = _find_player(session, other)
        if target.id == source.id:
            raise InvalidEntry("core.players", "a player cannot be merged into themselves")
        games_target = set(session.exec(select(Seat.game_id).where(Seat.player_id == target.id)).all())
        seats = session.exec(select(Seat).where(Seat.player_id == source.id)).all()
        both = sorted(games_target & {s.game_id for s in seats})
        if both:
            raise Conflict(
                "core.players",
                f"{target.name} and {source.name} sat at the same table in game {both[0]}; they are two people",
            )
        for seat in seats:
            seat.player_id = target.id  # type: ignore[assignment]
            session.add(seat)
        for result in session.exec(select(Result).where(Result.player_id == source.id)).all():
            result.player_id = target.id  # type: ignore[assignment]
            session.add(result)
        session.flush()
        session.delete(source)
        return target.name, len(seats)


def check_database(store: Store) -> list[str]:
    """Problems found: SQLite's own checks, then every game must still replay."""
    problems = store.integrity_problems()
    with store.read() as session:
        ids = session.exec(select(GameRow.id).order_by(col(GameRow.id))).all()
        for gid in ids:
            try:
                load(session, gid)  # type: ignore[arg-type]
            except RecordError as exc:
                problems.append(str(exc))
            except (InvalidEntry, NotFound) as exc:
                problems.append(f"game {gid}: {exc.message}")
    return problems


# -- the local catalogue -----------------------------------------------------------------------------
def _catalogue_name(name: str) -> str:
    name = name.strip()
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.\-]*", name):
        raise InvalidEntry("core.catalogue", f"'{name}' is not a catalogue name (letters, digits, . _ -)")
    return name


def _catalogue_key(key: str) -> str:
    key = key.strip().lstrip("@")
    if not _CATALOGUE_KEY.fullmatch("@" + key):
        raise InvalidEntry(
            "core.catalogue",
            f"'{key}' is not a catalogue key (letters, digits, . _ -)",
            hint="e.g. II.3, board, brutus",
        )
    return key.casefold()


def expand_catalogue(session: Session, game: str, catalogue: str, text: str) -> str:
    """Replace every ``@key`` of an entry by what the table saved under that key."""
    items = {
        item.key: item.value
        for item in session.exec(
            select(CatalogueItem).where(CatalogueItem.game == game, CatalogueItem.catalogue == catalogue)
        ).all()
    }

    def replace(match: re.Match[str]) -> str:
        key = match.group(1).casefold()
        if key not in items:
            known = ", ".join("@" + k for k in sorted(items)[:12]) or "none yet"
            raise InvalidEntry(
                "core.catalogue",
                f"the {catalogue} catalogue of {game} has no key @{match.group(1)}",
                hint=f"known keys: {known}; add one with: assistant catalogue set {game} KEY \"TEXT\"",
            )
        return items[key]

    return _CATALOGUE_KEY.sub(replace, text)


def catalogue_items(store: Store, game: str, catalogue: str = DEFAULT_CATALOGUE) -> list[dict[str, str]]:
    name = resolve_game(game)
    with store.read() as session:
        rows = session.exec(
            select(CatalogueItem)
            .where(CatalogueItem.game == name, CatalogueItem.catalogue == _catalogue_name(catalogue))
            .order_by(col(CatalogueItem.key))
        ).all()
        return [{"key": r.key, "value": r.value} for r in rows]


def catalogue_set(store: Store, game: str, key: str, value: str, catalogue: str = DEFAULT_CATALOGUE) -> bool:
    """Save (or replace) what a component shows; returns True when the key was new."""
    name = resolve_game(game)
    key = _catalogue_key(key)
    value = " ".join(value.split())
    if not value or "#" in value or "@" in value:
        raise InvalidEntry("core.catalogue", "a catalogue value is the entry text the key stands for, without # or @")
    with store.write() as session:
        row = session.exec(
            select(CatalogueItem).where(
                CatalogueItem.game == name, CatalogueItem.catalogue == _catalogue_name(catalogue), CatalogueItem.key == key
            )
        ).first()
        new = row is None
        if row is None:
            row = CatalogueItem(game=name, catalogue=catalogue, key=key, value=value)
        row.value = value
        session.add(row)
        return new


def catalogue_remove(store: Store, game: str, key: str, catalogue: str = DEFAULT_CATALOGUE) -> None:
    name = resolve_game(game)
    key = _catalogue_key(key)
    with store.write() as session:
        row = session.exec(
            select(CatalogueItem).where(
                CatalogueItem.game == name, CatalogueItem.catalogue == _catalogue_name(catalogue), CatalogueItem.key == key
            )
        ).first()
        if row is None:
            raise NotFound("core.catalogue", f"the {catalogue} catalogue of {name} has no key @{key}")
        session.delete(row)


# -- one player's statistics ----------------------------------------------------------------------
def player_report(store: Store, name: str, game: str | None = None) -> dict[str, Any]:
    """Everything the history says about one player: games, wins, averages and bests per game,
    average points per category, pairwise head-to-head (finishing above someone counts as
    beating them; a shared rank is a tie), rival and nemesis (at least 3 finished games
    together), and the last games. Unfinished and abandoned games count as played only."""
    ruleset = resolve_game(game) if game else None
    with store.read() as session:
        player = _find_player(session, name)
        query = (
            select(Seat, GameRow)
            .join(GameRow, col(GameRow.id) == col(Seat.game_id))
            .where(Seat.player_id == player.id)
            .order_by(col(GameRow.date).desc(), col(GameRow.id).desc())
        )
        if ruleset:
            query = query.where(GameRow.ruleset == ruleset)
        mine = session.exec(query).all()
        finished_ids = [row.id for _, row in mine if row.status == "finished"]
        others = session.exec(
            select(Seat, Player)
            .join(Player, col(Player.id) == col(Seat.player_id))
            .where(col(Seat.game_id).in_(finished_ids), Seat.player_id != player.id)
        ).all()
        results = session.exec(
            select(Result, GameRow.ruleset)
            .join(GameRow, col(GameRow.id) == col(Result.game_id))
            .where(Result.player_id == player.id, col(Result.game_id).in_(finished_ids))
        ).all()

    by_game: dict[str, dict[str, Any]] = {}
    for seat, row in mine:
        g = by_game.setdefault(row.ruleset, {"game": row.ruleset, "played": 0, "finished": 0, "wins": 0, "totals": []})
        g["played"] += 1
        if row.status == "finished":
            g["finished"] += 1
            g["wins"] += 1 if seat.winner else 0
            if seat.total is not None:
                g["totals"].append(seat.total)
    games_out = []
    for g in by_game.values():
        totals = g.pop("totals")
        g["win_rate"] = round(g["wins"] / g["finished"], 3) if g["finished"] else None
        g["average"] = round(sum(totals) / len(totals), 1) if totals else None
        g["best"] = max(totals) if totals else None
        games_out.append(g)

    categories: dict[str, dict[str, list[int]]] = {}
    for result, ruleset_name in results:
        categories.setdefault(ruleset_name, {}).setdefault(result.category, []).append(result.points)
    averages = {
        g: {c: round(sum(v) / len(v), 1) for c, v in cats.items()} for g, cats in categories.items()
    }

    my_rank = {row.id: seat.rank for seat, row in mine if row.status == "finished"}
    pairs: dict[str, dict[str, Any]] = {}
    for seat, other in others:
        mine_rank = my_rank.get(seat.game_id)
        if mine_rank is None or seat.rank is None:
            continue
        h = pairs.setdefault(other.name, {"opponent": other.name, "games": 0, "ahead": 0, "behind": 0, "tied": 0})
        h["games"] += 1
        if mine_rank < seat.rank:
            h["ahead"] += 1
        elif mine_rank > seat.rank:
            h["behind"] += 1
        else:
            h["tied"] += 1
    head = sorted(pairs.values(), key=lambda h: (-h["games"], h["opponent"]))
    eligible = [h for h in head if h["games"] >= 3]
    rival = max(eligible, key=lambda h: (h["ahead"], -h["behind"]), default=None)
    nemesis = max(eligible, key=lambda h: (h["behind"], -h["ahead"]), default=None)

    played = sum(g["played"] for g in games_out)
    finished = sum(g["finished"] for g in games_out)
    wins = sum(g["wins"] for g in games_out)
    recent = [
        {"id": row.id, "date": row.date, "game": row.ruleset, "status": row.status, "total": seat.total, "rank": seat.rank, "winner": bool(seat.winner)}
        for seat, row in mine[:10]
    ]
    return {
        "name": player.name,
        "played": played,
        "finished": finished,
        "wins": wins,
        "win_rate": round(wins / finished, 3) if finished else None,
        "by_game": sorted(games_out, key=lambda g: -g["played"]),
        "category_averages": averages,
        "head_to_head": head,
        "rival": rival["opponent"] if rival and rival["ahead"] else None,
        "nemesis": nemesis["opponent"] if nemesis and nemesis["behind"] else None,
        "recent": recent,
    }
