"""Correction entries (rule 7w.correct): coins, wonder stages, conflict tokens and Age cards
moved between a city and the discard pile or between cities; each refusal; corrections at odd
moments (mid-turn, before the boards, after the end); record round trip; public form."""

from __future__ import annotations

import pytest

from assistant.core.errors import AssistantError, IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.moves import Correct
from assistant.games.sevenwonders.simulate import check_invariants, random_game
from assistant.games.sevenwonders.state import awaited

BOARDS = "Gizah A, Rhodes A, Babylon A"


def game(*entries: str, boards: str = BOARDS) -> Game:
    g = Game(RULESET, ["Ann", "Ben", "Cleo"], {"leaders": "false", "boards": boards})
    for entry in entries:
        g.push(entry)
    return g


TURN1 = ("Ann build Lumber Yard", "Ben build Stone Pit", "Cleo sell Baths")


def refused(g: Game, text: str) -> AssistantError:
    before = g.state
    with pytest.raises(AssistantError) as info:
        g.push(text)
    assert g.state == before
    return info.value


def test_7w_correct_coins() -> None:
    g = game(*TURN1)
    g.push("correct Ann coins +1 because the bank forgot her coin")
    assert g.state.city("Ann").coins == 4
    g.push("correct Cleo coins -2 because she took 5 for her sale")
    assert g.state.city("Cleo").coins == 4
    notes = RULESET.score(g.state).notes
    assert "correction at ply 4: Ann +1 coin (the bank forgot her coin)" in notes
    assert "correction at ply 5: Cleo -2 coins (she took 5 for her sale)" in notes
    assert g.entries[-2].text == "correct Ann coins +1 because the bank forgot her coin"
    assert check_invariants(g.state) == []


def test_7w_correct_coins_score_changes() -> None:
    g = game(*TURN1)
    before = RULESET.score(g.state).totals["Ann"]
    g.push("correct Ann coins +3 because paid back")
    assert RULESET.score(g.state).totals["Ann"] == before + 1


def test_7w_correct_coins_never_below_zero() -> None:
    exc = refused(game(*TURN1), "correct Ann coins -4 because too many")
    assert exc.rule == "7w.correct" and "fewer than none" in exc.message


def test_7w_correct_coins_need_a_sign() -> None:
    exc = refused(game(), "correct Ann coins 3 because x")
    assert isinstance(exc, InvalidEntry) and exc.rule == "7w.correct"


def test_7w_correct_needs_a_reason() -> None:
    for text in ("correct Ann coins +1", "correct Ann coins +1 because   "):
        exc = refused(game(), text)
        assert exc.rule == "7w.correct" and "because" in exc.message


def test_7w_correct_vp_refused() -> None:
    exc = refused(game(), "correct Ben vp -2 because counted twice")
    assert exc.rule == "7w.correct" and "victory points are counted from the city" in exc.message


def test_7w_correct_unknown_player() -> None:
    exc = refused(game(), "correct Dan coins +1 because x")
    assert exc.rule == "core.players"


def test_7w_correct_mid_turn_keeps_whose_turn() -> None:
    g = game("Ann build Lumber Yard")
    waiting = awaited(g.state)
    g.push("correct Ben coins +1 because forgotten")
    assert awaited(g.state) == waiting and g.state.choices == game("Ann build Lumber Yard").state.choices
    g.push("Ben build Stone Pit")
    g.push("Cleo sell Baths")
    assert g.state.turn == 2 and g.state.city("Ben").coins == 4


def test_7w_correct_refused_when_a_pending_choice_breaks() -> None:
    g = game("Ann build Lumber Yard", "Ben build Stone Pit", "Cleo sell Baths", "Ann build Clay Pool")
    g.push("correct Ann coins -3 because she had paid nothing for the Lumber Yard")  # Clay Pool is free
    g2 = game(*TURN1, "Ann build Timber Yard")  # a 1-coin card
    exc = refused(g2, "correct Ann coins -3 because she never had them")
    assert exc.rule == "7w.correct" and "no longer be legal" in exc.message


def test_7w_correct_before_boards_refused() -> None:
    g = Game(RULESET, ["Ann", "Ben", "Cleo"], {"leaders": "false"})
    exc = refused(g, "correct Ann coins +1 because x")
    assert exc.rule == "7w.correct"


def test_7w_correct_stage() -> None:
    g = game(*TURN1)
    g.push("correct Ann stage +1 because her stage was tucked without an entry")
    assert g.state.city("Ann").stages == 1
    assert RULESET.score(g.state).points["Ann"]["wonder"] == 3
    assert any("Ann +1 wonder stage" in n for n in RULESET.score(g.state).notes)
    exc = refused(g, "correct Ann stage -2 because x")
    assert exc.rule == "7w.correct"
    exc = refused(g, "correct Ann stage +3 because x")
    assert exc.rule == "7w.correct" and "3 stages" in exc.message


def test_7w_correct_token() -> None:
    g = random_game(3, 3, {"leaders": "false"})
    g.pop()  # before the last entry: a finished game takes no more entries
    state = g.state
    ann = state.city("Ada")
    text = f"correct Ada token {ann.tokens[0]} to {1 if ann.tokens[0] == -1 else -1} because counted wrong"
    g.push(text)
    assert g.entries[-1].text == text
    assert sorted(g.state.city("Ada").tokens) != sorted(ann.tokens)
    assert check_invariants(g.state) == []
    g.push("correct Ada token add 1 because forgotten")
    gained = 1 if ann.tokens[0] == -1 else 0  # the first correction gave a 1 for a -1
    assert g.state.city("Ada").tokens.count(1) == ann.tokens.count(1) + gained + 1


def test_7w_correct_token_refusals() -> None:
    g = game(*TURN1)
    exc = refused(g, "correct Ann token add 1 because x")
    assert exc.rule == "7w.correct" and "still to come" in exc.message
    exc = refused(g, "correct Ann token remove -1 because x")
    assert exc.rule == "7w.correct" and "holds no -1" in exc.message
    exc = refused(g, "correct Ann token add 2 because x")
    assert exc.rule == "7w.correct" and "no conflict token of 2" in exc.message


def test_7w_correct_card_between_cities() -> None:
    g = game(*TURN1)
    g.push("correct Ann card Lumber Yard to Ben because Ben built it")
    assert "Lumber Yard" in g.state.city("Ben").cards and "Lumber Yard" not in g.state.city("Ann").cards
    assert check_invariants(g.state) == []
    exc = refused(g, "correct Ann card Lumber Yard to Cleo because x")
    assert exc.rule == "7w.correct" and "holds no Lumber Yard" in exc.message
    g.push("correct Cleo card Baths from discard because she built it")
    assert "Baths" in g.state.city("Cleo").cards and g.state.pile == ()
    assert check_invariants(g.state) == []
    exc = refused(g, "correct Cleo card Baths from discard because x")
    assert exc.rule == "7w.correct" and "cannot be in the discard pile" in exc.message


def test_7w_correct_card_to_discard_and_no_duplicate() -> None:
    g = game(*TURN1)
    g.push("correct Ben card Stone Pit to discard because he sold it")
    assert (1, "Stone Pit") in g.state.pile and "Stone Pit" not in g.state.city("Ben").cards
    assert any("Stone Pit from Ben's city to the discard pile" in n for n in RULESET.score(g.state).notes)
    assert check_invariants(g.state) == []
    g.push("correct Ann card Lumber Yard to Ben because Ben built it")
    g.push("Ann build Timber Yard")  # a pending choice: Ben's city may still be corrected
    exc = refused(g, "correct Ben card Lumber Yard to Ben because x")
    assert exc.rule == "7w.correct" and "already in Ben's city" in exc.message
    g.push("correct Ben card Lumber Yard to discard because x")
    g.push("correct Ben card Lumber Yard from discard because he built it after all")
    assert check_invariants(g.state) == []


def test_7w_correct_card_never_twice_in_a_city() -> None:
    for seed in range(20):
        g = random_game(seed, 7)
        g.pop()
        state = g.state
        pairs = [(a, b, c) for a in state.seats for b in state.seats if a != b for c in state.city(a).cards if c in state.city(b).cards]
        if pairs:
            a, b, card = pairs[0]
            exc = refused(g, f"correct {a} card {card} to {b} because x")
            assert exc.rule == "7w.correct" and "never holds a structure twice" in exc.message
            return
    pytest.skip("no card in two cities in these games")


def test_7w_correct_leader_is_not_a_card() -> None:
    exc = refused(game(*TURN1), "correct Ann card Caesar to Ben because x")
    assert isinstance(exc, InvalidEntry)


def test_7w_correct_after_the_end_is_inserted_before_the_last_entry() -> None:
    """A finished game takes no more entries (core.over); a correction inserted before its
    last entry (insert PLY) changes the final score and is listed in the notes."""
    from assistant.core.game import rebuilt
    from assistant.core.record import RecordLine

    g = random_game(5, 3, {"leaders": "false"})
    assert g.state.phase == "over"
    exc = refused(g, "correct Bob coins +3 because the last Bazar paid him")
    assert exc.rule == "core.over"
    before = RULESET.score(g.state).totals["Bob"]
    fixed = rebuilt(g, g.ply, [RecordLine("correct Bob coins +3 because the last Bazar paid him")], drop=0)
    assert fixed.state.phase == "over" and RULESET.outcome(fixed.state) is not None
    assert RULESET.score(fixed.state).totals["Bob"] == before + 1
    assert f"correction at ply {g.ply}: Bob +3 coins (the last Bazar paid him)" in RULESET.score(fixed.state).notes


def test_7w_correct_free_city() -> None:
    g = Game(RULESET, ["Ann", "Ben"], {"leaders": "false", "boards": "Gizah A, Rhodes A, Babylon A"})
    g.push("correct Free City coins +2 because it started with 5")
    assert g.state.cities[-1].coins == 5
    assert g.entries[-1].text == "correct Free City coins +2 because it started with 5"
    for entry in ("Ann build Lumber Yard", "Free City build Clay Pool", "Ben build Stone Pit"):
        g.push(entry)
    g.push("correct Ann card Lumber Yard to Free City because it went to the Free City")
    assert "Lumber Yard" in g.state.cities[-1].cards


def test_7w_correct_record_round_trip_and_public_form() -> None:
    g = game(*TURN1, "correct Ann coins +1 because forgotten, at the end", "correct Ben card Stone Pit to discard because sold")
    text = write_record(g.to_record())
    again = Game.from_record(RULESET, read_record(text))
    assert again.state == g.state
    assert g.public_texts()[-1] == "correct Ben card Stone Pit to discard because sold"
    for entry in g.entries[-2:]:
        move = RULESET.parse(g.states[entry.ply - 1], entry.text)
        assert isinstance(move, Correct) and move.notation() == entry.text


def test_7w_correct_completions() -> None:
    assert "correct" in RULESET.completions(game().state)


def test_7w_correct_keeps_invariants_in_random_games() -> None:
    for seed in range(6):
        g = random_game(seed, 3 + seed % 3)
        g.pop()  # the game before its last entry (a finished game takes no more entries)
        state = g.state
        for player, city in zip(state.seats, state.cities):
            if city.cards:
                try:
                    g.push(f"correct {player} card {city.cards[0]} to discard because test")
                except IllegalMove as exc:  # a choice already entered this turn needs the card
                    assert exc.rule == "7w.correct" and "no longer be legal" in exc.message
                    continue
                assert check_invariants(g.state) == []
                g.push(f"correct {player} card {city.cards[0]} from discard because test")
                assert check_invariants(g.state) == []


def guide_examples() -> list[str]:
    """The indented correction examples of the notation guide's "Corrections" section."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs/notation/7wonders.md").read_text(encoding="utf-8")
    section = text.split("## Corrections", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    correct ")]


def test_7w_correct_guide_examples_accepted() -> None:
    """Each example of the guide, in a position of Age III where it fits (Ada holds the Baths,
    Cleo the Altar, Timber Yard sold in Age I, Bob and Cleo hold a Defeat token)."""
    from dataclasses import replace

    examples = guide_examples()
    assert len(examples) >= 8
    full = random_game(2, 3, {"leaders": "false", "boards": "Gizah A, Rhodes A, Babylon A"})
    state = next(s for s in full.states if s.phase == "turn" and s.age == 3)
    moved = {"Baths", "Altar", "Timber Yard"}
    cities = [replace(c, cards=tuple(x for x in c.cards if x not in moved)) for c in state.cities]
    cities[0] = replace(cities[0], cards=(*cities[0].cards, "Baths"), stages=2, coins=max(cities[0].coins, 3))
    cities[1] = replace(cities[1], tokens=(*cities[1].tokens, -1), coins=max(cities[1].coins, 3))
    cities[2] = replace(cities[2], cards=(*cities[2].cards, "Altar"), tokens=(*cities[2].tokens, -1))
    named = (tuple(n for n in state.named[0] if n not in moved) + tuple(sorted(moved)), *state.named[1:])
    pile = tuple(p for p in state.pile if p[1] not in moved) + ((1, "Timber Yard"),)
    state = replace(state, cities=tuple(cities), named=named, pile=pile)
    assert check_invariants(state) == []
    for text in examples:
        move = RULESET.parse(state, text)
        assert move.notation() == text
        RULESET.check(state, move)
        state = RULESET.apply(state, move)
        assert check_invariants(state) == [], text
    assert len(state.corrections) == len(examples)
