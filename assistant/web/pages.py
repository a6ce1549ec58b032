"""The HTML of the served pages, built from the service layer's views. Every text from the
history or a game is escaped (:func:`html.escape`); no page holds a script of its own (the
Content-Security-Policy allows only the files under ``/static``), and none holds a hidden face:
a page shows what :func:`assistant.service.live.board_view` gives, the shared screen's view.

>>> from assistant.service.live import BoardView
>>> view = BoardView(1, "Game 1 · Roma · Ann, Ben", "active", 1, "set-up <give>", "Ann 10", "Ann 10 · Ben 10", ((1, "hand Ann ? ? ? ?"),))
>>> "set-up &lt;give&gt;" in board_fragment(view)
True
"""

from __future__ import annotations

from html import escape

from assistant.service.live import BoardView


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
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(view.title)}</title>"
        '<link rel="stylesheet" href="/static/board.css">'
        '<script src="/static/board.js" defer></script>'
        "</head><body>"
        f"<h1>{escape(view.title)}</h1>"
        f"{board_fragment(view)}"
        '<p id="live" class="live">live: updates as entries are made</p>'
        "</body></html>\n"
    )
