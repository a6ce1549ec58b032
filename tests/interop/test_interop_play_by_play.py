"""An import stores every play it can and reports every play it cannot (issue 22), from files
shaped like real BG Stats backups and BGG play lists: calculator scores (``87+77``,
``-2+40+``), a decimal score, a game name of 70 characters, plays logged without players.
Plays of other games are counted by their name and never examined further."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from assistant.cli.main import app
from assistant.service.interop.model import calculator

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"
REAL = FIXTURES / "bgstats-real-shapes.json"


def cli(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def stored() -> list[tuple]:
    games = json.loads(cli("games", "--json").stdout)
    return sorted((g["game"], g["date"], tuple((p["name"], p["total"]) for p in g["players"])) for g in games)


def test_interop_bgstats_calculator_scores_are_evaluated():
    assert (calculator("87+77"), calculator("-10+7+22"), calculator("86+84+")) == (164, 19, 170)
    assert calculator("4.5") is None and calculator("21,7") is None and calculator("+") is None


def test_interop_import_stores_every_play_it_can_and_lists_the_others():
    result = cli("import", str(REAL), "--json")
    assert result.exit_code == 1, result.output  # one play of ours refused: the rest stored
    report = json.loads(result.stdout)
    assert report["stored"] == 4 and report["ok"] is False
    assert report["refused"] == [{"place": "play 3", "message": "player 1: Ann's score '4.5' is a decimal; our games score whole points"}]
    long_name = "Sherlock Holmes Consulting Detective: The Thames Murders & Other Cases"
    assert report["other_games"] == {"Kingdomino": 1, long_name: 1}  # their odd scores never looked at
    assert stored() == [
        ("7wonders", "2024-02-03", (("Ann", 54), ("Ben", 48), ("Cid", 50))),
        ("7wonders", "2024-02-04", (("Ann", 61), ("Ben", 38), ("Cid", 49))),
        ("7wonders", "2024-02-08", (("Ben", 61), ("Cid", 44))),
        ("7wonders", "2024-02-09", (("Αντώνης", 52), ("Юлия", 50), ("Anonymous player", 40), ("Anonymous player (2)", 38))),
    ]
    assert report["notes"] == [{"place": "play 7", "message": "two seats are named 'Anonymous player': the second is stored as 'Anonymous player (2)'"}]


def test_interop_import_text_summary_names_each_refused_play():
    result = cli("import", str(REAL))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "4 plays stored" in result.output and "1 refused" in result.output
    assert "! play 7: two seats are named 'Anonymous player'" in result.output
    assert "✗ play 3: player 1: Ann's score '4.5' is a decimal" in result.output
    again = cli("import", str(REAL))  # the stored plays are held; the refused one is refused again
    assert again.exit_code == 1 and "4 plays already in the history" in again.output


def test_interop_import_strict_stores_nothing_on_a_refusal():
    result = cli("import", str(REAL), "--strict")
    assert result.exit_code == 1 and "play 3 is refused, so nothing is stored (--strict)" in result.output
    assert stored() == []


def test_interop_import_exit_0_when_every_play_of_ours_is_stored(tmp_path):
    data = json.loads(REAL.read_text(encoding="utf-8"))
    data["plays"] = [p for p in data["plays"] if p["uuid"] != "p-3"]
    path = tmp_path / "clean.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli("import", str(path), "--strict")
    assert result.exit_code == 0, result.output
    assert len(stored()) == 4


def test_interop_names_in_any_script_are_players():
    """A player's name is matched by a key that keeps the letters of every script: case and
    accents folded (Αντώνης is ΑΝΤΩΝΗΣ), Jørgen is not "j rgen"."""
    assert cli("add", "7w", "--score", "Αντώνης=52", "--score", "Ann=50").exit_code == 0
    assert cli("add", "7w", "--score", "ΑΝΤΩΝΗΣ=47", "--score", "Jørgen=49", "--score", "Ann=45").exit_code == 0
    assert cli("add", "7w", "--score", "Jorgen=40", "--score", "Ann=42").exit_code == 0
    players = {p["name"]: p["played"] for p in json.loads(cli("players", "list", "--json").stdout)}
    assert players == {"Αντώνης": 2, "Ann": 3, "Jørgen": 1, "Jorgen": 1}


BGG = """<?xml version="1.0" encoding="utf-8"?>
<plays username="ann" userid="1" total="4" page="1">
  <play id="9001" date="2024-03-01" quantity="1" length="60" incomplete="0" nowinstats="0" location="">
    <item name="Roma" objecttype="thing" objectid="12"><subtypes><subtype value="boardgame"/></subtypes></item>
    <players>
      <player username="" userid="0" name="Ann" startposition="1" color="" score="21" new="0" rating="0" win="1"/>
      <player username="" userid="0" name="Ben" startposition="2" color="" score="15" new="0" rating="0" win="0"/>
    </players>
  </play>
  <play id="9002" date="2024-03-02" quantity="1" length="30" incomplete="0" nowinstats="0" location="">
    <item name="Azul" objecttype="thing" objectid="230802"><subtypes><subtype value="boardgame"/></subtypes></item>
  </play>
  <play id="9003" date="2024-03-03" quantity="1" length="40" incomplete="0" nowinstats="0" location="">
    <item name="Roma" objecttype="thing" objectid="12"><subtypes><subtype value="boardgame"/></subtypes></item>
  </play>
  <play id="9004" date="2024-03-04" quantity="1" length="50" incomplete="0" nowinstats="0" location="">
    <item name="Roma" objecttype="thing" objectid="12"><subtypes><subtype value="boardgame"/></subtypes></item>
    <players>
      <player name="Ann" score="19" win="0"/>
      <player name="Ben" score="25" win="1"/>
    </players>
  </play>
</plays>
"""


def test_interop_bgg_plays_without_players_refuse_only_themselves(tmp_path):
    path = tmp_path / "plays.xml"
    path.write_text(BGG, encoding="utf-8")
    report = json.loads(cli("import", str(path), "--json").stdout)
    assert report["stored"] == 2 and report["other_games"] == {"Azul": 1}  # Azul's play without players: only counted
    assert [r["place"] for r in report["refused"]] == ["play 3"]
    assert "has no players" in report["refused"][0]["message"]


def test_interop_json_round_trip_keeps_plays_of_different_days(tmp_path):
    """Two Roma plays with the same players and scores on different days are two plays after
    ``export --all --format json`` and an import into an empty history."""
    for day in ("2026-10-01", "2026-10-05"):
        assert cli("add", "roma", "-s", "Eva=21", "-s", "Tom=15", "--date", day).exit_code == 0
    text = cli("export", "--all", "--format", "json").stdout
    path = tmp_path / "all.json"
    path.write_text(text, encoding="utf-8")
    empty = str(tmp_path / "empty.sqlite3")
    report = json.loads(cli("import", str(path), "--json", "--db", empty).stdout)
    assert report["stored"] == 2 and report["duplicates"] == 0, report
    again = json.loads(cli("import", str(path), "--json", "--db", empty).stdout)
    assert again["stored"] == 0 and again["duplicates"] == 2


def test_interop_pax_play_without_a_winner_stays_without_one(tmp_path):
    """A PAX solo game lost (Rome wins: no winner) exported to BG Stats and to BGG marks no
    winner; imported into an empty history it is still a game nobody won, not a win."""
    assert cli("add", "pax", "-s", "Liv=12", "--rome-wins", "yes", "--winner", "none").exit_code == 0
    before = json.loads(cli("games", "--json").stdout)[0]["winners"]
    assert before == []
    for fmt in ("bgstats", "bgg"):
        path = tmp_path / f"pax.{fmt}"
        path.write_text(cli("export", "--all", "--format", fmt).stdout, encoding="utf-8")
        empty = str(tmp_path / f"{fmt}.sqlite3")
        result = cli("import", str(path), "--db", empty)
        assert result.exit_code == 0, result.output
        assert json.loads(cli("games", "--json", "--db", empty).stdout)[0]["winners"] == [], fmt


def test_interop_bgstats_placeholder_time_is_unknown():
    """BG Stats writes 10:00 or 11:00 with counting seconds for a play logged without a time:
    stored as time unknown; a time a person set (20:10:00) is kept."""
    cli("import", str(REAL))
    times = {g["date"]: g.get("time") for g in json.loads(cli("games", "--json").stdout)}
    assert times["2024-02-08"] is None and times["2024-02-03"] == "20:10"
