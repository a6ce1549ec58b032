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
        assert "*" in echoed and "✓ 1. Ann hides ?" in echoed, echoed  # stars, not the letters
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
