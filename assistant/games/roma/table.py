"""Roma's final table: what lies on the table at the end (each player's VP, sestertii and
face-up cards by disc). The VP are the score, so scoring a table reads them and checks the
rest; the keys are read through :meth:`TableReader.keys` like every game's final table.

>>> table = {"game": "roma", "players": [{"name": "Ann", "VP": 20, "board": {"1": "forum"}},
...                                      {"name": "Ben", "vp": 16}]}
>>> score_table(table).winners
('Ann',)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.core.scoresheet import ScoreSheet
from assistant.core.tablefile import TableReader
from assistant.games.roma.components import CARD_NAMES
from assistant.games.roma.scoring import sheet
from assistant.games.roma.state import TOTAL_VP, RomaState

RULE = "roma.end.winner"  # the VP are the score
KEYS = ("name", "vp", "money", "board")


def table_from_state(state: RomaState) -> dict[str, Any]:
    """The final table of a tracked game: VP, money and boards of each player."""
    return {
        "game": "roma",
        "players": [
            {
                "name": name,
                "vp": state.vp[i],
                "money": state.money[i],
                "board": {str(d): c for d, c in enumerate(state.boards[i], 1) if c},
            }
            for i, name in enumerate(state.seats)
        ],
    }


def score_table(table: Mapping[str, Any]) -> ScoreSheet:
    """Score a final table: the VP as given; raises TableError listing every problem (an
    unknown key, a missing VP count, a card name not in the deck, a disc out of range)."""
    reader = TableReader("roma")
    seats: list[str] = []
    vp: dict[str, int] = {}
    for raw in reader.players(table, rule=RULE, low=2, high=2):
        name = str(raw.get("name"))
        player = reader.keys(raw, KEYS, rule=RULE, player=name, aliases={"sestertii": "money", "coins": "money"})
        seats.append(name)
        vp[name] = reader.integer(player, "vp", rule=RULE, player=name, default=None, high=TOTAL_VP * 2)
        reader.integer(player, "money", rule=RULE, player=name)
        for disc, card in reader.mapping(player, "board", rule=RULE, player=name).items():
            if str(disc) not in ("1", "2", "3", "4", "5", "6", "7"):
                reader.problem(RULE, f"board: there is no disc '{disc}' (discs 1 to 7)", name)
            if not isinstance(card, str) or CARD_NAMES.find(card) is None:
                reader.problem(RULE, f"board: disc {disc} holds no Roma card called {card!r}", name)
    reader.raise_if_problems()
    return sheet(seats, vp)
