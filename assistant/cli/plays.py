"""Plays logged without tracking them, a play's fields changed, a play removed (issue 14):
``add GAME`` (totals with ``--score``, or the game's score pad from ``--sheet FILE``, ``--sheet
-`` or, on a terminal, a form filling the pad row by row across the players, ``--pad``:
:mod:`assistant.cli.scorepad`), ``edit ID`` and ``delete ID``. Registered on the main app by :func:`register` (docs/logging.md)."""

import copy
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from assistant.cli import render
from assistant.cli.base import DbOpt, GameIdArg, JsonOpt, app, examples, open_store

if TYPE_CHECKING:
    from assistant.cli.scorepad import PadCheck
    from assistant.core.protocol import AnyRuleset
    from assistant.core.scoresheet import ScoreSheet
    from assistant.service.views import GameSummary


DateOpt = Annotated[Optional[str], typer.Option("--date", help="When: today, yesterday, saturday, 2026-11-30, '2026-11-30 20:15', 20:15.")]
TimeOpt = Annotated[Optional[str], typer.Option("--time", help="The time it started (20:15).")]
DurationOpt = Annotated[Optional[str], typer.Option("--duration", help="How long it lasted: 90, 90m, 1h30, 1:30.")]
LocationOpt = Annotated[Optional[str], typer.Option("--location", help="Where it was played.")]
NoteOpt = Annotated[Optional[str], typer.Option("--note", help="A note kept with the play.")]


def _is_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def ask_pad(ruleset: "AnyRuleset", players: list[str], check_pad: "PadCheck") -> dict[str, Any] | None:
    """The score-pad form on the terminal (:mod:`assistant.cli.scorepad`): row by row across
    the players, each box checked at once (the game's ``Ruleset.check_sheet_box``),
    the whole pad by ``check_pad`` at the end; ``None`` when the table quits."""
    from rich.prompt import Prompt

    from assistant.cli.scorepad import PadLayout, fill_pad

    return fill_pad(
        PadLayout.of(ruleset, players),
        ask=lambda q: Prompt.ask(q, console=render.out()),
        say=render.message,
        check_box=ruleset.check_sheet_box,
        check_pad=check_pad,
        title=ruleset.title,
    )


@app.command(
    epilog=examples(
        "assistant add roma --score Ann=22 --score Ben=14 --date yesterday",
        "assistant add 7w --sheet pad.txt --location Club --duration 1h30",
        "assistant add 7w --score Ann=54 --score Ben=54 --coins Ann=5 --coins Ben=3",
        "assistant add pax --sheet - < sheet.toml",
        "assistant add 7w -p Ann -p Ben -p Cy   # on a terminal: the pad row by row",
        "assistant add 7w --pad   # asks the players too",
    )
)
def add(
    game: Annotated[str, typer.Argument(metavar="GAME", help="7wonders (7w), roma, pax or sylla.", show_default=False)],
    score: Annotated[Optional[list[str]], typer.Option("--score", "-s", help="NAME=TOTAL, once per player in seating order.")] = None,
    sheet: Annotated[Optional[Path], typer.Option("--sheet", help="The score pad: a file (lines, TOML or JSON; docs/logging.md), - for stdin.")] = None,
    player: Annotated[Optional[list[str]], typer.Option("--player", "-p", help="For the form on a terminal: the players in seating order.")] = None,
    pad_form: Annotated[bool, typer.Option("--pad", help="Fill in the score pad on a terminal, row by row across the players (the default there without --score or --sheet).")] = False,
    coins: Annotated[Optional[list[str]], typer.Option("--coins", help="NAME=N: coins at the end (7 Wonders' tie-break).")] = None,
    winner: Annotated[Optional[list[str]], typer.Option("--winner", help="Who won, as the table says (checked); 'none' for nobody.")] = None,
    rome_wins: Annotated[Optional[str], typer.Option("--rome-wins", help="PAX: yes or no, where the sheet does not show it.")] = None,
    start: Annotated[Optional[str], typer.Option("--start", help="The start player.")] = None,
    date: DateOpt = None,
    time: TimeOpt = None,
    duration: DurationOpt = None,
    location: LocationOpt = None,
    note: NoteOpt = None,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Log a play without tracking it: its totals, or its score pad by category, checked
    for what the game can produce, and stored as a finished game (kind totals or sheet)."""
    from assistant.core.errors import InvalidEntry
    from assistant.games import get_ruleset
    from assistant.service import plays

    ruleset = get_ruleset(game)
    raw: str | dict[str, Any] | None = None
    if pad_form and (sheet is not None or score):
        raise InvalidEntry("core.sheet", "--pad fills in the score pad on the terminal: leave out --score and --sheet")
    if sheet is not None:
        raw = _read(sheet)
    elif not score:
        if not _is_terminal():
            if not player and not pad_form:
                raise InvalidEntry(
                    "core.sheet", "give the totals (--score NAME=N per player), a score sheet (--sheet FILE), "
                    "or the players (-p NAME ...) for the form on a terminal",
                )
            raise InvalidEntry("core.sheet", "the form asks on a terminal; here give --score NAME=N or --sheet FILE")
        _fields_first(date, time, duration)  # a typo there must not cost the pad typed in
        names = list(player or ())
        if names:
            ruleset.check_seats(names)
        else:
            from rich.prompt import Prompt

            from assistant.cli.scorepad import ask_players

            asked = ask_players(lambda q: Prompt.ask(q, console=render.out()), render.message, ruleset.check_seats)
            if asked is None:
                render.message("nothing logged")
                raise typer.Exit(1)
            names = asked

        def check_pad(data: dict[str, Any]) -> "ScoreSheet":
            built = plays.build_sheet(ruleset.name, sheet=copy.deepcopy(data), coins=coins or (), winners=winner, rome_wins=rome_wins)
            return plays.score_sheet(built)

        raw = ask_pad(ruleset, names, check_pad)
        if raw is None:
            raise typer.Exit(1)
    elif player:
        raise InvalidEntry("core.sheet", "--score names the players itself, in seating order; leave out --player")
    built = plays.build_sheet(ruleset.name, scores=score or (), sheet=raw, coins=coins or (), winners=winner, rome_wins=rome_wins)
    view = plays.add_play(open_store(db), built, date=date, time=time, duration=duration, location=location, note=note, start=start)
    if json_out:
        render.print_json(view.to_json())
        return
    if view.sheet is not None:
        render.score_sheet(view.sheet)
    summary = view.summary
    render.success(f"logged as game {summary.id} ({summary.kind}, {summary.date})")

@app.command(
    epilog=examples(
        "assistant edit 12 --date yesterday --time 20:15",
        "assistant edit last --duration 1h30 --location 'Club room'",
        "assistant edit 12 --note ''   # clears the note",
    )
)
def edit(
    game_id: GameIdArg,
    date: DateOpt = None,
    time: TimeOpt = None,
    duration: DurationOpt = None,
    location: LocationOpt = None,
    note: NoteOpt = None,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Change a play's date, time, duration, location or note ('' clears all but the date)."""
    from assistant.service import plays

    summary = plays.edit_play(open_store(db), game_id, date=date, time=time, duration=duration, location=location, note=note)
    if json_out:
        render.print_json(summary.to_json())
        return
    render.success(f"game {summary.id}: {describe(summary)}")

@app.command(epilog=examples("assistant delete 12", "assistant delete 12 --yes   # in a script"))
def delete(
    game_id: GameIdArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask (scripts).")] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Remove a game from the history, with its entries and results (asks first)."""
    from assistant.core.errors import InvalidEntry
    from assistant.service import plays

    opened = open_store(db)
    if not yes:
        if not _is_terminal():
            raise InvalidEntry("core.delete", "delete asks before removing a game; not on a terminal, say --yes")
        summary = plays.describe_play(opened, game_id)
        from rich.prompt import Confirm

        question = f"delete game {summary.id} ({render.escape(summary.game)}, {summary.date}, {render.escape(', '.join(summary.names))}, {summary.entries} entries)?"
        if not Confirm.ask(question, default=False, console=render.out()):
            render.message("nothing deleted")
            raise typer.Exit(1)
        game_id = str(summary.id)
    gone = plays.delete_play(opened, game_id)
    if json_out:
        render.print_json({"ok": True, "deleted": gone.to_json()})
        return
    render.success(f"deleted game {gone.id} ({gone.game}, {gone.date}, {', '.join(gone.names)})")


def show_lines(summary: "GameSummary") -> list[str]:
    """What ``show`` adds about a play: its kind, time, duration (given, or measured from a
    tracked game's entries), note."""
    from assistant.core.when import shown_duration

    kinds = {"tracked": "tracked entry by entry", "table": "scored from its final table",
             "sheet": "logged from its score pad", "totals": "logged by its totals"}
    lines = [f"kind: {summary.kind} ({kinds.get(summary.kind, summary.kind)})"]
    if summary.time:
        lines.append(f"started: {summary.time}")
    elif summary.measured_time:
        lines.append(f"started: {summary.measured_time} (its first entry)")
    if summary.duration:
        lines.append(f"duration: {shown_duration(summary.duration)}")
    elif summary.measured_duration:
        lines.append(f"duration: {shown_duration(summary.measured_duration)} (first to last entry)")
    if summary.note:
        lines.append(f"note: {summary.note}")
    return lines


def describe(summary: "GameSummary") -> str:
    """A play's own fields in one line: date, time, duration, location, note."""
    from assistant.core.when import shown_duration

    parts = [summary.date]
    if summary.time:
        parts.append(summary.time)
    if summary.duration:
        parts.append(shown_duration(summary.duration))
    if summary.location:
        parts.append(summary.location)
    if summary.note:
        parts.append(f"note: {summary.note}")
    return " · ".join(parts)


def _fields_first(date: str | None, time: str | None, duration: str | None) -> None:
    """Read ``--date``, ``--time`` and ``--duration`` before the form is filled in (raises
    InvalidEntry as storing the play would, ``core.date``), so that a typo there is said at
    once rather than after the whole pad is typed."""
    import datetime

    from assistant.core.when import parse_duration, parse_time, parse_when

    if date is not None:
        parse_when(date, today=datetime.date.today())
    if time is not None:
        parse_time(time)
    if duration is not None:
        parse_duration(duration)


def _read(path: Path) -> str:
    """A sheet's text from a file or standard input (``-``), as UTF-8."""
    from assistant.core.errors import InvalidEntry
    from assistant.core.inputs import LIMITS, shown

    limit = 4 * LIMITS["table"]
    try:
        if str(path) == "-":
            stream = getattr(sys.stdin, "buffer", None)
            raw = stream.read(limit + 1) if stream is not None else sys.stdin.read().encode("utf-8", "surrogateescape")
        else:
            with path.open("rb") as handle:
                raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise InvalidEntry("core.sheet", f"no such file: {shown(str(path), 200)}") from None
    except OSError as exc:
        raise InvalidEntry("core.sheet", f"cannot read {shown(str(path), 200)}: {exc.strerror or 'not a file'}") from None
    if len(raw) > limit:
        raise InvalidEntry("core.sheet", f"{shown(str(path), 200)} is too long for a score sheet")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidEntry("core.sheet", f"{shown(str(path), 200)} is not UTF-8 text", hint="save the file as UTF-8") from None
