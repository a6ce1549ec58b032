"""What an SQLite file on disk is, found without changing it: missing, blank (a file to create
the history in), a history of ours (and its schema version), or something to refuse (a folder,
not SQLite, damaged, another program's database, a newer schema).

Why a module of its own: the connection the store works with turns on WAL and writes, and a
file must be known to be ours before anything may write to it. A refused file and its folder
are left byte for byte as they were: the header is read as plain bytes, and SQLite opens a
rollback-journal file read-only (``mode=ro``); a WAL file is opened normally, which reads it
without changing it and removes the ``-wal``/``-shm`` it made when it closes. (A file beside a
hot journal, left by a writer killed inside its transaction, is opened normally too, so that
SQLite rolls the unfinished transaction back, as any SQLite program would.)

>>> damaged("/tmp/h.sqlite3", "it is 12 bytes long").message
'the database file /tmp/h.sqlite3 is damaged: it is 12 bytes long'
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal
from urllib.parse import quote

from assistant.core.errors import StorageError
from assistant.store.models import SCHEMA_VERSION
from assistant.store.private import private_folder

MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")

#: missing: no file; blank: an empty file, or SQLite without tables (the schema is created by
#: the first write); unversioned: our current tables, no game, and no ``schema_version`` row
#: (an earlier version was stopped while creating it; the row is written by the first write);
#: ours: a history database of ``version``.
Kind = Literal["missing", "blank", "unversioned", "ours"]

#: The tables of the current schema (a file lacking one is not a current history database).
TABLES = frozenset({"meta", "players", "games", "seats", "entries", "results", "catalogue"})


@dataclass(frozen=True)
class FileState:
    """What :func:`inspect_file` found: the kind, the schema version (ours only), whether
    the file is in WAL mode already, and whether this process may only read it (the file or
    its folder is read-only: then SQLite reads it as ``immutable``, making no file beside it,
    and every write is refused)."""

    kind: Kind
    version: int = 0
    wal: bool = False
    readonly: bool = False

    @property
    def pending(self) -> bool:
        """Whether the first write transaction still has to create (part of) the schema."""
        return self.kind != "ours"


def damaged(where: str, detail: str) -> StorageError:
    """The refusal of a damaged database file (rule ``core.db.corrupt``)."""
    return StorageError(
        "core.db.corrupt",
        f"the database file {where} is damaged: {detail}",
        hint="restore a backup (`assistant db backup` makes one) or point --db at another file",
    )


def foreign(where: str, tables: list[str]) -> StorageError:
    """The refusal of another program's SQLite database."""
    shown = ", ".join(sorted(tables)[:5]) or "none"
    return StorageError(
        "core.db",
        f"{where} is a database of another program (tables: {shown})",
        hint="point --db or ASSISTANT_DB at the assistant's history file, or at a new path",
    )


def check_header(path: Path, head: bytes, size: int) -> None:
    """Refuse a file whose SQLite header is impossible or whose size does not fit it
    (a flipped byte, a truncated copy). Only reads ``head`` and ``size``."""
    where = str(path)
    if len(head) < HEADER_SIZE:
        raise damaged(where, f"it is {size} bytes long, shorter than an SQLite header (truncated?)")
    raw_page = int.from_bytes(head[16:18], "big")
    page = 65536 if raw_page == 1 else raw_page
    if page < 512 or page > 65536 or page & (page - 1):
        raise damaged(where, "its header names an impossible page size")
    if head[18] not in (1, 2) or head[19] not in (1, 2) or head[21:24] != b"\x40\x20\x20":
        raise damaged(where, "its header is garbled")
    if size % page:
        raise damaged(where, f"its size ({size} bytes) is not a whole number of {page}-byte pages (truncated?)")
    pages = int.from_bytes(head[28:32], "big")
    counted = head[92:96] == head[24:28]
    if counted and pages * page > size and not path.with_name(path.name + "-wal").exists():
        raise damaged(where, f"it holds {size // page} of its {pages} pages (truncated?)")


def inspect_file(path: Path) -> FileState:
    """What the file at ``path`` is; raises :class:`StorageError` for anything the assistant
    must not open (nothing is written either way)."""
    where = str(path)
    if path.is_dir():
        raise StorageError("core.db", f"{where} is a folder, not a database file", hint="name a file inside it")
    if not path.exists():
        if not path.parent.is_dir():
            try:
                private_folder(path.parent)  # 0700: it will hold the history
            except OSError as exc:
                raise StorageError("core.db", f"cannot create the folder {path.parent}: {exc.strerror}") from None
        return FileState("missing", readonly=not os.access(path.parent, os.W_OK | os.X_OK))
    readonly = not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK))
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            head = handle.read(HEADER_SIZE)
    except OSError as exc:
        raise StorageError("core.db", f"cannot read {where}: {exc.strerror}") from None
    if _hot_journal(path):  # a writer was killed inside its transaction: SQLite rolls it back
        if readonly:
            raise StorageError("core.db", f"{where} holds an unfinished transaction and is read-only", hint="make it writable")
        try:
            return _inspect_tables(path, wal=False, mode="rw")
        except sqlite3.DatabaseError as exc:
            raise sqlite_refusal(exc, where) from None
    if size == 0:
        return FileState("blank", readonly=readonly)
    if head[: len(MAGIC)] != MAGIC:
        if MAGIC.startswith(head):  # the first bytes of an SQLite file, and no more
            raise damaged(where, f"it is {size} bytes long, shorter than an SQLite header (truncated?)")
        raise StorageError(
            "core.db",
            f"{where} is not an SQLite database (is it the right file?)",
            hint="point --db or ASSISTANT_DB at the history file, or at a new path to start one",
        )
    check_header(path, head, size)
    wal = head[18] == 2
    try:
        state = _inspect_tables(path, wal=wal, mode="immutable" if readonly else "rw" if wal else "ro")
    except sqlite3.DatabaseError as exc:
        raise sqlite_refusal(exc, where) from None
    return replace(state, readonly=True) if readonly else state


def sqlite_uri(path: Path, mode: str) -> str:
    """The URI SQLite opens ``path`` with in ``mode`` (``ro`` or ``immutable``)."""
    return "file:" + quote(str(path)) + ("?immutable=1" if mode == "immutable" else "?mode=ro")


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A connection that only reads a read-only file and makes nothing beside it."""
    return sqlite3.connect(sqlite_uri(path, "immutable"), uri=True, check_same_thread=False, isolation_level=None)


def sqlite_refusal(exc: BaseException, where: str) -> StorageError:
    """A clear refusal for an SQLite error met while reading a file's schema."""
    message = str(exc) or type(exc).__name__
    low = message.lower()
    if "locked" in low or "busy" in low:
        return StorageError(
            "core.db.locked",
            f"the database {where} is busy: another program is writing to it",
            hint="try again in a moment",
        )
    if "unable to open" in low or "readonly" in low or "read-only" in low or "permission" in low:
        return StorageError("core.db", f"the database {where} cannot be opened ({message})")
    return damaged(where, message)


def _hot_journal(path: Path) -> bool:
    """Whether a rollback journal is left beside the file (a writer was killed inside its
    transaction): SQLite rolls it back at the next read, which a read-only connection cannot."""
    try:
        with path.with_name(path.name + "-journal").open("rb") as handle:
            return handle.read(8) == JOURNAL_MAGIC
    except OSError:
        return False


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    """``rw``: a WAL file, or a file with a hot journal, is opened read-write (reading a WAL
    file with ``mode=ro`` would leave ``-wal``/``-shm`` behind; a hot journal needs rolling
    back), with statements kept from writing; ``ro``: any other file; ``immutable``: a file
    this process may not write."""
    if mode == "rw":
        conn = sqlite3.connect(path, timeout=5.0, isolation_level=None)
        conn.execute("PRAGMA query_only=ON")
        return conn
    return sqlite3.connect(sqlite_uri(path, mode), uri=True, timeout=5.0, isolation_level=None)


def _inspect_tables(path: Path, *, wal: bool, mode: str) -> FileState:
    where = str(path)
    conn = _connect(path, mode)
    try:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        if not tables:
            return FileState("blank", wal=wal)
        if "meta" not in tables or "games" not in tables:
            raise foreign(where, tables)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        except sqlite3.OperationalError:  # a meta table without our columns
            raise foreign(where, tables) from None
        if row is None:
            columns = {r[1] for r in conn.execute("PRAGMA table_info(entries)")}
            games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
            if TABLES <= set(tables) and "comment" in columns and games == 0:
                return FileState("unversioned", wal=wal)
            raise StorageError(
                "core.db",
                f"{where} has no schema version: it was not made by the assistant, or was changed by hand",
                hint="point --db at the assistant's history file, or restore a backup",
            )
        try:
            version = int(str(row[0]))
        except ValueError:
            raise StorageError("core.db", f"{where} has an unreadable schema version ({str(row[0])[:20]!r})") from None
        if version > SCHEMA_VERSION:
            raise StorageError(
                "core.db.version",
                f"{where} was written by a newer version of the assistant (schema {version}, this one knows {SCHEMA_VERSION})",
                hint="upgrade the assistant (pip install -U table-companion)",
            )
        if version < 1:
            raise StorageError("core.db", f"{where} has an impossible schema version ({version})")
        return FileState("ours", version=version, wal=wal)
    finally:
        conn.close()
