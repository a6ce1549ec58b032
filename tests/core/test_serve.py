"""``assistant serve`` (rule core.serve): the game's board in a browser, live.

In process, with Starlette's test client, on SQLite and PostgreSQL: every page and what it
holds (the public view only: a Roma hand typed with its cards never reaches a page), the
security headers, a foreign Host refused, the board following an entry made meanwhile, the
event stream's ``changed`` events. Then the real command in its own process, as a table runs
it: it listens, serves the page, and the event stream says ``changed`` when ``move`` enters a
line from another process; and its refusals (no such game, not an address, a port in use)."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import socket
import subprocess
import time

import pytest

from assistant import service
from assistant.store.db import Store
from assistant.web.address import allowed_hosts, listen_address
from assistant.web.app import SECURITY_HEADERS, changes, make_app

from cli_support import cli_command, run_cli

starlette_testclient = pytest.importorskip("starlette.testclient")

HAND = "hand Ann Legat Forum Forum Turris"
CARDS = ("Legat", "Forum", "Turris")


@pytest.fixture
def roma(db_url):
    """Game 1: Roma, Ann's hand typed with its cards (a secret), Ben's as unknown."""
    store = Store.open(db_url)
    gid = service.new_game(store, "roma", ["Ann", "Ben"], {})
    service.enter(store, gid, HAND)
    service.enter(store, gid, "hand Ben ? ? ? ?")
    yield store, gid
    store.close()


def client(store, gid, hosts=("testserver",)):
    return starlette_testclient.TestClient(make_app(store, gid, list(hosts), interval=0.05))


def test_core_serve_board_page_shows_the_public_view(roma):
    store, gid = roma
    with client(store, gid) as web:
        page = web.get("/")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "Game 1 · Roma · Ann, Ben" in page.text and "hand Ann ? ? ? ?" in page.text
        assert '<script src="/static/board.js" defer></script>' in page.text and "<script>" not in page.text
        for path in ("/", "/board", "/board.json"):
            body = web.get(path).text
            assert not any(card in body for card in CARDS), (path, body)
        data = web.get("/board.json").json()
        assert data["ply"] == 2 and data["recent"][0] == [1, "hand Ann ? ? ? ?"] and "Ann 10" in data["score"]
        assert web.get("/static/board.js").status_code == 200 and web.get("/static/board.css").status_code == 200


def test_core_serve_every_answer_is_private_and_not_cached(roma):
    store, gid = roma
    with client(store, gid) as web:
        for path in ("/", "/board", "/board.json", "/static/board.js", "/nowhere"):
            answer = web.get(path)
            for header, value in SECURITY_HEADERS.items():
                assert answer.headers.get(header) == value, (path, header)
        assert "'unsafe-inline'" not in SECURITY_HEADERS["Content-Security-Policy"]
        assert web.post("/board").status_code == 405  # nothing is written through a page


def test_core_serve_foreign_host_is_refused(roma):
    store, gid = roma
    with client(store, gid) as web:
        assert web.get("/", headers={"Host": "evil.example"}).status_code == 400
        assert web.get("/board.json", headers={"Host": "evil.example:8765"}).status_code == 400
        assert web.get("/", headers={"Host": "testserver:8765"}).status_code == 200


def test_core_serve_board_follows_an_entry_made_elsewhere(roma):
    store, gid = roma
    with client(store, gid) as web:
        assert web.get("/board.json").json()["ply"] == 2
        service.enter(store, gid, "give Ann ? ?")  # as the play prompt or move would
        board = web.get("/board").text
        assert 'data-ply="3"' in board and "give Ann ? ?" in board


def test_core_serve_event_stream_says_changed_when_the_mark_changes():
    marks = iter(["1/a/active", "1/a/active", "2/b/active", "2/b/active", "3/c/finished"])
    seen: list[str] = []

    async def run() -> None:
        calls = 0

        async def gone() -> bool:
            nonlocal calls
            calls += 1
            return calls > 4

        async for event in changes(lambda: next(marks), gone, interval=0.001):
            seen.append(event)

    asyncio.run(run())
    assert seen[0] == "retry: 1000\n\n"
    assert [e for e in seen if e.startswith("event:")] == ["event: changed\ndata: 2/b/active\n\n", "event: changed\ndata: 3/c/finished\n\n"]


def test_core_serve_mark_changes_with_every_kind_of_write(roma):
    from assistant.service.live import mark

    store, gid = roma
    marks = [mark(store, gid)]
    service.enter(store, gid, "give Ann ? ?")
    marks.append(mark(store, gid))
    service.undo(store, gid)
    marks.append(mark(store, gid))
    service.abandon(store, gid)
    marks.append(mark(store, gid))
    assert len(set(marks)) == 4, marks
    assert mark(store, 999) == "gone"


def test_core_serve_address_is_named_or_found_never_everything_silently():
    assert listen_address("127.0.0.1") == "127.0.0.1" and listen_address(" ::1 ") == "::1"
    with pytest.raises(ValueError, match="not an IP address"):
        listen_address("my laptop")
    found = listen_address(None)
    assert found not in ("0.0.0.0", "::")
    assert allowed_hosts("127.0.0.1") == ["127.0.0.1", "[::1]", "localhost"]
    assert allowed_hosts("192.168.1.20") == ["192.168.1.20"]


# -- the real command ---------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_core_serve_command_serves_and_streams_changes(db_url, tmp_path):
    assert run_cli("new", "roma", "-p", "Ann", "-p", "Ben", db=db_url).returncode == 0
    assert run_cli("move", "1", HAND, db=db_url).returncode == 0
    port = _free_port()
    env = {**os.environ, "ASSISTANT_DB": str(db_url), "NO_COLOR": "1"}
    server = subprocess.Popen(cli_command("serve", "1", "--host", "127.0.0.1", "--port", str(port)), env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                connection.request("GET", "/board.json")
                answer = connection.getresponse()
                break
            except OSError:
                assert server.poll() is None, server.communicate()
                assert time.monotonic() < deadline, "the server did not answer within 30 s"
                time.sleep(0.2)
        data = json.loads(answer.read())
        assert answer.status == 200 and data["ply"] == 1 and data["recent"] == [[1, "hand Ann ? ? ? ?"]]
        stream = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        stream.request("GET", "/events")
        events = stream.getresponse()
        assert events.getheader("content-type").startswith("text/event-stream")
        assert events.readline() == b"retry: 1000\n"
        assert run_cli("move", "1", "hand Ben ? ? ? ?", db=db_url).returncode == 0  # another process
        started = time.monotonic()
        line = events.readline()
        while line in (b"\n", b": still here\n"):
            line = events.readline()
        assert line == b"event: changed\n", line
        assert time.monotonic() - started < 5
        stream.close()
    finally:
        server.terminate()
        out, err = server.communicate(timeout=20)
    assert "served at http://127.0.0.1:" in err, err
    assert "Traceback" not in err, err


def test_core_serve_command_refusals(db_url):
    missing = run_cli("serve", "7", "--host", "127.0.0.1", db=db_url)
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert run_cli("new", "roma", "-p", "Ann", "-p", "Ben", db=db_url).returncode == 0
    bad = run_cli("serve", "1", "--host", "my laptop", db=db_url)
    assert bad.returncode == 1 and "not an IP address" in bad.stderr and "core.serve" in bad.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = run_cli("serve", "1", "--host", "127.0.0.1", "--port", str(port), db=db_url)
    assert busy.returncode == 1 and f"port {port}" in busy.stderr and "--port" in busy.stderr, busy.stderr

