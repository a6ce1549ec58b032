"""``export --format csv|bgstats|bgg`` (issue 14; docs/interop.md): written from stored rows,
seats (under the players' current names) and points, a page of games at a time; none replays
a game. ``service.export_games(..., "csv")`` comes here too: the one CSV of the program."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from assistant.core.errors import InvalidEntry
from assistant.service.interop.model import Progress

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.store.db import Store
    from assistant.store.models import GameRow, Seat

#: the formats of ``export`` this package writes
EXPORT_FORMATS = ("csv", "bgstats", "bgg")
#: games read at a time
PAGE = 500


def _ids(store: Store, game_ids: Iterable[int | str] | None) -> list[int] | None:
    if game_ids is None:
        return None
    from assistant.store import queries

    with store.read() as session:
        return [queries.game_row(session, gid).id for gid in game_ids]  # type: ignore[misc]


def _pages(session: Session, ids: list[int] | None, *, finished_only: bool) -> Iterator[tuple[list[Any], dict[int, list[tuple[Seat, str]]], Any]]:
    from assistant.store import listing

    after = 0
    while True:
        rows = listing.games_after(session, after, PAGE, ids, finished_only=finished_only)
        if not rows:
            return
        gids = [r.id for r in rows if r.id is not None]
        yield rows, listing.seats_named(session, gids), listing.points_of(session, gids)
        after = gids[-1]
        session.expunge_all()


def export_stream(
    store: Store, game_ids: Iterable[int | str] | None, fmt: str, *, bom: bool = False, progress: Progress | None = None
) -> Iterator[str]:
    """``export --format csv|bgstats|bgg`` piece by piece, from stored results only. The
    players are named by their current names. ``bgstats`` and ``bgg`` hold finished games."""
    from assistant.games import get_ruleset
    from assistant.service.interop import bgg, bgstats, csvplays
    from assistant.store import listing

    if fmt not in EXPORT_FORMATS:
        raise InvalidEntry("core.export", f"unknown export format '{fmt}'", hint="record, json, csv, bgstats or bgg")
    ids = _ids(store, game_ids)
    with store.read() as session:
        total = len(ids) if ids is not None else None
        done = 0

        def tick(rows: list[GameRow]) -> None:
            nonlocal done
            done += len(rows)
            if progress is not None:
                progress(done, total or done)

        if fmt == "csv":
            categories = _categories(session, ids)

            def counted() -> Iterator[tuple[list[Any], dict[int, list[tuple[Seat, str]]], Any]]:
                for page in _pages(session, ids, finished_only=False):
                    tick(page[0])
                    yield page

            yield from csvplays.pieces(counted(), categories, bom=bom)
        elif fmt == "bgg":
            from assistant.store.statistics import first_plays

            new = first_plays(session)
            yield ("\ufeff" if bom else "") + bgg.head(listing.count_finished(session, ids))
            for rows, seats, _ in _pages(session, ids, finished_only=True):
                yield "".join(bgg.play_xml(row, seats[row.id], get_ruleset(row.ruleset).title, new, _minutes(session, row)) for row in rows)
                tick(rows)
            yield bgg.tail()
        else:
            from assistant.store.statistics import first_plays

            new = first_plays(session)

            def games() -> Iterator[tuple[GameRow, list[tuple[Seat, str]]]]:
                for rows, seats, _ in _pages(session, ids, finished_only=True):
                    for row in rows:
                        yield row, seats[row.id]
                    tick(rows)

            yield from bgstats.document(games(), new, lambda row: _minutes(session, row))



def _minutes(session: Session, row: GameRow) -> int | None:
    """A game's length in minutes: as logged, else, for a tracked game, as measured from its
    entries (``service.plays.measured``)."""
    if row.duration or row.kind != "tracked":
        return row.duration
    from assistant.service.plays import measured

    return measured(session, row)[1]


def _categories(session: Session, ids: list[int] | None) -> list[str]:
    from assistant.store import listing

    if ids is None:
        return listing.result_categories(session)
    found: list[str] = []
    for (_, _), points in listing.points_of(session, ids).items():
        for category in points:
            if category not in found:
                found.append(category)
    return found
