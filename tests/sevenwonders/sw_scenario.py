"""Small helpers to set up a tracked game in a given situation (tests, examples, docs):
start a game with boards, then put cards, coins, stages or leaders straight into cities
without playing the turns that led there.

>>> game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
>>> _ = put(game, "ada", cards=("Baths",), coins=5)
>>> game.state.city("ada").cards, game.state.city("ada").coins
(('Baths',), 5)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from assistant.core.game import Game
from assistant.games.sevenwonders.state import SWState

NAMES = ("ada", "bob", "cleo", "dan", "eve", "fay", "gus")


def start(*boards: str, leaders: bool = True, names: tuple[str, ...] = NAMES, draft: bool = False) -> Game:
    """A game whose players (ada, bob, cleo, ... clockwise) have these boards (``"Gizah A"``).
    With Leaders it stands at Age I's Recruitment, the leader draft played off the record (as
    a first Recruitment entry would put it, ``7w.leaders.draft``); ``draft``: at the draft's
    first pass."""
    from assistant.games.sevenwonders import RULESET
    from assistant.games.sevenwonders.rules.resolution import draft_untouched, skip_draft

    seats = list(names[: len(boards)])
    game = Game(RULESET, seats, {"leaders": "true" if leaders else "false", "boards": ", ".join(boards)})
    if not draft and draft_untouched(game.state):
        game.states[-1] = skip_draft(game.state)
    return game


def put(game: Game, player: str, **changes: Any) -> SWState:
    """Replace fields of a player's city in the current state (``cards=``, ``coins=``,
    ``stages=``, ``leaders=``, ``hand=``, ``hand_size=``, ``tokens=``...)."""
    state: SWState = game.state
    i = state.index(player)
    state = state.with_city(i, replace(state.cities[i], **changes))
    game.states[-1] = state
    return state


def set_state(game: Game, **changes: Any) -> SWState:
    """Replace fields of the game state itself (``pile=``, ``pile_unknown=``, ``turn=``...)."""
    state = replace(game.state, **changes)
    game.states[-1] = state
    return state


def play(game: Game, *entries: str) -> Game:
    """Push entries in order."""
    for entry in entries:
        game.push(entry)
    return game
