"""Correction entries in PAX (issue 12, data/pax/rules.md ``pax.correct``): Aurei changed by a
public amount (the total stays secret), a card moved to the right display or read as its real
face (in every reading of the deck), Primus Conspiratus given to the right player; each
refusal; corrections mid-turn and during setup (a finished game takes none: amend/insert one
before its end); the record round trip and the public form."""

from __future__ import annotations

from dataclasses import replace

import pytest

from assistant.core import Game, read_record, write_record
from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.games.pax import RULESET as R
from assistant.games.pax.moves import Correct
from assistant.games.pax.simulate import check_invariants, random_game

from pax_helpers import push, refused, started


def _with_cards() -> tuple[Game, int]:
    """A random 3-player game and the ply of a state mid-game where a display holds a card."""
    game = random_game(8, 3)  # seed 8 holds a mid-game state with several deck readings
    for ply, state in enumerate(game.states):
        if state.phase == "turn" and sum(len(p.display) for p in state.players) >= 4 and state.others:
            return game, ply
    raise AssertionError("no display with cards and several deck readings")


def test_pax_correct_aurei() -> None:
    state = started()
    before = state.players[0].aureus
    after = push(state, "correct Ada aurei +1 because the income was forgotten")
    assert after.players[0].aureus == before + 1
    assert after.phase == state.phase and after.turn == state.turn and after.current == state.current
    assert after.corrections == ("correction at ply 4: Ada +1 Aureus (the income was forgotten) [pax.correct]",)
    notes = R.score(after).notes
    assert any("correction at ply 4: Ada +1 Aureus (the income was forgotten)" in n for n in notes)
    assert not check_invariants(after)
    after = push(after, "correct Ada money -2 because she paid too little for Legion II")
    assert after.players[0].aureus == before - 1


def test_pax_correct_refusals() -> None:
    state = started()
    exc = refused(state, "correct Ada aurei -99 because paid twice")
    assert exc.rule == "pax.correct" and "below zero" in exc.message
    assert str(state.players[0].aureus) not in exc.message  # the total stays secret
    with pytest.raises(InvalidEntry) as info:
        R.parse(state, "correct Ada aurei +1")
    assert info.value.rule == "pax.correct" and "because" in info.value.message
    with pytest.raises(InvalidEntry) as info:
        R.parse(state, "correct Ada aurei 7 because she has 7")
    assert "sign" in info.value.message
    exc = refused(state, "correct Ada card army 2/1 to Ben because wrong display")
    assert exc.rule == "pax.correct" and "holds no army 2/1" in exc.message
    exc = refused(state, "correct Ben primus because he has more")
    assert exc.rule == "pax.correct"
    exc = refused(state, "correct Ada aurei +0 because nothing")
    assert exc.rule == "pax.correct"


def test_pax_correct_card_to_player_every_world() -> None:
    game, ply = _with_cards()
    state = game.states[ply]
    for seat, player in enumerate(state.players):
        for card in player.display:
            for other in state.seats:
                if other == player.name:
                    continue
                move = Correct(player.name, "card", "laid in the wrong display", card=card, to_player=other)
                assert R.parse(state, move.notation()) == move
                try:
                    R.check(state, move)
                except IllegalMove as exc:
                    assert exc.rule == "pax.correct"
                    continue
                after = R.apply(state, move)
                assert not check_invariants(after), check_invariants(after)
                assert card in after.players[state.seats.index(other)].display
                assert len(after.worlds) == len(state.worlds)
                assert after.turn == state.turn and after.phase == state.phase


def test_pax_correct_card_face_every_world() -> None:
    game, ply = _with_cards()
    state = game.states[ply]
    player = next(p for p in state.players if p.display)
    card = player.display[0]
    for cat in ("wealth", "religion", "senator", "estate"):
        text = f"correct {player.name} card {card.token()} to {cat} {card.value}/{card.symbols} because wrong category"
        move = R.parse(state, text)
        try:
            R.check(state, move)
        except IllegalMove as exc:
            assert exc.rule == "pax.correct"
            continue
        after = R.apply(state, move)
        assert not check_invariants(after), check_invariants(after)
        for world in after.worlds:
            assert sum(world.seen) == sum(state.worlds[0].seen)


def test_pax_correct_primus() -> None:
    game = random_game(8, 3)
    tied = [
        s for s in game.states
        if s.phase == "turn" and s.pc is not None
        and [p.symbols("conspiracy") for p in s.players].count(max(p.symbols("conspiracy") for p in s.players)) > 1
    ]
    assert tied
    state = tied[0]
    measures = [p.symbols("conspiracy") for p in state.players]
    other = next(i for i, m in enumerate(measures) if m == max(measures) and i != state.pc)
    after = push(state, f"correct {state.seats[other]} primus because he reached it first")
    assert after.pc == other and not check_invariants(after)
    assert after.turn == state.turn and after.others == state.others
    assert any(f"Primus Conspiratus to {state.seats[other]} (he reached it first)" in n for n in R.score(after).notes)
    exc = refused(after, f"correct {state.seats[other]} primus because again")
    assert exc.rule == "pax.correct" and "already holds" in exc.message
    low = next((i for i, m in enumerate(measures) if m < max(measures)), None)
    if low is not None:
        exc = refused(state, f"correct {state.seats[low]} primus because why not")
        assert exc.rule == "pax.correct" and "most Conspiracy" in exc.message


def test_pax_correct_card_moves_primus() -> None:
    game = random_game(8, 3)
    state = next(s for s in game.states if s.phase == "turn" and s.pc is not None)
    holder = state.players[state.pc]
    card = next(c for c in holder.display if c.category == "conspiracy")
    for other in state.seats:
        if other == holder.name:
            continue
        try:
            after = push(state, f"correct {holder.name} card {card.token()} to {other} because wrong display")
        except IllegalMove as exc:
            assert exc.rule == "pax.correct"
            continue
        assert not check_invariants(after)
        if after.pc != state.pc:
            assert any("Primus Conspiratus now with" in e for e in after.events)


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_pax_correct_soak_keeps_invariants(seed: int) -> None:
    """Corrections tried at many plies of random games: accepted ones keep every invariant
    (cards in every deck reading, Aurei, Primus Conspiratus, limits); refused ones cite pax.correct."""
    game = random_game(seed, 3)
    for state in game.states[1::7]:
        if state.phase == "over":
            continue
        tries = [f"correct {state.seats[0]} aurei +2 because income", f"correct {state.seats[1]} aurei -1 because paid short"]
        for p in state.players:
            for card in p.display[:2]:
                tries.append(f"correct {p.name} card {card.token()} to {state.seats[(state.seats.index(p.name) + 1) % 3]} because x")
                tries.append(f"correct {p.name} card {card.token()} to senator {card.value}/{card.symbols} because y")
        for text in tries:
            move = R.parse(state, text)
            try:
                R.check(state, move)
            except IllegalMove as exc:
                assert exc.rule == "pax.correct", (text, exc)
                continue
            after = R.apply(state, move)
            assert not check_invariants(after), (text, check_invariants(after))
            assert after.phase == state.phase and after.turn == state.turn and after.current == state.current


def test_pax_correct_guide_examples() -> None:
    """The examples of docs/notation/pax.md, section Corrections, in one position."""
    from pathlib import Path

    from pax_helpers import give

    guide = (Path(__file__).resolve().parents[2] / "docs" / "notation" / "pax.md").read_text(encoding="utf-8")
    block = guide.split("## Corrections", 1)[1].split("```", 2)[1]
    examples = [line.strip() for line in block.splitlines() if line.strip()]
    assert len(examples) == 5
    state = started(seats=("Livinia", "Decimus"))
    state = give(state, "Livinia", display="estate 1/2, fleet 2/1, conspiracy 1/2")
    state = give(state, "Decimus", display="estate 1/1, army 4/1, conspiracy 2/2")
    state = replace(state, pc=0)
    for text in examples:
        move = R.parse(state, text)
        assert R.parse(state, move.notation()) == move
        state = push(state, text)
    assert state.pc == 1 and len(state.corrections) == 5


def test_pax_correct_odd_moments_and_record_round_trip() -> None:
    game = Game(R, ["Ada", "Ben"], {})
    game.push("correct Ben aurei +1 because the bank paid him short at setup")
    game.push("keep estate 1/1")
    game.push("correct Ada aurei -1 because she took one too many")
    game.push("keep estate 1/1")
    game.push("market wealth 1/1, fleet 1/1, army 1/1")
    game.push("draw ? hand")
    prompt = game.expecting()
    game.push("correct Ada aurei +2 because mid-draw the empty deck money was missed")
    assert game.expecting() == prompt
    assert game.entries[-1].text.startswith("correct Ada aurei +2 because")
    copy = Game.from_record(R, read_record(write_record(game.to_record())))
    assert copy.state == game.state
    assert [e.text for e in copy.entries] == [e.text for e in game.entries]
    public = Game.from_record(R, read_record(write_record(game.to_public_record())))
    assert [p.aureus for p in public.state.players] == [p.aureus for p in game.state.players]
    assert "correct Ada aurei +2 because mid-draw the empty deck money was missed" in game.public_texts()


def test_pax_correct_public_form() -> None:
    state = started()
    move = R.parse(state, "correct Ada aurei +3 because Legion II cost less")
    assert R.public_notation(state, move) == move.notation() == "correct Ada aurei +3 because Legion II cost less"
    assert str(state.players[0].aureus + 3) not in R.public_notation(state, move).split("because")[0].replace("+3", "")


def test_pax_correct_not_after_the_end() -> None:
    game = random_game(1, 2)
    assert game.state.phase == "over"
    with pytest.raises(IllegalMove):
        game.push("correct " + game.seats[0] + " aurei +1 because late")


def test_pax_correct_inserted_before_the_end_changes_the_final_score() -> None:
    """A finished game takes no entry; the correction is inserted before the last one
    (``insert PLY``) and the final score shows it in its notes."""
    from assistant.core.game import rebuilt
    from assistant.core.record import RecordLine

    game = random_game(8, 3)
    assert game.state.phase == "over"
    name = game.seats[0]
    line = RecordLine(f"correct {name} aurei +9 because the bank never paid the last income", "", 0)
    new = rebuilt(game, game.ply, [line], drop=0)
    assert new.state.phase == "over" and new.ply == game.ply + 1
    assert new.state.players[0].aureus == game.state.players[0].aureus + 9
    notes = new.score().notes
    assert any(f"correction at ply {game.ply}: {name} +9 Aurei (the bank never paid the last income)" in n for n in notes)
    assert not check_invariants(new.state)
