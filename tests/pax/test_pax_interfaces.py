"""INTERFACES.md §1 and §3 for PAX, through the command line: the score sheet's keys exactly
(`played`, `stronger`, `fleet`, `army`, `primus_conspiratus`, `money`, top-level `rome_wins`),
Rome's win with and without a holder of Primus Conspiratus (totals still reported), `--save`,
an impossible table (exit 1, nothing saved), and a record's replay, refusal and round trip."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from assistant.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "tests" / "tables" / "pax"
RECORDS = ROOT / "tests" / "records" / "pax"
KEYS = ["played", "stronger", "fleet", "army", "primus_conspiratus", "money"]
runner = CliRunner()


def cli(*args: str, code: int = 0) -> dict:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


def test_interfaces_pax_score_keys_exactly():
    data = cli("score", "pax", "--from", str(TABLES / "livinia-decimus.toml"), "--json")
    assert data["game"] == "pax" and data["rome_wins"] is False
    for player in data["players"]:
        assert list(player["scores"]) == KEYS
        assert set(player) == {"name", "scores", "total", "rank"}
        assert player["total"] == sum(player["scores"].values())
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == [("Livinia", 24, 1), ("Decimus", 22, 2)]
    assert data["winners"] == ["Livinia"]


def test_interfaces_pax_rome_wins_holder_wins_totals_reported():
    data = cli("score", "pax", "--from", str(TABLES / "rome-wins.toml"), "--json")
    assert data["rome_wins"] is True and data["winners"] == ["Decimus"]
    assert {p["name"]: p["total"] for p in data["players"]} == {"Livinia": 21, "Decimus": 22}
    ranks = {p["name"]: p["rank"] for p in data["players"]}
    assert ranks["Decimus"] == 1


def test_interfaces_pax_rome_wins_nobody_holds_pc():
    data = cli("score", "pax", "--from", str(TABLES / "rome-wins-nobody.toml"), "--json")
    assert data["rome_wins"] is True and data["winners"] == []
    assert {p["name"]: p["total"] for p in data["players"]} == {"Ann": 8, "Ben": 13}


def test_interfaces_pax_score_save_and_impossible_table():
    saved = runner.invoke(app, ["score", "pax", "--from", str(TABLES / "livinia-decimus.toml"), "--save"])
    assert saved.exit_code == 0, saved.output
    bad = runner.invoke(app, ["score", "pax", "--from", str(TABLES / "impossible.toml"), "--json", "--save"])
    assert bad.exit_code == 1
    problems = json.loads(bad.stdout)["problems"]
    assert all({"player", "rule", "message"} <= set(p) for p in problems)
    games = cli("games", "--json")
    games = games if isinstance(games, list) else games["games"]
    assert len([g for g in games if g["game"] == "pax"]) == 1  # only the good table was saved


def test_interfaces_pax_replay_refusal_shape(tmp_path):
    text = (RECORDS / "two_players_beat_rome.txt").read_text(encoding="utf-8").replace(" buy I\n", " buy V\n", 1)
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    data = cli("replay", str(path), "--json", code=1)
    assert data["ok"] is False and data["error"] == "illegal" and data["rule"] == "pax.setup.legions"
    assert data["entry"].endswith("buy V") and isinstance(data["ply"], int) and data["message"]


def test_interfaces_pax_replay_import_export_round_trip(tmp_path):
    for path in sorted(RECORDS.glob("*.txt")):
        data = cli("replay", str(path), "--json")
        assert data["ok"] is True and data["score"]["rome_wins"] in (True, False)
        assert list(data["score"]["players"][0]["scores"]) == KEYS
        ids = cli("import", str(path), "--json")["ids"]
        exported = runner.invoke(app, ["export", str(ids[0])]).stdout
        again = tmp_path / path.name
        again.write_text(exported, encoding="utf-8")
        assert cli("replay", str(again), "--json")["score"] == data["score"]
