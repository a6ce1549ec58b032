"""Random legal play (assistant.games.sylla.simulate): many seeded games where the players'
choices come from legal_moves() and what the table reads off components comes from a FICTIONAL
box. The engine's invariants (simulate.check_invariants) hold after every entry, replay equals
live state, and the tracked score equals the quick scoring of the final table."""

from __future__ import annotations

import copy
import random

import pytest

from assistant.core.game import Game
from assistant.games.sylla import RULESET
from assistant.games.sylla.components import TOKENS
from assistant.games.sylla.simulate import check_invariants, random_game, start_game, step


def play(seed: int, n: int = 4, options: dict[str, str] | None = None) -> Game:
    """A whole random game whose every state keeps the invariants."""
    game = random_game(seed, n, options)
    for state in game.states:
        assert check_invariants(state) == []
    return game


@pytest.mark.parametrize("seed", range(12))
def test_random_play_four_players(seed):
    game = play(seed)
    replay = Game.from_record(RULESET, game.to_record())
    assert replay.state == game.state
    sheet = game.score()
    quick = RULESET.score_table(RULESET.table_from_state(game.state))
    assert dict(sheet.points) == dict(quick.points)
    assert dict(sheet.totals) == dict(quick.totals) and sheet.winners == quick.winners
    assert game.state.round == 5 and len(game.state.works_built) == 5


@pytest.mark.parametrize("seed", range(6))
def test_random_play_three_players(seed):
    game = play(100 + seed, n=3)
    replay = Game.from_record(RULESET, game.to_record())
    assert replay.state == game.state
    assert dict(game.score().points) == dict(RULESET.score_table(RULESET.table_from_state(game.state)).points)


@pytest.mark.parametrize("options", [{"ecclesia_vote": "thumb-up"}, {"christian_slave": "once"}])
def test_random_play_options(options):
    for seed in range(3):
        game = play(200 + seed, options=options)
        assert dict(game.score().points) == dict(RULESET.score_table(RULESET.table_from_state(game.state)).points)


def test_legal_moves_pass_check():
    """Every move legal_moves() lists passes check(), at every step of a few games."""
    game, box, rng = start_game(7, 4)
    while game.outcome() is None:
        legal = game.legal_moves()
        for move in legal[:40]:
            RULESET.check(game.state, move)
            assert RULESET.parse(game.state, move.notation()) == move
        step(game, box, rng)


def test_apply_never_changes_the_state_before():
    game, box, rng = start_game(11, 4)
    while game.outcome() is None:
        before = copy.deepcopy(game.state)
        ply = game.ply
        step(game, box, rng)
        assert game.states[ply] == before


def test_provisional_score_values_no_hidden_token():
    game, box, rng = start_game(5, 4)
    for _ in range(120):
        step(game, box, rng)
    sheet = game.score()
    assert all(sheet.points[p]["politics"] == 0 for p in game.seats)
    assert all(sheet.totals[p] == game.state.player(p).prestige for p in game.seats)


def test_hidden_information_not_described():
    game = play(3)
    hidden = RULESET.describe(game.state)
    assert all("denarii" not in p and "tokens" not in p for p in hidden["players"])
    shown = RULESET.describe(game.state, reveal=True)
    assert all(set(p["tokens"]) == set(TOKENS) for p in shown["players"])


SAMPLES = [
    "Blue bids 3", "Red passes", "Black takes civic", "Blue recruits senator ry", "White offers 2", "White offers 9",
    "White offers bank", "Blue pays Sen1 Mer1", "Blue pays crane", "Red insula civic", "Red insula civic health",
    "Red crane rr", "Red temple health", "Red tavern civic up", "Red tavern famine up", "Red done", "Blue vestal Famine",
    "Blue legionary 4", "Blue legionary 7", "Black prevents Famine", "Blue turns Sen1", "Blue turns xyz",
    "Black removes Decadence", "event Flood 1 V health", "work Granary", "tiles bank bank bank bank bank bank",
    "Blue up 3", "Blue down 99", "Blue up -1", "Red frees 1", "Red frees -1", "Blue keeps senator r", "sets Blue=I",
    "board ladder=1 crisis=1 spaces=r", "remove Pantheon", "Blue bids -2", "pass", "done", "up 1", "frees 1", "cube 1",
]


@pytest.mark.parametrize("seed", range(2))
def test_any_entry_is_accepted_or_refused_cleanly(seed):
    """Out-of-turn, out-of-phase and absurd entries raise an entry error with a sylla rule id."""
    from assistant.core.errors import EntryError

    game, box, rng = start_game(seed, 4)
    while game.outcome() is None:
        for text in rng.sample(SAMPLES, 6):
            try:
                move = RULESET.parse(game.state, text)
                RULESET.check(game.state, move)
            except EntryError as exc:
                assert exc.rule and exc.rule.startswith("sylla."), (text, exc.rule)
        step(game, box, rng)


def test_check_invariants_sees_what_is_broken():
    """Each kind of broken state is reported (the invariants are not vacuous)."""
    game = random_game(3, 4)
    state = game.states[len(game.states) // 2]
    assert check_invariants(state) == []
    cases = {
        "denarii": lambda s: setattr(s.players[0], "money", -1),
        "prestige": lambda s: setattr(s.players[1], "prestige", -2),
        "famine": lambda s: setattr(s, "famine", 9),
        "characters": lambda s: s.players[0].cards.pop(0),
        "building tiles": lambda s: setattr(s, "tiles_bought", s.tiles_bought + 1),
        "event row": lambda s: s.events.reverse(),
        "unknown colour": lambda s: setattr(s.players[0], "unknown", -1),
    }
    for word, breaks in cases.items():
        broken_state = state.edit()
        breaks(broken_state)
        assert any(word in line for line in check_invariants(broken_state.freeze())), word


def test_parse_and_check_never_change_the_state():
    """parse reads and check judges: neither changes the state, whether the entry is accepted
    or refused (pure verbs)."""
    from assistant.core.errors import EntryError

    game = random_game(4, 3)
    rng = random.Random(4)
    for before, entry in zip(game.states, game.entries):
        snapshot = copy.deepcopy(before)
        texts = [entry.text, *rng.sample(SAMPLES, 3), *(m.notation() for m in RULESET.legal_moves(before)[:3])]
        for text in texts:
            try:
                RULESET.check(before, RULESET.parse(before, text))
            except EntryError:
                pass
        assert before == snapshot, entry.text
