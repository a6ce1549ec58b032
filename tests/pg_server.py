"""Test databases on a PostgreSQL server: one database per test, created empty and dropped
after it. The server is named by ``ASSISTANT_TEST_PG_URL`` (``.ci/run`` starts a throw-away
one and sets it), e.g. ``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``; without it
the PostgreSQL half of the tests is reported skipped."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

SERVER_URL = os.environ.get("ASSISTANT_TEST_PG_URL", "")
SKIP_REASON = "no PostgreSQL server: set ASSISTANT_TEST_PG_URL (.ci/run starts one)"


def driver_missing() -> str | None:
    """Why the driver cannot be used (None when it can)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return 'the PostgreSQL driver is not installed: pip install ".[postgres]"'
    return None


def unavailable() -> str | None:
    """Why the PostgreSQL half cannot run (None when it can)."""
    return SKIP_REASON if not SERVER_URL else driver_missing()


def _admin():  # type: ignore[no-untyped-def]
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    return create_engine(SERVER_URL, isolation_level="AUTOCOMMIT", poolclass=NullPool)


@contextmanager
def scratch_database() -> Iterator[str]:
    """The URL of a new, empty database on the server, dropped (with its connections) after."""
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    name = "tc_test_" + uuid.uuid4().hex[:12]
    admin = _admin()
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE template0'))
        try:
            yield make_url(SERVER_URL).set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()
