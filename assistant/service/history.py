"""History queries and statistics: the list of games, players with their figures, one
player's report, renaming and merging players, and the database check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.core.errors import AssistantError, Conflict, InvalidEntry, RecordError, StorageError
from assistant.core.inputs import clean
from assistant.core.names import NameIndex, normalize
from assistant.games import resolve_game
from assistant.service.fields import check_date
from assistant.service.games import STATUSES, load
from assistant.service.views import DbCheck, GameStats, GameSummary, HeadToHead, PlayerReport, PlayerStats, RecentGame
from assistant.store import queries
from assistant.store.db import Store
from assistant.store.models import Player

if TYPE_CHECKING:
    from sqlmodel import Session


def find_player(session: Session, name: str) -> Player:
    """The player a name (or a unique prefix) means; :class:`NotFound` / ambiguous otherwise."""
    players = queries.players(session)
    index = NameIndex([(p.name, ()) for p in players], what="player", rule="core.players")
    canonical = index.resolve(name)
    return next(p for p in players if p.name == canonical)


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
    """Games, newest first, with the filters of ``assistant games`` (no replay: the number
    of entries is counted)."""
    if status is not None and status not in STATUSES:
        raise InvalidEntry("core.games", f"status must be one of {', '.join(STATUSES)}")
    with store.read() as session:
        rows = queries.find_games(
            session,
            ruleset=resolve_game(game) if game else None,
            status=status,
            since=check_date(since) if since else None,
            until=check_date(until) if until else None,
            player_id=find_player(session, player).id if player else None,
            limit=limit,
        )
        return [GameSummary.of(row, queries.seats(session, row.id), row.entry_count) for row in rows]  # type: ignore[arg-type]


def player_stats(store: Store, game: str | None = None) -> list[PlayerStats]:
    """Per player: games played and finished, wins, win rate, average and best total.
    A tie for first counts as a win for each tied player; unfinished games count as played only."""
    ruleset = resolve_game(game) if game else None
    with store.read() as session:
        players = queries.players(session)
        rows = queries.seats_with_games(session, ruleset)
    counts: dict[int, list[int]] = {p.id: [0, 0, 0] for p in players}  # type: ignore[misc]
    totals: dict[int, list[int]] = {}
    for seat, row in rows:
        c = counts[seat.player_id]
        c[0] += 1
        if row.status == "finished":
            c[1] += 1
            c[2] += 1 if seat.winner else 0
            if seat.total is not None:
                totals.setdefault(seat.player_id, []).append(seat.total)
    result = []
    for p in players:
        played, finished, wins = counts[p.id]  # type: ignore[index]
        mine = totals.get(p.id)  # type: ignore[arg-type]
        if ruleset and not played:
            continue
        result.append(
            PlayerStats(
                name=p.name,
                played=played,
                finished=finished,
                wins=wins,
                win_rate=round(wins / finished, 3) if finished else None,
                average=round(sum(mine) / len(mine), 1) if mine else None,
                best=max(mine) if mine else None,
            )
        )
    return result


def player_report(store: Store, name: str, game: str | None = None) -> PlayerReport:
    """Everything the history says about one player: games, wins, averages and bests per game,
    average points per category, pairwise head-to-head (finishing above someone counts as
    beating them; a shared rank is a tie), rival and nemesis (at least 3 finished games
    together), and the last games. Unfinished and abandoned games count as played only."""
    ruleset = resolve_game(game) if game else None
    with store.read() as session:
        player = find_player(session, name)
        mine = queries.player_seats(session, player.id, ruleset)  # type: ignore[arg-type]
        finished_ids = [row.id for _, row in mine if row.status == "finished"]
        others = queries.opponents(session, player.id, finished_ids)  # type: ignore[arg-type]
        results = queries.player_results(session, player.id, finished_ids)  # type: ignore[arg-type]

    per_game: dict[str, list] = {}  # type: ignore[type-arg]
    for seat, row in mine:
        g = per_game.setdefault(row.ruleset, [0, 0, 0, []])
        g[0] += 1
        if row.status == "finished":
            g[1] += 1
            g[2] += 1 if seat.winner else 0
            if seat.total is not None:
                g[3].append(seat.total)
    by_game = tuple(
        sorted(
            (
                GameStats(
                    game=name_,
                    played=played,
                    finished=finished,
                    wins=wins,
                    win_rate=round(wins / finished, 3) if finished else None,
                    average=round(sum(totals) / len(totals), 1) if totals else None,
                    best=max(totals) if totals else None,
                )
                for name_, (played, finished, wins, totals) in per_game.items()
            ),
            key=lambda g: -g.played,
        )
    )

    categories: dict[str, dict[str, list[int]]] = {}
    for result, ruleset_name in results:
        categories.setdefault(ruleset_name, {}).setdefault(result.category, []).append(result.points)
    averages = {g: {c: round(sum(v) / len(v), 1) for c, v in cats.items()} for g, cats in categories.items()}

    my_rank = {row.id: seat.rank for seat, row in mine if row.status == "finished"}
    pairs: dict[str, list[int]] = {}
    for seat, other in others:
        mine_rank = my_rank.get(seat.game_id)
        if mine_rank is None or seat.rank is None:
            continue
        h = pairs.setdefault(other.name, [0, 0, 0, 0])
        h[0] += 1
        if mine_rank < seat.rank:
            h[1] += 1
        elif mine_rank > seat.rank:
            h[2] += 1
        else:
            h[3] += 1
    head = tuple(
        sorted((HeadToHead(o, *counts) for o, counts in pairs.items()), key=lambda h: (-h.games, h.opponent))
    )
    eligible = [h for h in head if h.games >= 3]
    rival = max(eligible, key=lambda h: (h.ahead, -h.behind), default=None)
    nemesis = max(eligible, key=lambda h: (h.behind, -h.ahead), default=None)

    played = sum(g.played for g in by_game)
    finished = sum(g.finished for g in by_game)
    wins = sum(g.wins for g in by_game)
    recent = tuple(
        RecentGame(row.id, row.date, row.ruleset, row.status, seat.total, seat.rank, bool(seat.winner))  # type: ignore[arg-type]
        for seat, row in mine[:10]
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


def check_database(store: Store) -> DbCheck:
    """Problems found: SQLite's own checks, then every game must still replay. A file too
    damaged to read is reported as a problem, not raised."""
    problems = store.integrity_problems()
    try:
        with store.read() as session:
            for gid in queries.game_ids(session):
                try:
                    load(session, gid)
                except RecordError as exc:
                    problems.append(str(exc))
                except AssistantError as exc:
                    problems.append(f"game {gid}: {exc.message}")
    except StorageError as exc:
        if exc.message not in problems:
            problems.append(exc.message)
    return DbCheck(tuple(problems))
