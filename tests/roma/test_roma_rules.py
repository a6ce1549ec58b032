"""Roma's general rules: set-up, the phases, actions, the deck's hidden cards, the end of the
game, the rulebook's worked examples and the rulings A1-A20."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.games.roma import RULESET

SETUP = [
    "hand Ann Legat Forum Forum Turris",
    "hand Ben Nero Senator Templum Basilica",
    "give Ann Forum Turris",
    "give Ben Nero Templum",
    "start Ann",
    "place Ann Legat 1 Forum 2 Nero 3 Templum 5",
    "place Ben Senator 1 Basilica 2 Forum 4 Turris 6",
]


def new_game(options=None) -> Game:
    return Game(RULESET, ["Ann", "Ben"], dict(options or {}))


def after_setup(options=None) -> Game:
    game = new_game(options)
    for line in SETUP:
        game.push(line)
    return game


def refuse(game: Game, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(text)
    return info.value


# -- set-up -------------------------------------------------------------------------------------
def test_roma_setup():
    game = new_game()
    s = game.state
    assert s.vp == (10, 10) and s.stockpile == 16 and s.money == (0, 0) and s.draw == 52
    game = after_setup()
    s = game.state
    assert s.hands == ((), ()) and s.draw == 44
    assert sum(1 for c in s.boards[0] if c) == 4 and sum(1 for c in s.boards[1] if c) == 4
    # Ann starts and pays 2 VP for her 2 empty discs at once (the rulebook's remark)
    assert s.player == "Ann" and s.vp == (8, 10) and s.stockpile == 18


def test_roma_setup_swap_exchanges_two_cards():
    game = new_game()
    for line in SETUP[:4]:
        game.push(line)
    assert game.state.hands == (("Legat", "Forum", "Nero", "Templum"), ("Senator", "Basilica", "Forum", "Turris"))


def test_roma_setup_hands():
    game = new_game()
    assert refuse(game, "hand Ann Legat Forum Turris").rule == "roma.setup.hands"
    assert refuse(game, "hand Ann Nero Nero Forum Turris").rule == "roma.deck"  # one Nero only
    assert refuse(game, "give Ann Legat Forum").rule == "roma.setup.swap"
    game.push("hand Ann Legat Forum Forum Turris")
    assert refuse(game, "hand Ann Legat Forum Forum Turris").rule == "roma.setup.hands"
    assert refuse(game, "hand Ben Forum Forum Forum Forum Forum").rule == "roma.setup.hands"
    assert refuse(game, "hand Ben Turris Turris Legat Nero").rule == "roma.deck"  # 2 Turris, Ann has one


def test_roma_setup_swap():
    game = new_game()
    game.push(SETUP[0])
    game.push(SETUP[1])
    assert refuse(game, "give Ann Nero Legat").rule == "roma.setup.swap"  # Nero is Ben's
    assert refuse(game, "give Ann Legat").rule == "roma.setup.swap"
    game.push("give Ann Forum Turris")
    assert refuse(game, "give Ann Legat Forum").rule == "roma.setup.swap"


def test_roma_setup_place():
    game = new_game()
    for line in SETUP[:4]:
        game.push(line)
    assert refuse(game, "place Ann Legat 1 Forum 2 Nero 3 Templum 5").rule == "roma.setup.place"  # who starts?
    game.push("start Ann")
    assert refuse(game, "start Ben").rule == "roma.setup.start"
    assert refuse(game, "place Ben Senator 1 Basilica 2 Forum 4 Turris 6").rule == "roma.setup.place"
    assert refuse(game, "place Ann Legat 1 Forum 1 Nero 3 Templum 5").rule == "roma.setup.place"
    assert refuse(game, "place Ann Legat 1 Forum 2 Nero 3").rule == "roma.setup.place"
    assert refuse(game, "place Ann Legat 1 Forum 2 Nero 3 Templum 7").rule == "roma.setup.place"
    assert refuse(game, "roll 1 2 3").rule == "roma.setup"
    game.push("place Legat 1 Forum 2 Nero 3 Templum 5")  # the player is worked out
    assert game.entries[-1].text == "place Ann Legat 1 Forum 2 Nero 3 Templum 5"


def test_roma_rulings_a1_a2_no_money_and_free_layout():
    game = after_setup()
    assert game.state.money == (0, 0)


# -- the rulebook's example turn --------------------------------------------------------------
def test_example_rulebook_turn_stefan(table):
    """Stefan has one empty disc and pays 1 VP; rolls 3 4 6; draws 3 keeping a Legat; takes
    6 sestertii; lays the Legat on disc 4 paying 5; activates it with the 4: +2 VP, because
    the opponent has 2 empty discs."""
    t = table(
        {1: "Forum", 2: "Templum", 3: "Turris", 5: "Nero", 6: "Basilica"},
        {1: "Forum", 2: "Forum", 3: "Turris", 4: "Legionarius"},
        vp=(10, 10),
        active=1,
        dice=(1, 1, 1),
    )
    t.play("end")  # Stefan (Ann) begins a turn: Phase 1
    assert t.vp == (9, 10) and t.state.stockpile == 17
    t.play("roll 3 4 6", "cards 3 keep Legat")
    assert t.state.hands[0] == ("Legat",) and t.state.unknown_discards == 2
    t.play("money 6", "lay Legat 4")
    assert t.state.money[0] == 1 and t.board(0)[4] == "Legat"
    t.play("activate 4")
    assert t.vp == (11, 10) and t.state.dice == ()


def test_example_rulebook_onager(table):
    """An Onager activated with a 3 attacks a card of defence 3; the battle die shows 4."""
    t = table({3: "Onager"}, {5: "Mercatus"}, dice=(3, 2, 2))
    t.play("activate 3 target 5", "battle 4")
    assert t.board(1) == {}


# -- phases -----------------------------------------------------------------------------------
def test_roma_phase1_vacant(table):
    t = table({1: "Forum"}, {1: "Forum", 2: "Forum", 3: "Forum"}, dice=(1, 1, 1))
    t.play("end")
    assert t.vp == (10, 7) and t.state.stockpile == 19


def test_roma_phase2_roll(table):
    t = table({1: "Forum"}, {2: "Forum"})
    assert t.refuse("money 3").rule == "roma.phase2.roll"
    assert t.refuse("lay Forum 2").rule == "roma.phase2.roll"
    assert t.refuse("end").rule == "roma.phase2.roll"
    t.play("roll 1 2 3")
    assert t.refuse("roll 1 2 3").rule == "roma.phase2.roll"


def test_roma_phase2_reroll(table):
    t = table({1: "Forum"}, {2: "Forum"})
    t.play("roll 1 2 3")
    assert t.refuse("reroll 1 2 3").rule == "roma.phase2.reroll"
    t = table({1: "Forum"}, {2: "Forum"})
    t.play("roll 4 4 4", "reroll 2 2 2", "reroll 2 5 6")  # A3: a second triple again
    assert t.state.dice == (2, 5, 6)
    t = table({1: "Forum"}, {2: "Forum"})
    t.play("roll 4 4 4", "money 4")
    assert t.refuse("reroll 1 2 3").rule == "roma.phase2.reroll"


def test_roma_actions_dice(table):
    t = table({1: "Forum", 4: "Legat"}, {2: "Forum"}, dice=(3, 4, 6))
    t.play("money 6")
    assert t.refuse("money 6").rule == "roma.actions.dice"
    assert t.refuse("activate 1").rule == "roma.actions.dice"
    t.play("activate 4")
    assert t.refuse("activate 4").rule == "roma.actions.dice"


def test_roma_actions_activate_twice_with_two_equal_dice(table):
    t = table({4: "Legat"}, {2: "Forum"}, dice=(4, 4, 6))
    t.play("activate 4", "activate 4")
    assert t.vp == (20, 10)


def test_roma_actions_activate(table):
    t = table({4: "Legat"}, {2: "Forum"}, dice=(3, 4, 6))
    assert t.refuse("activate 3").rule == "roma.actions.activate"
    assert t.refuse("activate 7").rule == "roma.actions.activate"


def test_roma_actions_lay(table):
    t = table({4: "Legat"}, {2: "Forum"}, hands=(("Nero", "Forum"), ()), money=(5, 0), dice=(3, 4, 6))
    err = t.refuse("lay Nero 2")
    assert err.rule == "roma.actions.lay" and "costs 8" in err.message and "has 5" in err.message
    assert t.refuse("lay Legat 2").rule == "roma.actions.lay"  # not in hand
    t.play("lay Forum 2")
    assert t.state.money == (0, 0) and t.state.hands[0] == ("Nero",)


def test_roma_rulings_a20_cover_own_card(table):
    t = table({4: "Legat"}, {2: "Forum"}, hands=(("Forum",), ()), money=(5, 0), dice=(3, 4, 6))
    t.play("lay Forum 4")
    assert t.board(0) == {4: "Forum"} and t.state.discard == ("Legat",) and t.state.money == (0, 0)


def test_roma_actions_money(table):
    t = table(dice=(3, 4, 6))
    t.play("money 4")
    assert t.state.money == (4, 0) and t.state.dice == (3, 6)


def test_roma_actions_cards_and_deck(table):
    t = table({1: "Nero"}, dice=(3, 4, 6))
    assert t.refuse("cards 3 keep Nero").rule == "roma.deck"
    assert t.refuse("cards 3 keep Legat discard Forum Forum Forum").rule == "roma.actions.cards"
    t.play("cards 3 keep Legat discard Forum Sicarius")
    assert t.state.discard == ("Forum", "Sicarius") and t.state.hands[0] == ("Legat",)
    assert t.refuse("cards 4 keep Sicarius").rule == "roma.deck"


def test_roma_rulings_a15_reshuffle_in_the_middle_of_a_draw(table):
    t = table({1: "Nero"}, discard=("Sicarius", "Legat"), unknown_discards=45, draw=4, dice=(3, 4, 6))
    # Sicarius lies face up on the discard: it comes back only when the discard is reshuffled
    assert t.refuse("cards 3 keep Sicarius").rule == "roma.deck"
    t.play("cards 6 keep Sicarius discard Forum")
    s = t.state
    assert s.draw == 47 - 2 and s.discard == ("Forum",) and s.unknown_discards == 4
    assert s.card_total() == 52


def test_roma_actions_cards_nothing_to_draw(table):
    t = table({1: "Nero"}, draw=0, dice=(3, 4, 6))
    assert t.refuse("cards 3 keep Legat").rule == "roma.actions.cards"


def test_roma_rulings_a4_unused_dice_are_lost(table):
    t = table({1: "Forum"}, {1: "Forum"}, dice=(2, 3, 5))
    t.play("end")
    assert t.state.player == "Ben" and t.state.dice is None


def test_roma_turn(table):
    t = table({1: "Forum"}, {1: "Forum"}, dice=(2, 3, 5))
    err = t.refuse("Ben money 2")
    assert err.rule == "roma.turn" and "Ann's turn" in err.message


def test_roma_rulings_a5_phase1_down_to_zero(table):
    t = table({1: "Forum"}, {1: "Forum"}, vp=(10, 3), dice=(2, 3, 5))
    t.play("end")
    assert t.vp == (10, 0) and t.state.stockpile == 26 and t.state.ended == "Ben has no VP left"
    assert RULESET.outcome(t.state).winners == ("Ann",)


def test_roma_end_credit(table):
    """16 VP, stockpile 5, a gain of 6: the player ends on 22 (COMP2911 Mon13Oboe)."""
    t = table({2: "Forum"}, {1: "Forum"}, vp=(16, 15), dice=(2, 6, 1))
    assert t.state.stockpile == 5
    t.play("activate 2 vp 6")
    s = t.state
    assert s.vp == (22, 15) and s.stockpile == 0 and s.credited == 1 and s.ended == "the stockpile is empty"
    sheet = RULESET.score(s)
    assert sheet.winners == ("Ann",) and any("credited" in n for n in sheet.notes)
    assert t.refuse("money 1").rule == "roma.end"


def test_roma_end_winner_tie_is_a_draw(table):
    t = table({2: "Tribunus Plebis"}, {1: "Forum"}, vp=(1, 1), stockpile=34, dice=(2, 6, 1))
    t.play("activate 2")
    assert t.vp == (2, 0)
    t = table({2: "Legat"}, {1: "Forum", 2: "Forum", 3: "Forum", 4: "Forum", 5: "Forum"}, vp=(17, 18), dice=(2, 6, 1))
    t.play("activate 2")  # stockpile 1 -> 0
    assert t.vp == (18, 18) and t.state.ended
    outcome = RULESET.outcome(t.state)
    assert outcome.winners == ("Ann", "Ben") and "draw" in outcome.reason


def test_roma_battle_waits_for_the_die(table):
    t = table({1: "Legionarius"}, {1: "Forum"}, dice=(1, 3, 5))
    t.play("activate 1")
    assert t.refuse("money 3").rule == "roma.battle"
    assert t.refuse("end").rule == "roma.battle"
    t.play("battle 3")
    assert t.refuse("battle 3").rule == "roma.battle"


def test_roma_bribe(table):
    t = table({7: "Legat", 6: "Forum"}, {1: "Forum"}, money=(3, 0), dice=(4, 2, 2), options={"bribe": "on"})
    assert t.refuse("activate 7 die 4").rule == "roma.bribe"  # 4 sestertii, Ann has 3
    t.play("activate 7 die 2")
    assert t.state.money == (1, 0) and t.vp == (16, 10)  # Ben has 6 empty discs of 7


def test_roma_bribe_forum_and_adjacency(table):
    t = table({7: "Forum", 6: "Basilica"}, {1: "Forum"}, money=(9, 0), dice=(4, 5, 1), options={"bribe": "on"})
    t.play("activate 7 die 4 vp 5")
    assert t.vp == (17, 10) and t.state.money == (5, 0)


def test_roma_bribe_die_worked_out_and_off_by_default(table):
    t = table({7: "Legat"}, {1: "Forum"}, money=(9, 0), dice=(3, 3, 3), options={"bribe": "on"})
    t.play("activate 7")
    assert t.state.money == (6, 0)
    t = table({6: "Legat"}, {1: "Forum"}, money=(9, 0), dice=(3, 3, 3))
    assert t.refuse("activate 7 die 3").rule == "roma.actions.activate"


def test_roma_bribe_phase1_counts_seven_discs(table):
    t = table({1: "Forum"}, {1: "Forum"}, dice=(1, 1, 1), options={"bribe": "on"})
    t.play("end")
    assert t.vp == (10, 4)


# -- the rulings not covered by the card tests --------------------------------------------------
def test_roma_rulings_a6_mercatus(table):
    for option, expected in (("opponent", (11, 9)), ("stockpile", (11, 10))):
        t = table({1: "Mercatus"}, {2: "Forum"}, dice=(1, 4, 4), options={"mercatus": option})
        t.play("activate 1")
        assert t.vp == expected


def test_roma_rulings_a7_a19_essedum_below_one(table):
    t = table({1: "Essedum", 2: "Essedum", 3: "Onager"}, {4: "Templum"}, dice=(1, 2, 3))
    t.play("activate 1", "activate 2", "activate 3 target 4", "battle 1")
    assert t.board(1) == {}


def test_roma_rulings_a14_no_target(table):
    for card in ("Sicarius", "Gladiator", "Velites"):
        t = table({1: card}, {2: "Forum"}, dice=(1, 4, 4))
        assert t.refuse("activate 1").rule == "roma.rulings.a14"
    for card in ("Nero", "Onager"):
        t = table({1: card}, {2: "Legat"}, dice=(1, 4, 4))
        assert t.refuse("activate 1").rule == "roma.rulings.a14"


def test_roma_rulings_a16_nothing_to_take(table):
    t = table({1: "Haruspex", 2: "Aesculapinum"}, draw=0, unknown_discards=50, dice=(1, 2, 4))
    assert t.refuse("activate 1 take Legat").rule == "roma.rulings.a16"
    t = table({2: "Aesculapinum"}, discard=("Forum",), dice=(1, 2, 4))
    assert t.refuse("activate 2 take Legat").rule == "roma.rulings.a16"


def test_roma_rulings_a17_mercator_buys_nothing(table):
    t = table({2: "Mercator"}, money=(1, 0), dice=(2, 4, 4))
    t.play("activate 2")
    assert t.vp == (10, 10) and t.state.dice == (4, 4)


# -- notation ---------------------------------------------------------------------------------
def test_roma_notation_forgiving(table):
    t = table({4: "Legat", 2: "Forum"}, {1: "Forum"}, dice=(2, 4, 6))
    move = RULESET.parse(t.state, "Ann ACT 2 6")
    assert move.notation() == "activate 2 vp 6"
    with pytest.raises(InvalidEntry) as info:
        RULESET.parse(t.state, "fly 3")
    assert info.value.rule == "roma.notation"
    with pytest.raises(InvalidEntry):
        RULESET.parse(t.state, "lay Legxt 3")
    assert RULESET.parse(t.state, "cards 3 keep asculapinum").keep == "Aesculapinum"
    assert RULESET.parse(t.state, "cards 3 keep Velite").keep == "Velites"
    assert RULESET.parse(t.state, "cards 3 keep basiliaca").keep == "Basilica"
    assert RULESET.parse(t.state, "roll 346").dice == (3, 4, 6)


def test_roma_deck_hidden_hands():
    game = after_setup()
    game.push("roll 3 4 6")
    game.push("cards 3 keep Legat")
    hidden = game.describe()
    assert "hand" not in hidden["players"][0] and hidden["players"][0]["hand_size"] == 1
    shown = game.describe(reveal=True)
    assert shown["players"][0]["hand"] == ["Legat"]


def test_roma_deck_legat_all_seen():
    game = after_setup()
    game.push("roll 3 4 6")
    game.push("cards 3 keep Legat")  # Ann's board has one Legat: this is the second
    assert refuse(game, "cards 4 keep Legat").rule == "roma.deck"


def test_roma_battle_shows_the_defence_working(table):
    """'Can Essedum bring my Forum into range?': the prompt and the result show the sum."""
    t = table({1: "Essedum", 2: "Onager"}, {4: "Forum", 5: "Turris"}, dice=(1, 2, 3))
    t.play("activate 1", "activate 2 target 4")
    message = RULESET.expecting(t.state).message
    assert "Ben's Forum on disc 4, defence 5 +1 Turris -2 Essedum = 4" in message
    t.play("battle 4")
    last = RULESET.describe(t.state)["last"]
    assert last.endswith("battle 4, the card is discarded") and t.board(1) == {5: "Turris"}


def test_roma_phase1_reported(table):
    t = table({1: "Forum"}, {1: "Forum", 2: "Forum"}, dice=(1, 1, 1))
    t.play("end")
    assert RULESET.describe(t.state)["last"] == "Phase 1: Ben has 4 empty discs and pays 4 VP"


def test_roma_turn_prompt():
    game = new_game()
    assert set(game.expecting().kinds) == {"start", "hand"}
    for line in SETUP[:4]:
        game.push(line)
    assert game.expecting().kinds == ("start",)
    game.push(SETUP[4])
    prompt = game.expecting()
    assert prompt.kinds == ("place",) and prompt.players == ("Ann",)
    game.push(SETUP[5])
    game.push(SETUP[6])
    assert game.expecting().kinds == ("roll",) and game.expecting().players == ("Ann",)
    game.push("roll 2 2 2")
    assert game.expecting().kinds[0] == "reroll"
    game.push("money 2")
    assert "reroll" not in game.expecting().kinds
    assert "dice left 2, 2" in game.expecting().message


def test_roma_actions_activate_hint_lists_what_is_left(table):
    t = table({4: "Legat", 6: "Forum", 3: "Turris"}, dice=(3, 4, 6))
    err = t.refuse("activate 2")
    assert err.message == "Ann has no card on disc 2"
    assert "activate: 4 Legat, 6 Forum" in err.hint


def test_roma_battle_defence_shown_in_state(table):
    t = table({1: "Essedum"}, {4: "Forum", 5: "Turris"}, dice=(1, 2, 3))
    assert RULESET.describe(t.state)["players"][1]["defence"] == {"4": 6}
    t.play("activate 1")
    assert RULESET.describe(t.state)["players"][1]["defence"] == {"4": 4, "5": 4}
