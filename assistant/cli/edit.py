"""Fixing a mistake in place: ``amend ID PLY "ENTRY"`` (replace an entry), ``amend ID PLY
--delete`` and ``insert ID PLY "ENTRY"`` (before entry PLY; one past the last appends), on the
command line and at the ``play`` prompt. Every later entry is replayed and re-checked; if one
is no longer accepted, nothing changes and the refusal names it (docs/architecture.md: a rules fix is
replay and re-check).

The commands are registered on the main typer app by :func:`register`, which ``main.py``
calls with its error handler and store opener, so that this module does not import ``main``.
"""

from typing import TYPE_CHECKING, Annotated, Literal, Optional

import typer

from assistant.cli import render
from assistant.cli.base import DbOpt, GameIdArg, JsonOpt, app, examples, open_store

if TYPE_CHECKING:
    from assistant.service.games import Amended, EditAction
    from assistant.service.play import PlaySession

PROMPT_USAGE = {
    "amend": "amend PLY ENTRY [--reveal]   or   amend PLY --delete",
    "insert": "insert PLY ENTRY [--reveal]   (PLY = entries + 1 appends)",
}


PlyArg = Annotated[int, typer.Argument(metavar="PLY", help="The entry's number, as 'assistant log' shows it.", min=1)]
ExpectOpt = Annotated[
    Optional[int], typer.Option(help="Refuse (conflict) unless the game has exactly this many entries.")
]
RevealOpt = Annotated[
    bool, typer.Option("--reveal", help="Echo the entry as typed, secret faces too (else as the table may see it).")
]


def show_edit(result: "Amended", *, prompt: bool = True) -> None:
    """What an amend, delete or insert did, as text: the entry now at the ply (or the one
    taken out), the number of entries, and where the game stands (``prompt``: what it
    waits for; the ``play`` prompt shows that itself)."""
    if result.action == "delete":
        render.success(f"deleted {result.ply}. {result.removed}; {result.entries} entries, the rest replayed")
    elif result.action == "insert":
        render.success(f"inserted {result.ply}. {result.entry}; {result.entries} entries, the rest replayed")
    else:
        render.success(f"amended {result.ply}. {result.entry} (was: {result.removed}); {result.entries} entries, the rest replayed")
    if result.outcome is not None:
        render.message(f"game over: {result.outcome.reason}")
    elif result.status != "active":
        render.message(f"the game is {result.status}")
    elif prompt and result.prompt is not None:
        render.prompt_line(result.prompt, to_stderr=True)


@app.command(
    epilog=examples(
        'assistant amend 12 5 "Ada build Altar"   # replace entry 5, replay the rest',
        'assistant amend 12 5 "take 2 # was miscounted"   # a new comment (else the old one is kept)',
        "assistant amend 12 5 --delete",
        'assistant amend last 5 "money 3" --expect-ply 40 --json',
    ),
    context_settings={"ignore_unknown_options": True},
)
def amend(
    game_id: GameIdArg,
    ply: PlyArg,
    entry: Annotated[Optional[str], typer.Argument(metavar="[ENTRY]", help="The entry to write instead.", show_default=False)] = None,
    delete: Annotated[bool, typer.Option("--delete", help="Take entry PLY out instead of replacing it.")] = False,
    expect_ply: ExpectOpt = None,
    reveal: RevealOpt = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Replace entry PLY (or take it out with --delete) and replay every later entry.

    If a later entry is no longer accepted, nothing changes and the refusal names it. A
    finished game that stops being over is reopened; one that becomes over is finished.
    """
    from assistant.core.errors import InvalidEntry
    from assistant.service.games import edit

    if delete == (entry is not None):
        raise InvalidEntry(
            "core.amend",
            "amend takes either the new entry or --delete" + (", not both" if delete else ""),
            hint=f'assistant amend {game_id} {ply} "ENTRY"   or   assistant amend {game_id} {ply} --delete',
        )
    action: Literal["amend", "delete"] = "delete" if delete else "amend"
    result = edit(open_store(db), game_id, action, ply, entry, expect_ply=expect_ply, reveal=reveal)
    if json_out:
        render.print_json(result.to_json())
        return
    show_edit(result)

@app.command(
    epilog=examples(
        'assistant insert 12 5 "Bob pay Ada 2"   # a forgotten entry, before entry 5',
        'assistant insert last 41 "end"   # 41 = entries + 1: appends',
        'assistant insert 12 5 "take 1" --expect-ply 40 --json',
    ),
    context_settings={"ignore_unknown_options": True},
)
def insert(
    game_id: GameIdArg,
    ply: PlyArg,
    entry: Annotated[str, typer.Argument(metavar="ENTRY", help="The entry to put before entry PLY.", show_default=False)],
    expect_ply: ExpectOpt = None,
    reveal: RevealOpt = False,
    db: DbOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Put an entry before entry PLY (entries + 1 appends) and replay every later entry.

    If a later entry is no longer accepted, nothing changes and the refusal names it.
    """
    from assistant.service.games import edit

    result = edit(open_store(db), game_id, "insert", ply, entry, expect_ply=expect_ply, reveal=reveal)
    if json_out:
        render.print_json(result.to_json())
        return
    show_edit(result)


def prompt_edit(table: "PlaySession", verb: str, rest: str, *, reveal: bool = False) -> bool:
    """``amend PLY ENTRY``, ``amend PLY --delete`` and ``insert PLY ENTRY`` at the ``play``
    prompt, against the session's game (:meth:`PlaySession.edit`); False when ``verb`` is not
    one of them. ``--reveal`` after the entry echoes it as typed. Refusals propagate to the
    prompt, which prints them."""
    from assistant.core import inputs

    if verb not in PROMPT_USAGE:
        return False
    first, _, body = rest.partition(" ")
    ply = inputs.number(first)
    body = body.strip()
    asked = body.lower().endswith(" --reveal")
    if asked:
        body = body[: -len("--reveal")].strip()
    delete = verb == "amend" and body.lower() == "--delete"
    if ply is None or ply < 1 or not body:
        render.message(f"usage: {PROMPT_USAGE[verb]}")
        return True
    action: EditAction = "delete" if delete else "insert" if verb == "insert" else "amend"
    result = table.edit(action, ply, None if delete else body, reveal=reveal or asked)
    show_edit(result, prompt=False)
    return True
