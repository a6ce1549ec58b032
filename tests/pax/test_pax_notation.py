"""PAX notation: every move kind round-trips through parse, and the forgiving forms of
docs/notation/pax.md are read as documented."""

from __future__ import annotations

import pytest
from pax_helpers import R, push, started

from assistant.core.errors import AmbiguousEntry, InvalidEntry
from assistant.games.pax.components import Card, parse_token
from assistant.games.pax.moves import Buy, Draw, End, Keep, Market, Peek, Placement, Play, Refill, Reveal, StartPlayer


def setup_state():
    return R.setup(["Ada", "Ben"], {})


def round_trip(state, move):
    again = R.parse(state, move.notation())
    assert again == move, (move.notation(), again)


def test_pax_notation_round_trip_every_move_kind():
    s0 = setup_state()
    a32, f11 = Card("army", 3, 2), Card("fleet", 1, 1)
    round_trip(s0, StartPlayer("Ben"))
    round_trip(s0, Keep("Ada", a32))
    round_trip(s0, Keep("Ada", a32, (f11,), (Card("wealth", 2, 1), Card("conspiracy", 4, 2))))
    round_trip(s0, Market((a32, f11)))
    s1 = started()
    round_trip(s1, Draw("Ada", (Placement(a32, "hand"), Placement(f11, "II"), Placement(a32, "deck"))))
    round_trip(s1, Buy("Ada", "III"))
    round_trip(s1, Play("Ada", (a32, f11)))
    round_trip(s1, End("Ada"))
    round_trip(s1, Peek("Ben"))
    round_trip(s1, Refill((a32, f11), ("I", "III")))
    round_trip(s1, Reveal((a32, f11, Card("senator", 2, 1))))


@pytest.mark.parametrize(
    "text, token",
    [
        ("army 3/2", "army 3/2"),
        ("Army 3 / 2", "army 3/2"),
        ("a3/2", "army 3/2"),
        ("army 3", "army 3/1"),
        ("land 2", "estate 2/1"),
        ("l2/2", "estate 2/2"),
        ("intrigue 4/2", "conspiracy 4/2"),
        ("i1", "conspiracy 1/1"),
        ("rel 2", "religion 2/1"),
        ("sereg 1", "army 1/1"),
        ("cselszövés 3/2", "conspiracy 3/2"),
        ("navis longa 2", "fleet 2/1"),
        ("w4/2", "wealth 4/2"),
        ("s1", "senator 1/1"),
    ],
)
def test_pax_data_cards_token_forms(text, token):
    assert parse_token(text).token() == token


@pytest.mark.parametrize("text", ["army 5/1", "army 0", "army 3/3", "army 3/0", "armee 3", "3/2", "army"])
def test_pax_data_cards_impossible_tokens(text):
    with pytest.raises(InvalidEntry) as exc:
        parse_token(text)
    assert exc.value.rule in ("pax.data.cards", "pax.notation")


def test_pax_data_cards_unknown_category_suggests():
    with pytest.raises(InvalidEntry) as exc:
        parse_token("armee 3")
    assert "army" in (exc.value.hint or "")


def test_pax_data_cards_ambiguous_prefix():
    with pytest.raises(AmbiguousEntry):
        parse_token("se 2")  # senator or sereg (army)


def test_pax_notation_forgiving_entries():
    state = started()
    move = R.parse(state, "draw a3/2 h; f1 legion 2 ; w2 bottom")
    assert move == Draw("Ada", (Placement(Card("army", 3, 2), "hand"), Placement(Card("fleet", 1, 1), "II"),
                               Placement(Card("wealth", 2, 1), "deck")))
    assert R.parse(state, "ada draw army 3/2 to hand").player == "Ada"
    assert R.parse(state, "draw a3/2 h f1 2 w2 d") == move  # no commas: a lone 2 after a card is Legion II
    assert R.parse(state, "draw sereg 3/2 kéz, flotta 1 legion II, gazdagság 2 pakli") == move
    assert R.parse(state, "Ben buy 2") == Buy("Ben", "II")
    assert R.parse(state, "buy L3") == Buy("Ada", "III")
    assert R.parse(state, "play a3/2 f1") == Play("Ada", (Card("army", 3, 2), Card("fleet", 1, 1)))
    assert R.parse(state, "done") == End("Ada")
    assert R.parse(state, "look") == Peek("Ada")


def test_pax_notation_refill_legions_in_order():
    state = push(started(), "draw senator 1/1 hand, senator 1/1 deck, senator 1/1 III", "end",
                 "draw senator 1/1 hand, senator 1/1 deck, senator 1/1 III", "end")
    assert state.empty_legions() == [2]  # Legion III, richest, went to Rome
    assert R.parse(state, "refill army 2/1") == Refill((Card("army", 2, 1),), ("III",))
    assert R.parse(state, "refill III army 2/1") == Refill((Card("army", 2, 1),), ("III",))
    assert R.parse(state, "refill legion 3 army 2/1") == Refill((Card("army", 2, 1),), ("III",))
    assert R.parse(state, "refill 3 a2") == Refill((Card("army", 2, 1),), ("III",))


@pytest.mark.parametrize("text", ["", "fly away", "Ada", "Ada jump", "draw army 3/2", "draw army 3/2 nowhere",
                                  "buy", "buy VI", "end now", "start", "keep"])
def test_pax_notation_unreadable(text):
    with pytest.raises(InvalidEntry) as exc:
        R.parse(started(), text)
    assert exc.value.rule and exc.value.message


def test_pax_notation_keep_play_return():
    state = R.setup(["Solo"], {"level": "4"})
    move = R.parse(state, "keep army 3/2 play estate 1/1, fleet 2/1 return wealth 1/1")
    assert move == Keep("Solo", Card("army", 3, 2), (Card("estate", 1, 1), Card("fleet", 2, 1)), (Card("wealth", 1, 1),))


def test_pax_notation_table_talk_forms():
    """What people say at a table: 'Ada buys II', 'plays', 'and' between cards, 'end turn'."""
    from pax_helpers import R, give, push, started

    state = give(started(), "Ada", hand="army 3/2, estate 1/1, wealth 2/1", aureus=9)
    assert R.parse(state, "Ada draws a3/2 hand, f1 II and w2 deck").notation() == (
        "Ada draw army 3/2 hand, fleet 1/1 II, wealth 2/1 deck"
    )
    state = push(state, "draw senator 2/1 hand, senator 3/1 III, senator 4/1 deck")
    assert R.parse(state, "Ada buys II").notation() == "Ada buy II"
    assert R.parse(state, "Ada plays e1 and a3/2").notation() == "Ada play estate 1/1, army 3/2"
    assert R.parse(state, "play e1 & a3/2").notation() == "Ada play estate 1/1, army 3/2"
    assert R.parse(state, "end turn").notation() == "Ada end"
    assert R.parse(state, "Ada ends").notation() == "Ada end"


def test_pax_notation_pass_is_explained():
    """'pass' is refused with the two things it can mean at a PAX table."""
    from pax_helpers import R, started

    from assistant.core.errors import InvalidEntry

    with pytest.raises(InvalidEntry) as exc:
        R.parse(started(), "pass")
    assert "peek" in exc.value.hint and "end" in exc.value.hint


def test_pax_notation_player_named_like_a_verb():
    from pax_helpers import R, started

    state = started(seats=("Primus", "Ben"))
    assert R.parse(state, "Primus draw a1 hand").notation() == "Primus draw army 1/1 hand"
    assert R.parse(state, "draw a1 hand").notation() == "Primus draw army 1/1 hand"
