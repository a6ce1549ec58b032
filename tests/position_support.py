"""A game picked up from a position file in memory, as ``assistant new GAME --position FILE``
does in the database: the file's seats and options, then its position block entered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.core.game import Game
from assistant.core.protocol import Ruleset


def picked_up(ruleset: Ruleset, data: Mapping[str, Any]) -> Game:
    """A new game of ``ruleset`` put at the position ``data`` by its position block."""
    setup = ruleset.from_position(data)
    game = Game(ruleset, list(setup.seats), dict(setup.options))
    for text in setup.entries:
        game.push(text)
    return game
