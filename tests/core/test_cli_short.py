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


# -- 2. short answers ------------------------------------------------------------------------------------
RECORDS = __import__("pathlib").Path(__file__).resolve().parents[1] / "records"


def test_score_prints_the_table_and_working_only_when_asked():
    invoke("import", str(RECORDS / "7wonders" / "three-players-leaders.txt"))
    result = invoke("score", "1")
    assert result.exit_code == 0, result.output
    assert "working:" not in result.stdout and "Winner: Bob" in result.stdout
    assert "score 1 --working" in result.stderr  # how to get the breakdown, as a message
    lines = result.stdout.splitlines()
    assert lines[0] == "Game 1 · 7 Wonders"
    assert lines[1].split() == ["Ada", "Bob", "★", "Cleo"]
    total = next(line for line in lines if line.startswith("total"))
    assert total.split() == ["total", "36", "64", "31"]  # piped: one row, no figure cut
    assert all(len(line) <= 80 for line in lines)
    worked = invoke("score", "1", "--working").stdout
    assert "working:" in worked and "Bob · science:" in worked
    assert all(len(line) <= 80 for line in worked.splitlines())


def test_provisional_score_names_no_winner():
    gid = new_toy()
    invoke("move", str(gid), "take 2")
    out = invoke("score", str(gid)).stdout
    assert "Winner" not in out and "★" not in out and "provisional" in out
    played = invoke("play", str(gid), input="score\nquit\n").output
    assert "Winner" not in played and "★" not in played and "provisional" in played
    data = json.loads(invoke("score", str(gid), "--json").stdout)
    assert data["provisional"] is True  # the JSON shape is unchanged


def test_legal_command_and_prompt_print_the_summary_and_all_on_request():
    gid = new_toy()
    result = invoke("legal", str(gid))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["Ann take 1 | take 2 | take 3 | pass"]  # Ruleset.legal_summary
    every = invoke("legal", str(gid), "--all").stdout.split("\n")
    assert "  Ann take 1" in every and "  Ann pass" in every
    data = json.loads(invoke("legal", str(gid), "--json").stdout)
    assert set(data) == {"id", "game", "ply", "summary"} and data["summary"]
    assert "moves" in json.loads(invoke("legal", str(gid), "--all", "--json").stdout)
    played = invoke("play", str(gid), input="legal\nlegal --all\nquit\n").output
    assert "  Ann take 2" in played and "usage" not in played


def test_cards_is_a_table_a_person_can_scan():
    for game in ("7w", "roma", "pax", "sylla"):
        out = invoke("cards", game).stdout
        lines = out.splitlines()
        assert all(len(line) <= 100 for line in lines), (game, max(lines, key=len))
        assert "{'" not in out and "': " not in out, game  # no dict dumps
    out = invoke("cards", "7w").stdout
    palace = next(line for line in out.splitlines() if line.startswith("Palace"))
    assert "wood, stone, clay, ore," in palace  # wrapped between words, never cut
    assert any(line.startswith("Alexander") and "3 coins" in line for line in out.splitlines())
    header = next(line for line in out.splitlines() if line.startswith("name"))
    assert len(header.split()) <= 8  # few, meaningful columns
    assert json.loads(invoke("cards", "7w", "--json").stdout)[0]["cost"]  # the JSON is the catalogue, unchanged


def test_games_list_keeps_a_name_with_its_total_when_piped():
    invoke("import", str(RECORDS / "roma" / "hand_played_cli_livia_marcus.txt"))
    out = invoke("games").stdout
    assert "Livia 14" in out and "Marcus 27" in out


# -- 4. small defects ----------------------------------------------------------------------------------
def test_after_game_over_the_prompt_says_undo_not_the_shell_command():
    gid = new_toy(pile=3)
    result = invoke("play", str(gid), input="take 3\ntake 1\nquit\n")
    assert "game over" in result.output
    assert "type 'undo'" in result.output and f"assistant undo {gid}" not in result.output, result.output
    assert f"assistant undo {gid}" in invoke("move", str(gid), "take 1").output  # the shell keeps it


def test_replay_reads_a_multi_game_export_and_names_the_record_that_fails(tmp_path):
    first, second = new_toy(), new_toy()
    invoke("move", str(first), "take 2")
    invoke("move", str(second), "take 1")
    export = tmp_path / "all.txt"
    export.write_text(invoke("export", "--all").stdout, encoding="utf-8")
    result = invoke("replay", str(export))
    assert result.exit_code == 0, result.output
    assert "record 1:" in result.output and "record 2:" in result.output
    data = json.loads(invoke("replay", str(export), "--json").stdout)
    assert [item["record"] for item in data] == [1, 2] and all(item["ok"] for item in data)
    text = export.read_text(encoding="utf-8")
    head, sep, tail = text.rpartition("take 1")
    export.write_text(head + "take 9" + tail, encoding="utf-8")
    bad = invoke("replay", str(export))
    assert bad.exit_code == 1 and "record 2:" in bad.output and "1 of 2 records failed: record 2" in bad.output


def test_core_rule_ids_resolve_in_every_game():
    for game in ("roma", "7w", "pax", "sylla", "toy"):
        result = invoke("rules", game, "core.over")
        assert result.exit_code == 0 and "The game is over" in result.stdout, (game, result.output)
    from assistant.cli.rules import core_rules, rulebook

    ids = {rule.id for rule in core_rules(rulebook("roma"))}
    cited = {"core.over", "core.undo", "core.entry", "core.input", "core.players", "core.options", "core.conflict"}
    assert cited <= ids


def test_a_mistyped_command_suggests_once():
    for args in (["gmes"], ["players", "lst"], ["db", "pth"]):
        result = invoke(*args)
        assert result.exit_code == 2 and result.output.count("Did you mean") == 1, result.output


def test_tab_completion_after_a_verb_offers_what_fits():
    from assistant.cli.play import TABLE_COMMANDS, next_words

    legal = ["Ann take 1", "Ann take 2", "Ann take 3", "Ann pass"]
    kw = dict(commands=TABLE_COMMANDS, words=["take", "pass", "Ann", "Ben"], legal=legal, players=["Ann", "Ben"])
    assert next_words("take ", **kw) == ["1", "2", "3"]
    assert next_words("ann t", **kw) == ["take"]
    assert next_words("Ann take 2", **kw) == ["2"]
    assert next_words("legal ", **kw) == ["--all", "--reveal"] and next_words("undo ", **kw) == []
    first = next_words("", **kw)
    assert "board" in first and "Ann" in first and "take" in first
    assert next_words("ta", **kw) == ["take"]  # at the start: no commands named so
    cards = ["Bob build Temple", "Bob build Baths", "Bob sell Temple"]
    assert next_words("bob build ", commands=TABLE_COMMANDS, words=["Bob", "build", "undo"], legal=cards, players=["Bob"]) == ["Temple", "Baths"]
