"""The Sylla board at a glance and the grouped legal entries (issue 12): every line at most 80
columns, every name and figure whole, and nothing behind the screens (denarii, token colours,
fist votes) without ``reveal``: the board and the summary of a game equal those of its public
record (every secret face as ``?``) replayed."""

from __future__ import annotations

import re
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
            for card in p.cards:  # a Slave's hexagons are always ryg: left out (issue 23, D9)
                hexes = "" if card.kind == "slave" and card.hexes == "ryg" else f" {card.hexes}"
                assert f"{card.label}{hexes}" in text
                assert f"{card.label} {card.hexes}" in R.board(state, wide=True)
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
    assert any(line.startswith(long + " ") for line in text.splitlines())
    assert all(len(line) <= WIDTH for line in text.splitlines())


SNAPSHOT = """\
round 3, phase V (events) · Red, White, Black turn an item face down (Flood)
ladder 0 1 1 2 2 3 3 4 5 (crisis zone 1-2) · Civic 2 (space 4)
  Health 3 (space 7) · Leisure 3 (space 7) · famine 4 · Great Work Granary
  built Colosseum, Senate
events Imperial Cult 1 LV civic [Blue 1, Red 1] prevented
  Pillage 0 L leisure [Red 1, Black 1] prevented · Flood 1 V health happening
  Decadence 0 L
Blue  17 prestige · 8 tokens (C2 H0 L1 ?5) · set IV: Sen1 rg*, Mer1 yg+, Ves1 r*
  Ves2 ry*, Sla1+*, Sen2 r+*, Ves3 y, (Temple1), Temple2
Red   28 prestige · 4 tokens (C1 H0 L3) · set III · Consul: Sen1 yg+*, Sla1+*
  Ves1 r, Leg1 g, Mer1 r, Sen2 ry*, Ves2 y*, Tavern1, Field1
White 9 prestige · 3 tokens (C0 H0 L1 ?2) · set II: Mer1 ry*, Mer2 y+, Leg1 ry*
  Sla1+*, Sla2*, Sla3+*, Cra1 y, Mer3 ry*, Temple1, Stall1
Black 14 prestige · 3 tokens (C1 H0 L2) · set I: Ves1 g*, Leg1 ry, Sen1 rg*
  Mer1 y+, Leg2 rg*, Sla1*, Leg3 g*, Field1, Stall1
key: r/y/g hexagons · + Christian · * tapped · (…) face down · C/H/L/? tokens"""


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
    assert f"voted: {voter}" in plain and f"{voter} {thumb} {denarii}" in revealed
    for p in state.players:
        assert f"{p.money} denarii" in revealed
        if sum(p.tokens.values()):
            t = p.tokens
            assert f"(C{t['civic']} H{t['health']} L{t['leisure']})" in revealed
    assert "denarii and token colours are behind the screens" in R.board(state, wide=True)
    assert not re.search(r"\d denarii", plain)


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
    assert "Red   28 prestige · 4 tokens (C1 H0 L3) · set III · Consul:" in R.board(game.states[167])
    assert "Red     28 prestige · 4 tokens · Civic 1 Health 0 Leisure 3 · Consul" in R.board(game.states[167], wide=True)
    assert red.tokens == {"civic": 1, "health": 0, "leisure": 3}
    assert "Blue  17 prestige · 8 tokens (C2 H0 L1 ?5)" in R.board(game.states[167])
    end = game.state
    assert all(p.seen == p.tokens and p.seen_unknown == 0 for p in end.players)


def test_sylla_board_before_the_board_is_entered():
    state = R.setup(["Ann", "Ben", "Cy"], {"board": "ask"})
    text = R.board(state)
    assert "the board is not entered yet" in text and all(name in text for name in ("Ann", "Ben", "Cy"))
    assert R.legal_summary(state)[0].startswith("setup: enter board, sets")
