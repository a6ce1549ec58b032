"""The state before the first entry: the options read, the seats, and the boards when the
``Boards:`` header names them (then the game starts at once, :func:`resolution.begin_game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from assistant.core.errors import InvalidEntry
from assistant.core.names import normalize
from assistant.games.sevenwonders import notation
from assistant.games.sevenwonders.rules.resolution import begin_game
from assistant.games.sevenwonders.state import FREE_CITY, NO_DUE, City, SWState

#: Player names that would read as the Free City in an entry (``7w.2p.setup``).
FREE_CITY_NAMES = ("free city", "freecity", "free", "fc")

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
    (``boards`` option) the first Recruitment phase or turn.

    Two players play the rulebook's 2-player variant (``7w.2p.setup``): a third city, the
    Free City, sits as the last seat, so that each player's neighbours are the other player
    and the Free City, and the Free City's are both players; the game uses the 3-player decks."""
    leaders_on = options.get("leaders", "true") == "true"
    n = len(seats)
    if not 2 <= n <= 7:
        raise InvalidEntry("7w.setup.players", f"7 Wonders is played by 2 to 7 players here, not {n}")
    free_city = n == 2
    if free_city:
        for seat in seats:
            if normalize(seat) in FREE_CITY_NAMES:
                raise InvalidEntry(
                    "7w.2p.setup",
                    f"'{seat}' would read as the Free City in the entries of a 2-player game",
                    hint="give the player another name",
                )
        seats = (*seats, FREE_CITY)
        n = 3
    state = SWState(
        seats=tuple(seats),
        leaders_on=leaders_on,
        cities=tuple(City() for _ in seats),
        choices=(None,) * n,
        due=(NO_DUE,) * n,
        options=tuple(sorted(options.items())),
        free_city=free_city,
    )
    if options.get("boards", "").strip():
        boards = notation.parse_boards(options["boards"], seats, leaders_on)
        if free_city and boards[-1][0] == "Rome" and options.get("free_city_rome", "false") != "true":
            raise InvalidEntry(
                "7w.2p.leaders",
                "Rome is not dealt to the Free City: its powers concern leaders, and the Free City has none",
                hint="deal the Free City another board, or set free_city_rome=true",
            )
        state = replace(state, cities=tuple(City(wonder=b, side=s) for b, s in boards))
        return begin_game(state)
    return state
