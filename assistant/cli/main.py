"""The ``assistant`` command: thin typer commands over :mod:`assistant.service`, one module
per concern (see each for its commands):

* :mod:`assistant.cli.base`: the apps, the common options, the one place where errors become
  exit codes;
* :mod:`assistant.cli.tracking`: a game at the table (new, move, undo, amend, insert, play,
  state, legal, log, score, show, finish, abandon);
* :mod:`assistant.cli.plays`, :mod:`assistant.cli.stats`, :mod:`assistant.cli.records`: the
  history (add, edit, delete, stats, games, replay, import, export);
* :mod:`assistant.cli.reference`, :mod:`assistant.cli.serving`, :mod:`assistant.cli.admin`:
  cards and rules; serve and phones; players, catalogue and db.

Exit codes: 0 done; 1 refused (an illegal or unreadable entry, something not found, a
conflict, an unusable database); 2 usage (a bad option or argument); 3 an internal error
(a bug: please report it). Heavy modules (the database layer, the games) are imported only
by the commands that need them, so ``--help`` and ``rules`` start fast. (No ``from
__future__ import annotations`` here: typer would evaluate every annotation string at each
start, about 35 ms.)
"""

import sys
from typing import Annotated

import typer

from assistant import __version__
# the command modules, in the order --help lists their commands
from assistant.cli import tracking, edit, plays, stats, records, reference, serving, admin  # noqa: F401, I001
from assistant.cli.base import STATE, DbOpt, app, close_stores

__all__ = ["app", "run"]


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
    STATE["db"] = db


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
        close_stores()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (BrokenPipeError, ValueError):
                pass
    os._exit(code)
