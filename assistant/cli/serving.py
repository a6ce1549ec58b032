"""``serve`` (the game on the table's network, for the phones) and ``phones`` (who joined).
The web stack is imported by ``serve`` only (assistant/cli/serve.py)."""

from pathlib import Path
from typing import Annotated, Optional

import typer

from assistant.cli import render
from assistant.cli.base import DbOpt, GameIdArg, JsonOpt, app, examples, open_store


@app.command(
    epilog=examples(
        "assistant serve last                       # on this machine's LAN address, port 8765",
        "assistant serve 12 --host 127.0.0.1 --port 9000",
        "assistant serve last --qr                  # the seats' QR codes in the terminal too",
    )
)
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

    run_server(open_store(db), game_id, host=host, port=port, tls=tls, qr=qr)


@app.command(
    epilog=examples(
        "assistant phones last                # which seats a phone holds",
        "assistant phones 12 --reset Ann      # Ann's seat taken by the wrong phone: a new code",
        "assistant phones 12 --json",
    )
)
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

    store = open_store(db)
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
