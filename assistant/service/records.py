"""Records in and out: export games (record, JSON or CSV), replay a record file without the
database, and import records (all checked before any is stored)."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from assistant.core.errors import Conflict, InvalidEntry, NotFound, RecordError
from assistant.core.game import Game, make_record
from assistant.core.inputs import clean
from assistant.core.protocol import AnyRuleset
from assistant.core.record import Record, RecordLine, read_record, write_record
from assistant.core.viewer import Viewer
from assistant.games import get_ruleset
from assistant.service import parallel
from assistant.service.fields import check_date
from assistant.service.games import Loaded, load, ruleset_of, score_of, write_results
from assistant.service.views import GameExport, LogLine, ReplayView
from assistant.store import listing, queries
from assistant.store.db import Store

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.store.models import GameRow, Seat

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
    store: Store,
    game_ids: Iterable[int | str] | None,
    fmt: str = "record",
    *,
    public: bool = False,
    left_out: list[int] | None = None,
) -> Iterator[str]:
    """:func:`export_games` piece by piece in one read transaction, so that a history of any
    size is written in constant memory. Records are built from what is stored (each game's
    row, seats and entries, :data:`RECORD_PAGE` games a query): the record is the truth, so
    no game is replayed, except with ``public``, whose secret faces are computed from each
    game's states (one game read, replayed, written and forgotten at a time). JSON replays
    each game too: its entries are marked when they hold a secret, and a finished game's
    score sheet is that of its end state. CSV is the one CSV of ``export --format csv``
    (:mod:`assistant.service.interop.csvplays`: stored seats and points, a page of games at
    a time). Consume it whole (or close it) to end the transaction.

    A game logged from a final table, a score pad or totals has no entries, so no record:
    exporting one by id is refused (``core.export``); with every game (``game_ids`` None) the
    records of the others are written and the ids of those are added to ``left_out``."""
    if fmt not in EXPORT_FORMATS:
        raise InvalidEntry("core.export", f"unknown export format '{fmt}'", hint="record, json or csv")
    if fmt == "csv":
        from assistant.service.interop.exports import export_stream as interop_stream

        yield from interop_stream(store, game_ids, "csv")
        return
    if fmt == "json" and game_ids is None and _parallel_worth(store):
        yield from _parallel_json(store, public=public)
        return
    with store.read() as session:
        skipped = left_out if left_out is not None else []
        if fmt == "record" and not public:
            for n, record in enumerate(_stored_records(session, game_ids, skipped)):
                yield ("\n" + RECORD_SEPARATOR + "\n\n" if n else "") + write_record(record)
            return
        ids = _ids(session, game_ids)
        single = game_ids is not None and len(ids) == 1
        written = 0
        for n, gid in enumerate(ids):
            item = load(session, gid)
            if fmt == "record":
                if item.game is None and game_ids is None:
                    skipped.append(item.id)
                    continue
                yield ("\n" + RECORD_SEPARATOR + "\n\n" if written else "") + write_record(item.record(public=public))
                written += 1
            else:
                text = json.dumps(export_view(item, public=public).to_json(), indent=2, ensure_ascii=False)
                if single:
                    yield text + "\n"
                else:
                    yield ("[\n" if n == 0 else ",\n") + _indented(text)
            session.expunge_all()
        if fmt == "json" and not single:
            yield "\n]\n" if ids else "[]\n"


#: Games whose rows, seats and entries the record export reads at a time.
RECORD_PAGE = 200
#: A JSON export of every game replays them on every core from this many games on
#: (:data:`JSON_CHUNK` games a worker at a time); fewer are not worth starting the workers.
PARALLEL_FROM = 400
JSON_CHUNK = 25


def _parallel_worth(store: Store) -> bool:
    if parallel.workers() < 2:
        return False
    with store.read() as session:
        return listing.count_games(session, listing.GameFilter()) >= PARALLEL_FROM


def _parallel_json(store: Store, *, public: bool) -> Iterator[str]:
    """``export --all --format json`` with the games replayed in worker processes, a chunk of
    ids each, written in order of id as the one-process export writes them (each worker reads
    in a transaction of its own: a game changed while the export runs may be written as it
    was or as it is)."""

    work = partial(_json_items, public=public)
    count = 0
    for items in parallel.ordered_map(store.url, parallel.id_chunks(store, JSON_CHUNK), work, parallel.workers()):
        for text in items:
            yield ("[\n" if count == 0 else ",\n") + text
            count += 1
    yield "\n]\n" if count else "[]\n"


def _json_items(ids: list[int], *, public: bool) -> list[str]:
    """In a worker: the JSON export items of the games ``ids`` (indented as list items)."""
    with parallel.worker_store().read() as session:
        out = []
        for gid in ids:
            item = load(session, gid)
            out.append(_indented(json.dumps(export_view(item, public=public).to_json(), indent=2, ensure_ascii=False)))
            session.expunge_all()
    return out


def _stored_records(session: Session, game_ids: Iterable[int | str] | None, left_out: list[int]) -> Iterator[Record]:
    """The records of the named games (or of every game, oldest first, those without entries
    to write added to ``left_out``), built from their stored rows, seats and entries a page of
    games at a time; no game is replayed."""
    pages: Iterable[list[int]]
    if game_ids is None:
        pages = _id_pages(session, RECORD_PAGE)
    else:  # each id checked (and "last" resolved) as the export reaches it
        pages = ([gid] for gid in (queries.game_row(session, named).id for named in game_ids) if gid is not None)
    for page in pages:
        rows = listing.games_by_ids(session, page)
        seats = listing.seats_of(session, page)
        entries = listing.entries_of(session, page)
        for gid in page:
            if game_ids is None and rows[gid].kind in ("table", "sheet", "totals"):
                left_out.append(gid)
                continue
            yield stored_record(rows[gid], seats[gid], entries[gid])
        session.expunge_all()


def _id_pages(session: Session, size: int) -> Iterator[list[int]]:
    after = 0
    while True:
        ids = listing.game_ids_from(session, after, size)
        if ids:
            yield ids
        if len(ids) < size:
            return
        after = ids[-1]


def stored_record(row: GameRow, seats: Sequence[Seat], entries: Sequence[tuple[str, str]]) -> Record:
    """A game's record from what is stored, as ``Loaded.record()`` writes it after a replay
    (``Game.to_record``): the headers of ``Loaded.headers``, then the options (checked and
    filled in with their defaults) as ``Options:`` and, those whose ``OptionSpec.header`` is
    set, as headers of their own (``Game.header_options``); the seats' names; each entry as
    stored (the notation ``Game.push`` stored) with its comment as ``Game.push`` keeps it."""
    ruleset = ruleset_of(row)
    item = Loaded(row, list(seats), None, ruleset)
    if row.kind in ("table", "sheet", "totals"):
        item.record()  # raises: a game scored from a final table, a pad or totals has no record
    options = ruleset.check_options(json.loads(row.options or "{}"))
    lines = tuple(RecordLine(text, clean(comment, "comment").strip()) for text, comment in entries if text)
    return make_record(ruleset, tuple(clean(s.name, "name") for s in seats), options, lines, item.headers())


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
        state=game.describe(viewer=Viewer.revealing(reveal)),
        outcome=outcome,
        sheet=score_of(game, reveal=reveal),
        expecting=None if outcome else game.expecting(viewer=Viewer.revealing(reveal)),
    )


def plain_headers(record: Record, ruleset: AnyRuleset) -> dict[str, str]:
    """The record's headers that are not options (options are stored apart)."""
    option_headers = {spec.name.replace("_", " ").title().replace(" ", "-") for spec in ruleset.options if spec.header}
    return {k: v for k, v in record.headers.items() if k != "Options" and k not in option_headers}


def import_records(
    store: Store,
    text: str,
    *,
    allow_duplicate: bool = False,
    progress: Callable[[int, int], None] | None = None,
    skipped: list[int] | None = None,
) -> list[int]:
    """Store every record of ``text`` (all checked first; one transaction for all).
    ``progress(done, total)`` is told after each record is replayed (the long part). A record
    the history holds already (its source id, :func:`record_source_id`) refuses the import
    (:class:`Conflict`), or, when a ``skipped`` list is given, is not stored and the game it
    is appended to that list (``import`` of a file); ``allow_duplicate`` stores it again."""
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
        if progress is not None:
            progress(n, len(records))
    with store.write(verify=True) as session:
        rows = [
            store_record(session, record, game, allow_duplicate=allow_duplicate, skip_duplicate=skipped is not None, skipped=skipped)
            for record, game in replayed
        ]
        return [row.id for row in rows if row is not None]  # type: ignore[misc]


def record_source_id(record: Record, game: Game) -> str:
    """A record's source id: its ``Source-Id:`` header (written by every export of a game
    that has one), else a digest of the record as replayed (the same text gives the same)."""
    headers = plain_headers(record, game.ruleset)
    return record.headers.get("Source-Id") or "sha256:" + hashlib.sha256(write_record(game.to_record(headers)).encode()).hexdigest()[:32]


def store_record(
    session: Session,
    record: Record,
    game: Game,
    *,
    allow_duplicate: bool = False,
    skip_duplicate: bool = False,
    place: tuple[str, str | None] | None = None,
    fields: Mapping[str, Any] | None = None,
    status: str | None = None,
    skipped: list[int] | None = None,
) -> GameRow | None:
    """Store one replayed record in ``session``'s transaction: the game (its headers that are
    not options, its options, its source id), its entries, and, when it is over, its results
    (else the status ``abandoned`` when ``status`` or the record's ``Status:`` says so).

    The source id is the record's ``Source-Id:`` or a digest of its text. A record already
    stored under it is refused (:class:`Conflict`), or, with ``skip_duplicate``, not stored
    (``None``; the stored game's id appended to ``skipped`` when given); with ``allow_duplicate`` it is stored again as a play of its own (a new
    source id). ``place`` (date, location) replaces the record's ``Date:`` and ``Location:``
    (checked here) and ``fields`` (time, duration, note) are stored too: an exported JSON
    game's own fields."""
    headers = plain_headers(record, game.ruleset)
    source_id = record_source_id(record, game)
    dup = queries.game_by_source(session, source_id)
    if dup is not None:
        if allow_duplicate:
            source_id = str(uuid.uuid4())  # a second copy is a history item of its own
        elif skip_duplicate:
            if skipped is not None:
                assert dup.id is not None
                skipped.append(dup.id)
            return None
        else:
            raise Conflict(
                "core.import",
                f"this record is in the history already, as game {dup.id}",
                hint="import --allow-duplicate stores it again",
            )
    stated_date = headers.pop("Date", None)
    stated_location = headers.pop("Location", None)
    headers.pop("Status", None)
    headers.pop("Source-Id", None)
    row = queries.insert_game(
        session,
        ruleset=game.ruleset.name,
        ruleset_version=game.ruleset.version,
        players=list(record.players),
        options=game.options,
        date=place[0] if place is not None else check_date(stated_date),
        location=place[1] if place is not None else stated_location,
        headers=headers,
        source="record",
        source_id=source_id,
    )
    assert row.id is not None
    queries.add_entries(session, row.id, [(e.ply, e.text, c) for e, c in zip(game.entries, game.comments)])
    if fields:
        queries.set_fields(session, row, fields)
    if status is None:
        status = record.headers.get("Status", "").lower()
    if game.outcome() is not None:
        loaded = Loaded(row, queries.seats(session, row.id), game, game.ruleset)
        write_results(session, loaded, game.score(), status="finished")
    elif status == "abandoned":
        queries.set_status(session, row, "abandoned")
    return row
