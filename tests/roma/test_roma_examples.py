"""The worked examples of shared/games/roma/cards.json not already in the card tests."""

from __future__ import annotations


def test_example_templum_forum_dice_2_3_6(table):
    """Templum on disc 1, Forum on disc 2, dice 2, 3, 6: +3 (Forum) +6 (Templum) = +9."""
    t = table({1: "Templum", 2: "Forum"}, dice=(2, 3, 6))
    t.play("activate 2 vp 3 6")
    assert t.vp == (19, 10) and t.state.dice == ()


def test_example_forum_templum_basilica_empties_the_stockpile(table):
    """Forum + Templum(6) + Basilica: +5 +6 +2 = 13; emptying the stockpile ends the game."""
    t = table({1: "Templum", 2: "Forum", 3: "Basilica"}, vp=(13, 10), dice=(2, 5, 6))
    assert t.state.stockpile == 13
    t.play("activate 2 vp 5 6")
    assert t.vp == (26, 10) and t.state.stockpile == 0 and t.state.credited == 0
    assert t.state.ended == "the stockpile is empty"


def test_example_legat_counts_the_bribe_disc(table):
    """With 7 discs: opponent with no card +7; cards on 1, 2, 4, 6, 7 -> +2; 1 card -> +6;
    3 cards -> +4."""
    cases = [({}, 7), ({1: "Forum", 2: "Forum", 4: "Forum", 6: "Forum", 7: "Forum"}, 2),
             ({3: "Forum"}, 6), ({1: "Forum", 5: "Forum", 7: "Forum"}, 4)]
    for ben, gain in cases:
        t = table({3: "Legat"}, ben, dice=(3, 1, 1), options={"bribe": "on"})
        t.play("activate 3")
        assert t.vp == (10 + gain, 10), ben


def test_example_forum_on_disc_2(table):
    """Forum on disc 2 activated with a 2, second die 5: +5 VP, one die remains."""
    t = table({2: "Forum"}, dice=(2, 5, 1))
    t.play("activate 2 vp 5")
    assert t.vp == (15, 10) and t.state.dice == (1,)


def test_example_essedum_twice_basilica_to_one(table):
    """Two Essedum activations: a Basilica's defence 5 drops to 1."""
    from assistant.games.roma.board import defence

    t = table({1: "Essedum", 2: "Essedum"}, {4: "Basilica"}, dice=(1, 2, 6))
    t.play("activate 1", "activate 2")
    assert defence(t.state, 1, 4) == 1


def test_example_sicarius_by_disc(table):
    """Sicarius removes the Senator on disc 3; the Forum next to it is untouched."""
    t = table({5: "Sicarius"}, {3: "Senator", 2: "Forum", 4: "Forum"}, dice=(5, 1, 1))
    t.play("activate 5 target 3")
    assert t.board(1) == {2: "Forum", 4: "Forum"} and t.board(0) == {}
