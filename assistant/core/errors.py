"""The errors an entry can raise, as in python-chess: cannot read it, could mean several
things, or readable but forbidden by the rules now.

Every error is built the same way, ``Error(rule, message, hint=None)``, and carries a stable ``rule`` id (the key of a rule text in ``data/<game>/rules.md``),
a one-sentence ``message`` and, where the engine can tell, a ``hint`` saying what would be
legal instead. The command line prints them and exits with code 1.

>>> err = IllegalMove("7w.build.unique", "Ada already has a Baths.", hint="build another card")
>>> err.rule, str(err)
('7w.build.unique', 'Ada already has a Baths.')
"""

from __future__ import annotations

from dataclasses import dataclass, field


class AssistantError(Exception):
    """Base of every error that is the user's to fix (exit code 1, never a traceback)."""

    kind = "error"

    def __init__(self, rule: str | None, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.hint = hint

    def to_json(self) -> dict[str, object]:
        """The error as the JSON object ``--json`` prints (docs/json.md)."""
        data: dict[str, object] = {"error": self.kind, "message": self.message}
        if self.rule:
            data["rule"] = self.rule
        if self.hint:
            data["hint"] = self.hint
        return data


class EntryError(AssistantError):
    """An entry that was not accepted; nothing about the game changed."""


class InvalidEntry(EntryError):
    """The entry cannot be read: a syntax error, an unknown name, an absurd number."""

    kind = "invalid"


class AmbiguousEntry(EntryError):
    """The entry could mean several things; ``candidates`` lists them."""

    kind = "ambiguous"

    def __init__(
        self,
        rule: str | None,
        message: str,
        hint: str | None = None,
        *,
        candidates: list[str] | tuple[str, ...] = (),
    ) -> None:
        self.candidates = tuple(candidates)
        if hint is None and self.candidates:
            hint = "one of: " + ", ".join(self.candidates)
        super().__init__(rule, message, hint)

    def to_json(self) -> dict[str, object]:
        """As :meth:`AssistantError.to_json`, with the ``candidates`` listed."""
        data = super().to_json()
        data["candidates"] = list(self.candidates)
        return data


class IllegalMove(EntryError):
    """The entry is readable, but the rules forbid it now. ``rule`` is required."""

    kind = "illegal"
    rule: str

    def __init__(self, rule: str, message: str, hint: str | None = None) -> None:
        super().__init__(rule, message, hint)


class NotFound(AssistantError):
    """A game, player or rule that does not exist."""

    kind = "not_found"


class Conflict(AssistantError):
    """Another process changed the same game at the same time; nothing was written."""

    kind = "conflict"


class StorageError(AssistantError):
    """The database cannot be used: corrupt, foreign, locked, or from a newer version."""

    kind = "storage"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a final-table file: who, which rule, why."""

    rule: str
    message: str
    player: str | None = None

    def to_json(self) -> dict[str, object]:
        """The problem as one object of a table error's ``problems`` list."""
        return {"player": self.player, "rule": self.rule, "message": self.message}

    def __str__(self) -> str:
        who = f"{self.player}: " if self.player else ""
        return f"{who}{self.message} [{self.rule}]"


class TableError(AssistantError):
    """A final table (or a position file, a score sheet) that cannot exist; every problem found
    is listed. ``rule`` and ``summary`` head a list of several problems: by default a final
    table's (``core.score``, "the table cannot be scored")."""

    kind = "table"

    def __init__(
        self,
        problems: list[Problem] | tuple[Problem, ...],
        *,
        rule: str = "core.score",
        summary: str = "the table cannot be scored",
    ) -> None:
        self.problems = tuple(problems) or (Problem(rule, "the table is invalid"),)
        if len(self.problems) == 1:
            only = self.problems[0]
            who = f"{only.player}: " if only.player else ""
            super().__init__(only.rule, who + only.message)
        else:
            super().__init__(rule, f"{summary}: {len(self.problems)} problems")

    def to_json(self) -> dict[str, object]:
        """Every problem of the table, for ``score --from FILE --json``."""
        return {"error": self.kind, "problems": [p.to_json() for p in self.problems]}


@dataclass
class RecordError(AssistantError):
    """A game record that does not replay: the line or ply and the reason."""

    message: str
    line: int | None = None
    ply: int | None = None
    entry: str | None = None
    cause: AssistantError | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        rule = self.cause.rule if self.cause else None
        hint = self.cause.hint if self.cause else None
        AssistantError.__init__(self, rule, self.message, hint)

    @property
    def kind(self) -> str:  # type: ignore[override]
        """The kind of the underlying entry error, or ``record`` for a malformed record."""
        return self.cause.kind if self.cause else "record"

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.message}"

    def to_json(self) -> dict[str, object]:
        """The ``replay --json`` failure shape of INTERFACES.md §3 (``ok: false``, ply, entry, rule, message)."""
        data: dict[str, object] = {"ok": False}
        if self.ply is not None:
            data["ply"] = self.ply
        if self.line is not None:
            data["line"] = self.line
        if self.entry is not None:
            data["entry"] = self.entry
        data["error"] = self.kind
        if self.rule:
            data["rule"] = self.rule
        data["message"] = self.message
        if self.hint:
            data["hint"] = self.hint
        return data
