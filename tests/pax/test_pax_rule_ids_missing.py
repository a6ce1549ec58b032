"""PAX's rule ids that no test was named after (tests/test_rule_ids.py), each checked through
the engine: symbols, not cards (``pax.cat.symbols``), and the checks of a play logged from its
score sheet (``pax.sheet.*``)."""

from __future__ import annotations

from pax_helpers import R, aureus, give, push, refused, started

from assistant.core.errors import TableError
from assistant.core.sheets import PlaySheet

#: a sheet the scoring can produce (Ann stronger than Rome in 4 categories: Rome lost)
GOOD = {"Ann": {"played": 10, "stronger": 12, "money": 4}, "Ben": {"played": 8, "stronger": 3}}


def sheet_rules(pad: dict[str, dict[str, int]], rome_wins: bool | None = None) -> list[str]:
    """The rule ids of the problems of a logged play's sheet (empty: accepted)."""
    try:
        R.check_sheet(PlaySheet("pax", tuple(pad), pad, rome_wins=rome_wins))
    except TableError as exc:
        return sorted({problem.rule for problem in exc.problems})
    return []


def changed(name: str, **rows: int) -> dict[str, dict[str, int]]:
    """:data:`GOOD` with some of ``name``'s rows changed."""
    return {player: {**row, **rows} if player == name else dict(row) for player, row in GOOD.items()}


def test_pax_cat_symbols_functions_and_scoring_count_symbols_income_counts_cards():
    # Religion's function counts symbols: 2 cards with 3 symbols hold the first card back ...
    assert refused(give(started(), "Ada", display="religion 1/2, religion 1/1"), "draw army 1/1 hand").rule == "pax.cat.religion"
    # ... 2 cards with 2 symbols do not
    push(give(started(), "Ada", display="religion 1/1, religion 1/1"), "draw army 1/1 hand, army 2/1 II, army 3/1 deck")
    # income counts cards: 3 Wealth cards pay 3, whether they show 5 symbols or 3
    for display in ("wealth 1/2, wealth 1/2", "wealth 1/1, wealth 1/1"):
        state = give(started(), "Ada", display=display, hand="wealth 2/1", aureus=5)
        state = push(state, "draw army 2/1 II, army 1/1 hand, army 3/1 deck", "play wealth 2/1", "end")
        assert aureus(state, "Ada") == 5 + 3, display
    # the final scoring counts symbols: one Fleet card with 2 symbols is a Fleet row of 2
    state = give(started(), "Ada", display="fleet 1/2, estate 1/2")
    assert R.score(state).points["Ada"]["fleet"] == 2
    # and the category texts say so
    assert "pax.cat.symbols" in R.explain("fleet")[0].see_also


def test_pax_sheet_played_two_per_category_even_up_to_14():
    assert sheet_rules(GOOD) == []
    assert sheet_rules(changed("Ben", played=9)) == ["pax.sheet.played"]
    assert sheet_rules(changed("Ben", played=16)) == ["pax.sheet.played"]


def test_pax_sheet_stronger_three_per_category_and_needs_cards_played():
    assert sheet_rules(changed("Ben", stronger=4)) == ["pax.sheet.stronger"]
    assert sheet_rules(changed("Ben", stronger=24)) == ["pax.sheet.stronger"]
    assert sheet_rules(changed("Ben", played=2, stronger=9)) == ["pax.sheet.stronger"]  # 3 categories with cards in 1
    assert sheet_rules(changed("Ben", played=2, stronger=6)) == []  # Fleet or Army from the other's bonus


def test_pax_sheet_fleet_rows_some_symbols_can_give():
    assert sheet_rules(changed("Ben", fleet=3, army=1)) == []  # 3 Fleet symbols: Army gets a third
    assert sheet_rules(changed("Ben", fleet=0, army=5)) == ["pax.sheet.fleet"]  # 5 Army symbols give Fleet 1
    assert sheet_rules(changed("Ben", played=0, stronger=0, fleet=2)) == ["pax.sheet.fleet"]  # no card played


def test_pax_sheet_primus_one_holder_at_most():
    assert sheet_rules(changed("Ben", primus_conspiratus=2)) == ["pax.sheet.primus"]
    both = {name: {**row, "primus_conspiratus": 1} for name, row in GOOD.items()}
    assert sheet_rules(both) == ["pax.sheet.primus"]
    assert sheet_rules(changed("Ben", primus_conspiratus=1)) == []


def test_pax_sheet_money_four_for_the_most():
    assert sheet_rules(changed("Ben", money=3)) == ["pax.sheet.money"]
    assert sheet_rules(changed("Ann", money=0)) == ["pax.sheet.money"]  # nobody scores the most money
    assert sheet_rules(changed("Ben", money=4)) == []  # a tie: both score it


def test_pax_sheet_rome_verdict_fits_the_stronger_rows():
    assert sheet_rules(GOOD, rome_wins=True) == ["pax.sheet.rome"]  # Ann alone beat Rome in 4 categories
    weak = {"Ann": {"played": 4, "stronger": 3, "money": 4}, "Ben": {"played": 4, "stronger": 3}}
    assert sheet_rules(weak, rome_wins=False) == ["pax.sheet.rome"]  # the players beat Rome in 2 at most
    assert sheet_rules(weak) == []  # Rome won, worked out
    between = {"Ann": {"played": 6, "stronger": 6, "money": 4}, "Ben": {"played": 6, "stronger": 6}}
    assert sheet_rules(between) == ["pax.sheet.rome"]  # the sheet must say
    assert sheet_rules(between, rome_wins=False) == []
    solo = {"Solo": {"played": 12, "stronger": 0, "money": 4}}
    assert sheet_rules(solo, rome_wins=False) == ["pax.sheet.rome"]  # 6 of 7 categories: Rome won
