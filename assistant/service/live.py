"""What a served page of a game shows, and how it learns that the game changed (``serve``).

A page is read from the history like every read command (one read transaction), as the
shared screen may see it (``PUBLIC``: no hidden face, whatever was typed). Whoever enters
(the ``play`` prompt, ``move``, another window) writes to the history; the server notices by
reading the game's :func:`mark`, a few bytes that change with every entry, undo, amend,
finish or abandon, and tells the open pages to fetch the board again.

>>> BoardView(1, "Roma", "active", 0, "set-up: hand Ann", "board", "Ann 10 · Ben 10", ()).to_json()["ply"]
0
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

from assistant.core.protocol import Prompt, described_text
from assistant.core.viewer import PUBLIC
from assistant.service.views import BoardView, SeatView

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.core.game import Game
    from assistant.core.protocol import Move
    from assistant.service.games import Loaded
    from assistant.service.views import Entered
    from assistant.store.db import Store

#: How many of the last entries a board page lists.
RECENT = 12


class Follower:
    """The game a server keeps in memory for its pages: read again only when its :func:`mark`
    moved, and then by pushing the entries stored since (a full replay only after an undo or
    an amend), so that the pages that ask after one entry share one game and each viewer's
    replay in it (``Game.seen_by``) is extended, not redone. Safe to use from several threads.
    """

    #: How long a check of the game's mark stands (seconds): the pages that ask right after a
    #: change share one check.
    FRESH = 0.2

    def __init__(self, store: Store, game_id: int) -> None:
        self.store, self.game_id = store, game_id
        self.lock = threading.RLock()  # held by current() and by whoever reads the game it gives
        self.seen: str | None = None
        self.checked = 0.0
        self.loaded: Loaded | None = None
        self.board: BoardView | None = None  # the board view of ``loaded``, made once

    def touch(self) -> None:
        """The game changed (an entry was made here, or the mark was seen to move): the next
        :meth:`current` checks it again."""
        self.checked = 0.0

    def current(self) -> Loaded:
        """The game as stored now (as checked within the last :attr:`FRESH` seconds)."""
        with self.lock:
            if self.loaded is not None and time.monotonic() - self.checked < self.FRESH:
                return self.loaded
            now = mark(self.store, self.game_id)
            self.checked = time.monotonic()
            if self.loaded is None or now != self.seen:
                self.loaded = self._read()
                self.seen, self.board = now, None
            return self.loaded

    def kept_in(self, session: Session) -> Loaded | None:
        """The game kept, when the history as ``session`` reads it still holds that game (its
        mark is the one last read); ``None`` otherwise. The caller holds :attr:`lock`."""
        from assistant.store import queries

        if self.loaded is None or self.seen is None or mark_in(session, self.game_id) != self.seen:
            return None
        self.loaded.row = queries.game_row(session, self.game_id)  # the row as this transaction holds it
        return self.loaded

    def forget(self) -> None:
        """Drop the game kept (a write that changed it in memory did not commit)."""
        with self.lock:
            self.loaded, self.seen, self.board = None, None, None

    def board_of(self, loaded: Loaded, title: str) -> BoardView:
        """The board view of ``loaded`` (the game :meth:`current` gave), made once per change:
        the board page and every phone show the same."""
        with self.lock:
            if self.board is None or self.loaded is not loaded or self.board.ply != (loaded.game.ply if loaded.game else 0):
                assert loaded.game is not None
                self.board = view_of(loaded.id, title, loaded.row.status, loaded.game)
            return self.board

    def _read(self) -> Loaded:
        from assistant.core.errors import EntryError
        from assistant.service.games import load
        from assistant.store import queries

        with self.store.read() as session:
            old = self.loaded
            if old is None or old.game is None:
                return load(session, self.game_id)
            row = queries.game_row(session, self.game_id)
            stored = queries.entries(session, self.game_id)
            game = old.game
            if len(stored) < game.ply or any(stored[i].text != game.entries[i].text for i in range(game.ply)):
                return load(session, self.game_id)  # taken back or amended: replayed whole
            try:
                for entry in stored[game.ply :]:
                    game.push(entry.text, entry.comment)
            except EntryError:
                return load(session, self.game_id)
            old.row = row
            return old


def board_view(store: Store, game_id: int | str, follower: Follower | None = None) -> BoardView:
    """Game ``game_id`` as the table sees it now (one read transaction, one replay; with a
    ``follower``, the game it keeps, read under its lock: one page at a time)."""
    from assistant.service.games import read_game

    if follower is not None:
        with follower.lock:
            return _board_view(follower.current(), follower)
    return _board_view(read_game(store, game_id), None)


def _board_view(loaded: Loaded, follower: Follower | None) -> BoardView:
    title = board_title(loaded)
    if loaded.game is None:  # scored from a final table: nothing to follow
        return BoardView(loaded.id, title, loaded.row.status, 0, "scored from a final table", "", "", ())
    if follower is not None:
        return follower.board_of(loaded, title)
    return view_of(loaded.id, title, loaded.row.status, loaded.game)


def board_title(loaded: Loaded) -> str:
    """The board page's title: ``Game 12 · Roma · Ann, Ben``."""
    return f"Game {loaded.id} · {loaded.ruleset.title} · {', '.join(loaded.names)}"


def view_of(game_id: int, title: str, status: str, game: Game) -> BoardView:
    """The board page's view of ``game``: built from the game as the table knows it only
    (``PUBLIC``), so that it is the same whatever secret faces were typed."""
    from assistant.service.games import entry_lines, score_of

    outcome = game.outcome()
    if outcome is not None:
        waiting = f"game over: {outcome.reason}"
    elif status != "active":
        waiting = f"the game is {status}"
    else:
        waiting = game.expecting(viewer=PUBLIC).message
    sheet = score_of(game)
    score = " · ".join(f"{p} {sheet.totals[p]}" for p in sheet.players)
    board = "\n".join(line.rstrip() for line in game.board(viewer=PUBLIC).splitlines())
    first = max(1, game.ply - RECENT + 1)
    recent = tuple((line.ply, line.text) for line in entry_lines(game, first=first))
    return BoardView(game_id, title, status, game.ply, waiting, board, score, recent)


def mark(store: Store, game_id: int) -> str:
    """A short text that changes whenever game ``game_id`` does (its number of entries, the
    time it was last written, its status): cheap enough to read twice a second."""
    with store.read() as session:
        return mark_in(session, game_id)


def mark_in(session: Session, game_id: int) -> str:
    """:func:`mark` read in an open transaction."""
    from assistant.store import queries

    row = queries.game_mark(session, game_id)
    if row is None:
        return "gone"
    count, updated, status = row
    return f"{count}/{updated.isoformat() if updated else ''}/{status}"


#: The most entries a phone offers as buttons; with more (a hand of any 4 cards) all are typed.
BUTTONS = 40


def _offered(known: Game, move: Move, held: str) -> bool:
    """Whether a legal move is worth a button on its seat's phone: it names no hidden face, or
    only faces its seat is shown holding (a leader of the hand, a card to lay), not an example
    of what might be dealt."""
    public = known.ruleset.public_notation(known.state, move).split()
    hidden = list(move.notation().split())
    for word in public:
        if word in hidden:
            hidden.remove(word)
    return all(word in held for word in hidden)


def seat_view_of(game_id: int, title: str, status: str, game: Game, seat: str, public: BoardView | None = None) -> SeatView:
    """``seat``'s phone view of ``game``: every part read from the game as the seat knows it
    (``Viewer.of(seat)``), the board from the table's (``PUBLIC``: ``public`` when it was made
    already)."""
    from assistant.core.viewer import Viewer

    viewer = Viewer.of(seat)
    public = public if public is not None else view_of(game_id, title, status, game)
    known = game.seen_by(viewer)
    prompt = None if game.outcome() is not None or status != "active" else known.expecting()
    waiting = public.waiting if prompt is None else prompt.message
    yours = prompt is not None and seat in prompt.players
    players = known.ruleset.describe(known.state, reveal=True).get("players", [])
    own = next((p for p in players if isinstance(p, dict) and p.get("name") == seat), {})
    mine = tuple((str(key), described_text(value)) for key, value in own.items() if key != "name")
    first = max(1, game.ply - RECENT + 1)
    recent = tuple((ply, game.seen_text(ply, viewer)) for ply in range(first, game.ply + 1))
    moves: tuple[str, ...] = ()
    if prompt is not None and yours:
        held = " ".join(value for _, value in mine)
        own_moves = [
            m.notation()
            for m in known.ruleset.legal_moves_of(known.state, seat)
            if getattr(m, "player", None) == seat and _offered(known, m, held)
        ]
        moves = tuple(own_moves) if len(own_moves) <= BUTTONS else ()  # too many to tap: typed
    asked = seat_mark(known, seat, status, prompt)
    return SeatView(game_id, title, seat, status, game.ply, waiting, yours, mine, public.board, public.score, recent, moves, asked)


def seat_mark(known: Game, seat: str, status: str = "active", prompt: Prompt | None = None) -> str:
    """What one seat is asked, as a short text that changes only when that seat's part does:
    how many entries it made, and the phase. A phone sends it back with an entry, so that an
    entry made from a page drawn for an earlier turn of that seat is refused, while other
    seats' entries meanwhile (a simultaneous turn: all choose at once; the entry before one's
    own turn, while one types) are not in its way.

    >>> from assistant.core.game import Game
    >>> from assistant.games import get_ruleset
    >>> game = Game(get_ruleset("roma"), ["Ann", "Ben"], {})
    >>> before = seat_mark(game, "Ann")
    >>> _ = game.push("hand Ben ? ? ? ?")
    >>> seat_mark(game, "Ann") == before
    True
    """
    made = sum(1 for entry in known.entries if getattr(entry.move, "player", None) == seat)
    if known.outcome() is not None or status != "active":
        return f"{made}|over"
    return f"{made}|{(prompt or known.expecting()).phase}"


def seat_view(store: Store, game_id: int, seat: str, follower: Follower | None = None) -> SeatView:
    """Game ``game_id`` as ``seat``'s phone shows it now (one read transaction, one replay;
    with a ``follower``, the game it keeps, read under its lock: the game and the viewers'
    replays in it are shared by the server's threads)."""
    from assistant.service.games import read_game

    if follower is not None:
        with follower.lock:
            return _seat_view(follower.current(), seat, follower)
    return _seat_view(read_game(store, game_id), seat, None)


def _seat_view(loaded: Loaded, seat: str, follower: Follower | None) -> SeatView:
    title = f"Game {loaded.id} · {loaded.ruleset.title} · {seat}"
    if loaded.game is None:
        return SeatView(loaded.id, title, seat, loaded.row.status, 0, "scored from a final table", False, (), "", "", (), ())
    public = follower.board_of(loaded, board_title(loaded)) if follower is not None else None
    return seat_view_of(loaded.id, title, loaded.row.status, loaded.game, seat, public)


def enter_from_seat(store: Store, game_id: int, seat: str, text: str, asked: str | None = None, follower: Follower | None = None) -> Entered:
    """Check and store an entry made on ``seat``'s phone (one transaction, checked against
    the game as it stands when the transaction runs): it must be one of this seat's own
    moves, made on a page drawn for what the seat is asked now (``asked``: the page's
    :func:`seat_mark`); a refusal says only what this seat may hear (``service.hidden``:
    judged again on the game as the seat knows it). With a ``follower``, the game it keeps is
    used when the history, read in the write transaction, still holds it (no replay)."""
    if follower is None:
        return _enter(store, game_id, seat, text, asked, None)
    with follower.lock:
        before = follower.loaded.game.ply if follower.loaded is not None and follower.loaded.game is not None else None
        try:
            return _enter(store, game_id, seat, text, asked, follower)
        except BaseException:
            kept = follower.loaded
            if kept is not None and kept.game is not None and kept.game.ply != before:
                follower.forget()  # an entry pushed in memory that was not stored
            raise
        finally:
            follower.touch()


def _enter(store: Store, game_id: int, seat: str, text: str, asked: str | None, follower: Follower | None) -> Entered:
    """:func:`enter_from_seat` (the caller holds ``follower``'s lock)."""
    from assistant.core.errors import Conflict, EntryError, IllegalMove
    from assistant.core.viewer import Viewer
    from assistant.service.games import check_open, load, push_entry, split_entry
    from assistant.service.hidden import public_refusal

    text, comment = split_entry(text)
    viewer = Viewer.of(seat)
    with store.write(needs_history=True) as session:
        loaded = (follower.kept_in(session) if follower is not None else None) or load(session, game_id)
        game = check_open(loaded)
        if asked is not None and asked != seat_mark(game.seen_by(viewer), seat):
            raise Conflict(
                "core.conflict",
                f"the game moved on since this page was drawn ({seat}'s turn or phase changed); nothing was entered",
                hint="look at the page again and enter what is asked now",
            )
        try:
            move = game.ruleset.parse(game.state, text)
        except EntryError as exc:
            raise public_refusal(game, text, exc, viewer=viewer) from None
        player = game.ruleset.entered_by(game.state, move)
        if player != seat:
            raise IllegalMove(
                "core.serve",
                f"this phone enters {seat}'s own moves only" + (f"; that entry is {player}'s" if player else ""),
                hint="each player enters their own moves on their phone; the rest is entered at the table (play)",
            )
        return push_entry(session, loaded, text, comment, viewer=viewer)
