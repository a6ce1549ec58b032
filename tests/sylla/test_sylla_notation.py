"""Every kind of entry parses back from its notation to an equal move; unreadable entries are
refused with a rule id and a hint."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from assistant.core.errors import AmbiguousEntry, InvalidEntry
from assistant.core.game import Game
from assistant.games.sylla import RULESET
from assistant.games.sylla.moves import MOVE_TYPES
from assistant.games.sylla.simulate import random_game
from position_support import picked_up

HERE = Path(__file__).parent


def _load(name):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_notation_round_trip_every_move_kind():
    ex = _load("test_sylla_examples")
    games = [random_game(seed, 4) for seed in range(4)] + [ex.replay(ex.ROUND1_CUBES)]
    games.append(Game.from_record(RULESET, games[0].to_public_record()))  # `entry | X tokens ...`
    corrected = ex.replay(ex.ROUND1_CUBES)
    corrected.push("correct Blue prestige +1 because the Glory Path was misread")  # rule sylla.correct
    games.append(corrected)
    for seed in (1, 3):  # picked up in progress (rule sylla.position): a display, buildings, unseen tokens
        source = random_game(seed, 4)
        state = next(s for s in source.states if s.step == "II.recruit" and s.round >= 3)
        games.append(picked_up(RULESET, RULESET.position(state)))
    seen: set[type] = set()
    for game in games:
        for i, entry in enumerate(game.entries):
            before = game.states[i]
            move = RULESET.parse(before, entry.text)
            assert move == entry.move, entry.text
            assert move.notation() == entry.text
            seen.add(type(move))
    assert seen == set(MOVE_TYPES), {t.__name__ for t in set(MOVE_TYPES) - seen}


def test_forgiving_names():
    ex = _load("test_sylla_examples")
    game = ex.replay(ex.SETUP)
    assert RULESET.parse(game.state, "bids 3").player == "Blue"  # the one awaited player
    assert RULESET.parse(game.state, "blue BIDS 3").notation() == "Blue bids 3"
    game = ex.replay(ex.ROUND1.replace("merchant fish g\n", "legionary g\n", 1) + ex.TEMPLE)
    assert RULESET.parse(game.state, "black leg hanyatlás").notation() == "Black legionary Decadence"
    assert RULESET.parse(game.state, "Black cube 4").notation() == "Black legionary Decadence"


@pytest.mark.parametrize("text", ["", "Blue", "Blue dances", "Zed bids 3", "Blue bids many", "events Famine V health",
                                  "tiles stall castle", "Blue keeps senator", "board ladder=1,2,3"])
def test_unreadable_entries_refused(text):
    ex = _load("test_sylla_examples")
    game = ex.replay(ex.SETUP)
    with pytest.raises((InvalidEntry, AmbiguousEntry)) as err:
        RULESET.parse(game.state, text)
    assert err.value.rule and err.value.rule.startswith(("sylla.", "core."))


def test_expecting_names_phase_step_and_player():
    ex = _load("test_sylla_examples")
    game = ex.replay(ex.SETUP + ex.ELECTION)
    prompt = game.expecting()
    assert prompt.phase == "round 1, phase I (First Consul)"
    assert prompt.players == ("Black",) and "takes" in prompt.kinds
    assert prompt.message == "round 1, phase I (First Consul): the Consul Black takes a token and shows it"
    game = ex.replay(ex.ROUND1_CUBES.split("Red up 3")[0])
    prompt = game.expecting()
    assert prompt.phase == "round 1, phase VI (great work)"
    assert set(prompt.players) == {"Red", "White", "Black"}
    assert "Public Baths" in prompt.message
    fresh = Game(RULESET, ["A", "B", "C"], {})
    assert fresh.expecting().kinds == ("board", "sets", "keeps", "events", "remove", "work", "tiles")


def test_sylla_notation_keeps_without_commas():
    game = Game(RULESET, ["Blue", "Red", "White"], {})
    game.push("sets Blue=1 Red=2 White=3")
    game.push("Blue keeps senator r senator fish y merchant g merchant fish g slave ryg vestal y")
    with_commas = Game(RULESET, ["Blue", "Red", "White"], {})
    with_commas.push("sets Blue=1 Red=2 White=3")
    with_commas.push("Blue keeps senator r, senator fish y, merchant g, merchant fish g, slave ryg, vestal y")
    assert game.state.player("Blue").cards == with_commas.state.player("Blue").cards
