"""What the ``play`` prompt keeps in memory: the game as it stands, so that an entry costs one
check and one small transaction, not a replay of the whole record.

Each entry (and each undo) is written in ONE transaction guarded by what the prompt saw: the
number of entries and the text of the last one, and that the game is still running. When
another writer got in first (an entry from another window, an undo, a finish), the guard
refuses with :class:`~assistant.core.errors.Conflict`, nothing is written, and the session
reloads the game from the database so that the prompt shows the new position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from assistant.core.errors import Conflict
from assistant.core.protocol import Outcome, Prompt
from assistant.service.games import (
    Amended,
    EditAction,
    Loaded,
    check_open,
    edit_entries,
    push_entry,
    read_game,
    split_entry,
    take_back,
)
from assistant.service.views import Entered, LogLine
from assistant.store import queries
from assistant.store.db import Store

if TYPE_CHECKING:
    from sqlmodel import Session


@dataclass
class PlaySession:
    """A game held in memory by the ``play`` prompt, written through to the database."""

    store: Store
    loaded: Loaded
    reloads: int = 0

    @classmethod
    def open(cls, store: Store, game_id: int | str) -> PlaySession:
        """Read and replay the game once."""
        return cls(store, read_game(store, game_id))

    @property
    def id(self) -> int:
        """The game's id."""
        return self.loaded.id

    def reload(self) -> Loaded:
        """Read the game again from the database (after another writer changed it)."""
        self.loaded = read_game(self.store, self.id)
        self.reloads += 1
        return self.loaded

    def _guard(self, session: Session) -> None:
        """Refuse (and reload) when the stored game is not the one in memory: another
        writer entered, took back or finished meanwhile."""
        game = self.loaded.game
        row = queries.game_row(session, self.id)
        last = queries.last_entry(session, self.id)
        seen_ply = game.ply if game is not None else 0
        stored_ply = last.ply if last is not None else 0
        same = stored_ply == seen_ply and (last is None or (game is not None and game.entries[-1].text == last.text))
        if not same or row.status != self.loaded.row.status:
            raise Conflict(
                "core.conflict",
                f"game {self.id} changed meanwhile (another window): it has {stored_ply} entries and is "
                f"{row.status}; nothing was written",
                hint="the prompt shows the game as it is now; re-enter if still right",
            )
        self.loaded.row = row

    def enter(self, text: str, *, reveal: bool = False, private: bool = False) -> Entered:
        """Check one typed entry against the game in memory and store it (one transaction).
        A refused entry changes nothing; a :class:`Conflict` reloads the game first. The
        answer shows the entry's public form unless ``reveal``; ``private``: it was typed at
        the hidden prompt (a refusal tells nothing of it, see ``service.hidden``)."""
        text, comment = split_entry(text)
        check_open(self.loaded)
        entered: Entered | None = None
        try:
            with self.store.write() as session:
                self._guard(session)
                entered = push_entry(session, self.loaded, text, comment, reveal=reveal, private=private)
        except Conflict:
            self.reload()
            raise
        except BaseException:
            if entered is not None:  # the commit failed: the database does not hold the entry
                self.reload()
            raise
        return entered

    def undo(self, n: int = 1, *, reveal: bool = False) -> list[LogLine]:
        """Take back the last ``n`` entries, in memory and in the database (one transaction);
        they are returned in their public form unless ``reveal``."""
        try:
            with self.store.write() as session:
                self._guard(session)
                taken = take_back(session, self.loaded, n, reveal=reveal)
        except Conflict:
            self.reload()
            raise
        except BaseException:
            # the database rolled back: the game in memory may already be shorter
            if self.loaded.game is not None and self.loaded.game.ply != self._stored_ply():
                self.reload()
            raise
        return taken

    def edit(self, action: EditAction, ply: int, text: str | None = None, *, reveal: bool = False) -> Amended:
        """Amend, delete or insert entry ``ply`` of the game in memory and replay the rest
        (``amend``, ``amend --delete``, ``insert`` at the prompt): one transaction guarded by
        what the prompt saw. Afterwards the session holds the new game; a refusal changes
        nothing, a :class:`Conflict` reloads the game first."""
        edited: Amended | None = None
        try:
            with self.store.write() as session:
                self._guard(session)
                edited = edit_entries(session, self.loaded, action, ply, text, reveal=reveal)
        except Conflict:
            self.reload()
            raise
        except BaseException:
            if edited is not None:  # the commit failed: the database holds the game as it was
                self.reload()
            raise
        return edited

    def _stored_ply(self) -> int:
        with self.store.read() as session:
            last = queries.last_entry(session, self.id)
            return last.ply if last is not None else 0

    def prompt(self) -> Prompt | None:
        """What the game waits for now (None once it is over)."""
        game = self.loaded.game
        if game is None or game.outcome() is not None:
            return None
        return game.expecting()

    def outcome(self) -> Outcome | None:
        """How the game ended, if it has."""
        return self.loaded.game.outcome() if self.loaded.game is not None else None
