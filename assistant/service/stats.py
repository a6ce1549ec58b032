"""Statistics of the history (``assistant stats``, and ``players``): leaderboards, high scores,
win rates by seat, start player and seat facts (7 Wonders wonder, side, leader), category
averages and spread, openskill ratings, win streaks and head to head.

Everything comes from what finished games stored (seats, results, seat facts) through the SQL
of :mod:`assistant.store.statistics`; no game is replayed. Ratings fold over the ranked seats in
the order played, streamed. Scores of different games are never averaged together: across
games only games and wins are counted.

The seat facts are written here too, when a game's results are (:func:`record_facts`): what
the game itself says of each seat (``Ruleset.seat_facts`` of a tracked game's end state,
``Ruleset.table_seat_facts`` of a final table); this module knows no game. Games stored
before schema 3 get theirs from :func:`backfill_facts`.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from assistant.core.errors import AssistantError, InvalidEntry
from assistant.core.inputs import clean
from assistant.core.names import NameIndex
from assistant.games import game_names, get_ruleset, resolve_game
from assistant.service.fields import check_date
from assistant.service.views import (
    CategoryStat,
    HeadToHeadOf,
    HighScore,
    LeaderRow,
    PlayerRating,
    PlayerStats,
    RatingPoint,
    StatsFilters,
    StatsView,
    Streak,
    WinSplit,
)
from assistant.store import queries
from assistant.store import statistics as sql
from assistant.store.db import Store

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.core.protocol import AnyRuleset
    from assistant.store.models import Player

#: The orders of a leaderboard (``--sort``): each a key, best first.
SORTS: dict[str, Callable[[LeaderRow], tuple[Any, ...]]] = {
    "wins": lambda r: (-r.wins, -(r.win_rate or 0), r.name.casefold()),
    "rate": lambda r: (-(r.win_rate or 0), -r.wins, r.name.casefold()),
    "average": lambda r: (r.average is None, -(r.average or 0), r.name.casefold()),
    "best": lambda r: (r.best is None, -(r.best or 0), r.name.casefold()),
    "played": lambda r: (-r.games, -r.wins, r.name.casefold()),
}

#: What ``stats --by`` groups every game by; a game adds the seat facts it stores
#: (``Ruleset.fact_keys``: 7 Wonders ``wonder``, ``side``, ``leader``).
BY_KEYS = ("seat", "start")


def _rate(wins: int, games: int) -> float | None:
    return round(wins / games, 3) if games else None


def _mean(total: int | None, count: int) -> float | None:
    return round(int(total or 0) / count, 1) if count else None


def _find_player(session: Session, name: str) -> Player:
    """The player a name (or a unique prefix) means (as ``players show``); :class:`NotFound`
    or ambiguous otherwise."""
    people = queries.players(session)
    canonical = NameIndex([(p.name, ()) for p in people], what="player", rule="core.players").resolve(name)
    return next(p for p in people if p.name == canonical)


class _Context:
    """The filters of one statistic, checked, as the SQL scope and as the JSON says them."""

    def __init__(
        self,
        session: Session,
        game: str | None,
        since: str | None,
        until: str | None,
        player: str | None,
        location: str | None,
    ) -> None:
        ruleset = resolve_game(game) if game else None
        since = check_date(since) if since else None
        until = check_date(until) if until else None
        if since and until and since > until:
            raise InvalidEntry("core.date", f"--since {since} is after --until {until}: no day is in between")
        location = clean(location, "header").strip() if location else None
        found = _find_player(session, player) if player else None
        self.own = found.id if found else None
        self.scope = sql.Scope(ruleset, since, until, location, self.own)
        self.filters = StatsFilters(ruleset, since, until, found.name if found else None, location)

    @property
    def ruleset(self) -> str | None:
        return self.scope.ruleset


def _context(session: Session, filters: Mapping[str, str | None]) -> _Context:
    return _Context(
        session,
        filters.get("game"),
        filters.get("since"),
        filters.get("until"),
        filters.get("player"),
        filters.get("location"),
    )


# -- leaderboards and high scores -------------------------------------------------------------------
def _boards(session: Session, ctx: _Context, sort: str) -> tuple[tuple[LeaderRow, ...], ...]:
    """The leaderboards: the game's, or one per game played and one across games (games and
    wins only), each sorted by ``sort``."""
    if sort not in SORTS:
        raise InvalidEntry("core.stats", f"--sort takes {', '.join(SORTS)}, not '{sort}'")
    boards: dict[str | None, list[LeaderRow]] = {}
    rows = sql.leaderboard(session, ctx.scope, per_game=True)
    if ctx.ruleset is None:
        rows = _across(rows) + rows
    for game, _pid, name, games, wins, total, counted, best in rows:
        boards.setdefault(game, []).append(
            LeaderRow(
                game=game,
                name=name,
                games=int(games),
                wins=int(wins or 0),
                win_rate=_rate(int(wins or 0), int(games)),
                average=_mean(total, int(counted)) if game is not None else None,
                best=(int(best) if best is not None else None) if game is not None else None,
            )
        )
    order = ([None] if ctx.ruleset is None else []) + sql.rulesets(session, ctx.scope)
    def key(g: str | None) -> Callable[[LeaderRow], tuple[Any, ...]]:
        return SORTS["wins" if g is None and sort in ("average", "best") else sort]  # across games: no scores

    return tuple(tuple(sorted(boards[g], key=key(g))) for g in order if g in boards)


def _across(rows: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The board across games from the per-game rows of :func:`sql.leaderboard` (one query
    less over every seat): each player's games and wins summed; no scores (``None``)."""
    summed: dict[int, list[Any]] = {}
    for _game, pid, name, games, wins, _total, _counted, _best in rows:
        row = summed.setdefault(pid, [None, pid, name, 0, 0, None, 0, None])
        row[3] += int(games)
        row[4] += int(wins or 0)
    return [tuple(r) for r in summed.values()]


def _high(session: Session, ctx: _Context, limit: int) -> tuple[HighScore, ...]:
    found: list[HighScore] = []
    for game in sql.rulesets(session, ctx.scope):
        scope = sql.Scope(game, ctx.scope.since, ctx.scope.until, ctx.scope.location, ctx.scope.player_id)
        for place, (gid, date, name, total, winner) in enumerate(sql.high_scores(session, scope, limit, ctx.own), 1):
            found.append(HighScore(game, place, name, int(total), bool(winner), date, int(gid)))
    return tuple(found)


def summary(store: Store, *, sort: str = "wins", top: int = 5, **filters: str | None) -> StatsView:
    """``stats [GAME]``: the leaderboards, the high scores and, for one game, wins by seat."""
    with store.read() as session:
        ctx = _context(session, filters)
        boards = _boards(session, ctx, sort)
        high = _high(session, ctx, top if ctx.ruleset else min(top, 3))
        splits = _splits(session, ctx, "seat") if ctx.ruleset else None
    return StatsView("summary", ctx.filters, leaderboards=boards, high_scores=high, splits=splits, sort=sort)


def high_scores(store: Store, *, top: int = 10, **filters: str | None) -> StatsView:
    """``stats --high``: the best totals of each game (``top`` of each)."""
    if top < 1:
        raise InvalidEntry("core.stats", "--top takes a number of at least 1")
    with store.read() as session:
        ctx = _context(session, filters)
        return StatsView("high", ctx.filters, high_scores=_high(session, ctx, top))


# -- wins by seat, start player, wonder, side, leader -----------------------------------------------
def _splits(session: Session, ctx: _Context, by: str) -> tuple[WinSplit, ...]:
    out: list[WinSplit] = []
    if by == "seat":
        for game, n, position, seats, wins in sql.by_seat(session, ctx.scope, ctx.own):
            n, seats, wins = int(n), int(seats), int(wins or 0)
            out.append(WinSplit(game, "seat", str(position + 1), n, seats, wins, _rate(wins, seats), round(seats / n, 3)))
    elif by == "start":
        words = {True: "yes", False: "no", None: "unknown"}
        rows = sql.by_start(session, ctx.scope, ctx.own)
        for game, started, seats, wins, fair in sorted(rows, key=lambda r: (r[0], {True: 0, False: 1, None: 2}[r[1]])):
            seats, wins = int(seats), int(wins or 0)
            out.append(WinSplit(game, "start", words[started], None, seats, wins, _rate(wins, seats), round(fair, 3)))
    else:
        rows = sql.by_fact(session, ctx.scope, by, ctx.own)
        for game, value, seats, wins, total, counted, best, fair in rows:
            seats, wins = int(seats), int(wins or 0)
            out.append(
                WinSplit(
                    game, by, value, None, seats, wins, _rate(wins, seats), round(fair, 3),
                    _mean(total, int(counted)), int(best) if best is not None else None,
                )
            )
        out.sort(key=lambda s: (s.game, -(s.win_rate or 0), -s.seats, s.value))
    return tuple(out)


def _fact_games(key: str) -> list[str]:
    """The games that store the seat fact ``key``."""
    return [name for name in game_names() if key in get_ruleset(name).fact_keys]


def by(store: Store, key: str, **filters: str | None) -> StatsView:
    """``stats GAME --by seat|start|KEY``: wins (and, for a seat fact, average and best
    totals) of the seats sharing each value. ``KEY`` is one of the seat facts the game
    stores (``Ruleset.fact_keys``); without a game, a fact stored by one game only means
    that game (``--by wonder``: 7 Wonders)."""
    key = (key or "").strip().casefold()
    with store.read() as session:
        ctx = _context(session, filters)
        if key not in BY_KEYS:
            if ctx.ruleset is not None:
                accepted = (*BY_KEYS, *get_ruleset(ctx.ruleset).fact_keys)
                if key not in accepted:
                    games = _fact_games(key)
                    where = f" ({key} is stored by {', '.join(games)} only)" if games else ""
                    raise InvalidEntry(
                        "core.stats", f"--by takes {', '.join(accepted)} for {ctx.ruleset}, not '{key}'{where}",
                        hint="--by seat or --by start work for every game" if len(accepted) == len(BY_KEYS) else None,
                    )
            else:
                games = _fact_games(key)
                if len(games) != 1:
                    keys = sorted({k for name in game_names() for k in get_ruleset(name).fact_keys})
                    known = f"; with a game also {', '.join(keys)}" if keys else ""
                    why = f"stored by {', '.join(games)}: name the game" if games else f"not '{key}'"
                    raise InvalidEntry("core.stats", f"--by takes {', '.join(BY_KEYS)}{known} ({why})")
                ctx = _Context(session, games[0], filters.get("since"), filters.get("until"), filters.get("player"), filters.get("location"))
        return StatsView("by", ctx.filters, splits=_splits(session, ctx, key))


# -- categories -------------------------------------------------------------------------------------
def _spread(count: int, total: int, squares: int) -> float:
    """The standard deviation of ``count`` scores from their sum and sum of squares (exact
    integers until the one division), dividing by the count."""
    variance = (count * int(squares) - int(total) ** 2) / (count * count)
    return round(math.sqrt(max(variance, 0.0)), 2)


def categories(store: Store, **filters: str | None) -> StatsView:
    """``stats GAME --categories``: per category, each player's and the whole table's average
    and spread (standard deviation), categories in the order of the game's score sheet."""
    with store.read() as session:
        ctx = _context(session, filters)
        rows = sql.categories(session, ctx.scope)
    table: dict[tuple[str, str], list[int]] = {}
    for game, _name, category, n, s, q, first_id in rows:
        summed = table.setdefault((game, category), [0, 0, 0, first_id])
        summed[0] += int(n)
        summed[1] += int(s)
        summed[2] += int(q)
        summed[3] = min(summed[3], first_id)
    rows = [(game, None, category, n, s, q, f) for (game, category), (n, s, q, f) in table.items()] + rows
    first: dict[tuple[str, str], int] = {}
    for game, _name, category, _n, _s, _q, first_id in rows:
        first[(game, category)] = min(first.get((game, category), first_id), first_id)
    stats = [
        CategoryStat(game, name, category, int(n), round(int(s) / int(n), 1), _spread(int(n), int(s), int(q)))
        for game, name, category, n, s, q, _ in rows
    ]
    stats.sort(key=lambda c: (c.game, c.name is not None, (c.name or "").casefold(), first[(c.game, c.category)]))
    return StatsView("categories", ctx.filters, categories=tuple(stats))


# -- ratings ----------------------------------------------------------------------------------------
#: Which rating points a view keeps: each player's first and latest (``ends``), every point
#: of the player asked about (``player``), of the best rated per game (``best``), of all.
HISTORIES = ("ends", "player", "best", "all")


def _point(game_id: int, date: str, mu: float, sigma: float, ordinal: float) -> RatingPoint:
    return RatingPoint(date, game_id, round(float(mu), 3), round(float(sigma), 3), round(float(ordinal), 3))


def stored_ratings(session: Session, scope: sql.Scope, *, keep: str = "ends", only: int | None = None, most: int = 5) -> list[PlayerRating]:
    """Each player's rating per game after the games of ``scope``, read from the stored
    ratings (schema 4): ``games`` counts the games in scope; the rating is the one after the
    player's latest of them; the history keeps the points ``keep`` says (:data:`HISTORIES`;
    ``only``: the player of ``player``, ``most``: how many are ``best``).

    A rating is always the one the whole history gave (up to ``--until``): ``--since``,
    ``--location`` and ``--player`` choose which games' points are shown, not how anyone is
    rated (a player's skill is not reset by looking at one club's games), so every view reads
    stored rows and none is folded afresh."""
    points: dict[tuple[str, int], list[RatingPoint]] = {}
    if scope.player_id is not None:  # one player's games: few enough to read every point at once
        names: dict[tuple[str, int], str] = {}
        for ruleset, pid, name, gid, date, mu, sigma, ordinal in sql.stored_ratings(session, scope):
            points.setdefault((ruleset, pid), []).append(_point(gid, date, mu, sigma, ordinal))
            names[(ruleset, pid)] = name
        ends_of = [(k, names[k], len(p), p[0], p[-1]) for k, p in points.items()]
    else:  # each player's first and latest point found through the indexes
        ends_of = [((r, pid), name, games, _point(*first), _point(*latest)) for r, pid, name, games, first, latest in sql.stored_rating_ends(session, scope)]
    rated = sorted(
        ((key, PlayerRating(key[0], name, games, last.mu, last.sigma, last.ordinal, (first,) if games == 1 else (first, last)))
         for key, name, games, first, last in ends_of),
        key=lambda kr: (kr[1].game, -kr[1].ordinal, kr[1].name.casefold()),
    )
    if keep == "ends":
        return [r for _, r in rated]
    if keep == "all":
        wanted: set[tuple[str, int]] | None = None
    elif keep == "player":
        wanted = {k for k, _ in rated if k[1] == only}
    else:
        per_game: dict[str, int] = {}
        wanted = set()
        for k, _ in rated:  # already best first within each game
            if per_game.get(k[0], 0) < most:
                per_game[k[0]] = per_game.get(k[0], 0) + 1
                wanted.add(k)
    if scope.player_id is None:
        for ruleset, pid, _name, gid, date, mu, sigma, ordinal in sql.stored_ratings(session, scope, players=wanted):
            points.setdefault((ruleset, pid), []).append(_point(gid, date, mu, sigma, ordinal))
    elif wanted is not None:
        points = {k: p for k, p in points.items() if k in wanted}
    return [dataclasses.replace(r, history=tuple(points[k])) if k in points else r for k, r in rated]


def ratings(store: Store, *, keep: str = "ends", most: int = 5, **filters: str | None) -> StatsView:
    """``stats [GAME] --ratings``: each player's rating per game and the history points
    ``keep`` says (:data:`HISTORIES`; ``player`` keeps the history of the ``--player``
    named), from the stored ratings (see :func:`stored_ratings`)."""
    if keep not in HISTORIES:
        raise ValueError(f"keep is one of {HISTORIES}, not {keep!r}")
    with store.read() as session:
        ctx = _context(session, filters)
        rated = stored_ratings(session, ctx.scope, keep=keep, only=ctx.own, most=most)
    return StatsView("ratings", ctx.filters, ratings=tuple(rated))


# -- streaks and head to head -----------------------------------------------------------------------
def streaks(store: Store, **filters: str | None) -> StatsView:
    """``stats [GAME] --streaks``: each player's longest and current run of wins, in the order
    played (per game; over all games when none is named)."""
    with store.read() as session:
        ctx = _context(session, filters)
        rows = sql.streaks(session, ctx.scope, per_game=ctx.ruleset is not None)
    found = [
        Streak(game, name, int(games), int(wins or 0), int(longest or 0), int(current or 0))
        for game, name, games, wins, longest, current in rows
    ]
    found.sort(key=lambda s: (-s.current, -s.longest, -s.wins, s.name.casefold()))
    return StatsView("streaks", ctx.filters, streaks=tuple(found))


def versus(store: Store, **filters: str | None) -> StatsView:
    """``stats [GAME] --versus``: for every two players, the finished games they played
    together and how often each finished ahead of the other (a shared rank is a tie)."""
    with store.read() as session:
        ctx = _context(session, filters)
        rows = sql.versus(session, ctx.scope)
    cells = tuple(
        sorted(
            (HeadToHeadOf(o, int(g), int(a or 0), int(b or 0), int(t or 0), name=n) for n, o, g, a, b, t in rows),
            key=lambda h: (h.name.casefold(), h.opponent.casefold()),
        )
    )
    names = tuple(sorted({h.name for h in cells}, key=str.casefold))
    return StatsView("versus", ctx.filters, versus=cells, versus_names=names)


def score_totals(store: Store, **filters: str | None) -> dict[str, list[int]]:
    """Every total of one game per player (``--chart``: the score distribution)."""
    with store.read() as session:
        ctx = _context(session, filters)
        if ctx.ruleset is None:
            raise InvalidEntry("core.stats", "a score distribution is of one game: name it (stats 7w --chart)")
        found: dict[str, list[int]] = {}
        for name, _game, total in sql.totals(session, ctx.scope, ctx.own):
            found.setdefault(name, []).append(int(total))
    return found


# -- players (assistant players) --------------------------------------------------------------------
def players_table(store: Store, game: str | None = None) -> list[PlayerStats]:
    """``players``: games played (every status), finished, wins, win rate; with a game its
    average and best total, without one the average and best of each game (``by_game``),
    never an average mixing games."""
    ruleset = resolve_game(game) if game else None
    with store.read() as session:
        played = {pid: int(n) for pid, n in sql.seat_counts(session, ruleset)}
        rows = sql.leaderboard(session, sql.Scope(ruleset), per_game=True)
        people = queries.players(session)
    per: dict[int, dict[str, tuple[int, int, float | None, int | None]]] = {}
    for g, pid, _name, games, wins, total, counted, best in rows:
        per.setdefault(pid, {})[g] = (int(games), int(wins or 0), _mean(total, int(counted)), int(best) if best is not None else None)
    out = []
    for p in people:
        if ruleset and not played.get(p.id):  # type: ignore[arg-type]
            continue
        mine = per.get(p.id, {})  # type: ignore[arg-type]
        finished = sum(v[0] for v in mine.values())
        wins = sum(v[1] for v in mine.values())
        one = mine.get(ruleset) if ruleset else None
        out.append(
            PlayerStats(
                name=p.name,
                played=played.get(p.id, 0),  # type: ignore[arg-type]
                finished=finished,
                wins=wins,
                win_rate=_rate(wins, finished),
                average=one[2] if one else None,
                best=one[3] if one else None,
                by_game={g: {"games": v[0], "wins": v[1], "average": v[2], "best": v[3]} for g, v in sorted(mine.items())},
            )
        )
    return out


# -- seat facts -------------------------------------------------------------------------------------
def fact_rows(ruleset: AnyRuleset, facts: Sequence[Mapping[str, Sequence[str]]], seats: int) -> list[tuple[int, str, str]]:
    """The rows of ``seat_facts`` (``(position, key, value)``) from what a game says of each
    seat (``Ruleset.seat_facts``, one mapping a seat in seat order): only the keys the game
    declares (``fact_keys``) and the stored seats; a value given twice is stored once."""
    rows: list[tuple[int, str, str]] = []
    for position, seat in enumerate(facts[:seats]):
        for key in ruleset.fact_keys:
            for value in dict.fromkeys(str(v) for v in seat.get(key) or () if str(v).strip()):
                rows.append((position, key, value))
    return rows


def record_facts(session: Session, game_id: int, ruleset: AnyRuleset, seats: Sequence[str], *, state: Any = None, table: Any = None) -> None:
    """Store the seat facts of a game whose results are being stored (in the caller's
    transaction): from the end state of a tracked game (``Ruleset.seat_facts``), or from its
    final table (``Ruleset.table_seat_facts``, the table already checked by its scoring).
    A game that declares no facts (``fact_keys`` empty) stores none."""
    if not ruleset.fact_keys:
        return
    if isinstance(table, str):
        table = json.loads(table or "{}")
    if state is not None:
        facts = ruleset.seat_facts(state)
    elif isinstance(table, Mapping) and table:
        facts = ruleset.table_seat_facts(table)
    else:
        facts = []
    sql.write_facts(session, game_id, fact_rows(ruleset, facts, len(seats)))


def record_start(session: Session, game_id: int, ruleset: AnyRuleset, seats: Sequence[str], state: Any) -> bool:
    """Mark the seat who started a tracked game (``Ruleset.start_player`` of its state) in
    ``seats.start``, in the caller's transaction; False (nothing written) when the game does
    not say."""
    start = ruleset.start_player(state)
    if start is None or start not in seats:
        return False
    queries.set_start(session, game_id, list(seats).index(start))
    return True


#: Games replayed and written per transaction by :func:`backfill_facts`.
BACKFILL_CHUNK = 20

#: What a replay says of a game's seats: its seat fact rows and the start player's position.
Found = tuple[list[tuple[int, str, str]], int | None]


def _lacking_kinds() -> tuple[list[str], list[str]]:
    """The games that store seat facts, and those whose rules say who started."""
    from assistant.core.protocol import Ruleset as Base

    rulesets = [get_ruleset(name) for name in game_names()]
    fact_games = [r.name for r in rulesets if r.fact_keys]
    start_games = [r.name for r in rulesets if type(r).start_player is not Base.start_player]
    return fact_games, start_games


def lacking_facts(session: Session, ids: Sequence[int] | None = None) -> list[int]:
    """The finished tracked games (of ``ids``, or all) stored without their seat facts or
    start player (before schema 3), by id."""
    fact_games, start_games = _lacking_kinds()
    return queries.games_lacking_facts(session, fact_games, start_games, ids)


def facts_from_state(ruleset: AnyRuleset, names: Sequence[str], state: Any) -> Found:
    """What a tracked game's end state says of its seats: the ``seat_facts`` rows
    (:func:`fact_rows`) and the position of the start player (``None`` when the game does
    not say)."""
    rows = fact_rows(ruleset, ruleset.seat_facts(state), len(names)) if ruleset.fact_keys else []
    start = ruleset.start_player(state)
    return rows, (list(names).index(start) if start is not None and start in names else None)


def fill_facts(store: Store, found: Mapping[int, Found]) -> int:
    """Write what replays found (:func:`facts_from_state`, by game id) into the games still
    lacking it, checked again under the write lock, in one write transaction: the facts of a
    game storing none, the start of a game none of whose seats is marked. Returns how many
    games got something written."""
    if not found:
        return 0
    filled = 0
    with store.write() as session:
        for gid in lacking_facts(session, sorted(found)):
            rows, start = found[gid]
            wrote = False
            if rows and not sql.facts_of(session, gid):
                sql.write_facts(session, gid, rows)
                wrote = True
            if start is not None:
                seats = queries.seats(session, gid)
                if start < len(seats) and all(seat.start is None for seat in seats):
                    queries.set_start(session, gid, start)
                    wrote = True
            filled += wrote
        session.flush()
        session.expunge_all()
    return filled


def backfill_facts(store: Store, ids: Sequence[int] | None = None) -> int:
    """Write the seat facts and start player of finished tracked games (of ``ids``, or all)
    stored without them (before schema 3): each such game is replayed and what its end state
    says is written, :data:`BACKFILL_CHUNK` games a transaction. Returns how many games got
    something written. Games that say nothing (7 Wonders has no start player; a game picked
    up after its start) are left as they are. (``db check --full`` does the same from the
    replay it makes anyway.)"""
    from assistant.core.game import Game
    from assistant.core.record import RecordLine

    with store.read() as session:
        lacking = lacking_facts(session, ids)
    filled = 0
    for first in range(0, len(lacking), BACKFILL_CHUNK):
        found: dict[int, Found] = {}
        with store.read() as session:
            for gid in lacking[first : first + BACKFILL_CHUNK]:
                row = queries.game_row(session, gid)
                names = [s.name for s in queries.seats(session, gid)]
                ruleset = get_ruleset(str(row.ruleset))
                try:  # the replay of service.games.load (which imports this module)
                    game = Game(ruleset, names, json.loads(row.options or "{}"))
                    game.extend([RecordLine(e.text, e.comment, 0) for e in queries.entries(session, gid)])
                except (AssistantError, ValueError):
                    continue  # a game that no longer replays: db check --full reports it
                found[gid] = facts_from_state(ruleset, names, game.state)
                session.expunge_all()  # a chunk's replays are not kept in memory
        filled += fill_facts(store, found)
    return filled


def game_facts(store: Store, game_id: int | str) -> list[tuple[int, str, str]]:
    """A stored game's seat facts (``(position, key, value)``)."""
    with store.read() as session:
        row = queries.game_row(session, game_id)
        return sql.facts_of(session, row.id)  # type: ignore[arg-type]


__all__ = [
    "BY_KEYS",
    "SORTS",
    "backfill_facts",
    "by",
    "categories",
    "facts_from_state",
    "fill_facts",
    "game_facts",
    "high_scores",
    "lacking_facts",
    "players_table",
    "ratings",
    "fact_rows",
    "record_facts",
    "record_start",
    "streaks",
    "summary",
    "versus",
]
