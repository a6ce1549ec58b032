"""The history database's tables (SQLModel).

players  -- everyone who ever sat at a table; ``key`` is the folded name (unique)
games    -- one row per game: ruleset, options, status, kind, date, time of day ("HH:MM"),
            duration (minutes), location, note, import source, and ``entry_count`` (the
            number of its entries, kept equal to it by every write of entries, so that lists
            never count entries)
seats    -- who sat where in a game, under the name the record uses; ``start`` (the start
            player; null = unknown); final total/rank/winner once it is finished
seat_facts -- facts about a seat that statistics group by (7 Wonders ``wonder``=Gizah,
            ``side``=A, ``leader``=Midas, several rows per seat): (game, position, key, value)
entries  -- the record: one row per accepted entry (text, comment, time), unique per (game, ply)
results  -- points per player and category of a finished game (for fast statistics), with the
            game's ruleset (schema 5: the game's, copied, so that a game's table-wide
            category figures are one index scan without a join to games)
ratings  -- each ranked seat's openskill rating after its game (schema 4), refolded from the
            earliest changed game of its ruleset in every write transaction
catalogue -- a table's own answers about printed components it owns (PAX card faces, Sylla's
            board and characters), under short keys used as ``@key`` in entries
meta     -- key/value; ``schema_version``

The record (entries) is the truth; seats' totals and results are derived when a game finishes
and can always be recomputed by replaying it.

Indexes serve the statistics and the listings: seats (player_id, game_id), results
(ruleset, player_id, category, points) (``stats GAME --categories``: the whole index read in its
order, no table row; on PostgreSQL it carries the id too) and (player_id, ruleset, category,
points) (``players show``: one player's rows, no table row), games (status, date, id), (ruleset, status, date), (date, id) and
(updated, id) (``last``), seat_facts (key, value) and (game_id). The game_id of seats, entries
and results is served by their unique keys, which begin with it.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import Column, ForeignKey, Index, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel

#: The schema this code writes. History: 1 = first release; 2 = entries.comment, games.kind,
#: games.table_json (final-table games saved by ``score --save``), the catalogue table;
#: 3 = entries.payload dropped (never read), games.time/duration/note/entry_count, seats.start,
#: the seat_facts table, the indexes of statistics and listings; 4 = the ratings table (each
#: ranked seat's openskill rating after its game, kept current by every write); 5 = results.ruleset
#: (its game's, copied when the results are written) and the covering indexes of results;
#: 6 = the phone_seats table (``serve``: a seat's join code and phone session, hashed).
SCHEMA_VERSION = 7


def utcnow() -> datetime:
    """Now, in UTC (the time stamps of every table)."""
    return datetime.now(timezone.utc)


def _fk(target: str, *, index: bool = False) -> Column:  # type: ignore[type-arg]
    """A cascading foreign key; its own index only when no unique key begins with it."""
    return Column(Integer, ForeignKey(target, ondelete="CASCADE"), nullable=False, index=index)


class Meta(SQLModel, table=True):
    """Key/value settings of the database (``schema_version``)."""

    __tablename__ = "meta"

    key: str = Field(primary_key=True)
    value: str


class Player(SQLModel, table=True):
    """Everyone who ever sat at a table; ``key`` is the folded name (unique)."""

    __tablename__ = "players"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    key: str = Field(unique=True, index=True)
    created: datetime = Field(default_factory=utcnow)


class GameRow(SQLModel, table=True):
    """One game: ruleset, options, headers, status, date and time, duration, location, note,
    import source, and the number of its entries."""

    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_status_date_id", "status", "date", "id"),
        Index("ix_games_ruleset_status_date", "ruleset", "status", "date"),
        Index("ix_games_date_id", "date", "id"),
        Index("ix_games_updated_id", "updated", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    ruleset: str
    ruleset_version: str = "1"
    options: str = "{}"
    headers: str = "{}"
    status: str = "active"
    kind: str = "tracked"
    table_json: str | None = None
    date: str
    time: str | None = None  # "HH:MM", or unknown
    duration: int | None = None  # minutes, or unknown
    location: str | None = None
    note: str | None = None
    entry_count: int = 0
    source: str | None = None
    source_id: str | None = Field(default=None, index=True)
    created: datetime = Field(default_factory=utcnow)
    updated: datetime = Field(default_factory=utcnow)
    finished: datetime | None = None


class Seat(SQLModel, table=True):
    """Who sat where in a game, under the record's name; whether it started (None: unknown);
    total, rank and winner once finished."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "position"), Index("ix_seats_player_game", "player_id", "game_id"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=_fk("games.id"))
    position: int
    name: str
    player_id: int = Field(foreign_key="players.id")
    start: bool | None = None
    total: int | None = None
    rank: int | None = None
    winner: bool | None = None


class EntryRow(SQLModel, table=True):
    """One accepted entry of a game (the record), unique per (game, ply)."""

    __tablename__ = "entries"
    __table_args__ = (UniqueConstraint("game_id", "ply"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=_fk("games.id"))
    ply: int
    text: str
    comment: str = ""
    created: datetime = Field(default_factory=utcnow)


class Result(SQLModel, table=True):
    """A finished game's points per player and category (for fast statistics), with the
    game's ruleset (a copy of ``games.ruleset``: a game's ruleset never changes; results are
    stored only for finished games, by ``store.queries.write_results``; ``db check --quick``
    reports a row whose ruleset is not its game's)."""

    __tablename__ = "results"
    __table_args__ = (
        UniqueConstraint("game_id", "player_id", "category"),
        Index("ix_results_ruleset_player_category_points", "ruleset", "player_id", "category", "points", postgresql_include=["id"]),
        Index("ix_results_player_ruleset_category_points", "player_id", "ruleset", "category", "points", postgresql_include=["id"]),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=_fk("games.id"))
    player_id: int = Field(foreign_key="players.id")
    ruleset: str
    category: str
    points: int


class SeatFact(SQLModel, table=True):
    """A fact about one seat of a game that statistics group by (7 Wonders ``wonder``=Gizah,
    ``side``=A, ``leader``=Midas: several rows per seat), written by the statistics."""

    __tablename__ = "seat_facts"
    __table_args__ = (Index("ix_seat_facts_key_value", "key", "value"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=_fk("games.id", index=True))
    position: int
    key: str
    value: str


class Rating(SQLModel, table=True):
    """A ranked seat's openskill rating (Plackett-Luce) after its game, folded over the
    finished games of its ruleset in the order played (``store.statistics.rerate`` keeps it
    current in every write transaction): what ``stats --ratings`` reads instead of a fold."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_ruleset_player_game", "ruleset", "player_id", "game_id"),)

    game_id: int = Field(sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True))
    player_id: int = Field(foreign_key="players.id", primary_key=True)
    ruleset: str
    mu: float
    sigma: float
    ordinal: float


class CatalogueItem(SQLModel, table=True):
    """One saved key of a table's local catalogue and the entry text it stands for."""

    __tablename__ = "catalogue"
    __table_args__ = (UniqueConstraint("game", "catalogue", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(index=True)
    catalogue: str = "default"
    key: str
    value: str
    created: datetime = Field(default_factory=utcnow)


class PhoneSeat(SQLModel, table=True):
    """One seat of a served game and the phone that holds it (``serve``): the hash of its
    open join code (none once a phone claimed it), the hash of that phone's session (none
    until then), the hash of the seat's PIN on a phone passed around the table, when it was
    claimed. Neither the code, the session nor the PIN is ever stored."""

    __tablename__ = "phone_seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=_fk("games.id", index=True))
    seat: str
    code_hash: str | None = Field(default=None, index=True)
    token_hash: str | None = Field(default=None, index=True)
    pin_hash: str | None = None  # set when the phone is passed around the table (one device, several seats)
    claimed: datetime | None = None
    created: datetime = Field(default_factory=utcnow)

