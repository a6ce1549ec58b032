"""Every SQL query of the statistics (``assistant stats``, ``players``), as functions of an
open :class:`~sqlmodel.Session`, and the writing of ``seat_facts``.

Statistics are aggregates over what a finished game stored: its seats (total, rank, winner,
start player), its results (points per category) and its seat facts (7 Wonders wonder, side and
leaders). Nothing here replays a game. Only finished games count; every query takes a
:class:`Scope` (the game, the days, the location, the games of one player).

Sums are returned as whole numbers (counts, sums, sums of squares) and divided in the service,
so that SQLite and PostgreSQL give the same figures (PostgreSQL's ``avg`` is a ``Decimal``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer, and_, case, cast, delete, func, literal, select
from sqlalchemy.orm import aliased
from sqlmodel import Session, col

from assistant.store.models import GameRow, Player, Result, Seat, SeatFact


@dataclass(frozen=True)
class Scope:
    """Which finished games a statistic counts: one game (``ruleset``), played from ``since``
    to ``until`` (YYYY-MM-DD, both included), at ``location`` (case folded), and only games
    that ``player_id`` sat in."""

    ruleset: str | None = None
    since: str | None = None
    until: str | None = None
    location: str | None = None
    player_id: int | None = None

    def where(self) -> list[Any]:
        """The conditions on ``games`` (and the seats of one player)."""
        conditions: list[Any] = [GameRow.status == "finished"]
        if self.ruleset:
            conditions.append(GameRow.ruleset == self.ruleset)
        if self.since:
            conditions.append(GameRow.date >= self.since)
        if self.until:
            conditions.append(GameRow.date <= self.until)
        if self.location:
            conditions.append(func.lower(GameRow.location) == self.location.lower())
        if self.player_id is not None:
            conditions.append(col(GameRow.id).in_(select(Seat.game_id).where(Seat.player_id == self.player_id)))
        return conditions


def _won() -> Any:
    return case((col(Seat.winner).is_(True), 1), else_=0)


def _seat_games(scope: Scope) -> Any:
    """Seats joined with their (finished, in scope) games."""
    return (
        select()
        .select_from(Seat)
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(*scope.where())
    )


def _in_order() -> list[Any]:
    """Games in the order they were played: day, time of day (unknown first), id."""
    return [col(GameRow.date), func.coalesce(GameRow.time, ""), col(GameRow.id)]


# -- leaderboards -----------------------------------------------------------------------------------
def leaderboard(session: Session, scope: Scope, *, per_game: bool = True) -> list[tuple[Any, ...]]:
    """Per player (and per game unless ``per_game`` is false): ``(ruleset or None,
    player_id, name, games, wins, sum of totals, number of totals, best total)``. Grouped by
    player id over the seats, the names joined after (grouping by name costs a third more)."""
    keys = [GameRow.ruleset.label("ruleset")] if per_game else []  # type: ignore[attr-defined]
    per = (
        _seat_games(scope)
        .add_columns(
            *keys,
            Seat.player_id.label("player_id"),  # type: ignore[attr-defined]
            func.count().label("games"),
            func.sum(_won()).label("wins"),
            func.sum(Seat.total).label("total"),
            func.count(Seat.total).label("counted"),
            func.max(Seat.total).label("best"),
        )
        .group_by(*keys, Seat.player_id)
        .subquery()
    )
    query = select(
        *([per.c.ruleset] if per_game else []),
        per.c.player_id,
        Player.name,
        per.c.games,
        per.c.wins,
        per.c.total,
        per.c.counted,
        per.c.best,
    ).join(Player, col(Player.id) == per.c.player_id)
    rows = session.execute(query).all()
    return [tuple(r) if per_game else (None, *r) for r in rows]


def rulesets(session: Session, scope: Scope) -> list[str]:
    """The games with finished plays in scope, most played first."""
    query = select(GameRow.ruleset, func.count()).where(*scope.where()).group_by(GameRow.ruleset)
    rows = session.execute(query).all()
    return [name for name, _ in sorted(rows, key=lambda r: (-r[1], r[0]))]


def high_scores(session: Session, scope: Scope, limit: int, own: int | None = None) -> list[tuple[Any, ...]]:
    """The best totals of one game, best first (the earlier game first on a tie):
    ``(game_id, date, name, total, winner)``; ``own``: that player's seats only."""
    query = (
        _seat_games(scope)
        .join(Player, col(Player.id) == col(Seat.player_id))
        .add_columns(GameRow.id, GameRow.date, Player.name, Seat.total, Seat.winner)
        .where(col(Seat.total).is_not(None))
        .order_by(col(Seat.total).desc(), *_in_order(), col(Seat.position))
        .limit(limit)
    )
    if own is not None:
        query = query.where(Seat.player_id == own)
    return [tuple(r) for r in session.execute(query).all()]


def totals(session: Session, scope: Scope, own: int | None = None) -> list[tuple[str, str, int]]:
    """Every total of one game's seats, for a histogram: ``(name, ruleset, total)``, by name."""
    query = (
        _seat_games(scope)
        .join(Player, col(Player.id) == col(Seat.player_id))
        .add_columns(Player.name, GameRow.ruleset, Seat.total)
        .where(col(Seat.total).is_not(None))
        .order_by(col(Player.name), col(Seat.total))
    )
    if own is not None:
        query = query.where(Seat.player_id == own)
    return [tuple(r) for r in session.execute(query).all()]  # type: ignore[misc]


# -- win rates by seat, start player and seat facts -------------------------------------------------
def _table_sizes(scope: Scope) -> Any:
    """The number of seats of every game in scope (a subquery: game_id, n)."""
    return (
        select(Seat.game_id.label("game_id"), func.count().label("n"))  # type: ignore[attr-defined]
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(*scope.where())
        .group_by(Seat.game_id)
        .subquery()
    )


def by_seat(session: Session, scope: Scope, own: int | None = None) -> list[tuple[Any, ...]]:
    """Per game, number of players and seat: ``(ruleset, players, position, seats, wins)``."""
    sizes = _table_sizes(scope)
    query = (
        _seat_games(scope)
        .join(sizes, sizes.c.game_id == col(Seat.game_id))
        .add_columns(GameRow.ruleset, sizes.c.n, Seat.position, func.count(), func.sum(_won()))
        .group_by(GameRow.ruleset, sizes.c.n, Seat.position)
        .order_by(GameRow.ruleset, sizes.c.n, Seat.position)
    )
    if own is not None:
        query = query.where(Seat.player_id == own)
    return [tuple(r) for r in session.execute(query).all()]


def by_start(session: Session, scope: Scope, own: int | None = None) -> list[tuple[Any, ...]]:
    """Per game and start (True: the start player, False: not, None: unknown):
    ``(ruleset, start, seats, wins, fair share)`` where the fair share is the sum of 1/n over
    the seats (the wins expected if the seat did not matter)."""
    sizes = _table_sizes(scope)
    started = case((col(Seat.start).is_(True), 1), (col(Seat.start).is_(False), 0), else_=None)
    query = (
        _seat_games(scope)
        .join(sizes, sizes.c.game_id == col(Seat.game_id))
        .add_columns(GameRow.ruleset, started, func.count(), func.sum(_won()), func.sum(1.0 / cast(sizes.c.n, Integer)))
        .group_by(GameRow.ruleset, started)
        .order_by(GameRow.ruleset)
    )
    if own is not None:
        query = query.where(Seat.player_id == own)
    rows = session.execute(query).all()
    return [(g, None if s is None else bool(s), n, w, float(e)) for g, s, n, w, e in rows]


def by_fact(session: Session, scope: Scope, key: str, own: int | None = None) -> list[tuple[Any, ...]]:
    """Per game and value of one seat fact (``wonder``, ``side``, ``leader``):
    ``(ruleset, value, seats, wins, sum of totals, number of totals, best, fair share)``."""
    sizes = _table_sizes(scope)
    query = (
        _seat_games(scope)
        .join(sizes, sizes.c.game_id == col(Seat.game_id))
        .join(SeatFact, and_(col(SeatFact.game_id) == col(Seat.game_id), col(SeatFact.position) == col(Seat.position)))
        .where(SeatFact.key == key)
        .add_columns(
            GameRow.ruleset,
            SeatFact.value,
            func.count(),
            func.sum(_won()),
            func.sum(Seat.total),
            func.count(Seat.total),
            func.max(Seat.total),
            func.sum(1.0 / cast(sizes.c.n, Integer)),
        )
        .group_by(GameRow.ruleset, SeatFact.value)
    )
    if own is not None:
        query = query.where(Seat.player_id == own)
    rows = session.execute(query).all()
    return [(*r[:7], float(r[7])) for r in rows]


# -- categories -------------------------------------------------------------------------------------
def categories(session: Session, scope: Scope) -> list[tuple[Any, ...]]:
    """Points per category and player: ``(ruleset, name, category, count, sum, sum of
    squares, first result id)``; the first id orders the categories as the game's score
    sheet does. (The whole table's figures are these summed: the service adds them up rather
    than reading every result twice.) Grouped by player id, the names joined after."""
    # one game named: its name is no part of the key (a third less to sort at 100k games)
    game = literal(scope.ruleset) if scope.ruleset else GameRow.ruleset
    keys = [] if scope.ruleset else [GameRow.ruleset]
    per = (
        select(
            game.label("ruleset"),  # type: ignore[attr-defined]
            Result.player_id.label("player_id"),  # type: ignore[attr-defined]
            Result.category.label("category"),  # type: ignore[attr-defined]
            func.count().label("n"),
            func.sum(Result.points).label("s"),
            func.sum(Result.points * Result.points).label("q"),
            func.min(Result.id).label("first"),
        )
        .select_from(Result)
        .join(GameRow, col(GameRow.id) == col(Result.game_id))
        .where(*scope.where())
        .group_by(*keys, Result.player_id, Result.category)
        .subquery()
    )
    query = select(per.c.ruleset, Player.name, per.c.category, per.c.n, per.c.s, per.c.q, per.c.first).join(
        Player, col(Player.id) == per.c.player_id
    )
    return [tuple(r) for r in session.execute(query).all()]


# -- ratings, streaks, head to head -----------------------------------------------------------------
def ranked_seats(session: Session, scope: Scope, batch: int = 2000) -> Iterator[tuple[Any, ...]]:
    """The ranked seats of every finished game in scope, streamed game by game in the order
    played (per game): ``(ruleset, game_id, date, player_id, name, rank)``."""
    query = (
        _seat_games(scope)
        .join(Player, col(Player.id) == col(Seat.player_id))
        .add_columns(GameRow.ruleset, GameRow.id, GameRow.date, Seat.player_id, Player.name, Seat.rank)
        .where(col(Seat.rank).is_not(None))
        .order_by(col(GameRow.ruleset), *_in_order(), col(Seat.position))
        .execution_options(yield_per=batch)
    )
    for row in session.execute(query):
        yield tuple(row)


def streaks(session: Session, scope: Scope, *, per_game: bool) -> list[tuple[Any, ...]]:
    """Win streaks per player (and per game unless ``per_game`` is false), in the order
    played: ``(ruleset or None, name, games, wins, longest, current)``. Gaps and islands: a
    running count of games not won numbers the runs of wins (an island: one game not won and
    the wins after it); the current run is the last island's wins, found with a window over
    the islands (one pass over the seats, no join back)."""
    keys = [GameRow.ruleset] if per_game else []
    won = _won()
    order = _in_order()
    partition = [Seat.player_id, *keys]
    runs = (
        _seat_games(scope)
        .add_columns(
            Seat.player_id.label("player_id"),  # type: ignore[attr-defined]
            *[k.label("ruleset") for k in keys],  # type: ignore[attr-defined]
            won.label("won"),
            # ROWS, not the default RANGE frame: the order is unique (the game id), the same
            # sums, without looking for peers (a quarter faster on SQLite)
            func.sum(1 - won).over(partition_by=partition, order_by=order, rows=(None, 0)).label("lost"),
        )
        .subquery()
    )
    group = [runs.c.player_id, *([runs.c.ruleset] if per_game else [])]
    islands = (
        select(
            *group,
            runs.c.lost,
            func.sum(runs.c.won).label("run"),
            func.count().label("games"),
            func.max(runs.c.lost).over(partition_by=group).label("last"),
        )
        .group_by(*group, runs.c.lost)
        .subquery()
    )
    igroup = [islands.c.player_id, *([islands.c.ruleset] if per_game else [])]
    summary = (
        select(
            *igroup,
            func.sum(islands.c.games).label("games"),
            func.sum(islands.c.run).label("wins"),
            func.max(islands.c.run).label("longest"),
            func.sum(case((islands.c.lost == islands.c.last, islands.c.run), else_=0)).label("current"),
        )
        .group_by(*igroup)
        .subquery()
    )
    query = select(
        *([summary.c.ruleset] if per_game else []),
        Player.name,
        summary.c.games,
        summary.c.wins,
        summary.c.longest,
        summary.c.current,
    ).join(Player, col(Player.id) == summary.c.player_id)
    rows = session.execute(query).all()
    return [tuple(r) if per_game else (None, *r) for r in rows]


def versus(session: Session, scope: Scope) -> list[tuple[Any, ...]]:
    """Every pair of players who sat at one table: ``(name, opponent, games, ahead, behind,
    tied)`` (ahead: a better rank than the opponent's in the same game). Each two seats of a
    game are read once (the later seat as the opponent), grouped by player ids, the names
    joined after; both directions are then made of each pair here (half the rows to sort)."""
    me, them = aliased(Seat), aliased(Seat)
    pairs = (
        select(
            me.player_id.label("me"),
            them.player_id.label("them"),
            func.count().label("games"),
            func.sum(case((me.rank < them.rank, 1), else_=0)).label("ahead"),
            func.sum(case((me.rank > them.rank, 1), else_=0)).label("behind"),
            func.sum(case((me.rank == them.rank, 1), else_=0)).label("tied"),
        )
        .select_from(me)
        .join(them, and_(them.game_id == me.game_id, them.position > me.position))
        .join(GameRow, col(GameRow.id) == me.game_id)
        .where(*scope.where(), me.rank.is_not(None), them.rank.is_not(None), them.player_id != me.player_id)
        .group_by(me.player_id, them.player_id)
        .subquery()
    )
    p_me, p_them = aliased(Player), aliased(Player)
    query = (
        select(p_me.name, p_them.name, pairs.c.games, pairs.c.ahead, pairs.c.behind, pairs.c.tied)
        .select_from(pairs)
        .join(p_me, p_me.id == pairs.c.me)
        .join(p_them, p_them.id == pairs.c.them)
    )
    cells: dict[tuple[str, str], list[int]] = {}
    for name, opponent, games, ahead, behind, tied in session.execute(query):
        for key, sums in (((name, opponent), (games, ahead, behind, tied)), ((opponent, name), (games, behind, ahead, tied))):
            cell = cells.setdefault(key, [0, 0, 0, 0])
            for i, value in enumerate(sums):
                cell[i] += int(value or 0)
    return [(name, opponent, *cell) for (name, opponent), cell in cells.items()]


# -- seat facts -------------------------------------------------------------------------------------
def write_facts(session: Session, game_id: int, facts: Sequence[tuple[int, str, str]]) -> None:
    """Replace a game's seat facts by ``facts``: ``(position, key, value)`` each."""
    session.execute(delete(SeatFact).where(col(SeatFact.game_id) == game_id))
    for position, key, value in facts:
        session.add(SeatFact(game_id=game_id, position=position, key=key, value=value))
    session.flush()


def facts_of(session: Session, game_id: int) -> list[tuple[int, str, str]]:
    """A game's seat facts: ``(position, key, value)``, by seat, key and value."""
    query = (
        select(SeatFact.position, SeatFact.key, SeatFact.value)
        .where(SeatFact.game_id == game_id)
        .order_by(col(SeatFact.position), col(SeatFact.key), col(SeatFact.id))
    )
    return [tuple(r) for r in session.execute(query).all()]  # type: ignore[misc]


def seat_counts(session: Session, ruleset: str | None = None) -> list[tuple[int, int]]:
    """Every player's number of seats, in games of any status: ``(player_id, seats)``."""
    query = select(Seat.player_id, func.count()).select_from(Seat).group_by(Seat.player_id)
    if ruleset:
        query = query.join(GameRow, col(GameRow.id) == col(Seat.game_id)).where(GameRow.ruleset == ruleset)
    return [(int(p), int(n)) for p, n in session.execute(query).all()]
