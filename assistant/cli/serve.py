"""``assistant serve``: the game's board in a browser on the table's network, live, and a page
for each player's phone (their own view, their own entries).

Checks everything it can before it listens (the game exists, the address is one, the port is
free), so that a mistake is a one-line message and exit 1, then runs uvicorn until Ctrl-C.
Starlette and uvicorn are imported here only: no other command pays for them.
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.cli import render
from assistant.core.errors import InvalidEntry

if TYPE_CHECKING:
    from assistant.store.db import Store


def _check_port(address: str, port: int) -> None:
    """Refuse a port another program listens on (or that this user may not open), before the
    server starts, with what to do instead."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((address, port))
        except OSError as exc:
            raise InvalidEntry(
                "core.serve",
                f"cannot listen on {address} port {port}: {exc.strerror or exc}",
                hint="choose another port (--port 8766) or another address (--host)",
            ) from None


def _check_tls(tls: tuple[Path, Path] | None) -> dict[str, str]:
    """uvicorn's TLS settings for ``--tls CERT KEY``: both files readable, and a certificate
    and key that go together (checked by loading them), else a one-line refusal."""
    if tls is None:
        return {}
    import ssl

    cert, key = tls
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(str(cert), str(key))
    except (OSError, ssl.SSLError) as exc:
        raise InvalidEntry(
            "core.serve",
            f"cannot use {cert} and {key} for HTTPS: {getattr(exc, 'strerror', None) or exc}",
            hint="give a PEM certificate and its private key: --tls cert.pem key.pem",
        ) from None
    return {"ssl_certfile": str(cert), "ssl_keyfile": str(key)}


def terminal_qr(url: str) -> str:
    """A QR code of ``url`` drawn with block characters (two rows a line), for a terminal."""
    import io

    import segno

    drawn = io.StringIO()
    segno.make(url, error="l").terminal(out=drawn, compact=True, border=1)
    return drawn.getvalue().rstrip("\n")


def run_server(
    store: Store, game_id: str, *, host: str | None, port: int, tls: tuple[Path, Path] | None = None, qr: bool = False
) -> None:
    """Serve game ``game_id`` of ``store`` until Ctrl-C (see :mod:`assistant.web`)."""
    from assistant.service.games import read_game
    from assistant.web.address import LOOPBACK, allowed_hosts, listen_address

    loaded = read_game(store, game_id)  # refused here if there is no such game
    try:
        address = listen_address(host)
    except ValueError as exc:
        raise InvalidEntry("core.serve", str(exc), hint="--host 192.168.1.20, or leave it out") from None
    _check_port(address, port)
    secure = _check_tls(tls)

    import uvicorn

    from assistant.web.app import make_app

    from assistant.service.phones import open_codes

    shown = f"[{address}]" if ":" in address else address
    url = f"{'https' if secure else 'http'}://{shown}:{port}"
    codes: dict[str, str] = {}
    if loaded.game is not None and loaded.row.status == "active":
        _, codes = open_codes(store, loaded.id)  # a seat a phone holds keeps it
    local = frozenset({"127.0.0.1", "::1", address})
    app = make_app(store, loaded.id, allowed_hosts(address), codes=codes, join_url=url, local=local)
    render.success(f"game {loaded.id} ({loaded.ruleset.title}) served at {url}/")
    if codes:
        render.message(f"phones: open {url}/join and type the seat's code (QR codes: {url}/seats on this machine)")
        render.message("  " + " · ".join(f"{seat} {code}" for seat, code in codes.items()))
        if qr:
            for seat, code in codes.items():
                print(terminal_qr(f"{url}/join?code={code}"), file=sys.stderr)
                render.message(f"  ↑ {seat}: scan it, or type {code}")
    if host is None and address == LOOPBACK:
        render.message("no local network address found: only this machine can open it (--host names another)")
    elif address in ("0.0.0.0", "::"):
        render.warning("listening on every interface, as asked: any network this machine is on can read the board")
    render.message("pages follow every entry: the board shows secrets in public form, each phone its own too; Ctrl-C stops")
    uvicorn.run(app, host=address, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=1, **secure)  # type: ignore[arg-type]
