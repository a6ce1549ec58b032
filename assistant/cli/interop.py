"""``import`` of every format the program reads and ``export --format csv|bgstats|bgg`` (issue
14; docs/interop.md): a progress bar on stderr when it is a terminal (none when piped), and the
counts of an import."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.cli import render

if TYPE_CHECKING:
    from assistant.store.db import Store

#: export formats written by assistant.service.interop
INTEROP_FORMATS = ("csv", "bgstats", "bgg")


class Bar:
    """A rich progress bar on stderr when it is a terminal; nothing otherwise. Use as a
    context manager; call it with (done, total)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> Bar:
        if sys.stderr.isatty() and os.environ.get("TERM") != "dumb":
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            self.bar = Progress(TextColumn(self.label), BarColumn(), MofNCompleteColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=None)
        return self

    def __call__(self, done: int, total: int) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def run_import(store: Any, text: str, *, allow_duplicate: bool, json_out: bool, strict: bool = False) -> bool:
    """Import ``text`` and say what was done; False when a play was refused (exit 1; the
    others are stored, unless ``strict``)."""
    from assistant.service.interop import import_file

    with Bar("importing") as bar:
        report = import_file(store, text, allow_duplicate=allow_duplicate, progress=bar, strict=strict)
    if json_out:
        render.print_json(report.to_json())
        return not report.refused
    if report.format == "record" and not report.duplicates:
        render.success("imported as game " + ", ".join(str(i) for i in report.ids))
        return True
    stored = len(report.ids)
    thing = "record" if report.format == "record" else "play"
    words = [f"{stored} {thing}{'s' if stored != 1 else ''} stored" + (f" ({'game' if stored == 1 else 'games'} {_span(report.ids)})" if stored else "")]
    if report.duplicates:
        held = sorted(set(report.duplicate_of))
        words.append(
            f"{report.duplicates} {thing}{'s' if report.duplicates != 1 else ''} already in the history "
            f"({'game' if len(held) == 1 else 'games'} {_runs(held)}), skipped"
        )
    if report.other_games:
        games = ", ".join(f"{name} {count}" for name, count in report.other_games.items())
        words.append(f"{sum(report.other_games.values())} of other games skipped ({games})")
    if report.unfinished:
        words.append(f"{report.unfinished} unfinished skipped")
    if report.refused:
        words.append(f"{len(report.refused)} refused")
    render.success(f"{_FORMAT_NAMES.get(report.format, report.format)}: " + "; ".join(words))
    for note in report.notes:
        render.message(f"! {note.place}: {note.message}", style="yellow")
    for refusal in report.refused:
        render.message(f"✗ {refusal.place}: {refusal.message}", style="red")
    return not report.refused


_FORMAT_NAMES = {"bgstats": "BG Stats file", "bgg": "BGG play XML", "csv": "CSV of results", "json": "JSON export", "record": "records"}


def _runs(ids: list[int], shown: int = 6) -> str:
    """Sorted ids as runs, the first ``shown`` of them: ``1-3, 7``, ``1-3, 7, … 980-1000``
    (``--json`` lists every one)."""
    runs: list[list[int]] = []
    for i in ids:
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    words = [str(a) if a == b else f"{a}-{b}" for a, b in runs]
    return ", ".join(words) if len(words) <= shown else ", ".join(words[: shown - 1]) + ", … " + words[-1]


def _span(ids: tuple[int, ...]) -> str:
    return f"{ids[0]}" if len(ids) == 1 else f"{min(ids)}-{max(ids)}"


def run_export(store: Store, ids: Iterable[int | str] | None, fmt: str, *, bom: bool, output: Path | None) -> None:
    """Write an interop export to stdout or ``output`` (through a temporary file beside it),
    its line ends as written (CSV's CRLF, RFC 4180)."""
    from assistant.cli.history import write_stream
    from assistant.service.interop import export_stream

    with Bar("exporting") as bar:
        pieces = export_stream(store, ids, fmt, bom=bom, progress=bar)
        write_stream(pieces, output, newline="", as_bytes=fmt == "csv")
