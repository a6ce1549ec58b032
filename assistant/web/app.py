"""The served game as a Starlette application: the board page, its live part, and the event
stream that tells open pages the game changed.

Routes (all read-only: the game is entered at the ``play`` prompt or with ``move``):

- ``GET /``: the board page; ``GET /board``: its live part (HTML); ``GET /board.json``: the
  same as data (:class:`assistant.service.live.BoardView`);
- ``GET /events``: server-sent events, ``changed`` whenever the game's mark changes (an entry
  from any window), a comment every 15 s to keep the connection open; ``retry`` tells the
  browser to come back within a second after a restart;
- ``GET /static/…``: the page's script and style.

Every answer carries ``Cache-Control: no-store`` and a Content-Security-Policy allowing only
this server's own files (no inline script); a request whose Host header is not one the server
listens under is refused (400), so another site cannot reach the game through DNS rebinding.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from assistant.service import live
from assistant.web import pages

if TYPE_CHECKING:
    from assistant.store.db import Store

STATIC = Path(__file__).resolve().parent / "static"

#: The headers every answer carries.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every answer (pages, data, events, files)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                extra = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in {e[0] for e in extra}]
                message = {**message, "headers": kept + extra}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def changes(
    read_mark: Callable[[], str],
    disconnected: Callable[[], Awaitable[bool]],
    *,
    interval: float = 0.4,
    keepalive: float = 15.0,
) -> AsyncIterator[str]:
    """The event stream of one page: ``retry``, then a ``changed`` event each time
    ``read_mark()`` (read in a worker thread: it is a database read) differs from the last
    one, and a comment every ``keepalive`` seconds; until the page goes away."""
    yield "retry: 1000\n\n"
    last = await run_in_threadpool(read_mark)
    quiet = 0.0
    while not await disconnected():
        await asyncio.sleep(interval)
        now = await run_in_threadpool(read_mark)
        if now != last:
            last, quiet = now, 0.0
            yield f"event: changed\ndata: {now}\n\n"
        else:
            quiet += interval
            if quiet >= keepalive:
                quiet = 0.0
                yield ": still here\n\n"


def make_app(store: Store, game_id: int, hosts: list[str], *, interval: float = 0.4) -> Starlette:
    """The application serving game ``game_id`` of ``store`` to requests naming one of
    ``hosts`` (``address.allowed_hosts``)."""

    async def board_page(request: Request) -> HTMLResponse:
        view = await run_in_threadpool(live.board_view, store, game_id)
        return HTMLResponse(pages.board_page(view))

    async def board_fragment(request: Request) -> HTMLResponse:
        view = await run_in_threadpool(live.board_view, store, game_id)
        return HTMLResponse(pages.board_fragment(view))

    async def board_json(request: Request) -> JSONResponse:
        view = await run_in_threadpool(live.board_view, store, game_id)
        return JSONResponse(view.to_json())

    async def events(request: Request) -> StreamingResponse:
        stream = changes(lambda: live.mark(store, game_id), request.is_disconnected, interval=interval)
        return StreamingResponse(stream, media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

    routes = [
        Route("/", board_page),
        Route("/board", board_fragment),
        Route("/board.json", board_json),
        Route("/events", events),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(TrustedHostMiddleware, allowed_hosts=hosts)]
    return Starlette(routes=routes, middleware=middleware)
