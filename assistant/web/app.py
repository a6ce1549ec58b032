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
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from assistant.core.errors import AssistantError
from assistant.service import live, phones
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
            try:
                now = await run_in_threadpool(self.read_mark)
            except Exception:  # a locked or busy database: read again at the next interval
                continue
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
        last: str | None = await watcher.start()
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
#: Between the sessions of one device's seats in its cookie (a phone passed around the table).
SEP = "~"
#: The most seats one device holds.
MAX_SEATS = 8
#: The cookie naming the seat open on a phone passed around (a random key the server maps to
#: that seat's session, for :data:`OPEN_FOR` seconds or until hidden or an entry is made).
UNLOCK = "open"
OPEN_FOR = 900.0
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


def refused_form() -> Response:
    """The answer to a form posted by a page of another server (rule: same origin)."""
    return PlainTextResponse("refused: this form was not sent by a page of this server", status_code=403)


def device_tokens(request: Request) -> list[str]:
    """The sessions a device holds (one per seat joined on it), from its cookie."""
    return [token for token in request.cookies.get(COOKIE, "").split(SEP) if token][:MAX_SEATS]


@dataclass
class Served:
    """What the server keeps for the game it serves, and the pages and forms it answers (each
    a method, wired to its address by :func:`make_app`). ``codes``: the seats' open join codes,
    shown by ``/seats`` to a browser on this machine only (a client address in ``local``);
    ``join_url``: the address the QR codes send phones to."""

    store: Store
    game_id: int
    interval: float
    open_codes: dict[str, str]
    join_url: str
    local: frozenset[str]
    attempts: Attempts = field(default_factory=Attempts)
    #: a phone passed around: its open seat's session, until when
    opened: dict[str, tuple[str, float]] = field(default_factory=dict)
    #: one game in memory for every page
    follower: live.Follower = field(init=False)
    #: one reader of the game's mark, for every page's live updates
    watcher: Watcher = field(init=False)

    def __post_init__(self) -> None:
        self.follower = live.Follower(self.store, self.game_id)
        self.watcher = Watcher(lambda: live.mark(self.store, self.game_id), self.interval, self.follower.touch)

    async def board_page(self, request: Request) -> HTMLResponse:
        view = await run_in_threadpool(live.board_view, self.store, self.game_id, self.follower)
        return HTMLResponse(pages.board_page(view))

    async def board_fragment(self, request: Request) -> HTMLResponse:
        view = await run_in_threadpool(live.board_view, self.store, self.game_id, self.follower)
        return HTMLResponse(pages.board_fragment(view))

    async def board_json(self, request: Request) -> JSONResponse:
        view = await run_in_threadpool(live.board_view, self.store, self.game_id, self.follower)
        return JSONResponse(view.to_json())

    async def events(self, request: Request) -> StreamingResponse:
        stream = changes(self.watcher, request.is_disconnected)
        return StreamingResponse(stream, media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

    async def seats(self, request: Request) -> Response:
        if request.client is None or request.client.host not in self.local:
            return PlainTextResponse("the seats' codes are shown on the laptop that serves the game only", status_code=403)
        import segno

        still = {seat: code for seat, code in self.open_codes.items()}
        qr = {seat: segno.make(f"{self.join_url}/join?code={code}").svg_inline(scale=4) for seat, code in still.items()}
        title = f"Game {self.game_id}"
        return HTMLResponse(pages.seats_page(title, still, qr, self.join_url))

    async def device(self, request: Request) -> tuple[str | None, list[tuple[str, str, bool]]]:
        """The seat open on this device (``None``: none, or a phone passed around between two
        players) and every seat it holds ``(seat, token, has_pin)``."""
        held = await run_in_threadpool(phones.seats_held, self.store, self.game_id, device_tokens(request))
        if len(held) == 1:
            return held[0][0], held
        token, until = self.opened.get(request.cookies.get(UNLOCK, ""), ("", 0.0))
        if until > time.monotonic():
            return next((seat for seat, t, _ in held if t == token), None), held
        return None, held

    def picker(self, held: list[tuple[str, str, bool]], refusal: str = "", *, part: bool = False, status: int = 200) -> Response:
        seats = tuple((seat, has_pin) for seat, _, has_pin in held)
        html = pages.picker_fragment(seats, refusal) if part else pages.picker_page(seats, refusal)
        return HTMLResponse(html, status_code=status)

    async def join(self, request: Request) -> Response:
        held = await run_in_threadpool(phones.seats_held, self.store, self.game_id, device_tokens(request))
        holds = tuple(seat for seat, _, _ in held)
        if request.method == "GET":
            return HTMLResponse(pages.join_page(request.query_params.get("code", ""), holds=holds))
        if not same_origin(request):
            return refused_form()
        client = request.client.host if request.client else "?"
        if self.attempts.blocked(client):
            return HTMLResponse(pages.join_page(refusal="too many wrong codes: wait a few minutes", holds=holds), status_code=429)
        fields = await form_fields(request)
        try:
            if holds and not fields.get("pin"):
                phones.check_pin_form("")  # a second seat on one phone opens with its PIN only
            seat, token = await run_in_threadpool(phones.claim, self.store, self.game_id, fields.get("code", ""), fields.get("pin") or None)
        except AssistantError as exc:
            self.attempts.failure(client)
            return HTMLResponse(pages.join_page(refusal=f"{exc.message} [{exc.rule}]", holds=holds), status_code=403)
        self.open_codes.pop(seat, None)
        answer = RedirectResponse("/me", status_code=303)
        tokens = [t for _, t, _ in held] + [token]
        answer.set_cookie(
            COOKIE, SEP.join(tokens), httponly=True, samesite="strict", secure=request.url.scheme == "https", path="/",
            max_age=7 * 86400,
        )
        answer.delete_cookie(UNLOCK, path="/")  # a phone passed around starts hidden
        return answer

    async def me(self, request: Request, part: bool = False) -> Response:
        """The seat's page, or (``part``) its live part: a phone that holds no seat is sent to
        join (the live part answers 401, and the page's script goes there); a phone passed
        around between two players shows who may open their seat, and nothing else."""
        seat, held = await self.device(request)
        if seat is None:
            if held:
                return self.picker(held, part=part)
            if part:
                return PlainTextResponse("this phone holds no seat: join again", status_code=401)
            return RedirectResponse("/join", status_code=303)
        view = await run_in_threadpool(live.seat_view, self.store, self.game_id, seat, self.follower)
        shared = len(held) > 1
        return HTMLResponse(pages.seat_fragment(view, shared=shared) if part else pages.seat_page(view, shared=shared))

    async def pick(self, request: Request) -> Response:
        """A phone passed around: the player holding it opens their seat with its PIN."""
        if not same_origin(request):
            return refused_form()
        _, held = await self.device(request)
        client = request.client.host if request.client else "?"
        if self.attempts.blocked(client):
            return self.picker(held, "too many wrong PINs: wait a few minutes", status=429)
        fields = await form_fields(request)
        found = next(((seat, token) for seat, token, _ in held if seat == fields.get("seat")), None)
        if found is None or not await run_in_threadpool(phones.pin_opens, self.store, self.game_id, found[1], fields.get("pin", "")):
            self.attempts.failure(client)
            return self.picker(held, "that is not the PIN of that seat [core.serve]", status=403)
        nonce = secrets.token_urlsafe(24)
        self.opened[nonce] = (found[1], time.monotonic() + OPEN_FOR)
        answer = RedirectResponse("/me", status_code=303)
        answer.set_cookie(UNLOCK, nonce, httponly=True, samesite="strict", secure=request.url.scheme == "https", path="/")
        return answer

    async def lock(self, request: Request) -> Response:
        """Hide the seat open on a phone passed around, before passing it on."""
        if not same_origin(request):
            return refused_form()
        self.opened.pop(request.cookies.get(UNLOCK, ""), None)
        answer = RedirectResponse("/me", status_code=303)
        answer.delete_cookie(UNLOCK, path="/")
        return answer

    async def me_entry(self, request: Request) -> Response:
        if not same_origin(request):
            return refused_form()
        seat, held = await self.device(request)
        if seat is None:
            return RedirectResponse("/me" if held else "/join", status_code=303)
        fields = await form_fields(request)
        entry = fields.get("entry", "").strip()
        shared = len(held) > 1
        try:
            if not entry:
                raise_empty()
            await run_in_threadpool(live.enter_from_seat, self.store, self.game_id, seat, entry, fields.get("asked"), self.follower)
        except AssistantError as exc:
            view = await run_in_threadpool(live.seat_view, self.store, self.game_id, seat, self.follower)
            told = f"{exc.message} [{exc.rule}]" if exc.rule else exc.message
            if exc.hint:
                told += f" → {exc.hint}"
            return HTMLResponse(pages.seat_page(view, told, shared=shared), status_code=422)
        if shared:  # entered: hidden again before the phone goes to the next player
            self.opened.pop(request.cookies.get(UNLOCK, ""), None)
        return RedirectResponse("/me", status_code=303)


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
    ``hosts`` (``address.allowed_hosts``); the other arguments are :class:`Served`'s."""
    served = Served(store, game_id, interval, dict(codes or {}), join_url, local)
    routes = [
        Route("/", served.board_page),
        Route("/board", served.board_fragment),
        Route("/board.json", served.board_json),
        Route("/events", served.events),
        Route("/seats", served.seats),
        Route("/join", served.join, methods=["GET", "POST"]),
        Route("/me", served.me),
        Route("/me/part", partial(served.me, part=True)),
        Route("/me/entry", served.me_entry, methods=["POST"]),
        Route("/pick", served.pick, methods=["POST"]),
        Route("/lock", served.lock, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(TrustedHostMiddleware, allowed_hosts=hosts)]
    return Starlette(routes=routes, middleware=middleware)


def raise_empty() -> None:
    """The refusal of an empty entry line."""
    from assistant.core.errors import InvalidEntry

    raise InvalidEntry("core.entry", "the entry is empty", hint="tap one of your moves, or type one")
