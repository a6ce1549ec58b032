"""Complete Roma game records (tests/records/roma/, examples/roma-*.txt) replayed to their
final VP, which each record states in a comment ``final VP: Ann 29, Ben 8``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.core.errors import RecordError
from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.roma import RULESET

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "roma").glob("*.txt")) + sorted((ROOT / "examples").glob("roma-*.txt"))
FINAL = re.compile(r"final VP: (\w+) (\d+), (\w+) (\d+)")


def test_roma_records_exist():
    assert len(RECORDS) >= 5


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_roma_record_replays_to_final_vp(path):
    text = path.read_text(encoding="utf-8")
    record = read_record(text)
    game = Game.from_record(RULESET, record)
    match = FINAL.search(text)
    assert match, "the record states its final VP"
    expected = {match.group(1): int(match.group(2)), match.group(3): int(match.group(4))}
    assert dict(zip(game.state.seats, game.state.vp)) == expected
    assert game.outcome() is not None
    sheet = RULESET.score(game.state)
    assert {p: sheet.totals[p] for p in sheet.players} == expected
    # export and import give the same game
    again = Game.from_record(RULESET, read_record(write_record(game.to_record(record.headers))))
    assert again.state == game.state


def test_roma_record_stops_at_the_first_illegal_entry():
    text = (ROOT / "tests" / "records" / "roma" / "hand_checked_short_game.txt").read_text()
    broken = text.replace("activate 4                    # Tribunus", "activate 5                    # Tribunus")
    with pytest.raises(RecordError) as info:
        Game.from_record(RULESET, read_record(broken))
    err = info.value
    assert err.rule == "roma.actions.activate" and err.entry == "activate 5"
    assert "Ann has no card on disc 5" in err.message
    assert err.to_json()["ok"] is False and err.ply == 17
