"""Refusals at the table: every illegal PAX entry names its rule, says why in one sentence
naming the player and the thing, and says what is legal instead (the hint)."""

from __future__ import annotations

from pax_helpers import R, give, push, refused, set_legions, started

DRAWN = "draw senator 2/1 hand, senator 3/1 III, senator 4/1 deck"


def test_pax_turn_alternative_refused_mid_draw_hints_the_rest_of_the_draw():
    state = push(started(), "draw senator 2/1 hand")
    exc = refused(state, "peek")
    assert exc.rule == "pax.turn.alternative"
    assert "draw" in exc.hint and "deck" in exc.hint and "end" not in exc.hint


def test_pax_open_action_order_refusals_say_what_is_legal():
    state = give(started(), "Ada", hand="wealth 1/1", aureus=5)
    state = push(state, DRAWN, "play wealth 1/1")
    exc = refused(state, "buy I")
    assert exc.rule == "pax.open.action-order" and "play" in exc.hint and "end" in exc.hint
    exc = refused(state, "draw senator 1/1 hand")
    assert exc.rule in ("pax.open.action-order", "pax.turn.draw") and exc.hint


def test_pax_turn_buy_second_group_has_a_hint():
    state = give(started(), "Ada", aureus=9)
    state = push(state, DRAWN, "buy I")
    exc = refused(state, "buy II")
    assert exc.rule == "pax.turn.buy" and exc.hint and "play" in exc.hint


def test_pax_cat_limit_hint_says_how_without_naming_the_hand():
    """The hand is secret (pax.components.hidden): the hint tells how the limit is raised but
    names no card of the hand, only the ones typed in the refused entry."""
    state = give(started(), "Ada", hand="fleet 2/2, estate 1/2", aureus=5)
    state = push(state, DRAWN)
    exc = refused(state, "play fleet 2/2")
    assert exc.rule == "pax.cat.limit" and "same entry" in exc.hint
    assert "estate 1/2" not in exc.hint and "estate 1/2" not in exc.message


def test_pax_roundend_refill_refused_during_a_turn_says_whose_turn():
    state = started()
    exc = refused(state, "refill I army 1/1")
    assert exc.rule == "pax.roundend.refill"
    assert ": turn" not in exc.message and "Ada" in exc.message and exc.hint


def test_pax_refusals_outside_their_phase_have_hints():
    state = started()
    for entry, rule in (("market w1", "pax.setup.market"), ("reveal w1", "pax.winner.reveal"),
                        ("keep w1", "pax.setup.hands"), ("start Ben", "pax.setup.start-player")):
        exc = refused(state, entry)
        assert exc.rule == rule and exc.hint, entry


def test_pax_turn_play_cost_says_one_aureus():
    state = give(started(), "Ada", hand="wealth 1/1, wealth 2/1", aureus=0)
    state = push(state, DRAWN)
    exc = refused(state, "play wealth 1/1, wealth 2/1")
    assert "1 Aureus" in exc.message and "1 Aurei" not in exc.message


def test_pax_turn_income_event_says_one_aureus():
    state = give(started(), "Ada", hand="wealth 1/1")
    state = push(state, DRAWN, "play wealth 1/1", "end")
    assert any("earns 1 Aureus " in e for e in state.events)


def test_pax_cat_religion_prompt_explains_the_draw():
    state = give(started(), "Ada", display="religion 1/2, religion 1/1")
    assert "2 together" in R.expecting(state).message
    state = give(started(), "Ada", display="religion 1/2, religion 1/2, religion 1/2")
    assert "all 3 together" in R.expecting(state).message


def test_pax_end_deck_empty_prompt_says_two_aurei():
    state = started()
    state = state.__class__(**{**state.__dict__, "turn": state.turn.__class__(player=0, target=0)})
    message = R.expecting(state).message
    assert "deck is empty" in message and "2 Aurei" in message


def test_pax_turn_buy_refusal_of_an_unaffordable_group_lists_prices():
    state = set_legions(give(started(), "Ada", aureus=2), "wealth 4/1", "fleet 2/1", "army 3/1")
    state = push(state, "draw senator 2/1 hand, senator 3/1 deck, senator 4/1 II")
    exc = refused(state, "buy I")
    assert exc.rule == "pax.turn.buy" and "costs 4" in exc.message


def test_pax_round_forgotten_end_says_to_finish_the_turn():
    """A table forgets 'end' and enters the next player's draw: the refusal says how to
    finish the current turn."""
    state = push(started(), DRAWN)
    exc = refused(state, "Ben draw army 1/1 hand")
    assert exc.rule == "pax.round" and "Ada end" in exc.hint and "finish Ada's turn" in exc.hint


def test_pax_roundend_refill_forgotten_says_refill():
    state = push(started(), DRAWN, "end", "draw army 1/1 hand, army 2/1 I, army 3/1 deck", "end")
    assert state.phase == "refill"
    exc = refused(state, "Ada draw army 4/1 hand")
    assert exc.rule == "pax.round" and exc.hint.startswith("refill")


def test_pax_every_refusal_cites_a_rule_and_says_what_instead():
    """Garbled and out-of-place entries typed at every stage of two random games: each is
    refused (never a crash) with a rule id of data/pax/rules.md, a message and a hint."""
    import random

    from assistant.games.pax.simulate import RandomTable

    from assistant.core.errors import EntryError
    from assistant.core.rulebook import parse_rules
    from assistant.resources import read_text

    ids = {r.id for r in parse_rules(read_text("pax", "rules.md"))}
    words = ["draw", "buy", "play", "end", "peek", "keep", "market", "refill", "reveal", "start", "Ann", "Ben",
             "hand", "deck", "I", "II", "IV", "VI", "0", "7", "army", "a3/2", "e1", "c2/2", "w9", "f1/3", "land",
             "and", ",", "legion", "l2", "return", "x", "3/", "/2", "se", "ű", "intrigue 4/2", "turn", "-1"]
    rng = random.Random(5)
    tried = 0
    for seed in (0, 1):
        table = RandomTable(["Ann", "Ben", "Cy"], seed, {}, builder=True)
        table.play()
        for state in table.game.states[::4]:
            for _ in range(12):
                text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 5)))
                try:
                    R.check(state, R.parse(state, text))
                except EntryError as exc:  # InvalidEntry, AmbiguousEntry, IllegalMove
                    assert exc.rule in ids and exc.message and exc.hint, (text, exc.rule, exc.message)
                    tried += 1
    assert tried > 500
