"""The served game as a Starlette application: the board page, the phones' pages, and the event
stream that tells open pages the game changed.

Routes:

- ``GET /``: the board page (public view); ``GET /board``: its live part (HTML);
  ``GET /board.json``: the same as data (:class:`assistant.service.live.BoardView`);
- ``GET /seats``: the seats' join codes and QR codes, for a browser on the serving machine only;
- ``GET /join`` (the code filled in from a QR code), ``POST /join``: a phone takes the seat whose
  code it sends; it gets a session cookie (HttpOnly, SameSite=Strict) and goes to ``/me``, an
  address with no code or token in it; a spent or wrong code is refused, and a client that
  sends too many wrong codes waits;
- ``GET /me``: that seat's page (:class:`assistant.service.live.SeatView`), ``GET /me/part`` its
  live part, ``POST /me/entry``: an entry of that seat's own, checked and stored in one
  transaction against the game as it stands then;
- ``GET /events``: server-sent events, ``changed`` whenever the game's mark changes (an entry
  from any window or phone), a comment every 15 s; ``retry`` brings a page back within a second
  after a restart;
- ``GET /static/…``: the pages' one script and style.

Every answer carries ``Cache-Control: no-store`` and a Content-Security-Policy allowing only
this server's own files (no inline script); a request whose Host header is not one the server
listens under is refused (400: DNS rebinding), and a form not sent from one of its pages (its
Origin header) is refused (403).
"""

from __future__ import annotations

import asyncio
import time
from functools import partial
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
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
    "Referrer-Policy": "same-origin",  # not no-referrer: a browser then sends "Origin: null" with a form
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


class Watcher:
    """One reader of the game's mark for every open page: it reads ``read_mark()`` (a database
    read, in a worker thread) every ``interval`` seconds while a page listens, and wakes every
    listening page when it moves. Eight phones cost one read per interval, not eight."""

    def __init__(self, read_mark: Callable[[], str], interval: float = 0.4, moved: Callable[[], None] | None = None) -> None:
        self.read_mark, self.interval, self.on_move = read_mark, interval, moved
        self.mark: str | None = None
        self.moved = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.listeners = 0

    async def start(self) -> str:
        """The mark now, the reading started if it was not."""
        if self.mark is None:
            self.mark = await run_in_threadpool(self.read_mark)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())
        return self.mark

    async def _run(self) -> None:
        while self.listeners > 0:
            await asyncio.sleep(self.interval)
            now = await run_in_threadpool(self.read_mark)
            if now != self.mark:
                self.mark = now
                if self.on_move is not None:
                    self.on_move()
                self.moved.set()
                self.moved = asyncio.Event()


async def changes(watcher: Watcher, disconnected: Callable[[], Awaitable[bool]], *, keepalive: float = 15.0) -> AsyncIterator[str]:
    """The event stream of one page: ``retry``, then a ``changed`` event each time the
    watcher's mark moves, and a comment every ``keepalive`` seconds; until the page goes away
    (checked every second)."""
    watcher.listeners += 1
    try:
        yield "retry: 1000\n\n"
        last = await watcher.start()
        quiet = 0.0
        while not await disconnected():
            moved = watcher.moved
            try:
                await asyncio.wait_for(moved.wait(), timeout=1.0)
            except asyncio.TimeoutError:
                quiet += 1.0
                if quiet >= keepalive:
                    quiet = 0.0
                    yield ": still here\n\n"
                continue
            if watcher.mark != last:
                last, quiet = watcher.mark, 0.0
                yield f"event: changed\ndata: {last}\n\n"
    finally:
        watcher.listeners -= 1


#: The cookie that holds a phone's session (HttpOnly, SameSite=Strict: no script and no other
#: site can use it).
COOKIE = "seat"
#: Failed join codes a client may send in :data:`WINDOW` seconds before it is refused (429).
ATTEMPTS, WINDOW = 10, 600.0
#: The largest form a page sends (an entry line, a code).
FORM_LIMIT = 4096


class Attempts:
    """Failed join codes per client address, over the last :data:`WINDOW` seconds."""

    def __init__(self) -> None:
        self.failed: dict[str, list[float]] = {}

    def blocked(self, client: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self.failed.get(client, []) if now - t < WINDOW]
        self.failed[client] = recent
        return len(recent) >= ATTEMPTS

    def failure(self, client: str) -> None:
        self.failed.setdefault(client, []).append(time.monotonic())


async def form_fields(request: Request) -> dict[str, str]:
    """The fields of a posted form (``application/x-www-form-urlencoded``), each its first
    value; a form larger than :data:`FORM_LIMIT` bytes is read as empty."""
    body = await request.body()
    if len(body) > FORM_LIMIT:
        return {}
    return {key: values[0] for key, values in parse_qs(body.decode("utf-8", "replace")).items()}


def same_origin(request: Request) -> bool:
    """Whether a write comes from a page of this server: its Origin header names the scheme
    and host the request was made to (a browser sends it with every form it posts)."""
    origin = request.headers.get("origin")
    return origin is not None and origin == f"{request.url.scheme}://{request.headers.get('host', '')}"


def make_app(
    store: Store,
    game_id: int,
    hosts: list[str],
    *,
    interval: float = 0.4,
    codes: dict[str, str] | None = None,
    join_url: str = "",
    local: frozenset[str] = frozenset({"127.0.0.1", "::1"}),
) -> Starlette:
    """The application serving game ``game_id`` of ``store`` to requests naming one of
    ``hosts`` (``address.allowed_hosts``). ``codes``: the seats' open join codes, shown by
    ``/seats`` to a browser on this machine only (a client address in ``local``); ``join_url``:
    the address the QR codes send phones to."""
    from assistant.core.errors import AssistantError
    from assistant.service import phones

    attempts = Attempts()
    open_codes = dict(codes or {})
    follower = live.Follower(store, game_id)  # one game in memory for every page
    watcher = Watcher(lambda: live.mark(store, game_id), interval, follower.touch)  # one reader of its mark

    async def board_page(request: Request) -> HTMLResponse:
        view = await run_in_threadpool(live.board_view, store, game_id, follower)
        return HTMLResponse(pages.board_page(view))

    async def board_fragment(request: Request) -> HTMLResponse:
        view = await run_in_threadpool(live.board_view, store, game_id, follower)
        return HTMLResponse(pages.board_fragment(view))

    async def board_json(request: Request) -> JSONResponse:
        view = await run_in_threadpool(live.board_view, store, game_id, follower)
        return JSONResponse(view.to_json())

    async def events(request: Request) -> StreamingResponse:
        stream = changes(watcher, request.is_disconnected)
        return StreamingResponse(stream, media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

    async def seats(request: Request) -> Response:
        if request.client is None or request.client.host not in local:
            return PlainTextResponse("the seats' codes are shown on the laptop that serves the game only", status_code=403)
        import segno

        still = {seat: code for seat, code in open_codes.items()}
        qr = {seat: segno.make(f"{join_url}/join?code={code}").svg_inline(scale=4) for seat, code in still.items()}
        title = f"Game {game_id}"
        return HTMLResponse(pages.seats_page(title, still, qr, join_url))

    async def join(request: Request) -> Response:
        if request.method == "GET":
            return HTMLResponse(pages.join_page(request.query_params.get("code", "")))
        if not same_origin(request):
            return PlainTextResponse("refused: this form was not sent by a page of this server", status_code=403)
        client = request.client.host if request.client else "?"
        if attempts.blocked(client):
            return HTMLResponse(pages.join_page(refusal="too many wrong codes: wait a few minutes"), status_code=429)
        code = (await form_fields(request)).get("code", "")
        try:
            seat, token = await run_in_threadpool(phones.claim, store, game_id, code)
        except AssistantError as exc:
            attempts.failure(client)
            return HTMLResponse(pages.join_page(refusal=f"{exc.message} [{exc.rule}]"), status_code=403)
        open_codes.pop(seat, None)
        answer = RedirectResponse("/me", status_code=303)
        answer.set_cookie(
            COOKIE, token, httponly=True, samesite="strict", secure=request.url.scheme == "https", path="/", max_age=7 * 86400
        )
        return answer

    async def seat_for(request: Request) -> str | None:
        return await run_in_threadpool(phones.seat_of, store, game_id, request.cookies.get(COOKIE))

    async def me(request: Request, part: bool = False) -> Response:
        """The seat's page, or (``part``) its live part: a phone that holds no seat is sent to
        join (the live part answers 401, and the page's script goes there)."""
        seat = await seat_for(request)
        if seat is None:
            if part:
                return PlainTextResponse("this phone holds no seat: join again", status_code=401)
            return RedirectResponse("/join", status_code=303)
        view = await run_in_threadpool(live.seat_view, store, game_id, seat, follower)
        return HTMLResponse(pages.seat_fragment(view) if part else pages.seat_page(view))

    async def me_entry(request: Request) -> Response:
        if not same_origin(request):
            return PlainTextResponse("refused: this form was not sent by a page of this server", status_code=403)
        seat = await seat_for(request)
        if seat is None:
            return RedirectResponse("/join", status_code=303)
        fields = await form_fields(request)
        entry = fields.get("entry", "").strip()
        try:
            if not entry:
                raise_empty()
            await run_in_threadpool(live.enter_from_seat, store, game_id, seat, entry, fields.get("asked"))
            follower.touch()
        except AssistantError as exc:
            view = await run_in_threadpool(live.seat_view, store, game_id, seat, follower)
            told = f"{exc.message} [{exc.rule}]" if exc.rule else exc.message
            if exc.hint:
                told += f" → {exc.hint}"
            return HTMLResponse(pages.seat_page(view, told), status_code=422)
        return RedirectResponse("/me", status_code=303)

    routes = [
        Route("/", board_page),
        Route("/board", board_fragment),
        Route("/board.json", board_json),
        Route("/events", events),
        Route("/seats", seats),
        Route("/join", join, methods=["GET", "POST"]),
        Route("/me", me),
        Route("/me/part", partial(me, part=True)),
        Route("/me/entry", me_entry, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(TrustedHostMiddleware, allowed_hosts=hosts)]
    return Starlette(routes=routes, middleware=middleware)


def raise_empty() -> None:
    """The refusal of an empty entry line."""
    from assistant.core.errors import InvalidEntry

    raise InvalidEntry("core.entry", "the entry is empty", hint="tap one of your moves, or type one")
