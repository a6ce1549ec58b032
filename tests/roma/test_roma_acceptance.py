"""Acceptance checks of issue 4 not pinned down elsewhere: every notation example of the issue
and of docs/notation/roma.md accepted (parsed, checked and applied) in a suitable position;
the rulings A1 and A2 on their own; the seed's two differences (Mercatus from the opponent by
default, Praetorianus as the printed card); a card that cannot exist any more refused wherever
its copies are seen."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from assistant.core.errors import AmbiguousEntry
from assistant.core.game import Game
from assistant.games.roma import RULESET
from assistant.games.roma.components import CARDS
from assistant.games.roma.moves import Activate, Battle, End, Lay, Money, Roll, TakeCards

from .conftest import Table, make_table

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "notation" / "roma.md"
SETUP = [
    "hand Ann Legat Forum Forum Turris",
    "hand Ben Nero Senator Templum Basilica",
    "give Ann Forum Turris",
    "give Ben Nero Templum",
    "start Ann",
    "place Ann Legat 1 Forum 2 Nero 3 Templum 5",
    "place Ben Senator 1 Basilica 2 Forum 4 Turris 6",
]
DICE = (3, 4, 6)


def _setup_before(line: str) -> Callable[[], Table]:
    """The set-up played up to (not including) ``line``."""

    def build() -> Table:
        t = Table(RULESET.setup(["Ann", "Ben"], {}))
        return t.play(*SETUP[: SETUP.index(line)])

    return build


def _bribe(ann, ben=None, **kw) -> Table:
    return make_table(ann, ben or {1: "Forum"}, options={"bribe": "on"}, **kw)


#: A suitable position for each entry the guide shows (Ann, player 0, to play).
POSITIONS: dict[str, Callable[[], Table]] = {
    # set-up
    "hand Ann Legat Forum Forum Turris": _setup_before(SETUP[0]),
    "give Ann Forum Turris": _setup_before(SETUP[2]),
    "start Ann": _setup_before(SETUP[4]),
    "place Ann Legat 1 Forum 2 Nero 3 Templum 5": _setup_before(SETUP[5]),
    # a turn
    "roll 3 4 6": lambda: make_table({1: "Forum"}, {1: "Forum"}, dice=None),
    "roll 346": lambda: make_table({1: "Forum"}, {1: "Forum"}, dice=None),
    "reroll 2 2 5": lambda: make_table({1: "Forum"}, {1: "Forum"}, dice=(4, 4, 4)),
    "lay Legat 4": lambda: make_table({1: "Forum"}, hands=(("Legat",), ()), money=(5, 0), dice=DICE),
    "lay Legat on 4": lambda: make_table({1: "Forum"}, hands=(("Legat",), ()), money=(5, 0), dice=DICE),
    "money 6": lambda: make_table({1: "Forum"}, dice=DICE),
    "Ann money 6": lambda: make_table({1: "Forum"}, dice=DICE),
    "money: 6": lambda: make_table({1: "Forum"}, dice=DICE),
    "cards 3 keep Legat": lambda: make_table({1: "Forum"}, dice=DICE),
    "cards 3 keep Legat discard Forum Nero": lambda: make_table({1: "Forum"}, dice=DICE),
    "activate 4": lambda: make_table({4: "Legat"}, {1: "Forum"}, dice=DICE),
    "activate 4 Legat": lambda: make_table({4: "Legat"}, {1: "Forum"}, dice=DICE),
    "activate disc 4": lambda: make_table({4: "Legat"}, {1: "Forum"}, dice=DICE),
    "battle 4": lambda: make_table({3: "Legionarius"}, {3: "Forum"}, dice=DICE).play("activate 3"),
    "battle 3 add 5": lambda: make_table({3: "Centurio"}, {3: "Nero"}, dice=(3, 5, 1)).play("activate 3"),
    "end": lambda: make_table({1: "Forum"}, {1: "Forum"}, dice=DICE),
    "end turn": lambda: make_table({1: "Forum"}, {1: "Forum"}, dice=DICE),
    # what each card takes
    "activate 2 vp 5": lambda: make_table({2: "Forum"}, dice=(2, 5, 6)),
    "activate 2 vp 5 6": lambda: make_table({1: "Templum", 2: "Forum"}, dice=(2, 5, 6)),
    "activate 2 5": lambda: make_table({2: "Forum"}, dice=(2, 5, 6)),
    "activate 2 vp 4": lambda: make_table({1: "Basilica", 2: "Forum", 3: "Templum"}, dice=(2, 4, 5)),
    "activate 2 vp 4 5": lambda: make_table({1: "Basilica", 2: "Forum", 3: "Templum"}, dice=(2, 4, 5)),
    "activate 1 with 2": lambda: make_table({1: "Forum"}, dice=(1, 2, 6)),
    "activate 3 target 5": lambda: make_table({3: "Velites"}, {5: "Legat"}, dice=DICE),
    "activate 3": lambda: make_table({3: "Legionarius"}, {3: "Forum"}, dice=DICE),
    "activate 4 target 3": lambda: make_table({4: "Praetorianus"}, {3: "Legat"}, dice=DICE),
    "activate 1 change 5 to 6": lambda: make_table({1: "Consul"}, dice=(1, 5, 2)),
    "activate 2 buy 3": lambda: make_table({2: "Mercator"}, money=(6, 0), dice=(2, 2, 3)),
    "activate 3 take Nero": lambda: make_table({3: "Haruspex"}, dice=DICE),
    "activate 4 take Legat": lambda: make_table({4: "Aesculapinum"}, discard=("Legat",), dice=DICE),
    "activate 2 lay Forum 3 Turris 5": lambda: make_table({2: "Architectus"}, hands=(("Forum", "Turris"), ()), dice=(2, 2, 3)),
    "activate 2": lambda: make_table({2: "Architectus"}, hands=(("Forum",), ()), dice=(2, 2, 3)),
    "activate 2 move Consiliarius 1 Legat 3": lambda: make_table({2: "Consiliarius", 5: "Legat"}, dice=(2, 2, 3)),
    "activate 5 copy Velites target 2": lambda: make_table({1: "Velites", 5: "Scaenicus"}, {2: "Legat"}, dice=(5, 1, 1)),
    # the bribe disc option
    "lay Forum 7": lambda: _bribe({1: "Forum"}, hands=(("Forum",), ()), money=(5, 0), dice=DICE),
    "activate 7 die 4": lambda: _bribe({7: "Legat"}, money=(4, 0), dice=DICE),
    "activate 7 die 4 vp 5": lambda: _bribe({7: "Forum"}, money=(4, 0), dice=(4, 5, 1)),
    # hidden cards typed as unknown (issue 11)
    "hand Ann ? ? ? ?": _setup_before(SETUP[0]),
    "hand Ann 4": _setup_before(SETUP[0]),
    "hand Ann Legat ? ? ?": _setup_before(SETUP[0]),
    "give Ann ? ?": _setup_before(SETUP[2]),
    "give Ann 2": _setup_before(SETUP[2]),
    "give Ben Nero ?": _setup_before(SETUP[3]),
    "cards 3 keep ?": lambda: make_table({1: "Forum"}, dice=DICE),
    "cards 3 keep ? discard Forum Nero": lambda: make_table({1: "Forum"}, dice=DICE),
    "Ann holds Legat Forum": lambda: make_table({1: "Forum"}, hands=(("?", "?"), ()), dice=DICE),
    "activate 3 take ?": lambda: make_table({3: "Haruspex"}, dice=DICE),
    "activate 5 copy Scaenicus Legat": lambda: make_table({2: "Legat", 5: "Scaenicus", 6: "Scaenicus"}, dice=(5, 1, 1)),
    "activate 2 lay Forum 3": lambda: make_table({2: "Architectus"}, hands=(("?",), ()), dice=(2, 2, 3)),
    # corrections (issue 12)
    "correct Ann vp +2 from stockpile because the Forum paid her once": lambda: make_table({1: "Forum"}, dice=DICE),
    "correct Ann vp -1 to stockpile because Phase 1 was not paid": lambda: make_table({1: "Forum"}, dice=DICE),
    "correct Ann vp +3 from Ben because the Mercator took none": lambda: make_table({1: "Mercator"}, dice=DICE),
    "correct Ann sestertii +2 because she forgot her money die": lambda: make_table({1: "Forum"}, dice=DICE),
    "correct Ann card Forum from 2 to 3 because it was laid on the wrong disc": lambda: make_table({2: "Forum"}, dice=DICE),
    "correct Ann card Forum from 2 to discard because the Onager destroyed it": lambda: make_table({2: "Forum"}, dice=DICE),
    "correct Ann card Forum from discard to 2 because the attack had failed": lambda: make_table({1: "Forum"}, discard=("Forum",), dice=DICE),
}

VERBS = ("hand", "give", "start", "place", "roll", "reroll", "lay", "money", "cards", "activate", "battle", "end", "Ann ", "correct ")


def guide_entries() -> list[str]:
    """Every inline code span of the guide that is an entry (not a fragment like `vp 5` or a
    pattern like `battle N`), with line breaks inside a span read as spaces."""
    text = GUIDE.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # the example block: see test_roma_notation
    spans = [" ".join(s.split()) for s in re.findall(r"`([^`]+)`", text)]
    entries = []
    for span in spans:
        words = span.split()
        if not span.startswith(VERBS) or "N" in words or "..." in words or "PLAYER" in words:
            continue
        if len(words) == 1 and span != "end":  # `place`: the word, not an entry
            continue
        if span not in entries:
            entries.append(span)
    return entries


def test_roma_notation_guide_every_example_has_a_position():
    """Adding an example to the guide without a position here fails this test."""
    entries = guide_entries()
    assert len(entries) >= 30
    assert [e for e in entries if e not in POSITIONS] == []


@pytest.mark.parametrize("text", list(POSITIONS))
def test_roma_notation_guide_example_accepted(text):
    t = POSITIONS[text]()
    before = t.state
    t.play(text)  # parse, check (raises IllegalMove if refused), apply
    assert t.state != before


# -- the issue's notation examples, each with what it must do ------------------------------------
def test_roma_notation_issue_examples_accepted(table):
    t = table({1: "Forum"}, {1: "Forum"}, dice=None)
    t.play("roll 3 4 6")
    assert t.state.dice == (3, 4, 6)

    t = table({1: "Forum"}, {1: "Forum"}, dice=None)
    t.play("roll 2 2 2", "reroll 2 2 5")
    assert t.state.dice == (2, 2, 5)

    t = table({1: "Forum"}, dice=DICE)
    t.play("money 6")
    assert t.state.money == (6, 0) and t.state.dice == (3, 4)

    t.play("cards 3 keep Legat")
    assert t.state.hands[0] == ("Legat",) and t.state.unknown_discards == 2 and t.state.dice == (4,)

    t.play("lay Legat 4")
    assert t.board(0) == {1: "Forum", 4: "Legat"} and t.state.money == (1, 0)

    t.play("activate 4")  # Ben has 6 empty discs
    assert t.vp == (16, 10) and t.state.dice == ()

    t = table({2: "Velites"}, {5: "Legat"}, dice=(2, 4, 6))
    t.play("activate 2 target 5")
    assert t.state.battle is not None and t.state.battle.target == 5
    t.play("battle 4")  # Legat defence 2
    assert t.board(1) == {}

    t.play("end")
    assert t.state.player == "Ben" and t.state.dice is None


def test_roma_notation_issue_examples_parse_to_the_right_move(table):
    state = table({1: "Forum"}, dice=None).state
    expected = {
        "roll 3 4 6": Roll, "reroll 2 2 5": Roll, "money 6": Money, "cards 3 keep Legat": TakeCards,
        "lay Legat 4": Lay, "activate 4": Activate, "activate 2 target 5": Activate,
        "battle 4": Battle, "end": End,
    }
    for text, kind in expected.items():
        move = RULESET.parse(state, text)
        assert isinstance(move, kind) and move.notation() == text


# -- A1 and A2 on their own ------------------------------------------------------------------------
def test_roma_rulings_a1_starting_money():
    game = Game(RULESET, ["Ann", "Ben"], {})
    assert game.state.money == (0, 0)
    for line in SETUP:
        game.push(line)
    assert game.state.money == (0, 0)


def test_roma_rulings_a2_first_layout_is_free():
    """Ann lays a Nero (cost 8) and Ben a Turris (cost 6) with no money at all: accepted, and
    nobody's money changes."""
    game = Game(RULESET, ["Ann", "Ben"], {})
    for line in SETUP[:5]:
        game.push(line)
    assert game.state.money == (0, 0)
    game.push(SETUP[5])
    game.push(SETUP[6])
    s = game.state
    assert s.money == (0, 0) and s.boards[0][2] == "Nero" and s.boards[1][5] == "Turris"


# -- the seed's two differences ----------------------------------------------------------------
def test_roma_cards_mercatus_default_option_is_opponent():
    assert RULESET.setup(["Ann", "Ben"], {}).mercatus == "opponent"
    assert RULESET.setup(["Ann", "Ben"], {"mercatus": "stockpile"}).mercatus == "stockpile"
    spec = {o.name: o for o in RULESET.options}["mercatus"]
    assert spec.default == "opponent"


def test_roma_rulings_a6_mercatus_opponent_pays_what_they_have(table):
    t = table({1: "Mercatus"}, {2: "Forum", 3: "Forum", 4: "Forum"}, vp=(10, 2), dice=(1, 4, 4))
    t.play("activate 1")
    assert t.vp == (12, 0) and t.state.stockpile == 24 and t.state.ended == "Ben has no VP left"


def test_roma_cards_praetorianus_is_the_printed_card_not_the_senator(table):
    """The seed's French text gives the Praetorianus the Senator's effect by mistake: the
    printed card blocks a disc, and lays nothing."""
    t = table({1: "Praetorianus"}, {3: "Legat"}, hands=(("Legat",), ()), dice=(1, 2, 3))
    assert t.refuse("activate 1 lay Legat 2").rule == "roma.cards.praetorianus"
    assert t.refuse("activate 1").rule == "roma.cards.praetorianus"  # which disc?
    t.play("activate 1 target 3")
    assert t.state.hands[0] == ("Legat",) and t.board(0) == {1: "Praetorianus"}
    assert t.state.blocked == (frozenset(), frozenset({3}))


# -- hidden cards: a card that cannot exist any more --------------------------------------------
def test_roma_deck_refuses_a_card_seen_on_a_board_in_a_hand_or_on_the_discard(table):
    # the one Nero, wherever it is seen, cannot be drawn
    for where in ({"ben": {2: "Nero"}}, {"hands": ((), ("Nero",))}, {"discard": ("Nero",)}):
        t = table({1: "Forum"}, where.get("ben", {}), hands=where.get("hands", ((), ())),
                  discard=where.get("discard", ()), dice=DICE)
        err = t.refuse("cards 3 keep Nero")
        assert err.rule == "roma.deck" and "Nero" in err.message
        assert t.refuse("cards 3 keep Legat discard Nero").rule == "roma.deck"
    # six Forums on the boards: no seventh
    t = table({1: "Forum", 2: "Forum", 3: "Forum"}, {1: "Forum", 2: "Forum", 3: "Forum"}, dice=DICE)
    assert t.refuse("cards 3 keep Forum").rule == "roma.deck"
    t.play("cards 3 keep Legat")  # another card is fine


def test_roma_deck_hands_hidden_unless_reveal(table):
    t = table({1: "Forum"}, {1: "Forum"}, hands=(("Sicarius", "Nero"), ("Mercator",)), dice=DICE)
    hidden = RULESET.describe(t.state)
    assert "Sicarius" not in str(hidden) and "Mercator" not in str(hidden)
    assert [p["hand_size"] for p in hidden["players"]] == [2, 1]
    shown = RULESET.describe(t.state, reveal=True)
    assert shown["players"][0]["hand"] == ["Nero", "Sicarius"] and shown["players"][1]["hand"] == ["Mercator"]


def test_roma_notation_guide_bare_number_and_short_names(table):
    """`activate 2 5` is `target 5` for a Velites; `Lega` and `trib` are unique prefixes (`Leg`
    is not: Legat or Legionarius)."""
    t = table({2: "Velites"}, {5: "Legat"}, dice=(2, 4, 6))
    assert RULESET.parse(t.state, "activate 2 5").notation() == "activate 2 target 5"
    t.play("activate 2 5")
    assert t.state.battle is not None and t.state.battle.target == 5
    t = table({1: "Forum"}, hands=(("Legat", "Tribunus Plebis"), ()), money=(10, 0), dice=DICE)
    with pytest.raises(AmbiguousEntry) as info:
        t.play("lay Leg 4")
    assert set(info.value.candidates) == {"Legat", "Legionarius"}
    t.play("lay Lega 4", "lay trib 5")
    assert t.board(0) == {1: "Forum", 4: "Legat", 5: "Tribunus Plebis"}


# -- the data: all 25 cards as the rulebook prints them (RULES.md §6), names of the seed ---------
PRINTED = {  # name: (kind, cost, defence, copies)
    "Sicarius": ("character", 9, 2, 1), "Architectus": ("character", 3, 4, 2),
    "Consiliarius": ("character", 4, 4, 2), "Legat": ("character", 5, 2, 2),
    "Gladiator": ("character", 6, 5, 2), "Mercator": ("character", 7, 2, 1),
    "Consul": ("character", 3, 3, 2), "Legionarius": ("character", 4, 5, 3),
    "Nero": ("character", 8, 9, 1), "Praetorianus": ("character", 4, 4, 2),
    "Scaenicus": ("character", 8, 3, 2), "Haruspex": ("character", 4, 3, 2),
    "Senator": ("character", 3, 3, 2), "Velites": ("character", 5, 3, 2),
    "Essedum": ("character", 6, 3, 2), "Tribunus Plebis": ("character", 5, 5, 2),
    "Centurio": ("character", 9, 5, 2),
    "Aesculapinum": ("building", 5, 2, 2), "Basilica": ("building", 6, 5, 2),
    "Machina": ("building", 4, 4, 2), "Forum": ("building", 5, 5, 6),
    "Mercatus": ("building", 6, 3, 2), "Onager": ("building", 5, 4, 2),
    "Templum": ("building", 2, 2, 2), "Turris": ("building", 6, 6, 2),
}


def test_roma_cards_data_all_25_as_printed():
    catalogue = {c["name"]: (c["kind"], c["cost"], c["defence"], c["copies"]) for c in RULESET.catalogue()}
    assert catalogue == PRINTED


@pytest.mark.parametrize(
    "spelling, name",
    [("Legat", "Legat"), ("Velite", "Velites"), ("Basiliaca", "Basilica"), ("Asculapinum", "Aesculapinum"),
     ("Bacilica", "Basilica"), ("Forume", "Forum"), ("essedum", "Essedum"), ("centurio", "Centurio"),
     ("Tribunus", "Tribunus Plebis"), ("praetorianus", "Praetorianus")],
)
def test_roma_cards_seed_spellings(spelling, name):
    from assistant.games.roma.components import CARD_NAMES

    assert CARD_NAMES.resolve(spelling) == name


# -- legal_moves lists everything the player can still do -----------------------------------------
def _candidates(s) -> list[str]:
    """Entries tried by brute force: battles, lays, money, the end, and activations of every
    disc with every target, Forum die, Consul change and Scaenicus copy."""
    if s.battle is not None:
        return [f"battle {r}" for r in range(1, 7)] + [f"battle {r} add {a}" for r in range(1, 7) for a in range(1, 7)]
    texts = ["end"] + [f"money {v}" for v in range(1, 7)]
    discs = range(1, s.discs + 1)
    texts += [f"lay {c} {d}" for c in set(s.hands[s.active]) for d in discs]
    copies = {c for c in s.boards[s.active] if c and c != "Scaenicus" and CARDS[c].kind == "character"}
    for d in discs:
        for p in [f"activate {d}"] if d != 7 else [f"activate 7 die {v}" for v in range(1, 7)]:
            for q in [p] + [f"{p} copy {c}" for c in copies]:
                texts += [q] + [f"{q} target {t}" for t in discs]
                texts += [f"{q} change {a} to {b}" for a in range(1, 7) for b in (a - 1, a + 1)]
            texts += [f"{p} vp {a}" for a in range(1, 7)] + [f"{p} vp {a} {b}" for a in range(1, 7) for b in range(a, 7)]
    return texts


@pytest.mark.parametrize("seed", range(3))
def test_roma_legal_moves_list_every_accepted_action(seed):
    """Every lay, money, activation (targets, Forum dice, Consul, Scaenicus) and battle entry
    the engine accepts is among legal_moves (chance entries and the free lays / re-layings of
    Architectus, Senator, Consiliarius, Machina are sampled there, so not tried here)."""
    from assistant.core.errors import EntryError
    from assistant.core.errors import IllegalMove
    from assistant.games.roma.simulate import random_game

    game = random_game(200 + seed, 2, {"bribe": "on"} if seed % 2 else {}, max_turns=30)
    tried = 0
    for s in game.states:
        if s.in_setup or s.over or s.dice is None:
            continue
        legal = {m.notation() for m in RULESET.legal_moves(s)}
        for text in _candidates(s):
            try:
                move = RULESET.parse(s, text)
                RULESET.check(s, move)
            except (EntryError, IllegalMove):
                continue
            tried += 1
            assert move.notation() in legal, (text, move.notation())
    assert tried > 100


def test_roma_bribe_praetorianus_blocks_disc_7(table):
    """roma.bribe: disc 7 is a dice disc for the Praetorianus too; without the option there is
    no disc 7 to block."""
    t = table({1: "Praetorianus"}, {7: "Legat"}, money=(0, 9), dice=(1, 2, 3), options={"bribe": "on"})
    t.play("activate 1 target 7", "end", "roll 2 4 5")
    assert t.refuse("activate 7 die 2").rule == "roma.cards.praetorianus"
    t = table({1: "Praetorianus"}, {6: "Legat"}, dice=(1, 2, 3))
    assert t.refuse("activate 1 target 7").rule == "roma.cards.praetorianus"
