"""Corrections (rule sylla.correct, issue 12): a physical mistake noticed late put right with
``correct PLAYER THING CHANGE because REASON``: prestige on the Glory Path, denarii behind the
screen (only the signed change is public; a refusal never tells the total), a token of a kind
shown in the open given to the wrong player, a card tapped or face down by mistake. Each kind
accepted with its effect (state, score, notes), each refusal with its rule and reason, odd
moments (mid-auction, a crisis waiting, the set-up, after the end), random games corrected at
random points keep every invariant and their public record, the record round trip and the
public form."""

from __future__ import annotations

import random

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.sylla import RULESET
from assistant.games.sylla import moves as m
from assistant.games.sylla.legal import legal_moves
from assistant.games.sylla.simulate import check_invariants, start_game, step
from assistant.games.sylla.view import awaited, board


def _game_at(seed: int, stop, players: int = 3):
    """A random game played until ``stop(state)`` holds, with its box and generator."""
    game, box, rng = start_game(seed, players)
    while not stop(game.state):
        step(game, box, rng)
    return game, box, rng


def _refused(state, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        RULESET.check(state, RULESET.parse(state, text))
    return info.value


def _unreadable(state, text: str) -> InvalidEntry:
    with pytest.raises(InvalidEntry) as info:
        RULESET.parse(state, text)
    return info.value


def _push(state, text: str):
    move = RULESET.parse(state, text)
    RULESET.check(state, move)
    after = RULESET.apply(state, move)
    assert check_invariants(after) == []
    assert (after.phase, after.step, after.actor, awaited(after)) == (state.phase, state.step, state.actor, awaited(state))
    return after


def _bidding(s) -> bool:
    return s.step == "I.bid"


# -- each kind accepted, with its effect ------------------------------------------------------
def test_sylla_correct_prestige():
    game, *_ = _game_at(3, _bidding)
    s = game.state
    blue = s.player("Blue").prestige
    after = _push(s, "correct Blue prestige +2 because the Consul's reward was forgotten")
    assert after.player("Blue").prestige == blue + 2
    sheet = RULESET.score(after)
    assert sheet.notes[0] == "correction in round 1 phase I: Blue +2 prestige (the Consul's reward was forgotten)"
    assert after.log[-1] == "R1 I: correction: Blue +2 prestige (the Consul's reward was forgotten)"
    back = _push(after, "Blue fix glory -2 because counted twice")
    assert back.player("Blue").prestige == blue and len(RULESET.score(back).notes) == 3


def test_sylla_correct_denarii_change_is_public_the_total_is_not():
    game, *_ = _game_at(3, _bidding)
    s = game.state
    red = s.player("Red").money
    after = _push(s, "correct Red denarii -1 because he paid the bank too little")
    assert after.player("Red").money == red - 1
    assert after.log[-1].endswith("correction: Red -1 denarii (he paid the bank too little)")
    assert str(red - 1) not in after.log[-1].replace("-1 ", "")
    assert not any("Red" in n for n in RULESET.score(after).notes)  # denarii do not score
    assert RULESET.public_notation(s, RULESET.parse(s, "correct Red denarii +3 because x")) == "correct Red denarii +3 because x"


def test_sylla_correct_denarii_refusal_does_not_tell_the_total():
    game, *_ = _game_at(3, _bidding)
    s = game.state
    red = s.player("Red").money
    error = _refused(s, f"correct Red denarii -{red + 37} because he has none left")
    assert error.rule == "sylla.correct"
    assert str(red) not in error.message and str(red) not in (error.hint or "")
    assert "does not hold that many" in error.message


def test_sylla_correct_token_of_a_public_kind_to_another_player():
    game, *_ = _game_at(3, lambda s: s.step == "II.recruit")  # the Consul took his token in the open
    s = game.state
    consul = s.consul
    kind = next(k for k, v in s.player(consul).seen.items() if v)
    other = next(n for n in s.seats if n != consul)
    before = (s.player(consul).tokens[kind], s.player(other).tokens[kind])
    after = _push(s, f"correct {consul} token {kind} to {other} because the token went to the wrong screen")
    assert (after.player(consul).tokens[kind], after.player(other).tokens[kind]) == (before[0] - 1, before[1] + 1)
    assert after.player(other).seen[kind] == s.player(other).seen[kind] + 1
    assert RULESET.score(after).notes[0].startswith(f"correction in round 1 phase II: a {kind} token from {consul} to {other}")
    assert board(after) != board(s)


def test_sylla_correct_card_tap_untap_down_up():
    game, *_ = _game_at(3, _bidding)
    s = game.state
    label = s.player("Blue").cards[0].label
    tapped = _push(s, f"correct Blue card {label.lower()} tap because he paid with it by mistake")
    assert tapped.player("Blue").card(label).tapped
    assert RULESET.score(tapped).notes[0].startswith("provisional")  # tapping does not score
    untapped = _push(tapped, f"correct Blue card {label} untap because he had not")
    assert untapped.player("Blue").card(label) == s.player("Blue").card(label)
    down = _push(s, f"correct Blue card {label} face down because Decadence took it")
    assert down.player("Blue").card(label).down
    assert RULESET.score(down).notes[0] == f"correction in round 1 phase I: Blue's {label} turned face down (Decadence took it)"
    up = _push(down, f"correct Blue card {label} up because the event was prevented")
    assert up.player("Blue").card(label) == s.player("Blue").card(label)


def test_sylla_correct_changes_nothing_but_what_it_says():
    game, *_ = _game_at(5, lambda s: s.step == "III.bid")
    s = game.state
    after = _push(s, "correct White prestige +1 because x")
    assert [m_.notation() for m_ in legal_moves(after)] == [m_.notation() for m_ in legal_moves(s)]
    assert (after.high, after.high_bidder, after.order, after.turn) == (s.high, s.high_bidder, s.order, s.turn)


# -- refusals -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("correct Blue prestige -99 because y", "Blue has only"),
        ("correct Blue prestige +0 because y", "changes nothing"),
        ("correct Blue denarii -0 because y", "changes nothing"),
        ("correct Blue token civic to Red because y", "never saw Blue take a civic token"),
        ("correct Blue card Zzz9 tap because y", "Blue has no card or tile labelled Zzz9"),
        ("correct Blue card Sen1 up because y", "already face up"),
        ("correct Blue card Sen1 untap because y", "already untapped"),
    ],
)
def test_sylla_correct_refusals(text, reason):
    game, *_ = _game_at(3, _bidding)
    error = _refused(game.state, text)
    assert error.rule == "sylla.correct" and reason in error.message


def test_sylla_correct_token_to_the_same_player_refused():
    game, *_ = _game_at(3, lambda s: s.step == "II.recruit")
    s = game.state
    kind = next(k for k, v in s.player(s.consul).seen.items() if v)
    assert "changes nothing" in _refused(s, f"correct {s.consul} token {kind} to {s.consul} because y").message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("correct Blue prestige +2", "because REASON"),
        ("correct Blue prestige +2 because", "because REASON"),
        ("correct Blue prestige 2 because y", "with its sign"),
        ("correct Blue glory twice because y", "with its sign"),
        ("correct Blue horses +2 because y", "cannot correct 'horses'"),
        ("correct Blue token ? to Red because y", "name its kind"),
        ("correct Blue token civic because y", "who should have it"),
        ("correct Blue card Sen1 because y", "tap, untap, down or up"),
        ("correct Blue prestige +1 because a # b", "cannot hold"),
        ("correct Blue because y", "names the player"),
    ],
)
def test_sylla_correct_unreadable(text, words):
    game, *_ = _game_at(3, _bidding)
    error = _unreadable(game.state, text)
    assert error.rule == "sylla.correct" and words in error.message


def test_sylla_correct_during_the_set_up_is_refused():
    game = Game(RULESET, ["Blue", "Red", "White"], {})
    error = _refused(game.state, "correct Blue prestige +1 because y")
    assert error.rule == "sylla.correct" and "set-up" in error.message


def test_sylla_correct_leaves_the_cards_of_a_payer_alone():
    game, *_ = _game_at(7, lambda s: s.step == "III.pay")
    s = game.state
    label = next(c.label for c in s.player(s.high_bidder).cards if c.usable)
    error = _refused(s, f"correct {s.high_bidder} card {label} tap because y")
    assert "must first pay" in error.message
    _push(s, f"correct {s.high_bidder} prestige +1 because his figures may be corrected")


def test_sylla_correct_while_a_crisis_waits_and_at_the_end():
    game, box, rng = _game_at(3, lambda s: s.step in ("VII.crisis", "end.free", "end.vote") or s.phase == "over")
    s = game.state
    if s.phase != "over":
        name = (s.pending or list(s.seats))[0]
        _push(s, f"correct {name} prestige +1 because the famine took one too many")
    while game.state.phase != "over":
        step(game, box, rng)
    error = _refused(game.state, "correct Blue prestige +1 because too late")
    assert error.rule == "sylla.end"


def test_sylla_correct_at_the_end_counts_in_the_final_score():
    game, box, rng = _game_at(3, lambda s: s.phase == "end")
    s = game.state
    before = s.player("Blue").prestige
    game.push("correct Blue prestige +3 because the Ecclesia track was misread")
    assert game.state.player("Blue").prestige == before + 3
    while game.state.phase != "over":
        step(game, box, rng)
    sheet = game.score()
    assert any(n.endswith("Blue +3 prestige (the Ecclesia track was misread)") for n in sheet.notes)


# -- random games corrected at random points -------------------------------------------------
def _candidates(state, rng: random.Random) -> list[str]:
    out = []
    for p in state.players:
        out.append(f"correct {p.name} prestige {rng.choice([-2, -1, 1, 3]):+d} because r")
        out.append(f"correct {p.name} denarii {rng.choice([-3, -1, 2]):+d} because r")
        for k, v in p.seen.items():
            if v:
                out.append(f"correct {p.name} token {k} to {rng.choice(state.seats)} because r")
        for c in p.cards:
            out.append(f"correct {p.name} card {c.label} {rng.choice(['tap', 'untap', 'down', 'up'])} because r")
    return out


def _corrected_game(seed: int) -> Game:
    game, box, rng = start_game(seed, 3 + seed % 2)
    while game.outcome() is None:
        if rng.random() < 0.15:
            for text in rng.sample(_candidates(game.state, rng), 3):
                try:
                    RULESET.check(game.state, RULESET.parse(game.state, text))
                except IllegalMove:
                    continue
                game.push(text)
                assert check_invariants(game.state) == []
        step(game, box, rng)
        assert check_invariants(game.state) == []
    return game


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_sylla_correct_random_games_keep_invariants_and_public_record(seed):
    game = _corrected_game(seed)
    assert any(isinstance(e.move, m.CorrectMove) for e in game.entries)
    public = Game.from_record(RULESET, read_record(write_record(game.to_public_record())))
    assert public.score().rows == game.score().rows if hasattr(game.score(), "rows") else True
    assert public.score().notes == game.score().notes
    for ply in range(0, len(game.states), 7):
        assert board(public.states[ply]) == board(game.states[ply])


def test_sylla_correct_record_round_trip_and_public_form():
    game = _corrected_game(2)
    again = Game.from_record(RULESET, read_record(write_record(game.to_record({}))))
    assert [e.text for e in again.entries] == [e.text for e in game.entries]
    assert again.score().notes == game.score().notes
    for entry in game.entries:
        if isinstance(entry.move, m.CorrectMove):
            state = game.states[entry.ply - 1]
            assert entry.text.startswith("correct ")
            assert RULESET.parse(state, entry.text) == entry.move
            assert RULESET.public_notation(state, entry.move) == entry.text


def test_sylla_correct_completion_and_not_a_legal_move():
    game, *_ = _game_at(3, _bidding)
    assert "correct" in RULESET.completions(game.state)
    assert not [x for x in RULESET.legal_moves(game.state) if isinstance(x, m.CorrectMove)]
    assert "correct" not in RULESET.completions(Game(RULESET, ["Blue", "Red", "White"], {}).state)


# -- the notation guide's examples ----------------------------------------------------------
def test_sylla_correct_guide_examples_accepted_in_the_rulebook_round():
    """Each entry of the guide's Corrections table, at the end of the rulebook's round 1 (Blue's
    Sen1 tapped first so that it can be untapped); the refusal quoted there as printed."""
    import importlib.util
    import re
    from pathlib import Path

    here = Path(__file__).parent
    guide = (here.parents[1] / "docs" / "notation" / "sylla.md").read_text(encoding="utf-8").split("## Corrections")[1].split("## Secrets")[0]
    spec = importlib.util.spec_from_file_location("ex", here / "test_sylla_examples.py")
    ex = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ex)
    start = _push(ex.replay(ex.ROUND1_CUBES).state, "correct Blue card Sen1 tap because set up for the guide")
    rows = re.findall(r"^\| `([^`]+)` \|", guide, flags=re.M)
    assert len(rows) == 7
    for text in rows:
        after = _push(start, text)
        assert RULESET.public_notation(start, RULESET.parse(start, text)) == text
        assert after.log[-1].startswith("R1 VII: correction: ")
    state = ex.replay(ex.ROUND1_CUBES).state
    error = _refused(state, "correct White denarii -9 because the Temple was not paid")
    assert f"{error.message} [{error.rule}]" in " ".join(guide.split())
    noted = _push(state, "correct Red prestige +2 because the Pantheon's reward was missed")
    assert RULESET.score(noted).notes[0].replace("round 1 phase VII", "round 2 phase IV") in " ".join(guide.split())


def test_sylla_correct_forgiving_forms_read_to_the_canonical_entry():
    game, *_ = _game_at(3, _bidding)
    s = game.state
    for text, canonical in [
        ("Blue correct glory +1 Because  the famine", "correct Blue prestige +1 because the famine"),
        ("fix red money -1 because x", "correct Red denarii -1 because x"),
        ("correct Blue card sen1 face down because y", "correct Blue card Sen1 down because y"),
        ("correct Blue card Sen1 tapped because y", "correct Blue card Sen1 tap because y"),
    ]:
        assert RULESET.parse(s, text).notation() == canonical
