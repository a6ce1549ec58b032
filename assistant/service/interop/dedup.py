"""How ``import`` recognises a play the history already holds, whatever file it comes back in
(docs/interop.md, "Importing the same plays again").

A play is the same as a stored game when

1. **an id says so**: the play's source id (a BG Stats play ``uuid``, a BGG play ``id``, the
   CSV's ``source_id``, a record's ``Source-Id:``, the JSON export's ``Source-Id`` header) is
   the stored game's source id, or the id the exports write for that game (:func:`play_uuid`,
   for a game logged here with none); or, failing that,
2. **its content says so** (:class:`Print`): the same game, the same day, the same players
   (by the name at the table or the player's current name) with the same scores, the same
   winners when the file says them, and the same time of day and location where both sides
   know them.

The content compared is what every format carries (BG Stats, BGG XML, the CSV and the JSON
export all have the day, the players, their scores, the winners and the location). The time of
day is compared only where both know it: BGG XML has none, and a BG Stats play at midnight is
read as time unknown. The location likewise: a location added later with ``edit`` does not make
the play another. Seat order, start player, length and note are not compared: BG Stats leaves
seat order unset, BGG writes start positions relative to the start player, 0 minutes means
unknown in both formats, the CSV carries no note, and all of them can be edited afterwards.
How a play was logged (tracked, final table, pad, totals) is not compared either: a play
logged with ``add`` and the same play in a BG Stats backup are one play.

Each stored game stands for one play of a file: two plays of a file with the same content are
matched to two stored games or stored as two. ``import --allow-duplicate`` skips the check.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from assistant.core.names import normalize

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.store.models import GameRow
    from assistant.store.models import Seat as SeatRow


@dataclass(frozen=True)
class Seat:
    """A seat as compared: the name keys it may go by, its score, whether it won (``None``
    when not said)."""

    names: frozenset[str]
    total: int | None
    won: bool | None


@dataclass(frozen=True)
class Print:
    """What identifies a play without an id (see the module text)."""

    ruleset: str
    date: str
    time: str | None
    location: str | None
    seats: tuple[Seat, ...]

    def same(self, other: Print) -> bool:
        """The same play: ``self`` read from a file, ``other`` a stored game."""
        if (self.ruleset, self.date, len(self.seats)) != (other.ruleset, other.date, len(other.seats)):
            return False
        if self.time is not None and other.time is not None and self.time != other.time:
            return False
        if self.location is not None and other.location is not None and self.location != other.location:
            return False
        free = list(other.seats)
        for seat in self.seats:  # names are unique at a table: the first seat that fits is the one
            for k, them in enumerate(free):
                if seat.names & them.names and seat.total == them.total and (seat.won is None or seat.won == them.won):
                    del free[k]
                    break
            else:
                return False
        return True


def place_key(location: str | None) -> str | None:
    """A location as compared (case, accents and spacing ignored)."""
    return normalize(location) if location and location.strip() else None


def print_of(
    ruleset: str,
    date: str,
    time: str | None,
    location: str | None,
    players: Sequence[str],
    totals: Mapping[str, int | None],
    winners: Iterable[str] | None,
) -> Print:
    """The print of a play read from a file (``winners`` ``None``: not said)."""
    won = None if winners is None else {normalize(w) for w in winners}
    seats = tuple(
        Seat(frozenset({normalize(p)}), totals.get(p), None if won is None else normalize(p) in won) for p in players
    )
    return Print(ruleset, date, time, place_key(location), seats)


def stored_print(row: GameRow, seats: Sequence[tuple[SeatRow, str]]) -> Print:
    """The print of a stored game from its row and its seats with the players' current names."""
    return Print(
        row.ruleset,
        row.date,
        row.time,
        place_key(row.location),
        tuple(Seat(frozenset({normalize(s.name), normalize(current)}), s.total, bool(s.winner)) for s, current in seats),
    )


# -- ids --------------------------------------------------------------------------------------------
#: the namespace of the play uuids the exports write for games that have no uuid of their own
NAMESPACE = uuid.UUID("0b6c1c4e-3f7a-5d2e-9a41-7d3f0e6a2b18")


def _uuid(text: str) -> str | None:
    try:
        return str(uuid.UUID(text))
    except ValueError:
        return None


def play_uuid(row: GameRow) -> str:
    """The uuid the exports write for a stored game (BG Stats ``uuid``, the CSV's
    ``source_id`` when the game has no source id): its BG Stats uuid (as the file wrote it),
    or its own uuid (a game started here), or one derived from its source id (the same play imported into two
    histories gets the same), or, for a game logged here with no source id, from its id and
    the moment it was stored (unique to this history)."""
    source = row.source_id or ""
    if source.startswith("bgstats:") and not source.startswith("bgstats:sha256:"):
        return source.removeprefix("bgstats:")  # the play's uuid in BG Stats, as the file gave it
    if source:
        own = _uuid(source) if "sha256" not in source else None
        return own if own else str(uuid.uuid5(NAMESPACE, "source:" + source))
    return str(uuid.uuid5(NAMESPACE, f"{row.id}:{row.created}"))


def aliases(source_id: str) -> set[str]:
    """The source ids a stored game may hold for the same play: a uuid as a game started here
    stores it and as a BG Stats import stores it."""
    if not source_id:
        return set()
    own = _uuid(source_id.removeprefix("bgstats:")) if "sha256" not in source_id else None
    if own is None:
        return {source_id}
    return {source_id, own, "bgstats:" + own}


# -- matching ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Incoming:
    """A play of a file as matched: its source id and print (``None``: by id only)."""

    source_id: str
    print: Print | None


class Matcher:
    """The stored games the plays of one import may already be, read once in the import's
    transaction: those stored under any of the plays' ids, and the finished games of the same
    game on the same days. :meth:`match` gives each stored game to one play at most."""

    def __init__(self, session: Session, plays: Sequence[Incoming]) -> None:
        from assistant.store import listing, queries

        wanted = set().union(*(aliases(p.source_id) for p in plays)) if plays else set()
        self.by_id: dict[str, int] = {}
        for source_id, gid in queries.games_by_sources(session, sorted(wanted)):
            self.by_id.setdefault(source_id, gid)  # the oldest game stored under it
        days: dict[str, set[str]] = {}
        for play in plays:
            if play.print is not None:
                days.setdefault(play.print.ruleset, set()).add(play.print.date)
        self.pool: dict[tuple[str, str], list[tuple[int, Print]]] = {}
        for ruleset, dates in days.items():
            rows = queries.finished_on(session, ruleset, sorted(dates))
            for start in range(0, len(rows), 500):
                page = rows[start:start + 500]
                seats = listing.seats_named(session, [r.id for r in page if r.id is not None])
                for row in page:
                    assert row.id is not None  # a stored game's
                    for alias in aliases(row.source_id or "") | aliases(play_uuid(row)):
                        self.by_id.setdefault(alias, row.id)
                    self.pool.setdefault((row.ruleset, row.date), []).append((row.id, stored_print(row, seats[row.id])))
        self.taken: set[int] = set()

    def by_source(self, play: Incoming) -> int | None:
        """The stored game an id of the play names, if any (taken)."""
        for alias in sorted(aliases(play.source_id)):
            gid = self.by_id.get(alias)
            if gid is not None:
                self.taken.add(gid)
                return gid
        return None

    def by_content(self, play: Incoming) -> int | None:
        """A stored game not yet matched with the same print, if any (taken)."""
        if play.print is None:
            return None
        for gid, stored in self.pool.get((play.print.ruleset, play.print.date), ()):
            if gid not in self.taken and play.print.same(stored):
                self.taken.add(gid)
                return gid
        return None

    def match_all(self, plays: Sequence[Incoming]) -> list[int | None]:
        """Each play's stored game or ``None``: every id first, then the content of the rest,
        so that a game named by its id is never given to another play by its content."""
        found = [self.by_source(p) for p in plays]
        return [gid if gid is not None else self.by_content(p) for gid, p in zip(found, plays)]
