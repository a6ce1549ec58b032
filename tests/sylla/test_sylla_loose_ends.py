"""Issue 23, Sylla items: the crisis where every player holds the same count
(sylla.open.crisis-all-equal, the seed's letter as default, the old ruling as an option) and
the board that fits an 80x24 terminal (D9). The set-up form has its own file
(test_sylla_setup_form.py).

States come from the rulebook's round 1 (the examples' records), changed by hand where a case
needs it, as in test_sylla_open_points.py."""

from __future__ import annotations

import copy
import importlib.util
from pathlib import Path

import pytest

from assistant.core import Game, read_record
from assistant.games.sylla import RULESET
from assistant.games.sylla.rules.famine import crisis
from assistant.games.sylla.rules.famine import start as famine_phase
from assistant.games.sylla.simulate import random_game

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("sylla_examples_loose", Path(__file__).with_name("test_sylla_examples.py"))
ex = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ex)


@pytest.fixture()
def base():
    """Round 1 after the Great Work (White owns a face-up Field)."""
    return ex.replay(ex.ROUND1_CUBES).state.edit()


def prestige(state):
    return {p.name: p.prestige for p in state.players}


def _all_equal_crisis(state, famine: int = 1):
    """Every player holds 2 Civic Spirit tokens and 10 prestige; the Civic marker stands in
    the crisis zone; famine ``famine``; then phase VII runs."""
    state.famine = famine
    state.markers["civic"] = 0
    for p in state.players:
        p.tokens["civic"] = 2
        p.prestige = 10
    famine_phase(state)


# -- sylla.open.crisis-all-equal ------------------------------------------------------------------
def test_sylla_open_crisis_all_equal_default_is_the_seeds_letter(base):
    """Default (crisis_all_equal=both): each player holds the most and the fewest: +3 then -3.
    White's Field spares the famine point and has 1 point left for the crisis loss: he ends +1
    over the famine; the others lose the famine point and end even on the crisis."""
    assert RULESET.check_options({})["crisis_all_equal"] == "both"
    assert base.options.get("crisis_all_equal", "both") == "both"
    assert base.player("White").face_up_tiles("field") == 1
    _all_equal_crisis(base, famine=1)
    assert prestige(base) == {"Blue": 9, "Red": 9, "White": 10 + 3 - (3 - 1), "Black": 9}
    assert any("each has the most (+3) and the fewest (-3)" in line for line in base.log)


def test_sylla_open_crisis_all_equal_field_spares_the_whole_loss(base):
    """With no famine, White's Field (2 points) spares 2 of the 3: +2; with two Fields, all 3: +3."""
    _all_equal_crisis(base, famine=0)
    assert prestige(base)["White"] == 12
    twin = ex.replay(ex.ROUND1_CUBES).state.edit()
    white = twin.player("White")
    field = next(t for t in white.tiles if t.kind == "field")
    white.tiles.append(copy.deepcopy(field))
    assert white.face_up_tiles("field") == 2
    _all_equal_crisis(twin, famine=0)
    assert prestige(twin) == {"Blue": 10, "Red": 10, "White": 13, "Black": 10}


def test_sylla_open_crisis_all_equal_gains_before_losses(base):
    """A player at 0 prestige gains 3 first, then loses 3: he ends at 0, never below."""
    for p in base.players:
        p.tokens["leisure"] = 1
    base.player("Black").prestige = 0
    before = prestige(base)
    crisis(base, "leisure")
    assert prestige(base) == before


def test_sylla_open_crisis_all_equal_option_nothing(base):
    """Option crisis_all_equal=nothing (the ruling before the option): nobody gains or loses,
    so White's Field has nothing to spare."""
    base.options["crisis_all_equal"] = "nothing"
    _all_equal_crisis(base, famine=1)
    assert prestige(base) == {"Blue": 9, "Red": 9, "White": 10, "Black": 9}
    assert any("no change (crisis_all_equal=nothing)" in line for line in base.log)


def test_sylla_open_crisis_all_equal_option_default_and_old_records():
    """A new game gets the seed's letter; a game stating its older options but no
    ``crisis_all_equal`` keeps the ruling it was played under; a stated value wins; an
    unknown value is refused."""
    assert Game(RULESET, ["A", "B", "C"], {}).options["crisis_all_equal"] == "both"
    old = {"ecclesia_vote": "all", "christian_slave": "both", "fields": "famine-and-crisis"}
    assert Game(RULESET, ["A", "B", "C"], old).options["crisis_all_equal"] == "nothing"
    assert Game(RULESET, ["A", "B", "C"], {**old, "crisis_all_equal": "both"}).options["crisis_all_equal"] == "both"
    with pytest.raises(Exception) as err:
        RULESET.check_options({"crisis_all_equal": "half"})
    assert "both" in str(err.value.hint)
    # the record with an all-equal crisis (Health, round 3) keeps its scores under its old ruling
    text = (ROOT / "tests" / "records" / "sylla" / "three_players_seed104.txt").read_text(encoding="utf-8")
    game = Game.from_record(RULESET, read_record(text))
    assert game.options["crisis_all_equal"] == "nothing"
    assert any("Health crisis: everyone holds 2; no change" in line for line in game.state.log)


def test_sylla_open_crisis_all_equal_record_states_the_option():
    """A written record states the option, so it replays under the reading it was played with."""
    game = random_game(23, 3, {"crisis_all_equal": "both"})
    record = game.to_record()
    assert "crisis_all_equal=both" in record.headers["Options"]
    again = Game.from_record(RULESET, record)
    assert prestige(again.state) == prestige(game.state)


def test_sylla_open_crisis_all_equal_matters_in_a_random_game():
    """Seeded random play: 3 players, seed 23: an all-equal Civic Spirit crisis in round 5
    where White's Fields have points left: the seed's reading gives him 4 more prestige."""
    both = random_game(23, 3, {"crisis_all_equal": "both"})
    nothing = random_game(23, 3, {"crisis_all_equal": "nothing"})
    assert [e.text for e in both.entries] == [e.text for e in nothing.entries]
    assert prestige(both.state)["White"] == prestige(nothing.state)["White"] + 4


# -- D9: the board fits an 80x24 terminal ----------------------------------------------------------
TERMINAL_ROWS = 24
BOARD_LINES = 20  # the board, then the prompt line (1-2 lines) and the input line: 24 rows
BOARD_SOURCES = [("record", p.name) for p in sorted((ROOT / "tests" / "records" / "sylla").glob("*.txt"))] + [
    ("random", f"{n}-{seed}") for n in (3, 4) for seed in range(4)
]


def _board_game(kind: str, name: str) -> Game:
    if kind == "random":
        players, seed = name.split("-")
        return random_game(int(seed), int(players))
    return Game.from_record(RULESET, read_record((ROOT / "tests" / "records" / "sylla" / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize(("kind", "name"), BOARD_SOURCES)
def test_sylla_board_d9_fits_80x24_at_setup_and_mid_round(kind, name):
    """3 and 4 players, at set-up and in rounds 1 to 3 (every state, as seen and revealed): at
    most 20 lines of at most 80 columns, the first naming where the game stands; later rounds
    (10 and more characters a player) stay within 22 lines."""
    game = _board_game(kind, name)
    for ply, state in enumerate(game.states):
        for reveal in (False, True):
            lines = RULESET.board(state, reveal=reveal).splitlines()
            assert all(len(line) <= 80 for line in lines), (name, ply, reveal)
            limit = BOARD_LINES if state.round <= 3 or len(state.seats) == 3 else BOARD_LINES + 2
            assert len(lines) <= limit, (name, ply, reveal, len(lines))
            expected = RULESET.expecting(state)
            assert lines[0].startswith(expected.phase if state.phase != "over" else "the game is over"), (name, ply, lines[0])
        if state.round <= 3:
            assert len(RULESET.board(state).splitlines()) + 3 <= TERMINAL_ROWS


def test_sylla_board_d9_wide_spells_out_the_same_players():
    """``board --wide`` keeps the spelled-out board (tapped, fish, down in words) and the
    screens' note; the normal board says the same with marks and a key."""
    game = _board_game("record", "four_players_seed11.txt")
    state = game.states[167]
    normal, wide = RULESET.board(state), RULESET.board(state, wide=True)
    assert "Sen1 rg tapped" in wide and "Sen1 rg*" in normal
    assert "Temple1 down" in wide and "(Temple1)" in normal
    assert "Sla1 ryg fish tapped" in wide and "Sla1+*" in normal
    assert normal.splitlines()[-1].startswith("key: ") and len(normal.splitlines()) <= BOARD_LINES
    assert len(wide.splitlines()) > len(normal.splitlines())
