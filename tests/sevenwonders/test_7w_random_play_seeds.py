"""Seeds that random legal play found wrong, kept with the exact game that showed it (issue 10,
"Random legal play", and the sweeps after the fix), plus the rule each one broke in a small
scenario of its own."""

from __future__ import annotations

import random

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.legal import legal_moves_for
from assistant.games.sevenwonders.moves import Recruit
from assistant.games.sevenwonders.simulate import SEATS, check_invariants, random_game
from sw_scenario import play, put, start
from test_7w_coin_ledger import check_ledger
import test_7w_random_play as suite  # a module, so that pytest does not collect its tests twice


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


def replay_until(game: Game, entries: list[str], count: int) -> Game:
    """A new game with the same seats and options as ``game`` and its first ``count`` entries."""
    out = Game(RULESET, list(game.state.seats), dict(game.state.options))
    for text in entries[:count]:
        out.push(text)
    return out


# -- Rome B's extra leader is paid from the coins held at the start of the turn ---------------
def test_7w_wonder_rome_b_extra_leader_not_paid_with_this_turns_income():
    """7w.wonder.rome.b with 7w.commerce.coins-timing: the extra recruitment of stages 2 and 3
    is a payment of the turn the stage is built in, so it comes out of the coins held at the
    start of that turn and not yet spent; coins a neighbour paid Rome during the turn count
    only from the next one."""
    game = start("Rome B", "Rhodes A", "Babylon A")
    play(game, "ada sell", "bob sell", "cleo sell")
    # ada: stage 2 costs stone + clay + loom; cleo (her left) buys her stone for Baths.
    put(game, "ada", stages=1, coins=1, cards=("Stone Pit", "Clay Pool", "Loom"), hand_size=3)
    play(game, "ada stage", "bob sell", "cleo build Baths pay left 2")
    ada = game.state.city("ada")
    assert game.state.phase == "extra" and (ada.coins, ada.income) == (3, 2)
    err = illegal(game, "ada recruit Amytis")  # 4 - 2 = 2 coins, 1 to spend
    assert err.rule == "7w.wonder.rome.b"
    assert err.message == "ada cannot recruit Amytis: it costs 2 coins and ada has 1 to spend now (2 more arrive only after this turn)"
    assert err.hint == "ada recruit none"
    recruits = {m.leader for m in legal_moves_for(game.state, "ada") if isinstance(m, Recruit)}
    assert None in recruits and "Sappho" in recruits and "Amytis" not in recruits
    game.push("ada recruit Sappho")  # 1 - 2 -> 0 coins
    assert game.state.city("ada").leaders == ("Sappho",) and game.state.city("ada").coins == 3


def test_7w_random_play_seed_889():
    """``test_7w_random_play`` seed 889 (7 players, Leaders, boards entered at random): on
    Age III turn 6 Cleo (Rome B, 2 coins at the start of the turn) built stage 3 paying 4 to
    Bob, and Bob paid her 1 coin for a resource. The engine then let her recruit Amytis for
    4 - 2 = 2 coins as the stage's extra leader: it checked the extra recruitment against all
    her coins (2, the 1 coin of this turn's income included) instead of the coins she could
    spend (1), and the invariants found 0 coins left but 1 of this turn's income. Now the
    entry is refused and not listed as legal; the game goes on with a leader she can pay."""
    seed, players, options = 889, 7, {"leaders": "true"}
    assert (3 + seed % 5, seed % 4 != 3) == (players, True)  # how the suite's test sets it up
    game = random_game(seed, players, options, draft=False)  # the draft off the record, as when found
    entries = [e.text for e in game.entries]
    assert entries[160] == "Fay build Lighthouse"
    before = replay_until(game, entries, 161)
    cleo = before.state.city("Cleo")
    assert before.state.phase_label == "Age III, turn 6: extra actions"
    assert (cleo.wonder, cleo.side, cleo.stages, cleo.coins, cleo.income) == ("Rome", "B", 3, 2, 1)
    err = illegal(before, "Cleo recruit Amytis")
    assert err.rule == "7w.wonder.rome.b"
    assert err.message == "Cleo cannot recruit Amytis: it costs 2 coins and Cleo has 1 to spend now (1 more arrive only after this turn)"
    assert "Cleo recruit Amytis" not in [m.notation() for m in legal_moves_for(before.state, "Cleo")]
    assert all(check_invariants(state) == [] for state in game.states)
    suite.test_7w_random_play(seed)  # the suite's own loop, invariants after every entry
    assert check_ledger(Game(RULESET, list(SEATS[:players]), options), random.Random(seed)) >= 21


def test_7w_random_play_with_power_boards_seed_307():
    """``test_7w_random_play_with_power_boards`` seed 307 (5 players, Leaders, boards Olympia
    A, Halikarnassos A, Babylon B, Rome B, Gizah B): on Age III turn 6 Dan (Rome B, 2 coins at
    the start of the turn) built stage 2 paying 6 to his neighbours, and Cleo paid him 2 for
    resources. The engine let him recruit Hypatia for 4 - 2 = 2 coins with those 2 coins of
    this turn's income (the same fault as seed 889: the extra recruitment checked the
    treasury, not the coins that may be spent), leaving 0 coins and 2 of income."""
    seed, players = 307, 5
    boards = suite.POWER_BOARDS[seed % 2][:players]
    options = {"leaders": "true", "boards": ", ".join(boards)}
    game = random_game(seed, players, options, draft=False)  # the draft off the record, as when found
    entries = [e.text for e in game.entries]
    assert entries[107] == "Cleo build Town Hall pay left 2 right 2"
    before = replay_until(game, entries, 108)
    dan = before.state.city("Dan")
    assert before.state.phase_label == "Age III, turn 6: extra actions"
    assert (dan.wonder, dan.side, dan.stages, dan.coins, dan.income) == ("Rome", "B", 2, 2, 2)
    err = illegal(before, "Dan recruit Hypatia")
    assert err.rule == "7w.wonder.rome.b"
    assert err.message == "Dan cannot recruit Hypatia: it costs 2 coins and Dan has 0 to spend now (2 more arrive only after this turn)"
    assert all(check_invariants(state) == [] for state in game.states)
    suite.test_7w_random_play_with_power_boards(seed)
    assert check_ledger(Game(RULESET, list(SEATS[:players]), options), random.Random(seed)) >= 21


# -- Nero recruited on turn 6's extra steps is in play for that Age's conflicts ----------------
def test_7w_coin_ledger_seed_3_nero_recruited_before_the_conflicts():
    """Sweep seed 3 (6 players, Leaders, boards entered at random): Fay (Rome B) recruited Nero
    as the extra leader of Age II turn 6, then won a Victory token in that Age's conflicts,
    which come after every extra step (RULES.md §5.8), and the engine gave her Nero's 2 coins
    (§9.3). The engine was right; the independent coin ledger of ``test_7w_coin_ledger``
    looked for Nero in the city before the entry and expected no coins. The ledger now looks
    after it."""
    seed, players, options = 3, 6, {"leaders": "true"}
    game = random_game(seed, players, options, draft=False)  # the draft off the record, as when found
    entries = [e.text for e in game.entries]
    k = entries.index("Fay recruit Nero")
    assert game.states[k].phase_label == "Age II, turn 6: extra actions"
    fay_before, fay_after = game.states[k].city("Fay"), game.states[k + 1].city("Fay")
    assert fay_after.tokens[len(fay_before.tokens):] == (-1, 3)
    assert fay_after.coins == fay_before.coins + 2
    assert check_ledger(Game(RULESET, list(SEATS[:players]), options), random.Random(seed)) >= 21
