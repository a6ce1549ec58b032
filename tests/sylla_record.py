"""Sylla's game played by hand (tests/records/sylla/three_players_by_hand.txt) as tests use it:
its entries, and the game just before any one of them, to try a mistake at its moment."""

from __future__ import annotations

from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sylla import RULESET

RECORD = read_record((Path(__file__).resolve().parent / "records" / "sylla" / "three_players_by_hand.txt").read_text(encoding="utf-8"))
LINES = [line.text for line in RECORD.entries if line.text]


def before(entry: str, occurrence: int = 1) -> Game:
    """The game of the record just before the ``occurrence``-th ``entry``."""
    game = Game.from_record(RULESET, RECORD, stop_at=0)
    seen = 0
    for text in LINES:
        if text == entry:
            seen += 1
            if seen == occurrence:
                return game
        game.push(text)
    raise AssertionError(f"{entry} not in the record")
