"""Opening the history database: where it is, connection settings, schema creation,
versioning and migration (after a backup), and one transaction per command.

Location: ``--db`` wins over ``ASSISTANT_DB``, which wins over the platform's user data
directory (platformdirs). Either may be a file path or an SQLAlchemy URL.

Every SQLite connection turns on foreign keys and a busy timeout, and takes its transaction
control from SQLAlchemy (pysqlite's own implicit BEGIN is switched off) so that a write
command starts with ``BEGIN IMMEDIATE``: two processes writing at once are serialised
instead of failing halfway.

Nothing is written before the file is known to be ours (:mod:`assistant.store.sqlitefile`
reads it without changing it), and a command that is refused leaves the file as it was:

* a new database (no file, an empty file) is created by the first write transaction, in that
  transaction: schema, ``schema_version`` and the command's own rows commit together or not
  at all. Several processes creating it at once queue on the write lock; the first creates,
  the others find it made. Until then a read sees an empty history, and writes nothing;
* WAL is switched on after a write commits (switching changes the file's header);
* SQLite errors become clear refusals (:func:`storage_error`).

On a PostgreSQL server every write transaction first locks one row, the ``schema_version``
row of ``meta`` (:func:`serialise_writes`), the server's counterpart of SQLite's ``BEGIN
IMMEDIATE``: writers queue, and each one reads (READ COMMITTED: every statement sees what was committed
before it) and checks its entry only once the writer before it has committed. Two people
entering into one game at once are thus stored one after the other, or the second gets the
same :class:`~assistant.core.errors.Conflict` as on SQLite (``--expect-ply``, or an entry no
longer legal); none fails halfway on the unique key (game, ply). ``SELECT ... FOR UPDATE``
is allowed only to a role that may update the table, so a role that may only read cannot
take the lock and hold every writer up (an advisory lock, which any role may take, could).

Passwords are never shown: messages name a server by :func:`display_location`, and every
message made from a driver's error goes through :func:`scrub_secrets`. The files the program
makes for a history (the database, its backups, their folder) are private (:mod:`assistant.store.private`).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import MetaData, event, inspect, text
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import DatabaseError, IntegrityError, InterfaceError, OperationalError, ProgrammingError
from sqlmodel import Session, SQLModel, create_engine

from assistant.core.errors import StorageError
from assistant.core.inputs import shown
from assistant.store import models
from assistant.store.location import (
    default_db_path,
    display_location,
    password_misquoted,
    resolve_location,
    scrub_secrets,
    sqlite_path,
)
from assistant.store.models import SCHEMA_VERSION
from assistant.store.private import private_file, private_folder, private_opener
from assistant.store.sqlitefile import FileState, connect_readonly, damaged, inspect_file

if TYPE_CHECKING:
    from sqlalchemy import Table

BUSY_TIMEOUT_MS = 5000
#: How long a write waits on a server for the writers before it (PostgreSQL's lock_timeout).
SERVER_LOCK_TIMEOUT_MS = 30000
#: The row every write transaction on a PostgreSQL server locks: present in every schema
#: version (so a migration locks it too), and lockable only by a role that may update ``meta``.
WRITE_LOCK = "SELECT value FROM meta WHERE key = 'schema_version' FOR UPDATE"

#: The largest file whose pages a command that adds games checks first (``PRAGMA quick_check``
#: reads every page: about 2.5 s on a 1.6 GB history of 100k games). A larger history is
#: checked by ``assistant db check --quick``; damage in the pages a write touches still makes
#: that write fail with the damaged-file message.
VERIFY_UP_TO_BYTES = 256 * 1024 * 1024

#: The database errors a command may meet (SQLAlchemy's wrappers and SQLite's own; a server's
#: driver may raise InterfaceError for a connection it cannot make or lost).
DB_ERRORS = (OperationalError, DatabaseError, InterfaceError, sqlite3.DatabaseError)


def _install_sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn) -> None:  # type: ignore[no-untyped-def]
        immediate = conn.get_execution_options().get("immediate", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def serialise_writes(conn: Connection) -> None:
    """On PostgreSQL: wait (at most :data:`SERVER_LOCK_TIMEOUT_MS`) for the database's write
    lock (:data:`WRITE_LOCK`), held until this transaction ends; a role without the right to
    update ``meta`` is refused ("permission denied"). A no-op on SQLite, whose ``BEGIN
    IMMEDIATE`` does the same."""
    if conn.dialect.name != "postgresql":
        return
    conn.exec_driver_sql(f"SET LOCAL lock_timeout = {SERVER_LOCK_TIMEOUT_MS}")
    conn.exec_driver_sql(WRITE_LOCK)


def storage_error(exc: BaseException, where: str, url: str | None = None) -> StorageError:
    """A clear message for a database failure, without any password: the driver's text is
    scrubbed (:func:`scrub_secrets`) of ``url``'s password and of any it quotes itself."""
    message = scrub_secrets(str(getattr(exc, "orig", exc)) or exc.__class__.__name__, url)
    low = message.lower()
    if "locked" in low or "busy" in low or "lock timeout" in low:
        return StorageError(
            "core.db.locked",
            f"the database {where} is busy: another assistant is writing to it",
            hint="try again in a moment",
        )
    if "readonly" in low or "read-only" in low or "permission" in low:
        return StorageError("core.db", f"the database {where} cannot be written ({message})")
    if "unable to open" in low:
        return StorageError("core.db", f"the database {where} cannot be opened ({message})")
    if any(word in low for word in ("not a database", "malformed", "corrupt", "disk i/o", "no such table", "no such column")):
        return damaged(where, message)
    return StorageError("core.db", f"the database {where} cannot be used: {message}")


class Store:
    """An open history database. Use :meth:`write` or :meth:`read` for one transaction."""

    def __init__(self, url: str, engine: Engine, state: FileState | None = None) -> None:
        self.url = url
        self.engine = engine
        self.path = sqlite_path(url)
        self.state = state or FileState("ours", SCHEMA_VERSION, wal=True)
        self.migrated_from: int | None = None
        self.backup_path: Path | None = None
        self._memory: Engine | None = None

    @property
    def where(self) -> str:
        """The database as messages name it: its file, or its URL without the password."""
        return str(self.path) if self.path else display_location(self.url)

    def failure(self, exc: BaseException) -> StorageError:
        """:func:`storage_error` for this database (its password scrubbed from the message)."""
        return storage_error(exc, self.where, self.url)

    @classmethod
    def open(cls, db: str | None = None) -> "Store":
        """Open the database named by ``db``: refuse what is not a usable history, migrate
        an older one (after a backup); a new one is created by the first write."""
        url = resolve_location(db)
        if password_misquoted(url):
            raise StorageError(
                "core.db",
                f"the password in {display_location(url)} has an '@': the URL cannot be read",
                hint="write each '@' of the password as %40",
            )
        try:
            parsed = make_url(url)
        except Exception:
            raise StorageError("core.db", f"'{display_location(url)}' is not a database path or URL") from None
        path = sqlite_path(url)
        state = inspect_file(path) if path is not None else None
        try:
            if path is not None and state is not None and state.readonly:
                engine = create_engine("sqlite://", creator=lambda: connect_readonly(path))
                _install_sqlite_pragmas(engine)
            elif parsed.get_backend_name() == "sqlite":
                engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
                _install_sqlite_pragmas(engine)
            else:
                engine = create_engine(url, pool_pre_ping=True)
        except Exception as exc:  # missing driver, bad URL parts
            raise StorageError("core.db", scrub_secrets(f"cannot open {display_location(url)}: {exc}", url)) from None
        store = cls(url, engine, state)
        try:
            if path is None:
                store._ensure_server_schema()
            elif store.state.kind == "ours" and store.state.version < SCHEMA_VERSION:
                if store.state.readonly:
                    raise StorageError(
                        "core.db.readonly",
                        f"{store.where} was written by an older version and is read-only, so it cannot be upgraded",
                        hint="make the file and its folder writable (a backup is made before the upgrade)",
                    )
                store._migrate(store.state.version)
        except DB_ERRORS as exc:
            store.close()
            raise store.failure(exc) from None
        except BaseException:
            store.close()
            raise
        return store

    # -- transactions ----------------------------------------------------------------------
    @contextmanager
    def write(self, *, verify: bool = False, needs_history: bool = False) -> Iterator[Session]:
        """One write transaction: committed when the block ends, rolled back on any error.
        A database not created yet is created in it. ``verify``: refuse to write into a file
        whose pages SQLite finds damaged (``PRAGMA quick_check``), for the commands that add
        new games (``new``, ``import``). ``needs_history``: the command only changes what is
        stored (an entry of a game, a player); where there is no history yet it runs against
        an empty one and is refused there (no game 1...), and no file is made for it."""
        if needs_history and self.path is not None and self.state.kind in ("missing", "blank"):
            self._look_again(self.path)
        if needs_history and self.state.kind in ("missing", "blank"):
            scratch = create_engine("sqlite://")  # an empty history of its own, thrown away after
            try:
                SQLModel.metadata.create_all(scratch, tables=_tables())
                with scratch.connect() as conn, conn.begin():
                    yield Session(bind=conn, expire_on_commit=False, autoflush=True)
            finally:
                scratch.dispose()
            raise StorageError("core.db", f"there is no history in {self.where} yet; nothing was written")
        if self.state.readonly:
            raise StorageError(
                "core.db.readonly",
                f"the database {self.where} is read-only (the file or its folder); nothing was written",
                hint="make them writable, or point --db at a copy (assistant db backup COPY makes one)",
            )
        if self.path is not None and self.state.kind == "missing":
            self._make_private_file(self.path)
        try:
            with self.engine.connect() as conn:
                conn.execution_options(immediate=True)
                with conn.begin():
                    serialise_writes(conn)
                    if self.state.pending:
                        self._create(conn)
                    if verify and self.path is not None and self._small_enough_to_verify():
                        self._quick_check(conn)
                    session = Session(bind=conn, expire_on_commit=False, autoflush=True)
                    try:
                        yield session
                        from assistant.store.statistics import settle_ratings

                        settle_ratings(session)  # the stored ratings, in the same transaction
                        session.flush()
                    finally:
                        session.close()
        except DB_ERRORS as exc:
            raise self.failure(exc) from None
        self._after_commit()

    @contextmanager
    def read(self) -> Iterator[Session]:
        """One read transaction (a consistent snapshot). A database not created yet reads
        as an empty history, and no file is made for it."""
        if self.state.kind in ("missing", "blank") and self.path is not None:
            self._look_again(self.path)
        engine = self._empty_history() if self.state.kind in ("missing", "blank") else self.engine
        try:
            with engine.connect() as conn:
                with conn.begin():
                    session = Session(bind=conn, expire_on_commit=False, autoflush=False)
                    try:
                        yield session
                    finally:
                        session.close()
        except DB_ERRORS as exc:
            raise self.failure(exc) from None

    def _make_private_file(self, path: Path) -> None:
        """Create the database file, empty and private (0600), before SQLite opens it: SQLite
        would make it as the umask says (often readable by every user of the machine), and
        gives its ``-wal``, ``-shm`` and ``-journal`` the database file's own mode. Another
        process creating it at the same moment is fine: the file is the same empty one."""
        try:
            private_file(path)
        except OSError as exc:
            raise StorageError("core.db", f"cannot create {path}: {exc.strerror}") from None

    def _look_again(self, path: Path) -> None:
        """A database not created when this store opened may have been since (another
        process, another store): read what the file is now."""
        try:
            grown = path.stat().st_size > 0
        except OSError:
            grown = False
        if grown:
            self.state = inspect_file(path)

    def create(self) -> "Store":
        """Create the database now if it is not yet (an empty write transaction)."""
        with self.write():
            pass
        return self

    def _empty_history(self) -> Engine:
        if self._memory is None:
            self._memory = create_engine("sqlite://")
            SQLModel.metadata.create_all(self._memory, tables=_tables())
        return self._memory

    # -- schema ----------------------------------------------------------------------------
    def _create(self, conn: Connection) -> None:
        """Inside the first write transaction (the write lock held): create what the schema
        lacks, unless another process did meanwhile."""
        tables = {row[0] for row in conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            SQLModel.metadata.create_all(conn, tables=_tables())
            conn.execute(text("INSERT INTO meta (key, value) VALUES ('schema_version', :v)"), {"v": str(SCHEMA_VERSION)})
            return
        row = conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).first()
        if row is None:
            if conn.execute(text("SELECT count(*) FROM games")).scalar_one():
                raise StorageError("core.db", f"{self.where} has games but no schema version; restore a backup")
            conn.execute(text("INSERT INTO meta (key, value) VALUES ('schema_version', :v)"), {"v": str(SCHEMA_VERSION)})
        elif str(row[0]) != str(SCHEMA_VERSION):
            raise StorageError(
                "core.db.version",
                f"{self.where} was set up meanwhile by another version of the assistant (schema {row[0]})",
                hint="run the command again",
            )

    def _after_commit(self) -> None:
        """Once a write committed, the file is ours: remember it, and switch it to WAL
        (left for the next write if another process holds the file just now)."""
        if self.path is None or (self.state.kind == "ours" and self.state.wal):
            return
        raw = self.engine.raw_connection()
        try:
            raw.driver_connection.execute("PRAGMA journal_mode=WAL")  # type: ignore[union-attr]
            wal = True
        except sqlite3.Error:
            wal = False
        finally:
            raw.close()
        self.state = FileState("ours", SCHEMA_VERSION, wal=wal)

    def _small_enough_to_verify(self) -> bool:
        """Whether a write that adds games checks the file's pages first (``VERIFY_UP_TO_BYTES``)."""
        try:
            return self.path is not None and self.path.stat().st_size <= VERIFY_UP_TO_BYTES
        except OSError:
            return True

    def _quick_check(self, conn: Connection) -> None:
        rows = [str(r[0]) for r in conn.exec_driver_sql("PRAGMA quick_check(3)").fetchall()]
        if rows != ["ok"]:
            raise damaged(self.where, "; ".join(rows) + "; nothing was written")

    def _ensure_server_schema(self) -> None:
        """A database server (PostgreSQL): create the schema in one transaction if it has
        none, else check its version."""
        tables = set(inspect(self.engine).get_table_names())
        if not tables:
            self._create_server_schema()
            tables = set(inspect(self.engine).get_table_names())
            if "meta" in tables and "games" in tables and self.schema_version() == SCHEMA_VERSION:
                return
        if "meta" not in tables or "games" not in tables:
            from assistant.store.sqlitefile import foreign

            raise foreign(self.where, sorted(tables))
        version = self.schema_version()
        if version > SCHEMA_VERSION:
            raise StorageError(
                "core.db.version",
                f"{self.where} was written by a newer version of the assistant (schema {version}, this one knows {SCHEMA_VERSION})",
                hint="upgrade the assistant (pip install -U table-companion)",
            )
        if version < 1:
            raise StorageError("core.db", f"{self.where} has no schema version", hint="point --db at the assistant's history")
        if version < SCHEMA_VERSION:
            self._migrate(version)

    def _create_server_schema(self) -> None:
        """Create the schema and its ``schema_version`` row in one transaction that begins with
        ``CREATE TABLE meta``. Several first commands at once: the server makes each later one
        wait on that statement until the first commits, and then refuses it (the table exists);
        it finds the schema made and goes on. No lock any role could take is needed for it."""
        try:
            with self.engine.begin() as conn:
                conn.exec_driver_sql(f"SET LOCAL lock_timeout = {SERVER_LOCK_TIMEOUT_MS}")
                _table(models.Meta).create(conn)
                SQLModel.metadata.create_all(conn, tables=_tables())
                conn.execute(text("INSERT INTO meta (key, value) VALUES ('schema_version', :v)"), {"v": str(SCHEMA_VERSION)})
        except (IntegrityError, ProgrammingError):
            if not inspect(self.engine).has_table("meta"):
                raise  # not another creator's doing

    def schema_version(self) -> int:
        """The schema version the database says it has (0 when unknown)."""
        if self.state.kind in ("missing", "blank"):
            return 0
        try:
            with self.engine.connect() as conn:
                row = conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).first()
        except DB_ERRORS as exc:
            raise self.failure(exc) from None
        try:
            return int(row[0]) if row else 0
        except ValueError:
            raise StorageError("core.db", f"{self.where} has an unreadable schema version") from None

    def _migrate(self, version: int) -> None:
        """With the write lock held: if the file is still at ``version``, back it up, then
        apply each step up to :data:`SCHEMA_VERSION` in one transaction (another process
        may have migrated it meanwhile: then nothing is done)."""
        with self.engine.connect() as conn:
            conn.execution_options(immediate=True)
            with conn.begin():
                serialise_writes(conn)
                row = conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).first()
                if row is None or str(row[0]) != str(version):
                    return
                stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
                if self.path is not None:
                    self.backup_path = self.backup(self._free_name(f"{self.path.name}.v{version}-{stamp}", ".bak"))
                else:  # a server: a dump in the user data folder, taken inside the lock
                    folder = default_db_path().parent
                    try:
                        private_folder(folder)
                    except OSError as exc:
                        raise StorageError("core.db", f"cannot make {folder} for the backup before the upgrade: {exc.strerror}") from None
                    name = make_url(self.url).database or "history"
                    self.backup_path = self.backup(folder / f"{name}.v{version}-{stamp}.backup", conn=conn)
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
        self.state = FileState("ours", SCHEMA_VERSION, wal=self.state.wal)

    def _free_name(self, stem: str, suffix: str) -> Path:
        assert self.path is not None
        candidate = self.path.with_name(stem + suffix)
        n = 2
        while candidate.exists():
            candidate = self.path.with_name(f"{stem}-{n}{suffix}")
            n += 1
        return candidate

    # -- maintenance -----------------------------------------------------------------------
    def backup(self, dest: Path | None = None, *, conn: Connection | None = None) -> Path:
        """A consistent copy of the database. An SQLite file: the online backup API (safe
        while in use); a copy that fails halfway is removed. A server: see :meth:`_server_backup`."""
        if self.path is None:
            return self._server_backup(dest, conn)
        if self.state.kind in ("missing", "blank"):
            raise StorageError("core.db", f"there is no history in {self.where} yet; nothing to back up")
        if dest is None:
            stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
            dest = self._free_name(f"{self.path.stem}-{stamp}", ".backup.sqlite3")
        dest = Path(dest)
        try:
            return self._backup_to(dest)
        except (OSError, UnicodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "the name is not UTF-8 text"
            raise StorageError("core.db", f"cannot write the backup {shown(str(dest))}: {reason}") from None

    def _server_backup(self, dest: Path | None, conn: Connection | None) -> Path:
        """A server's history (PostgreSQL): ``pg_dump`` writes it as SQL when the program is
        on the PATH and succeeds; else every row of every table of the history is written as
        JSON (``{"schema_version": N, "tables": {name: [row, ...]}}``), read in one
        transaction (``conn``, the migration's, when given)."""
        parsed = make_url(self.url)
        named = dest is not None
        if dest is None:  # NAME-STAMP.sql from pg_dump, else NAME-STAMP.json, in the current folder
            stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
            dest = Path.cwd() / f"{parsed.database or 'history'}-{stamp}.sql"
        dest = Path(dest)
        if dest.is_dir():
            raise StorageError("core.db", f"{dest} is a folder; name the backup file inside it")
        if dest.exists():
            raise StorageError("core.db", f"{dest} exists already; choose another name")
        if not dest.parent.is_dir():
            raise StorageError("core.db", f"there is no folder {dest.parent}")
        if parsed.get_backend_name() == "postgresql" and _pg_dump(parsed, dest):
            return dest
        if not named:
            dest = dest.with_suffix(".json")
        try:
            if conn is not None:
                dump = _dump_tables(conn)
            else:
                with self.engine.connect() as own, own.begin():
                    if own.dialect.name == "postgresql":  # one snapshot for every table
                        own.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                    dump = _dump_tables(own)
        except DB_ERRORS as exc:
            raise self.failure(exc) from None
        try:
            with open(dest, "x", encoding="utf-8", opener=private_opener) as handle:
                json.dump(dump, handle, ensure_ascii=False, indent=1, default=str)
                handle.write("\n")
        except OSError as exc:
            dest.unlink(missing_ok=True)
            raise StorageError("core.db", f"cannot write the backup {shown(str(dest))}: {exc.strerror}") from None
        return dest

    def _backup_to(self, dest: Path) -> Path:
        assert self.path is not None
        str(dest).encode("utf-8")  # a name SQLite can take
        if dest.is_dir():
            raise StorageError("core.db", f"{dest} is a folder; name the backup file inside it")
        if dest.exists() or dest.with_name(dest.name + "-journal").exists():
            raise StorageError("core.db", f"{dest} exists already; choose another name")
        if not dest.parent.is_dir():
            raise StorageError("core.db", f"there is no folder {dest.parent}")
        if not private_file(dest):  # made 0600 here; SQLite copies into it (its journal takes its mode)
            raise StorageError("core.db", f"{dest} exists already; choose another name")
        try:
            if self.state.readonly:
                source = connect_readonly(self.path)
            else:
                source = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000)
            try:
                target = sqlite3.connect(dest)
                try:
                    source.backup(target)
                finally:
                    target.close()
            finally:
                source.close()
        except BaseException as exc:  # no half copy is left: the file made above goes too
            for leftover in (dest, dest.with_name(dest.name + "-journal")):
                leftover.unlink(missing_ok=True)
            if not isinstance(exc, sqlite3.Error):
                raise
            error = self.failure(exc)
            if error.rule == "core.db.corrupt":
                error.message += "; no backup was written"
            raise error from None
        return dest

    def integrity_problems(self, *, quick: bool = False) -> list[str]:
        """SQLite's integrity and foreign-key checks ([] when healthy); ``quick``: its
        ``quick_check`` only (the pages and rows, not that every index matches its table, nor
        the foreign keys: seconds on a large file). A file so damaged that the checks cannot
        run is one problem, said as such."""
        if self.path is None or self.state.kind in ("missing", "blank"):
            return []
        problems: list[str] = []
        try:
            with self.engine.connect() as conn:
                pragma = "quick_check" if quick else "integrity_check"
                for (row,) in conn.exec_driver_sql(f"PRAGMA {pragma}(20)").fetchall():
                    if row != "ok":
                        problems.append(f"damaged: {row}")
                if quick:
                    return problems
                for row in conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall():
                    problems.append(f"foreign key broken in table {row[0]} (row {row[1]})")
        except DB_ERRORS as exc:
            problems.append(self.failure(exc).message)
        return problems

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()
        if self._memory is not None:
            self._memory.dispose()


def _table(model: type[SQLModel]) -> Table:
    """A table model's table (SQLAlchemy's declarative mapping sets ``__table__``)."""
    table: Table = model.__table__  # type: ignore[attr-defined]  # sqlmodel's SQLModel does not declare __table__
    return table


def _tables() -> list[Table]:
    return [
        _table(models.Meta),
        _table(models.Player),
        _table(models.GameRow),
        _table(models.Seat),
        _table(models.EntryRow),
        _table(models.Result),
        _table(models.CatalogueItem),
        _table(models.SeatFact),
        _table(models.Rating),
        _table(models.PhoneSeat),
    ]


def _pg_dump(url: URL, dest: Path) -> bool:
    """Run ``pg_dump`` (plain SQL) into ``dest``; False when there is none or it failed (a
    failed dump is removed). The password goes in the environment, not the command line."""
    program = shutil.which("pg_dump")
    if program is None:
        return False
    if not private_file(dest):  # 0600 before pg_dump writes into it (it keeps the file's mode)
        return False
    env = {**os.environ}
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    target = url.set(drivername="postgresql", password=None, query={}).render_as_string(hide_password=False)
    try:
        done = subprocess.run([program, "--no-owner", "--file", str(dest), target], env=env, capture_output=True, timeout=600)
    except (OSError, subprocess.SubprocessError):
        done = None
    if done is None or done.returncode != 0:
        dest.unlink(missing_ok=True)
        return False
    return True


def _dump_tables(conn: Connection) -> dict[str, object]:
    """Every row of every table the database has (read as they are: an older schema's too),
    as plain values."""
    found = MetaData()
    found.reflect(conn)
    tables: dict[str, list[dict[str, Any]]] = {}
    for table in found.sorted_tables:
        rows = conn.execute(table.select().order_by(*table.primary_key.columns)).mappings().all()
        tables[table.name] = [dict(row) for row in rows]
    version = next((int(r["value"]) for r in tables.get("meta", []) if r["key"] == "schema_version"), 0)
    return {"schema_version": version, "tables": tables}


def _create_catalogue(conn: Connection) -> None:
    _table(models.CatalogueItem).create(conn, checkfirst=True)  # dialect-correct DDL


def _create_v3_tables_and_indexes(conn: Connection) -> None:
    """Schema 3's new table and indexes, in the dialect's own DDL (results' index as schema 3
    had it: schema 5 replaces it, on a column schema 3 does not have yet)."""
    _table(models.SeatFact).create(conn, checkfirst=True)
    for table in (_table(models.GameRow), _table(models.Seat)):
        for index in table.indexes:
            index.create(conn, checkfirst=True)
    conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_results_player_category ON results (player_id, category)")


#: The indexes schema 3 no longer has: each is the first column of a unique key or of one of
#: schema 3's indexes, which serve its queries as well.
_V2_INDEXES = (
    "ix_entries_game_id",
    "ix_seats_game_id",
    "ix_results_game_id",
    "ix_seats_player_id",
    "ix_results_player_id",
    "ix_games_ruleset",
    "ix_games_status",
    "ix_games_date",
)

def _create_ratings(conn: Connection) -> None:
    """Schema 4's ratings table, and every ranked seat's rating folded once."""
    from assistant.store.statistics import rerate

    _table(models.Rating).create(conn, checkfirst=True)
    session = Session(bind=conn, autoflush=False)
    try:
        rerate(session)
        session.flush()
    finally:
        session.close()


def _add_results_ruleset(conn: Connection) -> None:
    """Schema 5: every results row gets its game's ruleset, and results' covering indexes
    replace (player_id, category), which the second of them begins with as well. SQLite adds
    a NOT NULL column only with a default (never used: every write gives the ruleset)."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("ALTER TABLE results ADD COLUMN ruleset VARCHAR")
        conn.exec_driver_sql("UPDATE results SET ruleset = games.ruleset FROM games WHERE games.id = results.game_id")
        conn.exec_driver_sql("ALTER TABLE results ALTER COLUMN ruleset SET NOT NULL")
    else:
        conn.exec_driver_sql("ALTER TABLE results ADD COLUMN ruleset VARCHAR NOT NULL DEFAULT ''")
        conn.exec_driver_sql("UPDATE results SET ruleset = (SELECT ruleset FROM games WHERE games.id = results.game_id)")
    conn.exec_driver_sql("DROP INDEX IF EXISTS ix_results_player_category")
    for index in _table(models.Result).indexes:
        index.create(conn, checkfirst=True)


def _create_phone_seats(conn: Connection) -> None:
    """Schema 6: the phone_seats table of ``serve`` (empty: no game was served before)."""
    _table(models.PhoneSeat).create(conn, checkfirst=True)


def _rekey_players(conn: Connection) -> None:
    """Schema 7: every player's key folded again, keeping the letters of every script (issue
    22: "Jørgen" was "j rgen"). The old key is a function of the new one, so two players never
    come to share a key; should one ever, the later keeps its old key."""
    from assistant.core.names import normalize

    rows = conn.exec_driver_sql("SELECT id, name, key FROM players ORDER BY id").fetchall()
    taken = {key for _, _, key in rows}
    for ident, name, key in rows:
        new = normalize(name)
        if new and new != key and new not in taken:
            conn.execute(text("UPDATE players SET key = :k WHERE id = :i"), {"k": new, "i": ident})
            taken.discard(key)
            taken.add(new)


#: MIGRATIONS[v] turns schema v into v + 1: SQL statements, or functions of a connection for
#: what needs the dialect's own DDL. Keep every step: an old file may skip versions.
MIGRATIONS: dict[int, tuple[str | Callable[..., None], ...]] = {
    1: (
        "ALTER TABLE entries ADD COLUMN comment VARCHAR NOT NULL DEFAULT ''",
        "ALTER TABLE games ADD COLUMN kind VARCHAR NOT NULL DEFAULT 'tracked'",
        "ALTER TABLE games ADD COLUMN table_json VARCHAR",
        _create_catalogue,
    ),
    2: (
        "ALTER TABLE entries DROP COLUMN payload",
        'ALTER TABLE games ADD COLUMN "time" VARCHAR',
        "ALTER TABLE games ADD COLUMN duration INTEGER",
        "ALTER TABLE games ADD COLUMN note VARCHAR",
        "ALTER TABLE games ADD COLUMN entry_count INTEGER NOT NULL DEFAULT 0",
        "UPDATE games SET entry_count = (SELECT count(*) FROM entries WHERE entries.game_id = games.id)",
        'ALTER TABLE seats ADD COLUMN "start" BOOLEAN',
        *(f"DROP INDEX IF EXISTS {name}" for name in _V2_INDEXES),
        _create_v3_tables_and_indexes,
    ),
    3: (_create_ratings,),
    4: (_add_results_ruleset,),
    5: (_create_phone_seats,),
    6: (_rekey_players,),
}
