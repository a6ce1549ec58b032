"""The ``play`` prompt asks which entry was meant when the game finds one ambiguous (issue 12):
when both neighbours sell the same resource at the same price, or Olympia A's free build could
be used or not, the candidates are numbered and one is chosen by its number, instead of the
entry being refused and retyped. Without a terminal (a script), and for ``assistant move``,
the entry is still refused with the options listed, so that nothing waits for an answer.

The 7 Wonders positions are real games imported from a record (no state patched in):

* tie: Ada (Babylon A) lacks stone; Bob (Gizah A) and Cleo (Stone Pit) both sell it at 2, so
  ``Ada build Baths`` could be paid to either neighbour;
* Olympia A: Ada has built both stages, so ``Ada build Clay Pit`` may use the free build or pay
  the card's coin.
"""

from __future__ import annotations

import json
import re

import pytest

from cli_support import cli_command, run_cli, terminal_env

TIE = """Game: 7wonders
Players: Ada, Bob, Cleo
Options: leaders=false
Boards: Babylon A, Gizah A, Rhodes A

Ada sell
Bob sell
Cleo build Stone Pit
"""

OLYMPIA = """Game: 7wonders
Players: Ada, Bob, Cleo
Options: leaders=false
Boards: Olympia A, Gizah A, Rhodes A

Ada build Lumber Yard
Bob sell
Cleo build Stone Pit
Ada stage
Bob sell
Cleo sell
Ada sell
Bob sell
Cleo sell
Ada stage pay left 2 right 2
Bob sell
Cleo sell
"""

TIED = {"Ada build Baths pay Bob 2", "Ada build Baths pay Cleo 2"}  # the neighbours by name (issue 23, D18)
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[>=]")
COLUMNS, LINES = 80, 24
QUESTION = "Enter to cancel)"


def _import(record: str, db, tmp_path) -> int:
    path = tmp_path / "record.txt"
    path.write_text(record, encoding="utf-8")
    result = run_cli("import", str(path), db=db)
    assert result.returncode == 0, result.stderr
    return len([line for line in record.split("\n\n", 1)[1].splitlines() if line.strip()])


def _entries(db) -> list[str]:
    result = run_cli("log", "1", "--json", db=db)
    assert result.returncode == 0, result.stderr
    return [item["text"] for item in json.loads(result.stdout)["entries"]]


def _spawn(db, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    env = terminal_env(db, tmp_path, columns=COLUMNS, lines=LINES)
    command = cli_command("play", "1")
    return pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=30, dimensions=(LINES, COLUMNS))


def _screen(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def _listed(screen: str) -> dict[int, str]:
    """The numbered candidates as listed on the screen."""
    return {int(m.group(1)): m.group(2).strip() for m in re.finditer(r"^\s+(\d)\. (.+)$", screen, re.M)}


def _ask(child, ply: int, entry: str) -> str:
    """Type ``entry`` at the prompt for entry ``ply``; the screen up to the question."""
    child.expect_exact(f"1:{ply}>")
    child.sendline(entry)
    child.expect_exact(QUESTION)
    return _screen(child.before)


def _quit(child) -> str:
    import pexpect

    child.sendline("quit")
    child.expect(pexpect.EOF)
    return _screen(child.before)


# -- at a terminal: the question -------------------------------------------------------------
def test_play_asks_which_when_sellers_tie(db_path, tmp_path):
    ply = _import(TIE, db_path, tmp_path) + 1
    child = _spawn(db_path, tmp_path)
    try:
        asked = _ask(child, ply, "Ada build Baths  # bought the stone")
        listed = _listed(asked)
        assert set(listed) == {1, 2} and set(listed.values()) == TIED, asked
        assert "several ways of the same cost" in asked and "[7w.commerce.rules]" in asked, asked
        assert "one of:" not in asked  # listed once, numbered, not also as a hint
        assert not [line for line in asked.splitlines() if len(line) > COLUMNS], asked
        child.sendline("2")
        child.expect_exact(f"1:{ply + 1}>")
        after = _screen(child.before)
        stored = listed[2].replace("pay Bob", "pay left").replace("pay Cleo", "pay right")  # Ada's neighbours: left Bob, right Cleo
        assert f"✓ {ply}. {stored}" in after, after  # entered as if typed: the ✓ line, in the record's notation
        assert "→ Age I, turn 2" in after, after  # and the prompt line
        _quit(child)
    finally:
        child.close(force=True)
    assert _entries(db_path)[-1] == stored
    # 7 Wonders keeps secrets, so only --reveal shows comments (any comment may tell one)
    log = json.loads(run_cli("log", "1", "--json", "--reveal", db=db_path).stdout)["entries"][-1]
    assert log.get("comment") == "bought the stone", log


@pytest.mark.parametrize("answer", ["enter", "ctrl-c", "ctrl-d", "two bad answers"])
def test_play_question_cancelled_writes_nothing(db_path, tmp_path, answer):
    ply = _import(TIE, db_path, tmp_path) + 1
    child = _spawn(db_path, tmp_path)
    try:
        _ask(child, ply, "Ada build Baths")
        if answer == "enter":
            child.sendline("")
        elif answer == "ctrl-c":
            child.sendcontrol("c")
        elif answer == "ctrl-d":
            child.sendcontrol("d")
        else:
            child.sendline("3")  # not one of the numbers: asked again once
            child.expect_exact("answer with a number from 1 to 2")
            child.expect_exact(QUESTION)
            child.sendline("left")
        child.expect_exact(f"1:{ply}>")  # the same entry still awaited
        assert "cancelled; nothing was entered" in _screen(child.before)
        _quit(child)
    finally:
        child.close(force=True)
    assert len(_entries(db_path)) == ply - 1


def test_play_asks_olympia_a_free_or_pay(db_path, tmp_path):
    ply = _import(OLYMPIA, db_path, tmp_path) + 1
    child = _spawn(db_path, tmp_path)
    try:
        asked = _ask(child, ply, "Ada build Clay Pit")
        listed = _listed(asked)
        assert set(listed.values()) == {"Ada build Clay Pit free", "Ada build Clay Pit pay 0"}, asked
        assert "[7w.wonder.olympia.a]" in asked, asked
        free = next(n for n, text in listed.items() if text.endswith("free"))
        child.sendline(str(free))
        child.expect_exact(f"1:{ply + 1}>")
        _quit(child)
    finally:
        child.close(force=True)
    assert _entries(db_path)[-1] == "Ada build Clay Pit free"


def test_play_private_ambiguous_entry_is_refused_not_asked(db_path, tmp_path):
    """Typed through 'secret': no candidate is shown and nothing is asked."""
    ply = _import(TIE, db_path, tmp_path) + 1
    child = _spawn(db_path, tmp_path)
    try:
        child.expect_exact(f"1:{ply}>")
        child.sendline("secret")
        child.expect_exact("private (not shown)>")
        child.sendline("Ada build Baths")
        child.expect_exact(f"1:{ply}>")
        screen = _screen(child.before)
        assert "which?" not in screen and "Baths" not in screen, screen
        _quit(child)
    finally:
        child.close(force=True)
    assert len(_entries(db_path)) == ply - 1


# -- no terminal, and move: refused with the options listed ------------------------------------
def test_play_without_a_terminal_refuses_with_the_options(db_path, tmp_path):
    ply = _import(TIE, db_path, tmp_path) + 1
    result = run_cli("play", "1", db=db_path, input="Ada build Baths\n2\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "which?" not in result.stderr + result.stdout
    assert "one of: " in result.stderr and all(option in result.stderr for option in TIED), result.stderr
    assert len(_entries(db_path)) == ply - 1  # and the '2' after it is no entry either


def test_move_refuses_ambiguous_entry_with_the_options(db_path, tmp_path):
    ply = _import(TIE, db_path, tmp_path) + 1
    text = run_cli("move", "1", "Ada build Baths", db=db_path)
    assert text.returncode == 1
    assert "several ways of the same cost" in text.stderr and "[7w.commerce.rules]" in text.stderr, text.stderr
    assert "one of: " in text.stderr and all(option in text.stderr for option in TIED), text.stderr
    as_json = run_cli("move", "1", "Ada build Baths", "--json", db=db_path)
    assert as_json.returncode == 1
    data = json.loads(as_json.stdout)
    assert data["ok"] is False and data["error"] == "ambiguous" and data["rule"] == "7w.commerce.rules"
    assert set(data["candidates"]) == TIED
    assert len(_entries(db_path)) == ply - 1


# -- the question helper -----------------------------------------------------------------------
def _reader(*answers):
    """A reader giving ``answers`` in turn (an exception class is raised), and the prompts it saw."""
    asked: list[str] = []
    queue = list(answers)

    def read(prompt: str) -> str:
        asked.append(prompt)
        answer = queue.pop(0)
        if isinstance(answer, type):
            raise answer()
        return answer

    return read, asked


def test_play_question_helper_takes_a_number_and_cancels_otherwise(capsys):
    from assistant.cli.play import ask_which

    options = ["Ada build Baths pay right 2", "Ada build Baths pay left 2"]
    read, asked = _reader("2")
    assert ask_which(options, read) == 1 and asked == ["which? (1-2, Enter to cancel) "]
    assert ask_which(options, _reader(" 1 ")[0]) == 0
    for cancel in ("", EOFError, KeyboardInterrupt):
        assert ask_which(options, _reader(cancel)[0]) is None
    read, asked = _reader("0", "1")  # a bad answer is asked again once
    assert ask_which(options, read) == 0 and len(asked) == 2
    read, asked = _reader("9", "two", "1")  # then the question is cancelled
    assert ask_which(options, read) is None and len(asked) == 2
    assert "answer with a number from 1 to 2" in capsys.readouterr().err


def test_play_question_offers_only_whole_entries_the_game_takes():
    """Candidates that are names (a prefix of several cards), not entries: no question."""
    from assistant.cli.play import _entries_to_offer
    from assistant.core.errors import AmbiguousEntry
    from assistant.core.game import Game
    from assistant.games.sevenwonders import RULESET
    from assistant.core.record import read_record

    game = Game.from_record(RULESET, read_record(TIE))
    with pytest.raises(AmbiguousEntry) as tie:
        game.push("Ada build Baths")
    offered = _entries_to_offer(tie.value, game, reveal=False)
    assert offered is not None and {text for text, _ in offered} == TIED
    names = AmbiguousEntry("7w.card", "'Ba' could be the card Baths, Barracks", candidates=["Baths", "Barracks"])
    assert _entries_to_offer(names, game, reveal=False) is None
