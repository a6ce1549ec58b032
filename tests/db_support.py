"""Helpers for tests that look into a history from outside the program: raw SQL as a damaged
or hand-edited database would have it, and the stored ratings as a fresh fold gives them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import create_engine, text

from assistant.service.views import PlayerRating, RatingPoint
from assistant.store import statistics
from assistant.store.db import Store


def raw_sql(url: str, *statements: str) -> list[tuple[Any, ...]]:
    """Run ``statements`` on the database at ``url`` (a file path or an SQLAlchemy URL) in one
    transaction, outside the program; the rows of the last one, if it returns any."""
    engine = create_engine(url if "://" in url else f"sqlite:///{url}")
    rows: list[tuple[Any, ...]] = []
    try:
        with engine.begin() as conn:
            for statement in statements:
                result = conn.execute(text(statement))
                rows = [tuple(r) for r in result] if result.returns_rows else []
    finally:
        engine.dispose()
    return rows


def folded_ratings(store: Store) -> list[tuple[Any, ...]]:
    """What a fresh fold of every finished game says, seat by seat: ``(game_id, player_id,
    ruleset, mu, sigma, ordinal)`` at full precision, sorted (as the ``ratings`` table holds them)."""
    with store.read() as session:
        return sorted(
            (seat[1], seat[3], seat[0], r.mu, r.sigma, r.ordinal())
            for game, rated in statistics.fold_ratings(statistics.ranked_seats(session, statistics.Scope()))
            for seat, r in zip(game, rated)
        )


def live_ratings(seats: Iterable[tuple[Any, ...]], *, history: bool = True) -> list[PlayerRating]:
    """What ``stats --ratings`` shows, folded afresh from ranked seats in the order played
    (``statistics.ranked_seats``) instead of read from the stored table: each player's
    rating per game, with every point (``history``) or the first and latest."""
    names: dict[tuple[str, int], str] = {}
    points: dict[tuple[str, int], list[RatingPoint]] = {}
    for game, rated in statistics.fold_ratings(seats):
        for seat, r in zip(game, rated):
            key = (seat[0], seat[3])
            names[key] = seat[4]
            points.setdefault(key, []).append(RatingPoint(seat[2], seat[1], round(r.mu, 3), round(r.sigma, 3), round(r.ordinal(), 3)))
    out = []
    for key, kept in points.items():
        last = kept[-1]
        shown = tuple(kept) if history else (kept[0],) if len(kept) == 1 else (kept[0], last)
        out.append(PlayerRating(key[0], names[key], len(kept), last.mu, last.sigma, last.ordinal, shown))
    out.sort(key=lambda p: (p.game, -p.ordinal, p.name.casefold()))
    return out
