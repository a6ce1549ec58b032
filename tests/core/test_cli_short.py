"""Issue 12 at the command line: the board at a glance (``state``, ``board`` at the prompt),
the prompt line with the running score, short answers, and the small defects."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from assistant.cli.main import app

runner = CliRunner()


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def new_toy(pile: int = 9) -> int:
    return json.loads(invoke("new", "toy", "-p", "Ann", "-p", "Ben", "-o", f"pile={pile}", "--json").stdout)["id"]


# -- 1. the board at a glance ------------------------------------------------------------------------
def test_state_prints_the_board_and_json_keeps_its_shape_with_a_board_key():
    gid = new_toy()
    invoke("move", str(gid), "take 2")
    result = invoke("state", str(gid))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"Game {gid} · Pebbles · active · 1 entries"
    assert "Ann: taken 2" in result.stdout and "Ben: taken 0" in result.stdout
    assert "┃" not in result.stdout  # the board, not the generic players table
    assert all(len(line) <= 80 for line in lines)
    data = json.loads(invoke("state", str(gid), "--json").stdout)
    assert {"id", "game", "status", "ply", "revealed", "state", "expecting", "outcome"} <= set(data)
    assert data["state"]["players"][0]["name"] == "Ann"  # the description, unchanged
    assert "Ann: taken 2" in data["board"]
    assert invoke("state", str(gid), "--wide").exit_code == 0


def test_play_board_command_and_prompt_line_with_running_score():
    gid = new_toy()
    result = invoke("play", str(gid), input="take 2\nboard\nstate --wide\nboard --nonsense\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "→ 7 pebbles left · Ben to take 1-3 · score: Ann 2 · Ben 0" in out
    assert out.count("Ann: taken 2") == 2  # board and state
    assert "usage: board [--wide] [--reveal]" in out
    assert "[toy" not in out  # no command was read as an entry


def test_prompt_line_stays_within_80_columns_and_keeps_the_score_whole(capsys):
    from assistant.cli import render
    from assistant.core.protocol import Prompt

    long = Prompt(("Ann",), "round 4", message="Ann draws 3 cards: one each to hand, deck and a Legion " * 2)
    render.prompt_line(long, score="Annabel 15 · Benedict 16 · Cyrus 7 · Dora 19")
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert lines[-1] == "  score: Annabel 15 · Benedict 16 · Cyrus 7 · Dora 19"
