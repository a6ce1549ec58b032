"""Sylla's rules as a declared table (assistant.core.dispatch): every entry type has its rule,
every phase names the entry types it takes, every entry made or listed as legal in random games
and in the recorded games is of a type its phase takes, and an entry of a type the phase does
not take is refused in the phase's own words."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sylla import RULESET
from assistant.games.sylla import moves as m
from assistant.games.sylla.rules import TABLE, phase_of
from assistant.games.sylla.simulate import random_game
from assistant.games.sylla.state import PHASE_NAMES

RECORDS = sorted((Path(__file__).resolve().parents[1] / "records" / "sylla").glob("*.txt"))


def test_every_move_type_has_a_rule():
    assert set(TABLE.rules) == set(m.MOVE_TYPES)
    for kind, rule in TABLE.rules.items():
        assert callable(rule.check) and callable(rule.apply), kind


def test_the_phases_are_the_games_phases():
    assert set(TABLE.phases) == set(PHASE_NAMES)
    assert TABLE.phases["over"] == ()
    assert set(TABLE.anytime) == set(m.POSITION_TYPES)
    taken = {kind for kinds in TABLE.phases.values() for kind in kinds} | set(TABLE.anytime)
    assert taken == set(m.MOVE_TYPES)  # every entry type is taken somewhere


def test_the_ruleset_declares_the_table():
    assert RULESET.rule_table is TABLE
    game = random_game(0, 3)
    assert [RULESET.phase_of(s) for s in game.states] == [s.phase for s in game.states]


@pytest.mark.parametrize("seed, players", [(seed, 3 + seed % 2) for seed in range(4)])
def test_every_legal_move_is_taken_by_its_phase(seed, players):
    game = random_game(seed, players)
    for state in game.states[:-1]:
        for move in RULESET.legal_moves(state):
            assert TABLE.accepts(phase_of(state), move), (phase_of(state), move.notation())
    for before, entry in zip(game.states, game.entries):
        assert TABLE.accepts(phase_of(before), entry.move), (phase_of(before), entry.text)
    assert phase_of(game.state) == "over"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_recorded_entry_is_taken_by_its_phase(path):
    game = Game.from_record(RULESET, read_record(path.read_text(encoding="utf-8")))
    for before, entry in zip(game.states, game.entries):
        assert TABLE.accepts(phase_of(before), entry.move), (phase_of(before), entry.text)


def _at(phase: str) -> Game:
    game = random_game(1, 4)
    n = next(i for i, s in enumerate(game.states) if s.phase == phase)
    return Game.from_record(RULESET, game.to_record(), stop_at=n)


@pytest.mark.parametrize("phase, text, rule", [
    ("setup", "Blue passes", "sylla.setup"),
    ("I", "Blue offers 3", "sylla.phase1.election"),
    ("II", "Blue passes", "sylla.phase2.recruit"),
    ("III", "Blue done", "sylla.phase3.sequence"),
    ("IV", "Blue offers 3", "sylla.phase4.income"),
    ("VI", "Blue done", "sylla.phase6.reveal"),
    ("VII", "Blue passes", "sylla.roundend"),
])
def test_an_entry_of_a_type_the_phase_does_not_take_is_refused(phase, text, rule):
    game = _at(phase)
    move = RULESET.parse(game.state, text)
    assert not TABLE.accepts(phase_of(game.state), move)
    with pytest.raises(IllegalMove) as err:
        RULESET.check(game.state, move)
    assert err.value.rule == rule


def test_the_game_over_takes_no_entry():
    game = random_game(2, 3)
    move = m.PassMove("Blue")
    assert phase_of(game.state) == "over" and not TABLE.accepts("over", move)
    with pytest.raises(IllegalMove) as err:
        RULESET.check(game.state, move)
    assert err.value.rule == "sylla.end"
