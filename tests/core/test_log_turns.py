"""``log`` by turn (issue 23, D12, rule ``core.log.turn``): entries under the heading of the
turn they were made in, ``--turn N|now`` and ``--last N`` on the command line and at the
prompt, and at an 80x24 prompt a long log shows its last screenful with what is above it said
in one line, ``log --all`` and ``legal --all`` paged."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_support import cli_command, run_cli, terminal_env

RECORDS = Path(__file__).resolve().parents[1] / "records"
ROMA = RECORDS / "roma" / "hand_checked_battles.txt"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[>=]|\r")


@pytest.fixture
def roma_game(db_path):
    """A whole Roma game of 62 entries and 10 turns, as game 1."""
    assert run_cli("import", str(ROMA), db=db_path).returncode == 0
    return db_path


def test_core_log_turn_headings_number_the_turns_after_the_set_up(roma_game):
    shown = run_cli("log", "1", db=roma_game).stdout.splitlines()
    headings = [line for line in shown if line.startswith("──")]
    assert headings[:3] == ["── set-up", "── 1 · turn 1, Ben", "── 2 · turn 2, Ann"], headings
    assert headings[-1] == "── 10 · turn 10, Ann"
    assert sum(1 for line in shown if not line.startswith("──")) == 62


def test_core_log_turn_and_last_pick_part_of_the_log(roma_game):
    now = run_cli("log", "1", "--turn", "now", db=roma_game).stdout.splitlines()
    assert now[0] == "── 10 · turn 10, Ann" and now[-1].strip() == "62. end" and len(now) == 6, now
    second = run_cli("log", "1", "--turn", "2", "--json", db=roma_game).stdout
    entries = json.loads(second)["entries"]
    assert [e["ply"] for e in entries] == [13, 14, 15, 16, 17, 18][: len(entries)] and {e["turn"] for e in entries} == {"turn 2, Ann"}
    last = run_cli("log", "1", "--last", "3", db=roma_game).stdout.splitlines()
    assert last == ["── 10 · turn 10, Ann", "  60. activate 4", "  61. activate 4", "  62. end"], last


@pytest.mark.parametrize(("turn", "words"), [("11", "no turn 11: the log has turns 1 to 10"), ("0", "is not a turn"), ("x", "is not a turn")])
def test_core_log_turn_refuses_a_turn_not_played(roma_game, turn, words):
    result = run_cli("log", "1", "--turn", turn, db=roma_game)
    assert result.returncode == 1 and words in result.stderr and "core.log.turn" in result.stderr, result.stderr


def test_core_log_turn_at_an_80x24_prompt_shows_the_last_screenful(roma_game, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    pager = tmp_path / "pager.sh"
    received = tmp_path / "paged.txt"
    pager.write_text(f"#!/bin/sh\ncat > {received}\n", encoding="utf-8")
    pager.chmod(0o755)
    env = terminal_env(roma_game, tmp_path, PAGER=str(pager))
    command = cli_command("play", "1")
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))

    def answer(line: str) -> str:
        """What the prompt prints for ``line``, up to the line it draws before the next prompt
        (the game is over: "game over: …")."""
        child.sendline(line)
        child.expect_exact("game over:")
        printed = ANSI.sub("", child.before)
        child.expect_exact("1:63>")
        return printed.split("\n", 1)[1] if "\n" in printed else ""  # the typed line left out

    try:
        child.expect_exact("1:63>")
        screen = answer("log").splitlines()
        assert len(screen) <= 22 and "earlier entries above: log --all" in screen[0], screen
        assert screen[-1].strip() == "62. end", screen
        turn = answer("log --turn 1")
        assert "── 1 · turn 1, Ben" in turn and "8. roll 2 5 3" in turn and "13." not in turn, turn
        two = answer("log --last 2")
        assert "61. activate 4" in two and "60." not in two, two
        answer("log --all")
        paged = received.read_text(encoding="utf-8")
        assert "   1. hand Ann ? ? ? ?" in paged and "  62. end" in paged and "── 10 · turn 10, Ann" in paged, paged
        assert "usage: log [--turn [N]] [--last N] [--all] [--reveal]" in answer("log --bogus")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
