"""The ``players``, ``catalogue`` and ``db`` command groups: players' statistics, renames
and merges; a table's saved component answers; the database's path, backups and checks."""

from pathlib import Path
from typing import Annotated, Optional

import typer

from assistant.cli import render
from assistant.cli.base import STATE, DbOpt, GameArg, JsonOpt, catalogue_app, db_app, examples, open_store, players_app


PlayersGameOpt = Annotated[Optional[str], typer.Option("--game", "-g", help="Statistics for this game only.")]


def _print_player_stats(game: str | None, db: str | None, json_out: bool) -> None:
    from assistant.service.stats import players_table

    rows = players_table(open_store(db), game)  # never an average mixing games (issue 14)
    if json_out:
        render.print_json([row.to_json() for row in rows])
    else:
        render.players_table(rows, per_game=game is None)


@players_app.callback(invoke_without_command=True, epilog=examples("assistant players", "assistant players --game 7w --json"))
def players_main(ctx: typer.Context, game: PlayersGameOpt = None, db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """Players with games played, wins, win rate, average and best score."""
    if ctx.invoked_subcommand is None:
        _print_player_stats(game, db, json_out)


@players_app.command("list", epilog=examples("assistant players list", "assistant players list --json"))
def players_list(game: PlayersGameOpt = None, db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """Players with games played, wins, win rate, average and best score."""
    _print_player_stats(game, db, json_out)


@players_app.command("show", epilog=examples("assistant players show Ann", "assistant players show ann --game 7w --json"))
def players_show(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player (a unique prefix will do).")],
    game: Annotated[Optional[str], typer.Option("--game", "-g", help="This game only.")] = None,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """One player's record: per game, category averages, head-to-head, rival and nemesis, last games."""
    from assistant import service

    report = service.player_report(open_store(db), name, game)
    if json_out:
        render.print_json(report.to_json())
        return
    render.player_report(report)


@players_app.command(epilog=examples('assistant players rename bob "Bob Smith"'))
def rename(
    old: Annotated[str, typer.Argument(help="The player's current name (a unique prefix will do).")],
    new: Annotated[str, typer.Argument(help="The new name.")],
    db: DbOpt = None,
) -> None:
    """Rename a player everywhere in the statistics (records keep the names they were played with)."""
    from assistant import service

    previous = service.rename_player(open_store(db), old, new)
    render.success(f"{previous} is now {new}")


@players_app.command(epilog=examples("assistant players merge Robert Bob   # Bob's games become Robert's"))
def merge(
    keep: Annotated[str, typer.Argument(help="The player who stays.")],
    other: Annotated[str, typer.Argument(help="The duplicate whose games move to KEEP; then removed.")],
    db: DbOpt = None,
) -> None:
    """Merge two entries for the same person."""
    from assistant import service

    name, moved = service.merge_players(open_store(db), keep, other)
    render.success(f"merged: {moved} game(s) moved to {name}")


CatalogueOpt = Annotated[str, typer.Option("--catalogue", "-c", help="Which local catalogue (one per box you own).")]


@catalogue_app.command("list", epilog=examples("assistant catalogue list pax", "assistant catalogue list sylla --json"))
def catalogue_list(game: GameArg, catalogue: CatalogueOpt = "default", db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """The keys saved for a game and the entry text each stands for."""
    from assistant import service

    view = service.catalogue_list(open_store(db), game, catalogue)
    if json_out:
        render.print_json(view.to_json())
    elif not view.items:
        render.message(f"no saved keys yet (assistant catalogue set {game} KEY TEXT)")
    else:  # plain rows, as 'games' prints them: the text wrapped between words to the width
        rows = [[render.safe("@" + item.key), render.safe(item.value)] for item in view.items]
        render.plain("\n".join(render.grid(["key", "value"], rows, width=render.text_width())))


@catalogue_app.command("set", epilog=examples('assistant catalogue set pax brutus "conspiracy 3/1"', 'assistant catalogue set sylla II.3 "senator fish ry II"'))
def catalogue_set(
    game: GameArg,
    key: Annotated[str, typer.Argument(metavar="KEY", help="A short key (letters, digits, . _ -).")],
    value: Annotated[str, typer.Argument(metavar="TEXT", help="The entry text @KEY stands for.")],
    catalogue: CatalogueOpt = "default",
    db: DbOpt = None,
) -> None:
    """Save what a component shows under a short key (replacing an earlier answer)."""
    from assistant import service

    new = service.catalogue_set(open_store(db), game, key, value, catalogue)
    render.success(("saved" if new else "replaced") + f" @{key.lstrip('@').casefold()} = {' '.join(value.split())}")


@catalogue_app.command("remove", epilog=examples("assistant catalogue remove pax brutus"))
def catalogue_remove(
    game: GameArg,
    key: Annotated[str, typer.Argument(metavar="KEY", help="The key to forget.")],
    catalogue: CatalogueOpt = "default",
    db: DbOpt = None,
) -> None:
    """Forget a saved key."""
    from assistant import service

    service.catalogue_remove(open_store(db), game, key, catalogue)
    render.success(f"removed @{key.lstrip('@').casefold()}")


@db_app.command("path", epilog=examples("assistant db path", "ASSISTANT_DB=club.sqlite3 assistant db path"))
def db_path(db: DbOpt = None) -> None:
    """Print where the history database is (nothing is opened or created)."""
    from assistant.store.location import display_location, resolve_location

    print(display_location(resolve_location(db or STATE["db"])))  # a server's password as ***


@db_app.command("backup", epilog=examples("assistant db backup", "assistant db backup ~/history-2026-11.sqlite3"))
def db_backup(
    dest: Annotated[Optional[Path], typer.Argument(help="Where to write the copy (default: beside the database).")] = None,
    db: DbOpt = None,
) -> None:
    """Make a consistent copy of the database (safe while another assistant uses it)."""
    path = open_store(db).backup(dest)
    print(path)
    render.success("backup written")


@db_app.command(
    "check", epilog=examples("assistant db check", "assistant db check --quick", "assistant db check --full --resume", "assistant db check --json")
)
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
            view = service.check_database(open_store(db), full=not quick, resume=resume, progress=progress)
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
