"""Every one of the 25 Roma cards, with the rulings of cards.json's examples."""

from __future__ import annotations

import pytest

from assistant.games.roma import RULESET

from assistant.core.errors import InvalidEntry

FULL = {1: "Templum", 2: "Templum", 3: "Turris", 4: "Turris", 5: "Templum", 6: "Templum"}


def test_roma_cards_sicarius(table):
    t = table({1: "Sicarius"}, {3: "Senator", 4: "Forum"}, dice=(1, 2, 5))
    t.play("activate 1 target 3")
    assert t.board(0) == {} and t.board(1) == {4: "Forum"}
    assert t.state.discard == ("Senator", "Sicarius")


def test_roma_cards_sicarius_kills_a_sicarius_and_not_a_building(table):
    t = table({1: "Sicarius"}, {2: "Sicarius", 4: "Forum"}, dice=(1, 2, 5))
    assert t.refuse("activate 1 target 4").rule == "roma.cards.sicarius"
    t.play("activate 1")  # the only character is taken as the target
    assert t.board(0) == {} and t.board(1) == {4: "Forum"}


def test_roma_cards_architectus(table):
    t = table({2: "Architectus", 3: "Legat"}, hands=(("Forum", "Turris", "Legat"), ()), dice=(2, 4, 5))
    assert t.refuse("activate 2 lay Legat 4").rule == "roma.cards.architectus"
    t.play("activate 2 lay Forum 3 Turris 2")
    assert t.board(0) == {2: "Turris", 3: "Forum"}  # the Architectus covered itself
    assert t.state.money == (0, 0)
    assert sorted(t.state.discard) == ["Architectus", "Legat"]


def test_roma_cards_architectus_normal_lay_still_pays(table):
    t = table({2: "Architectus"}, hands=(("Forum",), ()), money=(4, 0), dice=(1, 4, 5))
    err = t.refuse("lay Forum 3")
    assert err.rule == "roma.actions.lay"


def test_roma_cards_consiliarius(table):
    t = table({1: "Consiliarius", 2: "Legat", 3: "Forum", 5: "Turris"}, dice=(1, 3, 5))
    err = t.refuse("activate 1 move Consiliarius 1")
    assert err.rule == "roma.rulings.a12" and "move Consiliarius 1 Legat 2" in (err.hint or "")
    t.play("activate 1 move Legat 3 Consiliarius 4")
    assert t.board(0) == {3: "Legat", 4: "Consiliarius", 5: "Turris"}
    assert t.state.discard == ("Forum",)


def test_roma_cards_legat_counts_empty_opponent_discs(table):
    t = table({4: "Legat"}, {1: "Forum", 2: "Forum", 3: "Forum", 5: "Turris"}, dice=(3, 4, 6))
    t.play("activate 4")
    assert t.vp == (12, 10) and t.state.stockpile == 14


def test_roma_cards_gladiator(table):
    t = table({6: "Gladiator"}, {2: "Velites", 3: "Forum"}, hands=((), ("Legat",)), dice=(6, 6, 1))
    assert t.refuse("activate 6 target 3").rule == "roma.cards.gladiator"
    t.play("activate 6 target 2")
    assert t.board(1) == {3: "Forum"} and t.state.hands[1] == ("Legat", "Velites")


def test_roma_cards_mercator(table):
    t = table({2: "Mercator"}, money=(9, 0), dice=(2, 2, 3))
    assert t.refuse("activate 2 buy 5").rule == "roma.cards.mercator"
    t.play("activate 2 buy 4")
    assert t.vp == (14, 6) and t.state.money == (1, 8)


def test_roma_cards_mercator_default_buys_the_most(table):
    t = table({2: "Mercator"}, money=(30, 0), vp=(10, 3), dice=(2, 3, 4))
    move = t.state and __import__("assistant.games.roma", fromlist=["RULESET"]).RULESET.parse(t.state, "activate 2")
    assert move.buy == 3
    t.play("activate 2")
    assert t.vp == (13, 0) and t.state.ended == "Ben has no VP left"
    assert t.state.money == (24, 6)


def test_roma_cards_consul(table):
    t = table({1: "Consul"}, dice=(1, 2, 1))
    t.play("activate 1 change 2 to 1")
    assert t.state.dice == (1, 1)
    t2 = table({1: "Consul"}, dice=(1, 2, 1))
    t2.play("activate 1 change 1 to 2")
    assert t2.state.dice == (2, 2)


def test_roma_cards_consul_by_one_only(table):
    t = table({1: "Consul"}, dice=(1, 4, 6))
    assert t.refuse("activate 1 change 4 to 6").rule == "roma.cards.consul"
    assert t.refuse("activate 1 change 5 to 6").rule == "roma.cards.consul"
    assert t.refuse("activate 1 change 6 to 7").rule == "roma.rulings.a13"


def test_roma_cards_legionarius(table):
    t = table({3: "Legionarius", 4: "Legionarius"}, {3: "Basilica", 4: "Nero"}, dice=(3, 4, 1))
    t.play("activate 3", "battle 6")
    assert 3 not in t.board(1)
    t.play("activate 4", "battle 6")
    assert t.board(1) == {4: "Nero"}


def test_roma_cards_legionarius_attacks_only_opposite(table):
    t = table({3: "Legionarius", 1: "Forum"}, {4: "Nero"}, dice=(3, 4, 1))
    assert t.refuse("activate 3 target 4").rule == "roma.cards.legionarius"
    assert t.refuse("activate 3").rule == "roma.rulings.a14"


def test_roma_cards_nero_ignores_turris(table):
    t = table({5: "Nero"}, {1: "Turris", 2: "Forum", 3: "Legat"}, dice=(5, 2, 2))
    assert t.refuse("activate 5 target 3").rule == "roma.cards.nero"
    t.play("activate 5 target 2")
    assert t.board(0) == {} and t.board(1) == {1: "Turris", 3: "Legat"}
    assert sorted(t.state.discard) == ["Forum", "Nero"]


def test_roma_cards_praetorianus(table):
    t = table({4: "Praetorianus"}, {3: "Legat", 2: "Forum"}, dice=(4, 1, 1))
    t.play("activate 4 target 3", "end")
    assert t.state.blocked[1] == frozenset({3})
    t.play("roll 3 2 5")
    err = t.refuse("activate 3")
    assert err.rule == "roma.cards.praetorianus"
    t.play("end", "roll 1 1 2", "end", "roll 3 3 4", "activate 3")  # the block has expired
    assert t.vp[1] > 0


def test_roma_cards_praetorianus_blocks_the_disc_not_the_card(table):
    t = table({4: "Praetorianus"}, {1: "Forum"}, hands=((), ("Legat",)), money=(0, 9), dice=(4, 1, 1))
    t.play("activate 4 target 3", "end", "roll 3 3 5", "lay Legat 3")
    assert t.refuse("activate 3").rule == "roma.cards.praetorianus"


def test_roma_cards_praetorianus_leaves_passive_effects(table):
    t = table({2: "Forum", 3: "Basilica"}, {3: "Praetorianus"}, active=1, dice=(3, 1, 1))
    t.play("activate 3 target 3", "end", "roll 2 5 6")
    before = t.vp[0]
    t.play("activate 2 vp 5")
    assert t.vp[0] == before + 5 + 2


def test_roma_cards_scaenicus_uses_its_own_disc(table):
    t = table({2: "Legionarius", 5: "Scaenicus"}, {2: "Forum", 5: "Templum"}, dice=(5, 1, 1))
    t.play("activate 5 copy Legionarius", "battle 2")
    assert t.board(1) == {2: "Forum"}


def test_roma_cards_scaenicus_copies_characters_only(table):
    t = table({2: "Legat", 3: "Forum", 5: "Scaenicus", 6: "Scaenicus"}, dice=(5, 1, 1))
    assert t.refuse("activate 5 copy Forum").rule == "roma.cards.scaenicus"
    assert t.refuse("activate 5 copy Nero").rule == "roma.cards.scaenicus"
    t.play("activate 5")  # Legat is the only thing to copy; Ben has 6 empty discs
    assert t.vp == (16, 10)


def test_roma_rulings_a11_scaenicus_copies_a_scaenicus(table):
    """Issue 13: A11 allows copying the other Scaenicus, which copies one of the player's
    characters; the copy of the copy is resolved from the activated Scaenicus' disc."""
    t = table({2: "Legat", 4: "Velites", 5: "Scaenicus", 6: "Scaenicus"}, {3: "Forum", 5: "Consul"}, dice=(5, 5, 1))
    move = RULESET.parse(t.state, "activate 5 copy Scaenicus")  # two characters: which one?
    err = t.refuse("activate 5 copy Scaenicus")
    assert err.rule == "roma.rulings.a11" and "copy Scaenicus Legat / copy Scaenicus Velites" in err.hint
    assert move.via == "Scaenicus" and move.copy is None
    t.play("activate 5 copy Scaenicus Legat")
    assert t.vp == (14, 10) and "Scaenicus (as the other Scaenicus, as Legat)" in RULESET.describe(t.state)["last"]
    assert RULESET.parse(t.state, "activate 5 copy Scaenicus as Velites target 5").notation() == "activate 5 copy Scaenicus Velites target 5"
    t.play("activate 5 copy Scaenicus copy Velites target 5", "battle 3")
    assert t.board(1) == {3: "Forum"}


def test_roma_rulings_a11_scaenicus_copy_completed_or_refused(table):
    # one character besides the two Scaenicus: the copy of the copy is worked out
    t = table({2: "Legat", 5: "Scaenicus", 6: "Scaenicus"}, dice=(5, 1, 1))
    t.play("activate 5 copy Scaenicus")
    assert t.vp == (16, 10)
    # no other Scaenicus on the board
    t = table({2: "Legat", 5: "Scaenicus"}, dice=(5, 1, 1))
    err = t.refuse("activate 5 copy Scaenicus Legat")
    assert err.rule == "roma.rulings.a11" and "no other face-up Scaenicus" in err.message
    # only the two Scaenicus: nothing to copy, the die is not wasted (as A14)
    t = table({5: "Scaenicus", 6: "Scaenicus"}, dice=(5, 1, 1))
    assert t.refuse("activate 5 copy Scaenicus").rule == "roma.rulings.a11"


def test_roma_cards_scaenicus_copying_sicarius_is_discarded(table):
    t = table({1: "Sicarius", 5: "Scaenicus"}, {2: "Legat"}, dice=(5, 1, 1))
    t.play("activate 5 copy Sicarius target 2")
    assert t.board(0) == {1: "Sicarius"} and sorted(t.state.discard) == ["Legat", "Scaenicus"]


def test_roma_cards_scaenicus_copying_consiliarius_moves_itself(table):
    t = table({1: "Consiliarius", 5: "Scaenicus"}, dice=(5, 1, 1))
    t.play("activate 5 copy Consiliarius move Consiliarius 2 Scaenicus 3")
    assert t.board(0) == {2: "Consiliarius", 3: "Scaenicus"}


def test_roma_cards_scaenicus_copying_centurio_may_add(table):
    t = table({1: "Centurio", 5: "Scaenicus"}, {5: "Nero"}, dice=(5, 6, 1))
    t.play("activate 5 copy Centurio", "battle 4 add 6")
    assert t.board(1) == {}


def test_roma_cards_haruspex(table):
    t = table({3: "Haruspex"}, dice=(3, 1, 1))
    draw = t.state.draw
    t.play("activate 3 take Nero")
    assert t.state.hands[0] == ("Nero",) and t.state.draw == draw - 1


def test_roma_cards_haruspex_refuses_a_card_all_seen(table):
    t = table({3: "Haruspex"}, {1: "Nero"}, dice=(3, 1, 1))
    assert t.refuse("activate 3 take Nero").rule == "roma.deck"


def test_roma_cards_senator(table):
    t = table({1: "Senator"}, hands=(("Legat", "Nero", "Forum"), ()), dice=(1, 2, 3))
    assert t.refuse("activate 1 lay Forum 2").rule == "roma.cards.senator"
    t.play("activate 1 lay Legat 1 Nero 6")
    assert t.board(0) == {1: "Legat", 6: "Nero"} and t.state.discard == ("Senator",)
    assert t.state.hands[0] == ("Forum",) and t.state.money == (0, 0)


def test_roma_cards_velites(table):
    t = table({1: "Velites", 2: "Velites"}, {5: "Mercator", 6: "Gladiator", 3: "Haruspex", 4: "Forum"}, dice=(1, 2, 1))
    assert t.refuse("activate 1 target 4").rule == "roma.cards.velites"
    t.play("activate 1 target 5", "battle 3")
    t.play("activate 2 target 6", "battle 5")
    t.play("activate 1 target 3", "battle 2")
    assert t.board(1) == {3: "Haruspex", 4: "Forum"}


def test_roma_cards_essedum(table):
    t = table({1: "Essedum", 2: "Centurio"}, {2: "Centurio"}, dice=(1, 2, 4))
    t.play("activate 1", "activate 2", "battle 3")
    assert t.board(1) == {}


def test_roma_cards_essedum_only_after_activation_and_stacks(table):
    t = table({1: "Essedum", 2: "Onager", 3: "Essedum"}, {4: "Basilica", 5: "Basilica"}, dice=(2, 1, 3))
    t.play("activate 2 target 4", "battle 4")
    assert 4 in t.board(1)  # no Essedum yet: defence 5
    t2 = table({1: "Essedum", 2: "Onager", 3: "Essedum"}, {4: "Basilica"}, dice=(1, 3, 2))
    t2.play("activate 1", "activate 3", "activate 2 target 4", "battle 1")
    assert t2.board(1) == {}


def test_roma_cards_essedum_ends_with_the_turn(table):
    t = table({1: "Essedum", 2: "Onager"}, {4: "Basilica", 1: "Onager"}, dice=(1, 5, 5))
    t.play("activate 1", "end", "roll 1 1 2", "end", "roll 2 4 4", "activate 2 target 4", "battle 4")
    assert 4 in t.board(1)


def test_roma_cards_tribunus_plebis(table):
    t = table({1: "Tribunus Plebis", 2: "Tribunus Plebis"}, dice=(1, 2, 3))
    t.play("activate 1")
    assert t.vp == (11, 9)
    t.play("activate 2")
    assert t.vp == (12, 8)


def test_roma_cards_tribunus_plebis_last_vp_ends_the_game(table):
    t = table({1: "Tribunus Plebis"}, vp=(10, 1), dice=(1, 2, 3))
    t.play("activate 1")
    assert t.state.ended == "Ben has no VP left"


def test_roma_cards_centurio(table):
    t = table({1: "Centurio", 2: "Centurio"}, {1: "Sicarius", 2: "Nero"}, dice=(1, 1, 2))
    t.play("activate 1", "battle 1 add 1")
    assert 1 not in t.board(1)
    t2 = table({2: "Centurio"}, {2: "Nero"}, dice=(2, 6, 1))
    t2.play("activate 2", "battle 4 add 6")
    assert t2.board(1) == {} and t2.state.dice == (1,)


def test_roma_cards_centurio_without_boost(table):
    t = table({1: "Centurio", 2: "Centurio"}, {1: "Architectus", 2: "Centurio"}, dice=(1, 2, 3))
    t.play("activate 1", "battle 6", "activate 2", "battle 1")
    assert t.board(1) == {2: "Centurio"}


def test_roma_cards_centurio_add_needs_a_die_and_a_centurio(table):
    t = table({1: "Centurio", 2: "Legionarius"}, {1: "Nero", 2: "Nero"}, dice=(1, 2, 5))
    t.play("activate 1")
    assert t.refuse("battle 4 add 6").rule == "roma.actions.dice"
    t.play("battle 4 add 5")
    t.play("activate 2")
    assert t.refuse("battle 4 add 5").rule == "roma.cards.centurio"


def test_roma_cards_aesculapinum(table):
    t = table({4: "Aesculapinum"}, discard=("Legat", "Forum"), dice=(4, 1, 1))
    assert t.refuse("activate 4 take Forum").rule == "roma.cards.aesculapinum"
    assert t.refuse("activate 4 take Nero").rule == "roma.cards.aesculapinum"
    t.play("activate 4 take Legat")
    assert t.state.hands[0] == ("Legat",) and t.state.discard == ("Forum",)


def test_roma_cards_aesculapinum_takes_an_unnamed_discard(table):
    t = table({4: "Aesculapinum"}, unknown_discards=3, dice=(4, 1, 1))
    t.play("activate 4 take Nero")
    assert t.state.unknown_discards == 2 and t.state.hands[0] == ("Nero",)


def test_roma_cards_basilica(table):
    t = table({1: "Basilica", 2: "Forum", 3: "Basilica"}, dice=(2, 4, 1))
    assert t.refuse("activate 1").rule == "roma.cards.basilica"
    t.play("activate 2 vp 4")
    assert t.vp == (10 + 4 + 4, 10)


def test_roma_cards_machina(table):
    t = table({1: "Machina", 2: "Forum", 4: "Legat"}, dice=(1, 3, 5))
    t.play("activate 1 move Forum 4 Machina 6")
    assert t.board(0) == {4: "Forum", 6: "Machina"} and t.state.discard == ("Legat",)


def test_roma_cards_forum(table):
    t = table({2: "Forum"}, dice=(2, 5, 1))
    assert t.refuse("activate 2").rule == "roma.cards.forum"  # two dice left: which one?
    t.play("activate 2 vp 5")
    assert t.vp == (15, 10) and t.state.dice == (1,)


def test_roma_cards_forum_vp_die_worked_out(table):
    t = table({2: "Forum"}, dice=(2, 5, 5))
    t.play("activate 2")
    assert t.vp == (15, 10)


def test_roma_cards_forum_templum_basilica(table):
    t = table({1: "Templum", 2: "Forum", 3: "Basilica"}, vp=(10, 10), dice=(2, 5, 6))
    t.play("activate 2 vp 5 6")
    assert t.vp == (23, 10) and t.state.stockpile == 3 and not t.state.ended


def test_roma_cards_forum_third_die_needs_templum(table):
    t = table({2: "Forum", 3: "Basilica"}, dice=(2, 5, 6))
    assert t.refuse("activate 2 vp 5 6").rule == "roma.cards.templum"


def test_roma_cards_mercatus_from_opponent_by_default(table):
    t = table({1: "Mercatus"}, {2: "Forum", 3: "Forum", 5: "Legat"}, dice=(1, 4, 4))
    t.play("activate 1")
    assert t.vp == (12, 8) and t.state.stockpile == 16


def test_roma_cards_mercatus_from_stockpile_option(table):
    t = table({1: "Mercatus"}, {2: "Forum", 3: "Forum"}, dice=(1, 4, 4), options={"mercatus": "stockpile"})
    t.play("activate 1")
    assert t.vp == (12, 10) and t.state.stockpile == 14


def test_roma_cards_onager(table):
    t = table({3: "Onager"}, {1: "Basilica", 2: "Templum", 4: "Forum", 5: "Legat"}, dice=(3, 3, 3))
    assert t.refuse("activate 3 target 5").rule == "roma.cards.onager"
    t.play("activate 3 target 4", "battle 4")
    assert 4 in t.board(1)
    t.play("activate 3 target 1", "battle 5", "activate 3 target 2", "battle 2")
    assert t.board(1) == {4: "Forum", 5: "Legat"}


def test_roma_cards_templum_only_one_extra_die(table):
    t = table({1: "Templum", 2: "Forum", 3: "Templum"}, dice=(2, 5, 6))
    assert t.refuse("activate 1").rule == "roma.cards.templum"
    with pytest.raises(InvalidEntry):
        t.play("activate 2 vp 5 6 1")
    t.play("activate 2 vp 5 6")
    assert t.vp == (21, 10)


def test_roma_cards_turris(table):
    t = table({1: "Legionarius", 2: "Legionarius", 3: "Onager"}, {1: "Turris", 2: "Basilica", 4: "Templum"}, dice=(1, 2, 3))
    assert t.refuse("activate 4").rule == "roma.actions.activate"
    t.play("activate 2", "battle 5")  # Basilica 5 + 1
    assert 2 in t.board(1)
    t.play("activate 1", "battle 6")  # the Turris does not protect itself
    assert 1 not in t.board(1)
    t.play("activate 3 target 4", "battle 2")  # the Turris is gone: Templum back to 2
    assert t.board(1) == {2: "Basilica"}


def test_roma_cards_two_turris_protect_each_other(table):
    t = table({1: "Legionarius", 2: "Legionarius"}, {1: "Turris", 2: "Turris"}, dice=(1, 2, 5))
    t.play("activate 1", "battle 6")
    assert t.board(1) == {1: "Turris", 2: "Turris"}
    from assistant.games.roma.board import defence

    assert defence(t.state, 1, 1) == 7 and defence(t.state, 1, 2) == 7


def test_roma_cards_forum_with_templum_asks_which_dice(table):
    t = table({1: "Templum", 2: "Forum"}, dice=(2, 5, 5))
    assert t.refuse("activate 2").rule == "roma.cards.forum"
    t.play("activate 2 vp 5 5")
    assert t.vp == (20, 10)
