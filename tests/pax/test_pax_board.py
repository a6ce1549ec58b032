"""The PAX board at a glance and the grouped legal entries (issue 12): every line at most 80
columns, every name and figure whole, nothing behind the screen (hands, Aurei, cards slid
under the deck) without ``reveal``; and the small PAX defects of issue 12 (the draw prompt,
the provisional score that declared a verdict)."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from assistant.core import Game, read_record, write_record
from assistant.games.pax import RULESET as R
from assistant.games.pax.components import CATEGORIES, symbol_counts
from assistant.games.pax.scoring import strengths
from assistant.games.pax.simulate import random_game
from assistant.games.pax.state import PaxState

from pax_helpers import give, push, started

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "pax").glob("*.txt"))
WIDTH = 80


@cache
def _games(name: str) -> tuple[Game, Game]:
    """A record's game and the game of its public copy (every secret face as ``?``)."""
    if name.startswith("random-"):
        _, players, seed = name.split("-")
        game = random_game(int(seed), int(players), {"level": "3"} if players == "1" else {})
    else:
        game = Game.from_record(R, read_record((ROOT / "tests" / "records" / "pax" / name).read_text(encoding="utf-8")))
    public = Game.from_record(R, read_record(write_record(game.to_public_record())))
    return game, public


SOURCES = [p.name for p in RECORDS] + [f"random-{n}-{seed}" for n in (1, 2, 3, 4) for seed in (0, 1, 2)]


def _positions(game: Game) -> list[int]:
    """The plies looked at: the start, every 9th, the middle and the end."""
    n = game.ply
    return sorted({0, 1, n // 2, n, *range(0, n, 9)})


def _grid_row(board: str, name: str) -> list[str]:
    """The figures of ``name``'s row of the strength grid (a long name stands on the line
    above its figures)."""
    lines = board.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(name) and re.fullmatch(r"[\s\d+-]+", line[len(name):]) and line[len(name):].strip():
            return line[len(name):].split()
        if line == name and i + 1 < len(lines) and re.fullmatch(r"[\s\d+-]+", lines[i + 1]):
            return lines[i + 1].split()
    raise AssertionError(f"no grid row for {name}:\n{board}")


def _expected_cells(state: PaxState, display) -> list[str]:
    symbols = symbol_counts(display)
    strength = strengths(symbols)
    return [
        (str(symbols[c]) if symbols[c] else "-") if strength[c] == symbols[c] else f"{symbols[c]}+{strength[c] - symbols[c]}"
        for c in CATEGORIES
    ]


@pytest.mark.parametrize("source", SOURCES)
def test_pax_board_fits_80_columns_names_and_figures_whole_nothing_secret(source):
    game, public = _games(source)
    for ply in _positions(game):
        state, shown = game.states[ply], public.states[ply]
        text = R.board(state)
        for reveal in (False, True):
            for line in R.board(state, reveal=reveal).splitlines():
                assert len(line) <= WIDTH, (source, ply, line)
        # nothing secret: the table's view of the full record is the view of its public copy
        assert text == R.board(shown), (source, ply)
        assert R.legal_summary(state) == R.legal_summary(shown), (source, ply)
        over = state.phase == "over"
        assert ("Aurei" in text) == over  # pax.hidden.money: the Aurei column only once public
        for p in state.players:
            row = _grid_row(text, p.name)
            assert row[:7] == _expected_cells(state, p.display), (source, ply, p.name, row)
            assert row[7:9] == [str(p.limit()), str(p.hand_size)]
            assert row[9:] == ([str(p.aureus)] if over else [])
            revealed = _grid_row(R.board(state, reveal=True), p.name)
            assert revealed[9:] == [str(p.aureus)]
            for card in p.hand:  # a hand face only with reveal, in the short token form
                short = f"{card.category[0]}{card.value}/{card.symbols}"
                assert short in R.board(state, reveal=True)
        assert f"deck {state.deck_size} card" in text
        assert all(f"{card.category[0]}{card.value}/{card.symbols}" in text for card in state.all_rome())


@pytest.mark.parametrize("source", SOURCES)
def test_pax_legal_summary_at_most_10_lines_of_80_columns(source):
    game, _ = _games(source)
    for ply in _positions(game):
        lines = R.legal_summary(game.states[ply])
        assert 1 <= len(lines) <= 10 and all(len(line) <= WIDTH for line in lines), (source, ply, lines)
        if game.states[ply].phase != "over":
            verbs = {move.notation().split()[1] if move.notation().split()[0] in game.seats else move.notation().split()[0]
                     for move in R.legal_moves(game.states[ply])}
            said = " ".join(line.split("   ")[0] for line in lines)
            assert all(verb in said for verb in verbs), (source, ply, verbs, lines)


def test_pax_board_wide_uses_the_full_card_names():
    game, _ = _games("four_players.txt")
    text = R.board(game.states[70], wide=True)
    assert "conspiracy 1/1 4/2 2/2" in text and "c1/1" not in text


def test_pax_board_a_long_name_is_never_cut():
    long = "Aemilia Lepida Cornelia Scipionis Africana Minor"  # 48 characters
    state = give(started((long, "Ben")), long, display="wealth 2/2, religion 1/1, religion 3/2")
    text = R.board(state, reveal=True)
    assert all(len(line) <= WIDTH for line in text.splitlines())
    assert _grid_row(text, long) == ["2", "-", "-", "3", "-", "-", "-", "0", "1", "5"]
    # whole in the title, as start player, in the grid and above its cards
    assert sum(1 for line in text.splitlines() if long in line) == 4
    assert f"{long}\n         w2/2 · r1/1 r3/2\n         hand e1/1\nBen" in text


SNAPSHOT = """\
PAX · round 4, Ann's turn · deck 27 cards
start player Dora · Primus Conspiratus: Dora

      Wea  Fle  Arm  Rel  Sen  Est  Con  limit hand
Rome    -    2    1    2    1    -    1  + 3 hidden cards
Ann     3    -    -    3    2    -    -      0    2
Ben     1    -    -    1    1    1    1      1    0
Cy      4    -    -    1    -    -    -      0    5
Dora    1    1    -    -    -    1    5      5    0

Ann      w3/2 w1/1 · r4/2 r3/1 · s3/2
Ben      w2/1 · r4/1 · s1/1 · e1/1 · c3/1
Cy       w1/2 w3/2 · r1/1
Dora     w1/1 · f2/1 · e2/1 · c1/1 c4/2 c2/2
Rome     f4/1 f3/1 · a2/1 · r3/1 r3/1 · s2/1 · c4/1 · 3 hidden cards
Legions  I: f2/1 s1/2 = 3 · II: e4/1 a2/1 = 6 · III: w1/1 = 1
         IV: e1/1 a2/1 c3/1 = 6 · V: c3/1 f3/1 = 6

Rome leads 2 of 7 categories so far (ties go to Rome); 4 at the end: Rome wins
cards: value/symbols · grid: symbols (+1 Fleet per 3 Army, +1 Army per 3 Fleet)"""


def test_pax_board_snapshot_of_a_four_player_game_in_round_4():
    """What the table sees in the middle of four_players.txt (ply 70): Ann has placed the first
    card of her draw under Legion II (3 Religion symbols: 2 drawn together)."""
    game, _ = _games("four_players.txt")
    assert R.board(game.states[70]) == SNAPSHOT
    assert R.legal_summary(game.states[70]) == ["draw ?|<card> hand|deck   (2 cards: one to each place)"]


def test_pax_notation_guide_shows_the_board_as_printed():
    guide = (ROOT / "docs" / "notation" / "pax.md").read_text(encoding="utf-8")
    assert "```\n" + SNAPSHOT + "\n```" in guide


def test_pax_legal_summary_after_the_draw_shows_prices_not_the_hand():
    state = give(started(("Ada", "Ben", "Cy")), "Ada", display="wealth 2/2, wealth 1/1", hand="senator 3/2")
    state = push(state, "draw army 2/1 hand, fleet 1/1 II, religion 1/1 deck")
    lines = R.legal_summary(state)
    assert lines == [
        "buy I|II|III|IV   (price 0|1|0|0 Aurei, Wealth discount included)",
        "play <card>, …   (Ada holds 3 cards; the next card played is free)",
        "end   (the turn is over: income)",
    ]
    assert "senator" not in " ".join(lines) and "army 2/1" not in " ".join(lines)  # pax.hidden
    state = push(state, "play senator 3/2")
    assert R.legal_summary(state)[0] == "play <card>, …   (Ada holds 2 cards; the next card played costs 1 Aureus)"


# -- issue 12: the draw prompt -----------------------------------------------------------------
def test_pax_turn_prompt_says_draws_3_cards_at_the_start_of_a_turn():
    """It said "Ada draws 3 more card(s)" before anything was drawn."""
    state = started(("Ada", "Ben", "Cy"))
    message = R.expecting(state).message
    assert message.startswith("Ada draws 3 cards: one each to hand, deck and a Legion (I, II, III, IV)")
    assert "more" not in message and "(s)" not in message and "or peek" in message
    state = push(state, "draw ? hand")
    assert R.expecting(state).message == "Ada enters the 2 cards left of the draw: one each to deck and a Legion (I, II, III, IV)"
    state = push(state, "draw ? deck")
    assert R.expecting(state).message == "Ada enters the last card of the draw: to a Legion (I, II, III, IV)"
    state = push(state, "draw army 1/1 II")
    assert R.expecting(state).message == "Ada may buy a group, play cards or end the turn"


def test_pax_turn_prompt_counts_a_short_deck_in_words():
    state = started(("Ada", "Ben"))
    two = R.expecting(replace(state, turn=replace(state.turn, target=2))).message
    one = R.expecting(replace(state, turn=replace(state.turn, target=1))).message
    assert two.startswith("Ada draws the last 2 cards of the deck, each to a different place: hand, deck, a Legion")
    assert one.startswith("Ada draws the last card of the deck: to hand, deck or a Legion (I, II, III)")
    market = R.expecting(R.apply(R.setup(["Ada", "Ben"], {}), R.parse(R.setup(["Ada", "Ben"], {}), "keep ?")))
    assert "(s)" not in market.message


# -- issue 12: the provisional score declared a verdict --------------------------------------
def test_pax_provisional_score_after_round_1_names_no_winner_and_no_verdict():
    """After round 1 with every category at 0 the running score said "Rome wins · Winner:
    Nona" (Nona held Primus Conspiratus). While the game runs the sheet says it is
    provisional, how Rome stands so far, and names no winner."""
    state = give(started(("Ann", "Ben", "Nona")), "Nona", hand="conspiracy 1/1")
    state = push(state, "draw ? hand, ? deck, wealth 1/1 II", "end", "draw ? hand, ? deck, fleet 1/1 II", "end")
    state = push(state, "draw ? hand, ? deck, army 1/1 III", "play conspiracy 1/1", "end")
    assert state.phase == "refill" and state.pc == 2 and R.outcome(state) is None
    sheet = R.score(state)
    notes = " ".join(sheet.notes)
    assert sheet.winners == () and "rome_wins" not in sheet.extra
    assert "provisional" in notes and "Rome wins with 4 or more" in notes
    assert ": Rome wins" not in notes and "wins with Rome" not in notes and "no player wins" not in notes
    assert sheet.extra["rome_leads_so_far"] == [c for c in CATEGORIES if c != "conspiracy"]
    assert "rome_wins" not in sheet.to_json() and sheet.to_json()["winners"] == []
    assert "Rome's 3 hidden cards are not counted" in notes


def test_pax_provisional_solo_score_names_no_winner():
    state = started(("Ann",), {"level": "1"})
    sheet = R.score(state)
    assert sheet.winners == () and "rome_wins" not in sheet.extra
    assert "beats Rome" not in " ".join(sheet.notes) and ": Rome wins" not in " ".join(sheet.notes)


def test_pax_final_score_still_gives_the_verdict():
    game, _ = _games("three_players_rome_wins.txt")
    sheet = R.score(game.state)
    assert sheet.extra["rome_wins"] is True and not any(n.startswith("provisional") for n in sheet.notes)
