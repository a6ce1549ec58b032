"""The queries of the history at scale (issue 14): lists read a page at a time, one player's
figures as SQL aggregates over seats and results, the stored results checked against the
seats, and the pages of the exports (records: rows, seats and entries; CSV, BG Stats, BGG:
rows, seats under their current names and stored points). Only the record export reads
entries, a page of games at a time; none groups over them: a game's number of entries is
``games.entry_count``.

Every list is newest first (date, then id) and paged by its last key (``before``: the
(date, id) of the last row of the page before), which the index ``games (date, id)``, or
``(status, date, id)``, serves without sorting the history.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, case, func, or_
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from assistant.store.models import EntryRow, GameRow, Player, Result, Seat


@dataclass(frozen=True)
class GameFilter:
    """Which games a list holds: one game (``ruleset``), a status, the days (YYYY-MM-DD, both
    included), the games one player sat in."""

    ruleset: str | None = None
    status: str | None = None
    since: str | None = None
    until: str | None = None
    player_id: int | None = None

    def where(self) -> list[Any]:
        """The conditions on ``games``."""
        found: list[Any] = []
        if self.ruleset:
            found.append(GameRow.ruleset == self.ruleset)
        if self.status:
            found.append(GameRow.status == self.status)
        if self.since:
            found.append(GameRow.date >= self.since)
        if self.until:
            found.append(GameRow.date <= self.until)
        if self.player_id is not None:
            found.append(col(GameRow.id).in_(select(Seat.game_id).where(Seat.player_id == self.player_id)))
        return found


def games_page(session: Session, where: GameFilter, limit: int, before: tuple[str, int] | None = None) -> list[GameRow]:
    """At most ``limit`` games matching ``where``, newest first, after ``before`` (the (date,
    id) of the previous page's last game) when given."""
    query = select(GameRow).where(*where.where())
    if before is not None:
        date, gid = before
        query = query.where(or_(col(GameRow.date) < date, and_(col(GameRow.date) == date, col(GameRow.id) < gid)))
    query = query.order_by(col(GameRow.date).desc(), col(GameRow.id).desc()).limit(limit)
    return list(session.exec(query).all())


def count_games(session: Session, where: GameFilter) -> int:
    """How many games match ``where``."""
    return int(session.exec(select(func.count()).select_from(GameRow).where(*where.where())).one())


def seats_of(session: Session, game_ids: Sequence[int]) -> dict[int, list[Seat]]:
    """The seats of the given games (one query), each game's in seating order."""
    found: dict[int, list[Seat]] = {gid: [] for gid in game_ids}
    if not game_ids:
        return found
    rows = session.exec(select(Seat).where(col(Seat.game_id).in_(list(game_ids))).order_by(col(Seat.game_id), col(Seat.position)))
    for seat in rows.all():
        found[seat.game_id].append(seat)
    return found


def games_by_ids(session: Session, game_ids: Sequence[int]) -> dict[int, GameRow]:
    """The rows of the given games (one query), by id."""
    if not game_ids:
        return {}
    rows = session.exec(select(GameRow).where(col(GameRow.id).in_(list(game_ids)))).all()
    return {row.id: row for row in rows}  # type: ignore[misc]


def game_ids_from(session: Session, after: int = 0, limit: int | None = None) -> list[int]:
    """Game ids above ``after``, oldest first (at most ``limit``)."""
    query = select(GameRow.id).where(col(GameRow.id) > after).order_by(col(GameRow.id))
    if limit:
        query = query.limit(limit)
    return [gid for gid in session.exec(query).all() if gid is not None]


# -- one player (players show) ----------------------------------------------------------------------
def player_games(session: Session, player_id: int, ruleset: str | None = None) -> list[tuple[Any, ...]]:
    """Per game (ruleset) one player sat in: (ruleset, played, finished, wins, sum of totals,
    number of totals, best total, latest date, latest id), finished games only for the wins
    and totals."""
    finished = col(GameRow.status) == "finished"
    query = (
        select(  # type: ignore[call-overload]  # sqlmodel's select() is typed for at most 4 columns (fastapi/sqlmodel#271)
            GameRow.ruleset,
            func.count(),
            func.sum(case((finished, 1), else_=0)),
            func.sum(case((and_(finished, col(Seat.winner) == True), 1), else_=0)),  # noqa: E712
            func.sum(case((finished, Seat.total), else_=None)),
            func.count(case((finished, Seat.total), else_=None)),
            func.max(case((finished, Seat.total), else_=None)),
            func.max(GameRow.date),
            func.max(GameRow.id),
        )
        .select_from(Seat)
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(Seat.player_id == player_id)
        .group_by(GameRow.ruleset)
    )
    if ruleset:
        query = query.where(GameRow.ruleset == ruleset)
    return [tuple(row) for row in session.exec(query).all()]


def player_categories(session: Session, player_id: int, ruleset: str | None = None) -> list[tuple[str, str, int, int]]:
    """One player's points per game and category in finished games: (ruleset, category, sum,
    count), in the order the categories were first stored. Results are stored for finished
    games only, with their game's ruleset (schema 5): the player's rows of the index
    (player_id, ruleset, category, points) are all it reads."""
    query = (
        select(Result.ruleset, Result.category, func.sum(Result.points), func.count(), func.min(Result.id))  # type: ignore[call-overload]  # sqlmodel's select() is typed for at most 4 columns (fastapi/sqlmodel#271)
        .where(Result.player_id == player_id)
        .group_by(Result.ruleset, Result.category)
        .order_by(func.min(Result.id))
    )
    if ruleset:
        query = query.where(Result.ruleset == ruleset)
    return [(r, c, int(s), int(n)) for r, c, s, n, _ in session.exec(query).all()]


def head_to_head(session: Session, player_id: int, ruleset: str | None = None) -> list[tuple[str, int, int, int, int]]:
    """Against each opponent in finished games where both have a rank: (name, games, ahead,
    behind, tied)."""
    me = aliased(Seat)
    other = aliased(Seat)
    query = (
        select(  # type: ignore[call-overload]  # sqlmodel's select() is typed for at most 4 columns (fastapi/sqlmodel#271)
            Player.name,
            func.count(),
            func.sum(case((col(me.rank) < col(other.rank), 1), else_=0)),
            func.sum(case((col(me.rank) > col(other.rank), 1), else_=0)),
            func.sum(case((col(me.rank) == col(other.rank), 1), else_=0)),
        )
        .select_from(me)
        .join(other, and_(col(other.game_id) == col(me.game_id), col(other.player_id) != col(me.player_id)))
        .join(GameRow, col(GameRow.id) == col(me.game_id))
        .join(Player, col(Player.id) == col(other.player_id))
        .where(col(me.player_id) == player_id, col(GameRow.status) == "finished", col(me.rank).is_not(None), col(other.rank).is_not(None))
        .group_by(Player.id, Player.name)
    )
    if ruleset:
        query = query.where(GameRow.ruleset == ruleset)
    return [(name, int(n), int(a), int(b), int(t)) for name, n, a, b, t in session.exec(query).all()]


def recent_seats(session: Session, player_id: int, ruleset: str | None = None, limit: int = 10) -> list[tuple[Seat, GameRow]]:
    """One player's latest seats with their games, newest first."""
    query = (
        select(Seat, GameRow)
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(Seat.player_id == player_id)
        .order_by(col(GameRow.date).desc(), col(GameRow.id).desc())
        .limit(limit)
    )
    if ruleset:
        query = query.where(GameRow.ruleset == ruleset)
    return list(session.exec(query).all())


# -- the quick check ----------------------------------------------------------------------------------
def results_disagreeing(session: Session, limit: int = 20) -> list[tuple[int, str, int | None, int]]:
    """Seats whose stored total is not the sum of their stored points: (game id, seat name,
    total, sum of points), of seats that have points."""
    sums = (
        select(Result.game_id, Result.player_id, func.sum(Result.points).label("points"))
        .group_by(col(Result.game_id), col(Result.player_id))
        .subquery()
    )
    query = (
        select(Seat.game_id, Seat.name, Seat.total, sums.c.points)
        .join(sums, and_(sums.c.game_id == Seat.game_id, sums.c.player_id == Seat.player_id))
        .where(or_(col(Seat.total).is_(None), col(Seat.total) != sums.c.points))
        .order_by(col(Seat.game_id))
        .limit(limit)
    )
    return [(g, n, t, int(p)) for g, n, t, p in session.exec(query).all()]


def finished_without_totals(session: Session, limit: int = 20) -> list[tuple[int, str]]:
    """Seats of finished games without a total or a rank: (game id, seat name)."""
    query = (
        select(Seat.game_id, Seat.name)
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(GameRow.status == "finished", or_(col(Seat.total).is_(None), col(Seat.rank).is_(None)))
        .order_by(col(Seat.game_id))
        .limit(limit)
    )
    return [(g, n) for g, n in session.exec(query).all()]


def results_of_another_ruleset(session: Session, limit: int = 20) -> list[tuple[int, str, str]]:
    """Games with a stored result whose ruleset is not the game's (schema 5's copy of it,
    which the statistics read without the game): (game id, the result's ruleset, the
    game's)."""
    query = (
        select(Result.game_id, func.min(Result.ruleset), GameRow.ruleset)
        .join(GameRow, col(GameRow.id) == col(Result.game_id))
        .where(Result.ruleset != GameRow.ruleset)
        .group_by(col(Result.game_id), col(GameRow.ruleset))
        .order_by(col(Result.game_id))
        .limit(limit)
    )
    return [(g, r, o) for g, r, o in session.exec(query).all()]


def unfinished_with_results(session: Session, limit: int = 20) -> list[int]:
    """Games not finished that have stored results."""
    query = (
        select(GameRow.id)
        .where(GameRow.status != "finished", col(GameRow.id).in_(select(Result.game_id)))
        .order_by(col(GameRow.id))
        .limit(limit)
    )
    return [gid for gid in session.exec(query).all() if gid is not None]


def entry_counts_disagreeing(session: Session, limit: int = 20) -> list[tuple[int, int, int]]:
    """Games whose ``entry_count`` is not their number of entries: (id, stored, counted)."""
    counted = select(EntryRow.game_id, func.count().label("n")).group_by(col(EntryRow.game_id)).subquery()
    query = (
        select(GameRow.id, GameRow.entry_count, func.coalesce(counted.c.n, 0))
        .outerjoin(counted, counted.c.game_id == GameRow.id)
        .where(GameRow.entry_count != func.coalesce(counted.c.n, 0))
        .order_by(col(GameRow.id))
        .limit(limit)
    )
    return [(g, int(s), int(n)) for g, s, n in session.exec(query).all() if g is not None]


# -- exports -----------------------------------------------------------------------------------------
def entries_of(session: Session, game_ids: Sequence[int]) -> dict[int, list[tuple[str, str]]]:
    """The stored entries (text, comment) of the given games (one query), each game's in ply
    order: the record export writes them without replaying the game."""
    found: dict[int, list[tuple[str, str]]] = {gid: [] for gid in game_ids}
    if not game_ids:
        return found
    query = (
        select(EntryRow.game_id, EntryRow.text, EntryRow.comment)
        .where(col(EntryRow.game_id).in_(list(game_ids)))
        .order_by(col(EntryRow.game_id), col(EntryRow.ply))
    )
    for gid, text, comment in session.exec(query).all():
        found[gid].append((text, comment or ""))
    return found


def games_after(
    session: Session, after: int, limit: int, ids: Sequence[int] | None = None, *, finished_only: bool = True
) -> list[GameRow]:
    """Games (finished ones only, unless told) with an id above ``after`` (among ``ids`` when
    given), oldest id first, at most ``limit`` of them: a page of an export that reads stored
    results only (CSV, BG Stats, BGG)."""
    query = select(GameRow).where(col(GameRow.id) > after)
    if finished_only:
        query = query.where(GameRow.status == "finished")
    if ids is not None:
        query = query.where(col(GameRow.id).in_(list(ids)))
    return list(session.exec(query.order_by(col(GameRow.id)).limit(limit)).all())


def count_finished(session: Session, ids: Sequence[int] | None = None) -> int:
    """How many finished games there are (among ``ids`` when given): the plays of an export."""
    query = select(func.count()).select_from(GameRow).where(GameRow.status == "finished")
    if ids is not None:
        query = query.where(col(GameRow.id).in_(list(ids)))
    return int(session.exec(query).one())


def seats_named(session: Session, game_ids: Sequence[int]) -> dict[int, list[tuple[Seat, str]]]:
    """The seats of these games in seating order, each with its player's current name (which
    follows ``players rename`` and ``merge``)."""
    out: dict[int, list[tuple[Seat, str]]] = {gid: [] for gid in game_ids}
    if not game_ids:
        return out
    query = (
        select(Seat, Player.name)
        .join(Player, col(Player.id) == col(Seat.player_id))
        .where(col(Seat.game_id).in_(list(game_ids)))
        .order_by(col(Seat.game_id), col(Seat.position))
    )
    for seat, name in session.exec(query).all():
        out[seat.game_id].append((seat, name))
    return out


def result_categories(session: Session) -> list[str]:
    """Every category with stored points, in the order games (by id) first stored them."""
    query = select(Result.category).group_by(Result.category).order_by(func.min(Result.game_id), func.min(Result.id))
    return list(session.exec(query).all())


def points_of(session: Session, game_ids: Sequence[int]) -> dict[tuple[int, int], dict[str, int]]:
    """The stored points of the given games: (game id, player id) -> category -> points, the
    categories of each in the order they were stored."""
    found: dict[tuple[int, int], dict[str, int]] = {}
    if not game_ids:
        return found
    rows = session.exec(
        select(Result.game_id, Result.player_id, Result.category, Result.points)
        .where(col(Result.game_id).in_(list(game_ids)))
        .order_by(col(Result.id))
    )
    for gid, pid, category, points in rows.all():
        found.setdefault((gid, pid), {})[category] = points
    return found
