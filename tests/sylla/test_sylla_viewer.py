"""Sylla as each viewer knows it (rule sylla.components.hidden): every view is built by replaying
the record as the viewer knows it, each entry whose secret the viewer may not see (a vote, a
Temple's or an Insula's token, a count named outside a reveal, a picked-up game's denarii) in
its public form. So the public form of every entry replays, entry by entry, from the setup and
from a position; the shared screen replayed from the public record is the shared screen of the
game itself at every ply (nothing it shows or asks for depends on a secret, or on whether it was
typed or entered ``?``); a seat's own view knows another seat's tokens and vote only as the
table does; and an entry whose public form shows more than was typed (the fists opening, counts a
crisis showed) is shown to every seat in that form."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.core.tablefile import load_table
from assistant.games.sylla import RULESET as R
from assistant.games.sylla import moves as m
from assistant.games.sylla.notation import reveals
from assistant.games.sylla.simulate import check_invariants, random_game
from position_support import picked_up
from viewer_support import assert_same_public_views, known_texts, replayed

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "sylla").glob("*.txt")) + sorted((ROOT / "examples").glob("sylla*.txt"))
EXAMPLE = ROOT / "examples" / "sylla-position.toml"


# -- the game as a viewer knows it ----------------------------------------------------------------
def secrets(state, name: str) -> tuple[object, object]:
    """What ``describe(reveal=True)`` shows of one seat's secrets: its tokens and its vote so far."""
    data = R.describe(state, reveal=True)
    player = next(p for p in data["players"] if p["name"] == name)
    return player["tokens"], data.get("votes so far", {}).get(name)


def assert_seat_views(game: Game, public: Game) -> None:
    """Every seat's record replays entry by entry; in a seat's view another seat's tokens and
    vote are what the table knows of them, its own are as typed."""
    for seat in game.seats:
        view = replayed(game, known_texts(game, seat))
        for ply in range(game.ply + 1):
            for other in game.seats:
                source = game if other == seat else public
                assert secrets(view.states[ply], other) == secrets(source.states[ply], other), (seat, other, ply)
        assert not check_invariants(view.state)


def played_on(game: Game, seed: int) -> Game:
    """``game`` played on by legal entries chosen at random up to the next entry of chance (an
    event drawn, new tiles: the rules list none)."""
    rng = random.Random(seed)
    while game.outcome() is None and (moves := list(R.legal_moves(game.state))):
        game.push(rng.choice(moves).notation())
    return game


# -- (a), (b), (c) on random games --------------------------------------------------------------
@pytest.mark.parametrize("seed", range(10))
def test_sylla_components_hidden_public_replay_shows_what_the_game_shows(seed):
    """Even seeds type every secret, odd seeds enter a share of them as ``?`` (and open the
    fists later); 3 and 4 players."""
    game = random_game(seed, 3 + seed % 2)
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert public.score().to_json()["players"] == game.score().to_json()["players"]
    assert_seat_views(game, public)


def test_sylla_hidden_votes_the_vote_that_opens_the_fists_is_shown_to_all_as_opened():
    """A seat whose typed vote completes the vote: in its own view the others' votes were
    ``?``, so its typed entry alone would leave the fists shut; every seat is shown the public
    form (``fists`` with every vote, his own as typed), and its view goes on."""
    game = random_game(0, 3)
    opening = [e for before, e in zip(game.states, game.entries) if isinstance(e.move, m.VoteMove) and reveals(before, e.move)]
    assert opening
    for entry in opening:
        before = game.states[entry.ply - 1]
        assert R.audience(before, entry.move) == frozenset()
        shown = known_texts(game, entry.move.player)[entry.ply - 1]
        assert shown.startswith("fists ") and f"{entry.move.player} {entry.move.thumb} {entry.move.denarii}" in shown
    view = replayed(game, known_texts(game, opening[0].move.player))
    assert view.outcome() == game.outcome()


def test_sylla_hidden_votes_fists_prompt_names_every_voter():
    """When the fists open after votes entered ``?``, the screen names every voter (which
    votes were typed is not for the table to see), and a typed vote repeated is taken."""
    game = random_game(1, 4)
    waits = [ply for ply, state in enumerate(game.states) if state.step in ("VI.fists", "end.fists")]
    assert waits
    public = replayed(game, known_texts(game, None))
    for ply in waits:
        state = game.states[ply]
        assert all(name in R.expecting(state).message for name in state.votes)
        assert R.legal_summary(state) == R.legal_summary(public.states[ply])


def test_sylla_hidden_tokens_crisis_asks_every_player_the_table_does_not_know():
    """A crisis asks each player whose count of its kind the table does not know, however his
    tokens were entered; a count the game knew may be shown, the same."""
    game = random_game(1, 4)
    crises = [ply for ply, state in enumerate(game.states) if state.step == "VII.crisis"]
    assert crises
    public = replayed(game, known_texts(game, None))
    for ply in crises:
        state = game.states[ply]
        asked = R.expecting(state).players
        assert asked == R.expecting(public.states[ply]).players and set(state.pending) <= set(asked)
        for name in set(asked) - set(state.pending):
            kind = state.crises[0]
            copy = game.prefix(ply)
            copy.push(f"{name} tokens {kind} {state.player(name).tokens[kind]}")


# -- a game picked up: the denarii behind the screens -------------------------------------------
def test_sylla_components_hidden_money_position_public_form():
    """``log`` and ``export --public`` printed the denarii of a picked-up game: a player's
    position entry's public form writes them ``denarii ?`` (the tokens stay: they are the
    counts the table saw); it reads back and the block replays; a seat knows its own."""
    game = picked_up(R, load_table(EXAMPLE))
    public = known_texts(game, None)
    figures = [(text, e) for text, e in zip(public, game.entries) if isinstance(e.move, m.PositionPlayer)]
    assert len(figures) == 4
    for text, entry in figures:
        assert "denarii ?," in text and text == entry.text.replace(f"denarii {entry.move.denarii},", "denarii ?,")
    assert all(text == e.text for text, e in zip(public, game.entries) if not isinstance(e.move, m.PositionPlayer))
    copy = replayed(game, public)
    assert [p.money_unknown for p in copy.state.players] == [True] * 4
    assert all(p["denarii"] == "?" for p in R.describe(copy.state, reveal=True)["players"])
    assert "? denarii" in R.board(copy.state, reveal=True)
    red = replayed(game, known_texts(game, "Red"))
    assert [p["denarii"] for p in R.describe(red.state, reveal=True)["players"]] == ["?", 1, "?", "?"]
    data = R.position(copy.state)
    assert [p["denarii"] for p in data["players"]] == ["?"] * 4
    assert R.position(picked_up(R, json.loads(json.dumps(data))).state) == data


def test_sylla_components_hidden_money_unknown_never_judged():
    """Denarii not known here judge no payment (the record as typed does): a correction that
    the game refuses (it would take Red below zero) goes through on the public replay."""
    game = picked_up(R, load_table(EXAMPLE))
    copy = replayed(game, known_texts(game, None))
    with pytest.raises(IllegalMove):
        game.push("correct Red denarii -5 because counted twice")
    copy.push("correct Red denarii -5 because counted twice")
    assert copy.state.player("Red").money_unknown


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sylla_position_replays_as_each_viewer_knows_it(seed):
    """The example position played on by legal entries: the public record and each seat's
    replay, and the shared screen the game's at every ply."""
    game = played_on(picked_up(R, load_table(EXAMPLE)), seed)
    assert game.ply > 30
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert_seat_views(game, public)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_sylla_components_hidden_records_replay_as_each_viewer_knows_them(path):
    """Every stored record and example: its public record and each seat's replay entry by
    entry, and the shared screen replayed from the public record is the game's at every ply."""
    game = Game.from_record(R, read_record(path.read_text(encoding="utf-8")))
    public = replayed(game, known_texts(game, None))
    assert_same_public_views(game, public)
    assert_seat_views(game, public)
