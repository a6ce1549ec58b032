"""BG Stats, BGG XML and CSV in and out (issue 14 item 5), on both engines: round trips to a
fresh database, the hand-written fixtures with hand-checked expectations, renames in the CSV,
detection by content, and bad files refused whole."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pg_server
from assistant.cli.main import app
from assistant.service.interop.detect import detect

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"


def cli(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


@contextlib.contextmanager
def fresh(engine: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A second, empty database on the same engine."""
    if engine == "postgresql":
        with pg_server.scratch_database() as url:
            yield url
    else:
        yield str(tmp_path / "fresh.sqlite3")


def history() -> None:
    for args in (
        ("add", "roma", "--score", "Ann=36", "--score", "Ben=0", "--date", "2026-01-02", "--location", "Home"),
        ("add", "7w", "--score", "Ann=54", "--score", "Ben=48", "--score", "Cid=50", "--date", "2026-01-03", "--time", "20:15",
         "--duration", "90", "--start", "Ben", "--note", 'a, "quoted" note', "--location", "Club, room 2"),
    ):
        assert cli(*args).exit_code == 0
    sheet = ("Ann: military=5 treasury=3 wonder=5 civilian=10 commercial=2 guilds=0 science=10 leaders=2\n"
             "Ben: military=1 treasury=2 wonder=3 civilian=12 commercial=4 guilds=5 science=1 leaders=0\n")
    assert cli("add", "7w", "--sheet", "-", "--date", "2026-01-04", input=sheet).exit_code == 0
    # a PAX solo game lost: nobody won (issue 22: it came back as a win)
    assert cli("add", "pax", "--score", "Liv=12", "--rome-wins", "yes", "--winner", "none", "--date", "2026-01-05").exit_code == 0


def summary(db: str | None = None) -> list[tuple]:
    out = json.loads(cli("games", "--json", *(("--db", db) if db else ())).stdout)
    return sorted(
        (g["game"], g["date"], g["location"], tuple((p["name"], p["total"]) for p in g["players"]), tuple(g["winners"]))
        for g in out
    )


@pytest.mark.parametrize("fmt", ["bgstats", "bgg", "csv", "json"])
def test_cli_round_trip_to_a_fresh_database(engine, tmp_path, fmt):
    history()
    before = summary()
    text = cli("export", "--all", "--format", fmt).stdout
    assert detect(text) == fmt
    with fresh(engine, tmp_path) as other:
        path = tmp_path / f"out.{fmt}"
        path.write_text(text, encoding="utf-8", newline="")
        result = cli("import", str(path), "--db", other)
        assert result.exit_code == 0, result.output
        assert summary(other) == before
        again = cli("import", str(path), "--db", other, "--json")
        report = json.loads(again.stdout)
        assert report["stored"] == 0 and report["duplicates"] == 4
        shown = json.loads(cli("games", "--json", "--db", other).stdout)
        seven = next(g for g in shown if g["date"] == "2026-01-03")
        assert seven["duration"] == 90
        if fmt != "bgg":  # BGG carries no time of day
            assert seven["time"] == "20:15"
        if fmt != "csv":
            assert seven["note"] == 'a, "quoted" note'


def test_cli_rename_then_csv_shows_the_new_name():
    history()
    assert cli("players", "rename", "Ann", "Anna").exit_code == 0
    text = cli("export", "--all", "--format", "csv").stdout
    lines = text.split("\r\n")
    assert lines[0].startswith("game_id,game,date,time,location,duration,status,kind,seat,start_player,player,score,rank,winner")
    assert "Anna" in text and ",Ann," not in text
    assert '"Club, room 2"' in text  # RFC 4180 quoting
    assert cli("export", "--all", "--format", "csv", "--bom").stdout.startswith("\ufeffgame_id")


def test_cli_bgstats_fixture_hand_checked():
    result = cli("import", str(FIXTURES / "bgstats-club.json"), "--json")
    report = json.loads(result.stdout)
    # P-1 and P-2 stored; P-3 is Catan; P-4 says Ann won with 40 against Ben's 45
    assert report["stored"] == 2 and report["other_games"] == {"Catan": 1}
    assert [r["place"] for r in report["refused"]] == ["play 4"] and "Ben" in report["refused"][0]["message"]
    assert result.exit_code == 1
    games = {g["date"]: g for g in json.loads(cli("games", "--json").stdout)}
    first = games["2025-03-01"]
    assert first["game"] == "7wonders" and [p["name"] for p in first["players"]] == ["Ann", "Ben", "Cid"]  # by seatOrder
    assert first["winners"] == ["Ann"] and first["location"] == "Club room" and first["time"] == "19:30"
    assert first["duration"] == 45 and first["note"] == "first game"
    roma = games["2025-03-02"]
    assert roma["winners"] == ["Ben"] and roma["time"] is None and roma["location"] is None


def test_cli_bgg_fixture_hand_checked():
    report = json.loads(cli("import", str(FIXTURES / "bgg-plays.xml"), "--json").stdout)
    assert report["stored"] == 1 and report["unfinished"] == 1 and report["other_games"] == {"Carcassonne": 1}
    game = json.loads(cli("games", "--json").stdout)[0]
    assert game["game"] == "sylla" and game["winners"] == ["Ben"] and game["location"] == "Ann's flat"
    assert game["duration"] == 75 and game["note"] == "close game"
    shown = cli("show", str(game["id"]), "--json").stdout
    assert '"kind": "totals"' in shown


def test_detection_by_content():
    assert detect((FIXTURES / "bgstats-club.json").read_text()) == "bgstats"
    assert detect((FIXTURES / "bgg-plays.xml").read_text()) == "bgg"
    assert detect("\ufeffgame_id,game,date,player,score\r\n") == "csv"
    assert detect('[{"id": 1, "game": "roma", "kind": "tracked", "record": "Game: roma"}]') == "json"
    assert detect("Game: roma\nPlayers: Ann, Ben\n\n") == "record"


@pytest.mark.parametrize(
    "text, said",
    [
        ('{"plays": [', "not valid JSON"),
        ('{"colour": 3}', "neither a BG Stats export"),
        ("<plays><play>", "not well-formed XML"),
        ('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><plays/>', "document type"),
        ("<games/>", "not <plays>"),
        ('{"games": [{"id": 1, "name": "Roma"}], "players": [{"id": 1, "name": "A"}], "plays": [{"gameRefId": 1, "playDate": "2025-01-01 10:00:00", '
         '"playerScores": [{"playerRefId": 1, "score": "99999999999"}]}]}', "at most 6 digits"),
        ('{"games": [{"id": 1, "name": "Roma"}], "players": [], "plays": [{"gameRefId": 1, "playDate": "2025-13-01", "playerScores": []}]}', "no day"),
        ('<plays><play date="2025-01-01" length="-5"><item name="Roma"/><players><player name="A" score="1"/></players></play></plays>', "minutes"),
        ("game_id,game,date,player,score\r\n1,roma,2025-01-01,Ann\r\n", "fields"),
    ],
)
def test_cli_bad_files_refused_whole(tmp_path, text, said):
    assert cli("add", "roma", "--score", "Ann=36", "--score", "Ben=0").exit_code == 0
    path = tmp_path / "bad"
    path.write_text(text, encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 1
    assert said in result.output and "Traceback" not in result.output
    assert len(json.loads(cli("games", "--json").stdout)) == 1


def test_import_of_records_reports_progress_record_by_record():
    """core.import: a long record import tells its progress after each record is replayed (the
    bar on a terminal is fed from this), records and other formats alike."""
    import os

    from assistant.service.interop import import_file
    from assistant.store.db import Store

    root = Path(__file__).resolve().parents[2]
    texts = [(root / "examples" / name).read_text(encoding="utf-8") for name in ("roma-short-game.txt", "7wonders-game.txt")]
    seen: list[tuple[int, int]] = []
    report = import_file(Store.open(os.environ["ASSISTANT_DB"]), "\n%%\n\n".join(texts), progress=lambda n, t: seen.append((n, t)))
    assert len(report.ids) == 2
    assert seen == [(1, 2), (2, 2)]


def test_exports_mark_a_player_new_to_the_game(engine):
    """BGG ``new`` and BG Stats ``newPlayer``: a seat is new when it is the player's first
    finished play of that game, in the order played (hand-worked on the history above: Roma
    on 01-02 is Ann's and Ben's first Roma; the 7 Wonders of 01-03 is the first of Ann, Ben
    and Cid; the 7 Wonders of 01-04 is nobody's first; the PAX of 01-05 is Liv's first PAX),
    whichever plays an export holds."""
    history()
    late = ("add", "7w", "--score", "Ann=40", "--score", "Dee=41", "--date", "2026-01-01")  # entered last, played first
    assert cli(*late).exit_code == 0
    data = json.loads(cli("export", "--all", "--format", "bgstats").stdout)
    names = {p["id"]: p["name"] for p in data["players"]}
    new = {(play["playDate"][:10], names[s["playerRefId"]]) for play in data["plays"] for s in play["playerScores"] if s["newPlayer"]}
    assert new == {("2026-01-02", "Ann"), ("2026-01-02", "Ben"), ("2026-01-01", "Ann"), ("2026-01-01", "Dee"),
                   ("2026-01-03", "Ben"), ("2026-01-03", "Cid"), ("2026-01-05", "Liv")}
    xml = cli("export", "--all", "--format", "bgg").stdout
    assert xml.count('new="1"') == 7 and xml.count('new="0"') == 3
    one = cli("export", "5", "--format", "bgg").stdout  # the 01-01 play alone: still both new
    assert one.count('new="1"') == 2


def test_bgstats_export_is_written_a_play_at_a_time():
    """The BG Stats file is streamed (plays first, then the lists they refer to) and is the
    JSON ``json.dumps(indent=2)`` writes of the same object."""
    from assistant.service.interop import bgstats

    history()
    text = cli("export", "--all", "--format", "bgstats").stdout
    data = json.loads(text)
    assert list(data) == ["about", "plays", "players", "locations", "games", "userInfo"]
    assert text == json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    empty = "".join(bgstats.document(iter(())))
    assert json.loads(empty)["plays"] == [] and empty == json.dumps(json.loads(empty), indent=2, ensure_ascii=False) + "\n"
