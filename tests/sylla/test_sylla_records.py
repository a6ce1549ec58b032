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


def ledger_of(name: str) -> tuple[Game, dict[int, tuple[tuple[int, ...], tuple[int, ...]]]]:
    """Replay a record, noting (prestige, denarii) of every player after each phase VII (round
    5: prestige before the end-game scoring)."""
    path = Path(__file__).resolve().parents[1] / "records" / "sylla" / name
    record = read_record(path.read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record, stop_at=0)  # the options and the Board header
    seen: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    for line in record.entries:
        if not line.text:
            continue
        game.push(line.text)
        s = game.state
        if s.step == "VII.tiles" and s.round not in seen:
            seen[s.round] = (tuple(p.prestige for p in s.players), tuple(p.money for p in s.players))
        if s.round == 5 and s.phase == "end" and 5 not in seen:
            seen[5] = (tuple(p.prestige_before_end for p in s.players), tuple(p.money for p in s.players))
    return game, seen


def test_record_four_players_by_hand_with_options_follows_the_hand_ledger():
    """4 players, all 5 rounds, ecclesia_vote=thumb-up and christian_slave=once; every figure
    worked out by hand (the record's comments)."""
    game, seen = ledger_of("four_players_by_hand_options.txt")
    assert seen == {  # Red, Blue, White, Black
        1: ((19, 22, 15, 13), (5, 4, 3, 3)),
        2: ((17, 20, 11, 15), (6, 5, 2, 4)),
        3: ((18, 21, 15, 11), (7, 7, 0, 5)),
        4: ((24, 24, 14, 10), (10, 9, 0, 8)),
        5: ((28, 26, 14, 13), (13, 8, 0, 7)),
    }
    s = game.state
    assert (s.famine, [s.value(k) for k in ("civic", "health", "leisure")]) == (6, [6, 6, 1])
    assert game.score().points == {
        "Red": {"prestige": 28, "plebs": 0, "christians": 4, "slaves": 3, "politics": 40},
        "Blue": {"prestige": 26, "plebs": 0, "christians": 4, "slaves": 6, "politics": 33},
        "White": {"prestige": 14, "plebs": 0, "christians": 2, "slaves": 0, "politics": 51},
        "Black": {"prestige": 13, "plebs": 2, "christians": 0, "slaves": 0, "politics": 32},
    }


def test_record_three_players_by_hand_follows_the_hand_ledger():
    """The game played by hand (all 5 rounds, 3 players): prestige and denarii at the end of each
    round and the final categories, all worked out by hand from the rules (see the record's
    comments), not copied from the program."""
    path = Path(__file__).resolve().parents[1] / "records" / "sylla" / "three_players_by_hand.txt"
    record = read_record(path.read_text(encoding="utf-8"))
    ledger = {  # round: (prestige, denarii) of Ann, Ben, Cy after phase VII
        1: ((14, 15, 14), (7, 4, 5)),
        2: ((28, 15, 20), (1, 3, 5)),
        3: ((37, 16, 26), (6, 3, 6)),
        4: ((42, 25, 32), (6, 4, 8)),
    }
    game = Game.from_record(RULESET, record, stop_at=0)  # the options and the Board header
    seen: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    for line in record.entries:
        if not line.text:
            continue
        game.push(line.text)
        s = game.state
        if s.step == "VII.tiles" and s.round not in seen:
            seen[s.round] = (tuple(p.prestige for p in s.players), tuple(p.money for p in s.players))
        if s.round == 5 and s.phase == "end" and 5 not in seen:
            seen[5] = (tuple(p.prestige_before_end for p in s.players), tuple(p.money for p in s.players))
    assert {r: seen[r] for r in ledger} == ledger
    assert seen[5] == ((43, 30, 37), (8, 4, 9))
    s = game.state
    assert (s.famine, [s.value(k) for k in ("civic", "health", "leisure")]) == (2, [3, 3, 4])
    assert [dict(p.tokens) for p in s.players] == [
        {"civic": 2, "health": 5, "leisure": 6}, {"civic": 8, "health": 3, "leisure": 3}, {"civic": 2, "health": 2, "leisure": 2}]
    assert game.score().points == {
        "Ann": {"prestige": 43, "plebs": 0, "christians": 4, "slaves": 3, "politics": 45},
        "Ben": {"prestige": 30, "plebs": 3, "christians": 8, "slaves": 0, "politics": 45},
        "Cy": {"prestige": 37, "plebs": 2, "christians": 6, "slaves": 3, "politics": 20},
    }


def test_example_game_in_examples_replays():
    """examples/sylla-four-player-game.txt (the hand-played 4-player record) replays to its score."""
    path = Path(__file__).resolve().parents[2] / "examples" / "sylla-four-player-game.txt"
    record = read_record(path.read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record)
    assert dict(game.score().totals) == {"Red": 75, "Blue": 69, "White": 67, "Black": 47}
