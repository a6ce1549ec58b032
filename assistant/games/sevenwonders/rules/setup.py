"""The state before the first entry: the options read, the seats, and the boards when the
``Boards:`` header names them (then the game starts at once, :func:`resolution.begin_game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from assistant.core.errors import InvalidEntry
from assistant.games.sevenwonders import notation
from assistant.games.sevenwonders.rules.resolution import begin_game
from assistant.games.sevenwonders.state import NO_DUE, City, SWState

TRUE = ("true", "yes", "1", "on")
FALSE = ("false", "no", "0", "off")


def normal_options(options: Mapping[str, str]) -> dict[str, str]:
    """The options with ``leaders`` spelt ``true`` or ``false`` (``yes``, ``off``, ``1``...
    are read too), before the generic option check.

    >>> normal_options({"leaders": "OFF", "boards": "Gizah A"})
    {'leaders': 'false', 'boards': 'Gizah A'}
    """
    out = {k: (v.lower() if k == "leaders" else v) for k, v in options.items()}
    if "leaders" in out and out["leaders"] in TRUE:
        out["leaders"] = "true"
    elif "leaders" in out and out["leaders"] in FALSE:
        out["leaders"] = "false"
    return out


def setup(seats: Sequence[str], options: Mapping[str, str]) -> SWState:
    """The state before the first entry, from checked options: waiting for the boards, or
    (``boards`` option) the first Recruitment phase or turn."""
    leaders_on = options.get("leaders", "true") == "true"
    n = len(seats)
    if not 3 <= n <= 7:
        raise InvalidEntry("7w.setup.players", f"7 Wonders is played by 3 to 7 players here, not {n}")
    state = SWState(
        seats=tuple(seats),
        leaders_on=leaders_on,
        cities=tuple(City() for _ in seats),
        choices=(None,) * n,
        due=(NO_DUE,) * n,
        options=tuple(sorted(options.items())),
    )
    if options.get("boards", "").strip():
        boards = notation.parse_boards(options["boards"], seats, leaders_on)
        state = replace(state, cities=tuple(City(wonder=b, side=s) for b, s in boards))
        return begin_game(state)
    return state
