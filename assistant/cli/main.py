"""The ``assistant`` command: thin typer commands over :mod:`assistant.service`.

Exit codes: 0 done; 1 refused (an illegal or unreadable entry, something not found, a
conflict, an unusable database); 2 usage (a bad option or argument); 3 an internal error
(a bug: please report it). Heavy modules (the database layer, the games) are imported only
by the commands that need them, so ``--help`` and ``rules`` start fast. (No ``from
__future__ import annotations`` here: typer would evaluate every annotation string at each
start, about 35 ms.)
"""

import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, Optional, TypeVar

import typer

from assistant import __version__
from assistant.cli import render

F = TypeVar("F", bound=Callable[..., Any])

EPILOG_CODES = "Exit codes: 0 done, 1 refused (illegal entry, not found, conflict, unusable database), 2 usage error, 3 internal error."


def examples(*lines: str) -> str:
    """An epilog listing examples, one per line."""
    return "Examples:\n\n\b\n" + "\n".join(f"  $ {line}" for line in lines)


class _Group(typer.core.TyperGroup):
    """Typer's command group, saying "Did you mean 'games'?" once for a mistyped command
    (typer adds its suggestion to the message, and click 8.2+ prints its own)."""

    def resolve_command(self, ctx, args):  # type: ignore[no-untyped-def]
        import click

        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            if getattr(exc, "possibilities", None):  # click (8.2+) suggests by itself: keep its own
                exc.message = exc.message.partition(" Did you mean ")[0]
            raise


app = typer.Typer(
    cls=_Group,
    name="assistant",
    help=(
        "The table companion: follows a physical game of 7 Wonders (with Leaders), Roma, PAX or Sylla "
        "entry by entry, refuses what breaks a rule and says which rule, scores the end, and keeps "
        "every game in a history.\n\n"
        "Games: 7wonders (7w, leaders), roma, pax, sylla. Database: --db or ASSISTANT_DB "
        "(a path or an SQLAlchemy URL), else the user data folder (assistant db path)."
    ),
    epilog=examples(
        "assistant new roma -p Ann -p Ben",
        "assistant play last",
        "assistant score 7wonders --from examples/7wonders-final-table.toml",
        "assistant games --player Ann",
    )
    + "\n\n"
    + EPILOG_CODES,
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)
players_app = typer.Typer(cls=_Group, help="List players with their statistics, rename or merge them.", no_args_is_help=False)
db_app = typer.Typer(
    cls=_Group,
    help="The history database: where it is, back it up, check it.",
    no_args_is_help=True,
    epilog=examples("assistant db path", "assistant db backup", "assistant db check"),
)
catalogue_app = typer.Typer(
    cls=_Group,
    help=(
        "A table's own answers about its printed components (PAX card faces, Sylla's board and "
        "characters...), saved under short keys: write @KEY in an entry instead of the text."
    ),
    no_args_is_help=True,
    epilog=examples(
        'assistant catalogue set sylla board "board ladder=... crisis=3 start=5 spaces=..."',
        "assistant catalogue list sylla",
        'assistant move 12 "@board"',
    ),
)
app.add_typer(players_app, name="players")
app.add_typer(catalogue_app, name="catalogue")
app.add_typer(db_app, name="db")

_state: dict[str, Any] = {"db": None}

DbOpt = Annotated[
    Optional[str],
    typer.Option("--db", help="Database file or SQLAlchemy URL (overrides ASSISTANT_DB).", show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON (a stable shape) instead of tables.")]
GameIdArg = Annotated[
    str, typer.Argument(metavar="ID", help="The game's id (see 'assistant games'), or 'last'.", show_default=False)
]
GameArg = Annotated[str, typer.Argument(metavar="GAME", help="7wonders (7w), roma, pax or sylla.", show_default=False)]
RevealOpt = Annotated[
    bool,
    typer.Option(
        "--reveal",
        help="Show what was typed, secret faces too (hands, cards under the deck, money behind screens); "
        "without it entries are printed as the whole table may see them.",
    ),
]


def _store(db: str | None):  # type: ignore[no-untyped-def]
    from assistant.store.db import Store

    store = Store.open(db or _state["db"])
    _state.setdefault("stores", []).append(store)
    return store


def handle_errors(func: F) -> F:
    """Turn user errors into a message and exit code 1, never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from assistant.core.errors import AssistantError

        opened = len(_state.setdefault("stores", []))
        try:
            return func(*args, **kwargs)
        except typer.Exit:
            raise
        except AssistantError as exc:
            if kwargs.get("json_out") and hasattr(exc, "to_json"):
                render.print_json({"ok": False, **exc.to_json()})
            render.error(exc, kwargs.get("game") if isinstance(kwargs.get("game"), str) else None)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            render.message("interrupted; nothing more was written")
            raise typer.Exit(130) from None
        except BrokenPipeError:
            raise typer.Exit(0) from None
        except Exception as exc:  # a bug: say so briefly
            import os

            if os.environ.get("ASSISTANT_DEBUG"):
                raise
            from assistant.store.location import resolve_location, scrub_secrets

            detail = scrub_secrets(str(exc), resolve_location(kwargs.get("db") or _state.get("db")))
            render.message(
                f"internal error: {type(exc).__name__}: {detail}\n"
                "This is a bug in the assistant, not your entry. Run again with ASSISTANT_DEBUG=1 "
                "to see the traceback, and please report it.",
                style="red",
            )
            raise typer.Exit(3) from None
        finally:
            _close_stores(opened)

    return wrapper  # type: ignore[return-value]


def _close_stores(keep: int = 0) -> None:
    """Close the databases a command opened (all but the first ``keep``), so that no
    connection, and no ``-wal``/``-shm`` file beside the database, outlives the command."""
    stores = _state.get("stores", [])
    while len(stores) > keep:
        try:
            stores.pop().close()
        except Exception:  # closing must not hide the command's own result
            pass


def _version(value: bool) -> None:
    if value:
        print(f"assistant {__version__}")
        raise typer.Exit(0)


@app.callback()
def main(
    db: DbOpt = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """The table companion."""
    _state["db"] = db


def _parse_options(items: list[str]) -> dict[str, str]:
    from assistant.core.errors import InvalidEntry

    result: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise InvalidEntry("core.options", f"option '{item}' is not KEY=VALUE", hint="e.g. --option leaders=false")
        key, value = item.split("=", 1)
        result[key.strip().lower()] = value.strip()
    return result


# -- games ----------------------------------------------------------------------------------------
@app.command(
    epilog=examples(
        'assistant new roma --player Ann --player Ben',
        'assistant new 7w -p Ada -p Bob -p Cleo --option leaders=false --location "Club"',
        "assistant new sylla -p Red -p Blue -p Green --date 2026-11-28",
        "assistant new roma --position examples/roma-position.toml   # a game already under way",
    )
)
@handle_errors
def new(
    game: GameArg,
    player: Annotated[list[str], typer.Option("--player", "-p", help="A player, in seating order (repeat).")] = [],
    option: Annotated[list[str], typer.Option("--option", "-o", help="A game option KEY=VALUE (repeat).")] = [],
    date: Annotated[Optional[str], typer.Option(help="The day played, YYYY-MM-DD (default: today).")] = None,
    location: Annotated[Optional[str], typer.Option(help="Where it was played.")] = None,
    catalogue: Annotated[
        Optional[str], typer.Option(help="The local catalogue whose @keys this game uses (default: default).")
    ] = None,
    position: Annotated[
        Optional[Path],
        typer.Option(
            "--position",
            help="Pick up a game already under way: its public position in a TOML or JSON file "
            "(docs/position.md; - reads standard input). The file names the players.",
        ),
    ] = None,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Start a game and print its id; then enter lines with 'play' or 'move'.

    With --position, the game starts where the table stands: the file's position block is
    stored as its first entries (shown by 'log'), and play goes on from there.
    """
    from assistant import service

    data = None
    if position is not None:
        data = _load_table(position)
    elif not player:
        from assistant.core.errors import InvalidEntry

        raise InvalidEntry(
            "core.players",
            "name the players, in seating order",
            hint=f"assistant new {game} -p Ann -p Ben ...   (or --position FILE for a game under way)",
        )
    store = _store(db)
    gid = service.new_game(
        store, game, player, _parse_options(option), date=date, location=location, catalogue=catalogue, position=data
    )
    shown = service.show_game(store, gid)
    if json_out:
        render.print_json(shown.summary.to_json())
        return
    print(gid)
    render.success(f"game {gid}: {shown.title} with {', '.join(seat.name for seat in shown.summary.players)}")
    if data is not None:
        render.message(f"picked up from {position}: its {shown.summary.entries} position entries are the game's first (assistant log {gid})")
    if shown.expecting is not None:
        render.prompt_line(shown.expecting, to_stderr=True)
    render.message(f"enter lines with: assistant play {gid}   (or: assistant move {gid} \"ENTRY\")")


@app.command(
    epilog=examples(
        'assistant move 12 "roll 3 4 6"',
        'assistant move last "ada build Temple"',
        'assistant move 12 "bob stage" --expect-ply 41   # refused if someone entered meanwhile',
        'assistant move 12 -- "-an entry starting with a dash"   # -- ends the options',
        'assistant move 12 "keep army 3/2 return fleet 1/1"   # echoed as the table may see it: keep ? return ?',
    ),
    context_settings={"ignore_unknown_options": True},
)
@handle_errors
def move(
    game_id: GameIdArg,
    entry: Annotated[str, typer.Argument(metavar="ENTRY", help="One entry in the game's notation (see 'assistant rules GAME notation').")],
    expect_ply: Annotated[
        Optional[int], typer.Option(help="Refuse (conflict) unless the game has exactly this many entries.")
    ] = None,
    reveal: RevealOpt = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Enter one line (for scripts); it is checked against the rules before it is stored.

    The whole entry is stored; the echo shows it as the table may see it (secret faces as ?)
    unless --reveal. To type a secret without showing it, use 'secret' at the play prompt.
    """
    from assistant import service

    result = service.enter(_store(db), game_id, entry, expect_ply=expect_ply, reveal=reveal)
    if json_out:
        render.print_json(result.to_json())
        return
    render.success(f"{result.entry.ply}. {result.shown}")
    if result.secret and not reveal:
        render.warning(
            "that entry holds a secret face, typed on the command line (and kept in the shell's history); "
            "it is stored, and shown as above. 'secret' at the play prompt types one out of sight"
        )
    render.events(result.events)
    if result.outcome:
        render.wrapped(f"game over: {result.outcome.reason}")
        if result.sheet:
            render.score_sheet(result.sheet)
    elif result.prompt:
        render.prompt_line(result.prompt, to_stderr=True)


@app.command(epilog=examples("assistant undo 12", "assistant undo last -n 3"))
@handle_errors
def undo(
    game_id: GameIdArg,
    n: Annotated[int, typer.Option("-n", help="How many entries to take back.", min=1)] = 1,
    reveal: RevealOpt = False,
    db: DbOpt = None,
) -> None:
    """Take back the last entry (or the last N); a finished game is reopened."""
    from assistant import service

    taken = service.undo(_store(db), game_id, n, reveal=reveal)
    for entry in taken:
        render.success(f"took back {entry.ply}. {entry.text}")


from assistant.cli.edit import register as register_edit  # noqa: E402  (amend, insert: issue 12)
register_edit(app, handle_errors, _store)  # fix a mistake in place
from assistant.cli.plays import register as register_plays  # noqa: E402  (add, edit, delete: issue 14)
register_plays(app, handle_errors, _store)  # log a play, change or remove one
from assistant.cli.stats import register as register_stats  # noqa: E402  (issue 14)
register_stats(app, handle_errors, _store)  # statistics and charts


@app.command(
    epilog=examples(
        "assistant state 12",
        "assistant state last --wide",
        "assistant state last --reveal   # hands and money behind screens too",
        "assistant state 12 --json",
    )
)
@handle_errors
def state(
    game_id: GameIdArg,
    reveal: RevealOpt = False,
    wide: Annotated[bool, typer.Option("--wide", help="A wider board with more detail (lines longer than 80 columns).")] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """The board at a glance and what the game waits for (hidden information only with --reveal).

    Every line fits 80 columns unless --wide. --json prints the game's full description
    (a stable shape, with the board as text under "board").
    """
    from dataclasses import replace

    from assistant import service

    loaded = service.read_game(_store(db), game_id)
    view = service.state_view(loaded, reveal=reveal)
    if loaded.game is not None:
        view = replace(view, board=render.board_text(loaded.game, reveal=reveal, wide=wide))
    if json_out:
        render.print_json(view.to_json())
        return
    if view.table:
        render.message(f"game {view.id} was scored from a final table")
        return
    render.plain(f"Game {view.id} · {view.title} · {view.status} · {view.ply} entries")
    render.plain(view.board or "")
    if view.outcome:
        render.wrapped(f"game over: {view.outcome.reason}")
    elif view.expecting is not None:
        render.prompt_line(view.expecting)


@app.command(epilog=examples("assistant legal 12", "assistant legal last --all", "assistant legal 12 --json"))
@handle_errors
def legal(
    game_id: GameIdArg,
    all_moves: Annotated[bool, typer.Option("--all", help="Every legal move, one a line (where the game can list them).")] = False,
    reveal: RevealOpt = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """What is legal now, grouped in a few lines (money 1|3 · cards 1|3 keep <card> · end).
    Worked out from what the table can see: a hidden hand offers no card by name unless
    --reveal."""
    from assistant import service
    from assistant.core.viewer import Viewer
    from assistant.service.views import LegalView

    loaded = service.read_game(_store(db), game_id)
    game = loaded.game
    if game is None:
        render.message(f"game {loaded.id} was scored from a final table; nothing to enter")
        return
    if game.outcome() is not None or loaded.row.status != "active":
        summary: tuple[str, ...] = ()
        moves: tuple[str, ...] | None = () if all_moves else None
    else:
        viewer = Viewer.revealing(reveal)
        summary = tuple(game.legal_summary(viewer=viewer))
        moves = tuple(m.notation() for m in game.legal_moves(viewer=viewer)) if all_moves else None
    view = LegalView(loaded.id, loaded.row.ruleset, game.ply, summary, moves)
    if json_out:
        render.print_json(view.to_json())
        return
    if game.outcome() is not None or loaded.row.status != "active":
        render.message(f"game {loaded.id} is {loaded.row.status}; nothing is legal any more")
        return
    render.legal_lines(view.summary, view.moves)


@app.command(
    epilog=examples(
        "assistant log 12",
        "assistant log 12 --turn now      # the turn being played",
        "assistant log 12 --turn 5        # the fifth turn, as its heading numbers it",
        "assistant log last --last 10",
        "assistant log last --json",
        "assistant log 12 --reveal",
    )
)
@handle_errors
def log(
    game_id: GameIdArg,
    last: Annotated[Optional[int], typer.Option("--last", min=0, help="Only the last N entries.", show_default=False)] = None,
    turn: Annotated[
        Optional[str], typer.Option("--turn", metavar="N|now", help="Only turn N, as its heading numbers it (now: the turn being played).", show_default=False)
    ] = None,
    reveal: RevealOpt = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """List the entries of a game, numbered by ply, under the heading of each turn, as the
    whole table may see them.

    A secret face is printed in its unknown form (?) and, in a game that keeps secrets, no
    comment is printed (any may tell one); --reveal prints every entry as typed (the stored
    record), comments too. --turn and --last pick part of the log (--json too).
    """
    from assistant import service
    from assistant.service.views import LogView, select_log

    view = service.read_entries(_store(db), game_id, reveal=reveal)
    turns = select_log(view.entries, last=last, turn=turn_number(turn))
    if json_out:
        chosen = tuple(e for t in turns for e in t.entries)
        render.print_json(LogView(view.id, view.game, chosen, view.revealed).to_json())
        return
    if not view.entries:
        render.message("no entries yet")
    for line in render.log_text(turns):
        render.out().print(line, markup=False)


def turn_number(text: str | None) -> int | None:
    """``--turn N|now``: the number of the turn (0 for the turn being played), or None.

    >>> turn_number("now"), turn_number("3"), turn_number(None)
    (0, 3, None)
    """
    from assistant.core import inputs
    from assistant.core.errors import InvalidEntry

    if text is None:
        return None
    if text.strip().casefold() in ("now", "last", "current"):
        return 0
    number = inputs.number(text)
    if number is None or number < 1:
        raise InvalidEntry("core.log.turn", f"'{render.safe(text)}' is not a turn: a number from 1, or now")
    return number


@app.command(
    epilog=examples(
        "assistant score 12",
        "assistant score 7wonders --from examples/7wonders-final-table.toml",
        "assistant score pax --from table.toml --json --save",
        "assistant score last --reveal   # money behind the screens too",
    )
)
@handle_errors
def score(
    target: Annotated[str, typer.Argument(metavar="ID|GAME", help="A game id (a tracked game), or with --from a game name.", show_default=False)],
    from_file: Annotated[
        Optional[Path], typer.Option("--from", help="Score a final table described in this TOML or JSON file (- reads standard input).")
    ] = None,
    save: Annotated[bool, typer.Option("--save", help="With --from: store the scored table in the history.")] = False,
    date: Annotated[Optional[str], typer.Option(help="With --save: the day played (YYYY-MM-DD).")] = None,
    location: Annotated[Optional[str], typer.Option(help="With --save: where it was played.")] = None,
    reveal: Annotated[
        bool, typer.Option("--reveal", help="A tracked game: show hidden values too (money behind screens), where the game can.")
    ] = False,
    working: Annotated[
        bool, typer.Option("--working", "-w", help="Add the breakdown of each category (science sets, guilds, coins...).")
    ] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Score a tracked game (provisional while it runs), or a final table from a file.

    Prints the score table; --working adds how each figure was reached. A provisional
    score names no winner and shows no hidden value (money behind a screen) unless --reveal.
    """
    from assistant import service
    from assistant.service.views import ScoreView

    if from_file is not None:
        table = _load_table(from_file)
        sheet = service.score_table(target, table)
        saved = None
        if save:
            saved = service.save_table(_store(db), target, table, sheet, date=date, location=location)
        view = ScoreView(sheet, id=saved)
        if json_out:
            render.print_json(view.to_json())
        else:
            render.score_sheet(view.sheet, working=working)
            _working_hint(view.sheet, working, f"assistant score {target} --from {from_file} --working")
            if saved is not None:
                render.success(f"saved as game {saved}")
        return
    if save:
        from assistant.core.errors import InvalidEntry

        raise InvalidEntry("core.score", "--save goes with --from FILE")
    view = service.game_score(_store(db), target, reveal=reveal)
    if json_out:
        render.print_json(view.to_json())
        return
    render.score_sheet(view.sheet, view.title, provisional=bool(view.provisional), working=working)
    _working_hint(view.sheet, working, f"assistant score {target} --working")


def _working_hint(sheet: Any, working: bool, command: str) -> None:
    """Say (on stderr) how to see the breakdown the short answer left out."""
    if not working and render.has_working(sheet):
        render.message(f"how each figure was reached: {command}", style="dim")


@app.command(
    epilog=examples(
        "assistant games",
        "assistant games --game roma --player Ann --since 2026-01-01",
        "assistant games --status active --json",
        "assistant games --all              # every game, through $PAGER (less) on a terminal",
        "assistant games --all --no-pager   # every game, printed straight",
    )
)
@handle_errors
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

    store = _store(db)
    filters = dict(game=game, player=player, since=since, until=until, status=status)
    cap = None if all_games else limit or history.default_limit()
    paged = history.use_pager(cap=cap, no_pager=no_pager)
    width = render.text_width() if paged else None
    shown, cut = 0, False  # stays so when the pager is quit before the end
    with closing(service.iter_games(store, **filters, limit=cap)) as rows:
        if cap is not None and limit is None and not json_out and sys.stdout.isatty():
            shown, cut = history.print_screenful(rows)  # a screenful as drawn: wrapped rows count their lines
        else:
            with history.pager(history.pager_command() if paged else None) as stream:
                shown = history.print_games(rows, json_out=json_out, stream=stream, width=width)
    if cap is not None and limit is None and (cut or shown == cap):
        history.cut_note(shown, service.count_games(store, **filters))


@app.command(epilog=examples("assistant show 12", "assistant show last --json"))
@handle_errors
def show(
    game_id: GameIdArg,
    reveal: Annotated[bool, typer.Option("--reveal", help="Hidden values in the score too, where the game can.")] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Show one game: players, status, result and where it stands (no entry, no secret face)."""
    from assistant import service

    view = service.show_game(_store(db), game_id, reveal=reveal)
    if json_out:
        render.print_json(view.to_json())
        return
    summary = view.summary
    render.out().print(
        f"[bold]Game {summary.id}[/bold] · {view.title} · {summary.status} · {summary.date}"
        + (f" · {render.escape(summary.location)}" if summary.location else "")
    )
    render.out().print(render.safe("players: " + ", ".join(summary.names)), markup=False)
    if summary.options:
        render.out().print(render.safe("options: " + ", ".join(f"{k}={v}" for k, v in summary.options.items())), markup=False)
    render.out().print(f"entries: {summary.entries}", markup=False)
    from assistant.cli.plays import show_lines

    for line in show_lines(summary):
        render.out().print(render.safe(line), markup=False)
    if view.sheet is not None:
        render.score_sheet(view.sheet)
    elif view.expecting is not None:
        render.prompt_line(view.expecting)


@app.command(epilog=examples("assistant finish 12", "assistant finish 12 --force   # score a game stopped early"))
@handle_errors
def finish(
    game_id: GameIdArg,
    force: Annotated[bool, typer.Option("--force", help="Finish even though the rules say the game is not over.")] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Mark a game finished and store its final score (games end by themselves when the rules say so)."""
    from assistant import service

    view = service.finish(_store(db), game_id, force=force)
    if json_out:
        render.print_json(view.to_json())
    else:
        render.score_sheet(view.sheet)
        render.success("finished")


@app.command(epilog=examples("assistant abandon 12"))
@handle_errors
def abandon(game_id: GameIdArg, db: DbOpt = None) -> None:
    """Mark a running game abandoned (kept in the history, left out of statistics)."""
    from assistant import service

    gid = service.abandon(_store(db), game_id)
    render.success(f"game {gid} abandoned")


def _load_table(path: Path) -> dict[str, Any]:
    """A final table from a file, or from standard input for ``-`` (JSON when it starts with
    ``{``, else TOML), read through the same checks as a file."""
    from assistant.core.tablefile import load_table

    if str(path) != "-":
        return load_table(path)
    import tempfile

    from assistant.core.errors import InvalidEntry

    stream = getattr(sys.stdin, "buffer", None)
    raw = stream.read() if stream is not None else sys.stdin.read().encode("utf-8", "surrogateescape")
    suffix = ".json" if raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{" else ".toml"
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / ("standard-input" + suffix)
        copy.write_bytes(raw)
        try:
            return load_table(copy)
        except InvalidEntry as exc:
            exc.message = exc.message.replace(str(copy), "standard input")
            raise


# -- records --------------------------------------------------------------------------------------
def _read_file(path: Path) -> str:
    from assistant.core.errors import InvalidEntry

    if str(path) == "-":
        return sys.stdin.read()
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidEntry("core.record", f"no such file: {path}") from None
    except UnicodeDecodeError:
        raise InvalidEntry("core.record", f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise InvalidEntry("core.record", f"cannot read {path}: {exc.strerror}") from None


@app.command(epilog=examples("assistant replay examples/roma-game.txt", "assistant replay game.txt --json"))
@handle_errors
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (docs/interfaces.md §3), or - for standard input.")],
    reveal: Annotated[bool, typer.Option("--reveal", help="Show hidden information in the final state.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Check every entry of a record; print the final state and score, or the first bad entry."""
    from assistant import service
    from assistant.core.errors import RecordError

    text = _read_file(file)
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
@handle_errors
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

    if not run_import(_store(db), _read_file(file), allow_duplicate=allow_duplicate, json_out=json_out, strict=strict):
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
@handle_errors
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
    ids = None if all_games else [game_id]
    from assistant.cli.interop import INTEROP_FORMATS, run_export  # issue 14: csv, bgstats, bgg

    if fmt in INTEROP_FORMATS:
        run_export(_store(db), ids, fmt, bom=bom, output=output)
        if output is not None:
            render.success(f"wrote {output}")
        return
    from assistant.cli.history import write_stream

    left_out: list[int] = []
    write_stream(service.export_stream(_store(db), ids, fmt, public=public, left_out=left_out), output)  # type: ignore[arg-type]
    if output is not None:
        render.success(f"wrote {output}")
    if left_out:
        render.message(
            f"{len(left_out)} {'game was' if len(left_out) == 1 else 'games were'} logged without entries (a final table, "
            "a score pad or totals) and so have no record: left out of this export; --format json, csv or bgstats holds them"
        )


# -- reference --------------------------------------------------------------------------------------
@app.command(epilog=examples("assistant cards 7wonders", "assistant cards roma --json"))
@handle_errors
def cards(game: GameArg, json_out: JsonOpt = False) -> None:
    """The component catalogue of a game (cards, leaders, boards...)."""
    from assistant.games import get_ruleset
    from assistant.service.views import CardsView

    view = CardsView(tuple(get_ruleset(game).catalogue()))
    if json_out:
        render.print_json(view.to_json())
        return
    from assistant.cli.cards import tables

    width = render.text_width()
    lines: list[str] = []
    for title, header, rows, align in tables(view.items):
        wraps = [i for i, h in enumerate(header) if h in ("cost", "what it does")]
        lines += ([""] if lines else []) + [title, *render.grid(header, rows, align, width=width, wrap=wraps)]
    render.plain("\n".join(lines))


@app.command(
    epilog=examples(
        "assistant rules roma",
        "assistant rules 7w 7w.build.cost",
        "assistant rules 7w Library",
        "assistant rules sylla famine",
        "assistant rules pax notation",
    )
)
@handle_errors
def rules(
    game: GameArg,
    topic: Annotated[Optional[list[str]], typer.Argument(help="A rule id (or id prefix), a card or other name, 'notation', or words.")] = None,
    json_out: JsonOpt = False,
) -> None:
    """Rule texts for settling disputes: by id, by card or component name, or by word."""
    from assistant.cli.rules import find_rules
    from assistant.games import game_title, resolve_game

    name = resolve_game(game)
    query = " ".join(topic or []).strip()
    if query.lower() == "notation":
        from assistant.resources import notation_dir

        path = notation_dir() / f"{name}.md"
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        if json_out:
            from assistant.service.views import NotationView

            render.print_json(NotationView(name, text).to_json())
        elif text:
            from rich.markdown import Markdown

            render.out().print(Markdown(text))
        else:
            render.message(f"no notation guide for {game_title(name)} yet")
        return
    found = find_rules(name, query)
    if json_out:
        from assistant.service.views import RulesView

        render.print_json(RulesView(tuple(found)).to_json())
        return
    render.rule_texts(found, full=bool(query) and len(found) <= 6)
    if not query:
        render.message(f"{len(found)} rules; read one with: assistant rules {name} ID (or a card name, or a word)")
    elif len(found) > 6:
        render.message(f"{len(found)} rules match; name one by its id")


# -- play -----------------------------------------------------------------------------------------
@app.command(
    epilog=examples(
        "assistant play 12",
        "assistant play last --reveal",
    )
)
@handle_errors
def play(
    game_id: GameIdArg,
    reveal: Annotated[
        bool, typer.Option("--reveal", help="Start with secret faces shown (as 'reveal' at the prompt; 'hide' turns it off).")
    ] = False,
    db: DbOpt = None,
) -> None:
    """Table mode: shows whose turn it is and takes entries line by line.

    At the prompt: an entry in the game's notation, or secret (the next entry is read
    without echo), undo [N], state [--reveal], score [--reveal], log [--reveal], legal,
    rules [TOPIC], remember KEY TEXT, catalogue, reveal, hide, help, quit. Entries are echoed
    as the whole table may see them (secret faces as ?).
    """
    from assistant.cli.play import run_table

    run_table(_store(db), game_id, reveal=reveal)


@app.command(
    epilog=examples(
        "assistant serve last                       # on this machine's LAN address, port 8765",
        "assistant serve 12 --host 127.0.0.1 --port 9000",
        "assistant serve last --qr                  # the seats' QR codes in the terminal too",
    )
)
@handle_errors
def serve(
    game_id: GameIdArg,
    host: Annotated[
        Optional[str],
        typer.Option(help="The address to listen on (default: this machine's one LAN address, else 127.0.0.1).", show_default=False),
    ] = None,
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port to listen on.")] = 8765,
    tls: Annotated[
        Optional[tuple[Path, Path]],
        typer.Option(metavar="CERT KEY", help="Serve over HTTPS with this certificate and key (PEM files), for a club.", show_default=False),
    ] = None,
    qr: Annotated[bool, typer.Option("--qr", help="Also draw each seat's QR code here, in the terminal (no browser on this machine).")] = False,
    db: DbOpt = None,
) -> None:
    """Serve the game to the table's network: the board, live, for a laptop or a TV, and a
    page for each player's phone (its own hand and secrets, its own entries).

    Each seat joins once with the code printed here (QR codes: the /seats page, on this
    machine); 'assistant phones ID' lists who joined. Every page follows every entry, from a
    phone, the play prompt or move; the board and the other phones show secrets in public
    form only. Ctrl-C stops it; phones come back by themselves when it starts again.
    """
    from assistant.cli.serve import run_server

    run_server(_store(db), game_id, host=host, port=port, tls=tls, qr=qr)


@app.command(
    epilog=examples(
        "assistant phones last                # which seats a phone holds",
        "assistant phones 12 --reset Ann      # Ann's seat taken by the wrong phone: a new code",
        "assistant phones 12 --json",
    )
)
@handle_errors
def phones(
    game_id: GameIdArg,
    reset: Annotated[
        Optional[str],
        typer.Option("--reset", metavar="NAME", help="Free this seat: its phone's session ends and a new code is printed."),
    ] = None,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """The phones of a served game (see serve): which seat each holds; --reset NAME frees a seat."""
    from assistant.service import phones as seats

    store = _store(db)
    if reset is not None:
        gid, seat, code = seats.reset(store, game_id, reset)
        if json_out:
            render.print_json({"id": gid, "seat": seat, "code": code})
            return
        render.success(f"game {gid}: {seat}'s seat is free; its new code: {code}")
        return
    gid, views = seats.phones(store, game_id)
    if json_out:
        render.print_json({"id": gid, "seats": [view.to_json() for view in views]})
        return
    for view in views:
        state = f"a phone since {view.since}" if view.joined else ("code open" if view.code_open else "no phone")
        print(f"{view.seat}: {state}")


# -- players ----------------------------------------------------------------------------------------
PlayersGameOpt = Annotated[Optional[str], typer.Option("--game", "-g", help="Statistics for this game only.")]


def _print_player_stats(game: str | None, db: str | None, json_out: bool) -> None:
    from assistant.service.stats import players_table

    rows = players_table(_store(db), game)  # never an average mixing games (issue 14)
    if json_out:
        render.print_json([row.to_json() for row in rows])
    else:
        render.players_table(rows, per_game=game is None)


@players_app.callback(invoke_without_command=True, epilog=examples("assistant players", "assistant players --game 7w --json"))
@handle_errors
def players_main(ctx: typer.Context, game: PlayersGameOpt = None, db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """Players with games played, wins, win rate, average and best score."""
    if ctx.invoked_subcommand is None:
        _print_player_stats(game, db, json_out)


@players_app.command("list", epilog=examples("assistant players list", "assistant players list --json"))
@handle_errors
def players_list(game: PlayersGameOpt = None, db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """Players with games played, wins, win rate, average and best score."""
    _print_player_stats(game, db, json_out)


@players_app.command("show", epilog=examples("assistant players show Ann", "assistant players show ann --game 7w --json"))
@handle_errors
def players_show(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player (a unique prefix will do).")],
    game: Annotated[Optional[str], typer.Option("--game", "-g", help="This game only.")] = None,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """One player's record: per game, category averages, head-to-head, rival and nemesis, last games."""
    from assistant import service

    report = service.player_report(_store(db), name, game)
    if json_out:
        render.print_json(report.to_json())
        return
    render.player_report(report)


@players_app.command(epilog=examples('assistant players rename bob "Bob Smith"'))
@handle_errors
def rename(
    old: Annotated[str, typer.Argument(help="The player's current name (a unique prefix will do).")],
    new: Annotated[str, typer.Argument(help="The new name.")],
    db: DbOpt = None,
) -> None:
    """Rename a player everywhere in the statistics (records keep the names they were played with)."""
    from assistant import service

    previous = service.rename_player(_store(db), old, new)
    render.success(f"{previous} is now {new}")


@players_app.command(epilog=examples("assistant players merge Robert Bob   # Bob's games become Robert's"))
@handle_errors
def merge(
    keep: Annotated[str, typer.Argument(help="The player who stays.")],
    other: Annotated[str, typer.Argument(help="The duplicate whose games move to KEEP; then removed.")],
    db: DbOpt = None,
) -> None:
    """Merge two entries for the same person."""
    from assistant import service

    name, moved = service.merge_players(_store(db), keep, other)
    render.success(f"merged: {moved} game(s) moved to {name}")


# -- catalogue --------------------------------------------------------------------------------------
CatalogueOpt = Annotated[str, typer.Option("--catalogue", "-c", help="Which local catalogue (one per box you own).")]


@catalogue_app.command("list", epilog=examples("assistant catalogue list pax", "assistant catalogue list sylla --json"))
@handle_errors
def catalogue_list(game: GameArg, catalogue: CatalogueOpt = "default", db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """The keys saved for a game and the entry text each stands for."""
    from assistant import service

    view = service.catalogue_list(_store(db), game, catalogue)
    if json_out:
        render.print_json(view.to_json())
    elif not view.items:
        render.message(f"no saved keys yet (assistant catalogue set {game} KEY TEXT)")
    else:  # plain rows, as 'games' prints them: the text wrapped between words to the width
        rows = [[render.safe("@" + item.key), render.safe(item.value)] for item in view.items]
        render.plain("\n".join(render.grid(["key", "value"], rows, width=render.text_width())))


@catalogue_app.command("set", epilog=examples('assistant catalogue set pax brutus "conspiracy 3/1"', 'assistant catalogue set sylla II.3 "senator fish ry II"'))
@handle_errors
def catalogue_set(
    game: GameArg,
    key: Annotated[str, typer.Argument(metavar="KEY", help="A short key (letters, digits, . _ -).")],
    value: Annotated[str, typer.Argument(metavar="TEXT", help="The entry text @KEY stands for.")],
    catalogue: CatalogueOpt = "default",
    db: DbOpt = None,
) -> None:
    """Save what a component shows under a short key (replacing an earlier answer)."""
    from assistant import service

    new = service.catalogue_set(_store(db), game, key, value, catalogue)
    render.success(("saved" if new else "replaced") + f" @{key.lstrip('@').casefold()} = {' '.join(value.split())}")


@catalogue_app.command("remove", epilog=examples("assistant catalogue remove pax brutus"))
@handle_errors
def catalogue_remove(
    game: GameArg,
    key: Annotated[str, typer.Argument(metavar="KEY", help="The key to forget.")],
    catalogue: CatalogueOpt = "default",
    db: DbOpt = None,
) -> None:
    """Forget a saved key."""
    from assistant import service

    service.catalogue_remove(_store(db), game, key, catalogue)
    render.success(f"removed @{key.lstrip('@').casefold()}")


# -- db ---------------------------------------------------------------------------------------------
@db_app.command("path", epilog=examples("assistant db path", "ASSISTANT_DB=club.sqlite3 assistant db path"))
@handle_errors
def db_path(db: DbOpt = None) -> None:
    """Print where the history database is (nothing is opened or created)."""
    from assistant.store.location import display_location, resolve_location

    print(display_location(resolve_location(db or _state["db"])))  # a server's password as ***


@db_app.command("backup", epilog=examples("assistant db backup", "assistant db backup ~/history-2026-11.sqlite3"))
@handle_errors
def db_backup(
    dest: Annotated[Optional[Path], typer.Argument(help="Where to write the copy (default: beside the database).")] = None,
    db: DbOpt = None,
) -> None:
    """Make a consistent copy of the database (safe while another assistant uses it)."""
    path = _store(db).backup(dest)
    print(path)
    render.success("backup written")


@db_app.command(
    "check", epilog=examples("assistant db check", "assistant db check --quick", "assistant db check --full --resume", "assistant db check --json")
)
@handle_errors
def db_check(
    quick: Annotated[bool, typer.Option("--quick", help="Only the file and the stored figures (seconds): no game replayed.")] = False,
    full: Annotated[bool, typer.Option("--full", help="Also replay every game, on every core (the default).")] = False,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted full check where it stopped.")] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Check the database file, the stored results and ratings, and that every stored game
    still replays under the rules (--quick: without the replay; --full also rewrites stored
    ratings that differ from a fresh fold of the games)."""
    from assistant import service
    from assistant.cli.history import CheckProgress, say_filled
    from assistant.core.errors import InvalidEntry

    if quick and (full or resume):
        raise InvalidEntry("core.db", "--quick checks no game; --full and --resume are for the replay of every game")
    try:
        with CheckProgress("checking the file and the stored figures" if quick else "replaying games") as progress:
            view = service.check_database(_store(db), full=not quick, resume=resume, progress=progress)
    except KeyboardInterrupt:
        render.message("interrupted; 'assistant db check --resume' continues from the last game checked")
        raise typer.Exit(130) from None
    if not json_out:
        say_filled(view.filled, view.ratings_rewritten)
    if json_out:
        render.print_json(view.to_json())
    elif view.problems:
        for p in view.problems:
            render.message("✗ " + p, style="red")
    else:
        render.success("the database and its stored results are healthy" if quick else "the database is healthy and every game replays")
    if not view.ok:
        raise typer.Exit(1)


def run() -> None:
    """Console-script entry point.

    The command has committed or rolled back its one transaction when ``app()`` returns; the
    output is flushed and the database closed, then the process ends with ``os._exit``. That
    skips the interpreter's teardown of the few hundred modules SQLAlchemy and pydantic load
    (about 60 ms, a sixth of a database command) and changes nothing that was written.
    """
    import os

    code = 0
    try:
        app()
    except SystemExit as exc:
        if isinstance(exc.code, int):
            code = exc.code
        elif exc.code is not None:
            sys.stderr.write(f"{exc.code}\n")
            code = 1
    finally:
        _close_stores()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (BrokenPipeError, ValueError):
                pass
    os._exit(code)
