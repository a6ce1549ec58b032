"""Acceptance checks of issue 5 (PAX) that the other test files covered only through a
hand-made state or not at all: the known card counts checked on real entries, the starting
draws 2/3/4/5 for every player count, the deck running out in the middle of a round, the
end when the deck cannot refill every empty Legion, the start player without Primus
Conspiratus, Rome's tie between later Legions, the draw procedures of each Religion level,
the Fleet/Army cross bonuses for Rome, Estate's limit on Fleet and Army each, and the open
points pax.open.first-start-player, pax.open.pc-symbol, pax.open.wealth-floor,
pax.open.partial-draw and pax.open.solo-market, each with its own test."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pax_helpers import R, aureus, cards, give, push, refused, set_legions, started

from assistant.games.pax.rules.rounds import new_turn
from assistant.games.pax.components import CATEGORIES, category_cards
from assistant.games.pax.scoring import FinalPlayer, rome_categories, strengths
from assistant.games.pax.state import DeckPart, PaxState


def with_deck(state: PaxState, size: int) -> PaxState:
    """``state`` (a turn just begun) with only ``size`` unseen cards left in the deck; the
    others are counted as removed, so that every card stays accounted for."""
    state = replace(state, deck=(DeckPart(unknown=size),), removed=state.removed + state.deck_size - size)
    state = replace(state, turn=new_turn(state, state.turn.player))
    assert state.card_count() == 74
    return state


# -- pax.data.cards: 10 of each category, 12 of Estate and Conspiracy -----------------------
@pytest.mark.parametrize("category", CATEGORIES)
def test_pax_data_cards_counts_checked_on_entry(category):
    """Entered one by one (starting cards, market, draw), the known number of cards of a
    category is accepted and one more is refused, naming the count."""
    total = category_cards()[category]
    assert total == (12 if category in ("estate", "conspiracy") else 10)
    card = f"{category} 1/1"
    state = R.setup(["Ada", "Ben", "Cy", "Dora"], {})
    for _ in range(4):  # 4 starting cards kept
        state = push(state, f"keep {card}")
    state = push(state, "market " + ", ".join([card] * 5))  # 9 entered
    dests = ["hand", "II", "deck"]
    while sum(state.seen) < total:
        state = push(state, f"draw {card} {dests.pop(0)}")
    assert state.seen[CATEGORIES.index(category)] == total
    other = "wealth 1/1" if category != "wealth" else "army 1/1"
    if dests:
        one_more, instead = f"draw {card} {dests[0]}", f"draw {other} {dests[0]}"
    else:  # Ada's draw is done: the next card is Ben's
        state = push(state, "end")
        one_more, instead = f"draw {card} hand", f"draw {other} hand"
    exc = refused(state, one_more)
    assert exc.rule == "pax.data.cards"
    assert f"all {total} {category} cards" in exc.message
    push(state, instead)  # another category is still fine


def test_pax_data_cards_counts_include_rome_revealed():
    """Rome's hidden cards are checked against the counts too."""
    state = started()
    state = with_deck(state, 0)
    state = push(state, "end", "end")
    assert state.phase == "reveal"
    state = replace(state, seen=tuple(category_cards()[c] - (1 if c == "senator" else 0) for c in CATEGORIES))
    assert refused(state, "reveal army 1/1").rule == "pax.data.cards"
    state = push(state, "reveal senator 1/1")
    assert refused(state, "reveal senator 2/1").rule == "pax.data.cards"


# -- pax.setup.hands: 2, 3, 4, 5 from the start player ----------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_pax_setup_hands_start_player_draws_two_next_one_more(n):
    seats = ["Ada", "Ben", "Cy", "Dora"][:n]
    state = push(R.setup(seats, {}), f"start {seats[-1]}")  # the last seat starts: the order wraps
    order = [seats[-1], *seats[:-1]]
    for k, name in enumerate(order):
        drawn = 2 + k
        assert R.expecting(state).players == (name,)
        assert f"draws {drawn} starting cards" in R.expecting(state).message
        too_few = ", ".join(["wealth 1/1"] * (drawn - 2)) or None
        if too_few:
            assert refused(state, f"keep army 1/1 return {too_few}").rule == "pax.setup.hands"
        too_many = ", ".join(["wealth 1/1"] * drawn)
        assert refused(state, f"keep army 1/1 return {too_many}").rule == "pax.setup.hands"
        state = push(state, f"{name} keep army 1/1 return " + ", ".join(["senator 1/1"] * (drawn - 1)))
    assert state.phase == "market"
    assert all(len(p.hand) == 1 for p in state.players)
    assert state.card_count() == 74
    state = push(state, "market " + ", ".join(["wealth 1/1"] * (n + 1)))
    assert state.deck_size == {2: 46, 3: 54, 4: 62}[n]
    assert R.expecting(state).players == (seats[-1],)  # the start player takes the first turn


# -- pax.end.deck-empty: the deck runs out during a round -------------------------------------
def test_pax_end_deck_empty_mid_round():
    """Ada draws the last 2 cards (hand and a Legion, none back under the deck); Ben and Cy
    then take 2 Aurei instead of drawing and play the rest of their turns; at the end of the
    round Rome still takes its group and the game ends with the reveal."""
    state = with_deck(started(("Ada", "Ben", "Cy")), 2)
    state = give(state, "Cy", aureus=1)
    state = push(state, "draw senator 1/1 hand, senator 2/1 II")
    assert state.deck_size == 0 and state.turn.draw_done
    state = push(state, "end")
    assert aureus(state, "Ada") == 5 + 2  # a partial draw: no 2 Aurei, only the basic income
    assert state.turn.player == 1 and state.turn.target == 0
    assert refused(state, "draw army 1/1 hand").rule == "pax.end.deck-empty"
    state = push(state, "end")
    assert aureus(state, "Ben") == 5 + 2 + 2  # 2 instead of drawing, 2 basic income
    state = push(state, "buy I")  # Cy: the 2 Aurei come first and pay for the group (value 1)
    assert aureus(state, "Cy") == 1 + 2 - 1
    state = push(state, "play wealth 1/1", "end")  # the card just bought
    assert aureus(state, "Cy") == 2 + 1  # the Wealth row he played into holds 1 card
    assert state.phase == "reveal"
    assert [c.token() for c in state.rome] == ["fleet 1/1", "senator 2/1"]  # Legion II: worth 3
    assert state.card_count() == 74


# -- pax.end.trigger: fewer cards than empty Legions ------------------------------------------
def test_pax_end_trigger_fewer_cards_than_empty_legions():
    state = with_deck(started(), 5)
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "buy I", "end")
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "buy II", "end")
    # Rome takes Legion III; I, II and III are empty and the deck holds 1 card: the game ends
    assert state.phase == "reveal" and state.deck_size == 1
    assert state.empty_legions() == [0, 1, 2]
    assert [c.token() for c in state.rome] == ["army 1/1", "army 2/1", "army 2/1"]
    assert state.card_count() == 74


def test_pax_end_trigger_enough_cards_goes_on():
    state = with_deck(started(), 7)
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "buy I", "end")
    state = push(state, "draw army 1/1 hand, army 2/1 III, army 3/1 deck", "buy II", "end")
    assert state.phase == "refill" and state.deck_size == 0  # 3 empty, 3 cards: refilled
    state = push(state, "refill w1, army 3/1, army 3/1")  # the two slid under come back
    assert state.phase == "turn" and state.deck_size == 0


# -- pax.roundend ------------------------------------------------------------------------------
def test_pax_roundend_start_player_stays_without_pc():
    state = started(("Ada", "Ben", "Cy"))
    for _ in range(3):
        state = push(state, "draw army 1/1 hand, army 1/1 I, army 1/1 deck", "end")
    assert state.pc is None and state.start == 0
    state = push(state, "refill " + ", ".join("wealth 1/1" for _ in state.empty_legions()))
    assert R.expecting(state).players == ("Ada",)


def test_pax_roundend_start_player_stays_with_the_same_holder():
    state = give(started(("Ada", "Ben")), "Ada", hand="conspiracy 1/1")
    state = push(state, "draw army 1/1 hand, army 1/1 I, army 1/1 deck", "play conspiracy 1/1", "end",
                 "draw army 1/1 hand, army 1/1 I, army 1/1 deck", "end")
    assert state.pc == 0 and state.start == 0
    state = push(state, "refill " + ", ".join("wealth 1/1" for _ in state.empty_legions()))
    assert R.expecting(state).players == ("Ada",)


def test_pax_roundend_rome_tie_between_later_legions():
    """Legions II, III and IV tie for the richest group (I is poorer): Rome takes II."""
    state = set_legions(started(("Ada", "Ben", "Cy")), "wealth 1/1", "army 3/1", "fleet 1/1", "senator 1/1")
    state = push(state, "draw religion 1/1 hand, religion 1/1 deck, religion 2/1 III", "end",
                 "draw religion 1/1 hand, religion 1/1 deck, religion 1/1 IV", "end",
                 "draw religion 1/1 hand, religion 1/1 deck, religion 1/1 IV", "end")
    assert [state.legion_value(i) for i in range(4)] == [1, 0, 3, 3]
    assert [c.token() for c in state.rome] == ["army 3/1"]
    assert state.empty_legions() == [1]


# -- pax.cat.religion: the three draw procedures -----------------------------------------------
KNOWN_TOP = (DeckPart(cards=cards("army 4/2")), DeckPart(cards=cards("fleet 3/2")),
             DeckPart(cards=cards("wealth 2/1")), DeckPart(unknown=40))


def known_top(state: PaxState) -> PaxState:
    """The top three cards of the deck are known and lie in this order: army 4/2, fleet 3/2,
    wealth 2/1 (each slid under the deck on its own earlier)."""
    state = replace(state, deck=KNOWN_TOP, removed=state.removed + state.deck_size - 43)
    return replace(state, turn=new_turn(state, state.turn.player))


def test_pax_cat_religion_below_three_one_card_at_a_time():
    state = known_top(give(started(), "Ada", display="religion 1/2"))
    exc = refused(state, "draw fleet 3/2 hand")  # the second card is not drawn yet
    assert exc.rule == "pax.turn.draw" and "army 4/2" not in exc.message and "known faces" in exc.message  # secret (pax.hidden)
    state = push(state, "draw army 4/2 hand")
    assert refused(state, "draw wealth 2/1 II").rule == "pax.turn.draw"
    push(state, "draw fleet 3/2 II, wealth 2/1 deck")


def test_pax_cat_religion_six_all_three_together():
    state = known_top(give(started(), "Ada", display="religion 1/2, religion 1/2, religion 1/2"))
    state = push(state, "draw wealth 2/1 hand")  # the third card first: all 3 are in view
    state = push(state, "draw army 4/2 deck, fleet 3/2 III")
    assert state.turn.draw_done and state.players[0].hand[-1].token() == "wealth 2/1"


def test_pax_cat_religion_counts_symbols_not_cards():
    """Two Religion cards with 3 symbols in all give the 3-5 procedure."""
    state = give(started(), "Ada", display="religion 1/2, religion 1/1")
    assert refused(state, "draw army 1/1 hand").rule == "pax.cat.religion"
    state = give(started(), "Ada", display="religion 1/1, religion 1/1")  # 2 symbols: standard
    push(state, "draw army 1/1 hand")


# -- pax.cat.fleet / pax.cat.army: the cross bonuses, for Rome too -----------------------------
def test_pax_cat_fleet_three_symbols_give_a_bonus_army():
    assert [strengths({"fleet": f})["army"] for f in range(8)] == [0, 0, 0, 1, 1, 1, 2, 2]


def test_pax_cat_army_three_symbols_give_a_bonus_fleet():
    assert [strengths({"army": a})["fleet"] for a in range(8)] == [0, 0, 0, 1, 1, 1, 2, 2]


def test_pax_cat_fleet_army_bonus_does_not_cascade_and_counts_for_rome():
    assert strengths({"fleet": 3, "army": 2}) == {**dict.fromkeys(CATEGORIES, 0), "fleet": 3, "army": 3}
    ann = FinalPlayer("Ann", {"fleet": 3, "army": 3, "estate": 3}, 0, 0, False)  # Fleet 4, Army 4
    rome = {"fleet": 3, "army": 3}  # Rome's bonuses too: Fleet 4, Army 4: ties go to Rome
    assert {"fleet", "army"} <= set(rome_categories(rome, [ann]))
    rome = {"fleet": 3, "army": 2}  # Fleet 3 (no bonus from 2 Army), Army 3: Ann is stronger
    assert not {"fleet", "army"} & set(rome_categories(rome, [ann]))


def test_pax_cat_fleet_army_bonus_ignores_the_limit_in_a_final_table():
    """3 Fleet and 3 Army with a limit of 3 are legal; the bonuses lift both to 4."""
    table = {"game": "pax", "rome": {"symbols": {"senator": 3}},
             "players": [{"name": "Ann", "symbols": {"fleet": 3, "army": 3, "estate": 3}, "aureus": 0},
                         {"name": "Ben", "symbols": {"wealth": 1}, "aureus": 0}]}
    sheet = R.score_table(table)
    assert sheet.points["Ann"]["fleet"] == 4 and sheet.points["Ann"]["army"] == 4


# -- the open points ---------------------------------------------------------------------------
def test_pax_open_first_start_player():
    """Any method: the table enters `start NAME` before the first starting card; without it
    the first player listed starts."""
    state = R.setup(["Ada", "Ben", "Cy"], {})
    assert R.expecting(state).players == ("Ada",) and "start" in R.expecting(state).kinds
    chosen = push(state, "start Cy")
    assert chosen.start == 2 and R.expecting(chosen).players == ("Cy",)
    assert "Cy takes the Primus card" in chosen.events


def test_pax_open_pc_symbol_the_card_adds_no_conspiracy():
    state = give(started(), "Ada", hand="conspiracy 1/1")
    state = push(state, "draw army 1/1 hand, army 1/1 I, army 1/1 deck", "play conspiracy 1/1")
    assert state.pc == 0
    table = R.table_from_state(state)
    assert table["players"][0]["symbols"]["conspiracy"] == 1
    assert table["players"][0]["primus_conspiratus"] is True
    assert state.players[0].limit() == 1  # the limit is the card's 1 symbol, not 2


def test_pax_open_wealth_floor_discount_beyond_the_price():
    """6 Wealth symbols (discount 2) buy a group worth 1 for 0; nothing is paid out."""
    state = give(started(), "Ada", display="wealth 1/2, wealth 1/2, wealth 1/2", aureus=3)
    state = push(state, "draw army 1/1 hand, army 1/1 III, army 1/1 deck")
    state = push(state, "buy I")
    assert aureus(state, "Ada") == 3
    assert any("for 0 Aurei" in e for e in state.events)


def test_pax_open_partial_draw():
    """2 cards left: the player draws both, each to a different place, a third is refused,
    and he gets no 2 Aurei (he could draw)."""
    state = with_deck(started(), 2)
    assert state.turn.target == 2
    assert refused(state, "draw army 1/1 hand, army 2/1 hand").rule == "pax.turn.draw"
    assert refused(state, "draw army 1/1 hand, army 2/1 II, army 3/1 deck").rule == "pax.turn.draw"
    state = push(state, "draw army 1/1 deck, army 2/1 II")
    assert state.turn.draw_done and state.deck_size == 1  # the card slid under is not drawn again
    state = push(state, "end")
    assert aureus(state, "Ada") == 5 + 2  # basic income only
    assert state.turn.target == 1  # Ben draws the card Ada slid under the deck
    exc = refused(state, "draw wealth 1/1 hand")
    assert "army 1/1" not in exc.message and "known faces" in exc.message  # secret (pax.hidden)


def test_pax_open_partial_draw_with_religion():
    """With 3-5 Religion symbols and 2 cards left, both come together and the first placed
    may not go to the hand."""
    state = give(with_deck(started(), 2), "Ada", display="religion 1/2, religion 1/1")
    assert refused(state, "draw army 1/1 hand").rule == "pax.cat.religion"
    state = push(state, "draw army 1/1 I", "draw army 2/1 hand")
    assert state.turn.draw_done


def test_pax_open_solo_market():
    """Solitaire: after the starting cards, one face-up card under each of the 3 Legions."""
    state = push(R.setup(["Ann"], {"level": "1"}), "keep army 1/1")
    assert state.phase == "market" and len(state.empty_legions()) == 3
    assert refused(state, "market w1, w1, w1, w1").rule == "pax.setup.market"
    state = push(state, "market w1, w2, w3")
    assert state.phase == "turn" and [len(g) for g in state.legions] == [1, 1, 1]


def test_pax_cat_estate_allows_fleet_and_army_each():
    """2 Estate symbols allow 2 Fleet symbols and, separately, 2 Army symbols; no third."""
    state = give(started(), "Ada", display="estate 1/2", hand="fleet 1/2, army 1/2, fleet 1/1, army 1/1", aureus=9)
    state = push(state, "draw senator 1/1 hand, senator 2/1 III, senator 3/1 deck", "play fleet 1/2, army 1/2")
    for card in ("fleet 1/1", "army 1/1"):
        exc = refused(state, f"play {card}")
        assert exc.rule == "pax.cat.limit" and "at most 2" in exc.message
