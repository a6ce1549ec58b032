"""Opening the history database: where it is, connection settings, schema creation,
versioning and migration (after a backup), and one transaction per command.

Location: ``--db`` wins over ``ASSISTANT_DB``, which wins over the platform's user data
directory (platformdirs). Either may be a file path or an SQLAlchemy URL.

Every SQLite connection turns on foreign keys, WAL and a busy timeout, and takes its
transaction control from SQLAlchemy (pysqlite's own implicit BEGIN is switched off) so that a
write command starts with ``BEGIN IMMEDIATE``: two processes writing at once are serialised
instead of failing halfway.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlmodel import Session, SQLModel, create_engine

from assistant.core.errors import StorageError
from assistant.store import models
from assistant.store.location import resolve_location, sqlite_path
from assistant.store.models import SCHEMA_VERSION, Meta

BUSY_TIMEOUT_MS = 5000
_SQLITE_MAGIC = b"SQLite format 3\x00"


def _preflight(path: Path) -> None:
    """Refuse what cannot be our SQLite database before SQLite touches it."""
    if path.is_dir():
        raise StorageError("core.db", f"{path} is a folder, not a database file")
    if path.exists() and path.stat().st_size > 0:
        try:
            with path.open("rb") as handle:
                head = handle.read(16)
        except OSError as exc:
            raise StorageError("core.db", f"cannot read {path}: {exc.strerror}") from None
        if head != _SQLITE_MAGIC:
            raise StorageError(
                "core.db",
                f"{path} is not an SQLite database (is it the right file?)",
                hint="point --db or ASSISTANT_DB at the history file, or at a new path to start one",
            )
    else:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError("core.db", f"cannot create the folder {path.parent}: {exc.strerror}") from None


def _install_sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn) -> None:  # type: ignore[no-untyped-def]
        immediate = conn.get_execution_options().get("immediate", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def storage_error(exc: Exception, where: str) -> StorageError:
    """A clear message for a database failure."""
    message = str(getattr(exc, "orig", exc)) or exc.__class__.__name__
    low = message.lower()
    if "locked" in low or "busy" in low:
        return StorageError(
            "core.db.locked",
            f"the database {where} is busy: another assistant is writing to it",
            hint="try again in a moment",
        )
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return StorageError(
            "core.db.corrupt",
            f"the database {where} is damaged ({message})",
            hint="restore a backup (assistant db backup makes one) or point --db at another file",
        )
    if "readonly" in low or "read-only" in low or "permission" in low:
        return StorageError("core.db", f"the database {where} cannot be written ({message})")
    return StorageError("core.db", f"the database {where} cannot be used: {message}")


class Store:
    """An open history database. Use :meth:`write` or :meth:`read` for one transaction."""

    def __init__(self, url: str, engine: Engine) -> None:
        self.url = url
        self.engine = engine
        self.path = sqlite_path(url)
        self.migrated_from: int | None = None
        self.backup_path: Path | None = None

    @property
    def where(self) -> str:
        """The database as messages name it: its file, or its URL without the password."""
        return str(self.path) if self.path else make_url(self.url).render_as_string(hide_password=True)

    @classmethod
    def open(cls, db: str | None = None) -> "Store":
        """Open (creating or migrating as needed) the database named by ``db``."""
        url = resolve_location(db)
        try:
            parsed = make_url(url)
        except Exception:
            raise StorageError("core.db", f"'{url}' is not a database path or URL") from None
        path = sqlite_path(url)
        if path is not None:
            _preflight(path)
        try:
            if parsed.get_backend_name() == "sqlite":
                engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
                _install_sqlite_pragmas(engine)
            else:
                engine = create_engine(url, pool_pre_ping=True)
        except Exception as exc:  # missing driver, bad URL parts
            raise StorageError("core.db", f"cannot open {url}: {exc}") from None
        store = cls(url, engine)
        try:
            store._ensure_schema()
        except (OperationalError, DatabaseError, sqlite3.DatabaseError) as exc:
            raise storage_error(exc, store.where) from None
        return store

    # -- transactions ----------------------------------------------------------------------
    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction: committed when the block ends, rolled back on any error."""
        try:
            with self.engine.connect() as conn:
                conn.execution_options(immediate=True)
                with conn.begin():
                    session = Session(bind=conn, expire_on_commit=False, autoflush=True)
                    try:
                        yield session
                        session.flush()
                    finally:
                        session.close()
        except (OperationalError, DatabaseError) as exc:
            raise storage_error(exc, self.where) from None

    @contextmanager
    def read(self) -> Iterator[Session]:
        """One read transaction (a consistent snapshot)."""
        try:
            with self.engine.connect() as conn:
                with conn.begin():
                    session = Session(bind=conn, expire_on_commit=False, autoflush=False)
                    try:
                        yield session
                    finally:
                        session.close()
        except (OperationalError, DatabaseError) as exc:
            raise storage_error(exc, self.where) from None

    # -- schema ----------------------------------------------------------------------------
    def _ensure_schema(self) -> None:
        tables = set(inspect(self.engine).get_table_names())
        if not tables:
            SQLModel.metadata.create_all(self.engine, tables=_tables())
            with self.write() as session:
                session.add(Meta(key="schema_version", value=str(SCHEMA_VERSION)))
            return
        if "meta" not in tables or "games" not in tables:
            raise StorageError(
                "core.db",
                f"{self.where} is a database of another program (tables: {', '.join(sorted(tables)[:5])})",
                hint="point --db or ASSISTANT_DB at the assistant's history file, or at a new path",
            )
        version = self.schema_version()
        if version > SCHEMA_VERSION:
            raise StorageError(
                "core.db.version",
                f"{self.where} was written by a newer version of the assistant (schema {version}, this one knows {SCHEMA_VERSION})",
                hint="upgrade the assistant (pip install -U table-companion)",
            )
        if version < SCHEMA_VERSION:
            self._migrate(version)

    def schema_version(self) -> int:
        """The schema version the database says it has (0 when unknown)."""
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).first()
        try:
            return int(row[0]) if row else 0
        except ValueError:
            raise StorageError("core.db", f"{self.where} has an unreadable schema version") from None

    def _migrate(self, version: int) -> None:
        """Back the file up, then apply each step up to :data:`SCHEMA_VERSION` in one transaction."""
        if self.path is not None:
            stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
            self.backup_path = self.backup(self.path.with_name(f"{self.path.name}.v{version}-{stamp}.bak"))
        with self.write() as session:
            conn = session.connection()
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    if callable(statement):
                        statement(conn)
                    else:
                        conn.exec_driver_sql(statement)
            conn.execute(
                text("UPDATE meta SET value = :v WHERE key = 'schema_version'"), {"v": str(SCHEMA_VERSION)}
            )
        self.migrated_from = version

    # -- maintenance -----------------------------------------------------------------------
    def backup(self, dest: Path | None = None) -> Path:
        """A consistent copy of an SQLite database (the online backup API, safe while in use)."""
        if self.path is None:
            raise StorageError("core.db", "backups are made for SQLite files only; use your server's tools")
        if dest is None:
            stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
            dest = self.path.with_name(f"{self.path.stem}-{stamp}.backup.sqlite3")
        dest = Path(dest)
        if dest.exists():
            raise StorageError("core.db", f"{dest} exists already; choose another name")
        source = sqlite3.connect(self.path)
        target = sqlite3.connect(dest)
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()
        return dest

    def integrity_problems(self) -> list[str]:
        """SQLite's integrity and foreign-key checks ([] when healthy)."""
        if self.path is None:
            return []
        problems: list[str] = []
        with self.engine.connect() as conn:
            for (row,) in conn.exec_driver_sql("PRAGMA integrity_check").fetchall():
                if row != "ok":
                    problems.append(str(row))
            for row in conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall():
                problems.append(f"foreign key broken in table {row[0]} (row {row[1]})")
        return problems

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def _tables() -> list:  # type: ignore[type-arg]
    return [
        models.Meta.__table__,
        models.Player.__table__,
        models.GameRow.__table__,
        models.Seat.__table__,
        models.EntryRow.__table__,
        models.Result.__table__,
        models.CatalogueItem.__table__,
    ]


def _create_catalogue(conn) -> None:  # type: ignore[no-untyped-def]
    models.CatalogueItem.__table__.create(conn, checkfirst=True)  # dialect-correct DDL


#: MIGRATIONS[v] turns schema v into v + 1: SQL statements, or functions of a connection for
#: what needs the dialect's own DDL. Keep every step: an old file may skip versions.
MIGRATIONS: dict[int, tuple[str | Callable[..., None], ...]] = {
    1: (
        "ALTER TABLE entries ADD COLUMN comment VARCHAR NOT NULL DEFAULT ''",
        "ALTER TABLE games ADD COLUMN kind VARCHAR NOT NULL DEFAULT 'tracked'",
        "ALTER TABLE games ADD COLUMN table_json VARCHAR",
        _create_catalogue,
    ),
}
