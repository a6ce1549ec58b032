"""The registry of games. Each game package exposes ``RULESET`` (a :class:`Ruleset`); it is
imported only when that game is used, so that start-up stays fast.

>>> get_ruleset("7w").name
'7wonders'
"""

from __future__ import annotations

import importlib
from functools import cache

from assistant.core.names import NameIndex
from assistant.core.protocol import AnyRuleset, Ruleset

#: name -> (module, aliases, title). Keep the names of INTERFACES.md stable.
GAMES: dict[str, tuple[str, tuple[str, ...], str]] = {
    "7wonders": (
        "assistant.games.sevenwonders",
        ("7w", "leaders", "7 wonders", "seven wonders", "7 wonders leaders", "7 wonders with leaders"),
        "7 Wonders",
    ),
    "roma": ("assistant.games.roma", ("rome",), "Roma"),
    "pax": ("assistant.games.pax", (), "PAX"),
    "sylla": ("assistant.games.sylla", (), "Sylla"),
}

_EXTRA: dict[str, AnyRuleset] = {}


def register(ruleset: AnyRuleset) -> None:
    """Add a ruleset at run time (the tests' made-up game uses this)."""
    _EXTRA[ruleset.name] = ruleset
    _index.cache_clear()


@cache
def _index() -> NameIndex:
    entries = [(name, aliases) for name, (_, aliases, _) in GAMES.items()]
    entries += [(name, ruleset.aliases) for name, ruleset in _EXTRA.items()]
    return NameIndex(entries, what="game", rule="core.games")


def game_names() -> list[str]:
    return [*GAMES, *_EXTRA]


def game_title(name: str) -> str:
    """The display title of a game, without importing it."""
    if name in GAMES:
        return GAMES[name][2]
    return _EXTRA[name].title


def resolve_game(name: str) -> str:
    """The canonical name of a game; raises InvalidEntry / AmbiguousEntry."""
    return _index().resolve(name)


@cache
def _load(name: str) -> AnyRuleset:
    module = importlib.import_module(GAMES[name][0])
    return module.RULESET  # type: ignore[no-any-return]


def get_ruleset(name: str) -> AnyRuleset:
    """The ruleset for a game name or alias."""
    canonical = resolve_game(name)
    if canonical in _EXTRA:
        return _EXTRA[canonical]
    return _load(canonical)
