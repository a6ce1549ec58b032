"""Wonder powers in the tracked game: Olympia A's free build once per Age, Halikarnassos
from the discard pile, Babylon B's 7th card, Olympia B's trading, Rhodes, Ephesus,
Alexandria, Gizah."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.games.sevenwonders import costs, powers
from assistant.games.sevenwonders.moves import Pay
from sw_scenario import play, put, set_state, start


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


def test_7w_wonder_olympia_a_free_once_per_age():
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=2, coins=0)
    play(game, "ada build Stockade free", "bob sell", "cleo sell")  # Stockade costs wood: free anyway
    assert game.state.city("ada").olympia_age == 1
    err = illegal(game, "ada build Barracks free")
    assert err.rule == "7w.wonder.olympia.a" and "already used" in err.message
    set_state(game, turn=6)
    play(game, "ada sell", "bob sell", "cleo sell")
    assert game.state.age == 2
    play(game, "ada build Temple free", "bob sell", "cleo sell")
    assert "Temple" in game.state.city("ada").cards and game.state.city("ada").coins == 3


def test_7w_wonder_olympia_a_not_the_turn_it_is_built():
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=1, cards=("Stone Pit", "Quarry"))
    play(game, "ada stage", "bob sell", "cleo sell")
    assert powers.olympia_free_ready(game.state, game.state.city("ada"))
    game2 = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game2, "ada", stages=0)
    err = illegal(game2, "ada build Baths free")
    assert err.rule == "7w.wonder.olympia.a"


def test_7w_wonder_halikarnassos_same_turn_discards():
    game = start("Halikarnassos A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry"))
    set_state(game, age=2)
    play(game, "ada stage", "bob sell Temple", "cleo sell Dispensary")
    assert game.state.phase == "extra" and game.expecting().players == ("ada",)
    assert set(game.expecting().words) >= {"Temple", "Dispensary"}
    game.push("ada pick Temple")
    assert "Temple" in game.state.city("ada").cards and game.state.pile == ((2, "Dispensary"),)
    assert game.state.turn == 2


def test_7w_wonder_halikarnassos_unknown_pile_cards():
    game = start("Halikarnassos A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry"))
    set_state(game, age=2, pile_unknown=(3, 0, 0), named=(("Baths", "Altar"), (), ()))
    play(game, "ada stage", "bob sell", "cleo sell")
    # the pile holds 3 unnamed Age I cards and 2 unnamed Age II cards
    err = illegal(game, "ada pick Palace")
    assert err.rule == "7w.discard.pile"
    game.push("ada pick Theater")
    assert game.state.pile_unknown == (2, 2, 0) and "Theater" in game.state.named[0]


def test_7w_wonder_halikarnassos_no_duplicate():
    game = start("Halikarnassos A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry", "Baths"))
    set_state(game, pile=((1, "Baths"), (1, "Altar")))
    play(game, "ada stage", "bob sell", "cleo sell")
    err = illegal(game, "ada pick Baths")
    assert err.rule == "7w.build.unique"
    game.push("ada pick none")
    assert game.state.phase == "turn"


def test_7w_wonder_halikarnassos_empty_pile_lost():
    game = start("Halikarnassos A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry"))
    play(game, "ada stage", "bob build Lumber Yard", "cleo build Stone Pit")
    assert game.state.phase == "turn" and game.state.turn == 2


def test_example_rb20_babylon_b_seventh_card_same_turn():
    game = start("Babylon B", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", stages=1, cards=("Lumber Yard", "Timber Yard", "Glassworks"), coins=5)
    set_state(game, turn=6)
    play(game, "ada stage", "bob sell", "cleo sell")
    assert game.state.phase == "extra" and game.expecting().kinds == ("build", "stage", "sell")
    assert game.state.pile_unknown == (2 + 2, 0, 0)  # bob's and cleo's sales, their 7th cards
    game.push("ada build Barracks")  # ore from bob (left)
    assert game.entries[-1].move.pay == Pay(left=2)
    assert game.state.age == 2 and "Barracks" in game.state.city("ada").cards
    assert game.state.city("ada").coins == 3
    assert game.state.city("bob").coins == 3 + 3 + 2


def test_7w_wonder_babylon_b_seventh_uses_turn_start_coins():
    game = start("Babylon B", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", stages=2, coins=2)
    set_state(game, turn=6)
    play(game, "ada build Baths pay right 2", "bob sell", "cleo sell")
    ada = game.state.city("ada")
    assert ada.spendable == 0
    err = illegal(game, "ada build Stockade")  # wood from nobody... and no coins left
    assert err.rule in ("7w.build.cost", "7w.commerce.coins-timing")
    game.push("ada sell Altar")
    assert game.state.city("ada").coins == 3 and game.state.age == 2


def test_7w_wonder_olympia_b_both_neighbours_at_one():
    game = start("Olympia B", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", stages=1)
    prices = powers.trade_prices(game.state, 0)
    assert prices["left"]["ore"] == 1 and prices["right"]["stone"] == 1 and prices["left"]["glass"] == 2
    game.push("ada build Baths")
    assert game.entries[-1].move.pay == Pay(right=1)


def test_7w_faq_olympia_b_posts_not_cumulative():
    game = start("Olympia B", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", stages=1, cards=("East Trading Post",))
    assert powers.trade_prices(game.state, 0)["right"]["stone"] == 1


def test_7w_wonder_rhodes_b_and_ephesus_coins():
    game = start("Rhodes B", "Ephesus B", "Gizah A", leaders=False)
    put(game, "ada", cards=("Stone Pit", "Quarry"))
    put(game, "bob", cards=("Stone Pit",))
    play(game, "ada stage", "bob stage pay left 2", "cleo sell")
    assert game.state.city("ada").coins == 3 + 3 and powers.shields(game.state.city("ada")) == 1
    assert game.state.city("bob").coins == 3 - 2 + 4
    assert game.state.city("cleo").coins == 3 + 3 + 2


def test_7w_wonder_alexandria_stage_resources_not_sellable():
    game = start("Alexandria B", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", stages=1)
    own = costs.production(game.state.city("ada"))
    sold = costs.production(game.state.city("ada"), tradable_only=True)
    assert "wood" in own.kinds and "wood" not in sold.kinds
    put(game, "bob", coins=5)
    err = illegal(game, "bob build Stockade")  # wood: ada's stage cannot sell it
    assert err.rule == "7w.build.cost"
    game.push("ada build Stockade")  # her own stage gives the wood


def test_7w_wonder_gizah_four_stages_b():
    game = start("Gizah B", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=4)
    err = illegal(game, "ada stage")
    assert err.rule == "7w.wonder.order"


def test_7w_leaders_recruit_wonder_imhotep_in_recruitment():
    game = start("Gizah A", "Rhodes A", "Babylon A")
    put(game, "ada", leaders=("Imhotep",), coins=0)
    game.push("ada stage")  # 2 stone: Gizah's stone + Imhotep's rebate
    play(game, "bob sell", "cleo sell")
    assert game.state.city("ada").stages == 1


def test_7w_wonder_olympia_b_copy_at_the_end():
    game = start("Olympia B", "Rhodes A", "Gizah A", leaders=False)
    set_state(game, age=3, turn=6)
    put(game, "ada", stages=3)
    put(game, "bob", cards=("Spies Guild",))
    put(game, "cleo", cards=("Builders Guild", "Walls"))
    play(game, "ada sell", "bob sell", "cleo sell")
    assert game.outcome() is None and game.expecting().kinds == ("copy",)
    assert set(game.expecting().words) == {"Spies Guild", "Builders Guild"}
    err = illegal(game, "ada copy Traders Guild")
    assert err.rule == "7w.wonder.olympia.b"
    game.push("ada copy Spies Guild")
    assert game.outcome() is not None
    table = game.ruleset.table_from_state(game.state)
    assert table["players"][0]["copied_guild"] == "Spies Guild"
    assert game.score().points["ada"]["guilds"] == 1  # Spies from Olympia: cleo's Walls


def test_7w_wonder_olympia_b_copy_left_to_the_scoring():
    game = start("Olympia B", "Rhodes A", "Gizah A", leaders=False)
    set_state(game, age=3, turn=6)
    put(game, "ada", stages=3)
    put(game, "bob", cards=("Spies Guild",))
    play(game, "ada sell", "bob sell", "cleo sell", "ada copy best")
    assert game.outcome() is not None and game.state.city("ada").copied_guild is None


def test_7w_build_free_pays_nothing():
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=2)
    err = illegal(game, "ada build Barracks free pay left 2")
    assert err.rule == "7w.build.free"


def test_7w_turn_end_order_seventh_card_then_halikarnassos_then_conflicts():
    game = start("Babylon B", "Halikarnassos A", "Gizah A", leaders=False)
    put(game, "ada", stages=2)
    put(game, "bob", stages=1, cards=("Ore Vein", "Foundry"))
    set_state(game, turn=6)
    play(game, "ada sell Baths", "bob stage", "cleo sell Altar")
    assert game.expecting().players == ("ada",) and game.expecting().kinds == ("build", "stage", "sell")
    game.push("ada sell Stockade")  # the 7th card, sold: it joins the pile before Halikarnassos picks
    assert game.expecting().players == ("bob",) and "Stockade" in game.expecting().words
    game.push("bob pick Stockade")
    state = game.state
    assert state.age == 2 and state.phase == "turn"
    # the red card taken from the pile on the last turn counts in Age I's conflicts
    assert state.city("bob").tokens == (1, 1)
    assert state.city("ada").tokens == (-1,) and state.city("cleo").tokens == (-1,)
