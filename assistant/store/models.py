"""The history database's tables (SQLModel).

players  -- everyone who ever sat at a table; ``key`` is the folded name (unique)
games    -- one row per game: ruleset, options, status, dates, location, import source
seats    -- who sat where in a game, under the name the record uses; final total/rank/winner
            once it is finished
entries  -- the record: one row per accepted entry, unique per (game, ply)
results  -- points per player and category of a finished game (for fast statistics)
catalogue -- a table's own answers about printed components it owns (PAX card faces, Sylla's
            board and characters), under short keys used as ``@key`` in entries
meta     -- key/value; ``schema_version``

The record (entries) is the truth; seats' totals and results are derived when a game finishes
and can always be recomputed by replaying it.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import Column, ForeignKey, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel

#: The schema this code writes. History: 1 = first release; 2 = entries.comment, games.kind,
#: games.table_json (final-table games saved by ``score --save``), the catalogue table.
SCHEMA_VERSION = 2


def utcnow() -> datetime:
    """Now, in UTC (the time stamps of every table)."""
    return datetime.now(timezone.utc)


def _fk(target: str) -> Column:  # type: ignore[type-arg]
    return Column(Integer, ForeignKey(target, ondelete="CASCADE"), nullable=False, index=True)


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
    """One game: ruleset, options, headers, status, dates, location, import source."""

    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    ruleset: str = Field(index=True)
    ruleset_version: str = "1"
    options: str = "{}"
    headers: str = "{}"
    status: str = Field(default="active", index=True)
    kind: str = "tracked"
    table_json: str | None = None
    date: str = Field(index=True)
    location: str | None = None
    source: str | None = None
    source_id: str | None = Field(default=None, index=True)
    created: datetime = Field(default_factory=utcnow)
    updated: datetime = Field(default_factory=utcnow)
    finished: datetime | None = None


class Seat(SQLModel, table=True):
    """Who sat where in a game, under the record's name; total, rank and winner once finished."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=_fk("games.id"))
    position: int
    name: str
    player_id: int = Field(foreign_key="players.id", index=True)
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
    payload: str = "{}"
    comment: str = ""
    created: datetime = Field(default_factory=utcnow)


class Result(SQLModel, table=True):
    """A finished game's points per player and category (for fast statistics)."""

    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("game_id", "player_id", "category"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=_fk("games.id"))
    player_id: int = Field(foreign_key="players.id", index=True)
    category: str
    points: int


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
