"""The solitaire game (pax.solo.*): setup per level, the free starting plays that ignore the
limit, one turn per round, and the win condition of each of the five games."""

from __future__ import annotations

import pytest
from pax_helpers import R, aureus, give, push, refused

from assistant.games.pax.scoring import FinalPlayer, score_final


@pytest.mark.parametrize(
    "level, keep, deck",
    [
        (1, "keep army 1/1", 37),
        (2, "keep army 1/1 return fleet 2/1", 37),
        (3, "keep army 1/1 play fleet 1/2", 36),
        (4, "keep army 1/1 play fleet 1/2, army 2/2 return wealth 1/1", 35),
        (5, "keep army 1/1 play fleet 1/2, fleet 2/2, army 3/2", 34),
    ],
)
def test_pax_solo_setup_levels(level, keep, deck):
    state = R.setup(["Ann"], {"level": str(level)})
    assert len(state.legions) == 3 and state.removed == 30 and state.rome_hidden == 3
    state = push(state, keep, "market w1, w2, w3")
    assert state.deck_size == deck  # pax.setup.counts, with the solitaire market (pax.open.solo-market)
    assert state.card_count() == 74
    assert aureus(state, "Ann") == 5  # the starting plays are free and earn nothing


def test_pax_solo_levels_must_play_the_starting_cards():
    state = R.setup(["Ann"], {"level": "4"})
    exc = refused(state, "keep army 1/1 play fleet 1/2")
    assert exc.rule == "pax.solo.levels" and "plays 2" in exc.message
    assert refused(R.setup(["Ann"], {"level": "1"}), "keep army 1/1 play fleet 1/2").rule == "pax.solo.levels"


def test_pax_open_solo_start_play_ignores_limit_then_limit_applies():
    state = push(R.setup(["Ann"], {"level": "5"}), "keep fleet 1/1 play fleet 1/2, fleet 2/2, army 3/2", "market w1, w2, w3")
    assert state.players[0].symbols("fleet") == 4 and state.players[0].limit() == 0
    state = push(state, "draw estate 1/2 hand, wealth 1/1 deck, wealth 2/1 I", "play estate 1/2")
    # limit now 2, Fleet 4: still at or above it, no new Fleet
    assert refused(state, "play fleet 1/1").rule == "pax.cat.limit"


def test_pax_solo_goal_each_round_is_one_turn():
    state = push(R.setup(["Ann"], {"level": "1"}), "keep army 1/1", "market w1, w2, w3")
    state = push(state, "draw religion 1/1 hand, religion 2/1 deck, religion 3/1 I", "end")
    assert state.phase == "refill" and len(state.rome) == 2  # Legion I: wealth 1 + religion 3
    state = push(state, "refill army 2/1")
    assert state.round == 2 and R.expecting(state).players == ("Ann",)


ALL_SEVEN = {"wealth": 2, "fleet": 2, "army": 2, "religion": 2, "senator": 2, "estate": 2, "conspiracy": 2}


@pytest.mark.parametrize("level, need", [(1, 3), (2, 4), (3, 5), (4, 6), (5, 7)])
def test_pax_solo_levels_targets(level, need):
    for stronger in range(8):
        rome = {cat: (1 if i < stronger else 2) for i, cat in enumerate(ALL_SEVEN)}
        sheet = score_final(rome, [FinalPlayer("Ann", ALL_SEVEN, 0, 0, True)], level=level)
        assert sheet.extra["rome_wins"] is (stronger < need), (level, stronger)
        assert sheet.winners == (() if stronger < need else ("Ann",))


def test_pax_solo_goal_all_seven_categories_needed():
    symbols = {**ALL_SEVEN, "senator": 0}
    rome = {cat: 0 for cat in ALL_SEVEN}
    sheet = score_final(rome, [FinalPlayer("Ann", symbols, 0, 0, True)], level=1)
    assert sheet.extra["rome_wins"] is True and "senator" in " ".join(sheet.notes)


def test_pax_open_solo_points_for_information():
    sheet = score_final(ALL_SEVEN, [FinalPlayer("Ann", ALL_SEVEN, 3, 1, True)], level=1)
    assert sheet.totals["Ann"] > 0 and any("pax.open.solo-points" in n for n in sheet.notes)


def test_pax_solo_play_keeps_primus_conspiratus():
    state = push(R.setup(["Ann"], {"level": "3"}), "keep army 1/1 play conspiracy 1/1", "market w1, w2, w3")
    assert state.pc == 0
    state = give(state, "Ann", hand="senator 1/1")
    state = push(state, "draw estate 1/2 hand, wealth 1/1 deck, wealth 2/1 I", "play senator 1/1", "end")
    assert aureus(state, "Ann") == 5 + 2  # 1 card in the Senator row, +1 for the Senator
