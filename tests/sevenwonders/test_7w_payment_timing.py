"""Prices and leader costs as the tracked game applies them (7w.commerce.price,
7w.wonder.babylon.b, 7w.wonder.olympia.b, 7w.leaders.cost, 7w.wonder.rome.a/b)."""

from __future__ import annotations

from assistant.games.sevenwonders import powers
from assistant.games.sevenwonders.moves import Pay
from sw_scenario import play, put, set_state, start


def test_7w_commerce_price_marketplace_not_for_the_seventh_card_of_its_turn():
    """A Marketplace built on turn 6 does not lower the price of Babylon B's 7th card,
    played in that same turn (OPEN 8: rebates built that turn do not apply yet)."""
    game = start("Babylon B", "Alexandria A", "Gizah A", leaders=False)
    put(game, "ada", stages=2, coins=5)
    set_state(game, turn=6)
    play(game, "ada build Marketplace", "bob sell", "cleo sell")
    game.push("ada build Workshop")  # glass from bob (Alexandria): still 2
    assert game.entries[-1].move.pay == Pay(left=2)
    assert game.state.age == 2
    assert powers.trade_prices(game.state, 0)["left"]["glass"] == 1  # from Age II on


def test_7w_wonder_olympia_b_price_from_the_next_turn():
    game = start("Olympia B", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", cards=("Lumber Yard", "Timber Yard"))
    assert powers.trade_prices(game.state, 0)["left"]["ore"] == 2
    play(game, "ada stage", "bob sell", "cleo sell")  # stage 1: 2 wood
    game.push("ada build Barracks")  # ore from bob (Rhodes) at 1, the next turn
    assert game.entries[-1].move.pay == Pay(left=1)


def test_7w_leaders_cost_paid_next_to_rome_b():
    game = start("Rome B", "Rhodes A", "Babylon A")
    play(game, "ada recruit Caesar", "bob recruit Hannibal", "cleo recruit Nero")
    coins = [c.coins for c in game.state.cities]
    # ada (Rome B): 5 - 2 = 3; bob (left of Rome B): 2 - 1 = 1; cleo (right): 1 - 1 = 0
    assert coins == [6 - 3, 6 - 1, 6 - 0]


def test_7w_wonder_rome_a_recruits_for_nothing():
    game = start("Rome A", "Rhodes A", "Babylon A")
    play(game, "ada recruit Pericles", "bob recruit Zenobia", "cleo sell")
    assert [c.coins for c in game.state.cities] == [6, 6 - 2, 6 + 3]
