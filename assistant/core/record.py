"""The game record: UTF-8 text, ``Key: value`` header lines, a blank line, then one entry per
line in the game's notation; ``#`` starts a comment (INTERFACES.md §3).

>>> text = "Game: roma\\nPlayers: Ann, Ben\\n\\nroll 3 4 6  # Ann's first turn\\nmoney 6\\n"
>>> rec = read_record(text)
>>> rec.game, rec.players, [e.text for e in rec.entries]
('roma', ('Ann', 'Ben'), ['roll 3 4 6', 'money 6'])
>>> write_record(rec) == text
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from assistant.core.errors import InvalidEntry, RecordError
from assistant.core.inputs import LIMITS, clean, shown

#: Headers written first, in this order; any others follow in the order they were given.
ROSTER = ("Game", "Players", "Date", "Location", "Options")
_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9 _-]*):\s*(.*)$")


@dataclass(frozen=True)
class RecordLine:
    """One entry line of a record: its notation, an optional comment, its line number."""

    text: str
    comment: str = ""
    line: int = 0

    def render(self) -> str:
        """The line as a record holds it: the entry, then `` # comment`` when there is one."""
        if self.comment:
            return f"{self.text}  # {self.comment}" if self.text else f"# {self.comment}"
        return self.text


@dataclass(frozen=True)
class Record:
    """A parsed record. ``headers`` holds every header but Game and Players, in order."""

    game: str
    players: tuple[str, ...]
    headers: Mapping[str, str] = field(default_factory=dict)
    entries: tuple[RecordLine, ...] = ()

    @property
    def options(self) -> dict[str, str]:
        """The ``Options:`` header as a mapping (``leaders=true, bribe=false``)."""
        return parse_options(self.headers.get("Options", ""))


def parse_options(text: str) -> dict[str, str]:
    """``"a=1, b = two"`` -> ``{"a": "1", "b": "two"}``; raises ValueError on a bad item."""
    result: dict[str, str] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        if "=" not in item:
            raise ValueError(f"option '{item}' is not KEY=VALUE")
        key, value = item.split("=", 1)
        result[key.strip().lower()] = value.strip()
    return result


def format_options(options: Mapping[str, str]) -> str:
    """The ``Options:`` header value: ``key=value`` pairs, comma-separated, in the given order."""
    return ", ".join(f"{k}={v}" for k, v in options.items())


def _split_comment(raw: str) -> tuple[str, str]:
    if "#" not in raw:
        return raw.strip(), ""
    text, comment = raw.split("#", 1)
    return text.strip(), comment.strip()


def record_lines(text: str) -> list[str]:
    r"""The lines of a record: split at ``\n`` only (a ``\r`` before it is dropped), as
    :func:`write_record` joins them. ``str.splitlines`` would also split at characters such as
    ``\x1c`` or ``\u2028``, which the input boundary refuses inside a line instead; then every
    line is checked by :func:`assistant.core.inputs.clean`.

    >>> record_lines("a\r\nb\x1cc\n")
    Traceback (most recent call last):
    ...
    assistant.core.errors.RecordError: line 2: the record line holds a control character (U+001C FILE SEPARATOR); type it without
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > LIMITS["record"]:
        raise RecordError(f"the record is {len(text)} characters long; at most {LIMITS['record']} are taken", line=1)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = []
    for n, raw in enumerate(lines, 1):
        if raw.endswith("\r"):
            raw = raw[:-1]
        try:
            out.append(clean(raw, "record line", limit=LIMITS["entry"] + LIMITS["comment"] + 10))
        except InvalidEntry as exc:
            raise RecordError(exc.message, line=n, cause=exc) from None
    return out


def read_record(text: str) -> Record:
    """Parse a record; raises :class:`RecordError` naming the line of any problem."""
    lines = record_lines(text)
    headers: dict[str, str] = {}
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    while i < len(lines) and lines[i].strip():
        raw = lines[i]
        if raw.lstrip().startswith("#"):
            i += 1
            continue
        match = _HEADER.match(raw.strip())
        if not match:
            raise RecordError(
                f"expected a header line 'Key: value', found '{shown(raw.strip(), 80)}'", line=i + 1
            )
        key = "-".join(part.capitalize() for part in match.group(1).strip().split("-"))
        key = " ".join(word[:1].upper() + word[1:] for word in key.split(" "))
        if key in headers:
            raise RecordError(f"the header '{shown(key, 40)}' is given twice", line=i + 1)
        value = match.group(2).strip()
        if len(value) > LIMITS["header"]:
            raise RecordError(
                f"the header '{shown(key, 40)}' is {len(value)} characters long; at most {LIMITS['header']} are taken", line=i + 1
            )
        headers[key] = value
        i += 1
    if "Game" not in headers:
        raise RecordError("the record has no 'Game:' header", line=1)
    if "Players" not in headers:
        raise RecordError("the record has no 'Players:' header", line=1)
    players = tuple(p.strip() for p in headers.pop("Players").split(",") if p.strip())
    if not players:
        raise RecordError("the 'Players:' header names nobody", line=1)
    game = headers.pop("Game")
    if "Options" in headers:
        try:
            parse_options(headers["Options"])
        except ValueError as exc:
            raise RecordError(f"bad Options header: {exc}", line=1) from None
    entries: list[RecordLine] = []
    for n in range(i, len(lines)):
        raw = lines[n]
        if not raw.strip():
            continue
        body, comment = _split_comment(raw)
        entries.append(RecordLine(body, comment, n + 1))
    return Record(game=game, players=players, headers=headers, entries=tuple(entries))


def write_record(record: Record) -> str:
    """The text of a record; :func:`read_record` gives it back unchanged."""
    out = [f"Game: {record.game}", f"Players: {', '.join(record.players)}"]
    for key in ROSTER[2:]:
        if key in record.headers and record.headers[key] != "":
            out.append(f"{key}: {record.headers[key]}")
    for key, value in record.headers.items():
        if key not in ROSTER and value != "":
            out.append(f"{key}: {value}")
    out.append("")
    out.extend(line.render() for line in record.entries)
    return "\n".join(out) + "\n"
