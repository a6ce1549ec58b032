"""Random legal play at the simulated table (assistant.games.pax.simulate), checked against the
table's own ledger (pax_ledger): every card accounted for, Aurei never negative, the program's
view equal to the table after every entry, replay equal to the live game, the tracked score
equal to the quick scoring of the final table; and ``check_invariants`` itself."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from pax_ledger import SEATS, LedgerTable, ledger_game

from assistant.core import Game
from assistant.games.pax import RULESET as R
from assistant.games.pax.components import symbol_counts
from assistant.games.pax.simulate import check_invariants, random_game


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_pax_random_legal_play_invariants(n, seed):
    table = ledger_game(n, seed, builder=seed % 2 == 1)
    game = table.game
    state = game.state
    assert state.phase == "over" and game.outcome() is not None
    assert all(not check_invariants(s) for s in game.states)
    # replay equals live state, ply by ply
    again = Game.from_record(R, game.to_record())
    assert again.states == game.states
    # the final table agrees with what physically lies on the table
    final = R.table_from_state(state)
    physical_rome = symbol_counts(table.t.rome + table.t.rome_hidden)
    assert final["rome"]["symbols"] == physical_rome
    for p in final["players"]:
        assert p["symbols"] == symbol_counts(table.t.displays[p["name"]])
        assert p["hand"] == len(table.t.hands[p["name"]])
    # tracked score == quick scoring of the final table
    assert R.score(state).to_json() == R.score_table(final).to_json()


@pytest.mark.parametrize("n", [2, 4])
def test_pax_random_options(n):
    for seed, options in enumerate(({"pc": "cards"}, {"last_take": "no"}, {"pc": "cards", "last_take": "no"})):
        table = ledger_game(n, 100 + seed, builder=True, **options)
        game = table.game
        assert Game.from_record(R, game.to_record()).state == game.state
        assert R.score(game.state).to_json() == R.score_table(R.table_from_state(game.state)).to_json()


def test_pax_random_legal_moves_contain_the_table_moves_and_round_trip():
    """legal_moves lists what the table does (checked by the ledger table), and each legal
    move's notation parses back to it."""
    table = LedgerTable(SEATS[3], 7, {}, builder=True)
    table.play(check_legal=True)
    rng = random.Random(1)
    game = Game(R, SEATS[2], {})
    for _ in range(60):
        moves = game.legal_moves()
        if not moves:
            break
        for move in rng.sample(moves, min(8, len(moves))):
            assert R.parse(game.state, move.notation()) == move
        game.push(rng.choice(moves).notation())


def test_pax_random_some_games_beat_rome():
    """The simulator reaches both verdicts, so both paths of the verdict are exercised."""
    verdicts = set()
    for seed in range(12):
        verdicts.add(R.score(ledger_game(2, seed, builder=True).game.state).extra["rome_wins"])
    assert verdicts == {True, False}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_pax_random_game_is_deterministic_and_keeps_the_invariants(players):
    for seed in range(4):
        game = random_game(seed, players, {"level": "3"} if players == 1 else {})
        assert game.outcome() is not None
        assert [e.text for e in game.entries] == [e.text for e in random_game(seed, players, {"level": "3"} if players == 1 else {}).entries]
        for state in game.states:
            assert check_invariants(state) == []


def test_pax_check_invariants_finds_what_is_broken():
    """Each invariant is seen to fail on a state that breaks it."""
    game = random_game(3, 3)
    state = game.states[len(game.states) // 2]
    assert check_invariants(state) == []
    p = state.players[0]
    broke = replace(state, players=(replace(p, aureus=-1), *state.players[1:]))
    assert any("-1 Aurei" in b for b in check_invariants(broke))
    lost = replace(state, players=(replace(p, hand=p.hand[1:] if p.hand else p.hand, display=p.display[1:]), *state.players[1:]))
    assert any("cards accounted for" in b for b in check_invariants(lost))
    seen = replace(state, seen=(state.seen[0] + 1, *state.seen[1:]))
    assert any("were entered" in b for b in check_invariants(seen))
    holders = [i for i, q in enumerate(state.players) if q.symbols("conspiracy")]
    if holders:
        nobody = replace(state, pc=None)
        assert any("nobody holds" in b for b in check_invariants(nobody))
