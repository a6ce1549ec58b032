"""Fixing a mistake in place (issue 12): ``amend ID PLY "ENTRY"``, ``amend ID PLY --delete``
and ``insert ID PLY "ENTRY"``, on the command line and at the ``play`` prompt.

For each game a recorded game (tests/records/<game>/) is imported into the test's database;
an amend that keeps every later entry legal is stored and replayed; one that makes a later
entry illegal is refused, names that entry (ply, text, rule) and leaves the database exactly
as it was. The tests that touch the database run on SQLite and on PostgreSQL (the ``engine``
fixture of tests/conftest.py), as the command-line tests do.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pg_server
from assistant import service
from assistant.cli.main import app
from assistant.core.errors import Conflict, InvalidEntry, RecordError
from assistant.core.game import Game, rebuilt
from assistant.core.record import RecordLine, read_record
from assistant.games import get_ruleset
from assistant.service.games import edit
from assistant.store.db import Store

RECORDS = Path(__file__).resolve().parents[1] / "records"
runner = CliRunner()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test of this module but the ``test_core_*`` ones runs on both engines."""
    if metafunc.function.__name__.startswith("test_core_") or "engine" not in metafunc.fixturenames:
        return
    reason = pg_server.unavailable()
    postgres = pytest.param("postgresql", marks=pytest.mark.skipif(reason is not None, reason=reason or ""))
    metafunc.parametrize("engine", ["sqlite", postgres], indirect=True)


@dataclass(frozen=True)
class Case:
    """One recorded game and the changes tried on it (found by replaying the record)."""

    record: str
    amend_ok: tuple[int, str]  # (ply, new entry): every later entry stays legal
    amend_bad: tuple[int, str, int, str]  # (ply, new entry, the later ply refused, its rule)
    delete_ok: int  # a ply whose removal keeps every later entry legal
    delete_bad: tuple[int, int, str]  # (ply, the later ply refused, its rule)
    insert_bad: tuple[int, str, int, str]  # (ply, entry, the later ply refused, its rule)


CASES = {
    "7wonders": Case(
        "7wonders/three-players-by-hand.txt",
        (24, "Cleo sell Timber Yard"),
        (24, "Cleo build Timber Yard", 64, "7w.commerce.price"),
        70,
        (24, 25, "7w.turn.choose"),
        (24, "Cleo sell Timber Yard", 24, "7w.wonder.babylon.b"),
    ),
    "roma": Case(
        "roma/hand_checked_short_game.txt",
        (9, "activate 2 vp 4"),
        (11, "roll 1 1 1", 12, "roma.actions.dice"),
        9,
        (10, 11, "roma.phase2.roll"),
        (9, "activate 2 vp 4", 9, "roma.actions.dice"),
    ),
    "pax": Case(
        "pax/solo_level_1_win.txt",
        (37, "Ann draw wealth 1/1 I"),
        (24, "refill I wealth 1/1", 25, "pax.round"),
        40,
        (24, 25, "pax.round"),
        (24, "refill I wealth 1/1", 24, "pax.roundend.refill"),
    ),
    "sylla": Case(
        "sylla/four_players_seed11.txt",
        (98, "Blue pays Sla1"),
        (98, "Blue pays Ves1", 112, "sylla.phase5.effects"),
        120,
        (98, 99, "sylla.phase3.payment"),
        (98, "Blue pays Sen1", 98, "sylla.phase3.sequence"),
    ),
}
GAMES = sorted(CASES)


# -- helpers ---------------------------------------------------------------------------------------
def store() -> Store:
    return Store.open(os.environ["ASSISTANT_DB"])


def record_text(game: str) -> str:
    return (RECORDS / CASES[game].record).read_text(encoding="utf-8")


def imported(game: str) -> tuple[Store, int]:
    """The recorded game of ``game`` stored in the test's database; its id."""
    db = store()
    (gid,) = service.import_records(db, record_text(game))
    return db, gid


def replayed(game: str, lines: list[RecordLine] | None = None) -> Game:
    """The recorded game replayed (with ``lines`` instead of its own, if given)."""
    record = read_record(record_text(game))
    if lines is not None:
        record = type(record)(record.game, record.players, record.headers, tuple(lines))
    return Game.from_record(get_ruleset(record.game), record)


def dump() -> list[str]:
    """Everything the test's database holds, as lines to compare (a file or a server)."""
    db = os.environ["ASSISTANT_DB"]
    if "://" not in db:
        conn = sqlite3.connect(db)
        try:
            return list(conn.iterdump())
        finally:
            conn.close()
    from sqlalchemy import MetaData, create_engine

    engine = create_engine(db)
    try:
        meta = MetaData()
        meta.reflect(engine)
        with engine.connect() as conn:
            return [f"{t.name} {tuple(r)}" for t in meta.sorted_tables for r in sorted(conn.execute(t.select()), key=repr)]
    finally:
        engine.dispose()


def stored_texts(db: Store, gid: int) -> list[str]:
    return [line.text for line in service.read_entries(db, gid, reveal=True).entries]


def invoke(*args: str):
    return runner.invoke(app, list(args))


# -- the core: a game rebuilt with one entry changed ---------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_core_rebuilt_leaves_the_game_as_it_was(game):
    original = replayed(game)
    texts = [e.text for e in original.entries]
    ply, new = CASES[game].amend_ok
    changed = rebuilt(original, ply, [RecordLine(new)], drop=1)
    assert [e.text for e in original.entries] == texts and original.ply == len(texts)
    assert changed.ply == original.ply and changed.entries[ply - 1].text == new
    lines = [RecordLine(t, c) for t, c in zip(texts, original.comments)]
    lines[ply - 1] = RecordLine(new, original.comments[ply - 1])
    assert changed.state == replayed(game, lines).state


@pytest.mark.parametrize("game", GAMES)
def test_core_rebuilt_names_the_later_entry_refused(game):
    original = replayed(game)
    ply, new, later, rule = CASES[game].amend_bad
    with pytest.raises(RecordError) as caught:
        rebuilt(original, ply, [RecordLine(new)], drop=1)
    assert (caught.value.ply, caught.value.rule) == (later, rule)
    assert caught.value.entry == original.entries[later - 1].text


# -- amend -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_amend_keeps_later_entries_and_replays(game):
    db, gid = imported(game)
    before = stored_texts(db, gid)
    ply, new = CASES[game].amend_ok
    result = edit(db, gid, "amend", ply, new)
    after = stored_texts(db, gid)
    assert result.entries == len(before) == len(after)
    assert after[ply - 1] == new and after[: ply - 1] == before[: ply - 1]
    # the later entries are stored as the replay writes them: their notation in the new
    # position (a 7 Wonders payment worked out anew), which replays to the same moves
    lines = [RecordLine(t) for t in after]
    assert service.read_game(db, gid).game.state == replayed(game, lines).state


@pytest.mark.parametrize("game", GAMES)
def test_amend_refused_when_a_later_entry_becomes_illegal(game):
    db, gid = imported(game)
    before = dump()
    ply, new, later, rule = CASES[game].amend_bad
    with pytest.raises(RecordError) as caught:
        edit(db, gid, "amend", ply, new)
    assert (caught.value.ply, caught.value.rule) == (later, rule)
    assert caught.value.entry == service.read_entries(db, gid).entries[later - 1].text
    assert "nothing was changed" in (caught.value.hint or "")
    assert dump() == before


@pytest.mark.parametrize("game", GAMES)
def test_cli_amend_refusal_names_the_entry(game):
    db, gid = imported(game)
    before = dump()
    ply, new, later, rule = CASES[game].amend_bad
    result = invoke("amend", str(gid), str(ply), new, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False and data["ply"] == later and data["rule"] == rule and data["entry"]
    text = invoke("amend", str(gid), str(ply), new)
    assert f"ply {later} '" in text.output and f"[{rule}]" in text.output
    assert dump() == before


# -- delete and insert -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_delete_then_insert_gives_the_game_back(game):
    db, gid = imported(game)
    before = stored_texts(db, gid)
    ply = CASES[game].delete_ok
    deleted = edit(db, gid, "delete", ply)
    assert deleted.entries == len(before) - 1 and deleted.removed is not None
    assert stored_texts(db, gid) == before[: ply - 1] + before[ply:]
    inserted = edit(db, gid, "insert", ply, before[ply - 1])
    assert inserted.entries == len(before) and stored_texts(db, gid) == before
    assert service.read_game(db, gid).game.state == replayed(game).state


@pytest.mark.parametrize("game", GAMES)
def test_delete_and_insert_refused_change_nothing(game):
    db, gid = imported(game)
    before = dump()
    ply, later, rule = CASES[game].delete_bad
    with pytest.raises(RecordError) as caught:
        edit(db, gid, "delete", ply)
    assert (caught.value.ply, caught.value.rule) == (later, rule)
    ply, entry, later, rule = CASES[game].insert_bad
    with pytest.raises(RecordError) as caught:
        edit(db, gid, "insert", ply, entry)
    assert (caught.value.ply, caught.value.rule) == (later, rule)
    assert dump() == before


def test_finished_game_reopened_and_finished_again():
    """Deleting the last entry of a game that ended reopens it (results cleared); putting it
    back (insert at entries + 1) finishes it again with its results."""
    db, gid = imported("roma")
    shown = service.show_game(db, gid)
    assert shown.summary.status == "finished"
    last = stored_texts(db, gid)[-1]
    count = len(stored_texts(db, gid))
    result = edit(db, gid, "delete", count)
    assert result.status == "active" and result.outcome is None
    assert service.show_game(db, gid).summary.status == "active"
    assert all(p.total is None for p in service.show_game(db, gid).summary.players)
    result = edit(db, gid, "insert", count, last)
    assert result.status == "finished" and result.outcome is not None
    again = service.show_game(db, gid)
    assert again.summary.status == "finished"
    assert [p.total for p in again.summary.players] == [p.total for p in shown.summary.players]
    assert [p.winner for p in again.summary.players] == [p.winner for p in shown.summary.players]


# -- comments, guard, usage ----------------------------------------------------------------------------
def test_amend_keeps_the_comment_unless_given():
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=9", "--json").stdout)["id"]
    for entry in ("take 1 # careful", "take 2", "take 1"):
        assert invoke("move", str(gid), entry).exit_code == 0
    assert invoke("amend", str(gid), "1", "take 2").exit_code == 0
    log = json.loads(invoke("log", str(gid), "--json").stdout)["entries"]
    assert (log[0]["text"], log[0]["comment"]) == ("Ann take 2", "careful")
    assert invoke("amend", str(gid), "1", "take 3 # recounted").exit_code == 0
    log = json.loads(invoke("log", str(gid), "--json").stdout)["entries"]
    assert (log[0]["text"], log[0]["comment"]) == ("Ann take 3", "recounted")
    assert [e["text"] for e in log] == ["Ann take 3", "Ben take 2", "Ann take 1"]


def test_cli_amend_json_and_expect_ply_conflict():
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=9", "--json").stdout)["id"]
    for entry in ("take 1", "take 2"):
        invoke("move", str(gid), entry)
    before = dump()
    result = invoke("amend", str(gid), "1", "take 3", "--expect-ply", "1")
    assert result.exit_code == 1 and "changed meanwhile" in result.output and "[core.conflict]" in result.output
    result = invoke("insert", str(gid), "1", "take 1", "--expect-ply", "3", "--json")
    assert result.exit_code == 1 and json.loads(result.stdout)["error"] == "conflict"
    assert dump() == before
    with pytest.raises(Conflict):
        edit(store(), gid, "delete", 2, expect_ply=5)
    result = invoke("amend", str(gid), "1", "take 3", "--expect-ply", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["ok"], data["action"], data["ply"], data["entries"], data["entry"]) == (True, "amend", 1, 2, "Ann take 3")
    result = invoke("insert", str(gid), "3", "take 1", "--json")  # entries + 1: appends
    assert json.loads(result.stdout)["entries"] == 3
    result = invoke("amend", str(gid), "3", "--delete", "--json")
    assert (json.loads(result.stdout)["entries"], json.loads(result.stdout)["removed"]) == (2, "Ann take 1")


def test_cli_amend_usage_refusals():
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "--json").stdout)["id"]
    invoke("move", str(gid), "take 1")
    both = invoke("amend", str(gid), "1", "take 2", "--delete")
    assert both.exit_code == 1 and "[core.amend]" in both.output and "→" in both.output
    neither = invoke("amend", str(gid), "1")
    assert neither.exit_code == 1 and "[core.amend]" in neither.output
    beyond = invoke("amend", str(gid), "2", "take 1")
    assert beyond.exit_code == 1 and "between 1 and 1, not 2" in beyond.output and "[core.amend]" in beyond.output
    beyond = invoke("insert", str(gid), "3", "take 1")
    assert beyond.exit_code == 1 and "between 1 and 2, not 3" in beyond.output and "[core.insert]" in beyond.output
    own = invoke("amend", str(gid), "1", "take 7")
    assert own.exit_code == 1 and "[toy.take]" in own.output
    assert stored_texts(store(), gid) == ["Ann take 1"]
    with pytest.raises(InvalidEntry):
        edit(store(), gid, "amend", 0, "take 1")


def test_cli_amend_echoes_the_public_form():
    """In a game with secrets the echo shows the entry as the table may see it; --reveal as typed."""
    import cli_support

    cli_support.register_gems()
    gid = json.loads(invoke("new", "gems", "-p", "Ann", "-p", "Ben", "--json").stdout)["id"]
    invoke("move", str(gid), "take 1")
    invoke("move", str(gid), "Ben hides ruby")
    result = invoke("amend", str(gid), "2", "Ben hides jade", "--json")
    assert json.loads(result.stdout)["entry"] == "Ben hides ?" and "jade" not in result.output
    result = invoke("amend", str(gid), "2", "Ben hides opal", "--reveal")
    assert "Ben hides opal" in result.output
    assert stored_texts(store(), gid)[1] == "Ben hides opal"


# -- 7 Wonders: a pending choice changed before the turn resolves ---------------------------------------
SEVEN = ("new", "7w", "-p", "Ada", "-p", "Bob", "-p", "Cleo", "-o", "leaders=true", "-o", "boards=Olympia A, Babylon B, Halikarnassos A")


def test_7wonders_pending_choice_changed_after_bob_entered():
    gid = json.loads(invoke(*SEVEN, "--json").stdout)["id"]
    for entry in ("Bob sell", "Ada recruit Varro", "Cleo recruit Nebuchadnezzar", "Ada build Ore Vein", "Bob build Glassworks"):
        assert invoke("move", str(gid), entry).exit_code == 0, entry
    result = invoke("amend", str(gid), "4", "Ada build Altar", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["entries"] == 5 and data["expecting"]["players"] == ["Cleo"]  # the turn has not resolved
    assert stored_texts(store(), gid)[3:] == ["Ada build Altar", "Bob build Glassworks"]
    assert invoke("move", str(gid), "Cleo build Timber Yard").exit_code == 0  # the turn resolves
    state = json.loads(invoke("state", str(gid), "--json").stdout)
    ada = next(p for p in state["state"]["players"] if p["name"] == "Ada")
    assert "Altar" in json.dumps(ada) and "Ore Vein" not in json.dumps(ada)


# -- the play prompt -----------------------------------------------------------------------------------
def test_play_prompt_amend_delete_insert():
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=12", "--json").stdout)["id"]
    lines = "take 1\ntake 2\ntake 1\namend 2 take 3\namend 3 --delete\ninsert 3 take 2\ntake 2\nlog\nquit\n"
    result = runner.invoke(app, ["play", str(gid)], input=lines)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "amended 2. Ben take 3" in out and "deleted 3. Ann take 1" in out and "inserted 3. Ann take 2" in out
    assert "✗" not in out
    assert stored_texts(store(), gid) == ["Ann take 1", "Ben take 3", "Ann take 2", "Ben take 2"]


def test_play_prompt_refusals_change_nothing():
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=9", "--json").stdout)["id"]
    for entry in ("take 3", "take 2"):
        invoke("move", str(gid), entry)
    before = dump()
    lines = "amend 1 take 9\namend x take 1\ninsert 2\namend 3 take 1\nquit\n"
    result = runner.invoke(app, ["play", str(gid)], input=lines)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "[toy.take]" in out and "usage: amend PLY ENTRY" in out and "usage: insert PLY ENTRY" in out
    assert "between 1 and 2, not 3" in out
    assert dump() == before


def test_play_prompt_amend_naming_a_later_entry():
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=5", "--json").stdout)["id"]
    for entry in ("take 1", "take 3"):
        invoke("move", str(gid), entry)
    before = dump()
    result = runner.invoke(app, ["play", str(gid)], input="amend 1 take 3\nlog\nquit\n")
    assert result.exit_code == 0, result.output
    assert "ply 2 'Ben take 3'" in result.output and "[toy.take]" in result.output
    assert "nothing was changed" in result.output
    assert dump() == before


def test_play_session_holds_the_new_game(monkeypatch):
    """After an amend at the prompt the session's game is the amended one: the next entry is
    checked against it, and another window's entry is still noticed (conflict)."""
    from assistant.service.play import PlaySession

    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=9", "--json").stdout)["id"]
    table = PlaySession.open(store(), gid)
    table.enter("take 1")
    table.enter("take 1")
    table.edit("amend", 1, "take 3")
    assert [e.text for e in table.loaded.game.entries] == ["Ann take 3", "Ben take 1"]
    assert table.loaded.game.state.pile == 5
    table.enter("take 1")
    service.enter(store(), gid, "take 1")  # another window
    with pytest.raises(Conflict):
        table.edit("delete", 1)
    assert table.loaded.game.ply == 4 and stored_texts(store(), gid)[0] == "Ann take 3"
