"""The command line: help with examples everywhere, JSON shapes, exit codes, no tracebacks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from assistant.cli.main import app

from cli_support import run_cli

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def all_commands():
    root = typer.main.get_command(app)
    found = []

    def walk(cmd, path):
        sub = getattr(cmd, "commands", None)
        if sub:
            for name, child in sub.items():
                walk(child, [*path, name])
        found.append(path)

    walk(root, [])
    return [p for p in found if p]


@pytest.mark.parametrize("path", all_commands(), ids=lambda p: " ".join(p))
def test_cli_every_command_has_help_with_an_example(path):
    result = invoke(*path, "--help")
    assert result.exit_code == 0, result.output
    assert "Examples:" in result.output and "$ assistant" in result.output
    assert "Usage:" in result.output


def test_cli_version():
    result = invoke("--version")
    assert result.exit_code == 0 and result.output.startswith("assistant ")


def test_cli_usage_error_exits_2():
    assert invoke("new").exit_code == 2
    assert invoke("nonsense-command").exit_code == 2


def test_cli_table_session_with_json():
    result = invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=4", "--json")
    assert result.exit_code == 0, result.output
    gid = json.loads(result.stdout)["id"]
    result = invoke("move", str(gid), "take 3", "--json")
    data = json.loads(result.stdout)
    assert data["ok"] and data["ply"] == 1 and data["entry"] == "Ann take 3"
    assert data["expecting"]["players"] == ["Ben"]
    result = invoke("move", str(gid), "take 3", "--json")
    assert result.exit_code == 1
    err = json.loads(result.stdout)
    assert err == {"ok": False, "error": "illegal", "message": "only 1 pebbles are left", "rule": "toy.take", "hint": "take 1"}
    assert "[toy.take]" in result.stderr
    state = json.loads(invoke("state", "last", "--json").stdout)
    assert state["ply"] == 1 and state["state"]["pile"] == 1
    result = invoke("move", str(gid), "take 1", "--json")
    over = json.loads(result.stdout)
    assert over["outcome"]["winners"] == ["Ann"] and over["score"]["winners"] == ["Ann"]
    games = json.loads(invoke("games", "--json").stdout)
    assert games[0]["status"] == "finished" and games[0]["winners"] == ["Ann"]
    shown = json.loads(invoke("show", str(gid), "--json").stdout)
    assert shown["score"]["players"][0]["total"] == 13
    log = json.loads(invoke("log", str(gid), "--json").stdout)
    assert [e["text"] for e in log["entries"]] == ["Ann take 3", "Ben take 1"]
    assert invoke("undo", str(gid)).exit_code == 0
    assert json.loads(invoke("show", str(gid), "--json").stdout)["status"] == "active"


def test_cli_not_found_and_bad_ids():
    for args in (
        ("state", "42"),
        ("state", "x1"),
        ("state", "99999999999999999999999"),
        ("show", "last"),
        ("new", "chess", "-p", "A", "-p", "B"),
        ("new", "toy", "-p", "A", "-p", "B", "--date", "2026-02-30"),
        ("new", "toy", "-p", "A", "-p", "B", "-o", "pile"),
        ("new", "toy", "-p", "A", "-p", "B", "-o", "pile=99999999999999"),
        ("games", "--since", "the day before"),
        ("players", "show", "nobody"),
    ):
        result = invoke(*args)
        assert result.exit_code == 1, (args, result.output)
        assert "Traceback" not in result.output and "internal error" not in result.output


def test_cli_unknown_game_suggests():
    result = invoke("cards", "romma")
    assert result.exit_code == 1 and "roma" in result.stderr


def test_cli_score_from_file_and_save(tmp_path):
    table = tmp_path / "t.toml"
    table.write_text('game = "pebbles"\n[[players]]\nname = "Ann"\ntaken = 4\n[[players]]\nname = "Ben"\ntaken = 2\nlost = true\n')
    result = invoke("score", "toy", "--from", str(table), "--json", "--save")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["winners"] == ["Ann"] and data["players"][0]["total"] == 14 and data["id"] == 1
    assert json.loads(invoke("show", "1", "--json").stdout)["kind"] == "table"
    exported = json.loads(invoke("export", "1", "--format", "json").stdout)
    assert exported["table"]["players"][0]["name"] == "Ann"
    assert invoke("export", "1").exit_code == 1  # no record for a table game


def test_cli_score_from_bad_files(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("game = \n")
    result = invoke("score", "toy", "--from", str(bad))
    assert result.exit_code == 1 and "not valid TOML" in result.stderr
    wrong = tmp_path / "w.json"
    wrong.write_text('{"game": "pebbles", "players": [{"name": "A", "taken": -3}, {"name": "A"}]}')
    result = invoke("score", "toy", "--from", str(wrong), "--json")
    assert result.exit_code == 1
    problems = json.loads(result.stdout)["problems"]
    assert {p["rule"] for p in problems} == {"toy.take", "toy.end"}
    assert invoke("score", "toy", "--from", str(tmp_path / "missing.toml")).exit_code == 1
    assert invoke("invoke" if False else "score", "roma", "--from", str(wrong)).exit_code == 1


def test_cli_replay_json_error_shape(tmp_path):
    record = tmp_path / "g.txt"
    record.write_text("Game: pebbles\nPlayers: Ann, Ben\nOptions: pile=3\n\ntake 2\ntake 2\n")
    result = invoke("replay", str(record), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data == {
        "ok": False,
        "ply": 2,
        "line": 6,
        "entry": "take 2",
        "error": "illegal",
        "rule": "toy.take",
        "message": "only 1 pebbles are left",
        "hint": "take 1",
    }
    record.write_text("Game: pebbles\nPlayers: Ann, Ben\nOptions: pile=3\n\ntake 2\ntake 1\n")
    data = json.loads(invoke("replay", str(record), "--json").stdout)
    assert data["ok"] is True and data["score"]["winners"] == ["Ann"] and data["outcome"]


def test_cli_export_import_files(tmp_path):
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "--json").stdout)["id"]
    invoke("move", str(gid), "take 2")
    out = tmp_path / "all.txt"
    assert invoke("export", "--all", "--output", str(out)).exit_code == 0
    other = tmp_path / "other.sqlite3"
    result = invoke("import", str(out), "--db", str(other), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["ids"] == [1]
    csv_text = invoke("export", "--all", "--format", "csv").stdout
    assert csv_text.splitlines()[0].startswith("game_id,game,date")
    assert invoke("export").exit_code == 1


def test_cli_rules_lookup():
    assert "Passing" in invoke("rules", "toy", "toy.pass").stdout
    assert "toy.take" in invoke("rules", "toy").stdout
    data = json.loads(invoke("rules", "toy", "last", "pebble", "--json").stdout)
    assert [r["id"] for r in data] == ["toy.end"]
    assert invoke("rules", "toy", "zebra").exit_code == 1


def test_cli_play_table_mode():
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=3", "--json").stdout)["id"]
    lines = "help\ntake 5\ntake 1\nstate\nundo\nlegal\nscore\nrules passing\ntake 1\nBen take 1\nlog\ntake 1\nquit\n"
    result = runner.invoke(app, ["play", str(gid)], input=lines)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "only 3 pebbles" not in out and "take 1, 2 or 3" in out  # 'take 5' refused with its rule
    assert "took back 1. Ann take 1" in out
    assert "Ann take 1 | take 2 | take 3 | pass" in out  # from legal (grouped)
    assert "game over" in out
    assert json.loads(invoke("log", str(gid), "--json").stdout)["entries"][-1]["text"] == "Ann take 1"


def test_cli_play_notices_another_window(monkeypatch, db_path):
    """An entry made from another window between two lines: the prompt says so, writes
    nothing, and shows the game as it now stands; the next entry is taken."""
    from assistant import service
    from assistant.cli import play
    from assistant.store.db import Store

    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=9", "--json").stdout)["id"]
    prompts: list[str] = []
    lines = iter(["take 1", "OTHER", "take 1", "take 1", "quit"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        line = next(lines)
        if line == "OTHER":
            service.enter(Store.open(str(db_path)), gid, "take 2")  # the other window
            line = next(lines)
        return line

    monkeypatch.setattr(play, "_reader", lambda words, history=None, read_mark=None: read)
    result = runner.invoke(app, ["play", str(gid)])
    assert result.exit_code == 0, result.output
    assert "changed meanwhile" in result.output and "read again: 2 entries" in result.output
    assert prompts == [f"{gid}:1> ", f"{gid}:2> ", f"{gid}:3> ", f"{gid}:4> "]
    texts = [e["text"] for e in json.loads(invoke("log", str(gid), "--json").stdout)["entries"]]
    assert texts == ["Ann take 1", "Ben take 2", "Ann take 1"]


def test_cli_db_commands(tmp_path, db_path):
    assert invoke("db", "path").stdout.strip() == str(db_path.resolve())
    assert invoke("db", "path", "--db", str(tmp_path / "x.sqlite3")).stdout.strip() == str((tmp_path / "x.sqlite3").resolve())
    invoke("new", "toy", "-p", "A", "-p", "B")
    result = invoke("db", "backup", str(tmp_path / "b.sqlite3"))
    assert result.exit_code == 0 and (tmp_path / "b.sqlite3").exists()
    assert json.loads(invoke("db", "check", "--json").stdout) == {"ok": True, "problems": [], "filled": 0, "ratings_rewritten": 0}


def test_cli_foreign_database_message(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(os.urandom(4096))
    result = invoke("games", "--db", str(junk))
    assert result.exit_code == 1 and "not an SQLite database" in result.stderr


def test_cli_subprocess_no_color_and_exit_codes(db_path):
    result = run_cli("new", "toy", "-p", "Ann", "-p", "Ben", db=db_path)
    assert result.returncode == 0 and result.stdout.strip() == "1"
    result = run_cli("move", "1", "take 9", db=db_path)
    assert result.returncode == 1 and "\x1b[" not in result.stderr and "[toy.take]" in result.stderr
    assert run_cli("move", db=db_path).returncode == 2


def test_cli_installed_command_runs():
    exe = shutil.which("assistant") or str(Path(sys.executable).parent / "assistant")
    if not Path(exe).exists():
        pytest.skip("the assistant command is not installed in this environment")
    result = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "table companion" in result.stdout
    result = subprocess.run([sys.executable, "-m", "assistant", "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("assistant ")


def _help_commands() -> list[str]:
    """The commands the play prompt's help lists, each as a line to type there."""
    from assistant.cli.play import HELP

    examples = {
        "undo": "undo",
        "rules": "rules passing",
        "remember": "remember big take 3",
        "amend": "amend 1 take 2",
        "insert": "insert 2 take 2",
        "log": "log --turn 1 --last 1 --all --reveal",
        "reveal": "reveal",
    }
    lines = []
    for row in HELP.splitlines()[1:]:
        if not row.startswith("  ") or row.startswith("   "):
            continue  # a continuation line
        usage = row.split("  ")[1].strip()
        verb = usage.split()[0]
        lines.append(examples.get(verb, usage.replace("[", "").replace("]", "").replace("TOPIC", "").strip()))
    return lines


@pytest.mark.parametrize("line", _help_commands())
def test_cli_play_every_command_help_lists_works(line):
    """Each command 'help' lists (with the flags it shows, e.g. state --reveal) is a prompt
    command, never read as a game entry; 'secret' reads the next line as a private entry."""
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=9", "--json").stdout)["id"]
    invoke("move", str(gid), "take 1")
    follow = "take 2\n" if line.split()[0] in ("secret", "private") else ""
    result = runner.invoke(app, ["play", str(gid)], input=f"{line}\n{follow}quit\n")
    assert result.exit_code == 0, result.output
    assert "[toy.take]" not in result.output and "usage:" not in result.output, result.output
    assert "✗" not in result.output, result.output


def test_cli_play_prompt_commands_refuse_unknown_flags():
    gid = json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "--json").stdout)["id"]
    result = runner.invoke(app, ["play", str(gid)], input="state --json\nlog --everything\nundo x\nquit\n")
    assert "usage: state [--wide] [--reveal]" in result.output and "usage: log [--turn [N]] [--last N] [--all] [--reveal]" in result.output
    assert "usage: undo [N] [--reveal]" in result.output and "[toy.take]" not in result.output


def test_cli_provisional_score_says_so_once():
    """A running game's score table says it is provisional in its title and in one line (no
    winner until the game is over), not a third time as a note; ``--json`` keeps the note."""
    record = Path(__file__).resolve().parents[1] / "records" / "roma" / "hand_checked_short_game.txt"
    assert runner.invoke(app, ["import", str(record)]).exit_code == 0
    assert runner.invoke(app, ["undo", "1", "-n", "5"]).exit_code == 0
    text = runner.invoke(app, ["score", "1"]).stdout
    assert "provisional: no winner until the game is over" in text and "note: provisional" not in text
    assert "provisional: the game is not over" in json.loads(runner.invoke(app, ["score", "1", "--json"]).stdout)["notes"]
