"""Payments in players' words (issue 12): a neighbour paid by name (``pay Bob 2``), the
resources bought said as purchases (``buy wood from Bob``), Olympia A's free build or its paid
build said plainly (``free`` / ``pay``). Each typed form parses to the same move as the
canonical entry written to records (left / right), and the refusals name the rule."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET
from sw_scenario import play, put, set_state, start


def parse(game: Game, text: str) -> object:
    return RULESET.parse(game.state, text)


def illegal(game: Game, text: str) -> IllegalMove:
    """The refusal of an entry the notation reads but the rules do not accept."""
    with pytest.raises(IllegalMove) as info:
        game.push(text)
    assert info.value.hint
    return info.value


def same(game: Game, typed: str, canonical: str) -> None:
    """The typed form means the canonical move, and that move writes the canonical entry."""
    move = parse(game, typed)
    assert move == parse(game, canonical), typed
    assert move.notation() == canonical  # type: ignore[attr-defined]


def age(n: int, *boards: str, **ada: object) -> Game:
    """ada, bob, cleo (Rhodes A ore, Alexandria A glass, Gizah A stone unless said), Age n."""
    game = start(*(boards or ("Rhodes A", "Alexandria A", "Gizah A")))
    play(game, *(f"{p} sell" for p in game.state.seats))
    set_state(game, age=n)
    if ada:
        put(game, "ada", **ada)
    return game


def library() -> Game:
    """Library (2 stone, loom): ada makes a stone and the loom, the second stone from cleo."""
    return age(2, cards=("Stone Pit", "Loom"), coins=5)


def two_players() -> Game:
    """Ann (Gizah A, stone), Ben (Rhodes B, ore), the Free City (Babylon A, clay), Age I turn 1;
    Ann's neighbours: Ben (left) and the Free City (right)."""
    game = Game(RULESET, ["Ann", "Ben"], {"leaders": "true", "boards": "Gizah A, Rhodes B, Babylon A"})
    return play(game, "Ann sell", "Ben sell")


# -- 7w.terms.neighbours: a neighbour paid by name ---------------------------------------------
def test_7w_terms_neighbours_pay_by_name():
    game = library()
    same(game, "ada build Library pay Cleo 2", "ada build Library pay right 2")
    same(game, "ada build Library pay cleo stone", "ada build Library pay right 2")
    same(game, "Ada build Library pay cl 2", "ada build Library pay right 2")  # a name's prefix
    entry = game.push("ada build Library pay Cleo 2")
    assert entry.text == "ada build Library pay right 2"


def test_7w_terms_neighbours_pay_by_name_left_and_right():
    game = age(3, cards=("Lumber Yard", "Press"), coins=5)  # University: glass bob, wood cleo
    put(game, "cleo", cards=("Lumber Yard",))
    same(game, "ada build University pay Bob 2 Cleo 2", "ada build University pay left 2 right 2")
    same(game, "ada build University pay bob glass, cleo wood", "ada build University pay left 2 right 2")


def test_7w_terms_neighbours_not_a_neighbour_refused_with_neighbours_named():
    game = start("Rhodes A", "Alexandria A", "Gizah A", "Babylon A")
    with pytest.raises(InvalidEntry) as info:
        parse(game, "ada build Baths pay cleo 2")
    err = info.value
    assert err.rule == "7w.terms.neighbours"
    assert "cleo is not ada's neighbour" in err.message
    assert "bob (left)" in (err.hint or "") and "dan (right)" in (err.hint or "")
    with pytest.raises(InvalidEntry) as info:
        parse(game, "ada build Baths pay ada 2")
    assert info.value.rule == "7w.terms.neighbours"


def test_7w_2p_freecity_paid_by_name():
    """A 2-player game: Ann's right neighbour is the Free City, paid by name."""
    game = two_players()
    same(game, "Ann build Guard Tower pay Free City 2", "Ann build Guard Tower pay right 2")
    same(game, "Ann build Guard Tower pay FC clay", "Ann build Guard Tower pay right 2")
    entry = game.push("Ann build Guard Tower pay Free City 2")
    assert entry.text == "Ann build Guard Tower pay right 2"
    # the Free City's own neighbours: Ann (left) and Ben (right), who makes ore
    same(game, "Free City build Barracks pay Ben 2", "Free City build Barracks pay right 2")


# -- 7w.commerce.rules: the purchases said as such become the payment ----------------------------
def test_7w_commerce_rules_buy_from_a_neighbour_by_name():
    game = library()
    same(game, "ada build Library buy stone from Cleo", "ada build Library pay right 2")
    same(game, "ada build Library buy 1 stone from the right neighbour", "ada build Library pay right 2")
    entry = game.push("Ada build Library buy stone from Cleo")
    assert entry.text == "ada build Library pay right 2"


def test_7w_commerce_rules_buy_from_both_neighbours():
    """University (2 wood, glass, papyrus; Age III): ada makes a wood and the papyrus."""
    game = age(3, cards=("Lumber Yard", "Press"), coins=5)
    put(game, "cleo", cards=("Lumber Yard",))
    same(game, "ada build University buy wood from Cleo, glass from Bob", "ada build University pay left 2 right 2")
    same(game, "ada build University buy glass from bob and wood from right", "ada build University pay left 2 right 2")


def test_7w_commerce_rules_buy_several_units_from_one_seller():
    """Library (2 stone, loom): ada makes the loom only; 2 stone from Cleo (Gizah A + Quarry)."""
    game = age(2, cards=("Loom",), coins=5)
    put(game, "cleo", cards=("Quarry",))
    same(game, "ada build Library buy 2 stone from Cleo", "ada build Library pay right 4")


def test_7w_commerce_sellable_buy_what_the_seller_does_not_make_refused():
    game = library()
    err = illegal(game, "ada build Library buy stone from Bob")
    assert err.rule == "7w.commerce.sellable"
    assert "left neighbour (bob) has no stone to sell" in err.message and "glass" in err.message


def test_7w_commerce_rules_buy_what_the_build_does_not_lack_refused():
    """Ada makes the loom: buying a loom from Cleo, who sells one, is refused."""
    game = library()
    put(game, "cleo", cards=("Loom",))
    err = illegal(game, "ada build Library buy stone, loom from Cleo")
    assert err.rule == "7w.commerce.rules"


def test_7w_build_cost_buy_only_the_purchases_said():
    """The purchases said are the whole of what is bought: one stone of the two lacking is not enough."""
    game = age(2, cards=("Loom",), coins=5)
    put(game, "cleo", cards=("Quarry",))
    err = illegal(game, "ada build Library buy stone from Cleo")
    assert err.rule == "7w.build.cost" and "still lacks 1 stone" in err.message


def test_7w_terms_neighbours_buy_from_a_stranger_refused():
    game = start("Rhodes A", "Alexandria A", "Gizah A", "Babylon A")
    with pytest.raises(InvalidEntry) as info:
        parse(game, "ada build Baths buy stone from Cleo")
    assert info.value.rule == "7w.terms.neighbours" and "bob (left)" in (info.value.hint or "")
    with pytest.raises(InvalidEntry) as info:
        parse(game, "ada build Baths buy stone")
    assert info.value.rule == "7w.notation" and info.value.hint


def test_7w_2p_freecity_buy_from_the_free_city():
    game = two_players()
    same(game, "Ann build Guard Tower buy clay from Free City", "Ann build Guard Tower pay right 2")


# -- 7w.wonder.olympia.a: the free build, or paying, said plainly --------------------------------
def olympia() -> Game:
    """Ada (Olympia A, wood) with the free build open this Age; Bob (Rhodes A, left) sells ore."""
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=2)
    return game


def test_7w_wonder_olympia_a_pay_said_plainly_for_a_coin_card():
    """Clay Pit costs 1 coin: 'pay', 'pay 1' and 'pay 1 coin' say the coin is paid (stored 'pay 0')."""
    game = olympia()
    for typed in ("ada build Clay Pit pay", "ada build Clay Pit pay 1", "ada build Clay Pit pay 1 coin"):
        same(game, typed, "ada build Clay Pit pay 0")
    same(game, "ada build Clay Pit free", "ada build Clay Pit free")
    game.push("ada build Clay Pit pay")
    play(game, "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 2 and game.state.city("ada").olympia_age == 0


def test_7w_wonder_olympia_a_pay_said_plainly_for_a_purchase():
    """Barracks needs an ore: 'pay' alone is the one cheapest payment, not the free build."""
    game = olympia()
    same(game, "ada build Barracks pay", "ada build Barracks pay left 2")
    same(game, "ada build Barracks buy ore from Bob", "ada build Barracks pay left 2")
    same(game, "ada build Barracks free", "ada build Barracks free")
    entry = game.push("ada build Barracks pay")
    assert entry.text == "ada build Barracks pay left 2"


def test_7w_notation_pay_a_bare_number_other_than_the_coin_cost_refused():
    game = olympia()
    with pytest.raises(InvalidEntry) as info:
        parse(game, "ada build Clay Pit pay 2")
    assert info.value.rule == "7w.notation" and "own cost is 1 coin" in info.value.message and info.value.hint


def test_7w_notation_pay_alone_is_the_cheapest_payment():
    """Without Olympia A, 'pay' alone is the same as saying nothing."""
    game = library()
    same(game, "ada build Library pay", "ada build Library pay right 2")


def test_7w_commerce_rules_buy_the_brief_example():
    """'buy 2 stone from Cleo, loom from Bob': Library bought whole, Cleo (Gizah A + Quarry) and Bob's Loom."""
    game = age(2, coins=8)
    put(game, "cleo", cards=("Quarry",))
    put(game, "bob", cards=("Loom",))
    same(game, "ada build Library buy 2 stone from Cleo, loom from Bob", "ada build Library pay left 2 right 4")
