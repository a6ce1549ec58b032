"""The history on a PostgreSQL server (a club's shared database). Opt-in: set
ASSISTANT_TEST_PG_URL to a server URL such as postgresql+psycopg://postgres@127.0.0.1:5432/postgres
(with a driver installed); each run creates and drops a database of its own."""

from __future__ import annotations

import os
import uuid

import pytest

from assistant import service
from assistant.core.errors import Conflict, IllegalMove
from assistant.store.db import Store

URL = os.environ.get("ASSISTANT_TEST_PG_URL")
pytestmark = pytest.mark.skipif(not URL, reason="set ASSISTANT_TEST_PG_URL to test against PostgreSQL")


@pytest.fixture
def pg_url():
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = "tc_test_" + uuid.uuid4().hex[:10]
    admin = create_engine(URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    yield make_url(URL).set(database=name).render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    admin.dispose()


def test_postgres_whole_flow(pg_url):
    store = Store.open(pg_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "3"}, location="Club")
    service.enter(store, gid, "take 1")
    with pytest.raises(IllegalMove):
        service.enter(store, gid, "take 3")
    with pytest.raises(Conflict):
        service.enter(store, gid, "take 1", expect_ply=0)
    service.catalogue_set(store, "toy", "two", "take 2")
    done = service.enter(store, gid, "@two")
    assert done.outcome is not None and service.read_game(store, gid).row.status == "finished"
    text = service.export_game(store, gid)
    assert service.import_records(store, text, allow_duplicate=True)
    assert service.player_report(store, "Ann").wins == 2
    assert service.check_database(store).ok
    store.close()
    again = Store.open(pg_url)  # an existing schema is recognised, not recreated
    assert len(service.list_games(again)) == 2
    again.close()
