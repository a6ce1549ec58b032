"""Corrections (rule roma.correct, issue 12): a physical mistake noticed late put right with
``correct PLAYER THING CHANGE because REASON``: VP between a player and the stockpile or the
other player, sestertii, a public card between discs and the discard pile. Each kind accepted
with its effect (state, score, notes), each refusal with its rule and reason, corrections at odd
moments (mid-turn, a battle waiting, the set-up, after the end), the record round trip and the
public form."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.core.errors import EntryError, IllegalMove, InvalidEntry
from assistant.core.game import Game, rebuilt
from assistant.core.record import RecordLine, read_record, write_record
from assistant.games.roma import RULESET
from assistant.games.roma.moves import Correct
from assistant.games.roma.simulate import check_invariants

from .conftest import Table, make_table

ROOT = Path(__file__).resolve().parents[2]
SETUP = [
    "hand Ann Legat Forum Forum Turris",
    "hand Ben Nero Senator Templum Basilica",
    "give Ann Forum Turris",
    "give Ben Nero Templum",
    "start Ann",
    "place Ann Legat 1 Forum 2 Nero 3 Templum 5",
    "place Ben Senator 1 Basilica 2 Forum 4 Turris 6",
]


def _mid_turn() -> Table:
    return make_table(
        {1: "Forum", 2: "Legat", 4: "Turris"},
        {1: "Nero", 3: "Forum"},
        hands=(("Velites",), ("?",)),
        vp=(12, 9),
        money=(4, 1),
        dice=(2, 5),
        discard=("Templum", "Forum"),
    )


def _refusal(t: Table, text: str) -> IllegalMove:
    before = t.state
    error = t.refuse(text)
    assert t.state == before
    return error


def _unreadable(t: Table, text: str) -> InvalidEntry:
    with pytest.raises(InvalidEntry) as info:
        RULESET.parse(t.state, text)
    return info.value


# -- each kind accepted, with its effect ------------------------------------------------------
def test_roma_correct_vp_from_and_to_the_stockpile():
    t = _mid_turn()
    t.play("correct Ann vp +2 from stockpile because the Forum paid her once")
    assert t.vp == (14, 9) and t.state.stockpile == 36 - 21 - 2
    t.play("correct Ben vp -1 to stockpile because Phase 1 was not paid")
    assert t.vp == (14, 8) and t.state.stockpile == 14
    assert check_invariants(t.state) == []
    notes = RULESET.score(t.state).notes
    assert "correction at ply 1: Ann +2 VP from the stockpile (the Forum paid her once)" in notes
    assert "correction at ply 2: Ben -1 VP to the stockpile (Phase 1 was not paid)" in notes
    assert RULESET.score(t.state).totals == {"Ann": 14, "Ben": 8}


def test_roma_correct_vp_between_players():
    t = _mid_turn()
    t.play("correct Ann vp +3 from Ben because the Mercator took none")
    assert t.vp == (15, 6) and t.state.stockpile == 15
    t.play("correct Ann vp -1 to Ben because one too many")
    assert t.vp == (14, 7)
    assert check_invariants(t.state) == []
    assert list(RULESET.score(t.state).notes[:2]) == [
        "correction at ply 1: Ann +3 VP from Ben (the Mercator took none)",
        "correction at ply 2: Ann -1 VP to Ben (one too many)",
    ]


def test_roma_correct_sestertii():
    t = _mid_turn()
    t.play("correct Ann sestertii +2 because she forgot her money die")
    assert t.state.money == (6, 1)
    t.play("correct Ben money -1 because he took one too many")
    assert t.state.money == (6, 0)
    assert check_invariants(t.state) == []
    # sestertii do not count in the score: no note
    assert not [n for n in RULESET.score(t.state).notes if n.startswith("correction")]


def test_roma_correct_card_between_discs():
    t = _mid_turn()
    t.play("correct Ann card Forum from 1 to 3 because it was laid on the wrong disc")
    assert t.board(0) == {2: "Legat", 3: "Forum", 4: "Turris"}
    assert check_invariants(t.state) == []


def test_roma_correct_card_to_and_from_the_discard_pile():
    t = _mid_turn()
    t.play("correct Ann card Legat from 2 to discard because the Onager destroyed it")
    assert t.board(0) == {1: "Forum", 4: "Turris"} and t.state.discard == ("Templum", "Forum", "Legat")
    t.play("correct Ann card Templum from discard pile to disc 2 because the attack had failed")
    assert t.board(0) == {1: "Forum", 2: "Templum", 4: "Turris"} and t.state.discard == ("Forum", "Legat")
    assert check_invariants(t.state) == []
    assert t.state.card_total() == 52


def test_roma_correct_changes_nothing_but_what_it_says():
    t = _mid_turn()
    before = t.state
    t.play("Ann correct vp +1 from stockpile because x")
    after = t.state
    assert (after.active, after.dice, after.acted, after.turn, after.battle) == (
        before.active, before.dice, before.acted, before.turn, before.battle
    )
    now, then = RULESET.expecting(after), RULESET.expecting(before)
    assert (now.phase, now.kinds, now.players) == (then.phase, then.kinds, then.players)
    assert now.message == f"correction: Ann +1 VP from the stockpile — {then.message}"
    # Ben corrects during Ann's turn; Ann's turn goes on
    t.play("correct Ben sestertii +1 because the bribe disc", "money 5")
    assert t.state.money == (9, 2) and t.state.dice == (2,)


def test_roma_correct_ending_the_game():
    t = make_table({1: "Forum"}, vp=(20, 14), dice=(3, 4))  # stockpile 2
    t.play("correct Ann vp +2 from stockpile because the last Forum was not paid")
    assert t.state.over and t.state.stockpile == 0 and t.state.ended == "the stockpile is empty"
    assert RULESET.outcome(t.state).winners == ("Ann",)
    t = make_table({1: "Forum"}, vp=(20, 2), dice=(3, 4))
    t.play("correct Ben vp -2 to Ann because Ann's Legat took two")
    assert t.state.over and t.state.ended == "Ben has no VP left" and t.vp == (22, 0)


# -- refusals ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, reason",
    [
        ("correct Ann vp +30 from stockpile because x", "the stockpile holds only 15 VP, not 30"),
        ("correct Ann vp -13 to stockpile because x", "Ann has only 12 VP, not 13"),
        ("correct Ann vp +10 from Ben because x", "Ben has only 9 VP, not 10"),
        ("correct Ann vp +1 from Ann because x", "VP moved from Ann to Ann change nothing"),
        ("correct Ben sestertii -2 because x", "Ben has only 1 sestertius, not 2"),
        ("correct Ann card Nero from 1 to 3 because x", "Ann's disc 1 holds Forum, not Nero"),
        ("correct Ann card Forum from 3 to 5 because x", "Ann's disc 3 is empty, not Forum"),
        ("correct Ann card Forum from 1 to 2 because x", "Ann's disc 2 holds Legat; a card is only moved to an empty disc"),
        ("correct Ann card Forum from 1 to 1 because x", "the Forum would stay where it is"),
        ("correct Ann card Legat from discard to 3 because x", "no Legat lies face up on the discard pile"),
        ("correct Ann card Forum from 1 to 7 because x", "there is no disc 7 at this table (disc 7 is the bribe disc, option bribe=on)"),
    ],
)
def test_roma_correct_refusals(text, reason):
    error = _refusal(_mid_turn(), text)
    assert error.rule == "roma.correct" and error.message == reason and error.hint


@pytest.mark.parametrize(
    "text, rule, words",
    [
        ("correct Ann vp +2 from stockpile", "roma.correct", "because REASON"),
        ("correct Ann vp +2 from stockpile because", "roma.correct", "because REASON"),
        ("correct Ann vp +2 because x", "roma.correct", "say where the VP come from"),
        ("correct Ann vp -2 because x", "roma.correct", "say where the VP go to"),
        ("correct Ann vp 0 from stockpile because x", "roma.correct", "with its sign"),
        ("correct Ann vp +2 from Carl because x", "roma.turn", "Carl is not a player"),
        ("correct Ann score +2 because x", "roma.correct", "vp, sestertii or card"),
        ("correct Ann card ? from 1 to 3 because x", "roma.hidden.public", "public card"),
        ("correct Ann card Forum to 3 because x", "roma.correct", "where it is and where it goes"),
        ("correct Ann sestertii +2 +3 because x", "roma.correct", "the change only"),
    ],
)
def test_roma_correct_unreadable(text, rule, words):
    error = _unreadable(_mid_turn(), text)
    assert error.rule == rule and words in error.message


def test_roma_correct_hand_cards_are_never_corrected():
    """A card in a hand is secret: 'hand' is no place a correction knows."""
    error = _unreadable(_mid_turn(), "correct Ann card Velites from hand to 3 because x")
    assert error.rule == "roma.correct"


# -- odd moments --------------------------------------------------------------------------------
def test_roma_correct_while_a_battle_waits():
    t = make_table({3: "Legionarius", 1: "Forum"}, {3: "Forum"}, dice=(3, 4, 6))
    t.play("activate 3")
    assert t.state.battle is not None
    t.play("correct Ben vp +1 from stockpile because x", "correct Ann card Forum from 1 to 2 because x")
    assert t.state.battle is not None and t.board(0) == {2: "Forum", 3: "Legionarius"}
    error = _refusal(t, "correct Ann card Legionarius from 3 to 4 because x")
    assert error.rule == "roma.correct" and "in the battle" in error.message
    error = _refusal(t, "correct Ben card Forum from 3 to discard because x")
    assert error.rule == "roma.correct" and "Ben's disc 3" in error.message
    t.play("battle 6")
    assert t.board(1) == {}


def test_roma_correct_during_the_set_up():
    game = Game(RULESET, ["Ann", "Ben"], {})
    for line in SETUP[:6]:
        game.push(line)
    game.push("correct Ben sestertii +1 because x")
    game.push("correct Ann vp -1 to stockpile because x")
    assert game.state.in_setup and game.state.money == (0, 1) and game.state.vp == (9, 10)
    with pytest.raises(IllegalMove) as info:
        game.push("correct Ann card Forum from 2 to 4 because x")
    assert info.value.rule == "roma.correct" and "laid out" in info.value.message
    game.push(SETUP[6])
    assert not game.state.in_setup and game.state.player == "Ann"
    assert "correction at ply 8: Ann -1 VP to the stockpile (x)" in game.score().notes


def test_roma_correct_after_the_end_is_refused_insert_before_the_last_entry():
    record = read_record((ROOT / "examples" / "roma-short-game.txt").read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record)
    assert game.outcome() is not None and game.state.vp == (29, 8)
    with pytest.raises(EntryError) as info:
        game.push("correct Ben vp +1 from Ann because x")
    assert info.value.rule == "core.over"
    # inserted before the last entry, it changes the final score
    last = game.ply
    fixed = rebuilt(game, last, [RecordLine("correct Ben vp +2 from Ann because a Legat was missed")], drop=0)
    assert fixed.outcome() is not None and fixed.state.vp == (27, 10)  # Ann 16 + the last 11
    sheet = fixed.score()
    assert f"correction at ply {last}: Ben +2 VP from Ann (a Legat was missed)" in sheet.notes
    assert check_invariants(fixed.state) == []


# -- the record and the public form -------------------------------------------------------------
def _corrected_game() -> Game:
    game = Game(RULESET, ["Ann", "Ben"], {})
    for line in SETUP:
        game.push(line)
    for line in (
        "roll 3 4 6",
        "correct Ann card Forum from 2 to 4 because laid on the wrong disc: 4, not 2",
        "money 6",
        "correct Ben vp +1 from stockpile because Phase 1 (one disc) was paid twice",
        "correct Ann sestertii -1 because   she  took 7",
        "end",
    ):
        game.push(line)
    return game


def test_roma_correct_record_round_trip():
    game = _corrected_game()
    assert game.entries[8].text == "correct Ann card Forum from 2 to 4 because laid on the wrong disc: 4, not 2"
    assert game.entries[11].text == "correct Ann sestertii -1 because she took 7"
    text = write_record(game.to_record({}))
    again = Game.from_record(RULESET, read_record(text))
    assert again.state == game.state
    assert [e.text for e in again.entries] == [e.text for e in game.entries]
    assert again.score().notes == game.score().notes
    for entry in game.entries:
        if isinstance(entry.move, Correct):
            state = game.states[entry.ply - 1]
            assert RULESET.parse(state, entry.text) == entry.move


def test_roma_correct_public_form_is_the_entry():
    game = _corrected_game()
    for entry in game.entries:
        if isinstance(entry.move, Correct):
            assert RULESET.public_notation(game.states[entry.ply - 1], entry.move) == entry.text
    public = Game.from_record(RULESET, game.to_public_record({}))
    assert public.state.vp == game.state.vp and public.state.boards == game.state.boards
    assert public.state.money == game.state.money and public.score().notes == game.score().notes


def test_roma_correct_completion_and_not_a_legal_move():
    t = _mid_turn()
    assert "correct" in RULESET.completions(t.state)
    assert not [m for m in RULESET.legal_moves(t.state) if isinstance(m, Correct)]
