"""The history database keeps its secrets (issue "Secrets everywhere", part 4).

* No password is printed: ``db path`` shows a server's URL with ``***`` for its password
  (:func:`display_location`), and every message made from a URL or a driver's error is
  scrubbed (:func:`scrub_secrets`, used by ``Store.failure``): a server that is down, a host
  that does not exist, a database that does not exist, a URL that cannot be read, a driver that
  is not installed. With a test server (``ASSISTANT_TEST_PG_URL``, tests/pg_server.py) the
  refusals come from the real server; it accepts any password (trust), so a wrong password's
  refusal is not tested here.
* The files that hold games are private whatever the umask: the database file and its
  ``-wal``/``-shm`` 0600, the folder the program makes for it 0700, every backup (``db
  backup``, the one before a migration, a server's ``pg_dump`` or JSON dump) 0600, and a file
  written through :func:`private_opener` (exports) or :func:`private_file` (the prompt's
  line history) 0600.
"""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from assistant import service
from assistant.core.errors import StorageError
from assistant.store.db import Store, storage_error
from assistant.store.location import display_location, password_misquoted, scrub_secrets, url_secrets
from assistant.store.private import private_file, private_folder, private_opener

import pg_server
from db_support import raw_sql

SECRET = "S3cret-Pw_42"


def mode(path: Path) -> int:
    """The permission bits of ``path``."""
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The umask most systems give (files 0644, folders 0755), restored after the test."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def closed_port() -> int:
    """A port of 127.0.0.1 nothing listens on (a server that is down)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def refusal(url: str) -> str:
    """The message ``Store.open(url)`` is refused with (its hint too)."""
    with pytest.raises(StorageError) as info:
        Store.open(url).close()
    return f"{info.value.message} {info.value.hint or ''}"


# -- no password printed --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (f"postgresql+psycopg://club:{SECRET}@db.example:5432/games", "postgresql+psycopg://club:***@db.example:5432/games"),
        ("postgresql://club:p%40ss%2Fw@db/games", "postgresql://club:***@db/games"),
        ("postgresql://club:p@ss@db/games", "postgresql://club:***@db/games"),
        (f"postgresql:///games?host=db&user=club&password={SECRET}", "postgresql:///games?host=db&user=club&password=***"),
        (f"postgresql://db/games?sslpassword={SECRET}&sslmode=require", "postgresql://db/games?sslpassword=***&sslmode=require"),
        ("postgresql://club@db/games", "postgresql://club@db/games"),
        ("sqlite:////home/ann/history.sqlite3", "/home/ann/history.sqlite3"),
    ],
)
def test_db_path_shows_the_url_without_its_password(url, shown):
    assert display_location(url) == shown
    assert "p@ss" not in display_location(url) and SECRET not in display_location(url)


def test_db_path_hides_the_password_of_assistant_db(monkeypatch):
    """What ``db path`` prints for ASSISTANT_DB (resolve_location, then display_location)."""
    from assistant.store.location import resolve_location

    monkeypatch.setenv("ASSISTANT_DB", f"postgresql+psycopg://user:{SECRET}@host/db")
    assert display_location(resolve_location(None)) == "postgresql+psycopg://user:***@host/db"


def test_url_secrets_are_every_written_form_of_the_password():
    assert set(url_secrets("postgresql://club:p%40ss@db/games")) == {"p%40ss", "p@ss"}
    assert set(url_secrets("postgresql://club:p@ss@db/games")) >= {"p@ss", "p"}
    assert url_secrets("postgresql://club@db/games?password=") == ()
    assert password_misquoted("postgresql://club:p@ss@db/games") and not password_misquoted(f"postgresql://c:{SECRET}@db/g")


@pytest.mark.parametrize(
    "text",
    [
        f"Could not parse SQLAlchemy URL from string 'postgresql+psycopg://user:{SECRET}@host:x/db'",
        f"invalid dsn: missing \"=\" after \"x\" in connection info string \"host=h user=u password={SECRET} dbname=d x\"",
        f"connection failed: host=h password='{SECRET}' port=5432",
        f"password authentication failed (tried {SECRET})",
    ],
)
def test_driver_messages_are_scrubbed_of_the_password(text):
    url = f"postgresql+psycopg://user:{SECRET}@host/db"
    assert SECRET not in scrub_secrets(text, url)
    assert "***" in scrub_secrets(text, url)
    assert SECRET not in storage_error(RuntimeError(text), display_location(url), url).message


def test_a_server_that_is_down_is_named_without_its_password():
    message = refusal(f"postgresql+psycopg://club:{SECRET}@127.0.0.1:{closed_port()}/games")
    assert SECRET not in message and "club:***@127.0.0.1" in message


def test_a_host_that_does_not_exist_is_named_without_its_password():
    message = refusal(f"postgresql+psycopg://club:{SECRET}@no-such-host.invalid/games")
    assert SECRET not in message and "no-such-host.invalid" in message


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql+psycopg://club:{SECRET}@127.0.0.1:not-a-port/games",  # SQLAlchemy cannot read it
        f"postgresql+nodriver://club:{SECRET}@127.0.0.1/games",  # no such driver
        f"postgresql+psycopg://club:{SECRET}@127.0.0.1:1/games?sslmode=bogus",  # the driver refuses an option
    ],
)
def test_a_url_that_cannot_be_used_is_named_without_its_password(url):
    message = refusal(url)
    assert SECRET not in message and "***" in message


def test_a_password_with_an_unquoted_at_sign_is_refused_before_connecting():
    """SQLAlchemy would take the password's end for the host name and the driver would print
    it ("failed to resolve host 'ret@127.0.0.1'")."""
    message = refusal(f"postgresql+psycopg://club:S3c@ret@127.0.0.1:{closed_port()}/games")
    assert "ret" not in message.replace("%40", "") and "S3c" not in message and "%40" in message


def test_a_password_in_the_query_is_hidden_in_refusals():
    message = refusal(f"postgresql+psycopg:///games?host=127.0.0.1&port={closed_port()}&user=club&password={SECRET}")
    assert SECRET not in message and "password=***" in message


@pytest.fixture
def server_url_with_password() -> Iterator[str]:
    """A database of its own on the test server, named by a URL carrying a password (the
    test server trusts its clients: the password is not checked)."""
    if pg_server.unavailable():
        pytest.skip(pg_server.unavailable() or "")
    with pg_server.scratch_database() as url:
        yield make_url(url).set(password=SECRET).render_as_string(hide_password=False)


def test_server_refusals_are_scrubbed_of_the_password(server_url_with_password):
    url = server_url_with_password
    store = Store.open(url)
    assert SECRET not in store.where and "***" in store.where
    service.new_game(store, "pebbles", ["Ann", "Ben"])
    store.close()
    missing = make_url(url).set(database="tc_no_such_database").render_as_string(hide_password=False)
    message = refusal(missing)
    assert "does not exist" in message and SECRET not in message
    raw_sql(url, "UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    message = refusal(url)
    assert "newer version" in message and SECRET not in message


# -- private files --------------------------------------------------------------------------------
def test_private_folder_and_file_ignore_the_umask(tmp_path, umask_022):
    made = private_folder(tmp_path / "a" / "b")
    assert mode(tmp_path / "a") == 0o700 and mode(made) == 0o700
    assert private_file(made / "c" / "f.txt") and mode(made / "c") == 0o700 and mode(made / "c" / "f.txt") == 0o600
    assert not private_file(made / "c" / "f.txt")  # it exists: left as it is
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    private_folder(shared)
    assert mode(shared) == 0o755  # a folder the program did not make keeps its mode


def test_private_opener_writes_exports_0600(tmp_path, umask_022):
    part = tmp_path / "games.csv.part"
    with open(part, "w", encoding="utf-8", opener=private_opener) as handle:
        handle.write("game,player\n")
    assert mode(part) == 0o600
    old = tmp_path / "old.part"
    old.write_text("left over", encoding="utf-8")
    assert mode(old) == 0o644
    with open(old, "w", encoding="utf-8", opener=private_opener) as handle:
        handle.write("games")
    assert mode(old) == 0o600 and old.read_text(encoding="utf-8") == "games"


def test_database_file_its_wal_and_its_folder_are_private(tmp_path, umask_022):
    path = tmp_path / "data" / "table-companion" / "history.sqlite3"
    store = Store.open(str(path))
    assert mode(tmp_path / "data") == 0o700 and mode(path.parent) == 0o700
    service.new_game(store, "pebbles", ["Ann", "Ben"])
    service.new_game(store, "pebbles", ["Ann", "Ben"])  # in WAL mode now: -wal and -shm beside it
    with store.read():
        beside = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
        assert all(p.exists() for p in beside), sorted(p.name for p in path.parent.iterdir())
        assert {p.name: mode(p) for p in beside} == {p.name: 0o600 for p in beside}
    store.close()


def test_backups_are_private(tmp_path, umask_022):
    path = tmp_path / "history.sqlite3"
    store = Store.open(str(path))
    service.new_game(store, "pebbles", ["Ann", "Ben"])
    named = store.backup(tmp_path / "copy.sqlite3")
    default = store.backup()
    assert mode(named) == 0o600 and mode(default) == 0o600
    assert Store.open(str(named)).schema_version() > 0
    store.close()


def test_the_backup_before_a_migration_is_private(tmp_path, umask_022):
    """A schema-4 file (results without their ruleset) is copied, then migrated."""
    path = tmp_path / "history.sqlite3"
    store = Store.open(str(path))
    service.new_game(store, "pebbles", ["Ann", "Ben"])
    store.close()
    raw_sql(
        str(path),
        "DROP INDEX ix_results_ruleset_player_category_points",
        "DROP INDEX ix_results_player_ruleset_category_points",
        "ALTER TABLE results DROP COLUMN ruleset",
        "UPDATE meta SET value = '4' WHERE key = 'schema_version'",
    )
    os.chmod(path, 0o644)  # as an older version left it: an existing file keeps its mode
    store = Store.open(str(path))
    assert store.migrated_from == 4 and store.backup_path is not None
    assert mode(store.backup_path) == 0o600 and mode(path) == 0o644
    store.close()


def test_a_failed_backup_leaves_no_file(tmp_path, monkeypatch, umask_022):
    """The private file made for the copy goes when the copy fails (here: the source's pages
    cannot be read)."""
    import sqlite3

    path = tmp_path / "history.sqlite3"
    store = Store.open(str(path))
    service.new_game(store, "pebbles", ["Ann", "Ben"])
    real_connect = sqlite3.connect

    class Unreadable:
        def backup(self, target: sqlite3.Connection) -> None:
            raise sqlite3.DatabaseError("database disk image is malformed")

        def close(self) -> None:
            pass

    monkeypatch.setattr(sqlite3, "connect", lambda name, **kw: Unreadable() if Path(name) == path else real_connect(name, **kw))
    with pytest.raises(StorageError) as info:
        store.backup(tmp_path / "copy.sqlite3")
    assert "no backup was written" in info.value.message
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == []
    monkeypatch.undo()
    store.close()


@pytest.mark.parametrize("pg_dump", [True, False], ids=["pg_dump", "no-pg_dump"])
def test_server_backups_and_their_folder_are_private(server_url_with_password, tmp_path, monkeypatch, umask_022, pg_dump):
    if not pg_dump:
        monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump: the tables are written as JSON
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the folder of the backup before a migration
    store = Store.open(server_url_with_password)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"])
    copy = store.backup(tmp_path / "club.backup")
    assert mode(copy) == 0o600 and copy.stat().st_size > 0
    assert (copy.read_text(encoding="utf-8").startswith("{")) is (not pg_dump)
    store.close()
    raw_sql(
        server_url_with_password,
        "DROP INDEX ix_results_ruleset_player_category_points",
        "DROP INDEX ix_results_player_ruleset_category_points",
        "ALTER TABLE results DROP COLUMN ruleset",
        "UPDATE meta SET value = '4' WHERE key = 'schema_version'",
    )
    store = Store.open(server_url_with_password)
    assert store.migrated_from == 4 and store.backup_path is not None
    assert mode(store.backup_path) == 0o600
    assert mode(tmp_path / "data") == 0o700 and mode(store.backup_path.parent) == 0o700
    assert SECRET not in store.backup_path.read_text(encoding="utf-8")
    assert service.read_game(store, gid).row.ruleset == "pebbles"
    store.close()
