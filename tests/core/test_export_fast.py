"""The record export builds each record from what is stored (rows, seats, entries), with no
replay (issue 14): it must write, byte for byte, what the replayed game wrote
(``Loaded.record()``, kept callable only here, as the reference). ``--public`` and JSON still
replay. ``service.export_games(..., "csv")`` is the CSV of ``export --format csv``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant import service
from assistant.cli.main import app
from assistant.core.errors import InvalidEntry, NotFound
from assistant.core.record import write_record
from assistant.service import records as records_module
from assistant.service.games import read_game
from assistant.store.db import Store

runner = CliRunner()
RECORDS = sorted((Path(__file__).resolve().parents[1] / "records").glob("*/*.txt"))


def replayed(store: Store, gid: int, *, public: bool = False) -> str:
    """The old path: the game read, replayed, and its record written from the replay."""
    return write_record(read_game(store, gid).record(public=public))


def test_every_recorded_game_exports_as_its_replay_wrote_it(engine, db_url, monkeypatch):
    assert len(RECORDS) >= 20  # every game's recorded games
    store = Store.open(db_url)
    ids: list[int] = []
    for path in RECORDS:
        ids += service.import_records(store, path.read_text(encoding="utf-8"))
    # comments with the spaces a typed comment may keep, an entry taken back and amended
    gid = service.new_game(store, "toy", ["Ann", "Ben"], {}, date="2026-03-01", location="Club")
    service.enter(store, gid, "take 1", comment="  first, with spaces  ")
    service.enter(store, gid, "take 1")
    ids.append(gid)
    monkeypatch.setattr(records_module, "RECORD_PAGE", 7)  # several pages, one split mid-file
    old = [replayed(store, i) for i in ids]
    for i, text in zip(ids, old):
        assert service.export_game(store, i) == text, i
    assert service.export_games(store, None) == "\n%%\n\n".join(old)
    assert service.export_games(store, [ids[3], ids[1]]) == old[3] + "\n%%\n\n" + old[1]  # in the order named
    assert service.export_game(store, "last") == replayed(store, ids[-1])
    for i in ids:  # --public still replays (secret faces from the states): as before
        assert service.export_game(store, i, public=True) == replayed(store, i, public=True)
    again = Store.open(db_url + ".copy.sqlite3") if "://" not in db_url else None
    if again is not None:  # the fast export imports back to the same records
        back = service.import_records(again, service.export_games(store, None))
        assert [replayed(again, i) for i in back] == old


def test_record_export_keeps_the_old_refusals(engine, db_url):
    store = Store.open(db_url)
    done = runner.invoke(app, ["add", "roma", "--score", "Ann=22", "--score", "Ben=14"])
    assert done.exit_code == 0, done.output
    with pytest.raises(InvalidEntry) as fast:
        service.export_game(store, 1)
    with pytest.raises(InvalidEntry) as old:
        read_game(store, 1).record()
    assert fast.value.message == old.value.message and fast.value.hint == old.value.hint
    with pytest.raises(NotFound):
        service.export_game(store, 99)
    result = runner.invoke(app, ["export", "1"])
    assert result.exit_code == 1 and "logged from its totals" in result.output and "Traceback" not in result.output
    assert json.loads(service.export_game(store, 1, "json"))["kind"] == "totals"  # JSON has its sheet


def test_every_game_export_leaves_out_the_games_without_entries(engine, db_url):
    """``export --all`` of a history mixing tracked and logged games writes the records it has
    and says how many games were left out (it used to stop at the first logged one)."""
    store = Store.open(db_url)
    for args in (["add", "roma", "--score", "Ann=22", "--score", "Ben=14"], ["new", "roma", "-p", "Ann", "-p", "Ben"],
                 ["add", "roma", "--score", "Ann=0", "--score", "Ben=20"], ["new", "roma", "-p", "Cy", "-p", "Dee"]):
        done = runner.invoke(app, args)
        assert done.exit_code == 0, done.output
    for public in ([], ["--public"]):
        result = runner.invoke(app, ["export", "--all", *public])
        assert result.exit_code == 0, result.output
        assert result.stdout.count("Game: roma") == 2 and "Players: Cy, Dee" in result.stdout
        assert "2 games were logged without entries" in result.output
    left_out: list[int] = []
    text = "".join(service.export_stream(store, None, "record", left_out=left_out))
    assert left_out == [1, 3] and [len(service.import_records(store, text, allow_duplicate=True))] == [2]
    with pytest.raises(InvalidEntry):  # named, it is still refused
        service.export_game(store, 3)


def test_csv_export_is_the_interop_csv(engine, db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "toy", ["Ann", "Ben"], {}, date="2026-03-01")
    service.enter(store, gid, "take 1")
    assert runner.invoke(app, ["add", "roma", "--score", "Ann=22", "--score", "Ben=14"]).exit_code == 0
    assert runner.invoke(app, ["players", "rename", "Ann", "Anna"]).exit_code == 0
    text = service.export_games(store, None, "csv")
    shown = runner.invoke(app, ["export", "--all", "--format", "csv"]).stdout
    assert text.replace("\r\n", "\n") == shown.replace("\r\n", "\n")  # the runner may not keep CR
    lines = text.split("\r\n")
    assert lines[0] == "game_id,game,date,time,location,duration,status,kind,seat,start_player,player,score,rank,winner,source_id"
    first, second = lines[1].split(","), lines[3].split(",")
    assert first[:3] == [str(gid), "pebbles", "2026-03-01"] and first[10] == "Anna"  # the current name
    assert first[6] == "active" and first[13] == ""  # no winner yet while a game runs
    assert second[6] == "finished" and second[10:14] == ["Anna", "22", "1", "yes"]
    assert first[14] and second[14] and first[14] != second[14]  # each game's own id (docs/interop.md)
    assert service.export_games(store, [2], "csv") == "\r\n".join([lines[0], *lines[3:5], ""])


def test_json_export_of_every_game_on_every_core_is_the_one_process_export(engine, db_url, monkeypatch):
    """``export --all --format json`` replays the games in worker processes (a chunk of ids
    each) from :data:`records.PARALLEL_FROM` games on, on a machine of two cores or more: the
    same text as one process writes, in order of id, the secret faces as typed or, with
    ``--public``, hidden; tables, pads and totals included."""
    store = Store.open(db_url)
    for path in RECORDS[:9]:
        service.import_records(store, path.read_text(encoding="utf-8"), allow_duplicate=True)
    done = runner.invoke(app, ["add", "roma", "--score", "Ann=22", "--score", "Ben=14"])
    assert done.exit_code == 0, done.output
    monkeypatch.setattr(records_module.parallel, "workers", lambda wanted=None: 2)
    monkeypatch.setattr(records_module, "PARALLEL_FROM", 10**9)
    one = {public: service.export_games(store, None, "json", public=public) for public in (False, True)}
    monkeypatch.setattr(records_module, "PARALLEL_FROM", 2)
    monkeypatch.setattr(records_module, "JSON_CHUNK", 3)  # several chunks, one short
    for public in (False, True):
        assert service.export_games(store, None, "json", public=public) == one[public]
    assert len(json.loads(one[False])) == 10 and one[False] != one[True]
