"""Records in and out: export games (record, JSON or CSV), replay a record file without the
database, and import records (all checked before any is stored)."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from assistant.core.errors import Conflict, InvalidEntry, NotFound, RecordError
from assistant.core.game import Game
from assistant.core.protocol import Ruleset
from assistant.core.record import Record, read_record, write_record
from assistant.core.scoresheet import ScoreSheet
from assistant.games import get_ruleset
from assistant.service.fields import check_date
from assistant.service.games import Loaded, load, score_of, write_results
from assistant.service.views import GameExport, LogLine, ReplayView
from assistant.store import listing, queries
from assistant.store.db import Store

if TYPE_CHECKING:
    from sqlmodel import Session

RECORD_SEPARATOR = "%%"
EXPORT_FORMATS = ("record", "json", "csv")


def export_game(store: Store, game_id: int | str, fmt: str = "record", *, public: bool = False) -> str:
    """The text of one game (see :func:`export_games`)."""
    return export_games(store, [game_id], fmt, public=public)


def export_games(
    store: Store, game_ids: Iterable[int | str] | None, fmt: str = "record", *, public: bool = False
) -> str:
    """The text of one or more games as ``record`` (INTERFACES §3; several separated by a
    line ``%%``), ``json`` (a list when ``game_ids`` is None) or ``csv`` (a row per player).

    The record is the truth: by default every face is written as typed. With ``public`` each
    game is written as the whole table may see it (``Game.to_public_record``: secret faces
    in their unknown form, comments left out); such a record still
    replays to the same public position and end scores. CSV holds no entries, so it is the
    same either way."""
    return "".join(export_stream(store, game_ids, fmt, public=public))


def export_stream(
    store: Store, game_ids: Iterable[int | str] | None, fmt: str = "record", *, public: bool = False
) -> Iterator[str]:
    """:func:`export_games` piece by piece, one game at a time in one read transaction, so
    that a history of any size is written in constant memory: each game is read and replayed,
    written, and forgotten (CSV reads no entries: a page of games with their stored seats and
    points at a time). Consume it whole (or close it) to end the transaction."""
    if fmt not in EXPORT_FORMATS:
        raise InvalidEntry("core.export", f"unknown export format '{fmt}'", hint="record, json or csv")
    with store.read() as session:
        if fmt == "csv":
            yield from _csv_stream(session, game_ids)
            return
        ids = _ids(session, game_ids)
        single = game_ids is not None and len(ids) == 1
        for n, gid in enumerate(ids):
            item = load(session, gid)
            if fmt == "record":
                yield ("\n" + RECORD_SEPARATOR + "\n\n" if n else "") + write_record(item.record(public=public))
            else:
                text = json.dumps(export_view(item, public=public).to_json(), indent=2, ensure_ascii=False)
                if single:
                    yield text + "\n"
                else:
                    yield ("[\n" if n == 0 else ",\n") + _indented(text)
            session.expunge_all()
        if fmt == "json" and not single:
            yield "\n]\n" if ids else "[]\n"


def _ids(session: Session, game_ids: Iterable[int | str] | None) -> list[int | str] | _AllIds:
    return _AllIds(session) if game_ids is None else list(game_ids)


class _AllIds:
    """Every game's id, oldest first, read a page at a time (a sequence to iterate once)."""

    def __init__(self, session: Session, page: int = 1000) -> None:
        self.session = session
        self.page = page
        self.total = listing.count_games(session, listing.GameFilter())

    def __len__(self) -> int:
        return self.total

    def __iter__(self) -> Iterator[int]:
        after = 0
        while True:
            ids = listing.game_ids_from(self.session, after, self.page)
            yield from ids
            if len(ids) < self.page:
                return
            after = ids[-1]


def _indented(text: str) -> str:
    """A JSON value written inside a list of :func:`json.dumps` with ``indent=2``."""
    return "\n".join("  " + line for line in text.split("\n"))


def export_view(item: Loaded, *, public: bool = False) -> GameExport:
    """One game as ``export --format json`` writes it: every entry as typed, or with
    ``public`` in its public form (entries and record alike)."""
    sheet = item.sheet() if item.row.status == "finished" or item.game is None else None
    if item.game is None:
        table = json.loads(item.row.table_json or "{}")
        return GameExport(item.summary(), item.headers(), table=table, sheet=sheet, public=public)
    record = item.record(public=public)
    entries = item.lines(reveal=True)  # as typed, each marked when it holds a secret
    if public:  # the public record's lines (no comments), marked the same way
        entries = tuple(LogLine(e.ply, line.text, line.comment, e.secret) for e, line in zip(entries, record.entries))
    return GameExport(item.summary(), item.headers(), entries, record=write_record(record), sheet=sheet, public=public)


CSV_COLUMNS = ("game_id", "game", "date", "location", "status", "player", "seat", "rank", "winner", "total")


#: Games the CSV export reads at a time (its memory is that of one page).
CSV_PAGE = 500


def _csv_stream(session: Session, game_ids: Iterable[int | str] | None) -> Iterator[str]:
    """The CSV export from what is stored (seats, their totals, ranks and winners, and the
    points per category of finished games), a page of games at a time: no game is replayed.
    The category columns are every category stored, in the order games first stored them."""
    import csv
    import io

    if game_ids is None:
        categories = listing.result_categories(session)
        ids: Iterable[int] = _AllIds(session)
    else:
        rows = [queries.game_row(session, gid) for gid in game_ids]
        ids = [r.id for r in rows]  # type: ignore[misc]
        found = listing.points_of(session, ids)  # type: ignore[arg-type]
        categories = []
        for gid in ids:
            for (of, _pid), points in found.items():
                for c in points if of == gid else ():
                    if c not in categories:
                        categories.append(c)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*CSV_COLUMNS, *categories])

    def drain() -> str:
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return text

    batch: list[int] = []

    def write_batch() -> None:
        by_id = listing.games_by_ids(session, batch)
        seats = listing.seats_of(session, batch)
        points = listing.points_of(session, batch)
        for gid in batch:
            row = by_id[gid]
            finished = row.status == "finished"
            for seat in seats[gid]:
                scores = points.get((gid, seat.player_id), {}) if finished else {}
                writer.writerow(
                    [
                        gid,
                        row.ruleset,
                        row.date,
                        row.location or "",
                        row.status,
                        seat.name,
                        seat.position + 1,
                        seat.rank if seat.rank is not None else "",
                        "yes" if seat.winner else ("no" if finished else ""),
                        seat.total if seat.total is not None else "",
                        *[scores.get(c, "") for c in categories],
                    ]
                )
        batch.clear()
        session.expunge_all()

    for gid in ids:
        batch.append(gid)  # type: ignore[arg-type]
        if len(batch) >= CSV_PAGE:
            write_batch()
            yield drain()
    if batch:
        write_batch()
    yield drain()


def split_records(text: str) -> list[str]:
    """The records of a file holding one or several (separated by ``%%`` lines).

    >>> split_records("Game: a\\n%%\\nGame: b\\n")
    ['Game: a\\n', 'Game: b\\n']
    """
    parts: list[list[str]] = [[]]
    # split at "\n" only, as records are read (core.record.record_lines): str.splitlines would
    # also split at "\x1c" or "\u2028" inside a comment, which the record reader refuses.
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for line in lines:
        line = line.removesuffix("\r")
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


def replay_view(game: Game, *, reveal: bool = False) -> ReplayView:
    """``replay``: the replayed game's final state, outcome and score (hidden information and
    values only with ``reveal``)."""
    outcome = game.outcome()
    return ReplayView(
        game=game.ruleset.name,
        players=tuple(game.seats),
        ply=game.ply,
        state=game.describe(reveal=reveal),
        outcome=outcome,
        sheet=score_of(game, reveal=reveal),
        expecting=None if outcome else game.expecting(),
    )


def plain_headers(record: Record, ruleset: Ruleset) -> dict[str, str]:
    """The record's headers that are not options (options are stored apart)."""
    option_headers = {spec.name.replace("_", " ").title().replace(" ", "-") for spec in ruleset.options if spec.header}
    return {k: v for k, v in record.headers.items() if k != "Options" and k not in option_headers}


def import_records(store: Store, text: str, *, allow_duplicate: bool = False) -> list[int]:
    """Store every record of ``text`` (all checked first; one transaction for all)."""
    records = split_records(text)
    if not records:
        raise InvalidEntry("core.record", "the file holds no record")
    replayed = []
    for n, part in enumerate(records, 1):
        try:
            replayed.append(replay_text(part))
        except RecordError as exc:
            if len(records) > 1:
                exc.message = f"record {n}: {exc.message}"
            raise
    ids: list[int] = []
    with store.write(verify=True) as session:
        for record, game in replayed:
            headers = plain_headers(record, game.ruleset)
            source_id = record.headers.get("Source-Id") or "sha256:" + hashlib.sha256(
                write_record(game.to_record(headers)).encode()
            ).hexdigest()[:32]
            dup = queries.game_by_source(session, source_id)
            if dup is not None:
                if allow_duplicate:
                    source_id = str(uuid.uuid4())  # a second copy is a history item of its own
                else:
                    raise Conflict(
                        "core.import",
                        f"this record is in the history already, as game {dup.id}",
                        hint="import --allow-duplicate stores it again",
                    )
            date = check_date(headers.pop("Date", None))
            location = headers.pop("Location", None)
            headers.pop("Status", None)
            headers.pop("Source-Id", None)
            row = queries.insert_game(
                session,
                ruleset=game.ruleset.name,
                ruleset_version=game.ruleset.version,
                players=list(record.players),
                options=game.options,
                date=date,
                location=location,
                headers=headers,
                source="record",
                source_id=source_id,
            )
            queries.add_entries(
                session,
                row.id,  # type: ignore[arg-type]
                [(e.ply, e.text, c) for e, c in zip(game.entries, game.comments)],
            )
            status = record.headers.get("Status", "").lower()
            if game.outcome() is not None:
                loaded = Loaded(row, queries.seats(session, row.id), game, game.ruleset)  # type: ignore[arg-type]
                write_results(session, loaded, game.score(), status="finished")
            elif status == "abandoned":
                queries.set_status(session, row, "abandoned")
            ids.append(row.id)  # type: ignore[arg-type]
    return ids
