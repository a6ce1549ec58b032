"""The history on a PostgreSQL server (a club's shared database): the whole flow on both
engines (the ``engine`` fixture, tests/conftest.py), and what only a server has: its schema
migrated or refused, its backup (``pg_dump``, or every table as JSON without it)."""

from __future__ import annotations

import json
import os

import pytest
from sqlalchemy import create_engine, text

from assistant import service
from assistant.core.errors import Conflict, IllegalMove, StorageError
from assistant.store.db import Store
from assistant.store.models import SCHEMA_VERSION

import pg_server
from db_support import raw_sql

needs_server = pytest.mark.skipif(pg_server.unavailable() is not None, reason=pg_server.unavailable() or "")


def test_postgres_whole_flow(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "3"}, location="Club")
    service.enter(store, gid, "take 1")
    with pytest.raises(IllegalMove):
        service.enter(store, gid, "take 3")
    with pytest.raises(Conflict):
        service.enter(store, gid, "take 1", expect_ply=0)
    service.catalogue_set(store, "toy", "two", "take 2")
    done = service.enter(store, gid, "@two")
    assert done.outcome is not None and service.read_game(store, gid).row.status == "finished"
    record = service.export_game(store, gid)
    assert service.import_records(store, record, allow_duplicate=True)
    assert service.player_report(store, "Ann").wins == 2
    assert service.check_database(store).ok
    store.close()
    again = Store.open(db_url)  # an existing schema is recognised, not recreated
    assert len(service.list_games(again)) == 2
    again.close()


@pytest.fixture
def server_db():
    """A database of its own on the server (PostgreSQL only)."""
    if pg_server.unavailable():
        pytest.skip(pg_server.unavailable() or "")
    with pg_server.scratch_database() as url:
        yield url


@needs_server
@pytest.mark.parametrize("pg_dump", [True, False], ids=["pg_dump", "no-pg_dump"])
def test_postgres_older_schema_is_backed_up_then_migrated(server_db, tmp_path, monkeypatch, pg_dump):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where the backup before it goes
    if not pg_dump:
        monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump: the tables are written as JSON
    store = Store.open(server_db)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "4"})
    service.enter(store, gid, "take 2")
    store.close()
    # Turn the database into a schema-1 one: what versions 2, 3 and 5 changed undone.
    raw_sql(
        server_db,
        "ALTER TABLE entries DROP COLUMN comment",
        "ALTER TABLE games DROP COLUMN kind",
        "ALTER TABLE games DROP COLUMN table_json",
        "ALTER TABLE entries ADD COLUMN payload VARCHAR NOT NULL DEFAULT '{}'",
        'ALTER TABLE games DROP COLUMN "time"',
        "ALTER TABLE games DROP COLUMN duration",
        "ALTER TABLE games DROP COLUMN note",
        "ALTER TABLE games DROP COLUMN entry_count",
        'ALTER TABLE seats DROP COLUMN "start"',
        "DROP TABLE seat_facts",
        "DROP TABLE catalogue",
        "ALTER TABLE results DROP COLUMN ruleset",  # and its indexes
        "UPDATE meta SET value = '1' WHERE key = 'schema_version'",
    )
    store = Store.open(server_db)
    assert store.migrated_from == 1 and store.schema_version() == SCHEMA_VERSION
    assert store.backup_path is not None and store.backup_path.exists()
    assert str(store.backup_path).startswith(str(tmp_path / "data"))
    dumped = store.backup_path.read_text(encoding="utf-8")
    assert "schema_version" in dumped and "Ann take 2" in dumped
    if not pg_dump:  # the schema-1 tables as they were
        old = json.loads(dumped)
        assert old["schema_version"] == 1 and "catalogue" not in old["tables"]
        assert "comment" not in old["tables"]["entries"][0]
    loaded = service.read_game(store, gid)
    assert loaded.game.ply == 1 and loaded.row.kind == "tracked"
    service.enter(store, gid, "take 1  # after the migration")
    assert service.read_game(store, gid).game.comments[-1] == "after the migration"
    store.close()
    assert Store.open(server_db).migrated_from is None  # done once


@needs_server
def test_postgres_newer_schema_is_refused_and_left_alone(server_db):
    Store.open(server_db).close()
    raw_sql(server_db, "UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StorageError) as info:
        Store.open(server_db)
    assert "newer version" in info.value.message and "schema 99" in info.value.message
    engine = create_engine(server_db)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT value FROM meta")).scalar_one() == "99"
    engine.dispose()


@needs_server
def test_postgres_backup_with_pg_dump_and_without(server_db, tmp_path, monkeypatch):
    store = Store.open(server_db)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "9"})
    service.enter(store, gid, "take 2  # Ann's opening")
    # Without pg_dump on the PATH: every row of every table, as JSON.
    with monkeypatch.context() as patch:
        patch.setenv("PATH", str(tmp_path))
        copy = store.backup(tmp_path / "club.json")
    dump = json.loads(copy.read_text(encoding="utf-8"))
    assert dump["schema_version"] == SCHEMA_VERSION
    assert [(e["ply"], e["text"], e["comment"]) for e in dump["tables"]["entries"]] == [(1, "Ann take 2", "Ann's opening")]
    assert [p["name"] for p in dump["tables"]["players"]] == ["Ann", "Ben"]
    with pytest.raises(StorageError):
        store.backup(copy)  # never overwritten
    # With pg_dump (the server's own tool, when installed): SQL that restores the history.
    if not any(os.access(os.path.join(d, "pg_dump"), os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep)):
        pytest.skip("pg_dump is not on the PATH")
    sqlfile = store.backup(tmp_path / "club.sql")
    assert "CREATE TABLE" in sqlfile.read_text(encoding="utf-8")
    store.close()


# -- the write lock: only a role that may write can take it -----------------------------------------
@pytest.fixture
def reader_url(server_db):
    """A role that may connect and read every table of ``server_db``, and nothing more
    (CONNECT, USAGE on the schema, SELECT), and the URL that connects as it; the role is
    dropped after the test."""
    import uuid

    from sqlalchemy.engine import make_url

    Store.open(server_db).close()  # the schema, made by its owner
    role = "tc_reader_" + uuid.uuid4().hex[:10]
    database = make_url(server_db).database
    admin = create_engine(server_db, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE ROLE "{role}" LOGIN')
        conn.exec_driver_sql(f'GRANT CONNECT ON DATABASE "{database}" TO "{role}"')
        conn.exec_driver_sql(f'GRANT USAGE ON SCHEMA public TO "{role}"')
        conn.exec_driver_sql(f'GRANT SELECT ON ALL TABLES IN SCHEMA public TO "{role}"')
    try:
        yield make_url(server_db).set(username=role).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s AND pid <> pg_backend_pid()", (role,)
            )
            conn.exec_driver_sql(f'DROP OWNED BY "{role}"')
            conn.exec_driver_sql(f'DROP ROLE "{role}"')
        admin.dispose()


@needs_server
def test_postgres_a_role_that_may_only_read_cannot_hold_writers_up(server_db, reader_url, monkeypatch):
    """The reader tries every lock it may take on the write lock's row and table, and holds
    what it got (the old advisory lock too, and a read of every table) in an open transaction:
    the owner's entries are stored at once all the same."""
    from assistant.store import db

    monkeypatch.setattr(db, "SERVER_LOCK_TIMEOUT_MS", 3000)  # a writer held up fails in 3 s, not 30
    store = Store.open(server_db)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "9"})
    reader = create_engine(reader_url)
    try:
        with reader.connect() as conn:
            for statement in (db.WRITE_LOCK, "LOCK TABLE meta IN SHARE MODE", "LOCK TABLE meta IN EXCLUSIVE MODE"):
                with pytest.raises(Exception, match="permission denied"), conn.begin():
                    conn.exec_driver_sql(statement)
            with conn.begin():
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7310482113)")  # the lock writers used to queue on
                conn.exec_driver_sql("LOCK TABLE meta IN ACCESS SHARE MODE")
                for table in ("meta", "games", "seats", "entries", "results", "players", "ratings"):
                    conn.exec_driver_sql(f"SELECT count(*) FROM {table}")
                service.enter(store, gid, "take 2")  # not held up
                service.enter(store, gid, "take 1")
                assert service.read_game(store, gid).game.ply == 2
        as_reader = Store.open(reader_url)  # it may read the history, and is refused a write
        assert len(service.list_games(as_reader)) == 1
        with pytest.raises(StorageError) as info:
            service.enter(as_reader, gid, "take 1")
        assert "cannot be written" in info.value.message and "permission denied" in info.value.message
        as_reader.close()
    finally:
        reader.dispose()
    assert service.read_game(store, gid).game.ply == 2
    store.close()


@needs_server
def test_postgres_writers_queue_on_the_lock_row(server_db, monkeypatch):
    """A writer holding the lock makes the next one wait (here: past a 1 s lock timeout, the
    "busy" refusal); once it commits, the next one writes. No advisory lock is taken."""
    from assistant.store import db

    store = Store.open(server_db)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "9"})
    monkeypatch.setattr(db, "SERVER_LOCK_TIMEOUT_MS", 1000)
    first = create_engine(server_db)
    try:
        with first.connect() as conn:
            with conn.begin():
                db.serialise_writes(conn)
                held = conn.exec_driver_sql(
                    "SELECT locktype, relation::regclass::text FROM pg_locks WHERE pid = pg_backend_pid() AND locktype IN ('advisory', 'tuple', 'relation')"
                ).all()
                assert ("relation", "meta") in held and not any(kind == "advisory" for kind, _ in held)
                with pytest.raises(StorageError) as info:
                    service.enter(store, gid, "take 2")
                assert info.value.rule == "core.db.locked"
            service.enter(store, gid, "take 2")  # the first has committed
    finally:
        first.dispose()
    assert service.read_game(store, gid).game.ply == 1
    store.close()


@needs_server
def test_postgres_first_use_by_several_at_once_creates_the_schema_once(server_db):
    """Eight first commands on an empty database at once: the first to run ``CREATE TABLE meta``
    creates the schema, the others wait on it, find it made, and add their game."""
    import threading

    ids: list[int] = []
    failures: list[str] = []
    start = threading.Barrier(8)

    def first_command() -> None:
        try:
            start.wait()
            store = Store.open(server_db)
            try:
                ids.append(service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "5"}))
            finally:
                store.close()
        except Exception as exc:  # noqa: BLE001 - reported below
            failures.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=first_command) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures, failures
    assert sorted(ids) == list(range(1, 9))
    assert raw_sql(server_db, "SELECT key, value FROM meta") == [("schema_version", str(SCHEMA_VERSION))]
