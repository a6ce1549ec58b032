"""What every game promises the rest of the program, checked on every recorded game under
tests/records/: notation round trips at each step, replay equals the live game, the state
description is JSON and hides what is hidden, listed legal moves are legal, and a finished
game's score equals the quick scoring of its final table (where the game has one)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from assistant.core.errors import EntryError
from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games import get_ruleset

RECORDS = sorted((Path(__file__).resolve().parent / "records").glob("*/*.txt"))


def replay(path: Path) -> Game:
    record = read_record(path.read_text(encoding="utf-8"))
    return Game.from_record(get_ruleset(record.game), record)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_notation_round_trips_at_every_step(path):
    game = replay(path)
    ruleset = game.ruleset
    for before, entry in zip(game.states, game.entries):
        again = ruleset.parse(before, entry.text)
        assert again == entry.move, f"ply {entry.ply}: {entry.text!r} reads back as {again!r}"
        assert again.notation() == entry.text


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_record_of_a_replay_is_the_same_game(path):
    game = replay(path)
    text = write_record(game.to_record({"Date": "2026-11-30"}))
    again = Game.from_record(game.ruleset, read_record(text))
    assert again.state == game.state
    assert write_record(again.to_record({"Date": "2026-11-30"})) == text


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_describe_is_json_and_reveal_only_adds(path):
    game = replay(path)
    rng = random.Random(path.name)
    for i in sorted(rng.sample(range(len(game.states)), min(8, len(game.states)))):
        state = game.states[i]
        hidden = game.ruleset.describe(state, reveal=False)
        shown = game.ruleset.describe(state, reveal=True)
        json.dumps(hidden)
        json.dumps(shown)
        assert isinstance(hidden.get("phase"), str)
        assert len(json.dumps(shown)) >= len(json.dumps(hidden))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_listed_legal_moves_are_legal(path):
    game = replay(path)
    ruleset = game.ruleset
    rng = random.Random(path.name)
    for i in sorted(rng.sample(range(len(game.states)), min(12, len(game.states)))):
        state = game.states[i]
        moves = list(ruleset.legal_moves(state))
        for move in rng.sample(moves, min(10, len(moves))):
            try:
                ruleset.check(state, move)
            except EntryError as exc:  # pragma: no cover - the failure message is the point
                pytest.fail(f"state {i}: listed move {move.notation()!r} is refused: {exc.message}")
            assert ruleset.parse(state, move.notation()) == move


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_finished_score_equals_final_table_score(path):
    game = replay(path)
    if game.outcome() is None:
        pytest.skip("the record stops before the end")
    sheet = game.score()
    assert sheet.winners == game.outcome().winners
    try:
        table = game.ruleset.table_from_state(game.state)
    except NotImplementedError:
        pytest.skip("no final-table format for this game")
    if game.ruleset.name == "roma":
        pytest.skip("INTERFACES §1 has no Roma table")
    quick = game.ruleset.score_table(json.loads(json.dumps(table)))
    assert quick.totals == sheet.totals and quick.winners == sheet.winners
