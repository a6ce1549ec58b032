"""Shared fixtures: the made-up game of tests/toygame.py is registered for every test, and
each test gets its own database (never the user's)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toygame  # noqa: E402

from assistant.games import register  # noqa: E402

register(toygame.RULESET)


@pytest.fixture(autouse=True)
def _isolated_db(tmp_path, monkeypatch):
    """Point ASSISTANT_DB at a fresh file so no test touches the user's history."""
    monkeypatch.setenv("ASSISTANT_DB", str(tmp_path / "history.sqlite3"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")
    yield tmp_path / "history.sqlite3"


@pytest.fixture
def db_path(_isolated_db):
    """The test's own database file."""
    return _isolated_db
