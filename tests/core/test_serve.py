"""``assistant serve`` (rule core.serve): the game's board in a browser, live.

In process, with Starlette's test client, on SQLite and PostgreSQL: every page and what it
holds (the public view only: a Roma hand typed with its cards never reaches a page), the
security headers, a foreign Host refused, the board following an entry made meanwhile, the
event stream's ``changed`` events. Then the real command in its own process, as a table runs
it: it listens, serves the page, and the event stream says ``changed`` when ``move`` enters a
line from another process; and its refusals (no such game, not an address, a port in use)."""

from __future__ import annotations

import asyncio
import re
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
from registry_support import games, random_game, seals_choices, setting

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
        time.sleep(0.25)  # a check of the game stands 0.2 s (Follower.FRESH); the event stream tells pages sooner
        board = web.get("/board").text
        assert 'data-ply="3"' in board and "give Ann ? ?" in board


def test_core_serve_event_stream_says_changed_when_the_mark_changes():
    """Two pages listen to one watcher: each hears every change once; the mark is read once
    per interval whatever the number of pages."""
    from assistant.web.app import Watcher

    marks = ["1/a/active", "1/a/active", "2/b/active", "2/b/active", "3/c/finished"] + ["3/c/finished"] * 1000
    reads = []

    def read_mark() -> str:
        reads.append(1)
        return marks[min(len(reads) - 1, len(marks) - 1)]

    async def page(watcher, seen, stop) -> None:
        async def gone() -> bool:
            return stop.is_set()

        async for event in changes(watcher, gone):
            seen.append(event)
            if event.startswith("event:") and "finished" in event:
                stop.set()

    async def run():
        watcher = Watcher(read_mark, interval=0.01)
        first, second = [], []
        one, two = asyncio.Event(), asyncio.Event()
        await asyncio.wait_for(asyncio.gather(page(watcher, first, one), page(watcher, second, two)), timeout=10)
        return first, second

    first, second = asyncio.run(run())
    for seen in (first, second):
        assert seen[0] == "retry: 1000\n\n"
        assert [e for e in seen if e.startswith("event:")] == ["event: changed\ndata: 2/b/active\n\n", "event: changed\ndata: 3/c/finished\n\n"]
    assert len(reads) < 20  # one reader for both pages


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


def _serving(args, db_url):
    """``assistant serve ARGS`` started in its own process, and the port it listens on."""
    port = _free_port()
    env = {**os.environ, "ASSISTANT_DB": str(db_url), "NO_COLOR": "1"}
    server = subprocess.Popen(cli_command("serve", *args, "--host", "127.0.0.1", "--port", str(port)), env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return server, port


def _wait_answer(server, connect):
    deadline = time.monotonic() + 30
    while True:
        try:
            return connect()
        except OSError:
            assert server.poll() is None, server.communicate()
            assert time.monotonic() < deadline, "the server did not answer within 30 s"
            time.sleep(0.2)


def test_core_serve_command_over_tls(db_url, tmp_path):
    import shutil
    import ssl

    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate to serve with")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    made = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                           "-days", "2", "-subj", "/CN=127.0.0.1"], capture_output=True)
    assert made.returncode == 0, made.stderr
    assert run_cli("new", "roma", "-p", "Ann", "-p", "Ben", db=db_url).returncode == 0
    server, port = _serving(["1", "--tls", str(cert), str(key)], db_url)
    try:
        context = ssl.create_default_context(cafile=str(cert))
        context.check_hostname = False

        def fetch():
            connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=5, context=context)
            connection.request("GET", "/board.json")
            return connection.getresponse()

        answer = _wait_answer(server, fetch)
        assert answer.status == 200 and json.loads(answer.read())["ply"] == 0
    finally:
        server.terminate()
        out, err = server.communicate(timeout=20)
    assert f"served at https://127.0.0.1:{port}/" in err, err
    wrong = run_cli("serve", "1", "--host", "127.0.0.1", "--tls", str(key), str(cert), db=db_url)
    assert wrong.returncode == 1 and "cannot use" in wrong.stderr and "Traceback" not in wrong.stderr


def test_core_serve_command_draws_the_seats_qr_codes_in_the_terminal(db_url):
    assert run_cli("new", "roma", "-p", "Ann", "-p", "Ben", db=db_url).returncode == 0
    server, port = _serving(["1", "--qr"], db_url)
    try:
        told = []
        for line in server.stderr:  # type: ignore[union-attr]
            told.append(line)
            if "↑ Ben:" in line:
                break
    finally:
        server.terminate()
        server.communicate(timeout=20)
    text = "".join(told)
    codes = dict(re.findall(r"↑ (\w+): scan it, or type ([A-Z0-9]{6})", text))
    assert set(codes) == {"Ann", "Ben"} and f"Ann {codes['Ann']} · Ben {codes['Ben']}" in text, text
    assert text.count("█") > 200  # two QR codes drawn with blocks


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



# -- phones: joining, a seat's page, its entries --------------------------------------------------
ORIGIN = {"Origin": "http://testserver"}


@pytest.fixture
def phones_table(db_url):
    """Game 1: Roma, nothing entered; each seat's code open, and a client with the codes."""
    from assistant.service import phones

    store = Store.open(db_url)
    gid = service.new_game(store, "roma", ["Ann", "Ben"], {})
    _, codes = phones.open_codes(store, gid)
    app = make_app(store, gid, ["testserver"], interval=0.05, codes=codes, join_url="http://testserver",
                   local=frozenset({"testclient"}))
    yield store, gid, codes, app
    store.close()


def _phone(app, code=None):
    """A phone's browser (its own cookie jar), joined with ``code`` when given."""
    phone = starlette_testclient.TestClient(app)
    if code is not None:
        joined = phone.post("/join", data={"code": code}, headers=ORIGIN, follow_redirects=False)
        assert joined.status_code == 303 and joined.headers["location"] == "/me", joined.text
        cookie = joined.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie, cookie
    return phone


def test_core_serve_phone_joins_with_its_code_once(phones_table):
    store, gid, codes, app = phones_table
    ann = _phone(app, codes["Ann"].lower())  # typed in any case
    page = ann.get("/me")
    assert page.status_code == 200 and "Game 1 · Roma · Ann" in page.text and str(page.url).endswith("/me")
    assert codes["Ann"] not in page.text and "code" not in str(page.url)
    other = _phone(app)
    again = other.post("/join", data={"code": codes["Ann"]}, headers=ORIGIN, follow_redirects=False)
    assert again.status_code == 403 and "each code works for one phone only" in again.text
    assert other.get("/me", follow_redirects=False).headers["location"] == "/join"
    from assistant.service import phones

    _, views = phones.phones(store, gid)
    assert [(v.seat, v.joined) for v in views] == [("Ann", True), ("Ben", False)]


def test_core_serve_phone_session_survives_a_restart_and_ends_on_reset(phones_table):
    from assistant.service import phones

    store, gid, codes, app = phones_table
    ann = _phone(app, codes["Ann"])
    token = ann.cookies.get("seat")
    again = starlette_testclient.TestClient(make_app(store, gid, ["testserver"]))  # the server restarted
    again.cookies.set("seat", token)
    assert again.get("/me").status_code == 200 and "Ann" in again.get("/me").text
    _, seat, code = phones.reset(store, gid, "ann")
    assert seat == "Ann" and again.get("/me", follow_redirects=False).status_code == 303
    assert again.get("/me/part").status_code == 401
    _phone(app, code)  # the new code takes the seat


def test_core_serve_phone_writes_need_this_server_s_origin(phones_table):
    store, gid, codes, app = phones_table
    phone = _phone(app)
    assert phone.post("/join", data={"code": codes["Ann"]}, follow_redirects=False).status_code == 403  # no Origin
    foreign = {"Origin": "http://evil.example"}
    assert phone.post("/join", data={"code": codes["Ann"]}, headers=foreign, follow_redirects=False).status_code == 403
    ann = _phone(app, codes["Ann"])
    refused = ann.post("/me/entry", data={"entry": "hand Ann ? ? ? ?"}, headers=foreign, follow_redirects=False)
    assert refused.status_code == 403 and service.read_game(store, gid).game.ply == 0


def test_core_serve_phone_wrong_codes_are_limited(phones_table):
    store, gid, codes, app = phones_table
    phone = _phone(app)
    answers = [phone.post("/join", data={"code": "ZZZZZZ"}, headers=ORIGIN).status_code for _ in range(11)]
    assert answers[:10] == [403] * 10 and answers[10] == 429
    assert phone.post("/join", data={"code": codes["Ann"]}, headers=ORIGIN).status_code == 429  # even a right one, for a while


def test_core_serve_phone_enters_its_own_secret_and_only_its_owner_sees_it(phones_table):
    """Ann's hand typed on Ann's phone: stored as typed, checked, shown in full to Ann only;
    the board, Ben's phone and log show its public form."""
    store, gid, codes, app = phones_table
    ann, ben = _phone(app, codes["Ann"]), _phone(app, codes["Ben"])
    board = starlette_testclient.TestClient(app)
    done = ann.post("/me/entry", data={"entry": HAND}, headers=ORIGIN, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/me"
    mine = ann.get("/me").text
    assert "Legat, Forum, Forum, Turris" in mine and HAND in mine
    for page in (ben.get("/me").text, ben.get("/me/part").text, board.get("/").text, board.get("/board.json").text):
        assert not any(card in page for card in CARDS), page
        assert "hand Ann ? ? ? ?" in page
    assert service.read_game(store, gid).game.entries[0].text == HAND  # stored as typed: the truth
    assert [line.text for line in service.read_entries(store, gid).entries] == ["hand Ann ? ? ? ?"]  # log
    assert [line.text for line in service.read_entries(store, gid, reveal=True).entries] == [HAND]


def test_core_serve_phone_may_enter_only_its_own_seat_s_moves(phones_table):
    store, gid, codes, app = phones_table
    ann = _phone(app, codes["Ann"])
    refused = ann.post("/me/entry", data={"entry": "hand Ben ? ? ? ?"}, headers=ORIGIN)
    assert refused.status_code == 422 and "this phone enters Ann&#x27;s own moves only" in refused.text
    assert "[core.serve]" in refused.text and service.read_game(store, gid).game.ply == 0
    illegal = ann.post("/me/entry", data={"entry": "hand Ann Legat Legat Legat Legat Legat"}, headers=ORIGIN)
    assert illegal.status_code == 422 and "✗" in illegal.text and service.read_game(store, gid).game.ply == 0
    empty = ann.post("/me/entry", data={"entry": "  "}, headers=ORIGIN)
    assert empty.status_code == 422 and "[core.entry]" in empty.text


def test_core_serve_phone_refusal_tells_nothing_its_seat_may_not_see(phones_table):
    """Ann's phone gives two cards she was not dealt: refused with the engine's reason (it is
    about Ann's own hand, which Ann sees), and nothing of Ben's hand in it."""
    store, gid, codes, app = phones_table
    ann, ben = _phone(app, codes["Ann"]), _phone(app, codes["Ben"])
    assert ann.post("/me/entry", data={"entry": HAND}, headers=ORIGIN, follow_redirects=False).status_code == 303
    assert ben.post("/me/entry", data={"entry": "hand Ben Templum Essedum Velites Architectus"}, headers=ORIGIN,
                    follow_redirects=False).status_code == 303
    own = ann.post("/me/entry", data={"entry": "give Ann Templum Essedum"}, headers=ORIGIN)  # not in Ann's hand: Ann knows
    assert own.status_code == 422 and "core.hidden.conflict" not in own.text and "Templum" in own.text
    assert "Velites" not in own.text and "Architectus" not in own.text.replace("give Ann Templum Essedum", "")


def test_core_serve_seats_page_is_for_the_laptop_only(phones_table):
    store, gid, codes, app = phones_table
    laptop = starlette_testclient.TestClient(app)  # the test client's address is the 'local' one here
    page = laptop.get("/seats")
    assert page.status_code == 200 and codes["Ann"] in page.text and "<svg" in page.text
    away = starlette_testclient.TestClient(make_app(store, gid, ["testserver"], codes=codes))
    assert away.get("/seats").status_code == 403
    join = laptop.get(f"/join?code={codes['Ann']}")
    assert join.status_code == 200 and f'value="{codes["Ann"]}"' in join.text  # filled in; nothing taken by a GET
    from assistant.service import phones

    assert not any(v.joined for v in phones.phones(store, gid)[1])


def test_core_serve_phone_page_drawn_before_the_game_moved_on_is_refused(phones_table):
    """An entry sent from a page drawn for an earlier turn of its seat is refused (the seat's
    own expectation changed); another seat's entry meanwhile is not in its way."""

    store, gid, codes, app = phones_table
    ann, ben = _phone(app, codes["Ann"]), _phone(app, codes["Ben"])

    def asked(phone) -> str:
        return re.search(r'name="asked" value="([^"]*)"', phone.get("/me").text).group(1)

    ann_asked = asked(ann)
    assert ben.post("/me/entry", data={"entry": "hand Ben ? ? ? ?", "asked": asked(ben)}, headers=ORIGIN,
                    follow_redirects=False).status_code == 303
    done = ann.post("/me/entry", data={"entry": HAND, "asked": ann_asked}, headers=ORIGIN, follow_redirects=False)
    assert done.status_code == 303  # Ben's entry meanwhile did not change what Ann is asked
    stale = ann.post("/me/entry", data={"entry": "give Ann Legat Forum", "asked": ann_asked}, headers=ORIGIN)
    assert stale.status_code == 422 and "[core.conflict]" in stale.text and service.read_game(store, gid).game.ply == 2
    fresh = ann.post("/me/entry", data={"entry": "give Ann Legat Forum", "asked": asked(ann)}, headers=ORIGIN,
                     follow_redirects=False)
    assert fresh.status_code == 303 and service.read_game(store, gid).game.ply == 3


def test_core_serve_one_phone_passed_around_opens_each_seat_with_its_pin(phones_table):
    """One phone for the table: Ann joins (a PIN, as the phone will be passed), Ben joins on
    the same phone (a PIN is required now). Between players the phone shows only who may open
    their seat; each seat opens with its own PIN; an entry hides it again; Done hides it."""
    store, gid, codes, app = phones_table
    phone = _phone(app)
    assert phone.post("/join", data={"code": codes["Ann"], "pin": "1234"}, headers=ORIGIN, follow_redirects=False).status_code == 303
    assert "Ann (only you see this)" in phone.get("/me").text  # one seat: open
    asked = phone.get("/join").text
    assert "holds Ann already" in asked and 'name="pin" type="password"' in asked and "required" in asked
    no_pin = phone.post("/join", data={"code": codes["Ben"]}, headers=ORIGIN)
    assert no_pin.status_code == 403 and "a PIN is 4 to 8 digits" in no_pin.text
    from assistant.service import phones

    _, ben_code = phones.reset(store, gid, "Ben")[1:]
    assert phone.post("/join", data={"code": ben_code, "pin": "98765"}, headers=ORIGIN, follow_redirects=False).status_code == 303
    between = phone.get("/me").text
    assert "Pass the phone" in between and "Open Ann" in between and "Open Ben" in between
    assert "only you see this" not in between and "hand" not in between.lower().replace("hands", "")
    wrong = phone.post("/pick", data={"seat": "Ann", "pin": "98765"}, headers=ORIGIN)  # Ben's PIN for Ann's seat
    assert wrong.status_code == 403 and "not the PIN" in wrong.text
    assert phone.post("/pick", data={"seat": "Ann", "pin": "1234"}, headers=ORIGIN, follow_redirects=False).status_code == 303
    ann = phone.get("/me").text
    assert "Ann (only you see this)" in ann and "Done: hide and pass the phone" in ann
    assert phone.post("/me/entry", data={"entry": HAND}, headers=ORIGIN, follow_redirects=False).status_code == 303
    assert "Pass the phone" in phone.get("/me").text  # hidden again after the entry
    assert phone.post("/pick", data={"seat": "Ben", "pin": "98765"}, headers=ORIGIN, follow_redirects=False).status_code == 303
    ben = phone.get("/me").text
    assert "Ben (only you see this)" in ben and not any(card in ben for card in CARDS)
    assert phone.post("/lock", headers=ORIGIN, follow_redirects=False).status_code == 303
    assert "Pass the phone" in phone.get("/me").text and "Pass the phone" in phone.get("/me/part").text
    assert phone.post("/pick", data={"seat": "Ben", "pin": "1"}, headers={"Origin": "http://evil.example"}).status_code == 403


@pytest.mark.parametrize("game_name", games())
def test_core_serve_a_whole_random_game_entered_on_the_phones(db_url, game_name):
    """A whole game of the conformance suite's random games, every entry of a seat made on that
    seat's phone (its page read first, as a person looks before tapping: its ``asked`` mark
    sent back), every other entry (the table's: dice, events, draws) made as ``move`` makes it:
    the game stored is the random game, entry for entry, and ends the same."""

    from assistant.service import phones

    truth = random_game(game_name, 1)
    store = Store.open(db_url)
    try:
        gid = service.new_game(store, game_name, list(truth.seats), dict(truth.options))
        _, codes = phones.open_codes(store, gid)
        app = make_app(store, gid, ["testserver"], interval=0.05, codes=codes)
        seat_phones = {seat: _phone(app, code) for seat, code in codes.items()}
        by_phone = 0
        for entry in truth.entries:
            player = getattr(entry.move, "player", None)
            phone = seat_phones.get(player) if player else None
            if phone is None:
                service.enter(store, gid, entry.text)
                continue
            asked = re.search(r'name="asked" value="([^"]*)"', phone.get("/me").text)
            assert asked is not None, (entry.ply, entry.text)
            done = phone.post("/me/entry", data={"entry": entry.text, "asked": asked.group(1).replace("&#x27;", "'")},
                              headers=ORIGIN, follow_redirects=False)
            assert done.status_code == 303, (game_name, setting(game_name, 1), entry.ply, entry.text, done.text[-600:])
            by_phone += 1
        stored = service.read_game(store, gid).game
        # a simultaneous choice made on a phone is stored sealed (7w.secrets.sealed), the rest as typed
        assert [e.text.removeprefix("sealed ") for e in stored.entries] == [e.text for e in truth.entries]
        assert stored.outcome() == truth.outcome() and by_phone > len(truth.entries) // 3, by_phone
        sealed = sum(e.text.startswith("sealed ") for e in stored.entries)
        assert (sealed > 0) == seals_choices(game_name), sealed
    finally:
        store.close()


def test_core_serve_7w_three_phones_choose_at_once_and_no_page_shows_a_choice_before_the_last(db_url):
    """7 Wonders (``7w.secrets.sealed``): three phones read their pages, then choose one after
    the other with the marks read before any choice was in (no phone refuses another); each
    choice is stored sealed, the board and the other phones show only "chose" until the last
    one is in, and then every page shows the turn resolved (a card sold still unnamed)."""
    from assistant.service import phones

    store = Store.open(db_url)
    try:
        gid = service.new_game(store, "7wonders", ["Ada", "Bob", "Cleo"], {"leaders": "false", "boards": "Gizah A, Rhodes A, Babylon A"})
        _, codes = phones.open_codes(store, gid)
        app = make_app(store, gid, ["testserver"], interval=0.05, codes=codes)
        seat = {name: _phone(app, code) for name, code in codes.items()}
        board = starlette_testclient.TestClient(app)
        marks = {name: re.search(r'name="asked" value="([^"]*)"', phone.get("/me").text).group(1).replace("&#x27;", "'")
                 for name, phone in seat.items()}
        choices = {"Ada": ("Ada build Lumber Yard", "Lumber Yard"), "Bob": ("Bob sell Baths", "Baths"), "Cleo": ("Cleo build Stone Pit", "Stone Pit")}
        for n, (name, (entry, card)) in enumerate(choices.items(), 1):
            done = seat[name].post("/me/entry", data={"entry": entry, "asked": marks[name]}, headers=ORIGIN, follow_redirects=False)
            assert done.status_code == 303, done.text[-400:]
            if n == 3:
                break
            assert entry in seat[name].get("/me").text  # the chooser sees their own choice
            verb = entry.split()[1]  # every hand is unknown: the others' buttons name any card, never this choice
            for other, phone in seat.items():
                if other != name:
                    for body in (phone.get("/me").text, phone.get("/me/part").text):
                        assert f"{name} {verb}" not in body and f"{name} chose" in body, (name, other)
            for path in ("/", "/board", "/board.json"):
                body = board.get(path).text
                assert card not in body and f"{name} {verb}" not in body and f"{name} chose" in body, (path, name)
        stored = [e.text for e in service.read_game(store, gid).game.entries]
        assert stored == ["sealed Ada build Lumber Yard", "sealed Bob sell Baths", "sealed Cleo build Stone Pit"]
        shown = "reveal Ada build Lumber Yard; Bob sell; Cleo build Stone Pit"
        for body in (board.get("/").text, seat["Ada"].get("/me").text, seat["Cleo"].get("/me").text):
            assert shown in body and "Bob sell Baths" not in body
        assert [line.text for line in service.read_entries(store, gid).entries] == ["Ada chose", "Bob chose", shown]
    finally:
        store.close()
