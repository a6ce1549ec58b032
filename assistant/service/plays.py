"""Plays logged without tracking them, and a play's own fields changed or the play removed
(issue 14): ``add`` (totals, or the game's score pad: :mod:`assistant.core.sheets` and each
game's ``sheet.py``), ``edit`` (date, time, location, duration, note) and ``delete``. One
transaction each. Dates and durations are read by :mod:`assistant.core.when`.

A logged play is stored as a tracked game is once finished: its seats with totals, ranks and
winners, its points per category (a sheet), date, time, duration, location and note; its
``kind`` is ``sheet`` or ``totals``, and the sheet as written is kept (``table_json``) so that
``show`` and ``score`` give the same score again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date as Date
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from assistant.core.errors import InvalidEntry, TableError
from assistant.core.inputs import clean, shown, signed
from assistant.core.names import NameIndex
from assistant.core.scoresheet import ScoreSheet
from assistant.core.sheets import PlaySheet, read_sheet, sheet_from_data
from assistant.core.when import parse_day, parse_duration, parse_time, parse_when
from assistant.games import get_ruleset
from assistant.service.views import GameShow, GameSummary
from assistant.store import queries
from assistant.store.db import Store

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.core.protocol import AnyRuleset
    from assistant.store.models import GameRow

KINDS = ("tracked", "table", "sheet", "totals")
#: the longest note a play keeps
NOTE_LIMIT = 1000


def _pairs(items: Sequence[str], what: str) -> list[tuple[str, int]]:
    """``NAME=N`` options (``--score Ann=54``, ``--coins Ann=5``) as (name, number)."""
    out = []
    for item in items:
        name, eq, value = item.rpartition("=")
        number = signed(value.strip()) if eq else None
        if not name.strip() or number is None:
            raise InvalidEntry("core.sheet", f"{what} '{shown(item)}' is not NAME=N", hint=f"e.g. {what} Ann=54")
        out.append((clean(name.strip(), "name"), number))
    return out


def build_sheet(
    game: str,
    *,
    scores: Sequence[str] = (),
    sheet: str | Mapping[str, Any] | None = None,
    coins: Sequence[str] = (),
    winners: Sequence[str] | None = None,
    rome_wins: str | None = None,
) -> PlaySheet:
    """The :class:`PlaySheet` of ``add``: totals from ``--score NAME=N`` (seating order), or
    a sheet (its text in one of the forms of docs/logging.md, or the raw mapping the
    interactive form built); ``--coins``, ``--winner`` and ``--rome-wins`` added to it."""
    ruleset = get_ruleset(game)
    if bool(scores) == (sheet is not None):
        raise InvalidEntry("core.sheet", "give the totals (--score NAME=N for each player) or a score sheet (--sheet FILE), one of the two")
    if scores:
        data: dict[str, Any] = {"players": [{"name": n, "total": t} for n, t in _pairs(scores, "--score")]}
    elif isinstance(sheet, str):
        data = read_sheet(sheet)
    else:
        data = dict(sheet or {})
    if not isinstance(data.get("players"), list):
        raise InvalidEntry("core.sheet", "the sheet has no list of players", hint="see docs/logging.md")
    named = data.get("game")
    if isinstance(named, str):
        from assistant.games import resolve_game

        if resolve_game(named) != ruleset.name:
            raise InvalidEntry("core.sheet", f"the sheet is of '{shown(named)}', not of {ruleset.name}")
    by_name = {clean(str(p.get("name", "")).strip(), "name").casefold(): p for p in data["players"] if isinstance(p, dict)}
    for name, value in _pairs(coins, "--coins"):
        row = by_name.get(name.casefold())
        if row is None:
            raise InvalidEntry("core.sheet", f"--coins names {shown(name)}, who is not on the sheet")
        row["coins"] = value
    if winners is not None:
        data["winners"] = [w for w in winners if w.strip().casefold() not in ("none", "nobody")]
    if rome_wins is not None:
        data["rome_wins"] = rome_wins
    rows = pad(ruleset.name)
    try:
        return sheet_from_data(ruleset.name, data, rows.categories, aliases=rows.aliases, tiebreak=rows.tiebreak)
    except TableError as exc:
        raise _sheet_error(exc) from None


class _Pad:
    """A game's score pad: its rows, their other names, the tie-break value and the check
    (``Ruleset.sheet_categories``, ``sheet_aliases``, ``sheet_tiebreak``, ``check_sheet``: each
    game's ``sheet.py``)."""

    def __init__(self, ruleset: AnyRuleset) -> None:
        self.ruleset = ruleset
        self.categories: tuple[str, ...] = tuple(ruleset.sheet_categories)
        self.aliases: Mapping[str, Any] = ruleset.sheet_aliases
        self.tiebreak: str = ruleset.sheet_tiebreak

    def check(self, sheet: PlaySheet) -> ScoreSheet:
        """The checked score of ``sheet`` (raises TableError listing every problem)."""
        return self.ruleset.check_sheet(sheet)


def pad(game: str) -> _Pad:
    """The score pad of ``game``."""
    return _Pad(get_ruleset(game))


def _sheet_error(exc: TableError) -> TableError:
    """A refused sheet said as such (not as a final table)."""
    if len(exc.problems) > 1:
        exc.rule, exc.message = "core.sheet", f"the score sheet has {len(exc.problems)} problems"
    return exc


def score_sheet(sheet: PlaySheet) -> ScoreSheet:
    """The checked score of a play's sheet (``Ruleset.check_sheet``), seats checked first."""
    get_ruleset(sheet.game).check_seats(sheet.players)
    try:
        return pad(sheet.game).check(sheet)
    except TableError as exc:
        raise _sheet_error(exc) from None


def _today(today: Date | None) -> Date:
    return today or Date.today()


def _fields(
    *,
    date: str | None,
    time: str | None,
    duration: str | None,
    location: str | None,
    note: str | None,
    today: Date | None,
) -> dict[str, Any]:
    """The play fields given, read and checked (``core.date``, ``core.edit``)."""
    fields: dict[str, Any] = {}
    if date is not None:
        when = parse_when(date, today=_today(today))
        fields["date"] = when.date
        if when.time is not None:
            fields["time"] = when.time
    if time is not None:
        if "time" in fields:
            raise InvalidEntry("core.date", "the time is given twice (in --date and in --time)")
        fields["time"] = parse_time(time)
    if duration is not None:
        fields["duration"] = parse_duration(duration)
    if location is not None:
        fields["location"] = clean(location, "header").strip() or None
    if note is not None:
        fields["note"] = clean(note, "comment", limit=NOTE_LIMIT).strip() or None
    return fields


def add_play(
    store: Store,
    sheet: PlaySheet,
    *,
    date: str | None = None,
    time: str | None = None,
    duration: str | None = None,
    location: str | None = None,
    note: str | None = None,
    start: str | None = None,
    today: Date | None = None,
) -> GameShow:
    """Store a play logged from its sheet or totals as a finished game (one transaction);
    nothing is written when the sheet or a field is refused."""
    ruleset = get_ruleset(sheet.game)
    scored = score_sheet(sheet)
    fields = _fields(date=date, time=time, duration=duration, location=location, note=note, today=today)
    fields.setdefault("date", _today(today).isoformat())
    first = None
    if start is not None:
        first = sheet.players.index(NameIndex([(p, ()) for p in sheet.players], what="player", rule="core.players").resolve(start))
    with store.write(verify=True) as session:
        row = queries.insert_game(
            session,
            ruleset=ruleset.name,
            ruleset_version=ruleset.version,
            players=list(sheet.players),
            options={},
            date=fields["date"],
            location=fields.get("location"),
            kind=sheet.kind,
            table=sheet.to_json(),
            source=sheet.kind,
        )
        queries.set_fields(session, row, {k: v for k, v in fields.items() if k not in ("date", "location")})
        assert row.id is not None
        if first is not None:
            queries.set_start(session, row.id, first)
        seats = queries.seats(session, row.id)
        queries.write_results(session, row, seats, scored, status="finished")
        session.flush()
        return GameShow(GameSummary.of(row, seats, 0), ruleset.title, scored)


def sheet_of(row: GameRow) -> ScoreSheet:
    """The score of a stored logged play (kind ``sheet`` or ``totals``), from its sheet."""
    sheet = PlaySheet.from_json(json.loads(row.table_json or "{}"))
    rows = pad(row.ruleset)
    try:
        return rows.check(sheet)
    except TableError:  # a sheet stored before a check was added: as it was stored
        from assistant.core.sheets import scored

        return scored(sheet, rows.categories)


def edit_play(
    store: Store,
    game_id: int | str,
    *,
    date: str | None = None,
    time: str | None = None,
    duration: str | None = None,
    location: str | None = None,
    note: str | None = None,
    today: Date | None = None,
) -> GameSummary:
    """Change a play's date, time, duration, location or note, in one transaction (rule
    ``core.edit``); ``""`` clears time, duration, location or note."""
    given = {"date": date, "time": time, "duration": duration, "location": location, "note": note}
    if all(v is None for v in given.values()):
        raise InvalidEntry("core.edit", "nothing to change", hint="give --date, --time, --duration, --location or --note")
    if date is not None and not date.strip():
        raise InvalidEntry("core.edit", "a play always has a date; give another one rather than none")
    cleared = {k: None for k in ("time", "duration", "location", "note") if given[k] is not None and not str(given[k]).strip()}
    kept = {k: (v if k not in cleared else None) for k, v in given.items()}
    fields = _fields(today=today, **kept)
    fields.update(cleared)
    with store.write(needs_history=True) as session:
        row = queries.game_row(session, game_id)
        queries.set_fields(session, row, fields)
        assert row.id is not None
        return GameSummary.of(row, queries.seats(session, row.id), row.entry_count)


def delete_play(store: Store, game_id: int | str) -> GameSummary:
    """Remove a game with its seats, entries and results, in one transaction (rule
    ``core.delete``); returns what it was."""
    with store.write(needs_history=True) as session:
        row = queries.game_row(session, game_id)
        assert row.id is not None
        summary = GameSummary.of(row, queries.seats(session, row.id), row.entry_count)
        queries.delete_game(session, row)
        return summary


def describe_play(store: Store, game_id: int | str) -> GameSummary:
    """The summary of one game (what ``delete`` asks about)."""
    with store.read() as session:
        row = queries.game_row(session, game_id)
        assert row.id is not None
        return GameSummary.of(row, queries.seats(session, row.id), row.entry_count)


def measured(session: Session, row: Any) -> tuple[str | None, int | None]:
    """A tracked game's start time (HH:MM, local time) and duration (minutes) as its entries
    were stored: the first entry's time, and the minutes from the first to the last; ``None``
    where there are no entries (or a single one, for the duration)."""
    first, last = queries.entry_span(session, row.id)
    if first is None:
        return None, None

    def local(moment: Any) -> datetime:
        if isinstance(moment, str):
            moment = datetime.fromisoformat(moment)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        return moment.astimezone()  # type: ignore[no-any-return]

    start = local(first)
    minutes = round((local(last) - start).total_seconds() / 60)
    return start.strftime("%H:%M"), (minutes if minutes > 0 else None)


def since_until(text: str | None, today: Date | None = None) -> str | None:
    """A ``games --since/--until`` day, in any form :func:`parse_day` reads (a day after
    today allowed)."""
    if text is None:
        return None
    return parse_day(text, today=_today(today), future=True)
