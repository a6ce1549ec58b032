"""What goes out reads in other tools, and expansions come in and go out (issue 22).

The BGG export is read by bgg-api (PyPI ``bgg-api``, the maintained fork of
boardgamegeek2), the way it reads BGG's own plays API: the ``<plays>`` header, each play's
``id``, its item's ``objectid``, the lengths. The BG Stats export carries ``userInfo``,
``games[].bggId`` and, for a 7 Wonders game with Leaders, ``expansionPlays``; a tracked
game's measured length goes into both. On import, a 7 Wonders play with the Leaders expansion
is a Leaders game; with another expansion, or the Second Edition, it is another game's play."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from datetime import datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

from assistant.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
LEADERS_GAME = ROOT / "tests" / "records" / "7wonders" / "three-players-leaders.txt"


def cli(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def history() -> None:
    """Game 1: a tracked 7 Wonders game with Leaders, its entries 42 minutes apart from first
    to last; game 2: a 7 Wonders play logged with add; game 3: a Roma play."""
    from sqlalchemy import create_engine, text

    assert cli("import", str(LEADERS_GAME)).exit_code == 0
    url = os.environ["ASSISTANT_DB"]
    engine = create_engine(url if "://" in url else f"sqlite:///{url}")
    start = datetime(2026, 11, 30, 19, 0)
    with engine.begin() as conn:
        conn.execute(text("UPDATE entries SET created = :t WHERE game_id = 1"), {"t": start})
        conn.execute(text("UPDATE entries SET created = :t WHERE game_id = 1 AND ply = (SELECT max(ply) FROM entries WHERE game_id = 1)"),
                     {"t": start + timedelta(minutes=42)})
    engine.dispose()
    assert cli("add", "7w", "-s", "Ann=54", "-s", "Ben=48", "--duration", "35").exit_code == 0
    assert cli("add", "roma", "-s", "Eva=21", "-s", "Tom=15").exit_code == 0


def test_interop_bgg_export_is_read_by_bgg_api():
    from boardgamegeek.loaders.plays import add_plays_from_xml, create_plays_from_xml

    history()
    root = ET.fromstring(cli("export", "--all", "--format", "bgg").stdout.lstrip("\ufeff"))
    plays = create_plays_from_xml(root)
    add_plays_from_xml(plays, root)
    assert plays.plays_count == 3 and len(plays.plays) == 3
    by_name = {p.game_name: p for p in plays.plays}
    assert {p.game_id for p in plays.plays if p.game_name == "7 Wonders"} == {68448}  # BGG's id of 7 Wonders
    assert by_name["Roma"].game_id is None  # not in our data: none written rather than a guess
    assert sorted(p.duration for p in plays.plays) == [0, 35, 42]  # the tracked game's length as measured
    assert len({p.id for p in plays.plays}) == 3
    assert [pl.name for pl in by_name["Roma"].players] == ["Eva", "Tom"]


def test_interop_bgstats_export_carries_userinfo_bgg_ids_and_leaders(tmp_path):
    history()
    data = json.loads(cli("export", "--all", "--format", "bgstats").stdout)
    assert "meRefId" in data["userInfo"]
    games = {g["id"]: g for g in data["games"]}
    named = {g["name"]: g for g in data["games"]}
    assert named["7 Wonders"]["bggId"] == 68448 and named["7 Wonders: Leaders"]["bggId"] == 92539
    assert named["7 Wonders: Leaders"]["isExpansion"] is True and named["Roma"]["bggId"] == 0
    tracked, logged, roma = data["plays"]
    assert [games[e["gameRefId"]]["name"] for e in tracked["expansionPlays"]] == ["7 Wonders: Leaders"]
    assert "expansionPlays" not in logged and tracked["durationMin"] == 42 and logged["durationMin"] == 35
    path = tmp_path / "bgstats.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    empty = str(tmp_path / "empty.sqlite3")
    assert cli("import", str(path), "--db", empty).exit_code == 0
    back = {g["id"]: g for g in json.loads(cli("games", "--json", "--db", empty).stdout)}
    assert [back[i]["options"].get("leaders") for i in sorted(back)] == ["true", None, None]


def _bgstats_play(uuid: str, game: int, expansions: list[int]) -> dict:
    return {"uuid": uuid, "playDate": "2024-05-01 20:00:00", "gameRefId": game, "durationMin": 40,
            "expansionPlays": [{"gameRefId": g, "bggId": 0} for g in expansions],
            "playerScores": [{"playerRefId": 1, "score": "50", "winner": True}, {"playerRefId": 2, "score": "44", "winner": False}]}


def test_interop_bgstats_leaders_plays_come_in_as_leaders_games_other_expansions_as_other_games(tmp_path):
    data = {
        "userInfo": {"meRefId": 1},
        "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben"}],
        "games": [{"id": 1, "name": "7 Wonders", "bggId": 68448}, {"id": 2, "name": "7 Wonders: Leaders", "bggId": 92539},
                  {"id": 3, "name": "7 Wonders: Cities", "bggId": 0}, {"id": 4, "name": "7 Wonders (Second Edition)", "bggId": 0}],
        "plays": [_bgstats_play("a-1", 1, [2]), _bgstats_play("a-2", 1, []), _bgstats_play("a-3", 1, [2, 3]), _bgstats_play("a-4", 4, [])],
    }
    path = tmp_path / "expansions.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    report = json.loads(cli("import", str(path), "--json").stdout)
    assert report["stored"] == 2
    assert report["other_games"] == {
        "7 Wonders (Second Edition)": 1,
        "7 Wonders (with the expansion 7 Wonders: Cities, which this program does not score)": 1,
    }
    stored = sorted(json.loads(cli("games", "--json").stdout), key=lambda g: g["id"])
    assert [g["options"].get("leaders") for g in stored] == ["true", None]


def test_interop_bgg_leaders_item_is_a_leaders_game(tmp_path):
    xml = ('<plays><play id="77" date="2024-05-02" quantity="1" length="30" incomplete="0" nowinstats="0">'
           '<item name="7 Wonders: Leaders" objecttype="thing" objectid="92539"/><players>'
           '<player name="Ann" score="50" win="1"/><player name="Ben" score="44" win="0"/></players></play></plays>')
    path = tmp_path / "plays.xml"
    path.write_text(xml, encoding="utf-8")
    assert cli("import", str(path)).exit_code == 0
    assert json.loads(cli("games", "--json").stdout)[0]["options"] == {"leaders": "true"}
