"""legal_moves on the most crowded position we know: every listed move is legal, reads back
from its notation, and is the same move as one built by its constructor (the variants are
built by copying field values, for speed: see assistant/games/roma/legal.py); and the same for
the moves of every kind in a random game and a Centurio's battle."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

from assistant.games.roma import RULESET
from assistant.games.roma.components import CARDS, ORDER
from assistant.games.roma.moves import Activate

from .conftest import make_table

WORST = {1: "Senator", 2: "Architectus", 3: "Consiliarius", 4: "Haruspex", 5: "Scaenicus", 6: "Aesculapinum", 7: "Scaenicus"}
BEN = {1: "Forum", 2: "Legat", 3: "Turris", 4: "Nero", 5: "Onager", 6: "Legionarius", 7: "Forum"}


def extreme_table():
    used = Counter(WORST.values()) + Counter(BEN.values())
    hand = tuple(c for c in ORDER if CARDS[c].copies > used[c])
    return make_table(
        WORST, BEN, hands=(hand, ()), money=(80, 0), dice=(1, 3, 5), unknown_discards=3,
        options={"bribe": "on"},
    )


def test_roma_legal_moves_extreme_position():
    state = extreme_table().state
    moves = list(RULESET.legal_moves(state))
    assert len(moves) > 1000
    activations = [m for m in moves if isinstance(m, Activate)]
    # the Scaenicus on the bribe disc, bribed with each of the three dice, copying the Senator
    assert {m.die for m in activations if m.disc == 7 and m.copy == "Senator"} == {1, 3, 5}
    assert len(set(moves)) == len(moves)
    for move in moves:
        RULESET.check(state, move)
        assert RULESET.parse(state, move.notation()) == move, move.notation()
    for move in moves:
        cls = type(move)
        rebuilt = cls(**{f.name: getattr(move, f.name) for f in fields(cls)})
        assert rebuilt == move and hash(rebuilt) == hash(move) and repr(rebuilt) == repr(move)


def test_roma_legal_moves_are_built_like_constructed_moves_in_every_phase():
    """Rolls, battle dice (with a Centurio's added die), lays and draws are built by copying a
    base move too: each equals the move its constructor builds."""
    from assistant.games.roma.simulate import random_game

    centurio = make_table({2: "Centurio"}, {2: "Nero"}, dice=(2, 3, 5)).play("activate 2").state
    states = [*random_game(4, 2, {"bribe": "on"}).states, centurio]
    assert any(move.add for move in RULESET.legal_moves(centurio))
    kinds = set()
    for state in states:
        for move in RULESET.legal_moves(state):
            cls = type(move)
            kinds.add(cls.__name__)
            rebuilt = cls(**{f.name: getattr(move, f.name) for f in fields(cls)})
            assert rebuilt == move and hash(rebuilt) == hash(move) and repr(rebuilt) == repr(move)
    assert {"Roll", "Battle", "Lay", "TakeCards", "Activate", "Money", "End"} <= kinds
