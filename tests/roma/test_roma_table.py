"""Roma's final table (table.py): the table a tracked game leaves scores as the tracked game
did, and a table with a typo, a missing VP count or an unknown card is refused with every
problem listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.core.errors import TableError
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.roma import RULESET
from assistant.games.roma.simulate import random_game

RECORDS = sorted((Path(__file__).resolve().parents[1] / "records" / "roma").glob("*.txt"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_roma_table_of_a_record_scores_as_tracked(path):
    game = Game.from_record(RULESET, read_record(path.read_text(encoding="utf-8")))
    table = json.loads(json.dumps(RULESET.table_from_state(game.state)))
    quick, tracked = RULESET.score_table(table), game.score()
    assert quick.totals == tracked.totals and quick.winners == tracked.winners


def test_roma_table_keys_any_spelling():
    game = random_game(3, 2)
    table = RULESET.table_from_state(game.state)
    for player in table["players"]:
        player["VP"] = player.pop("vp")
        player["Sestertii"] = player.pop("money")
    assert RULESET.score_table(table).totals == game.score().totals


def test_roma_table_problems_are_all_listed():
    table = {
        "game": "roma",
        "players": [
            {"name": "Ann", "vp": 12, "mony": 3, "board": {"1": "Forum", "9": "Legat"}},
            {"name": "Ben", "board": {"2": "Dragon"}},
        ],
    }
    with pytest.raises(TableError) as info:
        RULESET.score_table(table)
    text = " | ".join(str(p) for p in info.value.problems)
    assert "mony" in text and "'9'" in text and "Dragon" in text and "'vp' is missing" in text
