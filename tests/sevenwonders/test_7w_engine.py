"""The tracked 7 Wonders game, base rules: setup, Age turns, payments, decks, chains,
card effects, conflicts and the end score (rulebook examples RB-1 ... RB-20)."""

from __future__ import annotations

import pytest

from assistant.core.errors import AmbiguousEntry, IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET, powers
from assistant.games.sevenwonders.rules import resolution
from assistant.games.sevenwonders.moves import Build, Pay
from sw_scenario import play, put, set_state, start


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


# -- setup ---------------------------------------------------------------------------------
def test_7w_setup_players():
    with pytest.raises(InvalidEntry):
        Game(RULESET, ["a"], {})
    assert Game(RULESET, ["a", "b"], {}).state.seats == ("a", "b", "Free City")  # 7w.2p.setup
    with pytest.raises(InvalidEntry):
        Game(RULESET, [f"p{i}" for i in range(8)], {})


def test_7w_setup_coins_base_and_leaders():
    base = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    assert [c.coins for c in base.state.cities] == [3, 3, 3]
    assert base.state.phase == "turn"
    lead = start("Gizah A", "Rhodes A", "Babylon A")
    assert [c.coins for c in lead.state.cities] == [6, 6, 6]
    assert lead.state.phase == "recruit" and [c.hand_size for c in lead.state.cities] == [4, 4, 4]


def test_7w_setup_wonders_entered():
    game = Game(RULESET, ["ada", "bob", "cleo"], {"leaders": "false"})
    assert game.expecting().kinds == ("board",)
    game.push("ada board giza a")
    err = illegal(game, "bob board Gizah B")
    assert err.rule == "7w.setup.wonders"
    err = illegal(game, "bob board Rome A")
    assert err.rule == "7w.setup.wonders"
    illegal_entry = illegal(game, "ada build Baths")
    assert illegal_entry.rule == "7w.setup.wonders"
    play(game, "bob board Rhodes B", "cleo board Halicarnassus A")
    assert game.state.phase == "turn"
    assert [c.wonder for c in game.state.cities] == ["Gizah", "Rhodes", "Halikarnassos"]


def test_7w_setup_wonders_header_errors():
    with pytest.raises(InvalidEntry):
        Game(RULESET, ["a", "b", "c"], {"boards": "Gizah A, Rhodes A"})
    with pytest.raises(InvalidEntry):
        Game(RULESET, ["a", "b", "c"], {"boards": "Gizah A, Gizah B, Rhodes A"})
    with pytest.raises(InvalidEntry):
        Game(RULESET, ["a", "b", "c"], {"boards": "Rome A, Gizah B, Rhodes A", "leaders": "false"})


# -- turns ---------------------------------------------------------------------------------
def test_7w_turn_choose_simultaneous():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    game.push("ada build Lumber Yard")
    assert game.state.city("ada").cards == ()  # hidden until everyone has chosen
    assert game.expecting().players == ("bob", "cleo")
    err = illegal(game, "ada sell Baths")
    assert err.rule == "7w.turn.choose"
    play(game, "bob build Stone Pit", "cleo sell Baths")
    assert game.state.turn == 2
    assert game.state.city("ada").cards == ("Lumber Yard",)
    assert game.state.city("cleo").coins == 6


def test_7w_discard_coins_and_pile():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    play(game, "ada sell Baths", "bob sell", "cleo sell Altar")
    state = game.state
    assert [c.coins for c in state.cities] == [6, 6, 6]
    assert state.pile == ((1, "Baths"), (1, "Altar"))
    assert state.pile_unknown == (1, 0, 0)


def test_7w_build_unique():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Loom",))
    err = illegal(game, "ada build Loom")
    assert err.rule == "7w.build.unique" and "ada" in err.message and "Loom" in err.message


def test_7w_setup_decks_copies_and_age():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    game.push("ada build Lumber Yard")
    err = illegal(game, "bob build Lumber Yard")  # one copy at 3 players, chosen by ada
    assert err.rule == "7w.setup.decks"
    err = illegal(game, "bob build Temple")
    assert err.rule == "7w.setup.decks" and "Age I" in err.message


def test_7w_setup_decks_guild_count():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=3, named=((), (), ("Workers Guild", "Spies Guild", "Traders Guild", "Builders Guild", "Magistrates Guild")))
    put(game, "ada", coins=30, cards=("Stone Pit", "Clay Pool", "Glassworks", "Loom", "Press", "Quarry", "Brickyard"))
    err = illegal(game, "ada sell Scientists Guild")
    assert err.rule == "7w.setup.decks" and "5 guilds" in err.message
    err = illegal(game, "ada sell Gamers Guild")  # a Leaders guild, not in a base game's pool
    assert err.rule == "7w.setup.guilds"


def test_7w_turn_forced_discard():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", coins=0)
    err = illegal(game, "ada build Clay Pit")  # costs 1 coin
    assert err.rule == "7w.build.cost" and "ada" in err.message
    assert "sell" in (err.hint or "")
    put(game, "cleo", coins=1)
    err = illegal(game, "cleo build Baths")  # stone from ada at 2 coins
    assert err.rule == "7w.commerce.coins-timing" and "cleo" in err.message
    game.push("cleo sell Baths")


def test_7w_build_cost_own_production():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    game.push("ada build Baths")
    assert game.entries[-1].move == Build("ada", "Baths")


# -- commerce ---------------------------------------------------------------------------------
def test_example_rb9_gizah_production():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", cards=("Stone Pit", "Clay Pool", "Ore Vein", "Press", "Loom"))
    put(game, "bob", cards=())
    put(game, "cleo", cards=())
    set_state(game, age=1)
    game.push("ada build Barracks")
    game.pop()
    game.push("ada build Scriptorium")
    game.pop()
    set_state(game, age=2)
    put(game, "bob", coins=0)
    # Rhodes (ore) and Babylon (clay) sell no stone: Aqueduct needs 3 stone, ada makes 2
    err = illegal(game, "ada build Aqueduct")
    assert err.rule == "7w.build.cost" and "stone" in err.message


def test_example_rb10_university_pays_both_neighbours():
    game = start("Alexandria A", "Olympia A", "Ephesus A", leaders=False)
    set_state(game, age=3)
    put(game, "ada", cards=("Lumber Yard",), coins=5)
    game.push("ada build University")
    assert game.entries[-1].move.pay == Pay(left=2, right=2)
    play(game, "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 1
    assert game.state.city("bob").coins == 3 + 3 + 2
    assert game.state.city("cleo").coins == 3 + 3 + 2


def test_example_rb11_both_neighbours_buy_the_same_stones():
    game = start("Rhodes A", "Babylon A", "Gizah A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Loom",), coins=10)
    put(game, "bob", cards=("Stone Pit",), coins=10)
    put(game, "cleo", cards=("Quarry",), coins=0)
    game.push("ada build Library pay right 2 stone")
    assert game.entries[-1].move.pay == Pay(right=4)
    game.push("bob build Aqueduct pay left 2 stone")
    assert game.entries[-1].move.pay == Pay(left=4)
    game.push("cleo build Walls")  # her stones are not used up by the sales
    state = game.state
    assert state.city("cleo").coins == 8 and "Walls" in state.city("cleo").cards
    assert state.city("cleo").spendable == 8  # next turn


def test_example_rb12_commerce_income_next_turn():
    game = start("Babylon A", "Rhodes A", "Gizah A", leaders=False)
    set_state(game, age=2)
    put(game, "cleo", cards=("Clay Pool", "Quarry"), coins=0)
    put(game, "bob", coins=6)
    game.push("bob build Walls pay left 3 stone")  # bob buys from cleo
    assert game.entries[-1].move.pay == Pay(left=6)
    err = illegal(game, "cleo build Forum")  # clay from ada: 2 coins, none held at the start
    assert err.rule == "7w.commerce.coins-timing"


def test_7w_commerce_coins_timing_tavern():
    game = start("Gizah A", "Rhodes A", "Babylon A", "Olympia A", leaders=False)
    put(game, "ada", coins=0)
    play(game, "ada build Tavern", "bob sell", "cleo sell", "dan sell")
    city = game.state.city("ada")
    assert city.coins == 5 and city.spendable == 5  # a new turn: the coins can be spent


def test_7w_commerce_price_rebate_next_turn():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    play(game, "ada build East Trading Post", "bob sell", "cleo sell")
    prices = powers.trade_prices(game.state, 0)
    assert prices["right"]["clay"] == 1 and prices["left"]["ore"] == 2
    game.push("ada build Guard Tower")  # clay from cleo (right) at 1
    assert game.entries[-1].move.pay == Pay(right=1)


def test_7w_faq_trading_next_turn():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", cards=("East Trading Post",), fresh=("East Trading Post",))
    assert powers.trade_prices(game.state, 0)["right"]["clay"] == 2


def test_7w_commerce_ambiguous_payment():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "bob", cards=("Ore Vein",))
    put(game, "cleo", cards=("Ore Vein",))
    put(game, "ada", cards=(), coins=5)
    with pytest.raises(AmbiguousEntry) as info:
        game.push("ada build Barracks")  # ore from left or right, 2 coins either way
    assert set(info.value.candidates) == {"ada build Barracks pay bob 2", "ada build Barracks pay cleo 2"}  # by name (D18)
    game.push("ada build Barracks pay right ore")
    assert game.entries[-1].move.pay == Pay(right=2)


# -- chains and effects ------------------------------------------------------------------------
def test_example_rb13_scriptorium_chain():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Scriptorium",), coins=0)
    game.push("ada build Library")
    assert game.entries[-1].move.pay is None
    game.pop()
    game.push("ada build Courthouse")


def test_example_rb14_theater_statue_gardens():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Theater",), coins=0)
    play(game, "ada build Statue", "bob sell", "cleo sell")
    set_state(game, age=3)
    play(game, "ada build Gardens", "bob sell", "cleo sell")
    assert game.state.city("ada").cards == ("Theater", "Statue", "Gardens")
    assert game.state.city("ada").coins == 0


def test_7w_build_chain_forum_either_parent():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("West Trading Post",), coins=0)
    game.push("ada build Forum")


def test_7w_cards_yellow_vineyard_counts_same_turn_neighbours():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Lumber Yard",), coins=0)
    put(game, "bob", cards=("Ore Vein",), coins=5)
    put(game, "cleo", cards=(), coins=5)
    play(game, "ada build Vineyard", "bob build Sawmill", "cleo build Brickyard")
    # ada: own Lumber Yard + bob's Ore Vein and Sawmill + cleo's Brickyard = 4
    assert game.state.city("ada").coins == 4


def test_example_rb17_arena_coins_per_stage():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=3)
    put(game, "ada", cards=("Dispensary",), stages=2, coins=0)
    play(game, "ada build Arena", "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 6


def test_example_rb18_lighthouse_counts_itself():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=3)
    put(game, "ada", cards=("Caravansery", "Tavern"), coins=0)
    play(game, "ada build Lighthouse", "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 3


def test_7w_wonder_order_all_built():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=3)
    err = illegal(game, "ada stage")
    assert err.rule == "7w.wonder.order"


def test_7w_wonder_stage_pays_board_cost():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", cards=("Stone Pit",))
    play(game, "ada stage Baths", "bob sell", "cleo sell")
    assert game.state.city("ada").stages == 1
    assert "Baths" in game.state.named[0]


# -- conflicts -------------------------------------------------------------------------------
def test_example_rb1_conflicts():
    game = start("Alexandria A", "Rhodes A", "Ephesus A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Walls", "Barracks"))  # 3 shields
    put(game, "bob", cards=("Walls", "Stables", "Barracks"))  # 5, ada's left
    put(game, "cleo", cards=("Stockade", "Guard Tower"))  # 2, ada's right
    state = resolution.conflicts(game.state)
    assert sorted(state.city("ada").tokens) == [-1, 3]
    assert state.city("bob").tokens == (3, 3)
    assert state.city("cleo").tokens == (-1, -1)


def test_7w_military_strength_rhodes_stage():
    game = start("Rhodes A", "Gizah A", "Babylon A", leaders=False)
    put(game, "ada", stages=2)
    assert powers.shields(game.state.city("ada")) == 2


def test_7w_military_ties_give_nothing():
    game = start("Rhodes A", "Gizah A", "Babylon A", leaders=False)
    state = resolution.conflicts(game.state)
    assert all(c.tokens == () for c in state.cities)


# -- a whole Age and the end ----------------------------------------------------------------
def sell_everything(game: Game) -> None:
    while game.outcome() is None:
        prompt = game.expecting()
        if game.state.phase == "recruit":
            game.push(f"{prompt.players[0]} sell")
        else:
            game.push(f"{prompt.players[0]} sell")


def test_7w_flow_sequence_without_leaders():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    sell_everything(game)
    assert len(game.entries) == 54
    state = game.state
    assert state.phase == "over" and game.outcome() is not None
    assert [c.coins for c in state.cities] == [3 + 18 * 3] * 3
    assert state.pile_unknown == (3 + 18, 3 + 18, 3 + 18)
    err = pytest.raises(IllegalMove, game.push, "ada sell").value
    assert err.rule == "core.over"


def test_7w_turn_sixth_card_discarded_unseen():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, turn=6)
    play(game, "ada sell Baths", "bob sell", "cleo sell")
    assert game.state.age == 2 and game.state.turn == 1
    assert game.state.pile_unknown[0] == 2 + 3
    assert game.state.pile == ((1, "Baths"),)


def test_7w_score_tracked_equals_table():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", cards=("Altar", "Baths", "Apothecary", "Workshop"), tokens=(1, 3, -1), stages=2)
    put(game, "bob", cards=("Barracks",), coins=14, tokens=(-1, -1, 1))
    # tokens some conflicts give (7w.military.resolve): Age I ada beat bob, bob beat cleo;
    # Age II ada beat bob, cleo beat ada
    put(game, "cleo", tokens=(-1, 3))
    tracked = RULESET.score(game.state).to_json()
    table = RULESET.score_table(RULESET.table_from_state(game.state)).to_json()
    tracked["notes"] = [n for n in tracked["notes"] if not n.startswith("provisional")]
    assert tracked == table
    assert tracked["players"][1]["scores"]["treasury"] == 4


def test_7w_cards_yellow_bazar_counts_grey_cards_around():
    game = start("Gizah A", "Rhodes A", "Babylon A", "Olympia A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Loom",), coins=0)
    put(game, "bob", cards=("Press",))
    put(game, "cleo", cards=("Glassworks",))
    play(game, "ada build Bazar", "bob build Glassworks", "cleo sell", "dan build Press")
    # own Loom, bob's Press and Glassworks (same turn), dan's Press (same turn); cleo is not a neighbour
    assert game.state.city("ada").coins == 2 * 4


def test_7w_setup_decks_card_not_at_this_player_count():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=2)
    err = illegal(game, "ada build Bazar")
    assert err.rule == "7w.setup.decks" and "from 4 players" in err.message


def test_7w_describe_hides_choices_and_hands_unless_reveal():
    game = start("Gizah A", "Rhodes A", "Babylon A")
    game.push("ada leaders Caesar, Nero, Midas, Plato")
    game.push("ada recruit Nero")
    hidden = RULESET.describe(game.state)
    ada = hidden["players"][0]
    assert ada["chosen"] is True and "choice" not in ada and "hand" not in ada
    assert "discard_pile" not in hidden
    shown = RULESET.describe(game.state, reveal=True)
    ada = shown["players"][0]
    assert ada["choice"] == "ada recruit Nero" and ada["hand"] == ["Caesar", "Nero", "Midas", "Plato"]


def test_7w_expecting_extra_step_prompt():
    game = start("Halikarnassos A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry"))
    play(game, "ada stage", "bob sell Baths", "cleo sell")
    prompt = game.expecting()
    assert prompt.players == ("ada",) and prompt.kinds == ("pick",)
    assert "Halikarnassos" in prompt.message and "Baths" in prompt.words
    assert "extra" in prompt.phase
