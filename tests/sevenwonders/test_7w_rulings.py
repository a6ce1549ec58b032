"""Rulings tables dispute, each with the option that lets a table take the other reading
(issue 13): Rome B's extra leader and the coins received during the turn."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.legal import legal_moves_for
from assistant.games.sevenwonders.moves import Recruit
from sw_scenario import play, put, set_state


def rome_b_turn(rome_b_coins: str | None) -> Game:
    """The issue's position: Ada (Rome B, stage 1 built) holds 2 coins at the start of an Age
    II turn and builds stage 2 (stone + clay + loom, all her own) while Cleo (Quarry: 2 stone)
    buys her third stone for Walls (2 coins to her left neighbour, Ada): Ada ends the turn with 2 + 2 = 4 coins, 2 of
    them received this turn. Euclid costs 5 - 2 (Rome B's rebate) = 3."""
    options = {"leaders": "true", "boards": "Rome B, Rhodes A, Babylon A"}
    if rome_b_coins is not None:
        options["rome_b_coins"] = rome_b_coins
    game = Game(RULESET, ["ada", "bob", "cleo"], options)
    play(game, "ada sell", "bob sell", "cleo sell")
    set_state(game, age=2)
    put(game, "ada", stages=1, coins=2, cards=("Stone Pit", "Clay Pool", "Loom"), hand=("Euclid", "Sappho"), hand_size=2)
    put(game, "cleo", cards=("Quarry",))
    play(game, "ada stage", "bob sell", "cleo build Walls pay left 2")
    ada = game.state.city("ada")
    assert game.state.phase == "extra" and (ada.coins, ada.income) == (4, 2)
    return game


def test_7w_commerce_coins_timing_rome_b_start_is_the_default():
    """``rome_b_coins=start`` (the default): the extra leader is a payment of the turn, paid
    from the 2 coins held at its start; the 2 Cleo paid count from the next turn."""
    for option in (None, "start"):
        game = rome_b_turn(option)
        with pytest.raises(IllegalMove) as info:
            game.push("ada recruit Euclid")
        err = info.value
        assert err.rule == "7w.wonder.rome.b"
        assert err.message == "ada cannot recruit Euclid: it costs 3 coins and ada has 2 to spend now (2 more arrive only after this turn)"
        assert err.hint == "ada recruit none"
        listed = {m.leader for m in legal_moves_for(game.state, "ada") if isinstance(m, Recruit)}
        assert "Euclid" not in listed and "Sappho" in listed


def test_7w_wonder_rome_b_coins_held_option():
    """``rome_b_coins=held``: "paid with the coins then held" read literally: the 4 coins
    Ada holds when the stage resolves pay Euclid's 3, leaving 1."""
    game = rome_b_turn("held")
    listed = {m.leader for m in legal_moves_for(game.state, "ada") if isinstance(m, Recruit)}
    assert "Euclid" in listed
    game.push("ada recruit Euclid")
    ada = game.state.city("ada")
    assert ada.leaders == ("Euclid",) and ada.coins == 1
    assert 0 <= ada.income <= ada.coins  # the coins received this turn are spent last


def test_7w_wonder_rome_b_coins_held_still_has_a_limit():
    """With ``held`` too, the extra leader costs no more than every coin held: 2 coins (all
    received this turn) do not pay Euclid's 3."""
    game = rome_b_turn("held")
    put(game, "ada", coins=2, income=2)
    with pytest.raises(IllegalMove) as info:
        game.push("ada recruit Euclid")
    assert info.value.rule == "7w.wonder.rome.b"
    assert info.value.message == "ada cannot recruit Euclid: it costs 3 coins and ada has 2"


def test_7w_rome_b_coins_option_documented():
    """The option and both readings are in the rule texts of both rules."""
    spec = {s.name: s for s in RULESET.options}["rome_b_coins"]
    assert spec.default == "start" and spec.choices == ("start", "held")
    texts = {t.id: t.text for t in RULESET.rulebook()}
    assert "rome_b_coins=held" in texts["7w.commerce.coins-timing"]
    assert "rome_b_coins=held" in texts["7w.wonder.rome.b"] and "rome_b_coins=start" in texts["7w.wonder.rome.b"]
