"""Complete game records (tests/records/sylla/*.txt) replay to their final scores (the
``Final-Score`` header), and the tracked score equals the quick scoring of the final table."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.sylla import RULESET

RECORDS = sorted((Path(__file__).resolve().parents[1] / "records" / "sylla").glob("*.txt"))


def test_there_are_records():
    assert len(RECORDS) >= 3


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_final_score(path):
    record = read_record(path.read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record)
    assert game.outcome() is not None, "the record is not a complete game"
    expected = dict(item.strip().split("=") for item in record.headers["Final-Score"].split(","))
    sheet = game.score()
    assert {p: str(t) for p, t in sheet.totals.items()} == expected
    quick = RULESET.score_table(RULESET.table_from_state(game.state))
    assert dict(quick.points) == dict(sheet.points)
    assert quick.winners == sheet.winners


@pytest.mark.parametrize("path", RECORDS[:1], ids=lambda p: p.stem)
def test_record_export_import_round_trip(path):
    record = read_record(path.read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record)
    again = Game.from_record(RULESET, read_record(write_record(game.to_record(dict(record.headers)))))
    assert again.state == game.state
