"""The Sylla board at a glance and the grouped legal entries (issue 12): every line at most 80
columns, every name and figure whole, and nothing behind the screens (denarii, token colours,
fist votes) without ``reveal``: the board and the summary of a game equal those of its public
record (every secret face as ``?``) replayed."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from assistant.core import Game, read_record, write_record
from assistant.games.sylla import RULESET as R
from assistant.games.sylla.simulate import random_game

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "sylla").glob("*.txt"))
WIDTH = 80
SOURCES = [p.name for p in RECORDS] + [f"random-{n}-{seed}" for n in (3, 4) for seed in (0, 1, 2)]


@cache
def _games(name: str) -> tuple[Game, Game]:
    """A record's game and the game of its public copy."""
    if name.startswith("random-"):
        _, players, seed = name.split("-")
        game = random_game(int(seed), int(players))
    else:
        game = Game.from_record(R, read_record((ROOT / "tests" / "records" / "sylla" / name).read_text(encoding="utf-8")))
    public = Game.from_record(R, read_record(write_record(game.to_public_record())))
    return game, public


def _positions(game: Game) -> list[int]:
    """The plies looked at: the start, every 7th, the middle and the end."""
    n = game.ply
    return sorted({0, 1, n // 2, n, *range(0, n, 7)})


@pytest.mark.parametrize("source", SOURCES)
def test_sylla_board_fits_80_columns_names_and_figures_whole_nothing_secret(source):
    game, public = _games(source)
    for ply in _positions(game):
        state, shown = game.states[ply], public.states[ply]
        text = R.board(state)
        revealed = R.board(state, reveal=True)
        for line in text.splitlines() + revealed.splitlines():
            assert len(line) <= WIDTH, (source, ply, line)
        assert text == R.board(shown), (source, ply)  # nothing secret
        assert R.legal_summary(state) == R.legal_summary(shown), (source, ply)
        for p, q in zip(state.players, shown.players):  # the table's knowledge of the tokens
            assert (p.seen, p.seen_unknown, p.seen_splits) == (q.seen, q.seen_unknown, q.seen_splits), (source, ply)
            assert (q.tokens, q.unknown, q.splits) == (q.seen, q.seen_unknown, q.seen_splits), (source, ply)
        lines = text.splitlines()
        for p in state.players:
            head = next(line for line in lines if line.startswith(p.name + " "))
            held = sum(p.tokens.values()) + p.unknown
            assert f" {p.prestige} prestige · {held} token" in head, (source, ply, head)
            assert ("Consul" in head) == (p.name == state.consul)
            assert "denarii" not in head
            assert f" {p.money} denarii" in revealed
            for card in p.cards:
                assert f"{card.label} {card.hexes}" in text
        if state.board is not None and state.markers:
            for kind, word in (("civic", "Civic"), ("health", "Health"), ("leisure", "Leisure")):
                assert f"{word} {state.value(kind)} (space {state.markers[kind] + 1}" in text


@pytest.mark.parametrize("source", SOURCES)
def test_sylla_legal_summary_at_most_10_lines_of_80_columns(source):
    game, _ = _games(source)
    for ply in range(game.ply + 1):
        lines = R.legal_summary(game.states[ply])
        assert 1 <= len(lines) <= 10 and all(len(line) <= WIDTH for line in lines), (source, ply, lines)


def test_sylla_board_a_long_name_is_never_cut():
    long = "Lucius Cornelius Sulla Felix Epaphroditus Dictator"
    game = random_game(0, 3)
    state = game.states[game.ply // 2]
    renamed = R.setup([long, *state.seats[1:]], dict(state.options))
    text = R.board(renamed, reveal=True)
    assert long in text.splitlines() and all(len(line) <= WIDTH for line in text.splitlines())


SNAPSHOT = """\
SYLLA · round 3, phase V (events) · Consul Red
  Red, White, Black turn an item face down (Flood)

Res Publica ladder 0 1 1 2 2 3 3 4 5 (crisis zone: the first 2 spaces)
  per token Civic 2 (space 4) · Health 3 (space 7) · Leisure 3 (space 7)
  famine 4 · Great Work: Granary · built: Colosseum, Senate
events  1 Imperial Cult 1 LV civic [Blue 1, Red 1] prevented
        2 Pillage 0 L leisure [Red 1, Black 1] prevented
        3 Flood 1 V health happening · 4 Decadence 0 L
        (famine icons, fighters V Vestal L Legionary, token; [cubes])

Blue    17 prestige · 8 tokens · Civic 2 Health 0 Leisure 1 + 5 unseen · set IV
        Sen1 rg tapped · Mer1 yg fish · Ves1 r tapped · Ves2 ry tapped
        Sla1 ryg fish tapped · Sen2 r fish tapped · Ves3 y
        Temple1 down · Temple2
Red     28 prestige · 4 tokens · Civic 1 Health 0 Leisure 3 · Consul · set III
        Sen1 yg fish tapped · Sla1 ryg fish tapped · Ves1 r · Leg1 g · Mer1 r
        Sen2 ry tapped · Ves2 y tapped
        Tavern1 · Field1
White   9 prestige · 3 tokens · Civic 0 Health 0 Leisure 1 + 2 unseen · set II
        Mer1 ry tapped · Mer2 y fish · Leg1 ry tapped · Sla1 ryg fish tapped
        Sla2 ryg tapped · Sla3 ryg fish tapped · Cra1 y · Mer3 ry tapped
        Temple1 · Stall1
Black   14 prestige · 3 tokens · Civic 1 Health 0 Leisure 2 · set I
        Ves1 g tapped · Leg1 ry · Sen1 rg tapped · Mer1 y fish · Leg2 rg tapped
        Sla1 ryg tapped · Leg3 g tapped
        Field1 · Stall1
cards: hexagons r red, y yellow, g grey · fish: Christian
denarii and token colours are behind the screens (--reveal shows them)"""


def test_sylla_board_snapshot_of_a_four_player_game_in_round_3():
    """What the table sees in the middle of four_players_seed11.txt (ply 167): the Flood is
    happening and Red, White and Black each turn an item face down."""
    game, public = _games("four_players_seed11.txt")
    assert R.board(game.states[167]) == SNAPSHOT == R.board(public.states[167])
    assert R.legal_summary(game.states[167]) == [
        "Red turns Tavern1|Field1", "White turns Temple1|Stall1|Cra1", "Black turns Field1|Stall1",
    ]


def test_sylla_notation_guide_shows_the_board_as_printed():
    guide = (ROOT / "docs" / "notation" / "sylla.md").read_text(encoding="utf-8")
    assert "```text\n" + SNAPSHOT + "\n```" in guide


def test_sylla_board_reveal_shows_denarii_token_kinds_and_votes():
    game, _ = _games("four_players_seed11.txt")
    state = next(s for s in game.states if s.step == "VI.vote" and s.votes)
    plain, revealed = R.board(state), R.board(state, reveal=True)
    voter = next(iter(state.votes))
    thumb, denarii = state.votes[voter]
    assert f"voted   {voter}" in plain and f"{voter} {thumb} {denarii}" in revealed
    for p in state.players:
        assert f"{p.money} denarii" in revealed
        if sum(p.tokens.values()):
            kinds = " ".join(f"{w} {p.tokens[k]}" for k, w in (("civic", "Civic"), ("health", "Health"), ("leisure", "Leisure")))
            assert kinds in revealed
    assert "denarii and token colours are behind the screens" in plain


def test_sylla_board_token_kinds_as_far_as_the_table_knows_them():
    """The Consul's token and an event's reward are taken in the open; a Temple's or an
    Insula's token is seen as one of unknown colour even where the record types it; a crisis
    shows its kind; at the end every count is known."""
    game, public = _games("four_players_seed11.txt")
    for ply in range(game.ply + 1):
        for p, q in zip(game.states[ply].players, public.states[ply].players):
            assert (p.seen, p.seen_unknown, p.seen_splits) == (q.seen, q.seen_unknown, q.seen_splits), ply
            # the public record's replay knows exactly what the table knows
            assert (q.tokens, q.unknown, q.splits) == (q.seen, q.seen_unknown, q.seen_splits), ply
    red = game.states[167].player("Red")
    assert "Red     28 prestige · 4 tokens · Civic 1 Health 0 Leisure 3 · Consul" in R.board(game.states[167])
    assert red.tokens == {"civic": 1, "health": 0, "leisure": 3}
    assert "Blue    17 prestige · 8 tokens · Civic 2 Health 0 Leisure 1 + 5 unseen" in R.board(game.states[167])
    end = game.state
    assert all(p.seen == p.tokens and p.seen_unknown == 0 for p in end.players)


def test_sylla_board_before_the_board_is_entered():
    state = R.setup(["Ann", "Ben", "Cy"], {"board": "ask"})
    text = R.board(state)
    assert "the board is not entered yet" in text and all(name in text for name in ("Ann", "Ben", "Cy"))
    assert R.legal_summary(state)[0].startswith("setup: enter board, sets")
