"""The prompt's own commands and a game's entries of the same word (issue 23, D3): Sylla's
set-up entry ``board ladder=… crisis=… start=… spaces=…``, as docs/notation/sylla.md gives it
and as the prompt asks for it ("setup: enter board, …"), is the game's entry, not the prompt's
``board`` command; ``board`` alone (or with its flags) still shows the board."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from assistant.cli.main import app

runner = CliRunner()
BOARD = "board ladder=0,1,1,2,2,3,3,4,5 crisis=3 start=5 spaces=r,y,g,r,y,g"


def test_play_sylla_setup_board_entry_is_the_game_s_not_the_board_command():
    gid = str(json.loads(runner.invoke(app, ["new", "sylla", "-p", "Red", "-p", "Blue", "-p", "White", "--json"]).stdout)["id"])
    result = runner.invoke(app, ["play", gid], input=f"{BOARD}\nboard --wide\nquit\n")
    assert result.exit_code == 0, result.output
    assert "usage: board" not in result.output
    entries = json.loads(runner.invoke(app, ["log", gid, "--json"]).stdout)["entries"]
    assert [e["text"] for e in entries] == [BOARD]
    assert "ladder" in result.output.split(BOARD, 1)[1]  # 'board --wide' still draws the board after it


def test_play_board_with_words_no_game_takes_still_answers_with_its_usage():
    gid = str(json.loads(runner.invoke(app, ["new", "roma", "-p", "Ann", "-p", "Ben", "--json"]).stdout)["id"])
    result = runner.invoke(app, ["play", gid], input="board sideways\nquit\n")
    assert "usage: board [--wide] [--reveal]" in result.output
