"""Importing plays the history already holds adds nothing (issue 14; docs/interop.md,
"Importing the same plays again"), on both engines:

a. every export (BG Stats, BGG XML, CSV, JSON, records) imported back into the history it came
   from;
b. exported, imported into a fresh history, exported from there and imported into the first;
c. the same BG Stats file imported twice into a fresh history, with and without play uuids;
d. a BG Stats file imported, exported and imported again (its uuids kept).

And what recognising a play by its content means: which differences make another play, a
renamed player, two plays of a file with the same content, ``--allow-duplicate``.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pg_server
from assistant.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
FORMATS = ["bgstats", "bgg", "csv", "json", "record"]


def cli(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def ok(*args: str, input: str | None = None) -> str:
    result = cli(*args, input=input)
    assert result.exit_code == 0, result.output
    return result.stdout


@contextlib.contextmanager
def fresh(engine: str, tmp_path: Path, name: str = "fresh"):  # type: ignore[no-untyped-def]
    """Another, empty database on the same engine."""
    if engine == "postgresql":
        with pg_server.scratch_database() as url:
            yield url
    else:
        yield str(tmp_path / f"{name}.sqlite3")


def moves(record: Path) -> list[str]:
    """The entries of an example record (headers and comments left out)."""
    body = record.read_text(encoding="utf-8").split("\n\n", 1)[1]
    return [line.split("#", 1)[0].strip() for line in body.splitlines() if line.split("#", 1)[0].strip()]


def history() -> dict[str, list[int]]:
    """Every way a play gets into the history: a record imported, a game tracked entry by
    entry (``new``/``move``), totals, a score pad, two final tables (7 Wonders, PAX)."""
    ok("import", str(ROOT / "examples" / "roma-short-game.txt"))
    ok("new", "roma", "-p", "Ann", "-p", "Ben", "--date", "2026-11-28")
    for entry in moves(ROOT / "examples" / "roma-short-game.txt"):
        ok("move", "2", entry)
    ok("add", "roma", "--score", "Ann=22", "--score", "Ben=14", "--date", "2026-11-20 20:15", "--location", "Club", "--duration", "45")
    ok("add", "7w", "--score", "Ann=54", "--score", "Ben=48", "--score", "Cy=40", "--date", "2026-11-21", "--start", "Ben")
    pad = "Ann: military=5 treasury=3 wonder=8 civilian=12 science=10 coins=9\nBen: military=9 treasury=1 wonder=3 science=2 coins=4\n"
    ok("add", "7w", "--sheet", "-", "--date", "2026-11-22 19:00", "--location", "Home", "--note", "pad, \"test\"", input=pad)
    ok("score", "7wonders", "--from", str(ROOT / "examples" / "7wonders-final-table.toml"), "--save", "--date", "2026-11-23", "--location", "Club")
    ok("score", "pax", "--from", str(ROOT / "examples" / "pax-final-table.toml"), "--save", "--date", "2026-11-24")
    return {"tracked": [1, 2], "all": list(range(1, 8))}


def export(fmt: str, *db: str) -> str:
    """The whole history in ``fmt`` (records: the tracked games, the only ones a record holds)."""
    if fmt == "record":
        return "\n%%\n\n".join(ok("export", str(gid), *db) for gid in tracked(*db))
    return ok("export", "--all", "--format", fmt, *db)


def tracked(*db: str) -> list[int]:
    return [g["id"] for g in games(*db) if g["kind"] == "tracked"]


def games(*db: str) -> list[dict]:
    return sorted(json.loads(ok("games", "--json", *db)), key=lambda g: g["id"])


def summary(*db: str) -> list[tuple]:
    return sorted(
        (g["game"], g["date"], g["location"], tuple((p["name"], p["total"], p["winner"]) for p in g["players"])) for g in games(*db)
    )


def import_json(path: Path, *args: str) -> dict:
    result = cli("import", str(path), "--json", *args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", newline="")
    return path


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_imported_into_its_own_history_adds_nothing(engine, tmp_path, fmt):
    """a. Each export back into the history it came from: every play recognised, nothing
    stored, the message names the games; --allow-duplicate still stores them again."""
    history()
    before = games()
    path = write(tmp_path, f"all.{fmt}", export(fmt))
    held = tracked() if fmt == "record" else [g["id"] for g in before]
    result = cli("import", str(path))
    assert result.exit_code == 0, result.output
    word = "records" if fmt == "record" else "plays"
    assert f"0 {word} stored; {len(held)} {word} already in the history (games " in result.output
    assert "skipped" in result.output
    report = import_json(path)
    assert report["stored"] == 0 and report["duplicates"] == len(held) and report["duplicate_of"] == held
    assert report["refused"] == [] and games() == before
    forced = import_json(path, "--allow-duplicate")
    assert forced["stored"] == len(held) and forced["duplicates"] == 0


@pytest.mark.parametrize("fmt", FORMATS)
def test_through_a_fresh_history_and_back_adds_nothing(engine, tmp_path, fmt):
    """b. Exported, imported into a fresh history, exported from there, imported into the
    first (and into the second again): nothing twice."""
    history()
    before = games()
    first = write(tmp_path, f"first.{fmt}", export(fmt))
    with fresh(engine, tmp_path) as other:
        there = import_json(first, "--db", other)
        assert there["stored"] == (2 if fmt == "record" else 7) and there["refused"] == []
        back = write(tmp_path, f"back.{fmt}", export(fmt, "--db", other))
        assert import_json(back, "--db", other)["stored"] == 0
        if fmt != "record":
            assert summary("--db", other) == summary()
    report = import_json(back)
    assert report["stored"] == 0 and report["duplicates"] == (2 if fmt == "record" else 7)
    assert games() == before


def test_the_same_bgstats_file_twice_into_a_fresh_history(tmp_path):
    """c. The fixture (play uuids) and the same file without uuids, each imported twice."""
    once = import_json(FIXTURES / "bgstats-club.json")
    assert once["stored"] == 2
    again = import_json(FIXTURES / "bgstats-club.json")
    assert again["stored"] == 0 and again["duplicates"] == 2 and again["duplicate_of"] == once["ids"]
    assert len(again["refused"]) == 1  # play 4 (Ann won with 40 against 45) is refused again, not stored
    data = json.loads((FIXTURES / "bgstats-club.json").read_text(encoding="utf-8"))
    for play in data["plays"]:
        play.pop("uuid", None)
    bare = write(tmp_path, "bare.json", json.dumps(data))
    assert import_json(bare)["stored"] == 0  # the same plays, known by their content
    with fresh("sqlite", tmp_path) as other:
        assert import_json(bare, "--db", other)["stored"] == 2
        assert import_json(bare, "--db", other)["stored"] == 0


def test_bgstats_uuids_are_kept_through_a_re_export(engine, tmp_path):
    """d. A BG Stats file with play uuids: imported, exported (the same uuids), imported
    again: nothing added. Without uuids: the export writes uuids of its own, known again."""
    assert cli("import", str(FIXTURES / "bgstats-club.json")).exit_code == 1  # play 4 is refused, plays 1 and 2 stored
    text = export("bgstats")
    assert [p["uuid"] for p in json.loads(text)["plays"]] == ["P-1", "P-2"]  # the file's own play ids
    report = import_json(write(tmp_path, "again.json", text))
    assert report["stored"] == 0 and report["duplicates"] == 2
    data = json.loads((FIXTURES / "bgstats-club.json").read_text(encoding="utf-8"))
    for play in data["plays"]:
        play.pop("uuid", None)
    with fresh(engine, tmp_path) as other:
        cli("import", str(write(tmp_path, "bare.json", json.dumps(data))), "--db", other)
        text = export("bgstats", "--db", other)
        assert len({p["uuid"] for p in json.loads(text)["plays"]}) == 2
        assert import_json(write(tmp_path, "bare-again.json", text), "--db", other)["stored"] == 0


def bgg(*plays: str) -> str:
    return '<?xml version="1.0" encoding="utf-8"?>\n<plays>\n' + "".join(plays) + "</plays>\n"


def bgg_play(date: str = "2026-02-01", scores: tuple[tuple[str, int, int], ...] = (("Ann", 30, 1), ("Ben", 20, 0)),
             location: str | None = None, play_id: str | None = None) -> str:
    where = f' location="{location}"' if location else ""
    ident = f' id="{play_id}"' if play_id else ""
    people = "".join(f'<player name="{n}" score="{s}" win="{w}"/>' for n, s, w in scores)
    return f'<play{ident} date="{date}" quantity="1" length="0"{where}><item name="Roma"/><players>{people}</players></play>\n'


def test_a_play_is_known_by_its_content(engine, tmp_path):
    """A play logged with ``add`` is the same play in a BGG file without ids: same game, day,
    players, scores and winners; a location on one side only or a player renamed since does
    not make another play; another score, winner, day or location does."""
    ok("add", "roma", "--score", "Ann=30", "--score", "Ben=20", "--date", "2026-02-01")
    ok("players", "rename", "Ben", "Benedict")
    same = [bgg_play(), bgg_play(location="Club"), bgg_play(scores=(("Ben", 20, 0), ("Ann", 30, 1))),
            bgg_play(scores=(("Ann", 30, 1), ("Benedict", 20, 0)))]
    for n, play in enumerate(same):
        report = import_json(write(tmp_path, f"same{n}.xml", bgg(play)))
        assert (report["stored"], report["duplicate_of"]) == (0, [1]), play
    other = [bgg_play(scores=(("Ann", 31, 1), ("Ben", 20, 0))), bgg_play(date="2026-02-02"),
             bgg_play(scores=(("Ann", 30, 1), ("Cy", 20, 0)))]
    for n, play in enumerate(other):
        report = import_json(write(tmp_path, f"other{n}.xml", bgg(play)))
        assert report["stored"] == 1 and report["duplicates"] == 0, play
    ok("edit", "1", "--location", "Home")
    assert import_json(write(tmp_path, "elsewhere.xml", bgg(bgg_play(location="Club"))))["stored"] == 1


def test_time_is_compared_where_both_know_it(tmp_path):
    ok("add", "roma", "--score", "Ann=30", "--score", "Ben=20", "--date", "2026-02-01 20:00")
    def bgstats(stamp: str, play_uuid: str) -> Path:
        data = {"games": [{"id": 1, "name": "Roma"}], "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben"}],
                "plays": [{"uuid": play_uuid, "gameRefId": 1, "playDate": stamp,
                           "playerScores": [{"playerRefId": 1, "score": "30", "winner": True}, {"playerRefId": 2, "score": "20"}]}]}
        return write(tmp_path, play_uuid + ".json", json.dumps(data))
    assert import_json(bgstats("2026-02-01 20:00:00", "6f0c8a52-58c1-4b43-a9c4-2b6f0f6d1a01"))["stored"] == 0
    assert import_json(bgstats("2026-02-01 00:00:00", "6f0c8a52-58c1-4b43-a9c4-2b6f0f6d1a02"))["stored"] == 0  # time unknown
    assert import_json(bgstats("2026-02-01 22:30:00", "6f0c8a52-58c1-4b43-a9c4-2b6f0f6d1a03"))["stored"] == 1  # a later play


def test_each_stored_game_stands_for_one_play_of_a_file(engine, tmp_path):
    """Two plays of a file with the same content and their own ids are two plays: stored as
    two in a fresh history, one of them known as the play logged with ``add``, and both
    known when the file comes again. Without ids, the same play twice in a file is one."""
    ok("add", "roma", "--score", "Ann=30", "--score", "Ben=20", "--date", "2026-02-01")
    twice = write(tmp_path, "twice.xml", bgg(bgg_play(play_id="101"), bgg_play(play_id="102")))
    report = import_json(twice)
    assert report["stored"] == 1 and report["duplicate_of"] == [1]
    again = import_json(twice)
    assert again["stored"] == 0 and again["duplicates"] == 2 and again["duplicate_of"] == [1, 2]
    with fresh(engine, tmp_path) as other:
        assert import_json(twice, "--db", other)["stored"] == 2
        assert import_json(twice, "--db", other)["stored"] == 0
        echo = write(tmp_path, "echo.xml", bgg(bgg_play(), bgg_play()))
        with fresh(engine, tmp_path, "third") as third:
            report = import_json(echo, "--db", third)
            assert report["stored"] == 1 and report["duplicates"] == 1


def test_a_held_play_is_not_refused(tmp_path):
    """A play the history holds is skipped before it is checked: a 7 Wonders tie decided by
    coins (totals carry no coins) comes back as held, not refused; into a fresh history it is
    stored, the file's winner taken for the coins it does not carry (7w.sheet.tiebreak)."""
    ok("add", "7w", "--score", "Ann=50", "--score", "Ben=50", "--coins", "Ann=5", "--coins", "Ben=3", "--date", "2026-02-01")
    path = write(tmp_path, "tie.xml", export("bgg"))
    report = import_json(path)
    assert report["ok"] and report["stored"] == 0 and report["duplicate_of"] == [1]
    with fresh("sqlite", tmp_path) as other:
        stored = import_json(path, "--db", other)
        assert stored["stored"] == 1 and stored["refused"] == []
        game = json.loads(ok("show", "1", "--json", "--db", other))
        assert game["winners"] == ["Ann"] and [p["rank"] for p in game["players"]] == [1, 2]


def test_csv_of_a_pax_pad_reads_back_with_its_verdict(tmp_path):
    """The CSV carries a PAX pad's categories but not Rome's verdict: where the rows cannot
    tell, the winners do (they are the best score, and not the holder of Primus Conspiratus
    alone: Rome lost)."""
    ok("score", "pax", "--from", str(ROOT / "examples" / "pax-final-table.toml"), "--save", "--date", "2026-11-24")
    path = write(tmp_path, "pax.csv", export("csv"))
    with fresh("sqlite", tmp_path) as other:
        report = import_json(path, "--db", other)
        assert report["stored"] == 1 and report["refused"] == []
        assert summary("--db", other) == summary()


def test_export_ids(tmp_path):
    """Where each format carries the game's id: BG Stats ``uuid`` (one per game, kept from a
    BG Stats import), the CSV's ``source_id``, a record's ``Source-Id:``; BGG's play ``id``:
    BGG's own for a play that came from BGG, else a number drawn from the game's uuid (issue
    22: readers of BGG's XML need one)."""
    history()
    uuids = [p["uuid"] for p in json.loads(export("bgstats"))["plays"]]
    assert len(set(uuids)) == 7 and all(re.fullmatch(r"[0-9A-F-]{36}", u) for u in uuids)
    csv_ids = {row["game_id"]: row["source_id"] for row in csv.DictReader(io.StringIO(export("csv")))}
    assert len(csv_ids) == 7 and len(set(csv_ids.values())) == 7
    assert csv_ids["3"] == uuids[2].lower()  # a game logged here: the uuid BG Stats gets
    assert all(f"Source-Id: {csv_ids[str(gid)]}" in ok("export", str(gid)) for gid in tracked())
    ids = re.findall(r'<play id="(\d+)"', export("bgg"))
    assert len(set(ids)) == 7 and all(int(i) > 10**12 for i in ids)
    assert ids[2] == str(int(uuids[2].replace("-", "")[:15], 16))  # the same game, the same id in both files
    import_json(write(tmp_path, "bgg.xml", bgg(bgg_play(play_id="4711", date="2026-03-01"))))
    assert ' id="4711"' in export("bgg")


def test_pax_totals_tied_for_the_best_with_one_winner_is_rome_won(tmp_path):
    """PAX totals: those tied for the best score all win unless Rome won (then the holder of
    Primus Conspiratus alone): one winner among the tied is a play Rome won, stored with that
    winner (was refused: "the points make Ann, Ben the winner")."""
    data = {"games": [{"id": 2, "name": "PAX"}],
            "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben"}, {"id": 3, "name": "Cy"}],
            "plays": [{"uuid": "0d7c2f0e-5b7e-4c55-9d0b-0f5b1c2d3e41", "gameRefId": 2, "playDate": "2026-02-01 20:00:00",
                       "playerScores": [{"playerRefId": 1, "score": "20", "winner": False}, {"playerRefId": 2, "score": "20", "winner": True},
                                        {"playerRefId": 3, "score": "12", "winner": False}]}]}
    report = import_json(write(tmp_path, "pax.json", json.dumps(data)))
    assert report["stored"] == 1 and report["refused"] == []
    [game] = games()
    assert game["winners"] == ["Ben"]
