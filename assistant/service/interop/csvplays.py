"""The CSV of results (issue 14): one row per player per game (unfinished ones with their
status; ``import`` reads the finished ones back). The one CSV ``export --format csv`` and
``service.export_games(..., "csv")`` write.

Columns: ``game_id, game, date, time, location, duration, status, kind, seat, start_player,
player, score, rank, winner, source_id``, then one column per category present (the points a
game's score pad or tracked scoring stored); ``winner`` is empty while a game is not finished;
``source_id`` is the game's source id, or the uuid the BG Stats export writes for it
(:func:`.dedup.play_uuid`), so that ``import`` knows the play again wherever it went.
``player`` is the player's current name (it follows ``players rename`` and ``merge``). RFC
4180: fields quoted when they hold a comma, a quote or a line break, quotes doubled, lines
ended by CRLF; ``--bom`` starts the file with a UTF-8 byte order mark for spreadsheets that
need one to read UTF-8. Written a page of games at a time from stored seats and results: no
game is replayed.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from assistant.core.inputs import shown
from assistant.service.interop import model
from assistant.service.interop.model import PlayIn, bad

if TYPE_CHECKING:
    from assistant.store.models import GameRow, Seat

COLUMNS = ("game_id", "game", "date", "time", "location", "duration", "status", "kind", "seat", "start_player",
           "player", "score", "rank", "winner", "source_id")
#: columns of the CSV written before issue 14 that are read too
OLD_NAMES = {"total": "score"}
REQUIRED = ("game_id", "game", "date", "player", "score")


def looks_like(text: str) -> bool:
    """The first line is a header of this CSV (``game_id,game,date,...``)."""
    first = text.lstrip("\ufeff").split("\n", 1)[0].strip().lower()
    return first.startswith("game_id,game,date")


def header(categories: Sequence[str]) -> list[str]:
    """The header row."""
    return [*COLUMNS, *categories]


def rows_of(row: GameRow, seats: Sequence[tuple[Seat, str]], points: Any, categories: Sequence[str]) -> Iterator[list[Any]]:
    """The rows of one stored game."""
    from assistant.service.interop.dedup import play_uuid

    source = row.source_id or play_uuid(row)
    for seat, current in seats:
        scores = points.get((row.id, seat.player_id), {})
        yield [
            row.id, row.ruleset, row.date, row.time or "", row.location or "", row.duration if row.duration else "",
            row.status, row.kind, seat.position + 1, "" if seat.start is None else ("yes" if seat.start else "no"),
            current, "" if seat.total is None else seat.total, "" if seat.rank is None else seat.rank,
            "yes" if seat.winner else ("no" if row.status == "finished" else ""), source,
            *[scores.get(c, "") for c in categories],
        ]


def writer(buffer: io.StringIO) -> Any:
    """An RFC 4180 writer (CRLF line ends, minimal quoting)."""
    return csv.writer(buffer, lineterminator="\r\n")


# -- reading ---------------------------------------------------------------------------------------
def read(text: str) -> tuple[int, Iterator[PlayIn]]:
    """The plays of a results CSV: consecutive rows with the same game_id are one play."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), strict=True)
    try:
        head = [OLD_NAMES.get(h.strip().lower(), h.strip().lower()) for h in next(reader)]
    except StopIteration:
        raise bad("the CSV file", "is empty") from None
    except csv.Error as exc:
        raise bad("the CSV file, line 1", f"is not CSV ({exc})") from None
    for column in REQUIRED:
        if column not in head:
            raise bad("the CSV file", f"has no '{column}' column")
    if len(set(head)) != len(head):
        raise bad("the CSV file", "names a column twice")
    known = set(COLUMNS)
    categories = [h for h in head if h not in known and h]
    groups: list[tuple[int, list[dict[str, str]]]] = []
    try:
        for line, cells in enumerate(reader, 2):
            if not any(c.strip() for c in cells):
                continue
            if len(cells) != len(head):
                raise bad(f"line {line} of the CSV file", f"has {len(cells)} fields, the header {len(head)}")
            row = dict(zip(head, cells))
            if groups and groups[-1][1][0]["game_id"] == row["game_id"]:
                groups[-1][1].append(row)
            else:
                groups.append((line, [row]))
            if len(groups) > model.MAX_PLAYS:
                raise bad("the CSV file", f"holds more than {model.MAX_PLAYS} plays")
    except csv.Error as exc:
        raise bad(f"line {reader.line_num} of the CSV file", f"is not CSV ({exc})") from None
    return len(groups), (_play(line, rows, categories) for line, rows in groups)


def _play(line: int, rows: list[dict[str, str]], categories: Sequence[str]) -> PlayIn:
    first = rows[0]
    place = f"game {shown(first['game_id'])} (line {line})"
    game_name = model.game_named(first["game"])
    return model.each_play(place, game_name, lambda ruleset: _our_play(place, rows, categories, ruleset, game_name))


def _our_play(place: str, rows: list[dict[str, str]], categories: Sequence[str], ruleset: str, game_name: str) -> PlayIn:
    """A play of one of our games (``ruleset``); InvalidEntry when it cannot be read."""
    first = rows[0]
    date = model.day(first["date"], place)
    time = model.clock(first["time"], place) if first.get("time", "").strip() else None
    status = (first.get("status") or "finished").strip().lower()
    players: list[str] = []
    totals: dict[str, int] = {}
    points: dict[str, dict[str, int]] = {}
    won: list[tuple[str, bool]] = []
    start = None
    seats: list[tuple[int, dict[str, str]]] = []
    for k, row in enumerate(rows):
        seat = row.get("seat", "").strip()
        number = int(seat) if seat.isascii() and seat.isdigit() and len(seat) <= 3 else None
        if seat and number is None:
            raise bad(place, f"the seat '{shown(seat)}' is not a number")
        seats.append((number if number is not None else k + 1, row))
    for _, row in sorted(seats, key=lambda s: s[0]):
        who = model.name(row["player"], place)
        if who.casefold() in (p.casefold() for p in players):
            raise bad(place, f"{who} sits twice")
        players.append(who)
        value = model.score(row["score"], place, who)
        if value is not None:
            totals[who] = value
        for category in categories:
            cell = row.get(category, "").strip()
            if cell:
                number = model.score(cell, place, who)
                assert number is not None
                points.setdefault(who, {})[category] = number
        won.append((who, model.flag(row.get("winner", ""), place, "winner")))
        if model.flag(row.get("start_player", ""), place, "start_player"):
            start = who
    finished = status == "finished"
    missing = None
    if finished and not points and len(totals) < len(players):
        missing = "no score for " + ", ".join(p for p in players if p not in totals)
    play = PlayIn(
        place=place,
        game_name=game_name,
        game=ruleset,
        players=tuple(players),
        totals=totals,
        points=points,
        winners=tuple(w for w, yes in won if yes) if finished else None,
        date=date,
        time=time,
        duration=model.minutes(first.get("duration"), place),
        location=model.text(first.get("location") or None, place),
        start=start,
        finished=finished,
        missing=missing,
    )
    said = first.get("source_id", "").strip()
    if said:
        if len(said) > 200:
            raise bad(place, "its source_id is longer than 200 characters")
        return replace(play, source_id=model.text(said, place) or "")
    return replace(play, source_id="csv:sha256:" + play.digest())


def pieces(pages: Iterable[tuple[Any, Mapping[int, Sequence[tuple[Seat, str]]], Any]], categories: Sequence[str], *, bom: bool) -> Iterator[str]:
    """The CSV text, a page at a time: ``pages`` yields (rows, seats by game, points)."""
    buffer = io.StringIO()
    out = writer(buffer)
    out.writerow(header(categories))
    first = ("\ufeff" if bom else "") + buffer.getvalue()
    buffer.seek(0)
    buffer.truncate()
    yield first
    for rows, seats, points in pages:
        for row in rows:
            for line in rows_of(row, seats[row.id], points, categories):
                out.writerow(line)
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
