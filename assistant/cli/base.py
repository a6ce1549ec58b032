"""What every command module shares: the typer apps, the common options, the database a
command opens (:func:`open_store`) and the one place where errors become exit codes
(:func:`guarded`, run for every command by :class:`_Command`).

Exit codes: 0 done; 1 refused (an illegal or unreadable entry, something not found, a
conflict, an unusable database); 2 usage (a bad option or argument); 3 an internal error
(a bug: please report it); 130 interrupted. (No ``from __future__ import annotations`` in
the command modules: typer would evaluate every annotation string at each start.)
"""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeVar

import click
import typer

from assistant.cli import render

if TYPE_CHECKING:
    from assistant.store.db import Store

CommandFunction = TypeVar("CommandFunction", bound=Callable[..., Any])

EPILOG_CODES = "Exit codes: 0 done, 1 refused (illegal entry, not found, conflict, unusable database), 2 usage error, 3 internal error."


def examples(*lines: str) -> str:
    """An epilog listing examples, one per line."""
    return "Examples:\n\n\b\n" + "\n".join(f"  $ {line}" for line in lines)


class _Group(typer.core.TyperGroup):
    """Typer's command group, saying "Did you mean 'games'?" once for a mistyped command
    (typer adds its suggestion to the message, and click 8.2+ prints its own); a group's own
    callback (``assistant players``) is guarded as a command is (:func:`guarded`)."""

    def invoke(self, ctx: click.Context) -> Any:
        return guarded(ctx, lambda: super(_Group, self).invoke(ctx))

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            if getattr(exc, "possibilities", None):  # click (8.2+) suggests by itself: keep its own
                exc.message = exc.message.partition(" Did you mean ")[0]  # type: ignore[misc]  # click's stubs make it Final; it is a plain attribute
            raise


class _Command(typer.core.TyperCommand):
    """Every command: its user errors turned into a message and an exit code in one place
    (:func:`guarded`)."""

    def invoke(self, ctx: click.Context) -> Any:
        return guarded(ctx, lambda: super(_Command, self).invoke(ctx))


class _Typer(typer.Typer):
    """A typer app whose commands are :class:`_Command` and whose groups are :class:`_Group`."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[CommandFunction], CommandFunction]:
        kwargs.setdefault("cls", _Command)
        return super().command(*args, **kwargs)


app = _Typer(
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
players_app = _Typer(cls=_Group, help="List players with their statistics, rename or merge them.", no_args_is_help=False)
db_app = _Typer(
    cls=_Group,
    help="The history database: where it is, back it up, check it.",
    no_args_is_help=True,
    epilog=examples("assistant db path", "assistant db backup", "assistant db check"),
)
catalogue_app = _Typer(
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

#: the database the group was given (--db before the command) and the stores opened
STATE: dict[str, Any] = {"db": None}

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


def open_store(db: str | None) -> "Store":
    """The history database a command works on (``--db``, else the one the group was given,
    else ASSISTANT_DB or the default); closed when the command ends (:func:`close_stores`)."""
    from assistant.store.db import Store

    store = Store.open(db or STATE["db"])
    STATE.setdefault("stores", []).append(store)
    return store


def close_stores(keep: int = 0) -> None:
    """Close the databases a command opened (all but the first ``keep``), so that no
    connection, and no ``-wal``/``-shm`` file beside the database, outlives the command."""
    stores = STATE.get("stores", [])
    while len(stores) > keep:
        try:
            stores.pop().close()
        except Exception:  # closing must not hide the command's own result
            pass

def guarded(ctx: click.Context, call: Callable[[], Any]) -> Any:
    """Run a command (``call``) and turn what goes wrong into a message and an exit code, for
    every command in this one place: a user error (AssistantError) exits 1 with its rule and
    reason (as JSON too with ``--json``), Ctrl-C 130, a closed pipe 0, a bug 3 with one line
    (the traceback with ASSISTANT_DEBUG=1). The databases the command opened are closed."""
    from assistant.core.errors import AssistantError

    params = ctx.params
    opened = len(STATE.setdefault("stores", []))
    try:
        return call()
    except (typer.Exit, click.exceptions.Exit, click.ClickException, click.exceptions.Abort):
        raise
    except AssistantError as exc:
        if params.get("json_out"):
            render.print_json({"ok": False, **exc.to_json()})
        game = params.get("game")
        render.error(exc, game if isinstance(game, str) else None)
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

        detail = scrub_secrets(str(exc), resolve_location(params.get("db") or STATE.get("db")))
        render.message(
            f"internal error: {type(exc).__name__}: {detail}\n"
            "This is a bug in the assistant, not your entry. Run again with ASSISTANT_DEBUG=1 "
            "to see the traceback, and please report it.",
            style="red",
        )
        raise typer.Exit(3) from None
    finally:
        close_stores(opened)


def parse_options(items: list[str]) -> dict[str, str]:
    """``-o KEY=VALUE`` options as a dict (keys lower-cased); refused when not KEY=VALUE."""
    from assistant.core.errors import InvalidEntry

    result: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise InvalidEntry("core.options", f"option '{item}' is not KEY=VALUE", hint="e.g. --option leaders=false")
        key, value = item.split("=", 1)
        result[key.strip().lower()] = value.strip()
    return result


def load_table(path: Path) -> dict[str, Any]:
    """A final table from a file, or from standard input for ``-`` (JSON when it starts with
    ``{``, else TOML), read through the same checks as a file."""
    from assistant.core.tablefile import load_table as read_table

    if str(path) != "-":
        return read_table(path)
    import tempfile

    from assistant.core.errors import InvalidEntry

    stream = getattr(sys.stdin, "buffer", None)
    raw = stream.read() if stream is not None else sys.stdin.read().encode("utf-8", "surrogateescape")
    suffix = ".json" if raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{" else ".toml"
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / ("standard-input" + suffix)
        copy.write_bytes(raw)
        try:
            return read_table(copy)
        except InvalidEntry as exc:
            exc.message = exc.message.replace(str(copy), "standard input")
            raise


def read_file(path: Path) -> str:
    """A record file's text (``-``: standard input); refused clearly when it cannot be read."""
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
