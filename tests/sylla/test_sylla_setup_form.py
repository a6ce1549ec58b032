"""Issue 23, Sylla: the guided first-game set-up of the printed components (assistant/cli/
setup_form.py). At the ``play`` prompt, ``setup`` asks for the ladder, the start space, the
crisis zone and the building space colours one at a time, each checked as it is given (rules
sylla.data.ladder, sylla.data.building-slots), enters the board as the set-up entry and saves
it in the local catalogue, so that the next game's board is ``setup`` + Enter or ``@KEY``.
The event cards may be saved the same way (sylla.data.events)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from assistant import service
from assistant.cli.main import app
from assistant.cli.setup_form import ask_events, board_entry, board_questions, run_form
from assistant.store.db import Store

runner = CliRunner()
BOARD = "board ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"


def _form(answers: list[str], questions=None):
    said: list[str] = []
    prompts: list[str] = []
    feed = iter(answers)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    result = run_form(questions or board_questions(), ask, said.append)
    return result, said, prompts


def test_sylla_setup_form_asks_one_at_a_time_with_what_is_legal():
    result, said, prompts = _form(["0 1 1 2 2 3 3 4 5", "", "2", "rygryg", "mybox"])
    assert board_entry(result) == BOARD
    assert result["key"] == "mybox"
    assert [line.split(")")[0] for line in said] == ["(1/5", "(2/5", "(3/5", "(4/5", "(5/5"]
    assert "at least 3" in prompts[0]
    assert "2 to 9" in prompts[1] and "[Enter: 5]" in prompts[1]  # the middle of an odd ladder
    assert "1 to 4" in prompts[2]  # the crisis zone ends before the start space
    assert "r red, y yellow, g grey" in prompts[3]


def test_sylla_setup_form_checks_each_answer_and_asks_again():
    """sylla.data.ladder and sylla.data.building-slots, as the board entry checks them."""
    result, said, _ = _form(["0 1", "0 1 one", "0 1 1 2 2 3 3 4 5 6", "1", "5", "6", "3", "r y b r y g", "r y g r y", "r,y,g,r,y,g", ""])
    refusals = "\n".join(said).replace("\n  ", " ").split("\n")  # a refusal's lines joined (80 columns each)
    refusals = [line for line in refusals if line.startswith("✗")]
    assert all(len(line) <= 80 for line in said)
    assert "cannot hold a crisis zone" in refusals[0] and "[sylla.data.ladder]" in refusals[0]
    assert "'one' is not a whole number" in refusals[1]
    assert "start space is one of spaces 2 to 10" in refusals[2]  # an even ladder: no default middle
    assert any("crisis zone holds 1 to 4" in line for line in refusals)
    assert sum("[sylla.data.building-slots]" in line for line in refusals) == 2
    assert result is not None and result["key"] == "board"
    assert board_entry(result) == "board ladder=0,1,1,2,2,3,3,4,5,6 crisis=3 start=5 spaces=r,y,g,r,y,g"


def test_sylla_setup_form_stops_on_empty_answer_or_end_of_input():
    assert _form(["0 1 1 2 2 3 3 4 5", "", ""])[0] is None  # the crisis zone has no default
    assert _form(["0 1 1 2"])[0] is None  # Ctrl-D


def test_sylla_setup_form_event_cards_and_the_icons_total():
    """The 10 event cards; the four whose famine icons the rulebook adds up to 2 are asked
    again when they do not (sylla.data.events); a card's known symbol is checked."""
    answers = ["1 L", "0 L",  # Decadence 1 L; Epidemic without its token: refused
               "0 V health", "0 V leisure", "1 LV civic", "1 V health", "0 L civic", "1 L civic",
               "1 V health", "0 L leisure", "0 L leisure",
               # icons: Decadence 1 + Imperial Cult 1 + Famine 1 + Slave Revolt 0 = 3: asked again
               "0 L", "1 V health", "0 L leisure", "1 LV civic"]
    said: list[str] = []
    feed = iter(answers)
    cards = ask_events(lambda prompt: next(feed), said.append)
    assert cards is not None
    assert cards["decadence"] == "Decadence 0 L" and cards["famine"] == "Famine 1 V health"
    assert cards["epidemic"] == "Epidemic 0 V health"
    assert any("shows a token colour" in line for line in said)  # Epidemic's first answer
    assert any("2 famine icons together" in line for line in said)


def _new(players=("Blue", "Red", "White", "Black")) -> int:
    args = ["new", "sylla", *[x for p in players for x in ("-p", p)], "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["id"]


def _entries(gid: int) -> list[str]:
    result = runner.invoke(app, ["log", str(gid), "--json"])
    return [item["text"] for item in json.loads(result.stdout)["entries"]]


def test_sylla_setup_form_at_the_play_prompt_enters_and_saves_for_the_next_game(db_path):
    gid = _new()
    typed = "setup\n0 1 1 2 2 3 3 4 5\n\n2\nr y g r y g\nmybox\nn\nquit\n"
    result = runner.invoke(app, ["play", str(gid)], input=typed)
    assert result.exit_code == 0, result.output
    assert "(1/5) Res Publica ladder" in result.output
    assert "saved as @mybox" in result.output
    assert _entries(gid) == [BOARD]
    store = Store.open(str(db_path))
    assert {i.key: i.value for i in service.catalogue_list(store, "sylla").items} == {"mybox": BOARD}
    # the next game: the saved board is the default of `setup` ...
    second = _new(("Ann", "Ben", "Cy"))
    result = runner.invoke(app, ["play", str(second)], input="setup\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert "@mybox = " + BOARD in result.output
    assert _entries(second) == [BOARD]
    # ... or one short entry
    third = _new(("Ann", "Ben", "Cy"))
    result = runner.invoke(app, ["play", str(third)], input="@mybox\nquit\n")
    assert _entries(third) == [BOARD]
    # once the board is in, setup says so and enters nothing
    result = runner.invoke(app, ["play", str(third)], input="setup\nquit\n")
    assert "already entered" in result.output and _entries(third) == [BOARD]


def test_sylla_setup_form_stopped_enters_and_saves_nothing(db_path):
    gid = _new()
    result = runner.invoke(app, ["play", str(gid)], input="setup\n0 1 1 2 2 3 3 4 5\n\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert "nothing entered or saved" in result.output
    assert _entries(gid) == []
    assert service.catalogue_list(Store.open(str(db_path)), "sylla").items == ()


def test_sylla_setup_form_saves_the_event_cards_too(db_path):
    gid = _new()
    events = ["0 L", "0 V health", "0 V leisure", "1 LV civic", "1 V health", "0 L civic", "1 L civic",
              "1 V health", "0 L leisure", "0 L leisure"]
    typed = "setup\n0 1 1 2 2 3 3 4 5\n\n2\nrygryg\n\ny\n" + "\n".join(events) + "\nquit\n"
    result = runner.invoke(app, ["play", str(gid)], input=typed)
    assert result.exit_code == 0, result.output
    saved = {i.key: i.value for i in service.catalogue_list(Store.open(str(db_path)), "sylla").items}
    assert saved["board"] == BOARD and saved["famine"] == "Famine 1 V health" and len(saved) == 11
    later = runner.invoke(app, ["play", str(gid)], input="events @imperial-cult, @famine, @slave-revolt, @decadence\nquit\n")
    assert later.exit_code == 0, later.output
    assert _entries(gid)[-1] == "events Imperial Cult 1 LV civic, Famine 1 V health, Slave Revolt 0 L leisure, Decadence 0 L"


def test_sylla_setup_form_at_a_terminal_80x24(db_path, tmp_path):
    """The same form on a pseudo-terminal (prompt_toolkit reads each answer): every line the
    form prints fits 80 columns; the board is entered and saved."""
    import re

    import pytest

    pexpect = pytest.importorskip("pexpect")
    from cli_support import cli_command, run_cli, terminal_env

    assert run_cli("new", "sylla", "-p", "Ann", "-p", "Ben", "-p", "Cy", db=db_path).returncode == 0
    env = terminal_env(db_path, tmp_path, columns=80, lines=24)
    command = cli_command("play", "1")
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    screen = ""
    try:
        child.expect_exact("1:1>")
        child.sendline("setup")
        for question, answer in (("(1/5)", "0 1 1 2 2 3 3 4 5"), ("(2/5)", ""), ("(3/5)", "9"), ("(3/5)", "2"),
                                 ("(4/5)", "r y g r y g"), ("(5/5)", "box"), ("(1/1)", "n"), ("(1/1)", "n")):
            child.expect_exact(question)
            screen += child.before + question
            child.expect_exact(">")  # the end of the answer's prompt
            screen += child.before
            child.sendline(answer)
        child.expect_exact("1:2>")
        screen += child.before
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[>=]", "", screen).replace("\r", "")
    assert "crisis zone holds 1 to 4" in shown, shown
    assert "✓ 1. " + BOARD in shown, shown
    printed = [line for line in shown.splitlines() if line.startswith(("(", "✗", "  →", "✓", "The printed"))]
    assert len(printed) >= 10 and not [line for line in printed if len(line) > 80], printed
    log = json.loads(run_cli("log", "1", "--json", db=db_path).stdout)["entries"]
    assert [item["text"] for item in log] == [BOARD]


SET_OF_TEN = ["senator fish ry", "senator g", "merchant y", "merchant fish r", "legionary r", "legionary g",
              "vestal y", "vestal g", "slave ryg", "slave fish ryg"]


def test_sylla_setup_form_character_cards_a_set_at_a_time_sylla_data_characters():
    """Each card is checked as it is answered (a third Legionary in a set, a fish on a
    Vestal, a card of another set are refused with the reason, and asked again); a set
    stopped half-way is not kept, the sets before it are."""
    from assistant.cli.setup_form import ask_characters

    typed = iter([*SET_OF_TEN[:5], "legionary y", "vestal fish y", "legionary g I", *SET_OF_TEN[6:], "senator r III",
                  *SET_OF_TEN[:3], ""])
    said: list[str] = []
    cards = ask_characters(lambda prompt: next(typed), said.append)
    assert sorted(cards) == sorted(f"I.{n}" for n in range(1, 11)), cards
    assert cards["I.1"] == "senator fish ry I" and cards["I.10"] == "slave fish ryg I"
    refused = [line for line in said if line.startswith("✗")]
    assert len(refused) == 3 and " ".join(said).count("[sylla.data.characters]") == 3, said
    assert "cannot be Christian" in refused[0] and "set I has only 2 Legionaries" in refused[1] and "not III" in refused[2]
    assert cards["I.6"] == "legionary y I" and cards["I.7"] == "vestal y I"


def test_sylla_setup_form_saves_the_character_cards_for_the_next_game(db_path):
    gid = _new()
    typed = "setup\n0 1 1 2 2 3 3 4 5\n\n2\nrygryg\n\nn\ny\n" + "\n".join(SET_OF_TEN * 2) + "\n\nquit\n"
    result = runner.invoke(app, ["play", str(gid)], input=typed)
    assert result.exit_code == 0, result.output
    saved = {i.key: i.value for i in service.catalogue_list(Store.open(str(db_path)), "sylla").items}
    assert saved["i.1"] == "senator fish ry I" and saved["ii.10"] == "slave fish ryg II" and "iii.1" not in saved  # keys case-folded
    assert "20 character cards saved" in result.output
