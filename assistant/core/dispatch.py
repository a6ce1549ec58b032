"""The one rules idiom of every game: a declared table from each move type to its ``check``
and ``apply``, and, per phase, the move types that phase accepts (boardgame.io declares its
phases the same way). A game's ``rules`` package builds one :class:`RuleTable` and its
``check``/``apply`` dispatch through it; whoever knows one game's table knows where to look
in the others.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Take:
...     n: int
>>> def check_take(state: int, move: Take) -> None:
...     if move.n > state:
...         raise ValueError("not that many")
>>> table = RuleTable(
...     rules={Take: Rule(check_take, lambda state, move: state - move.n)},
...     phases={"play": (Take,), "over": ()},
... )
>>> table.accepts("play", Take(2)), table.accepts("over", Take(2))
(True, False)
>>> table.rule(Take(2)).apply(5, Take(2))
3
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

S = TypeVar("S")

__all__ = ["Rule", "RuleTable"]


@dataclass(frozen=True)
class Rule(Generic[S]):
    """What one move type does: ``check(state, move)`` raises IllegalMove (and changes
    nothing) when the move may not be entered now; ``apply(state, move)`` gives the state
    after a checked move. The move argument is the table's key type (typed ``Any`` here
    because one table holds rules for many move types)."""

    check: Callable[[S, Any], None]
    apply: Callable[[S, Any], S]


@dataclass(frozen=True)
class RuleTable(Generic[S]):
    """A game's rules as data: ``rules`` maps each move type to its :class:`Rule`;
    ``phases`` maps each phase name (the game's own, as :attr:`phase_of` gives it) to the
    move types that phase accepts; ``anytime`` holds the types every phase accepts besides
    (corrections, the count of a hidden hand, ...)."""

    rules: Mapping[type, Rule[S]]
    phases: Mapping[str, tuple[type, ...]]
    anytime: tuple[type, ...] = field(default=())

    def rule(self, move: object) -> Rule[S]:
        """The rule of ``move``'s type (a ``KeyError`` for a type the game does not have:
        the game's parser never makes one)."""
        return self.rules[type(move)]

    def accepted(self, phase: str) -> tuple[type, ...]:
        """The move types phase ``phase`` accepts, ``anytime`` ones included."""
        return self.phases.get(phase, ()) + self.anytime

    def accepts(self, phase: str, move: object) -> bool:
        """Whether phase ``phase`` takes a move of ``move``'s type at all (whether this
        move is legal is the rule's ``check``)."""
        kind = type(move)
        return kind in self.anytime or kind in self.phases.get(phase, ())
