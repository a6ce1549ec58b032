"""The history as records and files: ``games`` (the list), ``replay``, ``import`` and
``export``. Thin over :mod:`assistant.service`; errors are :func:`assistant.cli.base.guarded`'s."""

import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from assistant.cli import render
from assistant.cli.base import DbOpt, JsonOpt, app, examples, open_store, read_file


@app.command(
    epilog=examples(
        "assistant games",
        "assistant games --game roma --player Ann --since 2026-01-01",
        "assistant games --status active --json",
        "assistant games --all              # every game, through $PAGER (less) on a terminal",
        "assistant games --all --no-pager   # every game, printed straight",
    )
)
def games(
    game: Annotated[Optional[str], typer.Option("--game", "-g", help="Only this game.")] = None,
    player: Annotated[Optional[str], typer.Option("--player", "-p", help="Only games this player sat in.")] = None,
    since: Annotated[Optional[str], typer.Option(help="Played on or after this day (YYYY-MM-DD).")] = None,
    until: Annotated[Optional[str], typer.Option(help="Played on or before this day (YYYY-MM-DD).")] = None,
    status: Annotated[Optional[str], typer.Option(help="active, finished or abandoned.")] = None,
    limit: Annotated[
        Optional[int], typer.Option(help="At most this many, newest first (default: a screenful on a terminal, else 50).", min=1)
    ] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Every game that matches (read a page at a time).")] = False,
    no_pager: Annotated[
        bool,
        typer.Option("--no-pager", help="Print straight: no pager on a terminal for --all (or --limit past a screenful)."),
    ] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """List past and running games, newest first (a screenful unless --limit or --all; on a
    terminal a longer list goes through $PAGER, else less -R or more, unless --no-pager or
    PAGER=cat)."""
    from contextlib import closing

    from assistant import service
    from assistant.cli import history

    store = open_store(db)
    cap = None if all_games else limit or history.default_limit()
    paged = history.use_pager(cap=cap, no_pager=no_pager)
    width = render.text_width() if paged else None
    shown, cut = 0, False  # stays so when the pager is quit before the end
    found = service.iter_games(store, game=game, player=player, since=since, until=until, status=status, limit=cap)
    with closing(found) as rows:
        if cap is not None and limit is None and not json_out and sys.stdout.isatty():
            shown, cut = history.print_screenful(rows)  # a screenful as drawn: wrapped rows count their lines
        else:
            with history.pager(history.pager_command() if paged else None) as stream:
                shown = history.print_games(rows, json_out=json_out, stream=stream, width=width)
    if cap is not None and limit is None and (cut or shown == cap):
        history.cut_note(shown, service.count_games(store, game=game, player=player, since=since, until=until, status=status))


@app.command(epilog=examples("assistant replay examples/roma-game.txt", "assistant replay game.txt --json"))
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (docs/interfaces.md §3), or - for standard input.")],
    reveal: Annotated[bool, typer.Option("--reveal", help="Show hidden information in the final state.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Check every entry of a record; print the final state and score, or the first bad entry."""
    from assistant import service
    from assistant.core.errors import RecordError

    text = read_file(file)
    records = service.split_records(text)
    if len(records) > 1:  # an export of several games: each in turn, saying which failed
        _replay_each(records, reveal=reveal, json_out=json_out)
        return
    try:
        record, game = service.replay_text(text)
    except RecordError as exc:
        if json_out:
            render.print_json(exc.to_json())
        render.error(exc)
        raise typer.Exit(1) from None
    view = service.replay_view(game, reveal=reveal)
    if json_out:
        render.print_json(view.to_json())
        return
    render.success(f"{view.ply} entries replayed; every one is legal")
    render.plain(render.board_text(game, reveal=reveal))
    if view.expecting is not None:
        render.prompt_line(view.expecting)
    render.score_sheet(
        view.sheet, "Final score" if view.outcome else "Score so far (the game is not over)", provisional=not view.outcome
    )


def _replay_each(records: list[str], *, reveal: bool, json_out: bool) -> None:
    """``replay`` of a file holding several records (``%%``): each is replayed in turn; one
    line each (or a JSON list of each record's ``replay --json`` object); exit 1 when any
    failed, naming it."""
    from assistant import service
    from assistant.core.errors import RecordError

    results: list[dict[str, Any]] = []
    failed: list[int] = []
    for n, part in enumerate(records, 1):
        try:
            _, game = service.replay_text(part)
        except RecordError as exc:
            failed.append(n)
            results.append({"record": n, **exc.to_json()})
            if not json_out:
                exc.message = f"record {n}: {exc.message}"
                render.error(exc)
            continue
        view = service.replay_view(game, reveal=reveal)
        results.append({"record": n, **view.to_json()})
        if not json_out:
            over = "game over" if view.outcome else "not over"
            render.success(f"record {n}: {game.ruleset.title}, {', '.join(view.players)}: {view.ply} entries replayed ({over})")
    if json_out:
        render.print_json(results)
    if failed:
        render.message(f"{len(failed)} of {len(records)} records failed: " + ", ".join(f"record {n}" for n in failed))
        raise typer.Exit(1)
    if not json_out:
        render.message(f"all {len(records)} records replay; every entry is legal")


@app.command(
    "import",
    epilog=examples(
        "assistant import game.txt", "assistant import all-games.txt --allow-duplicate",
        "assistant import BGStatsExport.json", "assistant import plays.xml", "assistant import history.csv", "assistant import BGStatsExport.json --strict   # all or nothing",
    ),
)
def import_(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Records, this program's JSON or CSV export, a BG Stats file or BGG play XML (recognised by content), or -.")],
    allow_duplicate: Annotated[bool, typer.Option(help="Store every game or play of the file, even those the history already holds (recognised by id or content: docs/interop.md).")] = False,
    strict: Annotated[bool, typer.Option(help="Store nothing if any play of ours is refused (by default the others are stored).")] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Store games from a file: records (replayed, all checked before any is stored), or the
    plays of a JSON/CSV export, a BG Stats file or BGG play XML (docs/interop.md), play by
    play: every play that can be stored is, each refused one is listed with its place and
    reason (exit 1), plays of other games are counted. Plays the history already holds are
    skipped and counted, so a file can be imported again."""
    from assistant.cli.interop import run_import

    if not run_import(open_store(db), read_file(file), allow_duplicate=allow_duplicate, json_out=json_out, strict=strict):
        raise typer.Exit(1)


@app.command(
    epilog=examples(
        "assistant export 12 > game.txt",
        "assistant export --all --format csv --output history.csv",
        "assistant export --all --format bgstats > BGStatsExport.json",
        "assistant export --all --format bgg > plays.xml",
        "assistant export last --format json",
        "assistant export last --public > to-share.txt   # secret faces as ?, still replays",
    )
)
def export(
    game_id: Annotated[Optional[str], typer.Argument(help="The game's id or 'last' (or use --all).", show_default=False)] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Every game in the history.")] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="record, json, csv (a row per player), bgstats (a BG Stats file) or bgg (BGG play XML).")] = "record",
    bom: Annotated[bool, typer.Option("--bom", help="Start the file with a UTF-8 byte order mark (for spreadsheets that need one).")] = False,
    public: Annotated[
        bool,
        typer.Option(
            "--public",
            help="Write what the whole table may see: secret faces as ?, no comments; "
            "the record still replays. CSV holds no entries and is the same either way.",
        ),
    ] = False,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to this file instead of stdout.")] = None,
    db: DbOpt = None,
) -> None:
    """Write games as records (what 'import' reads), JSON or CSV (a row per player).

    The export is the whole record, the truth: every face as typed, secret ones too (hands,
    cards kept or slid under the deck, money). Use --public for a copy to share.
    """
    from assistant import service
    from assistant.core.errors import InvalidEntry

    if (game_id is None) == (not all_games):
        raise InvalidEntry("core.export", "name one game id, or --all")
    ids = None if all_games or game_id is None else [game_id]
    from assistant.cli.interop import INTEROP_FORMATS, run_export  # issue 14: csv, bgstats, bgg

    if fmt in INTEROP_FORMATS:
        run_export(open_store(db), ids, fmt, bom=bom, output=output)
        if output is not None:
            render.success(f"wrote {output}")
        return
    from assistant.cli.history import write_stream

    left_out: list[int] = []
    write_stream(service.export_stream(open_store(db), ids, fmt, public=public, left_out=left_out), output)
    if output is not None:
        render.success(f"wrote {output}")
    if left_out:
        render.message(
            f"{len(left_out)} {'game was' if len(left_out) == 1 else 'games were'} logged without entries (a final table, "
            "a score pad or totals) and so have no record: left out of this export; --format json, csv or bgstats holds them"
        )
