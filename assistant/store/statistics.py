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

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Integer, and_, case, cast, delete, func, insert, literal, or_, select, tuple_
from sqlalchemy.orm import aliased
from sqlmodel import Session, col

from assistant.store.models import GameRow, Player, Rating, Result, Seat, SeatFact

if TYPE_CHECKING:
    from sqlalchemy import Label


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
            conditions.append(col(GameRow.id).in_(select(col(Seat.game_id)).where(col(Seat.player_id) == self.player_id)))
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
    keys: list[Label[str]] = [col(GameRow.ruleset).label("ruleset")] if per_game else []
    per = (
        _seat_games(scope)
        .add_columns(
            *keys,
            col(Seat.player_id).label("player_id"),
            func.count().label("games"),
            func.sum(_won()).label("wins"),
            func.sum(Seat.total).label("total"),
            func.count(col(Seat.total)).label("counted"),
            func.max(Seat.total).label("best"),
        )
        .group_by(*keys, Seat.player_id)
        .subquery()
    )
    query = select(
        *([per.c.ruleset] if per_game else []),
        per.c.player_id,
        col(Player.name),
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
    query = select(col(GameRow.ruleset), func.count()).where(*scope.where()).group_by(col(GameRow.ruleset))
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
    return [tuple(r) for r in session.execute(query).all()]


# -- win rates by seat, start player and seat facts -------------------------------------------------
def _table_sizes(scope: Scope) -> Any:
    """The number of seats of every game in scope (a subquery: game_id, n)."""
    return (
        select(col(Seat.game_id).label("game_id"), func.count().label("n"))
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(*scope.where())
        .group_by(col(Seat.game_id))
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
            func.count(col(Seat.total)),
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
    than reading every result twice.) Grouped by player id, the names joined after.

    With no filter but the game, only ``results`` is read: results are stored for finished
    games only and carry their game's ruleset (schema 5), so the index (ruleset, player_id,
    category, points) gives every figure in the order grouped (a covering scan; 0.14 s of
    SQL for 7 Wonders at 100k games, against 0.77 s joined to games and sorted). Days, a
    location or a player choose games: then results are joined to them."""
    if scope.since or scope.until or scope.location or scope.player_id is not None:
        game: Any = literal(scope.ruleset) if scope.ruleset else GameRow.ruleset
        keys = [] if scope.ruleset else [col(GameRow.ruleset)]  # one game named: no part of the key
        chosen = select().select_from(Result).join(GameRow, col(GameRow.id) == col(Result.game_id)).where(*scope.where())
    else:
        game = literal(scope.ruleset) if scope.ruleset else Result.ruleset
        keys = [] if scope.ruleset else [col(Result.ruleset)]
        chosen = select().select_from(Result)
        if scope.ruleset:
            chosen = chosen.where(col(Result.ruleset) == scope.ruleset)
    per = (
        chosen.add_columns(
            game.label("ruleset"),
            col(Result.player_id).label("player_id"),
            col(Result.category).label("category"),
            func.count().label("n"),
            func.sum(Result.points).label("s"),
            func.sum(Result.points * Result.points).label("q"),
            func.min(Result.id).label("first"),
        )
        .group_by(*keys, col(Result.player_id), col(Result.category))
        .subquery()
    )
    query = select(per.c.ruleset, col(Player.name), per.c.category, per.c.n, per.c.s, per.c.q, per.c.first).join(
        Player, col(Player.id) == per.c.player_id
    )
    return [tuple(r) for r in session.execute(query).all()]


# -- ratings, streaks, head to head -----------------------------------------------------------------
#: Where a game is in the order played: ``(date, time of day or "", id)`` (see :func:`_in_order`).
Place = tuple[str, str, int]


def place_of(row: GameRow) -> Place:
    """A game's place in the order played."""
    assert row.id is not None
    return (row.date, row.time or "", row.id)


def _from_place(place: Place) -> Any:
    """The games played at ``place`` or after it."""
    date, time, gid = place
    at = func.coalesce(GameRow.time, "")
    return or_(col(GameRow.date) > date, and_(col(GameRow.date) == date, or_(at > time, and_(at == time, col(GameRow.id) >= gid))))


def ranked_seats(
    session: Session, scope: Scope, batch: int = 2000, *, since: Place | None = None, stored: bool = False
) -> Iterator[tuple[Any, ...]]:
    """The ranked seats of every finished game in scope (``since``: played at that place or
    after), streamed game by game in the order played (per game): ``(ruleset, game_id, date,
    player_id, name, rank)``; ``stored``: each with its stored rating after it, ``(...,
    stored ruleset, mu, sigma, ordinal)`` (``None`` s where none is stored: ``db check``)."""
    query = (
        _seat_games(scope)
        .join(Player, col(Player.id) == col(Seat.player_id))
        .add_columns(GameRow.ruleset, GameRow.id, GameRow.date, Seat.player_id, Player.name, Seat.rank)
        .where(col(Seat.rank).is_not(None))
        .order_by(col(GameRow.ruleset), *_in_order(), col(Seat.position))
        .execution_options(yield_per=batch)
    )
    if stored:
        query = query.outerjoin(
            Rating, and_(col(Rating.game_id) == col(Seat.game_id), col(Rating.player_id) == col(Seat.player_id))
        ).add_columns(Rating.ruleset, Rating.mu, Rating.sigma, Rating.ordinal)
    if since is not None:
        query = query.where(_from_place(since))
    for row in session.execute(query):
        yield tuple(row)


Prior = Callable[[tuple[str, int]], "tuple[float, float] | None"]


def fold_ratings(seats: Iterable[tuple[Any, ...]], prior: Prior | None = None) -> Iterator[tuple[list[tuple[Any, ...]], list[Any]]]:
    """openskill's Plackett-Luce ratings folded over ranked seats in the order played
    (``(ruleset, game_id, date, player_id, name, rank)`` as :func:`ranked_seats` gives them,
    one game's seats together): each game with two or more ranked seats is one
    ``rate`` call (a shared rank is a tie); yields ``(its seats, their new ratings)``. A player
    met for the first time in a ruleset starts from ``prior((ruleset, player_id))`` (``(mu,
    sigma)``, their stored rating before the first game folded) or else a new rating. The one
    fold of the ratings: ``stats --ratings`` (live) and the stored ``ratings`` table both
    come from it."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[tuple[str, int], Any] = {}

    def start(k: tuple[str, int]) -> Any:
        r = model.rating(name=str(k[1]))
        stored = prior(k) if prior is not None else None
        if stored is not None:
            r.mu, r.sigma = stored
        return r

    def rate(game: list[tuple[Any, ...]]) -> list[Any] | None:
        if len(game) < 2:
            return None
        ruleset = game[0][0]
        keys = [(ruleset, s[3]) for s in game]
        teams = [[current[k] if k in current else start(k)] for k in keys]
        new = [team[0] for team in model.rate(teams, ranks=[float(s[5]) for s in game])]
        for k, r in zip(keys, new):
            current[k] = r  # a new rating object each game: the ones kept do not change
        return new

    game: list[tuple[Any, ...]] = []
    for seat in seats:
        if game and (seat[0], seat[1]) != (game[0][0], game[0][1]):
            rated = rate(game)
            if rated is not None:
                yield game, rated
            game = []
        game.append(seat)
    rated = rate(game)
    if rated is not None:
        yield game, rated


# -- the stored ratings (schema 4) ------------------------------------------------------------------
_PENDING = "ratings_from"


def touch_ratings(session: Session, ruleset: str, place: Place) -> None:
    """Note that the games of ``ruleset`` from ``place`` on changed (results written or
    cleared, a game deleted, moved, merged): :func:`settle_ratings` refolds them before the
    transaction commits (once, from the earliest place noted)."""
    pending: dict[str, Place] = session.info.setdefault(_PENDING, {})
    if ruleset not in pending or place < pending[ruleset]:
        pending[ruleset] = place


def settle_ratings(session: Session) -> None:
    """Refold every ruleset noted by :func:`touch_ratings` (the store's write transaction
    calls this before it commits)."""
    pending: dict[str, Place] = session.info.pop(_PENDING, {})
    if pending:
        session.flush()
    for ruleset, place in sorted(pending.items()):
        rerate(session, ruleset, place)


def rerate(session: Session, ruleset: str | None = None, since: Place | None = None, batch: int = 5000) -> int:
    """Make the stored ratings of ``ruleset`` (every ruleset: None) from ``since`` on (all:
    None) what the fold says: their rows are deleted, then the games from there on are folded
    from each player's latest stored rating before it. A game finished as the latest of its
    ruleset is one ``rate`` call. Returns the number of rows written."""
    games = select(col(GameRow.id))
    if ruleset is not None:
        games = games.where(col(GameRow.ruleset) == ruleset)
    if since is not None:
        games = games.where(_from_place(since))
    if ruleset is None and since is None:
        session.execute(delete(Rating))
    else:
        session.execute(delete(Rating).where(col(Rating.game_id).in_(games)))

    def prior(k: tuple[str, int]) -> tuple[float, float] | None:
        if since is None:
            return None
        query = (
            select(col(Rating.mu), col(Rating.sigma))
            .join(GameRow, col(GameRow.id) == col(Rating.game_id))
            .where(col(Rating.ruleset) == k[0], col(Rating.player_id) == k[1], ~_from_place(since))
            .order_by(*[c.desc() for c in _in_order()])
            .limit(1)
        )
        row = session.execute(query).first()
        return (float(row[0]), float(row[1])) if row else None

    rows: list[dict[str, Any]] = []
    written = 0
    for game, rated in fold_ratings(ranked_seats(session, Scope(ruleset), since=since), prior):
        for seat, r in zip(game, rated):
            rows.append({"game_id": seat[1], "player_id": seat[3], "ruleset": seat[0], "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()})
        if len(rows) >= batch:
            session.execute(insert(Rating), rows)
            written += len(rows)
            rows = []
    if rows:
        session.execute(insert(Rating), rows)
        written += len(rows)
    return written


def ratings_of_no_ranked_seat(session: Session, batch: int = 5000) -> Iterator[tuple[int, int, str | None]]:
    """Stored ratings that no fold gives, being of no ranked seat of a finished game (a game
    not finished, a seat without a rank, a player who did not sit there, a player no longer
    there): ``(game_id, player_id, player name or None)``, by game and player (``db check``)."""
    ranked = (
        select(col(Seat.id))
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(col(Seat.game_id) == col(Rating.game_id), col(Seat.player_id) == col(Rating.player_id), col(Seat.rank).is_not(None), *Scope().where())
    )
    query = (
        select(col(Rating.game_id), col(Rating.player_id), col(Player.name))
        .select_from(Rating)
        .outerjoin(Player, col(Player.id) == col(Rating.player_id))
        .where(~ranked.exists())
        .order_by(col(Rating.game_id), col(Rating.player_id))
        .execution_options(yield_per=batch)
    )
    for row in session.execute(query):
        yield (int(row[0]), int(row[1]), row[2])


def replace_ratings(session: Session, remove: Sequence[tuple[int, int]], add: Sequence[dict[str, Any]], batch: int = 500) -> None:
    """Delete the stored ratings of ``remove`` (``(game_id, player_id)`` pairs), then insert
    ``add`` (rows as :func:`rerate` writes them): ``db check --full``'s repair."""
    for first in range(0, len(remove), batch):
        pairs = list(remove[first : first + batch])
        session.execute(delete(Rating).where(tuple_(col(Rating.game_id), col(Rating.player_id)).in_(pairs)))
    for first in range(0, len(add), batch * 10):
        session.execute(insert(Rating), list(add[first : first + batch * 10]))


def stored_ratings(
    session: Session, scope: Scope, *, players: Iterable[tuple[str, int]] | None = None, batch: int = 5000
) -> Iterator[tuple[Any, ...]]:
    """The stored ratings after the games of ``scope``, per ruleset and player in the order
    played: ``(ruleset, player_id, name, game_id, date, mu, sigma, ordinal)``; ``players``
    (``(ruleset, player_id)`` pairs): theirs only. A rating is always the one the whole
    history gave (up to the game it follows): the filters choose games, not how they rate."""
    query = (
        select(
            col(Rating.ruleset), col(Rating.player_id), col(Player.name), col(GameRow.id), col(GameRow.date), col(Rating.mu), col(Rating.sigma), col(Rating.ordinal)
        )
        .select_from(Rating)
        .join(GameRow, col(GameRow.id) == col(Rating.game_id))
        .join(Player, col(Player.id) == col(Rating.player_id))
        .where(*scope.where())
        .order_by(col(Rating.ruleset), col(Rating.player_id), *_in_order())
        .execution_options(yield_per=batch)
    )
    if players is not None:
        pairs = sorted(set(players))
        if not pairs:
            return
        query = query.where(or_(*[and_(col(Rating.ruleset) == r, col(Rating.player_id) == p) for r, p in pairs]))
    for row in session.execute(query):
        yield tuple(row)


def streaks(session: Session, scope: Scope, *, per_game: bool, batch: int = 5000) -> list[tuple[Any, ...]]:
    """Win streaks per player (and per game unless ``per_game`` is false), in the order
    played: ``(ruleset or None, name, games, wins, longest, current)``.

    One pass over the seats of the games in scope, read in the order played (the games come
    in that order from their (status, date, id) index, sorted only within a day; each game's
    seats by its unique key), folded here: a win lengthens the player's current run, anything
    else ends it. Streamed through the connection (no ORM rows): 0.3 s for the 330,000 seats
    of 100k games, where the same fold as a SQL window (sorting every seat by player and
    order played, then grouping the runs twice) took 0.9 s."""
    query = (
        _seat_games(scope)
        .add_columns(Seat.player_id, GameRow.ruleset, _won())
        .order_by(*_in_order())
        .execution_options(stream_results=True, max_row_buffer=batch)
    )
    runs: dict[tuple[Any, int], list[int]] = {}  # (ruleset or None, player id): games, wins, longest, current
    for player_id, ruleset, won in session.connection().execute(query):
        key = (ruleset if per_game else None, player_id)
        run = runs.get(key)
        if run is None:
            run = runs[key] = [0, 0, 0, 0]
        run[0] += 1
        if won:
            run[1] += 1
            run[3] += 1
            if run[3] > run[2]:
                run[2] = run[3]
        else:
            run[3] = 0
    names = dict(session.execute(select(col(Player.id), col(Player.name)).where(col(Player.id).in_({p for _, p in runs}))).all()) if runs else {}
    return [(ruleset, names[player_id], *run) for (ruleset, player_id), run in runs.items()]


def versus(session: Session, scope: Scope) -> list[tuple[Any, ...]]:
    """Every pair of players who sat at one table: ``(name, opponent, games, ahead, behind,
    tied)`` (ahead: a better rank than the opponent's in the same game). Each two seats of a
    game are read once (the later seat as the opponent), grouped by player ids, the names
    joined after; both directions are then made of each pair here (half the rows to sort)."""
    me, them = aliased(Seat), aliased(Seat)
    pairs = (
        select(
            col(me.player_id).label("me"),
            col(them.player_id).label("them"),
            func.count().label("games"),
            func.sum(case((col(me.rank) < col(them.rank), 1), else_=0)).label("ahead"),
            func.sum(case((col(me.rank) > col(them.rank), 1), else_=0)).label("behind"),
            func.sum(case((col(me.rank) == col(them.rank), 1), else_=0)).label("tied"),
        )
        .select_from(me)
        .join(them, and_(col(them.game_id) == col(me.game_id), col(them.position) > col(me.position)))
        .join(GameRow, col(GameRow.id) == col(me.game_id))
        .where(*scope.where(), col(me.rank).is_not(None), col(them.rank).is_not(None), col(them.player_id) != col(me.player_id))
        .group_by(col(me.player_id), col(them.player_id))
        .subquery()
    )
    p_me, p_them = aliased(Player), aliased(Player)
    query = (
        select(col(p_me.name), col(p_them.name), pairs.c.games, pairs.c.ahead, pairs.c.behind, pairs.c.tied)
        .select_from(pairs)
        .join(p_me, col(p_me.id) == pairs.c.me)
        .join(p_them, col(p_them.id) == pairs.c.them)
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
        select(col(SeatFact.position), col(SeatFact.key), col(SeatFact.value))
        .where(col(SeatFact.game_id) == game_id)
        .order_by(col(SeatFact.position), col(SeatFact.key), col(SeatFact.id))
    )
    return [tuple(r) for r in session.execute(query).all()]


def seat_counts(session: Session, ruleset: str | None = None) -> list[tuple[int, int]]:
    """Every player's number of seats, in games of any status: ``(player_id, seats)``."""
    query = select(col(Seat.player_id), func.count()).select_from(Seat).group_by(col(Seat.player_id))
    if ruleset:
        query = query.join(GameRow, col(GameRow.id) == col(Seat.game_id)).where(col(GameRow.ruleset) == ruleset)
    return [(int(p), int(n)) for p, n in session.execute(query).all()]


def first_plays(session: Session) -> set[tuple[int, int]]:
    """``(game_id, player_id)`` of each player's first finished game of each game, in the order
    played: the seats the exports mark as a player new to the game (BGG ``new``, BG Stats
    ``newPlayer``). One window over the finished seats (an export's cost, not a view's)."""
    ranked = (
        select(
            col(Seat.game_id),
            col(Seat.player_id),
            func.row_number().over(partition_by=(col(GameRow.ruleset), col(Seat.player_id)), order_by=_in_order()).label("n"),
        )
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(col(GameRow.status) == "finished")
        .subquery()
    )
    return {(int(g), int(p)) for g, p in session.execute(select(ranked.c.game_id, ranked.c.player_id).where(ranked.c.n == 1))}


def stored_rating_ends(session: Session, scope: Scope) -> list[tuple[Any, ...]]:
    """Per ruleset and player of the stored ratings after the games of ``scope``:
    ``(ruleset, player_id, name, games, first, latest)``, each point ``(game_id, date, mu,
    sigma, ordinal)``. One grouped count, then each player's first and latest game found from
    the games' (ruleset, status, date) index: no pass over every rating."""
    count = select(col(Rating.ruleset), col(Rating.player_id), func.count()).select_from(Rating)
    if scope.since or scope.until or scope.location or scope.player_id is not None:
        count = count.join(GameRow, col(GameRow.id) == col(Rating.game_id)).where(*scope.where())
    elif scope.ruleset:  # every stored rating follows a finished game: no join needed
        count = count.where(col(Rating.ruleset) == scope.ruleset)
    pairs = session.execute(count.group_by(col(Rating.ruleset), col(Rating.player_id))).all()
    names = dict(session.execute(select(col(Player.id), col(Player.name))).all())
    out: list[tuple[Any, ...]] = []
    for ruleset, pid, games in pairs:
        ends = []
        for last in (False, True):
            query = (
                select(col(GameRow.id), col(GameRow.date), col(Rating.mu), col(Rating.sigma), col(Rating.ordinal))
                .select_from(GameRow)
                .join(Rating, and_(col(Rating.game_id) == col(GameRow.id), col(Rating.player_id) == pid))
                .where(col(GameRow.ruleset) == ruleset, *scope.where())
                .order_by(*[c.desc() if last else c for c in _in_order()])
                .limit(1)
            )
            ends.append(tuple(session.execute(query).one()))
        out.append((ruleset, pid, names[pid], int(games), ends[0], ends[1]))
    return out
