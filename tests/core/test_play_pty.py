"""The ``play`` prompt on a real terminal (a pseudo-terminal driven by pexpect): a private
entry (``secret``) is read without echo, so what a player types for their own hand never
reaches the screen, and the prompt commands take their flags (``state --reveal``).

The made-up game "gems" (tests/cli_support.py) has the secret: ``Ann hides ruby`` is public
as ``Ann hides ?``.
"""

from __future__ import annotations

import re

import pytest

from cli_support import cli_command, run_cli, terminal_env

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[>=]|\r")


def _spawn(args: list[str], db, tmp_path):
    env = terminal_env(db, tmp_path, columns=120, lines=40)
    command = cli_command(*args)
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=20, dimensions=(40, 120))
    return child


def _screen(text: str) -> str:
    return ANSI.sub("", text)


def _next_prompt(child, ply: int) -> str:
    """Everything printed until the prompt for entry ``ply`` is drawn again (after the line
    saying what the game waits for), as the screen shows it."""
    child.expect_exact("→ ")
    printed = child.before
    child.expect_exact(f"1:{ply}>")
    return _screen(printed + "→ " + child.before)


def test_play_pty_private_entry_is_not_echoed_and_state_reveal_works(db_path, tmp_path):
    assert run_cli("new", "gems", "-p", "Ann", "-p", "Ben", db=db_path).returncode == 0
    child = _spawn(["play", "1"], db_path, tmp_path)
    seen: list[str] = []
    try:
        child.expect_exact("1:1>")
        seen.append(_screen(child.before))
        child.sendline("secret")
        child.expect_exact("private (not shown)>")
        seen.append(_screen(child.before))
        child.sendline("Ann hides ruby")
        echoed = _next_prompt(child, 2)  # the private line as drawn, then the echo
        seen.append(echoed)
        assert "(hidden)" in echoed and "*" not in echoed and "✓ 1. Ann hides ?" in echoed, echoed  # one mark, not the letters
        child.sendline("log")
        logged = _next_prompt(child, 2)
        seen.append(logged)
        assert "1. Ann hides ?" in logged, logged
        screen = "".join(seen)
        assert "ruby" not in screen and "hides r" not in screen, screen
        # the prompt's commands take their flags: state --reveal is not an entry
        child.sendline("state --reveal")
        shown = _next_prompt(child, 2)
        assert "ruby" in shown and "cannot read" not in shown and "toy.take" not in shown, shown
        # the mark is the same whatever the length (core.hidden.withheld): a long entry and a
        # short one draw the same line
        child.sendline("secret")
        child.expect_exact("private (not shown)>")
        child.sendline("x")
        short = _next_prompt(child, 2)
        child.sendline("secret")
        child.expect_exact("private (not shown)>")
        child.sendline("Ben hides a very long entry indeed")
        long = _next_prompt(child, 2)
        drawn = re.compile(r"(1:2 private \(not shown\)> \(hidden\))+")  # redrawn once or more
        assert drawn.fullmatch(short.splitlines()[0]) and drawn.fullmatch(long.splitlines()[0]), (short, long)
        assert "indeed" not in long and "*" not in long, long
        # Ctrl-C at the private prompt cancels it; the prompt goes on
        child.sendline("secret")
        child.expect_exact("private (not shown)>")
        child.sendcontrol("c")
        assert "cancelled" in _next_prompt(child, 2)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    log = run_cli("log", "1", "--json", "--reveal", db=db_path)
    assert '"Ann hides ruby"' in log.stdout  # stored as typed: the record is the truth


def test_play_pty_7wonders_leader_draft_shows_no_leader_on_80_columns(db_path, tmp_path):
    """Issue 20, as a table of three would play it on an 80×24 terminal: each hand of 4 leaders
    typed at 'secret', two leaders kept in secret, one kept as '?', 'draft' to pass; then the
    board, every legal move and the log. No leader typed appears anywhere on the screen, and
    nothing is drawn past the 80th column."""
    new = ["new", "7wonders", "-p", "Ada", "-p", "Bob", "-p", "Cleo", "--option", "leaders=true",
           "--option", "boards=Gizah A, Rhodes B, Babylon A"]
    assert run_cli(*new, db=db_path).returncode == 0
    env = terminal_env(db_path, tmp_path, columns=80, lines=24)
    command = cli_command("play", "1")
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=20, dimensions=(24, 80))
    hands = {"Ada": "Caesar, Nero, Bilkis, Zenobia", "Bob": "Plato, Midas, Sappho, Hypatia",
             "Cleo": "Hannibal, Cleopatra, Varro, Tomyris"}
    lines = [[("secret", f"{p} leaders {h}")] for p, h in hands.items()]
    lines += [[("secret", "Ada keep Nero")], [("Bob keep ?", None)], [("secret", "Cleo keep Varro")], [("draft", None)]]
    lines += [[(command_line, None)] for command_line in ("board", "legal --all", "log", "score")]
    seen: list[str] = []
    try:
        for ply_lines in lines:
            for first, private in ply_lines:
                child.expect(r"1:\d+>")
                seen.append(child.before)
                child.sendline(first)
                if private is not None:
                    child.expect_exact("private (not shown)>")
                    seen.append(child.before)
                    child.sendline(private)
        child.expect(r"1:\d+>")
        seen.append(child.before)
        child.sendline("quit")
        child.expect(pexpect.EOF)
        seen.append(child.before)
    finally:
        child.close(force=True)
    screen = _screen("".join(seen))
    assert "✓ 7. draft" in screen and "Ada leaders ?, ?, ?, ?" in screen and "Ada keep ?" in screen, screen
    for names in hands.values():
        for name in names.split(", "):
            assert name not in screen, (name, screen)
    wide = [line for line in screen.splitlines() if len(line) > 80 and "private (not shown)>" not in line and "1:" not in line[:6]]
    assert not wide, wide


def test_play_pty_shows_entries_made_elsewhere_while_it_waits(db_path, tmp_path):
    """A phone (or another window) enters while the prompt waits with nothing typed: the
    prompt shows the entry in public form and asks for the next one, without a key pressed;
    a line being typed is not cut short (it waits until Enter, then the usual conflict)."""
    assert run_cli("new", "roma", "-p", "Ann", "-p", "Ben", db=db_path).returncode == 0
    child = _spawn(["play", "1"], db_path, tmp_path)
    try:
        child.expect_exact("1:1>")
        assert run_cli("move", "1", "hand Ann Legat Forum Forum Turris", db=db_path).returncode == 0  # elsewhere
        child.expect_exact("1:2>", timeout=10)
        shown = _screen(child.before)
        assert "✓ 1. hand Ann ? ? ? ?   (entered elsewhere)" in shown and "Legat" not in shown, shown
        child.send("hand Ben ? ? ")  # typing, not yet entered
        assert run_cli("move", "1", "hand Ben ? ? ? ?", db=db_path).returncode == 0
        with pytest.raises(pexpect.TIMEOUT):
            child.expect_exact("entered elsewhere", timeout=2)  # the line being typed is left alone
        child.sendline("?")
        child.expect_exact("changed meanwhile")
        child.expect_exact("1:3>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
