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

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from assistant.core.viewer import PUBLIC

if TYPE_CHECKING:
    from assistant.core.game import Game
    from assistant.store.db import Store

#: How many of the last entries a board page lists.
RECENT = 12


@dataclass(frozen=True)
class BoardView:
    """A game as the board page shows it: what it waits for, the board, the running score
    and the last entries, each in its public form."""

    id: int
    title: str
    status: str
    ply: int
    waiting: str
    board: str
    score: str
    recent: tuple[tuple[int, str], ...]

    def to_json(self) -> dict[str, Any]:
        """The fields as JSON-able data (``recent`` as ``[ply, text]`` pairs)."""
        data = asdict(self)
        data["recent"] = [list(pair) for pair in self.recent]
        return data


def board_view(store: Store, game_id: int | str) -> BoardView:
    """Game ``game_id`` as the table sees it now (one read transaction, one replay)."""
    from assistant.service.games import read_game

    loaded = read_game(store, game_id)
    title = f"Game {loaded.id} · {loaded.ruleset.title} · {', '.join(loaded.names)}"
    if loaded.game is None:  # scored from a final table: nothing to follow
        return BoardView(loaded.id, title, loaded.row.status, 0, "scored from a final table", "", "", ())
    return view_of(loaded.id, title, loaded.row.status, loaded.game)


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
    from assistant.store import queries

    with store.read() as session:
        row = queries.game_mark(session, game_id)
    if row is None:
        return "gone"
    count, updated, status = row
    return f"{count}/{updated.isoformat() if updated else ''}/{status}"
