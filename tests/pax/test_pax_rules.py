"""PAX rules, one test (or a few) per rule id: setup, the turn, each category's function,
the end of round, the end of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pax_helpers import R, aureus, cards, give, push, refused, set_legions, started

from assistant.core import Game
from assistant.games.pax.state import DeckPart


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n, removed, legions, deck_after", [(2, 20, 3, 46), (3, 10, 4, 54), (4, 0, 5, 62)])
def test_pax_setup_deck_and_counts(n, removed, legions, deck_after):
    seats = ["Ada", "Ben", "Cy", "Dora"][:n]
    state = R.setup(seats, {})
    assert state.removed == removed and state.rome_hidden == 3 and len(state.legions) == legions
    assert all(p.aureus == 5 for p in state.players)
    assert state.card_count() == 74
    state = started(seats)
    assert state.deck_size == deck_after  # pax.setup.counts
    assert state.card_count() == 74


def test_pax_setup_hands_draw_two_three_four_five():
    state = R.setup(["Ada", "Ben", "Cy", "Dora"], {})
    state = push(state, "start Ben")
    assert R.expecting(state).players == ("Ben",)
    state = push(state, "keep army 1/1 return fleet 1/1")  # Ben drew 2
    exc = refused(state, "keep army 1/1 return fleet 1/1")  # Cy drew 3: returns 2 or none
    assert exc.rule == "pax.setup.hands"
    state = push(state, "Cy keep army 1/1 return fleet 1/1, wealth 1/1")
    assert refused(state, "Ada keep army 2/1").rule == "pax.setup.hands"  # Dora's turn
    state = push(state, "Dora keep army 2/1", "Ada keep army 3/1")
    assert state.phase == "market"
    assert state.deck.count(DeckPart(cards=cards("fleet 1/1"))) == 1
    assert state.deck[-1] == DeckPart(unknown=4)  # Ada's 4 returned cards were not entered


def test_pax_setup_start_player_only_before_the_hands():
    state = push(R.setup(["Ada", "Ben"], {}), "keep army 1/1")
    assert refused(state, "start Ada").rule == "pax.setup.start-player"


def test_pax_setup_market_one_per_legion():
    state = push(R.setup(["Ada", "Ben"], {}), "keep army 1/1", "keep army 1/1")
    assert refused(state, "market w1, w1, w1, w1").rule == "pax.setup.market"
    state = push(state, "market w1", "market f1 a2")
    assert state.phase == "turn" and state.round == 1
    assert [g[0].token() for g in state.legions] == ["wealth 1/1", "fleet 1/1", "army 2/1"]


def test_pax_data_cards_counts():
    """pax.data.cards: an 11th Army card cannot exist."""
    state = R.setup(["Ada", "Ben"], {})
    state = replace(state, seen=(0, 0, 10, 0, 0, 0, 0))
    exc = refused(state, "keep army 1/1")
    assert exc.rule == "pax.data.cards" and "10 army" in exc.message


# -- the turn ------------------------------------------------------------------------------
def test_pax_round_turn_order():
    state = started()
    exc = refused(state, "Ben draw army 1/1 hand")
    assert exc.rule == "pax.round" and "Ada" in exc.message


def test_pax_turn_draw_each_destination_once():
    state = push(started(), "draw army 1/1 hand")
    exc = refused(state, "draw army 2/1 hand")
    assert exc.rule == "pax.turn.draw"
    state = push(state, "draw army 2/1 II")
    assert refused(state, "draw army 3/1 III").rule == "pax.turn.draw"
    state = push(state, "draw army 3/1 deck")
    assert state.turn.draw_done


def test_pax_turn_draw_is_compulsory_before_buy_play_end():
    state = started()
    for entry in ("buy I", "play estate 1/1", "end"):
        exc = refused(state, entry)
        assert exc.rule == "pax.turn.draw"
        assert "3 more cards" in exc.message


def test_pax_turn_draw_known_cards_come_back():
    """Cards slid under the deck keep their faces when they are drawn again."""
    state = started()
    state = replace(state, deck=(DeckPart(cards=cards("army 4/2, fleet 3/2")), DeckPart(unknown=40)))
    exc = refused(state, "draw senator 1/1 hand")
    assert exc.rule == "pax.turn.draw" and "army 4/2" not in exc.message and "known faces" in exc.message
    state = push(state, "draw fleet 3/2 hand, army 4/2 deck, wealth 1/1 I")


def test_pax_open_action_order():
    state = give(started(), "Ada", hand="wealth 1/1", aureus=10)
    state = push(state, "draw army 1/1 hand, army 2/1 II, army 3/1 deck", "play wealth 1/1")
    assert refused(state, "buy I").rule == "pax.open.action-order"


def test_pax_turn_buy_one_group_whole_and_affordable():
    state = push(give(started(), "Ada", aureus=2), "draw army 1/1 hand, army 4/1 II, army 3/1 deck")
    exc = refused(state, "buy II")
    assert exc.rule == "pax.turn.buy" and "costs 5" in exc.message and "buy I" in exc.hint
    state = push(state, "buy I")
    assert refused(state, "buy III").rule == "pax.turn.buy"
    assert refused(state, "buy I").rule == "pax.turn.buy"


def test_pax_turn_buy_empty_group():
    state = set_legions(push(started(), "draw army 1/1 hand, army 4/1 II, army 3/1 deck"), "", "fleet 1/1", "")
    assert refused(state, "buy I").rule == "pax.turn.buy"


def test_pax_setup_legions_only_those_in_play():
    state = started()
    assert refused(state, "draw army 1/1 V").rule == "pax.setup.legions"


def test_pax_turn_play_from_hand_and_cost():
    state = push(give(started(), "Ada", hand="wealth 1/1, wealth 2/1, wealth 3/1", aureus=0),
                 "draw army 1/1 hand, army 2/1 II, army 3/1 deck")
    assert refused(state, "play senator 1/1").rule == "pax.turn.play"
    state = push(state, "play wealth 1/1")  # the first card is free
    exc = refused(state, "play wealth 2/1")
    assert exc.rule == "pax.turn.play" and "more than Ada has" in exc.message and "has 0" not in exc.message  # pax.hidden.money


def test_pax_turn_bought_cards_can_be_played():
    state = set_legions(started(), "wealth 1/1", "fleet 1/1", "army 1/1")
    state = push(state, "draw senator 1/1 hand, senator 1/1 II, senator 1/1 deck", "buy I", "play wealth 1/1", "end")
    assert state.players[0].cards("wealth") == 1 and aureus(state, "Ada") == 5 - 1 + 1


def test_pax_turn_income_strongest_row_played_into():
    state = give(started(), "Ada", display="religion 1/1, religion 1/1, religion 1/1, wealth 1/1",
                 hand="wealth 2/1, senator 1/1", aureus=5)
    state = push(state, "draw army 2/1 II, army 1/1 hand, army 3/1 deck", "play wealth 2/1, senator 1/1", "end")
    # Wealth row 2 cards (Religion, with 3, was not played into), +1 for the Senator; paid 1
    assert aureus(state, "Ada") == 5 - 1 + 3


def test_pax_turn_alternative_only_instead_of_a_turn():
    state = push(started(), "draw army 1/1 hand")
    assert refused(state, "peek").rule == "pax.turn.alternative"


# -- categories ----------------------------------------------------------------------------
def test_pax_cat_religion_three_first_card_not_to_hand():
    state = give(started(), "Ada", display="religion 1/2, religion 1/1")
    exc = refused(state, "draw army 1/1 hand")
    assert exc.rule == "pax.cat.religion"
    state = push(state, "draw army 1/1 deck", "draw army 2/1 hand, army 3/1 I")
    assert state.turn.draw_done


def test_pax_cat_religion_below_three_and_six_plus_any_order():
    push(give(started(), "Ada", display="religion 1/2"), "draw army 1/1 hand, army 2/1 II, army 3/1 deck")
    push(give(started(), "Ada", display="religion 1/2, religion 1/2, religion 1/2"), "draw army 1/1 hand, army 2/1 II, army 3/1 deck")


def test_pax_cat_wealth_discount_and_floor():
    state = give(started(), "Ada", display="wealth 1/2, wealth 1/1", aureus=0)
    state = set_legions(push(state, "draw army 1/1 hand, army 1/1 III, army 3/1 deck"), "fleet 1/1", "fleet 2/1", "")
    state = push(state, "buy I")  # value 1, discount 1: free, and nothing paid out
    assert aureus(state, "Ada") == 0


def test_pax_cat_wealth_played_this_turn_does_not_discount():
    state = give(started(), "Ada", hand="wealth 1/2", display="wealth 1/1", aureus=1)
    state = set_legions(push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck"), "fleet 2/1", "", "")
    assert refused(state, "buy I").rule == "pax.turn.buy"


def test_pax_cat_estate_and_conspiracy_do_not_add_up():
    state = give(started(), "Ada", display="estate 1/2, conspiracy 1/2", hand="fleet 1/2, fleet 1/1", aureus=9)
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "play fleet 1/2")
    assert refused(state, "play fleet 1/1").rule == "pax.cat.limit"


def test_pax_cat_limit_estate_played_in_the_same_entry_allows_fleet():
    state = give(started(), "Ada", hand="fleet 1/1, estate 2/1", aureus=9)
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck")
    assert refused(state, "play fleet 1/1").rule == "pax.cat.limit"
    push(state, "play fleet 1/1, estate 2/1")


def test_pax_cat_conspiracy_no_income():
    state = give(started(), "Ada", hand="conspiracy 1/1, wealth 1/1", aureus=5)
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "play wealth 1/1, conspiracy 1/1", "end")
    assert aureus(state, "Ada") == 4


def test_pax_cat_senator_flat_bonus():
    state = give(started(), "Ada", display="senator 1/1", hand="senator 1/1, senator 2/1", aureus=5)
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "play senator 1/1, senator 2/1", "end")
    assert aureus(state, "Ada") == 5 - 1 + 3 + 1


def test_pax_cat_primus_conspiratus_moves_at_once_and_starts_round():
    state = give(started(), "Ada", hand="conspiracy 1/1")
    state = give(state, "Ben", hand="conspiracy 1/2, conspiracy 2/1", aureus=5)
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "play conspiracy 1/1")
    assert state.pc == 0
    state = push(state, "end", "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "play conspiracy 2/1")
    assert state.pc == 0  # a tie does not take it away
    state = push(state, "play conspiracy 1/2")
    assert state.pc == 1  # at once, in the middle of Ben's turn
    state = push(state, "end")
    assert state.start == 1  # the holder starts the next round
    state = push(state, "refill " + ", ".join("wealth 1/1" for _ in state.empty_legions()))
    assert R.expecting(state).players == ("Ben",)


def test_pax_open_pc_cards_or_symbols_option():
    state = give(started(options={"pc": "cards"}), "Ada", hand="conspiracy 1/2")
    state = give(state, "Ben", hand="conspiracy 1/1, conspiracy 2/1", aureus=5)
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "play conspiracy 1/2", "end")
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "play conspiracy 1/1")
    assert state.pc == 0  # 1 card each: a tie
    state = push(state, "play conspiracy 2/1")
    assert state.pc == 1  # 2 cards beat 1 card with 2 symbols


def test_pax_cat_fleet_army_bonus_at_scoring():
    from assistant.games.pax.scoring import strengths

    s = strengths({"fleet": 7, "army": 3})
    assert s["fleet"] == 8 and s["army"] == 5


# -- end of round, end of game -------------------------------------------------------------
def test_pax_roundend_refill_only_empty_legions():
    state = set_legions(started(), "army 4/1", "fleet 1/1", "wealth 1/1")
    state = push(state, "draw senator 1/1 hand, senator 1/1 deck, senator 1/1 III", "end",
                 "draw senator 1/1 hand, senator 1/1 deck, senator 1/1 III", "end")
    assert state.phase == "refill" and state.empty_legions() == [0]
    assert refused(state, "refill II wealth 2/1").rule == "pax.roundend.refill"
    state = push(state, "refill wealth 2/1")
    assert state.legions[0] == cards("wealth 2/1") and state.round == 2


def test_pax_open_rome_empty_takes_nothing():
    state = set_legions(started(), "", "", "")
    state = replace(state, turn=replace(state.turn, target=0), deck=())
    state = push(state, "end", "end")
    assert state.rome == () and state.phase == "reveal"


def test_pax_end_trigger_deck_cannot_refill():
    state = set_legions(started(), "army 4/1", "army 4/1", "fleet 1/1")
    state = replace(state, deck=(DeckPart(unknown=8),), removed=state.removed + state.deck_size - 8)
    state = push(state, "draw senator 1/1 hand, senator 2/1 deck, senator 1/1 III", "buy I", "end",
                 "draw senator 1/1 hand, senator 3/1 deck, senator 1/1 III", "end")
    # 4 cards left, Legions I and II empty: enough, the game goes on
    assert state.phase == "refill" and state.deck_size == 2
    state = push(state, "refill wealth 1/1, wealth 1/1")
    assert state.deck_size == 2  # the two Senators slid under the deck
    exc = refused(state, "draw religion 1/1 hand")
    assert "senator 2/1" not in exc.message and "known faces" in exc.message  # they come back with their faces, not named (pax.hidden)
    state = push(state, "draw senator 2/1 hand, senator 3/1 deck", "end")
    assert state.turn.target == 1  # partial draw: only what is left (pax.open.partial-draw)
    state = push(state, "draw senator 3/1 I")
    assert aureus(state, "Ben") == 5 + 2  # no 2 Aurei for a partial draw
    state = push(state, "end")
    assert state.phase == "reveal"  # the deck ran out: the game ends after the round


def test_pax_end_deck_empty_two_aurei_then_turn():
    state = replace(started(), deck=())
    state = replace(state, turn=replace(state.turn, target=0), removed=state.removed + 46)
    assert refused(state, "draw army 1/1 hand").rule == "pax.end.deck-empty"
    state = give(state, "Ada", hand="wealth 1/1", aureus=0)
    state = push(state, "play wealth 1/1", "end")
    assert aureus(state, "Ada") == 2 + 1
    state = push(state, "peek")  # Ben: the alternative action instead, 2 Aurei only
    assert aureus(state, "Ben") == 7
    assert state.phase == "reveal"


def test_pax_open_final_rome_take_option():
    for option, taken in (("yes", 1), ("no", 0)):
        state = started(options={"last_take": option})
        state = replace(state, deck=(), turn=replace(state.turn, target=0), removed=state.removed + 46)
        state = push(state, "end", "end")
        assert len(state.rome) == taken and state.phase == "reveal"


def test_pax_winner_reveal_and_verdict():
    state = started()
    state = replace(state, deck=(), turn=replace(state.turn, target=0), removed=state.removed + 46)
    state = push(state, "end", "end")
    assert R.outcome(state) is None
    assert refused(state, "reveal army 1/1, army 1/1, army 1/1, army 1/1").rule == "pax.winner.reveal"
    state = push(state, "reveal army 2/2", "reveal senator 1/1, religion 3/1")
    assert state.phase == "over" and len(state.all_rome()) == 4
    out = R.outcome(state)
    assert out is not None
    sheet = R.score(state)
    assert sheet.extra["rome_wins"] is True and sheet.winners == ()  # nobody holds PC
    assert "pax.open.rome-wins-no-pc" in " ".join(sheet.notes)


def test_pax_winner_no_entry_after_the_end():
    state = started()
    state = replace(state, deck=(), turn=replace(state.turn, target=0), removed=state.removed + 46)
    state = push(state, "end", "end", "reveal a1, a1, a1")
    assert refused(state, "Ada peek").rule == "pax.winner"


def test_game_wrapper_replay_equals_live():
    game = Game(R, ["Ada", "Ben"], {})
    for line in ("keep army 3/2", "keep fleet 1/1", "market w2, e1/2, c3", "draw a2 hand, s1 II, r1 deck", "buy II", "end"):
        game.push(line)
    again = Game.from_record(R, game.to_record())
    assert again.state == game.state


def test_pax_turn_draw_from_a_batch_slid_under_together():
    """Four cards slid under together (order unknown): any of them may come first, and the
    one not drawn stays on top for the next player."""
    batch = "army 4/2, fleet 3/2, wealth 2/1, religion 1/1"
    state = replace(started(), deck=(DeckPart(cards=cards(batch)), DeckPart(unknown=42)))
    state = push(state, "draw wealth 2/1 deck, army 4/2 hand")
    assert refused(state, "draw senator 1/1 II").rule == "pax.turn.draw"
    state = push(state, "draw religion 1/1 II", "end")
    exc = refused(state, "draw army 1/1 hand")
    assert "fleet 3/2" not in exc.message and "known faces" in exc.message
    state = push(state, "draw fleet 3/2 hand, senator 1/1 I, senator 2/1 deck")
    assert state.deck[-2:] == (DeckPart(cards=cards("wealth 2/1")), DeckPart(cards=cards("senator 2/1")))


def test_pax_cat_religion_two_together_from_known_cards():
    """With 3-5 Religion symbols the first card placed is one of the top two."""
    state = replace(started(), deck=(DeckPart(cards=cards("army 4/2")), DeckPart(cards=cards("fleet 3/2")),
                                     DeckPart(cards=cards("wealth 2/1")), DeckPart(unknown=40)))
    state = give(state, "Ada", display="religion 1/2, religion 1/2")
    assert refused(state, "draw wealth 2/1 deck").rule == "pax.turn.draw"  # the third card is not drawn yet
    state = push(state, "draw fleet 3/2 deck")
    state = push(state, "draw wealth 2/1 hand, army 4/2 II")
    assert state.turn.draw_done
