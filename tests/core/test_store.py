"""The history database: one transaction per command, nothing lost, nothing corrupted."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from assistant import service
from assistant.core.errors import Conflict, IllegalMove, InvalidEntry, NotFound, StorageError
from assistant.store.db import Store
from assistant.store.models import SCHEMA_VERSION

from cli_support import TESTS, cli_command, run_cli


def dump(db) -> list[str]:
    """Everything the database holds, as lines to compare (an SQLite file or a server's URL)."""
    if "://" not in str(db):
        conn = sqlite3.connect(db)
        try:
            return list(conn.iterdump())
        finally:
            conn.close()
    from sqlalchemy import MetaData, create_engine

    engine = create_engine(str(db))
    try:
        meta = MetaData()
        meta.reflect(engine)
        with engine.connect() as conn:
            return [f"{table.name} {tuple(row)}" for table in meta.sorted_tables for row in sorted(conn.execute(table.select()), key=repr)]
    finally:
        engine.dispose()


def test_store_illegal_entry_leaves_database_unchanged(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "5"})
    service.enter(store, gid, "take 3")
    before = dump(db_url)
    for bad in ("take 3", "take four", "Cleo take 1", "", "take 1\ntake 1"):
        with pytest.raises((IllegalMove, InvalidEntry)):
            service.enter(store, gid, bad)
    assert dump(db_url) == before


def test_store_unknown_option_and_bad_players_write_nothing(db_url):
    store = Store.open(db_url)
    before = dump(db_url)
    with pytest.raises(InvalidEntry):
        service.new_game(store, "pebbles", ["Ann", "Ben"], {"colour": "red"})
    with pytest.raises(InvalidEntry):
        service.new_game(store, "pebbles", ["Ann"], {})
    with pytest.raises(InvalidEntry):
        service.new_game(store, "pebbles", ["Ann", "ann"], {})
    assert dump(db_url) == before


def test_store_undo_and_reopen_finished_game(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "2"})
    service.enter(store, gid, "take 1")
    done = service.enter(store, gid, "take 1")
    assert done.outcome is not None
    assert service.read_game(store, gid).row.status == "finished"
    taken = service.undo(store, gid)
    assert [e.text for e in taken] == ["Ben take 1"]
    loaded = service.read_game(store, gid)
    assert loaded.row.status == "active" and loaded.game.ply == 1
    assert all(s.total is None for s in loaded.seats)


def test_store_replayed_state_equals_live_state(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben", "Cleo"], {"pile": "12"})
    from assistant.core.game import Game
    from assistant.games import get_ruleset

    live = Game(get_ruleset("pebbles"), ["Ann", "Ben", "Cleo"], {"pile": "12"})
    for text in ("take 2", "Ben pass", "take 3", "take 1"):
        service.enter(store, gid, text)
        live.push(text)
    assert service.read_game(store, gid).game.state == live.state


def test_store_expected_ply_conflict(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {})
    service.enter(store, gid, "take 1", expect_ply=0)
    with pytest.raises(Conflict):
        service.enter(store, gid, "take 1", expect_ply=0)
    assert service.read_game(store, gid).game.ply == 1


WRITER = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r})
    import toygame
    from assistant.games import register
    register(toygame.RULESET)
    from assistant import service
    from assistant.store.db import Store
    store = Store.open({db!r})
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {{"pile": "100"}})
    while True:
        result = service.enter(store, gid, "take 1")
        print(result.entry.ply, flush=True)
    """
)


def test_store_killed_process_loses_no_committed_entry(db_url):
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER.format(tests=str(TESTS), db=db_url)],
        stdout=subprocess.PIPE,
        text=True,
    )
    last = 0
    try:
        for line in proc.stdout:  # type: ignore[union-attr]
            last = int(line)
            if last >= 25:
                os.kill(proc.pid, signal.SIGKILL)
                break
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    store = Store.open(db_url)
    assert store.integrity_problems() == []
    loaded = service.read_game(store, 1)
    assert loaded.game.ply >= last  # every entry reported as committed is there
    assert loaded.game.ply <= last + 1
    assert service.check_database(store).problems == ()


def test_store_two_processes_enter_at_once_one_gets_a_conflict(db_path):
    store = Store.open(str(db_path))
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "30"})
    service.enter(store, gid, "take 1")
    service.enter(store, gid, "take 1")
    store.close()
    env = {**os.environ, "ASSISTANT_DB": str(db_path), "NO_COLOR": "1"}
    # Hold the write lock so that both processes are waiting when it is released.
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    procs = [
        subprocess.Popen(
            cli_command("move", str(gid), "take 1", "--expect-ply", "2"),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    time.sleep(1.5)
    blocker.execute("ROLLBACK")
    blocker.close()
    results = [p.communicate(timeout=60) + (p.returncode,) for p in procs]
    codes = sorted(r[2] for r in results)
    assert codes == [0, 1], results
    loser = next(r for r in results if r[2] == 1)
    assert "changed meanwhile" in loser[1] and "Traceback" not in loser[1]
    store = Store.open(str(db_path))
    assert service.read_game(store, gid).game.ply == 3
    assert store.integrity_problems() == []


def test_store_foreign_file_is_refused(tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("shopping list: eggs, milk\n" * 20)
    with pytest.raises(StorageError) as info:
        Store.open(str(junk))
    assert "not an SQLite database" in info.value.message
    assert junk.read_text().startswith("shopping list")


def test_store_foreign_sqlite_database_is_refused(tmp_path):
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
    conn.commit()
    conn.close()
    with pytest.raises(StorageError) as info:
        Store.open(str(other))
    assert "another program" in info.value.message


def test_store_corrupt_database_gives_clear_error(db_path):
    store = Store.open(str(db_path))
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {})
    for _ in range(3):
        service.enter(store, gid, "take 1")
    store.close()
    raw = bytearray(db_path.read_bytes())
    raw[100:4096] = b"\xff" * (4096 - 100)  # wipe the schema page but keep the magic header
    db_path.write_bytes(bytes(raw))
    for name in os.listdir(db_path.parent):
        if name.endswith(("-wal", "-shm")):
            os.remove(db_path.parent / name)
    result = run_cli("games", db=db_path)
    assert result.returncode == 1
    assert "damaged" in result.stderr or "cannot be used" in result.stderr
    assert "Traceback" not in result.stderr


def test_store_newer_schema_is_refused(db_path):
    Store.open(str(db_path)).create().close()
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    with pytest.raises(StorageError) as info:
        Store.open(str(db_path))
    assert "newer version" in info.value.message


def test_store_older_schema_is_backed_up_then_migrated(db_path):
    store = Store.open(str(db_path))
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "4"})
    service.enter(store, gid, "take 2")
    store.close()
    # Turn the file into a schema-1 database: what versions 2, 3 and 5 changed undone.
    conn = sqlite3.connect(db_path)
    conn.execute("ALTER TABLE entries DROP COLUMN comment")
    conn.execute("ALTER TABLE games DROP COLUMN kind")
    conn.execute("ALTER TABLE games DROP COLUMN table_json")
    conn.execute("ALTER TABLE entries ADD COLUMN payload VARCHAR NOT NULL DEFAULT '{}'")
    conn.execute('ALTER TABLE games DROP COLUMN "time"')
    conn.execute("ALTER TABLE games DROP COLUMN duration")
    conn.execute("ALTER TABLE games DROP COLUMN note")
    conn.execute("ALTER TABLE games DROP COLUMN entry_count")
    conn.execute('ALTER TABLE seats DROP COLUMN "start"')
    conn.execute("DROP TABLE seat_facts")
    conn.execute("DROP TABLE catalogue")
    conn.execute("DROP INDEX ix_results_ruleset_player_category_points")
    conn.execute("DROP INDEX ix_results_player_ruleset_category_points")
    conn.execute("ALTER TABLE results DROP COLUMN ruleset")
    conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    store = Store.open(str(db_path))
    assert store.migrated_from == 1
    assert store.backup_path is not None and store.backup_path.exists()
    backup = sqlite3.connect(store.backup_path)
    assert backup.execute("SELECT value FROM meta").fetchone()[0] == "1"
    backup.close()
    assert store.schema_version() == SCHEMA_VERSION
    loaded = service.read_game(store, gid)
    assert loaded.game.ply == 1 and loaded.row.kind == "tracked"
    service.enter(store, gid, "take 1  # after the migration")
    assert service.read_game(store, gid).game.comments[-1] == "after the migration"


def test_store_backup_is_a_working_copy(db_path, tmp_path):
    store = Store.open(str(db_path))
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {})
    service.enter(store, gid, "take 2")
    copy = store.backup(tmp_path / "copy.sqlite3")
    other = Store.open(str(copy))
    assert service.read_game(other, gid).game.ply == 1
    with pytest.raises(StorageError):
        store.backup(copy)


def test_store_import_export_round_trip(db_path):
    store = Store.open(str(db_path))
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "6"}, location="Club", date="2026-11-01")
    for text in ("take 3", "Ben pass", "take 2", "take 1  # last one"):
        service.enter(store, gid, text)
    text = service.export_game(store, gid)
    with pytest.raises(Conflict):
        service.import_records(store, text)  # exported from here: the same record
    [new_id] = service.import_records(store, text, allow_duplicate=True)
    def without_id(record: str) -> list[str]:
        return [line for line in record.splitlines() if not line.startswith("Source-Id:")]

    again_text = service.export_game(store, new_id)
    assert without_id(again_text) == without_id(text) and again_text != text  # a copy has an id of its own
    again = service.read_game(store, new_id)
    assert again.row.status == "finished" and again.row.location == "Club" and again.row.date == "2026-11-01"
    both = service.export_games(store, None)
    assert both.count("Game: pebbles") == 2
    ids = service.import_records(Store.open(str(db_path.parent / "other.sqlite3")), both)
    assert len(ids) == 2


def test_store_players_rename_and_merge(db_url):
    store = Store.open(db_url)
    g1 = service.new_game(store, "pebbles", ["Ann", "Bob"], {"pile": "1"})
    service.enter(store, g1, "take 1")
    g2 = service.new_game(store, "pebbles", ["Ann", "Robert"], {"pile": "1"})
    service.enter(store, g2, "Ann take 1")
    with pytest.raises(Conflict):
        service.merge_players(store, "Ann", "Bob")  # they sat at the same table
    name, moved = service.merge_players(store, "Robert", "Bob")
    assert (name, moved) == ("Robert", 1)
    stats = {s.name: s for s in service.player_stats(store)}
    assert stats["Robert"].played == 2 and stats["Robert"].wins == 2
    assert "Bob" not in stats
    service.rename_player(store, "rob", "Rob")
    assert "Rob" in {s.name for s in service.player_stats(store)}
    assert service.read_game(store, g1).game.ply == 1  # records keep their names


def test_store_list_filters(db_url):
    store = Store.open(db_url)
    service.new_game(store, "pebbles", ["Ann", "Ben"], {}, date="2026-01-05")
    g2 = service.new_game(store, "pebbles", ["Cleo", "Ben"], {}, date="2026-03-05")
    service.abandon(store, g2)
    assert [g.id for g in service.list_games(store, player="cle")] == [g2]
    assert [g.id for g in service.list_games(store, since="2026-02-01")] == [g2]
    assert [g.id for g in service.list_games(store, until="2026-02-01")] == [1]
    assert [g.id for g in service.list_games(store, status="abandoned")] == [g2]
    with pytest.raises(InvalidEntry):
        service.list_games(store, since="March")


def test_store_catalogue_keys_expand_in_entries(db_url):
    store = Store.open(db_url)
    assert service.catalogue_set(store, "toy", "big", "take 3") is True
    assert service.catalogue_set(store, "pebbles", "@BIG", "take  2") is False  # replaced, key folded
    assert service.catalogue_items(store, "toy") == [{"key": "big", "value": "take 2"}]
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {})
    result = service.enter(store, gid, "@big")
    assert result.entry.text == "Ann take 2"  # the record keeps the full text
    before = dump(db_url)
    with pytest.raises(InvalidEntry) as info:
        service.enter(store, gid, "@huge")
    assert info.value.rule == "core.catalogue" and "@big" in info.value.hint
    assert dump(db_url) == before
    other = service.new_game(store, "pebbles", ["Ann", "Ben"], {}, catalogue="club-box")
    with pytest.raises(InvalidEntry):
        service.enter(store, other, "@big")  # another box, other answers
    service.catalogue_set(store, "toy", "big", "take 1", catalogue="club-box")
    assert service.enter(store, other, "@big").entry.text == "Ann take 1"
    assert "Catalogue: club-box" in service.export_game(store, other)
    service.catalogue_remove(store, "toy", "big")
    with pytest.raises(NotFound):
        service.catalogue_remove(store, "toy", "big")
    with pytest.raises(InvalidEntry):
        service.catalogue_set(store, "toy", "bad key!", "take 1")
    with pytest.raises(InvalidEntry):
        service.catalogue_set(store, "toy", "loop", "@big")


def test_store_player_report_head_to_head(db_url):
    store = Store.open(db_url)
    # Pebbles: whoever takes the last pebble loses; with pile=1 the first player loses at once.
    for first, second in [("Ben", "Ann"), ("Ben", "Ann"), ("Ann", "Ben"), ("Ben", "Ann")]:
        gid = service.new_game(store, "pebbles", [first, second], {"pile": "1"})
        service.enter(store, gid, "take 1")
    service.new_game(store, "pebbles", ["Ann", "Cleo"], {})  # running: played, not finished
    report = service.player_report(store, "ann")
    assert (report.played, report.finished, report.wins) == (5, 4, 3)
    assert report.head_to_head[0].to_json() == {"opponent": "Ben", "games": 4, "ahead": 3, "behind": 1, "tied": 0}
    assert report.rival == "Ben" and report.nemesis == "Ben"  # one opponent: both
    assert report.category_averages["pebbles"] == {"taken": 0.2, "survived": 7.5}
    assert report.by_game[0].average == 7.8 and report.by_game[0].best == 10
    assert service.player_report(store, "Ben").nemesis == "Ann"
    assert len(report.recent) == 5


def test_store_locked_database_gives_clear_error(db_path, monkeypatch):
    from assistant.store import db as dbmodule

    store = Store.open(str(db_path))
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {})
    store.close()
    monkeypatch.setattr(dbmodule, "BUSY_TIMEOUT_MS", 200)
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        store = Store.open(str(db_path))
        with pytest.raises(StorageError) as info:
            service.enter(store, gid, "take 1")
        assert info.value.rule == "core.db.locked" and "busy" in info.value.message
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert service.enter(Store.open(str(db_path)), gid, "take 1").entry.ply == 1


# -- the play prompt: the game kept in memory -------------------------------------------------------
def test_store_play_session_replays_once_and_writes_each_entry(db_url, monkeypatch):
    from assistant.service import games as games_module

    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben", "Cleo"], {"pile": "12"})
    loads = []
    real_load = games_module.load
    monkeypatch.setattr(games_module, "load", lambda session, game_id: loads.append(game_id) or real_load(session, game_id))
    table = service.PlaySession.open(store, gid)
    for text in ("take 2", "Ben pass", "take 3  # big one", "take 1"):
        table.enter(text)
    assert loads == [gid]  # read once, when the prompt opened
    before = dump(db_url)
    with pytest.raises(IllegalMove):
        table.enter("take 9")
    assert dump(db_url) == before and table.loaded.game.ply == 4  # refused: nothing changed
    monkeypatch.setattr(games_module, "load", real_load)
    stored = service.read_game(store, gid)
    assert stored.game.state == table.loaded.game.state
    assert stored.game.comments == ["", "", "big one", ""]
    assert [e.text for e in table.undo(2)] == ["Ann take 1", "Cleo take 3"]
    assert service.read_game(store, gid).game.ply == 2 == table.loaded.game.ply


def test_store_play_session_conflict_reloads_and_writes_nothing(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "20"})
    table = service.PlaySession.open(store, gid)
    table.enter("take 1")
    service.enter(store, gid, "take 2")  # another window
    before = dump(db_url)
    with pytest.raises(Conflict) as info:
        table.enter("take 1")
    assert info.value.rule == "core.conflict" and "changed meanwhile" in info.value.message
    assert dump(db_url) == before
    assert table.reloads == 1 and table.loaded.game.ply == 2  # the prompt shows the new position
    assert table.enter("take 1").entry.ply == 3
    # an undo and a different entry from elsewhere, same number of entries: still noticed
    service.undo(store, gid)
    service.enter(store, gid, "take 3")
    with pytest.raises(Conflict):
        table.undo()
    assert table.loaded.game.entries[-1].text == "Ann take 3"
    service.abandon(store, gid)
    with pytest.raises(Conflict):
        table.enter("take 1")  # abandoned elsewhere: noticed, and read again
    with pytest.raises(IllegalMove):
        table.enter("take 1")  # an abandoned game takes no entries


def test_store_play_session_finishing_entry_writes_results(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "2"})
    table = service.PlaySession.open(store, gid)
    table.enter("take 1")
    done = table.enter("take 1")
    assert done.outcome is not None and done.sheet is not None and table.prompt() is None
    loaded = service.read_game(store, gid)
    assert loaded.row.status == "finished" and any(s.winner for s in loaded.seats)
    assert {s.name: s.wins for s in service.player_stats(store)} == {"Ann": 1, "Ben": 0}
    with pytest.raises(IllegalMove):
        table.enter("take 1")
    table.undo()
    loaded = service.read_game(store, gid)
    assert loaded.row.status == "active" and all(s.total is None for s in loaded.seats)
    assert table.enter("take 1").outcome is not None  # reopened in memory too


def test_store_play_session_on_an_empty_game_notices_a_first_entry_elsewhere(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {})
    table = service.PlaySession.open(store, gid)
    service.enter(store, gid, "take 1")
    with pytest.raises(Conflict):
        table.enter("take 2")
    assert table.loaded.game.ply == 1


def test_store_no_file_is_made_until_something_is_stored(db_path):
    from assistant.store.models import Player

    store = Store.open(str(db_path))
    assert service.list_games(store) == [] and not db_path.exists()
    with pytest.raises(StorageError) as info:  # a change to what is stored, where nothing is
        with store.write(needs_history=True) as session:
            session.add(Player(name="Ann", key="ann"))
    assert "nothing was written" in info.value.message and not db_path.exists()
    assert service.player_stats(store) == []
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {})
    assert db_path.exists() and service.read_game(store, gid).game.ply == 0
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


# -- schema 2 -> 3 ----------------------------------------------------------------------------------
def _v2_schema():
    """Schema 2's tables as the code of schema 2 created them (its DDL, frozen here), on both
    engines through SQLAlchemy Core."""
    from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Integer, MetaData, String, Table, UniqueConstraint

    meta = MetaData()

    def fk(target: str) -> Column:
        return Column("game_id", Integer, ForeignKey(target, ondelete="CASCADE"), nullable=False, index=True)

    Table("meta", meta, Column("key", String, primary_key=True), Column("value", String, nullable=False))
    Table(
        "players", meta, Column("id", Integer, primary_key=True), Column("name", String, nullable=False),
        Column("key", String, nullable=False, unique=True, index=True), Column("created", DateTime, nullable=False),
    )
    Table(
        "games", meta, Column("id", Integer, primary_key=True), Column("ruleset", String, nullable=False, index=True),
        Column("ruleset_version", String, nullable=False), Column("options", String, nullable=False),
        Column("headers", String, nullable=False), Column("status", String, nullable=False, index=True),
        Column("kind", String, nullable=False), Column("table_json", String), Column("date", String, nullable=False, index=True),
        Column("location", String), Column("source", String), Column("source_id", String, index=True),
        Column("created", DateTime, nullable=False), Column("updated", DateTime, nullable=False), Column("finished", DateTime),
    )
    Table(
        "seats", meta, Column("id", Integer, primary_key=True), fk("games.id"), Column("position", Integer, nullable=False),
        Column("name", String, nullable=False), Column("player_id", Integer, ForeignKey("players.id"), nullable=False, index=True),
        Column("total", Integer), Column("rank", Integer), Column("winner", Boolean), UniqueConstraint("game_id", "position"),
    )
    Table(
        "entries", meta, Column("id", Integer, primary_key=True), fk("games.id"), Column("ply", Integer, nullable=False),
        Column("text", String, nullable=False), Column("payload", String, nullable=False), Column("comment", String, nullable=False),
        Column("created", DateTime, nullable=False), UniqueConstraint("game_id", "ply"),
    )
    Table(
        "results", meta, Column("id", Integer, primary_key=True), fk("games.id"),
        Column("player_id", Integer, ForeignKey("players.id"), nullable=False, index=True),
        Column("category", String, nullable=False), Column("points", Integer, nullable=False),
        UniqueConstraint("game_id", "player_id", "category"),
    )
    Table(
        "catalogue", meta, Column("id", Integer, primary_key=True), Column("game", String, nullable=False, index=True),
        Column("catalogue", String, nullable=False), Column("key", String, nullable=False), Column("value", String, nullable=False),
        Column("created", DateTime, nullable=False), UniqueConstraint("game", "catalogue", "key"),
    )
    return meta


def test_store_schema_2_is_migrated_to_the_current_one_keeping_everything(db_url, tmp_path, monkeypatch):
    from datetime import datetime

    from sqlalchemy import create_engine, inspect, text

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # a server's backup before it goes there
    url = db_url if "://" in db_url else f"sqlite:///{db_url}"
    engine = create_engine(url)
    now = datetime(2026, 11, 30, 20, 15)
    meta = _v2_schema()
    with engine.begin() as conn:
        meta.create_all(conn)
        t = meta.tables
        conn.execute(t["meta"].insert(), [{"key": "schema_version", "value": "2"}])
        conn.execute(t["players"].insert(), [{"id": 1, "name": "Ann", "key": "ann", "created": now}, {"id": 2, "name": "Ben", "key": "ben", "created": now}])
        game = {"ruleset": "pebbles", "ruleset_version": "1", "headers": "{}", "kind": "tracked", "date": "2026-11-30", "created": now, "updated": now, "finished": None}
        conn.execute(
            t["games"].insert(),
            [
                {**game, "id": 1, "options": '{"pile": "3"}', "status": "finished", "finished": now},
                {**game, "id": 2, "options": '{"pile": "9"}', "status": "active"},
                {**game, "id": 3, "options": "{}", "status": "active"},
            ],
        )
        conn.execute(
            t["seats"].insert(),
            [
                {"game_id": 1, "position": 0, "name": "Ann", "player_id": 1, "total": 12, "rank": 1, "winner": True},
                {"game_id": 1, "position": 1, "name": "Ben", "player_id": 2, "total": 1, "rank": 2, "winner": False},
                {"game_id": 2, "position": 0, "name": "Ben", "player_id": 2, "total": None, "rank": None, "winner": None},
                {"game_id": 2, "position": 1, "name": "Ann", "player_id": 1, "total": None, "rank": None, "winner": None},
                {"game_id": 3, "position": 0, "name": "Ann", "player_id": 1, "total": None, "rank": None, "winner": None},
                {"game_id": 3, "position": 1, "name": "Ben", "player_id": 2, "total": None, "rank": None, "winner": None},
            ],
        )
        entry = {"payload": '{"type": "Take"}', "comment": "", "created": now}
        conn.execute(
            t["entries"].insert(),
            [
                {**entry, "game_id": 1, "ply": 1, "text": "Ann take 2"},
                {**entry, "game_id": 1, "ply": 2, "text": "Ben take 1"},
                {**entry, "game_id": 2, "ply": 1, "text": "Ben take 3", "comment": "greedy"},
            ],
        )
        conn.execute(
            t["results"].insert(),
            [
                {"game_id": 1, "player_id": 1, "category": "taken", "points": 2},
                {"game_id": 1, "player_id": 1, "category": "bonus", "points": 10},
                {"game_id": 1, "player_id": 2, "category": "taken", "points": 1},
            ],
        )
    tables = ("players", "games", "seats", "entries", "results", "catalogue")
    with engine.connect() as conn:
        before = {name: conn.execute(text(f"SELECT count(*) FROM {name}")).scalar_one() for name in tables}
        seats_before = conn.execute(text("SELECT game_id, position, name, player_id, total, rank, winner FROM seats ORDER BY id")).all()
        entries_before = conn.execute(text("SELECT game_id, ply, text, comment FROM entries ORDER BY id")).all()
        results_before = conn.execute(text("SELECT game_id, player_id, category, points FROM results ORDER BY id")).all()
    engine.dispose()

    store = Store.open(db_url)
    assert store.migrated_from == 2 and store.schema_version() == SCHEMA_VERSION == 7
    assert store.backup_path is not None and store.backup_path.exists()
    store.close()

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            assert {name: conn.execute(text(f"SELECT count(*) FROM {name}")).scalar_one() for name in tables} == before
            assert conn.execute(text("SELECT game_id, position, name, player_id, total, rank, winner FROM seats ORDER BY id")).all() == seats_before
            assert conn.execute(text("SELECT game_id, ply, text, comment FROM entries ORDER BY id")).all() == entries_before
            assert conn.execute(text("SELECT game_id, player_id, category, points FROM results ORDER BY id")).all() == results_before
            counts = conn.execute(text("SELECT id, entry_count, time, duration, note FROM games ORDER BY id")).all()
            assert [tuple(row) for row in counts] == [(1, 2, None, None, None), (2, 1, None, None, None), (3, 0, None, None, None)]
            assert conn.execute(text("SELECT count(*) FROM seats WHERE start IS NOT NULL")).scalar_one() == 0
            # schema 4: the one finished game's two ranked seats rated (Ann won: above Ben)
            rated = conn.execute(text("SELECT game_id, player_id, ruleset, mu, ordinal FROM ratings ORDER BY player_id")).all()
            assert [(g, p, r) for g, p, r, _, _ in rated] == [(1, 1, "pebbles"), (1, 2, "pebbles")]
            assert rated[0][3] > 25 > rated[1][3] and rated[0][4] > rated[1][4]
            # schema 5: every result carries its game's ruleset
            assert conn.execute(text("SELECT DISTINCT ruleset FROM results")).scalars().all() == ["pebbles"]
        found = inspect(engine)
        assert "payload" not in {c["name"] for c in found.get_columns("entries")}
        assert {"game_id", "position", "key", "value"} <= {c["name"] for c in found.get_columns("seat_facts")}
        indexes = {i["name"] for name in ("games", "seats", "results", "seat_facts") for i in found.get_indexes(name)}
        assert {"ix_seats_player_game", "ix_games_status_date_id", "ix_games_ruleset_status_date", "ix_seat_facts_key_value"} <= indexes
        assert {"ix_results_ruleset_player_category_points", "ix_results_player_ruleset_category_points"} <= indexes
        assert not {"ix_seats_player_id", "ix_games_status", "ix_results_player_category"} & indexes
    finally:
        engine.dispose()

    store = Store.open(db_url)
    assert store.migrated_from is None  # done once
    loaded = service.read_game(store, 2)
    assert loaded.game.ply == 1 and loaded.game.comments[-1] == "greedy"
    service.enter(store, 2, "take 1")
    assert [g.entries for g in service.list_games(store) if g.id == 2] == [2]
    store.close()


# -- schema 4 -> 5 ----------------------------------------------------------------------------------
def _v4_schema():
    """Schema 4's tables as the code of schema 4 created them (its DDL, frozen here), on both
    engines through SQLAlchemy Core."""
    from sqlalchemy import Boolean, Column, DateTime, Float, ForeignKey, Index, Integer, MetaData, String, Table, UniqueConstraint

    meta = MetaData()

    def fk(target: str, index: bool = False) -> Column:
        return Column("game_id", Integer, ForeignKey(target, ondelete="CASCADE"), nullable=False, index=index)

    Table("meta", meta, Column("key", String, primary_key=True), Column("value", String, nullable=False))
    Table(
        "players", meta, Column("id", Integer, primary_key=True), Column("name", String, nullable=False),
        Column("key", String, nullable=False, unique=True, index=True), Column("created", DateTime, nullable=False),
    )
    Table(
        "games", meta, Column("id", Integer, primary_key=True), Column("ruleset", String, nullable=False),
        Column("ruleset_version", String, nullable=False), Column("options", String, nullable=False),
        Column("headers", String, nullable=False), Column("status", String, nullable=False),
        Column("kind", String, nullable=False), Column("table_json", String), Column("date", String, nullable=False),
        Column("time", String), Column("duration", Integer), Column("location", String), Column("note", String),
        Column("entry_count", Integer, nullable=False), Column("source", String), Column("source_id", String, index=True),
        Column("created", DateTime, nullable=False), Column("updated", DateTime, nullable=False), Column("finished", DateTime),
        Index("ix_games_status_date_id", "status", "date", "id"), Index("ix_games_ruleset_status_date", "ruleset", "status", "date"),
        Index("ix_games_date_id", "date", "id"), Index("ix_games_updated_id", "updated", "id"),
    )
    Table(
        "seats", meta, Column("id", Integer, primary_key=True), fk("games.id"), Column("position", Integer, nullable=False),
        Column("name", String, nullable=False), Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
        Column("start", Boolean), Column("total", Integer), Column("rank", Integer), Column("winner", Boolean),
        UniqueConstraint("game_id", "position"), Index("ix_seats_player_game", "player_id", "game_id"),
    )
    Table(
        "entries", meta, Column("id", Integer, primary_key=True), fk("games.id"), Column("ply", Integer, nullable=False),
        Column("text", String, nullable=False), Column("comment", String, nullable=False),
        Column("created", DateTime, nullable=False), UniqueConstraint("game_id", "ply"),
    )
    Table(
        "results", meta, Column("id", Integer, primary_key=True), fk("games.id"),
        Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
        Column("category", String, nullable=False), Column("points", Integer, nullable=False),
        UniqueConstraint("game_id", "player_id", "category"), Index("ix_results_player_category", "player_id", "category"),
    )
    Table(
        "seat_facts", meta, Column("id", Integer, primary_key=True), fk("games.id", index=True),
        Column("position", Integer, nullable=False), Column("key", String, nullable=False), Column("value", String, nullable=False),
        Index("ix_seat_facts_key_value", "key", "value"),
    )
    Table(
        "ratings", meta, Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        Column("player_id", Integer, ForeignKey("players.id"), primary_key=True), Column("ruleset", String, nullable=False),
        Column("mu", Float, nullable=False), Column("sigma", Float, nullable=False), Column("ordinal", Float, nullable=False),
        Index("ix_ratings_ruleset_player_game", "ruleset", "player_id", "game_id"),
    )
    Table(
        "catalogue", meta, Column("id", Integer, primary_key=True), Column("game", String, nullable=False, index=True),
        Column("catalogue", String, nullable=False), Column("key", String, nullable=False), Column("value", String, nullable=False),
        Column("created", DateTime, nullable=False), UniqueConstraint("game", "catalogue", "key"),
    )
    return meta


def test_store_schema_4_is_migrated_results_carry_their_games_ruleset(db_url, tmp_path, monkeypatch):
    from datetime import datetime

    from sqlalchemy import create_engine, inspect, text

    from assistant.service import stats
    from assistant.store.statistics import fold_ratings

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # a server's backup before it goes there
    url = db_url if "://" in db_url else f"sqlite:///{db_url}"
    engine = create_engine(url)
    now = datetime(2026, 11, 30, 20, 15)
    meta = _v4_schema()
    seven = {"military": 5, "treasury": 3, "wonder": 8, "civilian": 12, "commercial": 0, "guilds": 0, "science": 10, "leaders": 0}
    with engine.begin() as conn:
        meta.create_all(conn)
        t = meta.tables
        conn.execute(t["meta"].insert(), [{"key": "schema_version", "value": "4"}])
        conn.execute(t["players"].insert(), [{"id": i, "name": n, "key": n.lower(), "created": now} for i, n in ((1, "Ann"), (2, "Ben"))])
        game = {"ruleset_version": "1", "headers": "{}", "table_json": None, "date": "2026-11-30", "entry_count": 0, "created": now, "updated": now}
        conn.execute(
            t["games"].insert(),
            [
                {**game, "id": 1, "ruleset": "pebbles", "options": '{"pile": "3"}', "status": "finished", "kind": "tracked", "entry_count": 2, "finished": now},
                {**game, "id": 2, "ruleset": "pebbles", "options": '{"pile": "3"}', "status": "active", "kind": "tracked", "finished": None},
                {**game, "id": 3, "ruleset": "7wonders", "options": "{}", "status": "finished", "kind": "sheet", "finished": now},
            ],
        )
        seat = {"start": None, "total": None, "rank": None, "winner": None}
        conn.execute(
            t["seats"].insert(),
            [
                {**seat, "game_id": 1, "position": 0, "name": "Ann", "player_id": 1, "total": 12, "rank": 1, "winner": True},
                {**seat, "game_id": 1, "position": 1, "name": "Ben", "player_id": 2, "total": 1, "rank": 2, "winner": False},
                {**seat, "game_id": 2, "position": 0, "name": "Ben", "player_id": 2},
                {**seat, "game_id": 2, "position": 1, "name": "Ann", "player_id": 1},
                {**seat, "game_id": 3, "position": 0, "name": "Ann", "player_id": 1, "total": 38, "rank": 1, "winner": True},
                {**seat, "game_id": 3, "position": 1, "name": "Ben", "player_id": 2, "total": 14, "rank": 2, "winner": False},
            ],
        )
        conn.execute(
            t["entries"].insert(),
            [{"game_id": 1, "ply": 1, "text": "Ann take 2", "comment": "", "created": now}, {"game_id": 1, "ply": 2, "text": "Ben take 1", "comment": "", "created": now}],
        )
        conn.execute(
            t["results"].insert(),
            [
                {"game_id": 1, "player_id": 1, "category": "taken", "points": 2},
                {"game_id": 1, "player_id": 1, "category": "survived", "points": 10},
                {"game_id": 1, "player_id": 2, "category": "taken", "points": 1},
                {"game_id": 1, "player_id": 2, "category": "survived", "points": 0},
                *({"game_id": 3, "player_id": 1, "category": c, "points": p} for c, p in seven.items()),
                *({"game_id": 3, "player_id": 2, "category": c, "points": p} for c, p in {**dict.fromkeys(seven, 0), "military": 9, "science": 2, "wonder": 3}.items()),
            ],
        )
        # a schema 4 file holds each ranked seat's rating as the fold gives it (db check compares them)
        ranked = [("7wonders", 3, "2026-11-30", 1, "Ann", 1), ("7wonders", 3, "2026-11-30", 2, "Ben", 2)]
        ranked += [("pebbles", 1, "2026-11-30", 1, "Ann", 1), ("pebbles", 1, "2026-11-30", 2, "Ben", 2)]
        conn.execute(
            t["ratings"].insert(),
            [
                {"game_id": s[1], "player_id": s[3], "ruleset": s[0], "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
                for game, rated in fold_ratings(ranked)
                for s, r in zip(game, rated)
            ],
        )
    with engine.connect() as conn:
        results_before = conn.execute(text("SELECT id, game_id, player_id, category, points FROM results ORDER BY id")).all()
    engine.dispose()

    store = Store.open(db_url)
    assert store.migrated_from == 4 and store.schema_version() == SCHEMA_VERSION == 7
    assert store.backup_path is not None and store.backup_path.exists()
    store.close()

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, game_id, player_id, category, points, ruleset FROM results ORDER BY id")).all()
        assert [tuple(r[:5]) for r in rows] == [tuple(r) for r in results_before]
        assert {(r[1], r[5]) for r in rows} == {(1, "pebbles"), (3, "7wonders")}
        found = inspect(engine)
        assert "phone_seats" in found.get_table_names()  # schema 6, made by the same migration
        column = next(c for c in found.get_columns("results") if c["name"] == "ruleset")
        assert column["nullable"] is False
        indexes = {i["name"]: i["column_names"] for i in found.get_indexes("results")}
        assert indexes["ix_results_ruleset_player_category_points"] == ["ruleset", "player_id", "category", "points"]
        assert indexes["ix_results_player_ruleset_category_points"] == ["player_id", "ruleset", "category", "points"]
        assert "ix_results_player_category" not in indexes
    finally:
        engine.dispose()

    store = Store.open(db_url)
    assert store.migrated_from is None  # done once
    assert service.check_database(store, full=False).ok
    figures = {(c.game, c.name, c.category): (c.count, c.average) for c in stats.categories(store).categories}
    assert figures[("7wonders", "Ann", "science")] == (1, 10.0) and figures[("7wonders", None, "military")] == (2, 7.0)
    assert figures[("pebbles", "Ann", "survived")] == (1, 10.0) and ("pebbles", "Ben", "military") not in figures
    service.enter(store, 2, "Ben take 2")
    service.enter(store, 2, "Ann take 1")  # the last pebble: game 2 finished, its results written
    figures = {(c.game, c.name, c.category): (c.count, c.average) for c in stats.categories(store, game="pebbles").categories}
    assert figures[("pebbles", "Ben", "taken")] == (2, 1.5) and figures[("pebbles", None, "survived")] == (4, 5.0)
    assert service.check_database(store, full=False).ok
    store.close()


def test_store_schema_6_is_migrated_player_keys_keep_every_script(db_url, tmp_path, monkeypatch):
    """Schema 7 (issue 22): a player's key keeps the letters of every script. A schema 6 file
    holds "Jørgen" under the key "j rgen"; after the migration the key is "jørgen", and the
    same name typed again is the same player."""
    from sqlalchemy import create_engine, text

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert run_cli("add", "7w", "--score", "Jørgen=50", "--score", "Ann=40", db=db_url).returncode == 0
    url = db_url if "://" in db_url else f"sqlite:///{db_url}"
    engine = create_engine(url)
    with engine.begin() as conn:  # the file as schema 6 wrote it
        conn.execute(text("UPDATE players SET key = 'j rgen' WHERE name = 'Jørgen'"))
        conn.execute(text("UPDATE meta SET value = '6' WHERE key = 'schema_version'"))
    engine.dispose()
    store = Store.open(db_url)
    assert store.migrated_from == 6 and store.schema_version() == SCHEMA_VERSION == 7
    store.close()
    assert run_cli("add", "7w", "--score", "JØRGEN=45", "--score", "Ann=47", db=db_url).returncode == 0
    players = run_cli("players", "list", "--json", db=db_url).stdout
    import json

    assert sorted((p["name"], p["played"]) for p in json.loads(players)) == [("Ann", 2), ("Jørgen", 2)]
