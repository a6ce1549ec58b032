"""Screen tests (issue 12): each game at 80x24 through a pseudo-terminal, as a table of four
with one laptop sees it. A recorded game (tests/records/<game>/) is imported into a fresh
database twice, whole and cut in the middle (so that one game is running); then ``state``,
``score`` and ``legal`` are run on a real terminal 80 columns wide, and ``board``, ``score``
and ``legal`` at the ``play`` prompt:

* the board names every player, with their figures, exactly as the game draws it (nothing
  cut or wrapped by the command line);
* no line of ``state``, ``score`` or ``legal`` (and none the prompt draws) is longer than 80
  columns in the default view.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_support import cli_command, run_cli, terminal_env

pexpect = pytest.importorskip("pexpect")

RECORDS = Path(__file__).resolve().parents[1] / "records"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[>=]")
COLUMNS, LINES = 80, 24

#: One record per game, and the players it seats.
GAMES = {
    "roma": "hand_played_cli_livia_marcus.txt",
    "7wonders": "three-players-leaders.txt",
    "pax": "four_players.txt",
    "sylla": "three_players_by_hand.txt",
}


def _half(text: str) -> str:
    """The record cut after half of its entries (a game still running)."""
    head, _, body = text.partition("\n\n")
    entries = [line for line in body.split("\n") if line.strip()]
    return head + "\n\n" + "\n".join(entries[: len(entries) // 2]) + "\n"


def _env(db: Path, tmp_path: Path) -> dict[str, str]:
    return terminal_env(db, tmp_path, columns=COLUMNS, lines=LINES)


def _screen(args: list[str], db: Path, tmp_path: Path) -> list[str]:
    """The lines a command prints on an 80x24 terminal (stdout and stderr, as seen)."""
    command = cli_command(*args)
    child = pexpect.spawn(
        command[0], command[1:], env=_env(db, tmp_path), encoding="utf-8", timeout=60, dimensions=(LINES, COLUMNS)
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return ANSI.sub("", child.before).replace("\r", "").splitlines()


@pytest.fixture(params=sorted(GAMES))
def imported(request, db_path, tmp_path):
    """(game, id of the finished game, id of the running game, the running game in memory)."""
    game = request.param
    text = (RECORDS / game / GAMES[game]).read_text(encoding="utf-8")
    half = tmp_path / "half.txt"
    half.write_text(_half(text), encoding="utf-8")
    for path in (RECORDS / game / GAMES[game], half):
        result = run_cli("import", str(path), db=db_path)
        assert result.returncode == 0, result.stderr
    from assistant import service
    from assistant.store.db import Store

    loaded = service.read_game(Store.open(str(db_path)), 2)
    return game, 1, 2, loaded


def _too_long(lines: list[str]) -> list[str]:
    return [line for line in lines if len(line) > COLUMNS]


def test_screen_board_names_every_player_untruncated(imported, db_path, tmp_path):
    game, finished, running, loaded = imported
    for gid in (running, finished):
        lines = _screen(["state", str(gid)], db_path, tmp_path)
        assert not _too_long(lines), (game, gid, _too_long(lines))
        screen = "\n".join(lines)
        for name in loaded.game.seats:
            assert re.search(rf"(^|\W){re.escape(name)}(\W|$)", screen), (game, gid, name, screen)
        # nothing cut short ("(…)" is Sylla's key for a face-down card, not a cut)
        assert "…" not in screen.replace("… and", "").replace("(…)", ""), (game, gid, screen)
    # the running game's board is on screen exactly as the game draws it: every figure whole
    board = loaded.ruleset.board(loaded.game.state)
    lines = _screen(["state", str(running)], db_path, tmp_path)
    shown = "\n".join(line.rstrip() for line in lines)
    assert "\n".join(line.rstrip() for line in board.splitlines()) in shown, (game, shown)


@pytest.mark.parametrize("command", ["state", "score", "legal"])
def test_screen_no_line_longer_than_80_columns(imported, db_path, tmp_path, command):
    game, finished, running, _ = imported
    for gid in (running, finished):
        lines = _screen([command, str(gid)], db_path, tmp_path)
        assert lines, (game, command, gid)
        assert not _too_long(lines), (game, command, gid, _too_long(lines))
    if command == "score":  # a running game: no winner named
        screen = "\n".join(_screen(["score", str(running)], db_path, tmp_path))
        assert "Winner" not in screen and "provisional" in screen, screen


def test_screen_play_prompt_at_80x24(imported, db_path, tmp_path):
    """board, score and legal at the prompt, and the prompt line with whose turn and the
    running score: every line within 80 columns, every player on the board."""
    game, _, running, loaded = imported
    command = cli_command("play", str(running))
    child = pexpect.spawn(
        command[0], command[1:], env=_env(db_path, tmp_path), encoding="utf-8", timeout=60, dimensions=(LINES, COLUMNS)
    )
    prompt = f"{running}:{loaded.game.ply + 1}>"
    seen = []
    try:
        child.expect_exact(prompt)
        seen.append(child.before)
        for line in ("board", "score", "legal"):
            child.sendline(line)
            child.expect_exact(prompt)
            seen.append(child.before)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    lines = ANSI.sub("", "".join(seen)).replace("\r", "").splitlines()
    assert not _too_long(lines), (game, _too_long(lines))
    screen = "\n".join(lines)
    assert "score: " in screen  # the running score on the prompt line
    for name in loaded.game.seats:
        assert name in screen, (game, name)


def test_screen_ctrl_c_clears_the_line_ctrl_d_leaves_history_beside_the_database(db_path, tmp_path):
    """Ctrl-C with a half-typed line clears it and the prompt stays; Ctrl-D leaves. The line
    history is kept beside the database (ASSISTANT_DB), not in the user folder."""
    assert run_cli("new", "toy", "-p", "Ann", "-p", "Ben", "-o", "pile=9", db=db_path).returncode == 0
    command = cli_command("play", "1")
    child = pexpect.spawn(
        command[0], command[1:], env=_env(db_path, tmp_path), encoding="utf-8", timeout=30, dimensions=(LINES, COLUMNS)
    )
    try:
        child.expect_exact("1:1>")
        child.send("take 3 # half typed")
        child.sendcontrol("c")
        child.expect_exact("1:1>")  # still at the prompt, nothing entered
        assert "bye" not in child.before
        child.sendline("take 1")
        child.expect_exact("1:2>")
        assert "✓ 1. Ann take 1" in ANSI.sub("", child.before)
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
        assert "bye" in child.before
    finally:
        child.close(force=True)
    log = run_cli("log", "1", "--json", db=db_path).stdout
    assert '"Ann take 1"' in log and "take 3" not in log
    assert (db_path.parent / (db_path.name + ".play-history")).exists()
    assert not list((tmp_path / "data").rglob("play-history*"))


def test_screen_catalogue_list_plain_rows_within_80_columns(db_path, tmp_path):
    """``catalogue list GAME`` prints plain rows as ``games`` does (no box), a long text
    wrapped between words within 80 columns; --json is unchanged."""
    long = " ".join(["conspiracy 3/1"] * 12)
    for key, value in (("brutus", "conspiracy 3/1"), ("long", long)):
        assert run_cli("catalogue", "set", "pax", key, value, db=db_path).returncode == 0
    lines = _screen(["catalogue", "list", "pax"], db_path, tmp_path)
    assert lines[0].split() == ["key", "value"] and set(lines[1].strip()) == {"─"}, lines
    assert lines[2].split() == ["@brutus", "conspiracy", "3/1"], lines
    assert not _too_long(lines) and not any(ch in "\n".join(lines) for ch in "┃│┏┡"), lines
    assert " ".join(" ".join(lines[3:]).split()[1:]) == long  # wrapped, nothing cut
    data = run_cli("catalogue", "list", "pax", "--json", db=db_path).stdout
    assert '"value": "conspiracy 3/1"' in data
