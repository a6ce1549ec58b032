"""The loose ends of a newcomer's evening (issue 23), one test per defect, each named after it."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from assistant.cli.main import app

runner = CliRunner()


def cli(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_loose_ends_d16_provisional_score_json_names_no_winner():
    gid = str(json.loads(cli("new", "roma", "-p", "Ann", "-p", "Ben", "--json").stdout)["id"])
    cli("move", gid, "hand Ann ? ? ? ?")
    data = json.loads(cli("score", gid, "--json").stdout)
    assert data["provisional"] is True and data["winners"] == []
    text = cli("score", gid).output
    assert "no winner until the game is over" in text


def test_loose_ends_d28_a_refusal_at_the_prompt_points_to_the_prompt_s_own_rules_command():
    gid = str(json.loads(cli("new", "roma", "-p", "Ann", "-p", "Ben", "--json").stdout)["id"])
    shown = cli("play", gid, input="hand Ann ? ? ?\nquit\n").output
    assert "read it: rules roma." in shown and "assistant rules" not in shown, shown
    rule = shown.split("read it: rules ", 1)[1].split()[0]
    assert rule in cli("play", gid, input=f"rules {rule}\nquit\n").output  # and that command reads it


def test_loose_ends_d27_game_over_is_said_once(tmp_path):
    """The entry that ends a game says "game over" with the final score; the prompt that
    follows does not say it again."""
    from pathlib import Path

    lines = (Path(__file__).resolve().parents[2] / "examples" / "roma-short-game.txt").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "short.txt"
    path.write_text("\n".join(lines[:-3]) + "\n", encoding="utf-8")  # all but the last turn's two entries
    assert cli("import", str(path)).exit_code == 0
    shown = cli("play", "1", input="roll 2 6 5\nactivate 2 vp 6 5\nquit\n").output
    assert shown.count("game over:") == 1 and "Final score" in shown, shown
    again = cli("play", "1", input="quit\n").output  # opened on a finished game: said once
    assert again.count("game over:") == 1


def test_loose_ends_d21_tomorrow_is_a_day_that_has_not_come():
    """"'tomorrow' is not a day" (D21): it is one; a play is refused because it is after today,
    and a filter may look ahead to it."""
    from datetime import date

    import pytest

    from assistant.core.errors import InvalidEntry
    from assistant.core.when import parse_day

    today = date(2026, 12, 5)
    assert parse_day("tomorrow", today=today, future=True) == "2026-12-06"
    with pytest.raises(InvalidEntry) as info:
        parse_day("tomorrow", today=today)
    assert "2026-12-06 is after today" in info.value.message


def test_loose_ends_d21_articles_and_plurals():
    """"a Onager", "1 cards", "1 icons" (D21): the article and the plural follow the word."""
    from assistant.core.wording import a, counted
    from assistant.games.sylla import view

    assert (a("Onager"), a("Essedum"), a("Forum")) == ("an Onager", "an Essedum", "a Forum")
    assert (counted(1, "card"), counted(2, "card"), counted(1, "icon")) == ("1 card", "2 cards", "1 icon")
    assert "uses their Temple" in view.STEP_TEXT["IV.use"][1]  # "Ann uses his": every player, whoever they are


def test_loose_ends_d11_two_players_prompt_asks_for_the_free_city_s_board():
    from assistant.core.game import Game
    from assistant.games import get_ruleset

    game = Game(get_ruleset("7wonders"), ["Ann", "Ben"], {})
    game.push("Ann board Gizah A")
    game.push("Ben board Rhodes B")
    message = game.expecting().message
    assert "Free City board <Wonder> <A|B>" in message and "each player" not in message


def test_loose_ends_d23_roma_says_nothing_of_nothing():
    """No "has 0 empty discs and pays 0 VP" line, and no "lay a card" with nothing to lay."""
    from dataclasses import replace

    from assistant.games.roma import view
    from assistant.games.roma.rules.turn import phase_one
    from assistant.games.roma.state import RomaState

    full = ("Forum",) * 6
    state = RomaState(seats=("Ann", "Tom"), boards=(full, full), last="")
    assert phase_one(state).last == ""  # nothing to pay: nothing said
    assert "1 empty disc and pays 1 VP" in phase_one(replace(state, boards=(("Forum",) * 5 + (None,), full))).last
    done = replace(state, placed=(True, True), starter=0, turn=3, dice=(), money=(0, 0), hands=((), ()))
    prompt = view.expecting(done)
    assert prompt.kinds == ("end",) and "lay a card" not in prompt.message


def test_loose_ends_d20_free_city_is_a_column_of_the_score_table():
    from pathlib import Path

    table = Path(__file__).resolve().parents[2] / "examples" / "7wonders-2p-final-table.toml"
    shown = cli("score", "7w", "--from", str(table)).output
    header = shown.splitlines()[0]
    assert "(Free City)" in header and "free city:" not in shown, shown
    assert [line.split()[-1] for line in shown.splitlines() if line.startswith("rank")] == ["—"]


def test_loose_ends_d24_a_refusal_is_broken_between_words_within_80_columns(capsys, monkeypatch):
    from assistant.cli import render
    from assistant.core.errors import IllegalMove

    monkeypatch.setattr(render, "_terminal_width", lambda stream: 80)  # as on an 80x24 terminal

    long = "the entry holds a secret face and its public form is what the whole table may see at this point"
    render.error(IllegalMove("roma.hidden.public", long, hint="type it after 'secret' " * 6), "roma")
    shown = capsys.readouterr().err
    assert all(len(line) <= 80 for line in shown.splitlines()), shown
    assert "[roma.hidden.public]" in shown and "read it: assistant rules roma roma.hidden.public" in shown
    monkeypatch.setattr(render, "_terminal_width", lambda stream: None)  # into a file: one line
    render.error(IllegalMove("roma.hidden.public", long), "roma")
    assert long in capsys.readouterr().err


def test_loose_ends_d25_the_prompt_help_fits_an_80x24_terminal():
    """``help`` at the prompt is read whole on an 80x24 terminal: its heading, every command
    and the prompt line below it (it was 27 lines)."""
    from assistant.cli.play import HELP

    lines = HELP.splitlines()
    assert len(lines) <= 21 and max(len(line) for line in lines) <= 80, (len(lines), max(map(len, lines)))


def test_loose_ends_d22_after_a_refusal_the_prompt_does_not_repeat_the_last_event():
    """Roma's Phase 1 ("Ann has 2 empty discs and pays 2 VP") leads the prompt line once, after
    the entry that caused it; a refusal or a command draws the line again without it."""
    gid = str(json.loads(cli("new", "roma", "-p", "Ann", "-p", "Ben", "-o", "bribe=off", "--json").stdout)["id"])
    for entry in ("hand Ann Essedum Onager Turris Centurio", "hand Ben Consul Forum Basilica Mercator",
                  "give Ann Turris Centurio", "give Ben Consul Mercator", "start Ben",
                  "place Ben Forum 2 Basilica 3 Turris 4 Centurio 5", "place Ann Essedum 1 Onager 2 Consul 3 Mercator 5",
                  "roll 2 5 3", "activate 2 vp 3", "activate 5", "battle 1"):
        assert cli("move", gid, entry).exit_code == 0, entry
    shown = cli("play", gid, input="end\nbogus\nlog --last 1\nquit\n").output
    event = "Phase 1: Ann has 2 empty discs and pays 2 VP"
    lines = [line for line in shown.splitlines() if "Ann: roll the three action dice" in line or event in line]
    assert sum(event in line for line in shown.splitlines()) == 1 and len(lines) >= 3, shown
