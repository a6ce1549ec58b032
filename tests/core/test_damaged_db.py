"""Damaged and unusable database files (issue 10): every case x the commands ``games``,
``show``, ``move``, ``new``, ``import``, ``db check``, ``db backup`` and ``players`` ends in
exit 0 or a clear refusal (exit 1), never an internal error (exit 3) or a traceback; and a
refused command leaves the file and its folder byte for byte as they were (the names and
bytes of every file in the folder are compared).

The matrix runs in-process (typer's CliRunner) for speed; a few cases also run through the
installed ``assistant`` command in a subprocess.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant import service
from assistant.cli.main import app
from assistant.store.db import Store
from assistant.store.models import SCHEMA_VERSION

runner = CliRunner()
PAGE = 4096
GAMES = 40


# -- the healthy database every case starts from -----------------------------------------------------
@pytest.fixture(scope="module")
def base(tmp_path_factory) -> tuple[bytes, str]:
    """A healthy history (bytes, WAL checkpointed) with several pages, and one game's record."""
    folder = tmp_path_factory.mktemp("base")
    path = folder / "history.sqlite3"
    store = Store.open(str(path))
    for n in range(GAMES):
        gid = service.new_game(store, "toy", [f"Ann{n}", "Ben"], {"pile": "9"})
        service.enter(store, gid, "take 1  # a comment long enough to fill some pages " + "x" * 60)
        service.enter(store, gid, "take 2")
    record = service.export_game(store, 1)
    store.close()
    data = path.read_bytes()
    assert len(data) // PAGE >= 8, "the base database should span several pages"
    return data, record


def _flip(data: bytes, offset: int, count: int = 16, seed: int = 1) -> bytes:
    rng = random.Random(seed)
    raw = bytearray(data)
    for i in range(offset, min(offset + count, len(raw))):
        raw[i] ^= rng.randrange(1, 256)
    return bytes(raw)


def _sqlite(path: Path, statements: list[str], *, wal: bool = False) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    if wal:
        conn.execute("PRAGMA journal_mode=WAL")
    for statement in statements:
        conn.execute(statement)
    conn.close()


def _edit_ours(path: Path, data: bytes, statements: list[str], *, writable_schema: bool = False) -> None:
    path.write_bytes(data)
    conn = sqlite3.connect(path, isolation_level=None)
    if writable_schema:
        conn.execute("PRAGMA writable_schema=ON")
    for statement in statements:
        conn.execute(statement)
    conn.close()


def _half_created(path: Path) -> None:
    """Our tables and no schema_version row, no game: an earlier version stopped while creating."""
    other = path.with_name("tmp-build.sqlite3")
    Store.open(str(other)).create().close()
    conn = sqlite3.connect(other, isolation_level=None)
    conn.execute("DELETE FROM meta")
    conn.close()
    shutil.move(str(other), str(path))


Make = Callable[[Path, bytes], None]


def _write(content: bytes | Callable[[bytes], bytes]) -> Make:
    def make(path: Path, data: bytes) -> None:
        path.write_bytes(content(data) if callable(content) else content)

    return make


CASES: dict[str, Make] = {
    "no file yet": lambda p, d: None,
    "empty file": _write(b""),
    "truncated in the magic": _write(lambda d: d[:10]),
    "truncated in the header": _write(lambda d: d[:60]),
    "truncated after the header": _write(lambda d: d[:100]),
    "truncated inside page 1": _write(lambda d: d[:1000]),
    "truncated to one page": _write(lambda d: d[:PAGE]),
    "truncated to half": _write(lambda d: d[: len(d) // 2 // PAGE * PAGE]),
    "truncated by the last page": _write(lambda d: d[:-PAGE]),
    "truncated mid-page": _write(lambda d: d[:-100]),
    "header page size flipped": _write(lambda d: _flip(d, 16, 2)),
    "header format bytes flipped": _write(lambda d: _flip(d, 18, 2)),
    "header payload fractions flipped": _write(lambda d: _flip(d, 21, 3)),
    "header page count flipped": _write(lambda d: _flip(d, 28, 4)),
    "page 1 schema wiped": _write(lambda d: d[:100] + b"\xff" * (PAGE - 100) + d[PAGE:]),
    "page 1 b-tree header flipped": _write(lambda d: _flip(d, 100, 8)),
    "16 bytes flipped in page 2": _write(lambda d: _flip(d, PAGE + 8, 16)),
    "16 bytes flipped in page 3": _write(lambda d: _flip(d, 2 * PAGE + 8, 16, seed=3)),
    "16 bytes flipped in the last page": _write(lambda d: _flip(d, len(d) - PAGE + 8, 16, seed=4)),
    "a middle page of random bytes": _write(
        lambda d: d[: 4 * PAGE] + random.Random(5).randbytes(PAGE) + d[5 * PAGE :]
    ),
    "not SQLite: text": _write(b"shopping list: eggs, milk\n" * 200),
    "not SQLite: random bytes": _write(random.Random(6).randbytes(3 * PAGE)),
    "SQLite magic then random bytes": _write(b"SQLite format 3\x00" + random.Random(7).randbytes(3 * PAGE - 16)),
    "another program's SQLite": lambda p, d: _sqlite(
        p, ["CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)", "INSERT INTO invoices VALUES (1, 9.5)"]
    ),
    "another program's SQLite in WAL mode": lambda p, d: _sqlite(
        p, ["CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)", "INSERT INTO notes VALUES (1, 'hi')"], wal=True
    ),
    "another program's meta and games": lambda p, d: _sqlite(
        p, ["CREATE TABLE meta (k TEXT)", "CREATE TABLE games (x TEXT)"]
    ),
    "meta without schema_version, no games": lambda p, d: _half_created(p),
    "meta without schema_version, with games": lambda p, d: _edit_ours(p, d, ["DELETE FROM meta"]),
    "schema version unreadable": lambda p, d: _edit_ours(p, d, ["UPDATE meta SET value = 'two'"]),
    "newer schema version": lambda p, d: _edit_ours(p, d, ["UPDATE meta SET value = '99'"]),
    "older schema version (migrated)": lambda p, d: _edit_ours(
        p,
        d,
        [
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
            "DROP INDEX ix_results_ruleset_player_category_points",
            "DROP INDEX ix_results_player_ruleset_category_points",
            "ALTER TABLE results DROP COLUMN ruleset",
            "UPDATE meta SET value = '1'",
        ],
    ),
    "NULL game type": lambda p, d: (
        _edit_ours(
            p,
            d,
            ["UPDATE sqlite_master SET sql = replace(sql, 'ruleset VARCHAR NOT NULL', 'ruleset VARCHAR') WHERE name = 'games'"],
            writable_schema=True,
        ),
        _edit_ours(p, p.read_bytes(), ["UPDATE games SET ruleset = NULL WHERE id = 1"]),
    ),
    "read-only file": lambda p, d: (p.write_bytes(d), p.chmod(0o444)),
    "read-only folder": lambda p, d: (p.write_bytes(d), p.parent.chmod(0o555)),
    "a folder as the path": lambda p, d: p.mkdir(),
}

COMMANDS: dict[str, list[str]] = {
    "games": ["games"],
    "show": ["show", "1"],
    "move": ["move", "1", "take 1"],
    "new": ["new", "toy", "-p", "Ann", "-p", "Ben"],
    "import": ["import", "RECORD", "--allow-duplicate"],
    "db check": ["db", "check"],
    "db backup": ["db", "backup"],
    "players": ["players"],
}


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under ``folder``: names and bytes (None for a folder)."""
    found: dict[str, bytes | None] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs:
            found[os.path.relpath(os.path.join(root, name), folder)] = None
        for name in files:
            full = os.path.join(root, name)
            found[os.path.relpath(full, folder)] = Path(full).read_bytes()
    return found


def _differences(before: dict[str, bytes | None], after: dict[str, bytes | None]) -> list[str]:
    names = sorted(set(before) | set(after))
    return [n for n in names if before.get(n, b"<absent>") != after.get(n, b"<absent>")]


def _unlock(folder: Path) -> None:
    for root, dirs, files in os.walk(folder):
        os.chmod(root, 0o755)
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_damaged_db_every_command_refuses_cleanly_and_changes_nothing(case, base, tmp_path):
    data, record = base
    record_file = tmp_path / "game.txt"
    record_file.write_text(record, encoding="utf-8")
    codes: dict[str, int] = {}
    for command, args in COMMANDS.items():
        folder = tmp_path / command.replace(" ", "-")
        folder.mkdir()
        path = folder / "history.sqlite3"
        CASES[case](path, data)
        before = snapshot(folder)
        argv = [a if a != "RECORD" else str(record_file) for a in args] + ["--db", str(path)]
        try:
            result = runner.invoke(app, argv)
            after = snapshot(folder)
        finally:
            _unlock(folder)
        codes[command] = result.exit_code
        output = result.stdout + result.stderr
        assert result.exit_code in (0, 1), f"{case} / {command}: exit {result.exit_code}\n{output}"
        assert "Traceback" not in output and "internal error" not in output, f"{case} / {command}\n{output}"
        if result.exit_code == 1:
            assert "✗" in result.stderr or "damaged" in output, f"{case} / {command}: no message\n{output}"
            changed = _differences(before, after)
            assert not changed, f"{case} / {command} was refused but changed {changed}\n{output}"
    print(f"{case}: " + ", ".join(f"{c} {code}" for c, code in codes.items()))


@pytest.mark.parametrize(
    "case", ["16 bytes flipped in page 2", "16 bytes flipped in the last page", "a middle page of random bytes"]
)
def test_damaged_db_check_reports_damage_then_new_and_import_refuse(case, base, tmp_path):
    data, record = base
    path = tmp_path / "history.sqlite3"
    CASES[case](path, data)
    check = runner.invoke(app, ["db", "check", "--db", str(path)])
    assert check.exit_code == 1 and "damaged" in check.stderr + check.stdout, check.output
    record_file = tmp_path / "game.txt"
    record_file.write_text(record, encoding="utf-8")
    before = path.read_bytes()
    for args in (["new", "toy", "-p", "Ann", "-p", "Ben"], ["import", str(record_file), "--allow-duplicate"]):
        result = runner.invoke(app, [*args, "--db", str(path)])
        assert result.exit_code == 1 and "damaged" in result.stderr, (args, result.output)
    assert path.read_bytes() == before


def test_damaged_db_message_names_the_damage_and_the_backup(base, tmp_path):
    data, _ = base
    path = tmp_path / "history.sqlite3"
    CASES["truncated to half"](path, data)
    result = runner.invoke(app, ["games", "--db", str(path)])
    assert result.exit_code == 1
    assert "the database file" in result.stderr and "is damaged:" in result.stderr
    assert "assistant db backup" in result.stderr


def test_damaged_db_null_game_type_is_reported_not_a_type_error(base, tmp_path):
    data, _ = base
    path = tmp_path / "history.sqlite3"
    CASES["NULL game type"](path, data)
    check = runner.invoke(app, ["db", "check", "--db", str(path)])
    assert check.exit_code == 1 and "game 1 has no game type" in check.stderr
    shown = runner.invoke(app, ["show", "1", "--db", str(path)])
    assert shown.exit_code == 1 and "no game type" in shown.stderr
    assert runner.invoke(app, ["show", "2", "--db", str(path)]).exit_code == 0


def test_damaged_db_half_created_file_is_completed_by_the_first_write(tmp_path):
    path = tmp_path / "history.sqlite3"
    _half_created(path)
    assert runner.invoke(app, ["games", "--db", str(path)]).exit_code == 0
    result = runner.invoke(app, ["new", "toy", "-p", "Ann", "-p", "Ben", "--db", str(path)])
    assert result.exit_code == 0, result.output
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    conn.close()
    assert not list(tmp_path.glob("*.bak"))


def test_damaged_db_reading_or_refused_on_a_new_path_creates_nothing(tmp_path):
    path = tmp_path / "sub" / "history.sqlite3"
    for args in (["games"], ["show", "1"], ["players"], ["db", "check"], ["db", "backup"], ["move", "1", "take 1"]):
        result = runner.invoke(app, [*args, "--db", str(path)])
        assert result.exit_code in (0, 1), result.output
    for args in (["undo", "1"], ["finish", "1"], ["abandon", "1"], ["players", "rename", "Ann", "Bo"],
                 ["players", "merge", "Ann", "Bo"], ["catalogue", "remove", "pax", "k"]):
        result = runner.invoke(app, [*args, "--db", str(path)])
        assert result.exit_code == 1 and "✗" in result.stderr, result.output
    assert list(path.parent.iterdir()) == []


def test_damaged_db_creator_killed_inside_its_transaction(tmp_path):
    """A process killed while creating the database leaves a hot journal: the next command
    rolls it back (as SQLite does) and goes on, instead of refusing the file for ever."""
    path = tmp_path / "history.sqlite3"
    killed = (
        "import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "c.execute('PRAGMA cache_size=10'); c.execute('BEGIN IMMEDIATE'); "
        "c.execute('CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)'); c.execute('CREATE TABLE t (x)'); "
        "[c.execute('INSERT INTO t VALUES (?)', ('x' * 200,)) for _ in range(3000)]; os._exit(9)"
    )
    subprocess.run([sys.executable, "-c", killed, str(path)], timeout=60)
    assert path.with_name(path.name + "-journal").exists()
    assert runner.invoke(app, ["games", "--db", str(path)]).exit_code == 0
    result = runner.invoke(app, ["new", "toy", "-p", "Ann", "-p", "Ben", "--db", str(path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]


# -- a few through the installed command ---------------------------------------------------------------
def _installed() -> str:
    exe = shutil.which("assistant") or str(Path(sys.executable).parent / "assistant")
    if not Path(exe).exists():
        pytest.skip("the assistant command is not installed in this environment")
    return exe


@pytest.mark.parametrize(
    "case", ["16 bytes flipped in page 2", "another program's SQLite in WAL mode"]
)
def test_damaged_db_installed_command(case, base, tmp_path):
    exe = _installed()
    data, _ = base
    folder = tmp_path / "db"
    folder.mkdir()
    path = folder / "history.sqlite3"
    CASES[case](path, data)
    env = {**os.environ, "NO_COLOR": "1"}
    for args in (["games"], ["db", "check"], ["new", "roma", "-p", "Ann", "-p", "Ben"]):
        before = snapshot(folder)
        result = subprocess.run([exe, *args, "--db", str(path)], capture_output=True, text=True, timeout=60, env=env)
        assert result.returncode in (0, 1), (case, args, result.stderr)
        assert "Traceback" not in result.stderr
        if result.returncode == 1:
            assert not _differences(before, snapshot(folder)), (case, args, result.stderr)


@pytest.mark.parametrize("what", ["file", "folder"])
def test_damaged_db_read_only_for_this_user_reads_and_refuses_writes(what, base, tmp_path, monkeypatch):
    """The tests run as root, for whom chmod does not stop writing: os.access is made to say
    what it says to a user who may not write, and the file is read as such a user would."""
    data, record = base
    folder = tmp_path / "db"
    folder.mkdir()
    path = folder / "history.sqlite3"
    path.write_bytes(data)
    locked = path if what == "file" else folder
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode, **kw: False if Path(p) == locked and mode & os.W_OK else real_access(p, mode, **kw)
    )
    record_file = tmp_path / "game.txt"
    record_file.write_text(record, encoding="utf-8")
    for command, args in COMMANDS.items():
        argv = [a if a != "RECORD" else str(record_file) for a in args] + ["--db", str(path)]
        if command == "db backup":
            argv.insert(2, str(tmp_path / "copy.sqlite3"))
        before = snapshot(folder)
        result = runner.invoke(app, argv)
        assert snapshot(folder) == before, (command, result.output)
        if command in ("move", "new", "import"):
            assert result.exit_code == 1 and "read-only" in result.stderr, (command, result.output)
        else:
            assert result.exit_code == 0, (command, result.output)
    assert (tmp_path / "copy.sqlite3").exists()


def test_damaged_db_read_only_file_mode_is_kept(base, tmp_path):
    data, _ = base
    path = tmp_path / "history.sqlite3"
    CASES["read-only file"](path, data)
    try:
        assert runner.invoke(app, ["games", "--db", str(path)]).exit_code in (0, 1)
        assert stat.S_IMODE(path.stat().st_mode) == 0o444
    finally:
        path.chmod(0o644)


def test_damaged_db_pages_checked_before_adding_games_only_up_to_a_size(tmp_path, monkeypatch):
    """core.db: a command that adds a game checks the file's pages first (quick_check reads
    every page), up to VERIFY_UP_TO_BYTES; a larger history is not read whole on every 'new' or
    'add' (db check --quick checks it)."""
    from assistant import service
    from assistant.store import db as dbmodule

    path = tmp_path / "history.sqlite3"
    store = Store.open(str(path))
    service.new_game(store, "roma", ["Ann", "Ben"])
    checked: list[bool] = []
    original = dbmodule.Store._quick_check
    monkeypatch.setattr(dbmodule.Store, "_quick_check", lambda self, conn: checked.append(True) or original(self, conn))
    service.new_game(Store.open(str(path)), "roma", ["Ann", "Ben"])
    assert checked == [True]
    monkeypatch.setattr(dbmodule, "VERIFY_UP_TO_BYTES", 0)
    service.new_game(Store.open(str(path)), "roma", ["Ann", "Ben"])
    assert checked == [True]
    assert len(service.list_games(Store.open(str(path)))) == 3
