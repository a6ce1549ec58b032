"""Leaders' effects at their time in the tracked game (RULES.md §11, rules 7w.leader.*):
each resource rebate helps its own colour only and by one unit; Bilkis in a Recruitment
phase; Hatshepsut's coin comes after paying; Nero, Tomyris and Xenophon act only from their
recruitment on (the seed's 'Magyarázat' notes)."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.games.sevenwonders.moves import Pay
from sw_scenario import play, put, set_state, start


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


def after_recruitment(*boards: str) -> Game:
    """A Leaders game at Age I, turn 1 (everyone sold a leader in the Recruitment phase)."""
    game = start(*boards)
    for player in game.state.seats:
        game.push(f"{player} sell")
    assert game.state.phase == "turn"
    return game


def end_age(game: Game) -> None:
    """Jump to turn 6 and let everyone sell: the Age ends and its conflicts resolve."""
    set_state(game, turn=6)
    play(game, *[f"{p} sell" for p in game.state.seats])


# Age II, Gizah A with Stone Pit and Lumber Yard (2 stone, 1 wood) and no coins; the
# neighbours (Rhodes: ore, Babylon: clay) sell no stone and no papyrus.
#   Aqueduct (blue) 3 stone, Walls (red) 3 stone, School (green) wood + papyrus:
#   each lacks exactly one unit.
REBATES = [
    ("Hammurabi", "Aqueduct", ("Walls", "School")),
    ("Leonidas", "Walls", ("Aqueduct", "School")),
    ("Archimedes", "School", ("Aqueduct", "Walls")),
]


@pytest.mark.parametrize("leader,helped,not_helped", REBATES)
def test_7w_leader_rulings_rebate_own_colour_only(leader: str, helped: str, not_helped: tuple[str, ...]):
    game = after_recruitment("Gizah A", "Rhodes A", "Babylon A")
    set_state(game, age=2)
    put(game, "ada", cards=("Stone Pit", "Lumber Yard"), coins=0)
    for card in (helped, *not_helped):
        assert illegal(game, f"ada build {card}").rule == "7w.build.cost"
    put(game, "ada", leaders=(leader,))
    game.push(f"ada build {helped}")
    assert game.entries[-1].move.pay is None
    game.pop()
    for card in not_helped:
        assert illegal(game, f"ada build {card}").rule == "7w.build.cost", card
    # one unit only: with one stone fewer the card lacks two
    put(game, "ada", cards=("Lumber Yard",))
    if helped != "School":
        assert illegal(game, f"ada build {helped}").rule == "7w.build.cost"


def test_7w_leader_imhotep_stages_only():
    game = after_recruitment("Gizah A", "Rhodes A", "Babylon A")
    set_state(game, age=2)
    put(game, "ada", cards=("Lumber Yard",), coins=0)  # Gizah A stage 1: 2 stone, she makes 1
    assert illegal(game, "ada stage").rule == "7w.wonder.stage"
    put(game, "ada", leaders=("Hammurabi", "Leonidas", "Archimedes"))
    assert illegal(game, "ada stage").rule == "7w.wonder.stage"
    put(game, "ada", leaders=("Imhotep",))
    game.push("ada stage")
    game.pop()
    put(game, "ada", cards=("Stone Pit",))  # Aqueduct 3 stone: 2 own, Imhotep does not help
    assert illegal(game, "ada build Aqueduct").rule == "7w.build.cost"


def test_7w_commerce_bank_bilkis_in_a_recruitment_phase():
    """OPEN 12: a Recruitment phase counts as a turn for Bilkis: one bank purchase there."""
    game = start("Gizah A", "Rhodes A", "Babylon A")  # Gizah A stage 1: 2 stone, she makes 1
    put(game, "ada", leaders=("Bilkis",), coins=6)
    game.push("ada stage pay bank stone")
    assert game.entries[-1].move.pay == Pay(bank=1)
    play(game, "bob sell", "cleo sell")
    ada = game.state.city("ada")
    assert ada.stages == 1 and ada.coins == 5
    # one unit per phase: a stage lacking two units is refused even with coins
    other = start("Gizah A", "Rhodes A", "Babylon A")
    put(other, "ada", leaders=("Bilkis",), stages=1, cards=("Lumber Yard",), coins=6)  # 3 wood
    err = illegal(other, "ada stage")
    assert err.rule == "7w.leaders.recruit.wonder" and "lacks 1 wood" in err.message


def test_7w_leader_hatshepsut_coin_after_paying():
    """Her coin arrives after the purchase is paid: it cannot fund Babylon B's 7th card."""
    game = after_recruitment("Babylon B", "Rhodes A", "Gizah A")
    put(game, "ada", stages=2, leaders=("Hatshepsut",), cards=("East Trading Post",), coins=2)
    put(game, "cleo", cards=("Lumber Yard",))
    set_state(game, turn=6)
    play(game, "ada build Barracks", "bob sell", "cleo sell")  # ore from bob (left) at 2
    ada = game.state.city("ada")
    assert ada.coins == 2 - 2 + 1 and ada.spendable == 0
    err = illegal(game, "ada build Stockade")  # wood from cleo at 1: the coin is not usable yet
    assert err.rule == "7w.commerce.coins-timing"
    game.push("ada sell")
    assert game.state.city("ada").coins == 1 + 3


def test_7w_leader_nero_from_his_recruitment_on():
    game = after_recruitment("Gizah A", "Rhodes A", "Babylon A")
    put(game, "ada", cards=("Barracks",), coins=0, hand=("Nero", "Sappho", "Zenobia"), hand_size=3)
    end_age(game)  # Age I: ada wins both conflicts, Nero still in her hand
    ada = game.state.city("ada")
    assert ada.tokens == (1, 1) and ada.coins == 3
    assert game.state.phase == "recruit" and game.state.age == 2
    play(game, "ada recruit Nero", "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 3 - 1
    end_age(game)  # Age II: two more Victory tokens, 2 coins each
    ada = game.state.city("ada")
    assert ada.tokens == (1, 1, 3, 3) and ada.coins == 2 + 3 + 2 * 2


def test_7w_leader_tomyris_from_her_recruitment_on():
    game = after_recruitment("Gizah A", "Rhodes A", "Babylon A")
    put(game, "bob", cards=("Barracks",))
    put(game, "ada", hand=("Tomyris", "Sappho", "Zenobia"), hand_size=3)
    end_age(game)  # Age I: ada loses to bob and keeps her Defeat token
    assert game.state.city("ada").tokens == (-1,) and game.state.city("bob").tokens == (1, 1)
    play(game, "ada recruit Tomyris", "bob sell", "cleo sell")
    end_age(game)  # Age II: her Defeat token goes to bob, who also takes his Victory
    assert game.state.city("ada").tokens == (-1,)
    assert sorted(game.state.city("bob").tokens) == [-1, 1, 1, 3, 3]
    assert game.state.city("cleo").tokens == (-1, -1)


def test_7w_leader_xenophon_from_his_recruitment_on():
    game = after_recruitment("Gizah A", "Rhodes A", "Babylon A")
    put(game, "ada", coins=0, hand=("Xenophon", "Sappho", "Zenobia"), hand_size=3)
    play(game, "ada build Marketplace", "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 0  # Xenophon still in her hand
    end_age(game)
    play(game, "ada recruit Xenophon", "bob sell", "cleo sell")
    coins = game.state.city("ada").coins
    put(game, "ada", cards=("Marketplace", "Lumber Yard", "Timber Yard"))
    play(game, "ada build Caravansery", "bob sell", "cleo sell")  # 2 wood, her own
    assert game.state.city("ada").coins == coins + 2


def test_7w_commerce_bank_bilkis_does_not_pay_hatshepsut():
    """The bank is no neighbour: a Bilkis purchase earns no Hatshepsut coin."""
    game = after_recruitment("Gizah A", "Rhodes A", "Babylon A")
    put(game, "ada", leaders=("Hatshepsut", "Bilkis"), coins=5)
    play(game, "ada build Guard Tower pay bank clay", "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 5 - 1
