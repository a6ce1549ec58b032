"""Every query the commands make of the history database, as functions of an open
:class:`~sqlmodel.Session` (one transaction, opened by :class:`~assistant.store.db.Store`).

The service layer above decides what to read and write; this module knows how: tables,
columns, joins and ordering. It knows no game rules (the one game-agnostic thing it uses is a
:class:`~assistant.core.scoresheet.ScoreSheet`, to store a finished game's results).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select

from assistant.core.errors import Conflict, InvalidEntry, NotFound
from assistant.core.inputs import shown
from assistant.core.names import normalize
from assistant.core.scoresheet import ScoreSheet
from assistant.store.models import CatalogueItem, EntryRow, GameRow, PhoneSeat, Player, Result, Seat, utcnow


# -- games ------------------------------------------------------------------------------------------
def game_row(session: Session, game_id: int | str) -> GameRow:
    """The game named by an id (a number, ``#12``, or ``last``/``latest`` for the latest
    played); raises :class:`NotFound` or :class:`InvalidEntry`."""
    if isinstance(game_id, str):
        word = game_id.strip().lower()
        if word in ("last", "latest"):
            row = session.exec(select(GameRow).order_by(col(GameRow.updated).desc(), col(GameRow.id).desc())).first()
            if row is None:
                raise NotFound("core.games", "there are no games yet", hint="start one with: assistant new GAME --player NAME ...")
            return row
        digits = word.removeprefix("#")
        if not re.fullmatch(r"[0-9]{1,18}", digits):
            raise InvalidEntry("core.games", f"'{shown(game_id)}' is not a game id (a number, or 'last')")
        game_id = int(digits)
    row = session.get(GameRow, game_id) if 0 < game_id < 2**62 else None
    if row is None:
        raise NotFound("core.games", f"there is no game {game_id}", hint="assistant games lists them")
    return row


def game_by_source(session: Session, source_id: str) -> GameRow | None:
    """The game imported (or started) with this source id, if any."""
    return session.exec(select(GameRow).where(GameRow.source_id == source_id)).first()


def games_by_sources(session: Session, source_ids: Sequence[str]) -> list[tuple[str, int]]:
    """(source id, game id) of the games stored under any of these source ids (``import``
    recognising plays it holds; ix_games_source_id), 500 ids a query."""
    found: list[tuple[str, int]] = []
    for start in range(0, len(source_ids), 500):
        chunk = list(source_ids[start:start + 500])
        query = select(GameRow.source_id, GameRow.id).where(col(GameRow.source_id).in_(chunk)).order_by(col(GameRow.id))
        found.extend((sid, gid) for sid, gid in session.exec(query).all())  # type: ignore[misc]
    return found


def finished_on(session: Session, ruleset: str, dates: Sequence[str]) -> list[GameRow]:
    """The finished games of a ruleset played on any of these days, oldest id first
    (ix_games_ruleset_status_date), 500 days a query: what an imported play may be a copy of."""
    found: list[GameRow] = []
    for start in range(0, len(dates), 500):
        chunk = list(dates[start:start + 500])
        query = select(GameRow).where(GameRow.ruleset == ruleset, GameRow.status == "finished", col(GameRow.date).in_(chunk))
        found.extend(session.exec(query.order_by(col(GameRow.id))).all())
    return found


def insert_game(
    session: Session,
    *,
    ruleset: str,
    ruleset_version: str,
    players: Sequence[str],
    options: Mapping[str, str],
    date: str,
    location: str | None,
    headers: Mapping[str, str] | None = None,
    kind: str = "tracked",
    table: Mapping[str, Any] | None = None,
    source: str | None = None,
    source_id: str | None = None,
) -> GameRow:
    """Add a game and its seats (adding players met for the first time); returns its row."""
    row = GameRow(
        ruleset=ruleset,
        ruleset_version=ruleset_version,
        options=json.dumps(dict(options)),
        headers=json.dumps(dict(headers or {})),
        kind=kind,
        table_json=json.dumps(table) if table is not None else None,
        date=date,
        location=location or None,
        source=source,
        source_id=source_id,
    )
    session.add(row)
    session.flush()
    for position, name in enumerate(players):
        player = player_for_name(session, name)
        session.add(Seat(game_id=row.id, position=position, name=name.strip(), player_id=player.id))  # type: ignore[arg-type]
    session.flush()
    return row


def touch(session: Session, row: GameRow) -> None:
    """Mark a game as changed now (``last`` names the game changed latest)."""
    row.updated = utcnow()
    session.add(row)


def _rerate(session: Session, row: GameRow | None) -> None:
    """The stored ratings of this game's ruleset from it on are refolded before the commit."""
    from assistant.store.statistics import place_of, touch_ratings

    if row is not None and row.id is not None:
        touch_ratings(session, row.ruleset, place_of(row))


def set_status(session: Session, row: GameRow, status: str) -> None:
    """Change a game's status (active, finished, abandoned)."""
    row.status = status
    touch(session, row)
    _rerate(session, row)


# -- seats and entries ------------------------------------------------------------------------------
def seats(session: Session, game_id: int) -> list[Seat]:
    """A game's seats in seating order."""
    return list(session.exec(select(Seat).where(Seat.game_id == game_id).order_by(col(Seat.position))).all())


def entries(session: Session, game_id: int) -> list[EntryRow]:
    """A game's stored entries in ply order."""
    return list(session.exec(select(EntryRow).where(EntryRow.game_id == game_id).order_by(col(EntryRow.ply))).all())


def entry_count(session: Session, game_id: int) -> int:
    """How many entries a game has stored (its ply), without reading them."""
    return int(session.exec(select(GameRow.entry_count).where(GameRow.id == game_id)).one())


def game_mark(session: Session, game_id: int) -> tuple[int, Any, str] | None:
    """A game's number of entries, last write time and status (``None``: no such game): what
    changes with every entry, undo, amend, finish or abandon."""
    row = session.exec(select(GameRow.entry_count, GameRow.updated, GameRow.status).where(GameRow.id == game_id)).first()
    return None if row is None else (int(row[0]), row[1], str(row[2]))


def _count_entries(session: Session, game_id: int, count: int) -> None:
    """Keep ``games.entry_count`` equal to the number of the game's entries (plies run 1..n)."""
    row = session.get(GameRow, game_id)
    if row is not None:
        row.entry_count = count
        session.add(row)


def add_entry(session: Session, game_id: int, ply: int, text: str, comment: str) -> None:
    """Store one entry (the game's entry count follows). Another entry stored at the same ply
    meanwhile (two windows) is a :class:`Conflict`; the caller's transaction then writes nothing."""
    session.add(EntryRow(game_id=game_id, ply=ply, text=text, comment=comment))
    try:
        session.flush()
    except IntegrityError:
        raise Conflict(
            "core.conflict",
            f"another entry was stored in game {game_id} at the same time; nothing was written",
            hint="look at the state again and re-enter if still right",
        ) from None
    _count_entries(session, game_id, ply)


def add_entries(session: Session, game_id: int, rows: Sequence[tuple[int, str, str]]) -> None:
    """Store many entries at once, after the game's last one: (ply, text, comment) each."""
    for ply, text, comment in rows:
        session.add(EntryRow(game_id=game_id, ply=ply, text=text, comment=comment))
    session.flush()
    if rows:
        _count_entries(session, game_id, max(ply for ply, _, _ in rows))


def delete_entries_after(session: Session, game_id: int, ply: int) -> None:
    """Remove every entry of a game after ``ply`` (undo); the game keeps ``ply`` entries."""
    session.exec(delete(EntryRow).where(col(EntryRow.game_id) == game_id, col(EntryRow.ply) > ply))
    _count_entries(session, game_id, ply)


# -- results ----------------------------------------------------------------------------------------
def write_results(session: Session, row: GameRow, seat_rows: Sequence[Seat], sheet: ScoreSheet, *, status: str) -> None:
    """Store a scored game's totals, ranks, winners and points per category (each with the
    game's ruleset: schema 5), and its status. The one writer of results."""
    session.exec(delete(Result).where(col(Result.game_id) == row.id))
    for seat in seat_rows:
        name = seat.name
        seat.total = sheet.totals.get(name)
        seat.rank = sheet.ranks.get(name)
        seat.winner = name in sheet.winners
        session.add(seat)
        for category, points in sheet.points.get(name, {}).items():
            assert row.id is not None  # a stored game's
            session.add(Result(game_id=row.id, player_id=seat.player_id, ruleset=row.ruleset, category=category, points=points))
    row.status = status
    row.finished = utcnow()
    touch(session, row)
    _rerate(session, row)


def clear_results(session: Session, row: GameRow, seat_rows: Sequence[Seat]) -> None:
    """Forget a game's results, its seat facts and who started (it is reopened by an undo or
    an amend; they are written again when it ends)."""
    from assistant.store.models import SeatFact

    session.exec(delete(Result).where(col(Result.game_id) == row.id))
    session.exec(delete(SeatFact).where(col(SeatFact.game_id) == row.id))
    for seat in seat_rows:
        seat.total = seat.rank = seat.winner = seat.start = None
        session.add(seat)
    row.status = "active"
    row.finished = None
    session.add(row)
    _rerate(session, row)


# -- players ----------------------------------------------------------------------------------------
def players(session: Session) -> list[Player]:
    """Every player, by name."""
    return list(session.exec(select(Player).order_by(col(Player.name))).all())


def player_by_key(session: Session, key: str) -> Player | None:
    """The player whose folded name is ``key``."""
    return session.exec(select(Player).where(Player.key == key)).first()


def player_for_name(session: Session, name: str) -> Player:
    """The player of this name (folded), added when met for the first time."""
    key = normalize(name)
    found = player_by_key(session, key)
    if found is None:
        found = Player(name=name.strip(), key=key)
        session.add(found)
        session.flush()
    return found


def rename(session: Session, player: Player, name: str) -> None:
    """Give a player a new name (and its folded key)."""
    player.name = name
    player.key = normalize(name)
    session.add(player)


def merge(session: Session, target: Player, source: Player) -> int:
    """Move every seat and result of ``source`` to ``target``, then remove ``source``;
    returns the number of seats moved. Refuses (:class:`Conflict`) when both sat at one table."""
    games_target = set(session.exec(select(Seat.game_id).where(Seat.player_id == target.id)).all())
    moved = list(session.exec(select(Seat).where(Seat.player_id == source.id)).all())
    both = sorted(games_target & {s.game_id for s in moved})
    if both:
        raise Conflict(
            "core.players",
            f"{target.name} and {source.name} sat at the same table in game {both[0]}; they are two people",
        )
    for seat in moved:
        seat.player_id = target.id  # type: ignore[assignment]
        session.add(seat)
        _rerate(session, session.get(GameRow, seat.game_id))
    for result in session.exec(select(Result).where(Result.player_id == source.id)).all():
        result.player_id = target.id  # type: ignore[assignment]
        session.add(result)
    from assistant.store.models import Rating

    session.exec(delete(Rating).where(col(Rating.player_id) == source.id))
    session.flush()
    session.delete(source)
    return len(moved)


# -- the local catalogue ----------------------------------------------------------------------------
def catalogue_items(session: Session, game: str, catalogue: str) -> list[CatalogueItem]:
    """The saved keys of one local catalogue of a game, by key."""
    return list(
        session.exec(
            select(CatalogueItem)
            .where(CatalogueItem.game == game, CatalogueItem.catalogue == catalogue)
            .order_by(col(CatalogueItem.key))
        ).all()
    )


def catalogue_item(session: Session, game: str, catalogue: str, key: str) -> CatalogueItem | None:
    """One saved key, if any."""
    return session.exec(
        select(CatalogueItem).where(
            CatalogueItem.game == game, CatalogueItem.catalogue == catalogue, CatalogueItem.key == key
        )
    ).first()


def save_catalogue_item(session: Session, game: str, catalogue: str, key: str, value: str) -> bool:
    """Save (or replace) one key; True when it was new."""
    row = catalogue_item(session, game, catalogue, key)
    new = row is None
    if row is None:
        row = CatalogueItem(game=game, catalogue=catalogue, key=key, value=value)
    row.value = value
    session.add(row)
    return new


def remove(session: Session, row: CatalogueItem) -> None:
    """Delete one row (a catalogue item)."""
    session.delete(row)


def last_entry(session: Session, game_id: int) -> EntryRow | None:
    """A game's latest entry (its ply is the game's ply), if any."""
    return session.exec(
        select(EntryRow).where(EntryRow.game_id == game_id).order_by(col(EntryRow.ply).desc()).limit(1)
    ).first()


def replace_entries_from(session: Session, game_id: int, first: int, rows: Sequence[tuple[int, str, str]]) -> None:
    """Rewrite a game's entries from ply ``first`` on (amend, delete, insert): remove them,
    then store ``rows`` (ply, text, comment each) in their place, in the caller's
    transaction; the entry count follows."""
    delete_entries_after(session, game_id, first - 1)
    session.flush()
    add_entries(session, game_id, rows)


# -- a play's own fields (add, edit, delete: issue 14) -------------------------------------------------
def set_fields(session: Session, row: GameRow, fields: Mapping[str, Any]) -> None:
    """Change a game's date, time, duration, location or note (only those named)."""
    for key in fields:
        if key not in ("date", "time", "duration", "location", "note"):
            raise ValueError(f"not a field of a play: {key}")
    _rerate(session, row)  # from where it was played, and (below) where it is played now
    for key in fields:
        setattr(row, key, fields[key])
    touch(session, row)
    _rerate(session, row)


def games_lacking_facts(
    session: Session, fact_games: Sequence[str], start_games: Sequence[str], ids: Sequence[int] | None = None
) -> list[int]:
    """Finished tracked games (of ``ids``, or all) stored without their seat facts (a game of
    ``fact_games``) or without a start player (a game of ``start_games``): those stored before
    schema 3. By id."""
    from sqlalchemy import and_, exists, or_

    from assistant.store.models import SeatFact

    no_facts = and_(col(GameRow.ruleset).in_(list(fact_games)), ~exists().where(col(SeatFact.game_id) == col(GameRow.id)))
    no_start = and_(
        col(GameRow.ruleset).in_(list(start_games)),
        ~exists().where(and_(col(Seat.game_id) == col(GameRow.id), col(Seat.start).is_not(None))),
    )
    query = select(GameRow.id).where(GameRow.status == "finished", GameRow.kind == "tracked", or_(no_facts, no_start))
    if ids is not None:
        query = query.where(col(GameRow.id).in_(list(ids)))
    return [int(i) for i in session.exec(query.order_by(col(GameRow.id))).all() if i is not None]


def set_start(session: Session, game_id: int, position: int) -> None:
    """Mark the seat at ``position`` as the start player (the others as not)."""
    for seat in seats(session, game_id):
        seat.start = seat.position == position
        session.add(seat)


def entry_span(session: Session, game_id: int) -> tuple[Any, Any]:
    """When a game's first and last entries were stored (``None, None`` without entries)."""
    first, last = session.exec(
        select(func.min(EntryRow.created), func.max(EntryRow.created)).where(EntryRow.game_id == game_id)
    ).one()
    return first, last


def delete_game(session: Session, row: GameRow) -> None:
    """Remove a game; its seats, entries, results and seat facts go with it (the foreign
    keys cascade, and are deleted here too for a connection that does not enforce them)."""
    from assistant.store.models import PhoneSeat, Rating, SeatFact

    _rerate(session, row)
    for table in (Rating, Result, EntryRow, SeatFact, PhoneSeat, Seat):
        session.exec(delete(table).where(col(table.game_id) == row.id))
    session.flush()
    session.delete(row)
    session.flush()


# -- phones at the table (serve) ------------------------------------------------------------------
def phone_seats(session: Session, game_id: int) -> list[PhoneSeat]:
    """The phone seats of a game (``PhoneSeat`` rows), in the order they were made."""
    from assistant.store.models import PhoneSeat

    return list(session.exec(select(PhoneSeat).where(PhoneSeat.game_id == game_id).order_by(col(PhoneSeat.id))).all())


def phone_seat_by(session: Session, game_id: int, *, code_hash: str | None = None, token_hash: str | None = None) -> PhoneSeat | None:
    """The phone seat of a game whose open code or session has this hash, or ``None``."""
    from assistant.store.models import PhoneSeat

    query = select(PhoneSeat).where(PhoneSeat.game_id == game_id)
    if code_hash is not None:
        query = query.where(PhoneSeat.code_hash == code_hash)
    if token_hash is not None:
        query = query.where(PhoneSeat.token_hash == token_hash)
    return session.exec(query).first()


def save_phone_seat(session: Session, game_id: int, seat: str, **fields: Any) -> PhoneSeat:
    """Create or change the phone seat ``seat`` of a game (``fields``: code_hash, token_hash,
    pin_hash, claimed)."""
    from assistant.store.models import PhoneSeat

    row = session.exec(select(PhoneSeat).where(PhoneSeat.game_id == game_id, PhoneSeat.seat == seat)).first()
    if row is None:
        row = PhoneSeat(game_id=game_id, seat=seat)
    for name, value in fields.items():
        setattr(row, name, value)
    session.add(row)
    session.flush()
    return row

