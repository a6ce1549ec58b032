"""Bad input of any kind gets a clear refusal, never a crash: random text and random
recombinations of each game's own words are pushed at every game, from the start and from
points in the middle of its recorded games. Only the three entry errors may come out, each
with a rule id and a message."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.core.errors import EntryError
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games import GAMES, get_ruleset

RECORDS = Path(__file__).resolve().parents[1] / "records"


def positions(game_name: str) -> list[Game]:
    """Games replayed to the start, a quarter, half and three quarters of each record."""
    ruleset = get_ruleset(game_name)
    found: list[Game] = []
    for path in sorted((RECORDS / game_name).glob("*.txt"))[:3]:
        record = read_record(path.read_text(encoding="utf-8"))
        n = len(record.entries)
        for stop in (0, n // 4, n // 2, 3 * n // 4):
            found.append(Game.from_record(ruleset, record, stop_at=stop))
    return found


def vocabulary(game: Game) -> list[str]:
    words = list(game.ruleset.completions(game.state))
    words += [w for e in game.entries[-20:] for w in e.text.split()]
    words += ["0", "1", "2", "3", "4", "5", "6", "7", "12", "-1", "99999999999999999999", "", "pay", "left", "right"]
    return words


def assert_refused_cleanly(game: Game, text: str) -> None:
    before = game.state
    ply = game.ply
    try:
        game.push(text)
    except EntryError as exc:
        assert exc.message and isinstance(exc.message, str)
        assert exc.rule, f"{type(exc).__name__} without a rule id for {text!r}: {exc.message}"
        assert game.state == before and game.ply == ply
        return
    game.pop()  # accepted: fine too (and it must undo cleanly)
    assert game.state == before


@pytest.mark.parametrize("game_name", list(GAMES))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=40), seed=st.integers(0, 10**6))
def test_fuzz_random_text_is_refused_cleanly(game_name, text, seed):
    games = _cache(game_name)
    game = games[seed % len(games)]
    assert_refused_cleanly(game, text.replace("#", " ").replace("\n", " "))


@pytest.mark.parametrize("game_name", list(GAMES))
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), length=st.integers(1, 8))
def test_fuzz_game_words_are_refused_cleanly(game_name, seed, length):
    games = _cache(game_name)
    rng = random.Random(seed)
    game = games[seed % len(games)]
    words = vocabulary(game)
    text = " ".join(rng.choice(words) for _ in range(length))
    assert_refused_cleanly(game, text)


_CACHE: dict[str, list[Game]] = {}


def _cache(game_name: str) -> list[Game]:
    if game_name not in _CACHE:
        _CACHE[game_name] = positions(game_name)
    return _CACHE[game_name]
