"""PAX as each viewer knows it (``pax.hidden``, ``pax.hidden.money``): every view is built by
replaying the record as the viewer knows it, each entry whose faces the viewer may not see in
its public form. So the public form of every entry replays, entry by entry, from the setup and
from a position; the shared screen replayed from the public record is the shared screen of the
game itself at every ply (nothing it shows depends on a secret face, or on whether a face was
typed or entered ``?``); and a seat's own view knows another seat's hand only as the table does.
A picked-up game's Aurei are behind the screens: its position entries' public form writes them
``aurei ?``, which the game holds as Aurei not known."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.core.tablefile import load_table
from assistant.games.pax import RULESET as R
from assistant.games.pax.simulate import check_invariants, random_game
from position_support import picked_up
from viewer_support import assert_same_public_views, known_texts, replayed

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "pax").glob("*.txt")) + sorted((ROOT / "examples").glob("pax*.txt"))
EXAMPLE = ROOT / "examples" / "pax-position.toml"


# -- the game as a viewer knows it ----------------------------------------------------------------
def hands(game: Game, reveal: bool = True) -> dict[str, list[str]]:
    """Each seat's hand as ``describe(reveal=True)`` of the game's last state shows it."""
    return {p["name"]: p["hand"] for p in R.describe(game.state, reveal=reveal)["players"]}


def assert_seat_views(game: Game, public: Game) -> None:
    """Every seat's record replays; in a seat's view another seat's hand is what the table
    knows of it (cards bought from a Legion by face, the rest ``?``), its own as typed."""
    for seat in game.seats:
        view = replayed(game, known_texts(game, seat))
        shown, table, truth = hands(view), hands(public), hands(game)
        for other in game.seats:
            assert shown[other] == (truth[other] if other == seat else table[other]), (seat, other)
        assert not check_invariants(view.state)


def played_on(game: Game, seed: int, entries: int) -> Game:
    """``game`` with up to ``entries`` more legal entries chosen at random (the table's own
    choices: faces the rules list, as typed by the players)."""
    rng = random.Random(seed)
    for _ in range(entries):
        if game.outcome() is not None:
            break
        game.push(rng.choice(list(R.legal_moves(game.state))).notation())
    return game


# -- (a), (b), (c) on random games --------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 2, 3, 5, 7, 10, 13, 17])
def test_pax_hidden_public_replay_shows_what_the_game_shows(seed):
    """Seeds 2 and 5 name faces later (``hand was``), seed 3 draws part of a batch slid under
    the deck together (the deck count the table sees), every player count is covered."""
    game = random_game(seed, seed % 4 + 1)
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert public.outcome() == game.outcome()
    assert_seat_views(game, public)


def test_pax_hidden_public_name_says_what_the_typed_one_says():
    """``Ann hand was ?`` (the public form of a face named later) tells the table the same as
    the typed entry, so the screen after it is the same."""
    game = random_game(2, 3)
    named = [e.ply for e in game.entries if " was " in e.text]
    assert named
    public = replayed(game, known_texts(game, None))
    for ply in named:
        assert " was ?" in public.entries[ply - 1].text
        assert R.events(game.states[ply - 1], game.states[ply]) == R.events(public.states[ply - 1], public.states[ply])


def test_pax_hidden_deck_count_is_the_table_s_while_a_batch_is_drawn():
    """The draw takes part of a batch slid under together: the state holds the batch off the
    deck until placed, the table sees only the cards drawn leave it."""
    game = random_game(3, 4)
    batch = [ply for ply, state in enumerate(game.states) if state.window is not None and state.window.pool]
    assert batch
    public = replayed(game, known_texts(game, None))
    for ply in batch:
        state = game.states[ply]
        assert state.deck_left == public.states[ply].deck_left > state.deck_size
        assert R.describe(state)["deck"] == state.deck_left


# -- a game picked up: the Aurei behind the screens ---------------------------------------------
def test_pax_hidden_money_position_public_form():
    """``log`` and ``export --public`` printed the Aurei of a picked-up game: the position
    entries' public form writes them ``aurei ?``; it reads back to the same entry but the
    Aurei, and the block replays."""
    game = picked_up(R, load_table(EXAMPLE))
    public = known_texts(game, None)
    players = [text for text in public if text.split()[1] in game.seats]
    assert len(players) == 3 and all(" aurei ? " in text for text in players)
    assert [t for t in public if t not in players] == [e.text for e in game.entries if e.text.split()[1] not in game.seats]
    for before, text, entry in zip(game.states, public, game.entries):
        move = R.parse(before, text)
        assert move.notation() == text
        if text in players:
            assert move.aureus is None and (move.player, move.hand, move.cards) == (entry.move.player, entry.move.hand, entry.move.cards)
    copy = replayed(game, public)
    assert [p.aurei_unknown for p in copy.state.players] == [True] * 3
    # a seat knows its own Aurei only
    livia = replayed(game, known_texts(game, "Livia"))
    assert [p.aurei_unknown for p in livia.state.players] == [False, True, True]
    assert [p["aureus"] for p in R.describe(livia.state, reveal=True)["players"]] == [6, "?", "?"]


def test_pax_hidden_money_unknown_shown_and_never_judged():
    """Aurei not known here are ``?`` on every view and judge no payment (the record as typed
    did): a buy, plays and income go through; the final sheet counts no money points."""
    game = picked_up(R, load_table(EXAMPLE))
    copy = replayed(game, known_texts(game, None))
    for text in ("Livia draw fleet 2/1 II, ? hand, ? deck", "Livia buy I", "Livia play estate 1/1, army 2/1", "Livia end"):
        game.push(text)
        copy.push(text)
    livia = copy.state.players[0]
    assert livia.aurei_unknown and livia.aureus == -3 - 1 + 3  # the changes since: never shown
    revealed = R.describe(copy.state, reveal=True)
    assert revealed["players"][0]["aureus"] == "?" and "Aurei" in R.board(copy.state, reveal=True)
    grid = [line for line in R.board(copy.state, reveal=True).splitlines() if line.startswith("Livia ")]
    assert grid[0].endswith(" ?")
    sheet = R.score(copy.state, reveal=True).to_json()
    assert all(p["scores"]["money"] == 0 for p in sheet["players"])
    assert any("not known here" in note for note in sheet["notes"])
    # a correction below zero: the game itself (the record as typed) refuses it, the public
    # replay cannot judge it (the public entry is checked against the truth by the service)
    with pytest.raises(IllegalMove):
        game.push("correct Livia aurei -9 because counted twice")
    copy.push("correct Livia aurei -9 because counted twice")


def test_pax_hidden_money_position_with_unknown_aurei_reads_back():
    """The position of a game whose Aurei are not known here writes ``aureus = "?"`` and reads
    back to the same game."""
    game = picked_up(R, load_table(EXAMPLE))
    copy = replayed(game, known_texts(game, None))
    data = R.position(copy.state)
    assert [p["aureus"] for p in data["players"]] == ["?", "?", "?"]
    again = picked_up(R, json.loads(json.dumps(data)))
    assert R.position(again.state) == data and R.board(again.state, reveal=True) == R.board(copy.state, reveal=True)
    assert [p.aurei_unknown for p in again.state.players] == [True] * 3


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pax_hidden_position_replays_as_each_viewer_knows_it(seed):
    """The example position played on by legal entries to the end: the public record and each
    seat's replay; the shared screen is the game's at every ply; at the end, when the rules
    show the Aurei, the public replay shows ``?`` for the Aurei it never knew."""
    game = played_on(picked_up(R, load_table(EXAMPLE)), seed, 400)
    assert game.outcome() is not None
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public, range(game.ply))
    assert_seat_views(game, public)
    end = R.describe(public.state)["players"]
    assert [p["aureus"] for p in end] == ["?"] * 3
    assert [p["aureus"] for p in R.describe(game.state)["players"]] == [p.aureus for p in game.state.players]


def test_pax_hidden_legal_entries_of_a_public_replay_name_no_hidden_card():
    """The legal entries offered on the public replay (what the screen may offer) name only
    cards the table saw: a card bought from a Legion, never one drawn into a hand."""
    game = random_game(3, 3)
    public = replayed(game, known_texts(game, None))
    for state in public.states:
        for move in R.legal_moves(state):
            if move.notation().split()[1:2] == ["play"]:
                hand = R.describe(state, reveal=True)["players"][state.current]["hand"]
                assert all(card.token() in hand for card in move.cards)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_pax_hidden_records_replay_as_each_viewer_knows_them(path):
    """Every stored record and example: its public record and each seat's replay entry by
    entry, and the shared screen replayed from the public record is the game's at every ply."""
    game = Game.from_record(R, read_record(path.read_text(encoding="utf-8")))
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert_seat_views(game, public)
