"""A game in progress: a ruleset, the seats and options, the accepted entries and the state
after each of them. Like python-chess's ``Board.push``/``pop`` with its move stack.

>>> from assistant.games import get_ruleset
>>> game = Game(get_ruleset("roma"), ["Ann", "Ben"], {})
>>> game.push("hand Ann Legat Forum Forum Turris").ply
1
>>> game.pop().text, game.ply
('hand Ann Legat Forum Forum Turris', 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from assistant.core.errors import EntryError, RecordError
from assistant.core.inputs import clean
from assistant.core.protocol import AnyRuleset, Entry, Outcome, Prompt
from assistant.core.record import Record, RecordLine, format_options
from assistant.core.scoresheet import ScoreSheet
from assistant.core.viewer import Viewer


class Game:
    """The live game. ``states[0]`` is the set-up state, ``states[i]`` the state after ply i."""

    def __init__(self, ruleset: AnyRuleset, seats: Sequence[str], options: Mapping[str, str]) -> None:
        seats = [clean(seat, "name") for seat in seats]
        ruleset.check_seats(seats)
        for seat in seats:
            if "," in seat or "#" in seat:
                from assistant.core.errors import InvalidEntry

                raise InvalidEntry("core.players", f"a player name cannot contain ',' or '#': '{seat}'")
        self.ruleset = ruleset
        self.seats = tuple(seats)
        self.options = ruleset.check_options(options)
        self.entries: list[Entry] = []
        self.comments: list[str] = []
        self.states: list[Any] = [ruleset.setup(self.seats, self.options)]
        #: the games as viewers know them (:meth:`seen_by`), kept to be extended, not replayed
        self._views: dict[Viewer, Game] = {}
        #: each viewer's texts of the entries (:meth:`seen_text`), with the entry each is of
        self._seen: dict[Viewer, list[tuple[Entry, str]]] = {}
        #: set on a viewer's game whose replay stopped: the ply of the first entry whose
        #: public form the game refused (the view shows the game up to the entry before it)
        self.cut: int | None = None

    # -- the stack -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The state after the last accepted entry."""
        return self.states[-1]

    @property
    def ply(self) -> int:
        """How many entries were accepted."""
        return len(self.entries)

    def parse(self, text: str) -> Any:
        """Read an entry against the current state (no legality check)."""
        return self.ruleset.parse(self.state, text)

    def push(self, text: str, comment: str = "") -> Entry:
        """Parse, check and apply one entry; raises an :class:`EntryError` and changes
        nothing when the entry is unreadable, ambiguous or illegal."""
        text = clean(text, "entry").strip()
        comment = clean(comment, "comment").strip()
        if self.outcome() is not None:
            from assistant.core.errors import IllegalMove

            raise IllegalMove("core.over", "the game is over; no more entries are taken")
        move = self.ruleset.parse(self.state, text)
        self.ruleset.check(self.state, move)
        new_state = self.ruleset.apply(self.state, move)
        entry = Entry(ply=len(self.entries) + 1, text=move.notation(), move=move)
        self.states.append(new_state)
        self.entries.append(entry)
        self.comments.append(comment)
        return entry

    def pop(self) -> Entry:
        """Take back the last entry."""
        if not self.entries:
            from assistant.core.errors import IllegalMove

            raise IllegalMove("core.undo", "there is no entry to take back")
        self.states.pop()
        self.comments.pop()
        return self.entries.pop()

    def prefix(self, n: int) -> "Game":
        """A new game holding this game's first ``n`` entries (states are immutable, so they
        are shared, not replayed); this game is not changed."""
        copy = object.__new__(type(self))
        copy.ruleset = self.ruleset
        copy.seats = self.seats
        copy.options = self.options
        copy.entries = self.entries[:n]
        copy.comments = self.comments[:n]
        copy.states = self.states[: n + 1]
        copy._views = {}
        copy._seen = {}
        copy.cut = None
        return copy

    # -- views -----------------------------------------------------------------------------
    def seen_text(self, ply: int, viewer: Viewer) -> str:
        """Entry ``ply`` as ``viewer`` may see it: as typed, or in its public form."""
        before, move = self.states[ply - 1], self.entries[ply - 1].move
        if viewer.everything or viewer.sees(self.ruleset.audience(before, move)):
            return self.entries[ply - 1].text
        return self.ruleset.public_notation(before, move)

    def seen_by(self, viewer: Viewer) -> Game:
        """This game as ``viewer`` knows it: replayed with every entry whose faces the viewer
        may not see (``Ruleset.audience``) in its public form, so that nothing computed from it
        (board, score, legal moves, completion, events) can depend on a hidden face. ``self``
        for ``EVERYONE`` and when the viewer sees every entry. Kept between calls and extended
        by the entries pushed since; a view whose replay a public form stops is cut there
        (``cut``: the ply of that entry).

        >>> from assistant.games import get_ruleset
        >>> from assistant.core.viewer import PUBLIC
        >>> game = Game(get_ruleset("roma"), ["Ann", "Ben"], {})
        >>> _ = game.push("hand Ann Legat Forum Forum Turris")
        >>> game.seen_by(PUBLIC).entries[0].text
        'hand Ann ? ? ? ?'
        """
        if viewer.everything:
            return self
        texts = self._seen_texts(viewer)
        if all(text == entry.text for text, entry in zip(texts, self.entries)):
            self._views.pop(viewer, None)
            return self
        view = self._views.get(viewer)
        same = 0
        if view is not None:
            limit = min(view.ply, len(texts)) if view.cut is None else min(view.cut - 1, len(texts))
            while same < limit and view.entries[same].text == texts[same]:
                same += 1
            if same < view.ply or view.cut is not None:
                view = view.prefix(same)  # taken back to the last entry both agree on
        else:
            view = Game(self.ruleset, self.seats, self.options)
        for ply in range(same + 1, len(texts) + 1):
            try:
                view.push(texts[ply - 1])
            except EntryError:
                view.cut = ply
                break
        self._views[viewer] = view
        return view

    def _seen_texts(self, viewer: Viewer) -> list[str]:
        """Every entry as ``viewer`` may see it; worked out once per entry (an entry taken
        back and replaced is worked out again)."""
        known = self._seen.setdefault(viewer, [])
        same = 0
        while same < min(len(known), self.ply) and known[same][0] is self.entries[same]:
            same += 1
        del known[same:]
        known.extend((self.entries[ply - 1], self.seen_text(ply, viewer)) for ply in range(same + 1, self.ply + 1))
        return [text for _, text in known]

    def _lens(self, viewer: Viewer | None, reveal: bool) -> tuple[Game, bool]:
        """The game a view reads and whether it shows hidden faces: ``viewer`` given, the game
        as that viewer knows it, read with its faces shown (the viewer's own; everyone else's
        are unknown in it) unless it is the table's; no viewer, this game with ``reveal``."""
        if viewer is None:
            return self, reveal
        return self.seen_by(viewer), not viewer.public

    def expecting(self, *, viewer: Viewer | None = None) -> Prompt:
        """What the game waits for now (see ``Ruleset.expecting``); with ``viewer``, as that
        viewer may see it (the words offered name no hidden face)."""
        view, _ = self._lens(viewer, False)
        return self.ruleset.expecting(view.state)

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it runs."""
        return self.ruleset.outcome(self.state)

    def score(self, *, reveal: bool = False, viewer: Viewer | None = None) -> ScoreSheet:
        """The score sheet of the current state (provisional while the game runs): hidden
        values only with ``reveal``, or as ``viewer`` knows them."""
        view, shown = self._lens(viewer, reveal)
        return self.ruleset.score(view.state, reveal=shown)

    def legal_moves(self, *, viewer: Viewer | None = None) -> list[Any]:
        """The moves legal now, where the game can list them: from the whole truth (what a
        random game plays), or from what ``viewer`` knows (what a screen may list)."""
        view, _ = self._lens(viewer, False)
        return list(self.ruleset.legal_moves(view.state))

    def legal_summary(self, *, viewer: Viewer | None = None) -> list[str]:
        """The legal choices grouped for a person to read (``Ruleset.legal_summary``)."""
        view, _ = self._lens(viewer, False)
        return list(self.ruleset.legal_summary(view.state))

    def completions(self, *, viewer: Viewer | None = None) -> list[str]:
        """The words worth completing at the prompt now (``Ruleset.completions``)."""
        view, _ = self._lens(viewer, False)
        return list(self.ruleset.completions(view.state))

    def last_events(self, *, viewer: Viewer | None = None) -> list[str]:
        """What the last accepted entry set off by itself (see ``Ruleset.events``)."""
        view, _ = self._lens(viewer, False)
        if not view.entries or view.ply != self.ply:
            return []
        return self.ruleset.events(view.states[-2], view.states[-1])

    def describe(self, *, reveal: bool = False, viewer: Viewer | None = None) -> dict[str, Any]:
        """The current state as JSON-able data; hidden information only with ``reveal``, or
        as ``viewer`` knows it."""
        view, shown = self._lens(viewer, reveal)
        return self.ruleset.describe(view.state, reveal=shown)

    def board(self, *, viewer: Viewer, wide: bool = False) -> str:
        """The board at a glance as ``viewer`` may see it (``Ruleset.board``)."""
        view, shown = self._lens(viewer, False)
        return self.ruleset.board(view.state, reveal=shown, wide=wide)

    # -- records ---------------------------------------------------------------------------
    def header_options(self) -> tuple[dict[str, str], dict[str, str]]:
        """The options split into the ``Options:`` header and their own headers."""
        return header_options(self.ruleset, self.options)

    def to_record(self, headers: Mapping[str, str] | None = None) -> Record:
        """The record of this game: replaying it gives this game back."""
        lines = tuple(
            RecordLine(entry.text, comment) for entry, comment in zip(self.entries, self.comments)
        )
        return make_record(self.ruleset, self.seats, self.options, lines, headers)

    def public_texts(self) -> list[str]:
        """Each entry as the whole table may see it (see ``Ruleset.public_notation``)."""
        return [
            self.ruleset.public_notation(before, entry.move) for before, entry in zip(self.states, self.entries)
        ]

    def to_public_record(self, headers: Mapping[str, str] | None = None) -> Record:
        """The record with every secret face in its unknown form; it still replays. Comments
        are left out: any of them may tell a secret (``# Ann kept the Legat``)."""
        record = self.to_record(headers)
        lines = tuple(RecordLine(public) for public in self.public_texts())
        return Record(record.game, record.players, record.headers, lines)

    @classmethod
    def from_record(cls, ruleset: AnyRuleset, record: Record, *, stop_at: int | None = None) -> "Game":
        """Replay a record; raises :class:`RecordError` at the first bad entry."""
        options = record_options(ruleset, record)
        try:
            game = cls(ruleset, record.players, options)
        except EntryError as exc:
            raise RecordError(exc.message, line=1, cause=exc) from None
        game.extend(record.entries, stop_at=stop_at)
        return game

    def extend(self, lines: Iterable[RecordLine], *, stop_at: int | None = None) -> None:
        """Push every line; raises :class:`RecordError` with the ply of the first failure."""
        for line in lines:
            if stop_at is not None and self.ply >= stop_at:
                return
            if not line.text:
                continue
            try:
                self.push(line.text, line.comment)
            except EntryError as exc:
                raise RecordError(
                    exc.message, line=line.line or None, ply=self.ply + 1, entry=line.text, cause=exc
                ) from None


def record_options(ruleset: AnyRuleset, record: Record) -> dict[str, str]:
    """The game options a record states, from ``Options:`` and the options' own headers."""
    options = dict(record.options)
    for spec in ruleset.options:
        if spec.header:
            key = spec.name.replace("_", " ").title().replace(" ", "-")
            if key in record.headers:
                options[spec.name] = record.headers[key]
    return options


def rebuilt(game: Game, at: int, lines: Sequence[RecordLine], *, drop: int) -> Game:
    """A new game: ``game`` with its ``drop`` entries from ply ``at`` on replaced by ``lines``,
    then every later entry replayed and re-checked (a rules fix is replay and re-check).
    Amend is ``drop=1`` and one line, delete ``drop=1`` and none, insert ``drop=0`` and one
    line before ply ``at``. ``game`` is not changed, so a refusal changes nothing.

    A refused new line raises its own :class:`EntryError`. A later entry that is no longer
    accepted raises :class:`RecordError` with that entry's ply as the table knows it (before
    the change), its text and the underlying error (its rule id)."""
    if not 1 <= at <= game.ply + 1 or at + drop > game.ply + 1:
        raise ValueError(f"ply {at} (dropping {drop}) is outside a game of {game.ply} entries")
    new = game.prefix(at - 1)
    for line in lines:
        new.push(line.text, line.comment)
    for old_ply in range(at + drop, game.ply + 1):
        old = game.entries[old_ply - 1]
        try:
            new.push(old.text, game.comments[old_ply - 1])
        except EntryError as exc:
            raise RecordError(
                f"no longer accepted after this change: {exc.message}",
                ply=old_ply,
                entry=old.text,
                cause=exc,
            ) from None
    return new


def header_options(ruleset: AnyRuleset, options: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """``options`` split into the ``Options:`` header and the options written as headers of
    their own (``OptionSpec.header``: ``Boards``), each option's default filled in."""
    inline: dict[str, str] = {}
    own: dict[str, str] = {}
    for spec in ruleset.options:
        value = options.get(spec.name, spec.default)
        if spec.header:
            own[spec.name.replace("_", " ").title().replace(" ", "-")] = value
        else:
            inline[spec.name] = value
    return inline, own


def make_record(
    ruleset: AnyRuleset,
    seats: Sequence[str],
    options: Mapping[str, str],
    lines: Sequence[RecordLine],
    headers: Mapping[str, str] | None = None,
) -> Record:
    """The record of a game of ``ruleset`` with these seats, options and entry lines: the
    given headers, then the options as ``Options:`` and as headers of their own. Shared by a
    replayed game (:meth:`Game.to_record`) and a stored one exported without a replay."""
    inline, own = header_options(ruleset, options)
    all_headers: dict[str, str] = dict(headers or {})
    if inline:
        all_headers["Options"] = format_options(inline)
    all_headers.update(own)
    return Record(ruleset.name, tuple(seats), all_headers, tuple(lines))
