"""Secret faces of 7 Wonders (``7w.secrets``): the public form of every entry
(``Ruleset.public_notation``), which the table's shared screen shows and every viewer's replay
uses, and refusals and hints that never name a hidden hand, a secret choice or a card sold or
tucked face down.

The public form of each entry parses back at the state before it, is accepted there, and a
record of public forms replays to the same public figures (coins, stages, cities, leaders,
conflict tokens, hand sizes, the phase; the score of the finished game) as the record itself:
the recorded games of tests/records/7wonders, the bundled example, and random games in which
the table types every secret (leader hands, named keeps, named sales and stage markers)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.protocol import Ruleset
from assistant.core.record import read_record
from assistant.games.sevenwonders import RULESET, components, deck
from assistant.games.sevenwonders.legal import legal_moves_for
from assistant.games.sevenwonders.moves import Keep, LeaderHand, Pay, Pick, Recruit, Sell, Stage
from assistant.games.sevenwonders.simulate import SEATS, check_invariants, choose
from assistant.games.sevenwonders.state import awaited
from position_support import picked_up
from sw_scenario import play, put, start
from viewer_support import known_texts

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "7wonders").glob("*.txt")) + [ROOT / "examples" / "7wonders-game.txt"]


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


# -- the public form of each entry ---------------------------------------------------------------
def test_7w_secrets_ruleset_has_its_own_public_form() -> None:
    """The service tells a game that keeps secrets by its own ``public_notation``."""
    assert type(RULESET).public_notation is not Ruleset.public_notation


def test_7w_secrets_public_form_of_each_kind_of_entry() -> None:
    """A leader hand and a keep as ``?``, a sale and a stage marker unnamed (payment kept),
    Age card and leader alike; a recruit, a build and a pick from the discard pile stay named."""
    state = start("Gizah A", "Rhodes A", "Babylon A").state
    assert RULESET.public_notation(state, LeaderHand("ada", ("Caesar", "Nero", "Midas", "Plato"))) == "ada leaders ?, ?, ?, ?"
    assert RULESET.public_notation(state, Keep("ada", "Caesar")) == "ada keep ?"
    assert RULESET.public_notation(state, Sell("ada", "Nero")) == "ada sell"
    assert RULESET.public_notation(state, Sell("ada", "Quarry")) == "ada sell"
    assert RULESET.public_notation(state, Stage("ada", "Sawmill", Pay(left=2))) == "ada stage pay left 2"
    assert RULESET.public_notation(state, Stage("ada", "Zenobia")) == "ada stage"
    assert RULESET.public_notation(state, Recruit("ada", "Caesar")) == "ada recruit Caesar"
    assert RULESET.public_notation(state, Pick("ada", "Baths")) == "ada pick Baths"


def test_7w_secrets_leader_hand_entry_is_shown_unknown() -> None:
    """The defect: ``Ann leaders Caesar, Nero, Midas, Plato`` was echoed and exported whole."""
    game = Game(RULESET, ["Ann", "Ben", "Cy"], {"boards": "Gizah A, Rhodes A, Babylon A"})
    game.push("Ann leaders Caesar, Nero, Midas, Plato")
    public = RULESET.public_notation(game.states[0], game.entries[0].move)
    assert public == "Ann leaders ?, ?, ?, ?" and "Caesar" not in public
    again = Game(RULESET, ["Ann", "Ben", "Cy"], {"boards": "Gizah A, Rhodes A, Babylon A"})
    again.push(public)  # reads back: the hand drafted from, nothing known of it
    assert again.state.city("Ann").offer == () and again.state.city("Ann").offer_size == 4


# -- public replays ------------------------------------------------------------------------------
def figures(state: Any) -> tuple:
    """What the whole table sees of a state."""
    return (
        state.phase_label,
        tuple((c.coins, c.stages, c.cards, c.leaders, c.tokens, c.hand_size, c.courtesan) for c in state.cities),
        len(state.pile) + sum(state.pile_unknown),
    )


def assert_public_replay(game: Game) -> Game:
    """Every entry's public form is read and accepted at the state before it, and the record of
    public forms replays with the same public figures after every entry."""
    public = Game(RULESET, list(game.seats), dict(game.options))
    public.states[0] = game.states[0]  # a situation set up by sw_scenario starts the same
    for k, entry in enumerate(game.entries):
        before = game.states[k]
        text = RULESET.public_notation(before, entry.move)
        move = RULESET.parse(before, text)
        RULESET.check(before, move)  # accepted at the very state of the entry
        public.push(text)
        after = game.states[k + 1]
        assert figures(public.state) == figures(after), (k, entry.text, text)
        # what the shared screen shows is built from public faces only: the same either way
        assert RULESET.describe(public.state) == RULESET.describe(after), (k, entry.text)
        assert RULESET.board(public.state) == RULESET.board(after), (k, entry.text)
        assert RULESET.expecting(public.state) == RULESET.expecting(after), (k, entry.text)
        assert RULESET.legal_summary(public.state) == RULESET.legal_summary(after), (k, entry.text)
        assert RULESET.completions(public.state) == RULESET.completions(after), (k, entry.text)
        assert RULESET.events(public.states[-2], public.state) == RULESET.events(before, after), (k, entry.text)
    if game.outcome() is not None:
        assert RULESET.score(public.state).to_json() == RULESET.score(game.state).to_json()
        assert public.outcome() == game.outcome()
    return public


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_7w_secrets_public_forms_replay_the_records(path: Path) -> None:
    """The kept records (before the draft was tracked: the draft off the record) replay in
    public form to the same table, and the finished game to the same score."""
    game = Game.from_record(RULESET, read_record(path.read_text(encoding="utf-8")))
    assert_public_replay(game)


def typed_game(seed: int, players: int, options: dict[str, str]) -> Game:
    """A random game whose table types its secrets: every leader hand dealt for the draft
    (``leaders``), keeps named or not, named sales and stage markers of known hands."""
    rng = random.Random(seed)
    game = Game(RULESET, list(SEATS[:players]), {"leaders": "true", **options})
    pool = [leader.name for leader in components.leaders()]
    rng.shuffle(pool)
    while game.outcome() is None:
        state = game.state
        if state.phase == "draft" and state.draft == 1:
            untyped = [i for i in state.drafters if not state.cities[i].offer and state.choices[i] is None]
            if untyped:
                i = untyped[0]
                hand = [pool.pop() for _ in range(4)]
                game.push(f"{state.seats[i]} leaders " + ", ".join(hand))
                continue
        player = rng.choice(awaited(state))
        moves = list(legal_moves_for(state, player))
        if state.phase == "draft" and state.draft >= 2 and rng.random() < 0.1:
            game.push("draft")  # the table ends the pass: the keeps still to come unsaid
            continue
        named = [m for m in moves if isinstance(m, Keep) and m.leader]
        if named and rng.random() < 0.8:
            moves = named
        move = choose(rng, moves)
        if isinstance(move, Stage) and move.card is None and state.phase == "turn" and rng.random() < 0.5:
            names = deck.age_names(state, state.age)  # the tucked Age card named
            move = replace(move, card=rng.choice(names)) if names else move
        game.push(move.notation())  # type: ignore[attr-defined]
        assert check_invariants(game.state) == []
    return game


TYPED = [
    (1, 3, {}),
    (2, 4, {}),
    (3, 5, {"boards": "Halikarnassos A, Babylon B, Rome B, Olympia B, Ephesus A"}),
    (4, 7, {}),
    (5, 2, {}),
    (6, 3, {"boards": "Halikarnassos B, Rome B, Babylon B"}),
]


@pytest.mark.parametrize(("seed", "players", "options"), TYPED)
def test_7w_secrets_public_forms_replay_games_that_type_every_secret(seed: int, players: int, options: dict[str, str]) -> None:
    """The draft typed with its hands and named keeps, named sales and markers: the public
    record (every one of them a ``?`` or unnamed) replays to the same table and score."""
    game = typed_game(seed, players, options)
    assert any(isinstance(e.move, Keep) and e.move.leader for e in game.entries)
    assert any(isinstance(e.move, Sell) and e.move.card for e in game.entries)
    assert any(isinstance(e.move, Stage) and e.move.card and components.card_index().find(e.move.card) for e in game.entries)
    assert_public_replay(game)


@pytest.mark.parametrize(("seed", "players", "options"), TYPED)
def test_7w_secrets_each_seat_replays_the_game_as_it_knows_it(seed: int, players: int, options: dict[str, str]) -> None:
    """Each seat's record (its own secrets typed, the others' in public form) is accepted entry
    by entry, and every seat sees the same table as the game at every ply; the holder of the
    Free City card sees what it typed for the Free City."""
    game = typed_game(seed, players, options)
    for seat in (*game.state.players, None):
        view = Game(RULESET, list(game.seats), dict(game.options))
        for k, text in enumerate(known_texts(game, seat)):
            view.push(text)
            assert figures(view.state) == figures(game.states[k + 1]), (seat, k, text)
        assert RULESET.score(view.state).to_json() == RULESET.score(game.state).to_json()
    if game.state.free_city:
        sold = [(k, e) for k, e in enumerate(game.entries) if isinstance(e.move, Sell) and e.move.player == "Free City" and e.move.card]
        for k, entry in sold:
            holder = game.states[k].seats[game.states[k].holder()]
            assert RULESET.audience(game.states[k], entry.move) == frozenset({holder})


def test_7w_secrets_public_forms_replay_from_a_position() -> None:
    """A game picked up from a position file (Age II's Recruitment) and played on with every
    secret typed: its public record, position block first, replays to the same table."""
    source = typed_game(2, 4, {})
    k = next(k for k, s in enumerate(source.states) if s.phase == "recruit" and s.age == 2)
    game = picked_up(RULESET, RULESET.position(source.states[k]))
    rng = random.Random(7)
    pool = [leader.name for leader in components.leaders() if not any(leader.name in c.leaders for c in game.state.cities)]
    game.push("Ada leaders " + ", ".join(pool[: game.state.city("Ada").hand_size]))
    for _ in range(40):
        state = game.state
        move = choose(rng, list(legal_moves_for(state, rng.choice(awaited(state)))))
        game.push(move.notation())  # type: ignore[attr-defined]
    assert any(isinstance(e.move, (Sell, Stage)) and e.move.card for e in game.entries)
    assert_public_replay(game)


# -- refusals and hints name no secret face ------------------------------------------------------
def test_7w_secrets_recruit_hint_names_no_card_of_the_hand() -> None:
    """The defect: a mistyped recruit answered ``in hand: Caesar, Nero, Plato``. Now the hint
    says how many leaders the hand holds and that ``legal --reveal`` lists them."""
    game = start("Gizah A", "Rhodes A", "Babylon A")
    game.push("ada leaders Caesar, Nero, Midas, Plato")
    err = illegal(game, "ada recruit Croesus")
    assert err.rule == "7w.leaders.recruit"
    text = err.message + " " + (err.hint or "")
    assert not any(name in text for name in ("Caesar", "Nero", "Midas", "Plato"))
    assert "4 leader" in (err.hint or "") and "--reveal" in (err.hint or "")


def test_7w_secrets_refusal_does_not_tell_a_sold_leader() -> None:
    """The defect: a refusal told which leader Ben had sold face down (back in the box). Now a
    leader the game knows is face down elsewhere is refused without saying whose or how."""
    game = start("Gizah A", "Rhodes A", "Babylon A")
    play(game, "ada sell", "bob sell Caesar", "cleo sell")
    play(game, *[f"{p} sell" for p in ("ada", "bob", "cleo")] * 6)
    err = illegal(game, "cleo recruit Caesar")
    assert err.rule == "7w.leaders.recruit"
    assert "back in the box" not in err.message and "bob" not in err.message and "sold" not in err.message
    assert "face down" in err.message


def test_7w_secrets_pending_choice_is_not_named_by_a_hand_refusal() -> None:
    """A hand entered after the player's secret choice of the phase: refused without naming it."""
    game = start("Gizah A", "Rhodes A", "Babylon A")
    game.push("ada recruit Nero")
    err = illegal(game, "ada leaders Caesar, Midas, Plato, Sappho")
    assert "Nero" not in err.message + (err.hint or "")


def test_7w_secrets_second_hand_refusal_names_no_leader() -> None:
    game = start("Gizah A", "Rhodes A", "Babylon A")
    game.push("ada leaders Caesar, Nero, Midas, Plato")
    err = illegal(game, "ada leaders Caesar, Nero, Midas, Sappho")
    assert err.rule == "7w.leaders.hand" and "Plato" not in err.message + (err.hint or "")


def test_7w_secrets_unnamed_leader_of_a_known_hand_is_taken() -> None:
    """``ada stage`` (the public form of ``ada stage Zenobia``) is accepted even where the hand
    is entered: which leader went under the stage is the player's secret."""
    game = start("Gizah A", "Rhodes A", "Babylon A")
    put(game, "ada", cards=("Stone Pit", "Quarry"))
    game.push("ada leaders Caesar, Nero, Midas, Plato")
    play(game, "ada stage", "bob sell", "cleo sell")
    assert game.state.city("ada").stages == 1 and game.state.city("ada").hand is None


# -- the discard pile: picks checked against what is known ----------------------------------------
def halikarnassos(*cards: str) -> Game:
    """Age I at 3 players (Baths and Altar exist once), Halikarnassos A with its first stage
    built and the second (3 ore: a build from the discard pile) payable."""
    game = start("Halikarnassos A", "Rhodes A", "Gizah A", leaders=False)
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry", *cards))
    return game


def test_7w_discard_pile_pick_of_a_card_sold_face_down() -> None:
    """``bob sell Baths`` is shown ``bob sell``; Halikarnassos may take Baths from the pile both
    in the game and in its public replay (a copy of Baths is unaccounted for there)."""
    game = halikarnassos()
    play(game, "ada stage", "bob sell Baths", "cleo sell")
    assert game.state.phase == "extra"
    game.push("ada pick Baths")
    assert "Baths" in game.state.city("ada").cards
    public = assert_public_replay(game)
    assert "Baths" in public.state.city("ada").cards


def test_7w_discard_pile_pick_refused_when_every_copy_is_accounted_for() -> None:
    """A pick of a card whose copies are all known elsewhere is refused with the rule and the
    reason, and the hint lists nothing of the face-down pile."""
    game = halikarnassos()
    play(game, "ada stage", "bob build Baths", "cleo sell Altar")
    err = illegal(game, "ada pick Baths")
    assert err.rule == "7w.discard.pile" and "accounted for" in err.message
    assert "Altar" not in (err.hint or "")
    game.push("ada pick Altar")  # named in the pile, taken
    assert "Altar" in game.state.city("ada").cards


def test_7w_discard_pile_build_offered_on_what_the_table_knows() -> None:
    """A pile whose only card was sold named and is already in the Halikarnassos city: the
    table saw an unnamed sale, so the build is still offered (the owner says ``pick none``),
    the same in the game and in its public replay."""
    game = halikarnassos("Baths")
    play(game, "ada stage", "bob sell Baths", "cleo build Clay Pool")
    assert game.state.pile == ((1, "Baths"),) and game.state.pile_unknown == (0, 0, 0)
    assert game.state.phase == "extra"
    game.push("ada pick none")
    assert_public_replay(game)


def test_7w_secrets_correction_from_the_discard_pile_of_a_card_sold_face_down() -> None:
    """``correct … card Baths from discard`` after ``bob sell Baths``: taken in the game and in
    its public replay, where the sale was unnamed."""
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    play(game, "ada build Stone Pit", "bob sell Baths", "cleo sell")
    game.push("correct cleo card Baths from discard because she built it")
    assert "Baths" in game.state.city("cleo").cards and game.state.pile == ()
    assert game.state.secret_named == ()  # built in the open: public from now on
    assert_public_replay(game)
