"""Every worked example of the PAX rulebook (RULES.md §15) and the digest's derived checks."""

from __future__ import annotations

from pathlib import Path

from pax_helpers import R, aureus, give, push, refused, set_legions, started

from assistant.core.tablefile import load_table
from assistant.games.pax.rules.turn import play_cost

ROOT = Path(__file__).resolve().parents[2]

LIVINIA_DECIMUS = {
    "game": "pax",
    "rome": {"symbols": {"wealth": 1, "fleet": 4, "army": 3, "religion": 1, "senator": 2, "estate": 2, "conspiracy": 2}},
    "players": [
        {"name": "Livinia", "symbols": {"wealth": 2, "fleet": 3, "army": 1, "religion": 2, "estate": 3},
         "aureus": 3, "hand": 1, "primus_conspiratus": False},
        {"name": "Decimus", "symbols": {"wealth": 1, "army": 3, "senator": 1, "estate": 2, "conspiracy": 3},
         "aureus": 6, "hand": 0, "primus_conspiratus": True},
    ],
}


def drawn(state):
    """Ada's compulsory draw done (hand, under Legion III, under the deck)."""
    return push(state, "draw senator 2/1 hand, senator 3/1 III, senator 4/1 deck")


def test_example_play_income():
    """pax.examples.play-income: a Wealth and an Estate played: pay 1, income 3 (Wealth row 3 cards)."""
    state = give(started(), "Ada", display="wealth 1/1, wealth 2/1, estate 1/2", hand="wealth 3/1, estate 2/1", aureus=5)
    state = drawn(state)
    state = push(state, "play wealth 3/1, estate 2/1")
    assert aureus(state, "Ada") == 4
    state = push(state, "end")
    assert aureus(state, "Ada") == 4 + 3


def test_example_buy():
    """pax.examples.buy: a group of an Estate and a Conspiracy worth 4 in all costs 4."""
    state = drawn(give(started(), "Ada", aureus=5))
    state = set_legions(state, "estate 1/1, conspiracy 3/1", "fleet 1/1", "army 2/1")
    state = push(state, "buy I")
    assert aureus(state, "Ada") == 1
    hand = state.players[0].hand
    assert hand[-2:] == R.parse(state, "play estate 1/1, conspiracy 3/1").cards
    assert state.legions[0] == ()


def test_example_rome_take():
    """pax.examples.rome-take: the single Army of value 4 under Legion I goes to Rome (tie: lowest Legion)."""
    state = started()
    state = set_legions(state, "army 4/1", "religion 1/1, wealth 1/1", "fleet 1/1")
    state = push(state, "draw senator 1/1 hand, senator 2/1 II, senator 3/1 deck", "end")
    state = push(state, "draw conspiracy 1/1 hand, conspiracy 1/2 III, conspiracy 3/1 deck")
    assert state.legion_value(0) == state.legion_value(1) == 4
    state = push(state, "end")
    assert [c.token() for c in state.rome] == ["army 4/1"]
    assert state.legions[0] == ()
    assert state.legion_value(1) == 4
    assert state.phase == "refill"


def test_example_scoring_livinia_24_decimus_22():
    sheet = R.score_table(LIVINIA_DECIMUS)
    assert sheet.totals == {"Livinia": 24, "Decimus": 22}
    assert sheet.winners == ("Livinia",)
    assert sheet.points["Livinia"] == {"played": 10, "stronger": 9, "fleet": 3, "army": 2, "primus_conspiratus": 0, "money": 0}
    assert sheet.points["Decimus"] == {"played": 10, "stronger": 3, "fleet": 1, "army": 3, "primus_conspiratus": 1, "money": 4}
    data = sheet.to_json()
    assert data["rome_wins"] is False
    assert sorted(data["rome_categories"]) == ["army", "fleet", "senator"]


def test_example_scoring_bundled_file():
    table = load_table(ROOT / "examples" / "pax-final-table.toml")
    assert R.score_table(table).totals == {"Livinia": 24, "Decimus": 22}


def test_example_scoring_counterfactual_rome_wins():
    """Had Rome taken 4 categories, Decimus (Primus Conspiratus) would have won; totals still shown."""
    table = {**LIVINIA_DECIMUS, "rome": {"symbols": {**LIVINIA_DECIMUS["rome"]["symbols"], "religion": 2}}}
    sheet = R.score_table(table)
    data = sheet.to_json()
    assert data["rome_wins"] is True
    assert data["winners"] == ["Decimus"]
    assert sheet.totals["Livinia"] == 21  # no longer stronger than Rome in Religion
    assert sheet.totals["Decimus"] == 22


def test_derived_play_four_cards_costs_six():
    assert [play_cost(0, k) for k in (1, 2, 3, 4, 5)] == [0, 1, 3, 6, 10]
    state = drawn(give(started(), "Ada", hand="wealth 1/1, wealth 2/1, religion 1/1, estate 2/1", aureus=6))
    state = push(state, "play wealth 1/1, wealth 2/1", "play religion 1/1, estate 2/1")
    assert aureus(state, "Ada") == 0


def test_derived_no_play_income_two():
    state = push(drawn(give(started(), "Ada", aureus=5)), "end")
    assert aureus(state, "Ada") == 7


def test_derived_senator_into_empty_row_income_two():
    state = drawn(give(started(), "Ada", hand="senator 1/1", aureus=5))
    state = push(state, "play senator 1/1", "end")
    assert aureus(state, "Ada") == 7


def test_derived_senator_and_conspiracy_income_zero():
    state = drawn(give(started(), "Ada", hand="senator 1/1, conspiracy 1/1", aureus=5))
    state = push(state, "play senator 1/1, conspiracy 1/1", "end")
    assert aureus(state, "Ada") == 4


def test_derived_seven_wealth_group_of_five_costs_three():
    state = give(started(), "Ada", display="wealth 4/2, wealth 4/2, wealth 4/2, wealth 1/1", aureus=3)
    state = set_legions(drawn(state), "army 4/1, army 1/1", "", "")
    state = push(state, "buy I")
    assert aureus(state, "Ada") == 0


def test_derived_limit_three_estate_four_conspiracy():
    state = give(started(), "Ada", display="estate 1/2, estate 1/1, conspiracy 1/2, conspiracy 1/2, fleet 1/2, fleet 1/2",
                 hand="fleet 1/1, army 1/2, army 1/2, army 1/1", aureus=20)
    state = drawn(state)
    exc = refused(state, "play fleet 1/1")
    assert exc.rule == "pax.cat.limit"
    state = push(state, "play army 1/2, army 1/2")
    assert refused(state, "play army 1/1").rule == "pax.cat.limit"


def test_derived_alternative_action_two_aurei():
    state = push(give(started(), "Ada", aureus=5), "peek")
    assert aureus(state, "Ada") == 7
    assert state.turn.player == 1
    assert state.players[0].hand == started().players[0].hand
