"""Where the history database is: ``--db`` wins over ``ASSISTANT_DB``, which wins over the
platform's user data directory (platformdirs). Either may be a file path or an SQLAlchemy URL.
Kept free of SQLAlchemy so that ``assistant db path`` answers at once.

>>> sqlite_path("sqlite:////tmp/h.sqlite3")
PosixPath('/tmp/h.sqlite3')
>>> sqlite_path("postgresql://club@db/games") is None
True
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "table-companion"
DB_FILE = "history.sqlite3"


def default_db_path() -> Path:
    """The database file in the platform's user data directory."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False) / DB_FILE


def resolve_location(db: str | None = None) -> str:
    """The database URL: ``--db``, else ``ASSISTANT_DB``, else the default file."""
    chosen = db or os.environ.get("ASSISTANT_DB") or str(default_db_path())
    if "://" in chosen:
        return chosen
    return "sqlite:///" + str(Path(chosen).expanduser().resolve())


def sqlite_path(url: str) -> Path | None:
    """The file behind an SQLite URL (``None`` for in-memory or other databases)."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.split("+")[0] != "sqlite":
        return None
    database = rest[1:] if rest.startswith("/") else rest  # sqlite:///relative, sqlite:////absolute
    database = database.split("?", 1)[0]
    if not database or database == ":memory:":
        return None
    return Path(database)
