"""What a terminal can hand the command line (issue 10): IDs that only look like numbers,
entries that start with '-', bytes that are not UTF-8, terminal escape sequences, catalogue
texts and player names; each is read or refused clearly (exit 1), never exit 2 or 3, and a
refusal never echoes a raw escape sequence."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from typer.testing import CliRunner

from assistant.cli.main import app

from cli_support import cli_command

runner = CliRunner()


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def game(db_path) -> str:
    result = invoke("new", "toy", "-p", "Ann", "-p", "Ben", "--json")
    assert result.exit_code == 0, result.output
    return str(json.loads(result.stdout)["id"])


@pytest.mark.parametrize("gid", ["²", "①", "３", "1e3", "-1", "0x1", "9" * 40, "1\x1b[31m", "", " "])
def test_cli_input_id_that_is_not_ascii_digits_is_refused(gid, game):
    result = invoke("show", gid)
    assert result.exit_code in (1, 2), result.output
    assert "internal error" not in result.output and "\x1b[31m" not in result.stderr


def test_cli_input_id_words(game):
    assert invoke("show", "last").exit_code == 0
    assert invoke("show", "#" + game).exit_code == 0
    assert "is not a game id" in invoke("show", "²").stderr


@pytest.mark.parametrize("args", [("move", "GID", "-x"), ("move", "GID", "--", "-x"), ("move", "GID", "--", "-3")])
def test_cli_input_entry_starting_with_a_dash_reaches_the_game(args, game):
    result = invoke(*[game if a == "GID" else a for a in args])
    assert result.exit_code == 1, result.output
    assert "[toy" in result.stderr  # the game read it and refused it, not click


def test_cli_input_dash_does_not_hide_real_options(game):
    result = invoke("move", game, "take 1", "--expect-ply", "0", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["ply"] == 1


@pytest.mark.parametrize("no_color", ["1", ""])
@pytest.mark.parametrize("entry", ["take \x1b[31m1", "take 1 # \x1b]0;pwned\x07", "take\u202e 1", "take 1\x9b2J"])
def test_cli_input_refusal_never_echoes_escape_sequences(entry, no_color, game, monkeypatch):
    monkeypatch.setenv("NO_COLOR", no_color)
    result = invoke("move", game, entry)
    assert result.exit_code == 1, result.output
    for raw in ("\x1b[31m", "\x1b]", "\x07", "\u202e", "\x9b"):
        assert raw not in result.stderr and raw not in result.stdout


def test_cli_input_error_text_is_escaped_when_printed(game):
    # a message that quotes user text (an unknown player name) escapes what it quotes
    result = invoke("players", "show", "Zed\x1b[2J")
    assert result.exit_code == 1 and "\x1b[2J" not in result.stderr


def test_cli_input_bytes_that_are_not_utf8_are_refused_in_a_real_process(db_path):
    """argv from a Latin-1 terminal arrives with surrogate escapes; the process is real so
    that the bytes reach Python as a terminal sends them."""
    env = {**os.environ, "ASSISTANT_DB": str(db_path), "NO_COLOR": "1", "LC_ALL": "C.UTF-8"}
    assert subprocess.run(cli_command("new", "toy", "-p", "Ann", "-p", "Ben"), env=env, capture_output=True).returncode == 0
    for entry in (b"take 1 # \xe9t\xe9", b"take \xe91", b"\xff"):
        argv = [os.fsencode(a) for a in cli_command("move", "1")] + [entry]
        result = subprocess.run(argv, env=env, capture_output=True, timeout=60)
        err = result.stderr.decode("utf-8", "replace")
        assert result.returncode == 1, err
        assert "not UTF-8" in err and "Traceback" not in err
    argv = [os.fsencode(a) for a in cli_command("move", "1", "--json")] + [b"take 1 # \xe9"]
    result = subprocess.run(argv, env=env, capture_output=True, timeout=60)
    assert result.returncode == 1 and json.loads(result.stdout)["rule"] == "core.input"
    log = subprocess.run(cli_command("log", "1", "--json"), env=env, capture_output=True, text=True)
    assert json.loads(log.stdout)["entries"] == []  # nothing was stored


def test_cli_input_player_rename_goes_through_the_boundary(game):
    assert invoke("players", "rename", "Ann", "Ann\x1b[31m").exit_code == 1
    assert invoke("players", "rename", "Ann", "Ａｎｎｅ").exit_code == 0  # full-width letters: NFKC
    names = [p["name"] for p in json.loads(invoke("players", "--json").stdout)]
    assert "Anne" in names
    assert invoke("players", "rename", "Anne", "x" * 500).exit_code == 1


def test_cli_input_catalogue_text_goes_through_the_boundary(db_path):
    assert invoke("catalogue", "set", "pax", "brutus", "conspiracy 3/1\x1b[2J").exit_code == 1
    assert invoke("catalogue", "set", "pax", "brutus", "x" * 5000).exit_code == 1
    assert invoke("catalogue", "set", "pax", "k²", "army 3/1").exit_code == 1
    result = invoke("catalogue", "set", "pax", "brutus", "conspiracy ３/1")
    assert result.exit_code == 0, result.output
    items = json.loads(invoke("catalogue", "list", "pax", "--json").stdout)
    assert items == [{"key": "brutus", "value": "conspiracy 3/1"}]


def test_cli_input_location_goes_through_the_boundary(db_path):
    result = invoke("new", "toy", "-p", "Ann", "-p", "Ben", "--location", "Club\nGame: roma")
    assert result.exit_code == 1 and "[core.input]" in result.stderr


def test_cli_input_score_from_standard_input(db_path):
    from pathlib import Path

    table = (Path(__file__).resolve().parents[2] / "examples" / "7wonders-final-table.toml").read_text(encoding="utf-8")
    by_file = json.loads(invoke("score", "7wonders", "--from", str(Path(__file__).resolve().parents[2] / "examples" / "7wonders-final-table.toml"), "--json").stdout)
    result = invoke("score", "7wonders", "--from", "-", "--json", input=table)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == by_file
    bad = invoke("score", "7wonders", "--from", "-", input="{not json")
    assert bad.exit_code == 1 and "standard input" in bad.stderr and "standard-input" not in bad.stderr


@pytest.mark.parametrize("text", ["\u202e", "\x9b2J", "\U000e0001", "\udce9"])
def test_cli_input_json_refusal_escapes_what_it_quotes(text, db_path):
    result = invoke("games", "--player", "Zed" + text, "--json")
    assert result.exit_code == 1
    assert text not in result.stdout
    assert json.loads(result.stdout)["ok"] is False


@pytest.mark.parametrize("name", ["\udce9.sqlite3", "x" * 5000])
def test_cli_input_backup_to_an_impossible_name_is_refused(name, game, tmp_path):
    result = invoke("db", "backup", str(tmp_path / name))
    assert result.exit_code == 1 and "cannot write the backup" in result.stderr, result.output


def test_cli_input_stored_text_is_printed_escaped(game, db_path):
    """Text an older version stored unchecked (a location, a comment) is printed escaped."""
    import sqlite3

    assert invoke("move", game, "take 1 # fine").exit_code == 0
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE games SET location = 'Club\x1b[2J[red]'")
    conn.execute("UPDATE entries SET comment = 'c\x1b]0;x\x07'")
    conn.commit()
    conn.close()
    for args in (["games"], ["show", game], ["log", game]):
        result = invoke(*args)
        assert result.exit_code in (0, 1), result.output  # show replays: the comment is refused there
        assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout + result.stderr


def test_cli_input_import_splits_records_at_newline_only(db_path, tmp_path):
    """A file separator (\\x1c) inside a comment is not a line break: `import` refuses the
    line as `replay` does, naming it, instead of storing two entries."""
    path = tmp_path / "r.txt"
    path.write_text(
        "Game: roma\nPlayers: Ann, Ben\n\nhand Ann Legat Forum Forum Turris  # dealt\x1chand Ben Legat Forum Forum Turris\n",
        encoding="utf-8",
    )
    for command in ("import", "replay"):
        result = invoke(command, str(path))
        assert result.exit_code == 1, result.output
        assert "line 4" in result.stderr and "U+001C" in result.stderr
    assert "no games" in invoke("games").output.lower() or invoke("games", "--json").stdout.strip() in ("[]", "")


def test_cli_input_bad_record_says_line_and_ply(db_path, tmp_path):
    path = tmp_path / "r.txt"
    path.write_text("Game: roma\nPlayers: Ann, Ben\n\nhand Ann Legat Forum Forum Turris\nroll 9 9 9\n", encoding="utf-8")
    result = invoke("import", str(path))
    assert result.exit_code == 1
    assert "line 5, ply 2 'roll 9 9 9':" in result.stderr


@pytest.mark.parametrize("count", ["፩", "9" * 5000, "0"])
def test_cli_input_undo_count_at_the_prompt_is_ascii_digits(count, game):
    result = invoke("play", game, input=f"undo {count}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output
