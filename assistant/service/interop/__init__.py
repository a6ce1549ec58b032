"""BG Stats, BoardGameGeek and CSV in and out, and ``import`` of every format the program
writes, recognised by content (issue 14; docs/interop.md).

``import_file`` reads any of them: records (docs/interfaces.md §3), the program's JSON export, the CSV
of results, a BG Stats file, BGG play XML. ``export_stream`` writes ``bgstats`` (one JSON
document built from stored results), ``bgg`` (XML, a game at a time) and ``csv`` (a page of
games at a time); none replays a game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from assistant.core.errors import InvalidEntry
from assistant.service.interop.exports import EXPORT_FORMATS, PAGE, export_stream
from assistant.service.interop.model import MAX_BYTES, PlayIn, Progress
from assistant.service.views import ImportReport

if TYPE_CHECKING:
    from assistant.store.db import Store

__all__ = ["EXPORT_FORMATS", "PAGE", "export_stream", "import_file"]


def import_file(
    store: Store, text: str, *, allow_duplicate: bool = False, progress: Progress | None = None, strict: bool = False
) -> ImportReport:
    """Store what a file holds, its format recognised by content; one transaction. A file that
    is not what it looks like is refused whole (nothing stored); otherwise every play that can
    be stored is, and each refused one is reported with its place (``strict``: one refusal
    refuses the whole file)."""
    from assistant.service.interop import bgg, bgstats, csvplays, ownjson
    from assistant.service.interop.detect import detect_parsed
    from assistant.service.interop.model import store_plays

    if len(text) > MAX_BYTES:
        raise InvalidEntry("core.import", f"the file is {len(text)} characters long; import reads at most {MAX_BYTES}")
    fmt, data = detect_parsed(text)
    if fmt == "record":
        from assistant.service.records import import_records

        held: list[int] = []
        ids = import_records(store, text, allow_duplicate=allow_duplicate, progress=progress, skipped=held)
        return ImportReport("record", tuple(ids), len(held), duplicate_of=tuple(held))
    extra = None
    if fmt == "bgstats":
        total, plays = bgstats.read(data)
    elif fmt == "bgg":
        total, plays = bgg.read(bgg.parse(text))
    elif fmt == "csv":
        total, plays = csvplays.read(text)
    else:
        records, tables, found = ownjson.split(data)
        extra = ownjson.Stored(records, tables)
        total, plays = len(found), iter(found)
    items = list(_counted(plays, total, progress))  # every play read and its shape checked before anything is stored
    return store_plays(store, fmt, items, total=total, allow_duplicate=allow_duplicate, progress=progress, extra=extra, strict=strict)


def _counted(plays: Iterator[PlayIn], total: int, progress: Progress | None) -> Iterator[PlayIn]:
    for n, play in enumerate(plays, 1):
        if progress is not None and (n % 200 == 0 or n == total):
            progress(n, total)
        yield play
