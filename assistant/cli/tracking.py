"""The commands that follow a game at the table: ``new``, ``move``, ``undo``, ``play``, and
what a running game shows (``state``, ``legal``, ``log``, ``score``, ``show``), ``finish`` and
``abandon``. Thin over :mod:`assistant.service`; errors are :func:`assistant.cli.base.guarded`'s."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from assistant.cli import render
from assistant.cli.base import DbOpt, GameArg, GameIdArg, JsonOpt, RevealOpt, app, examples, load_table, open_store, parse_options

if TYPE_CHECKING:
    from assistant.core.scoresheet import ScoreSheet


@app.command(
    epilog=examples(
        'assistant new roma --player Ann --player Ben',
        'assistant new 7w -p Ada -p Bob -p Cleo --option leaders=false --location "Club"',
        "assistant new sylla -p Red -p Blue -p Green --date 2026-11-28",
        "assistant new roma --position examples/roma-position.toml   # a game already under way",
    )
)
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
        data = load_table(position)
    elif not player:
        from assistant.core.errors import InvalidEntry

        raise InvalidEntry(
            "core.players",
            "name the players, in seating order",
            hint=f"assistant new {game} -p Ann -p Ben ...   (or --position FILE for a game under way)",
        )
    store = open_store(db)
    gid = service.new_game(
        store, game, player, parse_options(option), date=date, location=location, catalogue=catalogue, position=data
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

    result = service.enter(open_store(db), game_id, entry, expect_ply=expect_ply, reveal=reveal)
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
def undo(
    game_id: GameIdArg,
    n: Annotated[int, typer.Option("-n", help="How many entries to take back.", min=1)] = 1,
    reveal: RevealOpt = False,
    db: DbOpt = None,
) -> None:
    """Take back the last entry (or the last N); a finished game is reopened."""
    from assistant import service

    taken = service.undo(open_store(db), game_id, n, reveal=reveal)
    for entry in taken:
        render.success(f"took back {entry.ply}. {entry.text}")


@app.command(
    epilog=examples(
        "assistant state 12",
        "assistant state last --wide",
        "assistant state last --reveal   # hands and money behind screens too",
        "assistant state 12 --json",
    )
)
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

    loaded = service.read_game(open_store(db), game_id)
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

    loaded = service.read_game(open_store(db), game_id)
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

    view = service.read_entries(open_store(db), game_id, reveal=reveal)
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
        table = load_table(from_file)
        sheet = service.score_table(target, table)
        saved = None
        if save:
            saved = service.save_table(open_store(db), target, table, sheet, date=date, location=location)
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
    view = service.game_score(open_store(db), target, reveal=reveal)
    if json_out:
        render.print_json(view.to_json())
        return
    render.score_sheet(view.sheet, view.title, provisional=bool(view.provisional), working=working)
    _working_hint(view.sheet, working, f"assistant score {target} --working")


def _working_hint(sheet: "ScoreSheet", working: bool, command: str) -> None:
    """Say (on stderr) how to see the breakdown the short answer left out."""
    if not working and render.has_working(sheet):
        render.message(f"how each figure was reached: {command}", style="dim")


@app.command(epilog=examples("assistant show 12", "assistant show last --json"))
def show(
    game_id: GameIdArg,
    reveal: Annotated[bool, typer.Option("--reveal", help="Hidden values in the score too, where the game can.")] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Show one game: players, status, result and where it stands (no entry, no secret face)."""
    from assistant import service

    view = service.show_game(open_store(db), game_id, reveal=reveal)
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
def finish(
    game_id: GameIdArg,
    force: Annotated[bool, typer.Option("--force", help="Finish even though the rules say the game is not over.")] = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Mark a game finished and store its final score (games end by themselves when the rules say so)."""
    from assistant import service

    view = service.finish(open_store(db), game_id, force=force)
    if json_out:
        render.print_json(view.to_json())
    else:
        render.score_sheet(view.sheet)
        render.success("finished")


@app.command(epilog=examples("assistant abandon 12"))
def abandon(game_id: GameIdArg, db: DbOpt = None) -> None:
    """Mark a running game abandoned (kept in the history, left out of statistics)."""
    from assistant import service

    gid = service.abandon(open_store(db), game_id)
    render.success(f"game {gid} abandoned")


@app.command(
    epilog=examples(
        "assistant play 12",
        "assistant play last --reveal",
    )
)
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

    run_table(open_store(db), game_id, reveal=reveal)
