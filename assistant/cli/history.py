"""The output of the history commands at scale (issue 14): ``games`` a page at a time,
``export`` streamed, ``db check`` with its progress.

``games`` lists at most a screenful on a terminal (its height less the header and the note)
and :data:`PIPED_LIMIT` games otherwise, newest first, unless ``--limit N`` or ``--all`` is
given; when the list is cut, a note on stderr says how many games match and how to see more.
With ``--all`` the games are read and written a page at a time (bounded memory at any size):
JSON as one list written item by item, the table a page of rows at a time (each page with
its header, its columns fitted to its own rows).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.cli import render

if TYPE_CHECKING:
    from assistant.service.views import GameSummary

#: ``games`` without ``--limit`` or ``--all`` when stdout is not a terminal.
PIPED_LIMIT = 50
#: Rows of the table written at once with ``--all``.
TABLE_PAGE = 500


def default_limit() -> int:
    """A screenful on a terminal (at least 10 rows), else :data:`PIPED_LIMIT`."""
    if sys.stdout.isatty():
        return max(10, shutil.get_terminal_size((100, 24)).lines - 4)
    return PIPED_LIMIT


def print_games(rows: Iterable[GameSummary], *, json_out: bool) -> int:
    """Write games as JSON (one list) or the ``games`` table, streaming; returns how many."""
    count = 0
    if json_out:
        for row in rows:
            text = json.dumps(row.to_json(), indent=2, ensure_ascii=False, default=str)
            sys.stdout.write(("[\n" if count == 0 else ",\n") + "\n".join("  " + line for line in text.split("\n")))
            count += 1
        sys.stdout.write("\n]\n" if count else "[]\n")
        sys.stdout.flush()
        return count
    page: list[GameSummary] = []
    for row in rows:
        page.append(row)
        count += 1
        if len(page) >= TABLE_PAGE:
            render.games_table(page)
            page = []
    if page or not count:
        render.games_table(page)
    return count


def cut_note(shown: int, total: int) -> None:
    """On stderr, when a list was cut: how many games match and how to see more."""
    if shown < total:
        render.message(f"{shown} of {total} games shown, newest first; --limit N or --all for more", style="dim")


def write_stream(pieces: Iterator[str], output: Path | None, *, newline: str | None = None, as_bytes: bool = False) -> None:
    """Write an export piece by piece to stdout, or to ``output`` through a temporary file
    beside it (renamed when complete: an export that fails leaves no half file).
    ``newline``: as :func:`open` takes it (``""`` keeps the line ends written, CSV's CRLF);
    ``as_bytes``: stdout gets the UTF-8 bytes, its line ends untouched."""
    from assistant.core.errors import InvalidEntry

    if output is None:
        if as_bytes and hasattr(sys.stdout, "buffer"):
            for piece in pieces:
                sys.stdout.buffer.write(piece.encode("utf-8"))
            sys.stdout.buffer.flush()
            return
        for piece in pieces:
            sys.stdout.write(piece)
        sys.stdout.flush()
        return
    part = output.with_name(output.name + ".part")
    try:
        with part.open("w", encoding="utf-8", newline=newline) as handle:
            for piece in pieces:
                handle.write(piece)
        os.replace(part, output)
    except OSError as exc:
        part.unlink(missing_ok=True)
        raise InvalidEntry("core.export", f"cannot write {output}: {exc.strerror}") from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise


class CheckProgress:
    """The progress of ``db check --full``: a rich bar on a terminal (stderr), else a plain
    line at every tenth of the games. Use as a context manager; call it with (done, total)."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.task: Any = None
        self.said = -1

    def __enter__(self) -> Callable[[int, int], None]:
        if sys.stderr.isatty() and os.environ.get("TERM") != "dumb":
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(
                TextColumn("replaying games"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("check", total=None)
        return self

    def __call__(self, done: int, total: int) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)
            return
        tenth = done * 10 // total if total else 10
        if tenth != self.said:
            self.said = tenth
            render.message(f"replayed {done} of {total} games")

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def say_filled(filled: int) -> None:
    """What ``db check --full`` wrote besides checking: the seat facts and start players of
    games stored before schema 3 (nothing said when none lacked them)."""
    if filled:
        render.message(f"filled in the seat facts of {filled} game{'s' if filled != 1 else ''}")
