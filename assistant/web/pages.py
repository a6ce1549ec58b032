"""The HTML of the served pages, built from the service layer's views. Every text from the
history or a game is escaped (:func:`html.escape`); no page holds a script of its own (the
Content-Security-Policy allows only the files under ``/static``), and none holds a hidden face:
a page shows what :func:`assistant.service.live.board_view` gives, the shared screen's view.

>>> from assistant.service.views import BoardView
>>> view = BoardView(1, "Game 1 · Roma · Ann, Ben", "active", 1, "set-up <give>", "Ann 10", "Ann 10 · Ben 10", ((1, "hand Ann ? ? ? ?"),))
>>> "set-up &lt;give&gt;" in board_fragment(view)
True
"""

from __future__ import annotations

from html import escape

from assistant.service.views import BoardView, SeatView


def board_fragment(view: BoardView) -> str:
    """The board page's live part: what the game waits for, the running score, the board and
    the last entries (fetched again, whole, whenever the game changes)."""
    recent = "".join(f'<li value="{ply}">{escape(text)}</li>' for ply, text in view.recent)
    parts = [
        f'<p class="waiting">→ {escape(view.waiting)}</p>',
        f'<p class="score">{escape(view.score)}</p>' if view.score else "",
        f'<pre class="board">{escape(view.board)}</pre>' if view.board else "",
        f'<h2>Last entries</h2><ol class="log">{recent}</ol>' if recent else "",
    ]
    return f'<section id="board" data-ply="{view.ply}">' + "".join(parts) + "</section>"


def board_page(view: BoardView) -> str:
    """The whole board page: the fragment inside a page that keeps itself up to date
    (``/static/board.js`` listens to ``/events``)."""
    body = f"<h1>{escape(view.title)}</h1>{board_fragment(view)}"
    return _page(view.title, body + '<p id="live" class="live">live: updates as entries are made</p>')


def _page(title: str, body: str, *, script: bool = True) -> str:
    """A whole page: ``body`` (HTML already escaped) under ``title``."""
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel="stylesheet" href="/static/board.css">'
        + ('<script src="/static/board.js" defer></script>' if script else "")
        + f"</head><body>{body}</body></html>\n"
    )


def join_page(code: str = "", refusal: str = "", *, holds: tuple[str, ...] = ()) -> str:
    """Where a phone types (or the QR code fills in) its seat's join code, and a PIN when the
    phone is passed around the table (needed when it holds a seat already: ``holds``)."""
    told = f'<p class="refusal">✗ {escape(refusal)}</p>' if refusal else ""
    shared = (
        f"<p>This phone holds {escape(', '.join(holds))} already: give the new seat a PIN, "
        "so that only its player opens it here.</p>"
        if holds
        else ""
    )
    form = (
        '<form method="post" action="/join" class="join">'
        '<label for="code">Your seat\'s code (on the laptop)</label>'
        f'<input id="code" name="code" value="{escape(code)}" autocomplete="off" autocapitalize="characters" '
        'inputmode="text" maxlength="12" required>'
        f'<label for="pin">PIN (4–8 digits){"" if holds else ", only if this phone is passed around the table"}</label>'
        f'<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="8"{" required" if holds else ""}>'
        '<button type="submit">Join</button></form>'
    )
    return _page("Join the game", f"<h1>Join the game</h1>{told}{shared}{form}", script=False)


def picker_fragment(seats: tuple[tuple[str, bool], ...], refusal: str = "") -> str:
    """A phone passed around the table, between two players: nothing of any seat on it, only
    who may open theirs (with its PIN)."""
    told = f'<p class="refusal">✗ {escape(refusal)}</p>' if refusal else ""
    forms = "".join(
        '<form method="post" action="/pick" class="join">'
        f'<input type="hidden" name="seat" value="{escape(seat)}">'
        + (
            f'<label for="pin-{escape(seat)}">{escape(seat)}\'s PIN</label>'
            f'<input id="pin-{escape(seat)}" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="8" required>'
            if has_pin
            else ""
        )
        + f'<button type="submit">Open {escape(seat)}</button></form>'
        for seat, has_pin in seats
    )
    return (
        '<section id="board" data-part="/me/part">'
        f"{told}<p class=\"waiting\">Pass the phone: who holds it now?</p>{forms}"
        '<p><a href="/join">Join another seat on this phone</a></p></section>'
    )


def picker_page(seats: tuple[tuple[str, bool], ...], refusal: str = "") -> str:
    """The whole page of :func:`picker_fragment`."""
    body = f"<h1>Pass the phone</h1>{picker_fragment(seats, refusal)}"
    return _page("Pass the phone", body + '<p id="live" class="live"></p>')


def seat_fragment(view: SeatView, refusal: str = "", *, shared: bool = False) -> str:
    """A phone's live part: what the game waits for (and whether from you), your part of the
    game, the buttons of your legal entries and a line to type one, the board and your record;
    on a phone passed around (``shared``), a button that hides it all before passing it on."""
    told = f'<p class="refusal">✗ {escape(refusal)}</p>' if refusal else ""
    if shared:
        told += '<form method="post" action="/lock" class="lock"><button type="submit">Done: hide and pass the phone</button></form>'
    mine = "".join(f"<dt>{escape(key.replace('_', ' '))}</dt><dd>{escape(value)}</dd>" for key, value in view.mine)
    buttons = "".join(
        f'<button type="submit" name="entry" value="{escape(move)}">{escape(move)}</button>' for move in view.moves
    )
    entry = ""
    if view.status == "active" and not view.waiting.startswith("game over"):  # your entries: tapped or typed
        entry = (
            '<form method="post" action="/me/entry" class="entry">'
            f'<input type="hidden" name="asked" value="{escape(view.asked)}">'
            + (f'<div class="moves">{buttons}</div>' if buttons else "")
            + f'<label for="entry">{"or type your entry" if buttons else "your entry"}</label>'
            '<input id="entry" name="entry" autocomplete="off" autocapitalize="none" spellcheck="false">'
            '<button type="submit">Enter</button></form>'
        )
    recent = "".join(f'<li value="{ply}">{escape(text)}</li>' for ply, text in view.recent)
    parts = [
        told,
        f'<p class="waiting{" yours" if view.yours else ""}">→ {escape(view.waiting)}</p>',
        entry,
        f'<h2>{escape(view.seat)} (only you see this)</h2><dl class="mine">{mine}</dl>' if mine else "",
        f'<p class="score">{escape(view.score)}</p>' if view.score else "",
        f'<pre class="board">{escape(view.board)}</pre>' if view.board else "",
        f'<h2>Your record</h2><ol class="log">{recent}</ol>' if recent else "",
    ]
    return f'<section id="board" data-ply="{view.ply}" data-part="/me/part">' + "".join(parts) + "</section>"


def seat_page(view: SeatView, refusal: str = "", *, shared: bool = False) -> str:
    """A seat's phone page: the fragment, kept up to date like the board page."""
    body = f"<h1>{escape(view.title)}</h1>{seat_fragment(view, refusal, shared=shared)}"
    body += '<p id="live" class="live">live: updates as entries are made</p>'
    return _page(view.title, body)


def seats_page(game: str, codes: dict[str, str], qr: dict[str, str], address: str) -> str:
    """The laptop's page of join codes: per seat still open, its code and a QR code of the
    join address with the code filled in (``qr``: inline SVG made by segno)."""
    rows = "".join(
        f'<li><span class="seat">{escape(seat)}</span> <code>{escape(code)}</code>{qr.get(seat, "")}</li>'
        for seat, code in codes.items()
    )
    body = (
        f"<h1>{escape(game)}: phones</h1>"
        f"<p>On each phone open <code>{escape(address)}/join</code> and type the seat's code, or scan its QR code. "
        "Each code works for one phone.</p>"
        + (f'<ol class="codes">{rows}</ol>' if rows else "<p>Every seat has its phone.</p>")
    )
    return _page(f"{game}: phones", body, script=False)
