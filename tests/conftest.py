"""Shared fixtures: the made-up game of tests/toygame.py is registered for every test (before
the tests are collected, so that the generic tests, which parametrise over the registered games
of tests/registry_support.py, run on it too), and each test gets its own database (never the
user's).

The database engine is one parametrised fixture, ``engine``: the tests of the store, the
service and the command line (the modules in :data:`BOTH_ENGINES`) run twice, against an
SQLite file and against a database of their own on a PostgreSQL server (tests/pg_server.py);
every other test, and any test that asks for ``db_path`` (an SQLite file as such: damaged
files, file locks, file backups), runs on SQLite only. Without a server the PostgreSQL half is
reported skipped."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import pg_server  # noqa: E402
import toygame  # noqa: E402

from assistant.games import register  # noqa: E402

register(toygame.RULESET)

#: The test modules whose tests run on both engines (those not asking for ``db_path``).
BOTH_ENGINES = frozenset({
    "test_store", "test_cli", "test_secrets_cli", "test_imports", "test_postgres", "test_concurrent_writers", "test_stats",
    "test_stats_facts", "test_reimport", "test_interop", "test_position", "test_edit_play", "test_scale", "test_export_fast",
    "test_add", "test_db_check_ratings", "test_ratings_stored", "test_serve",
})


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    module = metafunc.module.__name__.rsplit(".", 1)[-1]
    own = {"db_path", "server_db"} & set(metafunc.fixturenames)  # a test of one engine's own things
    if module in BOTH_ENGINES and not own and "engine" in metafunc.fixturenames:
        reason = pg_server.unavailable()
        postgres = pytest.param("postgresql", marks=pytest.mark.skipif(reason is not None, reason=reason or ""))
        metafunc.parametrize("engine", ["sqlite", postgres], indirect=True)


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> str:
    """The database engine of this test: "sqlite" unless the test is parametrised."""
    return getattr(request, "param", "sqlite")


@pytest.fixture(autouse=True)
def _isolated_db(engine, tmp_path, monkeypatch):
    """Point ASSISTANT_DB at a fresh database, a file or one on the server, so that no test
    touches the user's history; yields the value ASSISTANT_DB holds."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")
    if engine == "postgresql":
        with pg_server.scratch_database() as url:
            monkeypatch.setenv("ASSISTANT_DB", url)
            yield url
        return
    monkeypatch.setenv("ASSISTANT_DB", str(tmp_path / "history.sqlite3"))
    yield tmp_path / "history.sqlite3"


@pytest.fixture
def db_path(_isolated_db, engine):
    """The test's own database file (SQLite only: tests asking for it are not run on a server)."""
    assert engine == "sqlite"
    return _isolated_db


@pytest.fixture
def db_url(_isolated_db) -> str:
    """The test's own database as ``--db``/``ASSISTANT_DB`` take it: a file path or a URL."""
    return str(_isolated_db)


# -- the PostgreSQL half's count, at the end of the run ---------------------------------------------
_ON_SERVER: set[str] = set()
_SERVER_OUTCOMES: dict[str, str] = {}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if params.get("engine") == "postgresql" or "server_db" in getattr(item, "fixturenames", ()):
            _ON_SERVER.add(item.nodeid)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.nodeid not in _ON_SERVER:
        return
    if report.failed:
        _SERVER_OUTCOMES[report.nodeid] = "failed"
    elif report.skipped:
        _SERVER_OUTCOMES.setdefault(report.nodeid, "skipped")
    elif report.when == "call":
        _SERVER_OUTCOMES.setdefault(report.nodeid, "passed")


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    """The skipped tests one line per reason, with their count (issue 23, D19: not a line per
    test), then the PostgreSQL half's count."""
    reasons: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reason = str(longrepr[2]) if isinstance(longrepr, tuple) and len(longrepr) == 3 else "skipped"
        reason = reason.removeprefix("Skipped: ")
        reasons[reason] = reasons.get(reason, 0) + 1
    for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
        terminalreporter.write_line(f"skipped {count}: {reason}")
    if not _ON_SERVER:
        return
    counts = {word: list(_SERVER_OUTCOMES.values()).count(word) for word in ("passed", "failed", "skipped")}
    from sqlalchemy.engine import make_url

    where = make_url(pg_server.SERVER_URL).render_as_string(hide_password=True) if pg_server.SERVER_URL else "no server"
    terminalreporter.write_line(
        f"PostgreSQL half ({where}): {len(_ON_SERVER)} tests, "
        f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped"
    )
