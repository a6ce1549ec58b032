"""History queries and statistics: the list of games, players with their figures, one
player's report, renaming and merging players, and the database check."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.core.errors import AssistantError, Conflict, InvalidEntry, RecordError, StorageError
from assistant.core.inputs import clean
from assistant.core.names import NameIndex, normalize
from assistant.games import resolve_game
from assistant.service.fields import check_date
from assistant.service import parallel
from assistant.service.games import STATUSES, load
from assistant.service.stats import Found, facts_from_state, fill_facts, lacking_facts
from assistant.service.views import DbCheck, GameStats, GameSummary, HeadToHead, PlayerReport, PlayerStats, RecentGame
from assistant.store import listing, queries
from assistant.store.db import Store
from assistant.store.listing import GameFilter
from assistant.store.models import Player

if TYPE_CHECKING:
    from sqlmodel import Session

#: How many games a list reads at a time.
PAGE = 500
#: Games a task of the full check replays.
CHECK_CHUNK = 200
#: How far a stored rating may be from a fresh fold (relative; absolute near zero).
RATING_TOLERANCE = 1e-9
#: Stored ratings that differ listed one by one by ``db check`` (the rest counted in one line).
RATING_PROBLEMS = 20
#: Stored ratings the full check rewrites row by row; past that it refolds every ruleset.
RATING_FIXES = 20_000


def find_player(session: Session, name: str) -> Player:
    """The player a name (or a unique prefix) means; :class:`NotFound` / ambiguous otherwise."""
    players = queries.players(session)
    index = NameIndex([(p.name, ()) for p in players], what="player", rule="core.players")
    canonical = index.resolve(name)
    return next(p for p in players if p.name == canonical)


def _filter(
    session: Session,
    *,
    game: str | None,
    player: str | None,
    since: str | None,
    until: str | None,
    status: str | None,
) -> GameFilter:
    if status is not None and status not in STATUSES:
        raise InvalidEntry("core.games", f"status must be one of {', '.join(STATUSES)}")
    return GameFilter(
        ruleset=resolve_game(game) if game else None,
        status=status,
        since=check_date(since) if since else None,
        until=check_date(until) if until else None,
        player_id=find_player(session, player).id if player else None,
    )


def list_games(
    store: Store,
    *,
    game: str | None = None,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    status: str | None = None,
    limit: int | None = None,
) -> list[GameSummary]:
    """Games, newest first, with the filters of ``assistant games`` (at most ``limit``; no
    replay, no count of entries: ``games.entry_count``)."""
    return list(iter_games(store, game=game, player=player, since=since, until=until, status=status, limit=limit))


def iter_games(
    store: Store,
    *,
    game: str | None = None,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    status: str | None = None,
    limit: int | None = None,
    page: int = PAGE,
) -> Generator[GameSummary, None, None]:
    """:func:`list_games` a page at a time in one read transaction (bounded memory at any
    size): each page is one query for its games and one for their seats. Consume it whole
    (or close it) to end the transaction."""
    with store.read() as session:
        where = _filter(session, game=game, player=player, since=since, until=until, status=status)
        before: tuple[str, int] | None = None
        left = limit
        while left is None or left > 0:
            size = page if left is None else min(page, left)
            rows = listing.games_page(session, where, size, before)
            if not rows:
                return
            seats = listing.seats_of(session, [r.id for r in rows])  # type: ignore[misc]
            for row in rows:
                yield GameSummary.of(row, seats[row.id], row.entry_count)  # type: ignore[index]
            if left is not None:
                left -= len(rows)
            if len(rows) < size:
                return
            before = (rows[-1].date, rows[-1].id)  # type: ignore[assignment]
            session.expunge_all()  # the page's rows are not kept by the session


def count_games(
    store: Store,
    *,
    game: str | None = None,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    status: str | None = None,
) -> int:
    """How many games the same filters match (``games`` says "20 of 1234")."""
    with store.read() as session:
        return listing.count_games(session, _filter(session, game=game, player=player, since=since, until=until, status=status))


def player_stats(store: Store, game: str | None = None) -> list[PlayerStats]:
    """Per player: games played and finished, wins, win rate; with ``game`` the average and
    best total, without it those of each game (``by_game``, never an average mixing games).
    A tie for first counts as a win for each tied player; unfinished games count as played
    only. SQL aggregates over seats (``assistant players``: :func:`stats.players_table`)."""
    from assistant.service.stats import players_table

    return players_table(store, game)


def player_report(store: Store, name: str, game: str | None = None) -> PlayerReport:
    """Everything the history says about one player: games, wins, averages and bests per game,
    average points per category, pairwise head-to-head (finishing above someone counts as
    beating them; a shared rank is a tie), rival and nemesis (at least 3 finished games
    together), and the last games. Unfinished and abandoned games count as played only."""
    ruleset = resolve_game(game) if game else None
    with store.read() as session:
        player = find_player(session, name)
        pid: int = player.id  # type: ignore[assignment]
        games = listing.player_games(session, pid, ruleset)
        cats = listing.player_categories(session, pid, ruleset)
        versus = listing.head_to_head(session, pid, ruleset)
        latest = listing.recent_seats(session, pid, ruleset, 10)

    ordered = sorted(games, key=lambda g: (-int(g[1]), _newest_first(g[7], g[8])))
    by_game = tuple(
        GameStats(
            game=name_,
            played=int(played),
            finished=int(finished or 0),
            wins=int(wins or 0),
            win_rate=round(int(wins or 0) / int(finished), 3) if finished else None,
            average=round(int(total) / int(counted), 1) if counted else None,
            best=int(best) if best is not None else None,
        )
        for name_, played, finished, wins, total, counted, best, _date, _id in ordered
    )
    averages: dict[str, dict[str, float]] = {}
    for ruleset_name, category, points, count in cats:
        averages.setdefault(ruleset_name, {})[category] = round(points / count, 1)
    head = tuple(sorted((HeadToHead(o, *counts) for o, *counts in versus), key=lambda h: (-h.games, h.opponent)))
    eligible = [h for h in head if h.games >= 3]
    rival = max(eligible, key=lambda h: (h.ahead, -h.behind), default=None)
    nemesis = max(eligible, key=lambda h: (h.behind, -h.ahead), default=None)

    played = sum(g.played for g in by_game)
    finished = sum(g.finished for g in by_game)
    wins = sum(g.wins for g in by_game)
    recent = tuple(
        RecentGame(row.id, row.date, row.ruleset, row.status, seat.total, seat.rank, bool(seat.winner))  # type: ignore[arg-type]
        for seat, row in latest
    )
    return PlayerReport(
        name=player.name,
        played=played,
        finished=finished,
        wins=wins,
        win_rate=round(wins / finished, 3) if finished else None,
        by_game=by_game,
        category_averages=averages,
        head_to_head=head,
        rival=rival.opponent if rival and rival.ahead else None,
        nemesis=nemesis.opponent if nemesis and nemesis.behind else None,
        recent=recent,
    )


def _newest_first(date: str, gid: int) -> tuple[int, ...]:
    """A sort key putting the later (date, id) first."""
    return (*(-ord(ch) for ch in date), -int(gid))


def rename_player(store: Store, old: str, new: str) -> str:
    """Rename a player everywhere in the statistics; returns the previous name."""
    new = clean(new, "name")
    if not normalize(new) or "," in new or "#" in new:
        raise InvalidEntry("core.players", f"'{new}' is not a usable player name")
    with store.write(needs_history=True) as session:
        player = find_player(session, old)
        clash = queries.player_by_key(session, normalize(new))
        if clash is not None and clash.id != player.id:
            raise Conflict("core.players", f"there is a player called {clash.name} already", hint=f"players merge {clash.name} {player.name}")
        previous = player.name
        queries.rename(session, player, new)
        return previous


def merge_players(store: Store, keep: str, other: str) -> tuple[str, int]:
    """Move every game of ``other`` to ``keep`` and remove ``other``; returns (name, games moved)."""
    with store.write(needs_history=True) as session:
        target = find_player(session, keep)
        source = find_player(session, other)
        if target.id == source.id:
            raise InvalidEntry("core.players", "a player cannot be merged into themselves")
        moved = queries.merge(session, target, source)
        return target.name, moved


def check_database(
    store: Store,
    *,
    full: bool = True,
    resume: bool = False,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk: int = CHECK_CHUNK,
) -> DbCheck:
    """Problems found (none when healthy); a file too damaged to read is reported as a
    problem, not raised.

    Quick (``full=False``): SQLite's ``quick_check``, then the stored figures against each
    other: every seat's total is the sum of its stored points, finished games have a total
    and a rank on every seat, unfinished ones no results, every result has its game's
    ruleset, and ``games.entry_count`` is the number of entries. Full: SQLite's
    ``integrity_check`` and foreign keys, the same figures, then every game replayed under
    the rules, in parallel (``workers`` processes, default every core), ``chunk`` games a
    task; ``progress(done, total)`` is called as games are checked. A checkpoint
    (:func:`checkpoint_path`) records the games checked so far and the problems found;
    ``resume`` continues an interrupted full check from it.

    Both compare the stored ratings (schema 4) with a fresh fold of the finished games
    (:func:`_ratings_against_fold`); the full check reports what differs and rewrites it
    before it replays, in one write transaction (``DbCheck.ratings_rewritten`` counts the
    rows).

    The full check also fills in what games stored before schema 3 lack: a finished tracked
    game without its seat facts or start player gets them from the replay the check makes
    anyway (:func:`assistant.service.stats.facts_from_state`), written a chunk at a time
    (``DbCheck.filled`` counts them). The quick check never writes."""
    problems = store.integrity_problems(quick=not full)
    try:
        with store.read() as session:
            problems += _stored_figures(session)
            found, wrong = _ratings_against_fold(session)
            problems += found
            total = listing.count_games(session, GameFilter())
    except StorageError as exc:
        if exc.message not in problems:
            problems.append(exc.message)
        return DbCheck(tuple(problems))
    if not full:
        return DbCheck(tuple(problems))
    rewritten = 0
    if wrong:
        try:
            with store.write() as session:  # compared again under the write lock, then rewritten
                _, rewritten = _ratings_against_fold(session, fix=True)
        except StorageError as exc:
            problems.append(exc.message)
    replay, filled = _replay_all(store, total, resume=resume, workers=workers, progress=progress, chunk=chunk)
    return DbCheck(tuple(problems + replay), filled, rewritten)


def _stored_figures(session: Session) -> list[str]:
    problems = []
    for gid, name, total, points in listing.results_disagreeing(session):
        problems.append(f"game {gid}: {name}'s stored total {total} is not the sum of the stored points ({points})")
    for gid, name in listing.finished_without_totals(session):
        problems.append(f"game {gid} is finished but {name} has no stored total or rank")
    for gid in listing.unfinished_with_results(session):
        problems.append(f"game {gid} is not finished but has stored results")
    for gid, stored, game in listing.results_of_another_ruleset(session):
        problems.append(f"game {gid} is {game} but its stored results say {stored}")
    for gid, noted, counted in listing.entry_counts_disagreeing(session):
        problems.append(f"game {gid}: {noted} entries counted in the games table, {counted} stored")
    return problems


def _ratings_against_fold(session: Session, *, fix: bool = False) -> tuple[list[str], int]:
    """The stored ratings against a fresh fold of every finished game, per ruleset in the
    order played (:func:`store.statistics.fold_ratings`, the fold that wrote them): a rating
    whose mu, sigma or ordinal is off by more than :data:`RATING_TOLERANCE`, or that is
    filed under another ruleset; a ranked seat the fold rates without one; one no fold gives
    (a game rating no one, a seat without a rank, a game not finished, a player not at the
    table). One pass over the ranked seats with their stored ratings, one over the ratings
    of no ranked seat: bounded memory. Returns the problems (the first
    :data:`RATING_PROBLEMS`, then one line counting the rest) and how many rows are wrong.

    ``fix`` (in a write transaction): those rows are rewritten as the fold gives them
    (deleted, then inserted), or, past :data:`RATING_FIXES` of them, every rating is folded
    again (:func:`store.statistics.rerate`)."""
    from assistant.store import statistics as sql

    problems: list[str] = []
    wrong = 0
    remove: list[tuple[int, int]] = []
    add: list[dict[str, Any]] = []
    refold = False

    def found(problem: str, drop: tuple[int, int] | None, row: dict[str, Any] | None) -> None:
        nonlocal wrong, refold
        wrong += 1
        if len(problems) < RATING_PROBLEMS:
            problems.append(problem)
        if fix and not refold:
            remove.extend([drop] if drop else [])
            add.extend([row] if row else [])
            if len(remove) + len(add) > RATING_FIXES:
                refold = True
                remove.clear()
                add.clear()

    held: dict[int, list[tuple[Any, ...]]] = {}  # stored ratings of the seats read, by game, until the fold passes it
    reading = [0]  # the game of the last seat read

    def seats() -> Iterator[tuple[Any, ...]]:
        for seat in sql.ranked_seats(session, sql.Scope(), stored=True):
            if seat[7] is not None:
                held.setdefault(seat[1], []).append(seat)
            reading[0] = seat[1]
            yield seat

    def unrated(keep: int | None) -> None:
        """The games read that the fold passed without rating them (one ranked seat)."""
        for gid in [g for g in held if g != keep]:
            for seat in held.pop(gid):
                found(f"game {gid}: {seat[4]} has a stored rating, but the game rates no one (fewer than two ranked seats)", (gid, seat[3]), None)

    close = RATING_TOLERANCE
    for game, rated in sql.fold_ratings(seats()):
        gid = game[0][1]
        held.pop(gid, None)
        unrated(keep=reading[0])
        for seat, r in zip(game, rated):
            ruleset, _, _, pid, name, _, filed, mu, sigma, ordinal = seat
            fresh = (r.mu, r.sigma, r.ordinal())
            if filed == ruleset and (mu, sigma, ordinal) == fresh:
                continue  # as stored, to the last bit (the common case: no tolerance to work out)
            row = {"game_id": gid, "player_id": pid, "ruleset": ruleset, "mu": fresh[0], "sigma": fresh[1], "ordinal": fresh[2]}
            if mu is None:
                found(f"game {gid}: {name} has no stored rating (the games give {_rating(fresh)})", None, row)
            elif filed != ruleset:
                found(f"game {gid}: {name}'s stored rating is filed under {filed}, the game is {ruleset}", (gid, pid), row)
            elif not all(math.isclose(a, b, rel_tol=close, abs_tol=close) for a, b in zip((mu, sigma, ordinal), fresh)):
                stored = (float(mu), float(sigma), float(ordinal))
                found(f"game {gid}: {name}'s stored rating ({_rating(stored)}) is not the one the games give ({_rating(fresh)})", (gid, pid), row)
    unrated(keep=None)
    for gid, pid, name in sql.ratings_of_no_ranked_seat(session):
        found(f"game {gid}: {name or f'player #{pid}'} has a stored rating but no ranked seat in a finished game", (gid, pid), None)
    if wrong > len(problems):
        problems.append(f"stored ratings: {wrong - len(problems)} more differ from a fresh fold of the games (the first {len(problems)} are listed)")
    if fix and wrong:
        if refold:
            sql.rerate(session)
        else:
            sql.replace_ratings(session, remove, add)
    return problems, wrong


def _rating(figures: tuple[float, float, float]) -> str:
    """mu, sigma and ordinal to 12 significant figures (a difference of 1e-9 shows)."""
    mu, sigma, ordinal = figures
    return f"mu {mu:.12g}, sigma {sigma:.12g}, ordinal {ordinal:.12g}"


def checkpoint_path(store: Store) -> Path:
    """Where a full check keeps its checkpoint: beside an SQLite file (``NAME.check.json``),
    in the user data folder for a server's database."""
    if store.path is not None:
        return store.path.with_name(store.path.name + ".check.json")
    import hashlib

    from assistant.store.location import default_db_path

    digest = hashlib.sha256(store.where.encode("utf-8")).hexdigest()[:16]
    return default_db_path().parent / f"check-{digest}.json"


def _read_checkpoint(path: Path, where: str) -> tuple[int, int, list[str]]:
    """(every game up to this id was checked, how many were, their problems); nothing when
    there is no checkpoint of this database."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("where") == where:
            return int(data["done_to"]), int(data["checked"]), [str(p) for p in data["problems"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return 0, 0, []


def _write_checkpoint(path: Path, where: str, done_to: int, checked: int, problems: list[str]) -> None:
    data = {"where": where, "done_to": done_to, "checked": checked, "problems": problems}
    try:
        temporary = path.with_name(path.name + ".tmp")
        from assistant.store.private import private_folder, private_opener

        private_folder(temporary.parent)
        with open(temporary, "w", encoding="utf-8", opener=private_opener) as handle:  # 0600
            handle.write(json.dumps(data))
        os.replace(temporary, path)
    except OSError:
        pass  # a folder that cannot be written: the check runs, it just cannot be resumed


def _replay_all(
    store: Store,
    total: int,
    *,
    resume: bool,
    workers: int | None,
    progress: Callable[[int, int], None] | None,
    chunk: int,
) -> tuple[list[str], int]:
    """Replay every game above the checkpoint (all when not resuming), in order of id, in
    parallel; the checkpoint follows the highest id below which every game is checked. The
    problems, and how many games got their missing seat facts or start player written (in
    this process, a write transaction per chunk that found some)."""
    path = checkpoint_path(store)
    done_to, checked, problems = _read_checkpoint(path, store.where) if resume else (0, 0, [])
    workers = parallel.workers(workers)

    def chunks() -> Iterator[list[int]]:
        return parallel.id_chunks(store, chunk, done_to)

    if progress:
        progress(checked, total)
    pending: dict[int, tuple[int, list[str] | None]] = {}  # first id -> (last id, problems once done)
    order: list[int] = []
    filled = 0

    def fill(found: Mapping[int, Found]) -> None:
        nonlocal filled
        filled += fill_facts(store, found)

    def finished(first: int, found: list[str]) -> None:
        nonlocal done_to
        last, _ = pending[first]
        pending[first] = (last, found)
        moved = False
        while order and pending[order[0]][1] is not None:
            head = order.pop(0)
            last, got = pending.pop(head)
            problems.extend(got or [])
            done_to = last
            moved = True
        if moved:
            _write_checkpoint(path, store.where, done_to, checked, problems)

    if workers == 1 or total <= chunk:
        for ids in chunks():
            pending[ids[0]] = (ids[-1], None)
            order.append(ids[0])
            found, facts = _replay_ids(store, ids)
            fill(facts)
            checked += len(ids)
            finished(ids[0], found)
            if progress:
                progress(checked, total)
    else:
        from concurrent.futures import FIRST_COMPLETED, wait

        with parallel.pool(store.url, workers) as pool:
            running: dict[Any, list[int]] = {}
            source = chunks()
            exhausted = False
            while running or not exhausted:
                while not exhausted and len(running) < workers * 3:
                    next_ids = next(source, None)
                    if next_ids is None:
                        exhausted = True
                        break
                    pending[next_ids[0]] = (next_ids[-1], None)
                    order.append(next_ids[0])
                    running[pool.submit(_worker_check, next_ids)] = next_ids
                if not running:
                    break
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    ids = running.pop(future)
                    found, facts = future.result()
                    fill(facts)
                    checked += len(ids)
                    finished(ids[0], found)
                    if progress:
                        progress(checked, total)
    path.unlink(missing_ok=True)
    return sorted(set(problems), key=_by_game), filled


def _by_game(problem: str) -> tuple[int, str]:
    digits = problem.removeprefix("game ").split(" ", 1)[0]
    return (int(digits) if digits.isdigit() else 0, problem)


def _replay_ids(store: Store, ids: Sequence[int]) -> tuple[list[str], dict[int, Found]]:
    """Replay the given games (one read transaction); the problems found, and what the
    replays say of the seats of those lacking their seat facts or start player."""
    problems: list[str] = []
    facts: dict[int, Found] = {}
    try:
        with store.read() as session:
            lacking = set(lacking_facts(session, ids))
            for gid in ids:
                try:
                    loaded = load(session, gid)
                    if gid in lacking and loaded.game is not None:
                        facts[gid] = facts_from_state(loaded.ruleset, loaded.names, loaded.game.state)
                except RecordError as exc:
                    problems.append(str(exc))
                except AssistantError as exc:
                    problems.append(f"game {gid}: {exc.message}")
                session.expunge_all()
    except StorageError as exc:
        problems.append(exc.message)
    return problems, facts


def _worker_check(ids: list[int]) -> tuple[list[str], dict[int, Found]]:
    return _replay_ids(parallel.worker_store(), ids)
