"""The rulings A3, A8-A13 and A18 (data/roma/rules.md roma.rulings.*), one test each; the
others are tested with the rule they belong to (test_roma_rules.py, test_roma_cards.py)."""

from __future__ import annotations

from assistant.games.roma import RULESET
from assistant.games.roma.board import defence


def test_roma_rulings_a3_second_triple(table):
    t = table({1: "Forum"}, {1: "Forum"})
    t.play("roll 6 6 6", "reroll 1 1 1", "reroll 3 3 3")
    assert t.state.dice == (3, 3, 3)
    t.play("money 3")  # keeping a triple is allowed too
    assert t.state.money == (3, 0)


def test_roma_rulings_a8_two_basilicas(table):
    t = table({2: "Basilica", 3: "Forum", 4: "Basilica"}, {1: "Forum"}, dice=(3, 1, 1))
    t.play("activate 3 vp 1")
    assert t.vp == (15, 10)


def test_roma_rulings_a9_turris(table):
    t = table(ben={1: "Turris", 2: "Templum"}, dice=(1, 1, 1))
    assert defence(t.state, 1, 1) == 6 and defence(t.state, 1, 2) == 3
    t = table(ben={1: "Turris", 2: "Turris", 3: "Templum"}, dice=(1, 1, 1))
    assert defence(t.state, 1, 1) == 7 and defence(t.state, 1, 3) == 4


def test_roma_rulings_a10_block_one_turn_on_the_disc(table):
    t = table({1: "Praetorianus"}, {2: "Legat", 3: "Basilica", 4: "Forum"}, dice=(1, 1, 2))
    t.play("activate 1 target 4", "activate 1 target 2", "end", "roll 2 4 5")
    assert t.refuse("activate 2").rule == "roma.cards.praetorianus"
    assert t.refuse("activate 4 vp 5").rule == "roma.cards.praetorianus"
    t.play("end", "roll 1 1 1", "end", "roll 2 4 5", "activate 2", "activate 4 vp 5")


def test_roma_rulings_a11_scaenicus_position(table):
    t = table({1: "Centurio", 6: "Scaenicus"}, {1: "Legat", 6: "Forum"}, dice=(6, 1, 1))
    t.play("activate 6 copy Centurio", "battle 6")
    assert t.board(1) == {1: "Legat"}


def test_roma_rulings_a12_all_relaid(table):
    t = table({1: "Machina", 2: "Forum", 3: "Legat"}, dice=(1, 1, 1))
    assert t.refuse("activate 1 move Machina 1").rule == "roma.rulings.a12"
    assert t.refuse("activate 1 move Machina 1 Forum 1").rule == "roma.cards.machina"
    t.play("activate 1 move Machina 3 Forum 2")
    assert t.board(0) == {2: "Forum", 3: "Machina"} and t.state.discard == ("Legat",)


def test_roma_rulings_a13_consul_bounds(table):
    t = table({1: "Consul"}, dice=(1, 1, 6))
    assert t.refuse("activate 1 change 1 to 0").rule == "roma.rulings.a13"
    assert t.refuse("activate 1 change 6 to 7").rule == "roma.rulings.a13"
    t.play("activate 1 change 6 to 5")
    assert t.state.dice == (1, 5)


def test_roma_rulings_a18_tie_is_a_draw(table):
    t = table({2: "Tribunus Plebis"}, {1: "Forum"}, vp=(9, 10), stockpile=17, dice=(2, 1, 1))
    t.play("activate 2")
    assert t.vp == (10, 9)
    t = table({2: "Forum"}, {1: "Forum"}, vp=(14, 20), stockpile=2, dice=(2, 6, 1))
    t.play("activate 2 vp 6")  # 14 + 6 = 20, 4 of them credited
    sheet = RULESET.score(t.state)
    assert t.vp == (20, 20) and sheet.winners == ("Ann", "Ben") and sheet.ranks == {"Ann": 1, "Ben": 1}
