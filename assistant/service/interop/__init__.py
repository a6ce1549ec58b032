"""BG Stats, BoardGameGeek and CSV in and out, and ``import`` of every format the program
writes, recognised by content (issue 14; docs/interop.md).

``import_file`` reads any of them: records (INTERFACES §3), the program's JSON export, the CSV
of results, a BG Stats file, BGG play XML. ``export_stream`` writes ``bgstats`` (one JSON
document built from stored results), ``bgg`` (XML, a game at a time) and ``csv`` (a page of
games at a time); none replays a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from assistant.core.errors import InvalidEntry
from assistant.service.interop.model import MAX_BYTES, Progress
from assistant.service.views import ImportReport

#: the formats of ``export`` this package writes
EXPORT_FORMATS = ("csv", "bgstats", "bgg")
PAGE = 500


def import_file(store: Any, text: str, *, allow_duplicate: bool = False, progress: Progress | None = None) -> ImportReport:
    """Store what a file holds, its format recognised by content; one transaction. A file that
    is not what it looks like is refused whole (nothing stored)."""
    from assistant.service.interop import bgg, bgstats, csvplays, ownjson
    from assistant.service.interop.detect import detect_parsed
    from assistant.service.interop.model import store_plays

    if len(text) > MAX_BYTES:
        raise InvalidEntry("core.import", f"the file is {len(text)} characters long; import reads at most {MAX_BYTES}")
    fmt, data = detect_parsed(text)
    if fmt == "record":
        from assistant.service.records import import_records

        return ImportReport("record", tuple(import_records(store, text, allow_duplicate=allow_duplicate)))
    extra = None
    if fmt == "bgstats":
        total, plays = bgstats.read(data)
    elif fmt == "bgg":
        total, plays = bgg.read(bgg.parse(text))
    elif fmt == "csv":
        total, plays = csvplays.read(text)
    else:
        records, tables, found = ownjson.split(data)
        extra = ownjson.store_extra(records, tables, allow_duplicate=allow_duplicate)
        total, plays = len(found), iter(found)
    items = list(_counted(plays, total, progress))  # every play read and its shape checked before anything is stored
    return store_plays(store, fmt, items, total=total, allow_duplicate=allow_duplicate, progress=progress, extra=extra)


def _counted(plays: Iterator[Any], total: int, progress: Progress | None) -> Iterator[Any]:
    for n, play in enumerate(plays, 1):
        if progress is not None and (n % 200 == 0 or n == total):
            progress(n, total)
        yield play


def _ids(store: Any, game_ids: Iterable[int | str] | None) -> list[int] | None:
    if game_ids is None:
        return None
    from assistant.store import queries

    with store.read() as session:
        return [queries.game_row(session, gid).id for gid in game_ids]  # type: ignore[misc]


def _pages(session: Any, ids: list[int] | None, *, finished_only: bool) -> Iterator[tuple[list[Any], dict[int, Any], Any]]:
    from assistant.store import queries

    after = 0
    while True:
        rows = queries.games_after(session, after, PAGE, ids, finished_only=finished_only)
        if not rows:
            return
        gids = [r.id for r in rows]
        yield rows, queries.seats_named(session, gids), queries.points_by_seat(session, gids)
        after = gids[-1]
        session.expunge_all()


def export_stream(
    store: Any, game_ids: Iterable[int | str] | None, fmt: str, *, bom: bool = False, progress: Progress | None = None
) -> Iterator[str]:
    """``export --format csv|bgstats|bgg`` piece by piece, from stored results only. The
    players are named by their current names. ``bgstats`` and ``bgg`` hold finished games."""
    from assistant.games import get_ruleset
    from assistant.service.interop import bgg, bgstats, csvplays
    from assistant.store import queries

    if fmt not in EXPORT_FORMATS:
        raise InvalidEntry("core.export", f"unknown export format '{fmt}'", hint="record, json, csv, bgstats or bgg")
    ids = _ids(store, game_ids)
    with store.read() as session:
        total = len(ids) if ids is not None else None
        done = 0

        def tick(rows: list[Any]) -> None:
            nonlocal done
            done += len(rows)
            if progress is not None:
                progress(done, total or done)

        if fmt == "csv":
            categories = _categories(session, ids)

            def counted() -> Iterator[tuple[list[Any], dict[int, Any], Any]]:
                for page in _pages(session, ids, finished_only=False):
                    tick(page[0])
                    yield page

            yield from csvplays.pieces(counted(), categories, bom=bom)
        elif fmt == "bgg":
            yield ("\ufeff" if bom else "") + bgg.head()
            for rows, seats, _ in _pages(session, ids, finished_only=True):
                yield "".join(bgg.play_xml(row, seats[row.id], get_ruleset(row.ruleset).title) for row in rows)
                tick(rows)
            yield bgg.tail()
        else:

            def games() -> Iterator[tuple[Any, Any]]:
                for rows, seats, _ in _pages(session, ids, finished_only=True):
                    for row in rows:
                        yield row, seats[row.id]
                    tick(rows)

            yield bgstats.document(games())



def _categories(session: Any, ids: list[int] | None) -> list[str]:
    from assistant.store import queries

    if ids is None:
        return queries.result_categories(session)
    found: list[str] = []
    for (_, _), points in queries.points_by_seat(session, ids).items():
        for category in points:
            if category not in found:
                found.append(category)
    return found
