"""The rules of a tracked game: :func:`check` judges an entry (raises IllegalMove, changes
nothing) and :func:`apply` changes the state (automatic steps included: the resolution of a
turn or phase once every choice is in, the extra steps skipped when they have no choice,
conflicts and the next Age).

* :mod:`.setup`: the state before the first entry;
* :mod:`.legality`: whether an entry is legal now, with the rule id and what is legal instead;
* :mod:`.resolution`: resolving turns, Recruitment phases and extra steps, the Ages' ends;
* :mod:`.corrections`: correction entries (``7w.correct``), taken at any point of the game;
* :mod:`.pickup`: the position block of a game picked up in progress (``7w.position``),
  taken before the first move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from assistant.games.sevenwonders.moves import Correct, SetBoard, SetPosition
from assistant.games.sevenwonders.rules import legality, pickup, resolution
from assistant.games.sevenwonders.rules.corrections import apply_correct, check_correct
from assistant.games.sevenwonders.rules.setup import normal_options, setup
from assistant.games.sevenwonders.state import SWState


def check(state: SWState, move: Any) -> None:
    """Raise IllegalMove unless ``move`` is legal now (a correction at any point of the game)."""
    if isinstance(move, Correct):
        return check_correct(state, move)
    if isinstance(move, SetPosition):
        return pickup.check(state, move)
    return legality.check(state, move)


def apply(state: SWState, move: Any) -> SWState:
    """The state after a checked entry (counted in ``entries``; any entry but a board or a
    position line begins the game, after which no position line is taken)."""
    if isinstance(move, Correct):
        after = apply_correct(state, move)
    elif isinstance(move, SetPosition):
        after = pickup.apply(state, move)
    else:
        after = resolution.apply(state, move)
    begun = state.begun or not isinstance(move, (SetBoard, SetPosition))
    return replace(after, entries=state.entries + 1, begun=begun)


__all__ = ["apply", "check", "normal_options", "setup"]
