"""Roma as each viewer knows it (rule roma.hidden): every view is built by replaying the record
as the viewer knows it, each entry whose cards the viewer may not see in its public form. So the
public form of every entry replays, entry by entry, from the set-up and from a position; the
shared screen replayed from the public record is the shared screen of the game itself at every
ply (nothing it shows or offers depends on a hand's faces, or on whether they were typed); a
seat's own view knows the other hand only as the table does, but for the 2 cards it gave at the
set-up (``give``: seen by both players, roma.setup.swap)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.core.tablefile import load_table
from assistant.games.roma import RULESET as R
from assistant.games.roma.moves import UNKNOWN, Give, Lay
from assistant.games.roma.simulate import HIDDEN, check_invariants, random_game
from position_support import picked_up
from viewer_support import assert_same_public_views, known_texts, replayed

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "roma").glob("*.txt")) + sorted((ROOT / "examples").glob("roma*.txt"))
EXAMPLE = ROOT / "examples" / "roma-position.toml"


# -- the game as a viewer knows it ----------------------------------------------------------------
def known(hand: list[str] | tuple[str, ...]) -> Counter[str]:
    """The faces of a hand that are named (``?`` left out)."""
    return Counter(card for card in hand if card != UNKNOWN)


def given_by(game: Game, seat: str, ply: int) -> Counter[str]:
    """The named cards ``seat`` gave the opponent at the set-up, in the first ``ply`` entries."""
    for entry in game.entries[:ply]:
        if isinstance(entry.move, Give) and entry.move.player == seat:
            return known(entry.move.cards)
    return Counter()


def assert_seat_views(game: Game, public: Game) -> None:
    """Every seat's record replays entry by entry; in a seat's view its own hand is as typed
    and the other hand is what the table knows of it, plus (during the set-up) the 2 cards the
    seat gave."""
    for seat in game.seats:
        view = replayed(game, known_texts(game, seat))
        me, other = game.seats.index(seat), 1 - game.seats.index(seat)
        for ply, state in enumerate(view.states):
            assert state.hands[me] == game.states[ply].hands[me], (seat, ply)
            gift = given_by(game, seat, ply) if state.in_setup else Counter()
            assert known(state.hands[other]) <= known(public.states[ply].hands[other]) + gift, (seat, ply)
            if not state.in_setup:
                assert state.hands[other] == public.states[ply].hands[other], (seat, ply)
        assert not check_invariants(view.state)


# -- (a), (b), (c) on random games --------------------------------------------------------------
@pytest.mark.parametrize("seed", range(9))
def test_roma_hidden_public_replay_shows_what_the_game_shows(seed):
    """The seed chooses how the hands were entered (typed, unknown, mixed with ``holds``) and
    every third game plays with the bribe disc."""
    game = random_game(seed, 2, {"bribe": "on"} if seed % 3 == 0 else {}, max_turns=40)
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert public.state.boards == game.state.boards and R.score(public.state).totals == R.score(game.state).totals
    assert_seat_views(game, public)


def test_roma_hidden_random_games_cover_every_way_of_entering_hands():
    assert {HIDDEN[seed % len(HIDDEN)] for seed in range(9)} == set(HIDDEN)


def test_roma_setup_swap_give_is_seen_by_both_players():
    """A player hands his 2 cards to the opponent: both see them, the shared screen does not
    (roma.setup.swap); the receiver's view holds them by name, and his own lay-out of them
    replays in his view."""
    game = Game(R, ["Ann", "Ben"], {})
    for text in ("hand Ann Legat Forum Forum Turris", "hand Ben Nero Senator Templum Basilica",
                 "give Ann Forum Legat", "give Ben Templum Basilica", "start Ann",
                 "place Ann Forum 1 Turris 2 Templum 3 Basilica 4", "place Ben Legat 1 Forum 2 Nero 3 Senator 4"):
        game.push(text)
    give = game.entries[2]
    assert R.audience(game.states[2], give.move) == frozenset({"Ann", "Ben"})
    assert known_texts(game, None)[2] == "give Ann ? ?" and known_texts(game, "Ben")[2] == "give Ann Forum Legat"
    assert known_texts(game, "Ben")[0] == "hand Ann ? ? ? ?"
    ben = replayed(game, known_texts(game, "Ben"))
    assert known(ben.states[4].hands[1]) == Counter({"Nero": 1, "Senator": 1, "Forum": 1, "Legat": 1})
    assert known(ben.states[4].hands[0]) == Counter({"Templum": 1, "Basilica": 1})  # what Ben gave
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert "Legat" not in json.dumps(R.describe(public.states[4], reveal=True))


def test_roma_hidden_position_example_public_form_is_the_block():
    """A Roma position holds only what the table sees (hand sizes, money in the open): its
    public form is the block as it stands."""
    game = picked_up(R, load_table(EXAMPLE))
    assert known_texts(game, None) == [e.text for e in game.entries]


@pytest.mark.parametrize("seed", [1, 2])
def test_roma_hidden_position_replays_as_each_viewer_knows_it(seed):
    """The example position played on by legal entries (a hand of unknown cards offers every
    unseen card): the public record and each seat's replay, the shared screen the game's."""
    game = picked_up(R, load_table(EXAMPLE))
    rng = random.Random(seed)
    for _ in range(150):
        if game.outcome() is not None:
            break
        game.push(rng.choice(list(R.legal_moves(game.state))).notation())
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert_seat_views(game, public)


def test_roma_hidden_legal_entries_of_a_public_replay_name_no_hidden_card():
    """On the public replay (what the screen offers) a card to lay is one the hand holds by
    name or, for its unknown cards, any card still unseen: never a face typed in secret."""
    game = random_game(0, 2, {}, max_turns=30)
    assert HIDDEN[0] == "typed"
    public = replayed(game, known_texts(game, None))
    offered = 0
    for state in public.states:
        for move in R.legal_moves(state):
            if isinstance(move, Lay):
                hand = state.hands[state.active]
                assert move.card in hand or (UNKNOWN in hand and state.unseen(move.card) > 0)
                offered += 1
    assert offered


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_roma_hidden_records_replay_as_each_viewer_knows_them(path):
    """Every stored record and example: its public record and each seat's replay entry by
    entry, and the shared screen replayed from the public record is the game's at every ply."""
    game = Game.from_record(R, read_record(path.read_text(encoding="utf-8")))
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert_seat_views(game, public)
