"""The output of the history commands at scale (issue 14): ``games`` a page at a time,
``export`` streamed, ``db check`` with its progress.

``games`` lists at most a screenful on a terminal (the rows that fit its height as drawn,
wrapped rows counted by their lines, less the header and the note) and :data:`PIPED_LIMIT`
games otherwise, newest first, unless ``--limit N`` or ``--all`` is
given; when the list is cut, a note on stderr says how many games match and how to see more.
With ``--all`` the games are read and written a page at a time (bounded memory at any size):
JSON as one list written item by item, the table a page of rows at a time (each page with
its header, its columns fitted to its own rows). On a terminal a list longer than a screenful
(``--all``, or ``--limit`` past the screen) is streamed through the user's pager
(:func:`pager`) unless ``--no-pager``.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
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


def print_games(rows: Iterable[GameSummary], *, json_out: bool, stream: Any = None, width: int | None = None) -> int:
    """Write games as JSON (one list) or the ``games`` table, streaming, on stdout or
    ``stream`` (a pager's input; ``width``: the terminal's); returns how many."""
    stream = stream or sys.stdout
    count = 0
    if json_out:
        for row in rows:
            text = json.dumps(row.to_json(), indent=2, ensure_ascii=False, default=str)
            stream.write(("[\n" if count == 0 else ",\n") + "\n".join("  " + line for line in text.split("\n")))
            count += 1
        stream.write("\n]\n" if count else "[]\n")
        stream.flush()
        return count
    page: list[GameSummary] = []
    for row in rows:
        page.append(row)
        count += 1
        if len(page) >= TABLE_PAGE:
            render.games_table(page, stream=stream, width=width)
            page = []
    if page or not count:
        render.games_table(page, stream=stream, width=width)
    return count


def print_screenful(rows: Iterable[GameSummary]) -> tuple[int, bool]:
    """``games`` on a terminal without ``--limit`` or ``--all``: the newest games whose rows
    fit the screen as drawn (a row wraps to several lines on a narrow terminal), less the
    header, its rule, the note and the prompt; returns (how many shown, whether any was left
    out)."""
    found = list(rows)
    if not found:
        render.games_table(found)
        return 0, False
    budget = max(6, shutil.get_terminal_size((100, 24)).lines - 2)
    count = len(found)
    lines = render.games_lines(found[:count])
    while count > 1 and len(lines) > budget:
        count -= 1
        lines = render.games_lines(found[:count])
    render.plain("\n".join(lines))
    return count, count < len(found)


def pager_command() -> str | None:
    """The pager to page a long list through: ``$PAGER``, else ``less -R``, else ``more``;
    ``None`` for none (``PAGER`` empty or ``cat``, as git reads it, or no pager found). A
    ``$PAGER`` whose program is not on the PATH is said on stderr and not used."""
    chosen = os.environ.get("PAGER")
    if chosen is not None:
        try:
            words = shlex.split(chosen)
        except ValueError:
            words = chosen.split()
        if not words or words == ["cat"]:
            return None
        if shutil.which(words[0]) is None:
            render.message(f"the pager {render.safe(words[0])!r} (PAGER) was not found; the list is printed straight", style="dim")
            return None
        return chosen
    if shutil.which("less"):
        return "less -R"
    if shutil.which("more"):
        return "more"
    return None


def use_pager(*, cap: int | None, no_pager: bool) -> bool:
    """Page ``games`` when stdout is a terminal, the list may be longer than a screenful
    (``--all``, or ``--limit`` past the screen) and ``--no-pager`` was not given."""
    return not no_pager and sys.stdout.isatty() and (cap is None or cap > default_limit())


@contextmanager
def pager(command: str | None) -> Iterator[Any]:
    """A text stream into the pager ``command`` (run by the shell, as git and pydoc run
    ``$PAGER``; ``LESS`` defaults to ``FRX``: a list that fits the screen is printed and less
    exits), or stdout when ``command`` is None. What is written reaches the pager as it is
    written (the list streams). The pager quitting before the end (``q`` in less: a broken
    pipe) ends the writing quietly; Ctrl-C stops the writing and leaves the pager to be
    quit; either way this waits for the pager to end before the command does."""
    if command is None:
        yield sys.stdout
        return
    env = {**os.environ}
    env.setdefault("LESS", "FRX")
    env.setdefault("LV", "-c")
    try:
        process = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, env=env)
    except OSError as exc:
        render.message(f"the pager could not be started ({exc.strerror}); the list is printed straight", style="dim")
        yield sys.stdout
        return
    assert process.stdin is not None
    import io

    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    stream = io.TextIOWrapper(process.stdin, encoding=encoding, errors="replace")
    try:
        try:
            yield stream
        except (BrokenPipeError, KeyboardInterrupt):
            pass  # the pager was quit (or Ctrl-C): nothing more to write
        try:
            stream.close()
        except (BrokenPipeError, OSError):
            pass
    finally:
        while True:
            try:
                process.wait()
                break
            except KeyboardInterrupt:
                continue  # Ctrl-C reaches the pager too; the pager decides when to end


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
        from assistant.store.private import private_opener

        with open(part, "w", encoding="utf-8", newline=newline, opener=private_opener) as handle:  # 0600
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
    """The progress of ``db check``: a rich bar on a terminal (stderr), else a plain line at
    every tenth of the games replayed. Use as a context manager; call it with (done, total).
    ``label`` says what is under way (``--quick`` replays nothing: it checks the file and the
    stored figures, some seconds at 100,000 games, and says so)."""

    def __init__(self, label: str = "replaying games") -> None:
        self.label = label
        self.bar: Any = None
        self.task: Any = None
        self.said = -1

    def __enter__(self) -> Callable[[int, int], None]:
        if sys.stderr.isatty() and os.environ.get("TERM") != "dumb":
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(
                TextColumn(self.label),
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


def say_filled(filled: int, rewritten: int = 0) -> None:
    """What ``db check --full`` wrote besides checking: the seat facts and start players of
    games stored before schema 3, the stored ratings that differed from a fresh fold
    (nothing said when none was written)."""
    if filled:
        render.message(f"filled in the seat facts of {filled} game{'s' if filled != 1 else ''}")
    if rewritten:
        render.message(f"rewrote {rewritten} stored rating{'s' if rewritten != 1 else ''} as a fresh fold of the games gives them")
