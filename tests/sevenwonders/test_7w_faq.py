"""One test per FAQ answer and clarification of the digest (RULES.md §15, ids 7w.faq.*) and
of the seed Leaders rulebook (its GY.I.K. page = §15.1, and its 'Magyarázat' notes), played
through the tracked game where the answer is about play, named after the FAQ id.

FAQ ids tested elsewhere under their own name: hatshepsut-trading (test_7w_engine_leaders),
hiram-olympia, plato-double, diplomats-courtesan, science-sources, lighthouse, board-not-card,
olympia-copy (test_7w_scoring), trading-next-turn (test_7w_engine), olympia-b-posts
(test_7w_engine_wonders)."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.moves import Pay
from sw_scenario import play, put, set_state, start
from assistant.games.sevenwonders.scoring import City, score_city

# Seats are clockwise: ada's left neighbour is bob, her right neighbour is cleo.


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


def points(game: Game, player: str) -> dict[str, int]:
    return RULESET.score(game.state).points[player]


# -- Leaders FAQ (RULES.md §15.1 = the seed's GY.I.K. page) ---------------------------------


def test_7w_faq_solomon_halikarnassos():
    """Solomon recruited in the phase where Halikarnassos builds a discard stage:
    Halikarnassos picks first, so with one card in the pile Solomon gets nothing."""
    game = start("Halikarnassos B", "Rhodes A", "Babylon A")
    set_state(game, pile=((1, "Baths"),))
    put(game, "ada", cards=("Ore Vein", "Foundry"))  # Halikarnassos B stage 1: 2 ore
    play(game, "bob recruit Solomon", "ada stage Sappho", "cleo sell")
    assert game.state.phase == "extra" and game.expecting().players == ("ada",)
    assert illegal(game, "bob pick Baths").rule == "7w.wonder.halikarnassos"
    game.push("ada pick Baths")
    # the pile is empty now: Solomon's pick is lost and the Age begins
    assert game.state.phase == "turn" and game.state.turn == 1
    assert game.state.city("ada").cards[-1] == "Baths" and game.state.city("bob").cards == ()
    assert game.state.city("bob").leaders == ("Solomon",)


# -- base rulebook clarifications (RULES.md §15.2) --------------------------------------------


def test_7w_faq_resources_not_spent():
    """Both neighbours buy ada's two ore in the same turn; she is paid 8 coins and still
    builds a wonder stage with the same ore herself."""
    game = start("Alexandria A", "Babylon A", "Olympia A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", stages=1, cards=("Foundry",), coins=0)  # Alexandria A stage 2: 2 ore
    put(game, "bob", cards=("Lumber Yard",), coins=10)
    put(game, "cleo", cards=("Glassworks",), coins=10)
    game.push("bob build Statue pay right 2 ore")  # wood + 2 ore; ada is bob's right
    assert game.entries[-1].move.pay == Pay(right=4)
    game.push("cleo build Dispensary pay left 2 ore")  # 2 ore + glass; ada is cleo's left
    assert game.entries[-1].move.pay == Pay(left=4)
    game.push("ada stage")  # 2 ore, her own
    assert game.entries[-1].move.pay is None
    ada = game.state.city("ada")
    assert ada.stages == 2 and ada.coins == 8
    assert game.state.city("bob").coins == 6 and game.state.city("cleo").coins == 6


def test_7w_faq_coins_next_turn():
    """Coins received in a turn (here 3 for a sale on turn 6) cannot pay for anything in that
    turn, not even Babylon B's 7th card."""
    game = start("Babylon B", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", stages=2, coins=0)
    set_state(game, turn=6)
    play(game, "ada sell Altar", "bob sell", "cleo sell")
    ada = game.state.city("ada")
    assert ada.coins == 3 and ada.spendable == 0
    err = illegal(game, "ada build Barracks")  # ore from bob: 2 coins, none held at the start
    assert err.rule == "7w.commerce.coins-timing"
    game.push("ada sell")
    assert game.state.city("ada").coins == 6 and game.state.age == 2


def test_7w_faq_choice_card():
    """An either/or card gives its owner one unit of one type; a neighbour may buy either
    type from it, whatever its owner uses."""
    game = start("Alexandria A", "Gizah A", "Rhodes A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", cards=("Tree Farm",), coins=0)
    err = illegal(game, "ada build Temple")  # wood + clay + glass: Tree Farm gives only one
    assert err.rule in ("7w.build.cost", "7w.commerce.coins-timing")
    put(game, "ada", coins=5)
    put(game, "bob", cards=("Tree Farm",))
    game.push("ada build Temple pay left clay")  # her Tree Farm gives wood, bob's sells clay
    assert game.entries[-1].move.pay == Pay(left=2)
    game.pop()
    game.push("ada build Temple pay left wood")  # ... or the other way round
    assert game.entries[-1].move.pay == Pay(left=2)
    put(game, "bob", coins=10)
    game.push("bob build Stables pay left ore right clay")  # he uses his Tree Farm for wood
    assert game.entries[-1].move.pay == Pay(left=2, right=2)
    game.push("cleo sell")
    assert "Temple" in game.state.city("ada").cards and "Stables" in game.state.city("bob").cards


def test_7w_faq_private_resources():
    """Caravansery, Forum and Alexandria's stage resources are never sold; a starting
    resource is."""
    game = start("Gizah A", "Alexandria A", "Olympia A", leaders=False)
    put(game, "bob", stages=2)  # Alexandria A stage 2: one raw material of choice
    put(game, "cleo", cards=("Caravansery", "Forum"))
    put(game, "ada", coins=6)
    err = illegal(game, "ada build Barracks")  # ore: only private sources next door
    assert err.rule in ("7w.build.cost", "7w.commerce.sellable")
    err = illegal(game, "ada build Apothecary")  # loom: only cleo's Forum
    assert err.rule in ("7w.build.cost", "7w.commerce.sellable")
    err = illegal(game, "ada build Apothecary pay right loom")
    assert err.rule == "7w.build.cost" and "even buying every resource the neighbours sell" in err.message
    game.push("ada build Workshop")  # glass: Alexandria's starting resource is sold
    assert game.entries[-1].move.pay == Pay(left=2)
    # the owner uses them herself
    put(game, "cleo", coins=0)
    game.push("cleo build Barracks")
    assert game.entries[-1].move.pay is None


def test_7w_faq_vineyard_bazar():
    """Vineyard and Bazar count the cards the neighbours build in the same turn, but not a
    card a neighbour takes from the discard pile at the end of that turn (OPEN 5: no)."""
    game = start("Gizah A", "Rhodes A", "Halikarnassos A", leaders=False)
    set_state(game, age=2, pile=((1, "Lumber Yard"),))
    put(game, "ada", cards=("Clay Pool",), coins=0)
    put(game, "bob", coins=1)  # Sawmill costs 1 coin
    put(game, "cleo", stages=1, cards=("Ore Vein", "Foundry"), coins=0)  # stage 2: 3 ore
    play(game, "ada build Vineyard", "bob build Sawmill", "cleo stage")
    game.push("cleo pick Lumber Yard")
    assert "Lumber Yard" in game.state.city("cleo").cards
    # own Clay Pool + bob's same-turn Sawmill + cleo's Ore Vein and Foundry: 4 brown cards;
    # cleo's Lumber Yard came too late
    assert game.state.city("ada").coins == 4
    bazar = start("Gizah A", "Rhodes A", "Babylon A", "Ephesus A", leaders=False)
    set_state(bazar, age=2)
    put(bazar, "ada", cards=("Press",), coins=0)
    play(bazar, "ada build Bazar", "bob build Glassworks", "cleo sell", "dan build Loom")
    assert bazar.state.city("ada").coins == 2 * 3  # own Press, bob's Glassworks, dan's Loom


def test_7w_faq_shipowners():
    """Shipowners Guild counts itself (it is a purple card of its owner)."""
    left = City("Left", "Rhodes", "A", 0, 0)
    right = City("Right", "Ephesus", "A", 0, 0)
    alone = City("Me", "Gizah", "A", 0, 0, (), ("Shipowners Guild",))
    assert score_city([alone, left, right], 0).points["guilds"] == 1
    more = City("Me", "Gizah", "A", 0, 0, (), ("Shipowners Guild", "Sawmill", "Press", "Spies Guild"))
    assert score_city([more, left, right], 0).points["guilds"] == 1 + 1 + 1 + 1


def test_7w_faq_coins_once():
    """Arena pays its coins once, when built (stages standing then); its VP are counted at the
    end on the final city."""
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=3)
    put(game, "ada", stages=1, cards=("Stone Pit", "Ore Vein", "Lumber Yard", "Sawmill"), coins=0)
    play(game, "ada build Arena", "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 3  # 1 stage standing
    play(game, "ada stage", "bob sell", "cleo sell")  # Gizah A stage 2: 3 wood
    ada = game.state.city("ada")
    assert ada.stages == 2 and ada.coins == 3  # no new coins for the new stage
    assert points(game, "ada")["commercial"] == 2  # but 1 VP per stage at the end


def test_7w_faq_wildcard_end():
    """Babylon's and the Scientists Guild's symbols are not chosen when built: no step is
    asked, and the end score gives them the best symbol for the final city."""
    game = start("Babylon A", "Rhodes A", "Gizah A", leaders=False)
    set_state(game, age=2)
    put(game, "ada", stages=1, cards=("Lumber Yard", "Sawmill"), coins=0)
    play(game, "ada stage", "bob sell", "cleo sell")  # stage 2: 3 wood, the science wildcard
    assert game.state.phase == "turn" and game.state.city("ada").stages == 2
    put(game, "ada", cards=("Lumber Yard", "Sawmill", "Apothecary", "Workshop"))
    assert points(game, "ada")["science"] == 1 + 1 + 1 + 7  # wildcard on tablet: a set
    put(game, "ada", cards=("Lumber Yard", "Sawmill", "Apothecary", "Workshop", "Laboratory"))
    assert points(game, "ada")["science"] == 1 + 4 + 1 + 7  # still a set: 13 > gear 1 + 9
    set_state(game, age=3)
    put(game, "ada", cards=("Lumber Yard", "Sawmill", "Ore Vein", "Foundry", "Press"), coins=0)
    play(game, "ada build Scientists Guild", "bob sell", "cleo sell")  # 2 wood, 2 ore, papyrus
    assert game.state.phase == "turn" and "Scientists Guild" in game.state.city("ada").cards
    assert points(game, "ada")["science"] == 4  # two wildcards, nothing else: 2 alike


def test_7w_faq_halikarnassos_timing():
    """Halikarnassos picks at the end of the turn, from a pile that holds that turn's
    discards, the 6th turn's leftovers included, and before the Age's conflicts."""
    game = start("Halikarnassos A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry"))
    put(game, "bob", cards=("Stockade",))
    set_state(game, turn=6)
    play(game, "ada stage", "bob sell Altar", "cleo sell")
    assert game.state.phase == "extra" and game.state.age == 1
    assert game.state.pile_unknown[0] == 3 + 1  # the three unchosen 7th cards and cleo's sale
    assert "Altar" in game.expecting().words
    game.push("ada pick Barracks")  # an unnamed 6th-turn card this Age's deck still holds
    ada = game.state.city("ada")
    assert "Barracks" in ada.cards and game.state.age == 2
    # Barracks, built before the conflicts, counts in them: 1 shield each against none/1
    assert ada.tokens == (1,)


def test_7w_faq_babylon_same_turn():
    """Babylon B stage 2 built on turn 5 gives no 7th card then (there is none); built on
    turn 6 it lets the 7th card be played in that same turn."""
    game = start("Babylon B", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", stages=1, cards=("Lumber Yard", "Timber Yard", "Glassworks"), coins=0)
    set_state(game, turn=5)
    play(game, "ada stage", "bob sell", "cleo sell")
    assert game.state.phase == "turn" and game.state.turn == 6
    play(game, "ada sell", "bob sell", "cleo sell")
    assert game.state.phase == "extra" and game.expecting().players == ("ada",)
    game.push("ada build Stockade")  # wood, her own
    assert "Stockade" in game.state.city("ada").cards and game.state.age == 2


def test_7w_faq_sixth_discard():
    """The card not chosen on turn 6 goes to the discard pile without coins."""
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, turn=6)
    put(game, "ada", coins=0)
    put(game, "bob", coins=0)
    play(game, "ada build Lumber Yard", "bob sell", "cleo build Stone Pit")
    assert game.state.city("ada").coins == 0  # nothing for her unchosen card
    assert game.state.city("bob").coins == 3  # only the card he sold pays
    assert game.state.pile_unknown[0] == 3 + 1


def test_7w_faq_marker_hidden():
    """A card tucked under a stage is hidden and is no structure: not in the city, not
    scored, not shown to the table, and it does not block a copy of the same name."""
    seven = ("Gizah A", "Rhodes A", "Babylon A", "Olympia A", "Ephesus A", "Alexandria A", "Halikarnassos A")
    game = start(*seven, leaders=False)
    put(game, "bob", cards=("Lumber Yard", "Timber Yard"))  # Rhodes A stage 1: 2 wood
    play(game, "bob stage Baths", *[f"{p} sell" for p in ("ada", "cleo", "dan", "eve", "fay", "gus")])
    bob = game.state.city("bob")
    assert bob.stages == 1 and "Baths" not in bob.cards
    shown = str(RULESET.describe(game.state))
    assert "Baths" not in shown
    assert points(game, "bob")["civilian"] == 0
    # 7 players: a second Baths (7+) is in the deck and bob may build it
    game.push("bob build Baths")  # stone from his Timber Yard
    assert game.entries[-1].move.card == "Baths"
