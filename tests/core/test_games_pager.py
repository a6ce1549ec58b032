"""``games`` through a pager (issue 14): on a terminal, ``--all`` (or ``--limit`` past a
screenful) streams the list through ``$PAGER``, else ``less -R``, else ``more``; ``--no-pager``,
``PAGER=cat`` or output that is not a terminal print straight. A pager quit before the end (a
broken pipe), or one that is not there, ends the command quietly (exit 0, no traceback).

Run through a pseudo-terminal (as tests/core/test_screen.py does), with ``PAGER`` a small
script that records what it received."""

from __future__ import annotations

import json
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from cli_support import cli_command, run_cli, terminal_env

pexpect = pytest.importorskip("pexpect")

COLUMNS, LINES = 80, 24
GAMES = 60  # more than a screenful of 24 lines


def _record(i: int) -> str:
    players = ("Ann", "Ben") if i % 2 else ("Ben", "Ann")
    return f"Game: pebbles\nPlayers: {', '.join(players)}\nOptions: pile=3\nDate: 2026-{1 + i // 28:02d}-{1 + i % 28:02d}\n\ntake 2\ntake 1\n"


@pytest.fixture
def history(db_path, tmp_path):
    """A history of :data:`GAMES` finished games (ids 1..60, the newest the last)."""
    path = tmp_path / "games.txt"
    path.write_text("\n%%\n".join(_record(i) for i in range(GAMES)), encoding="utf-8")
    result = run_cli("import", str(path), "--allow-duplicate", db=db_path)
    assert result.returncode == 0, result.stderr
    return db_path


def _recorder(tmp_path: Path, body: str = 'cat > "$RECEIVED"') -> Path:
    """A pager script: what it received goes to the file $RECEIVED."""
    script = tmp_path / "pager.sh"
    script.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def _env(db: Path, tmp_path: Path, **extra: str) -> dict[str, str]:
    env = terminal_env(db, tmp_path, columns=COLUMNS, lines=LINES, RECEIVED=str(tmp_path / "received.txt"))
    for unset in ("PAGER", "LESS"):  # the user's own: the tests choose
        env.pop(unset, None)
    return {**env, **extra}


def _on_terminal(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run ``assistant ARGS`` on an 80x24 pseudo-terminal: (exit status, what the terminal showed)."""
    command = cli_command(*args)
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=60, dimensions=(LINES, COLUMNS))
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, child.before.replace("\r", "")


def _ids(text: str) -> list[int]:
    """The game ids of a ``games`` table, in order."""
    return [int(m.group(1)) for m in re.finditer(r"^ *(\d+)  \d{4}-\d\d-\d\d ", text, re.MULTILINE)]


def test_games_all_on_a_terminal_streams_through_the_pager(history, tmp_path):
    pager = _recorder(tmp_path)
    env = _env(history, tmp_path, PAGER=str(pager))
    status, screen = _on_terminal(["games", "--all"], env)
    assert status == 0, screen
    received = (tmp_path / "received.txt").read_text(encoding="utf-8")
    assert _ids(received) == list(range(GAMES, 0, -1))  # every game, newest first, to the pager
    assert _ids(screen) == [] and "Traceback" not in screen  # nothing written past the pager
    assert "games shown" not in screen  # nothing was cut
    assert max(len(line) for line in received.splitlines()) < 100  # fitted to the terminal, not a pipe's 100

    # --json --all: the same list as JSON, through the pager
    status, screen = _on_terminal(["games", "--all", "--json"], env)
    assert status == 0 and [g["id"] for g in json.loads((tmp_path / "received.txt").read_text(encoding="utf-8"))] == list(range(GAMES, 0, -1))

    # --limit past a screenful is paged too; a screenful (the default) is not
    (tmp_path / "received.txt").unlink()
    status, screen = _on_terminal(["games", "--limit", "40"], env)
    assert status == 0 and _ids((tmp_path / "received.txt").read_text(encoding="utf-8")) == list(range(GAMES, GAMES - 40, -1))
    (tmp_path / "received.txt").unlink()
    status, screen = _on_terminal(["games"], env)
    assert status == 0 and not (tmp_path / "received.txt").exists()
    shown = _ids(screen)
    assert shown == list(range(GAMES, GAMES - len(shown), -1)) and len(shown) == LINES - 4
    assert f"{len(shown)} of {GAMES} games shown" in screen


def test_games_no_pager_and_pager_cat_print_straight(history, tmp_path):
    pager = _recorder(tmp_path)
    for args, extra in ((["games", "--all", "--no-pager"], {"PAGER": str(pager)}), (["games", "--all"], {"PAGER": "cat"}), (["games", "--all"], {"PAGER": ""})):
        status, screen = _on_terminal(args, _env(history, tmp_path, **extra))
        assert status == 0, screen
        assert _ids(screen) == list(range(GAMES, 0, -1)), (args, extra)
        assert not (tmp_path / "received.txt").exists()


def test_games_piped_never_pages(history, tmp_path):
    pager = _recorder(tmp_path)
    env = _env(history, tmp_path, PAGER=str(pager))
    piped = subprocess.run(cli_command("games", "--all"), env=env, capture_output=True, text=True, timeout=60)
    assert piped.returncode == 0 and _ids(piped.stdout) == list(range(GAMES, 0, -1))
    assert not (tmp_path / "received.txt").exists()
    cut = subprocess.run(cli_command("games"), env=env, capture_output=True, text=True, timeout=60)
    assert cut.returncode == 0 and len(_ids(cut.stdout)) == 50 and "50 of 60 games shown" in cut.stderr


def test_games_pager_quit_early_or_missing_is_no_traceback(history, tmp_path):
    # the pager reads two lines and quits (q in less): the rest meets a broken pipe
    early = _recorder(tmp_path, 'head -n 2 > "$RECEIVED"')
    status, screen = _on_terminal(["games", "--all"], _env(history, tmp_path, PAGER=str(early)))
    assert status == 0 and "Traceback" not in screen and "Error" not in screen, screen
    assert len((tmp_path / "received.txt").read_text(encoding="utf-8").splitlines()) == 2
    status, screen = _on_terminal(["games", "--all", "--json"], _env(history, tmp_path, PAGER=str(early)))
    assert status == 0 and "Traceback" not in screen, screen
    # a pager that exits at once, reading nothing
    status, screen = _on_terminal(["games", "--all"], _env(history, tmp_path, PAGER="sh -c 'exit 3'"))
    assert status == 0 and "Traceback" not in screen, screen
    # a pager that is not there: said, and the list printed straight
    status, screen = _on_terminal(["games", "--all"], _env(history, tmp_path, PAGER=str(tmp_path / "no-such-pager")))
    assert status == 0 and "Traceback" not in screen
    assert "no-such-pager" in screen and "was not found" in screen
    assert _ids(screen) == list(range(GAMES, 0, -1))


@pytest.mark.skipif(shutil.which("less") is None, reason="less is not installed")
def test_games_all_pages_through_less_by_default_and_q_quits(history, tmp_path):
    env = _env(history, tmp_path)  # no PAGER: less -R
    command = cli_command("games", "--all")
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=60, dimensions=(LINES, COLUMNS))
    child.expect(f"{GAMES}  2026-")  # the newest game on the first screen
    child.expect(r"\n(:|\(END\))")  # less waits at its prompt: a screen of a longer list
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in child.before


def test_pager_stream_ends_quietly_when_the_pager_quits(tmp_path, capsys):
    """In process: a pager that reads a line and quits while megabytes are still to come
    (more than a pipe holds: a broken pipe for certain) ends the writing, not the command."""
    from assistant.cli import history

    written = 0
    with history.pager(f"head -n 1 > {tmp_path / 'first.txt'}") as stream:
        for i in range(100_000):
            stream.write(f"line {i:06d} " + "x" * 40 + "\n")
            written += 1
    assert 0 < written < 100_000  # stopped at the broken pipe
    assert (tmp_path / "first.txt").read_text(encoding="utf-8") == "line 000000 " + "x" * 40 + "\n"
    assert capsys.readouterr().out == ""  # nothing went to stdout instead
    with history.pager(None) as stream:  # no pager: stdout itself
        stream.write("straight\n")
    assert capsys.readouterr().out == "straight\n"


def test_games_fit_80_columns_on_a_terminal(db_path, tmp_path):
    """The board at a glance: on an 80-column terminal every line of ``games`` fits, the
    players, status and location wrapped between entries (a logged play's status "finished
    (totals)" included), never inside a name and its total; narrower than 100 columns the
    winners are starred among the players and the winners and entries columns left out."""
    for score in (["--score", "Hiroshi=40", "--score", "Quentin=23", "--score", "Kofi=27", "--score", "Bartholomew=41"],
                  ["--score", "Ann=22", "--score", "Ben=14"]):
        game = "7w" if "Hiroshi=40" in score else "roma"
        done = run_cli("add", game, *score, "--location", "Ann's kitchen by the river", db=db_path)
        assert done.returncode == 0, done.stderr
    status, shown = _on_terminal(["games", "--no-pager"], _env(db_path, tmp_path))
    assert status == 0
    lines = [line for line in shown.splitlines() if line.strip()]
    assert max(len(line) for line in lines) <= COLUMNS, shown
    assert "Bartholomew 41 ★" in shown and "Hiroshi 40," in shown  # a name and its total together, the winner starred
    assert "(totals)" in shown and "Ann 22 ★" in shown
    header = lines[0].split()
    assert header == ["id", "date", "game", "status", "players", "location"]  # no winners or entries column at 80
    piped = run_cli("games", db=db_path).stdout  # piped: the full table, 100 columns
    assert piped.splitlines()[0].split() == ["id", "date", "game", "status", "players", "winners", "entries", "location"]
    assert "★" not in piped


def test_games_screenful_counts_wrapped_rows_by_their_lines(db_path, tmp_path):
    """Without --limit or --all a terminal gets the newest games whose rows fit its 24 lines
    as drawn: rows of five players wrap to five lines each at 80 columns, so fewer games are
    shown (and the note says how many of how many), nothing scrolls off."""
    names = ["Bartholomew", "Hiroshi", "Quentin", "Kofi", "Tomasz"]
    for day in range(1, 13):
        score = [a for i, n in enumerate(names) for a in ("--score", f"{n}={40 + (i + day) % 7}")]
        done = run_cli("add", "7w", *score, "--coins", "Bartholomew=1", "--coins", "Hiroshi=2", "--coins", "Quentin=3", "--coins", "Kofi=4",
                       "--coins", "Tomasz=5", "--date", f"2026-03-{day:02d}", "--location", "Café Meeple", db=db_path)
        assert done.returncode == 0, done.stderr
    status, shown = _on_terminal(["games"], _env(db_path, tmp_path))
    assert status == 0
    lines = shown.rstrip("\n").splitlines()
    assert len(lines) <= LINES - 1, shown  # the prompt keeps its line
    listed = _ids(shown)
    assert 1 <= len(listed) < 12 and listed == list(range(12, 12 - len(listed), -1))
    assert f"{len(listed)} of 12 games shown" in shown
