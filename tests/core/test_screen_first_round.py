"""Acceptance of issue 23 at 80x24: each game's set-up and first round typed at the ``play``
prompt on a pseudo-terminal, as a table types them (Sylla's set-up with ``board ladder=…`` as
docs/notation/sylla.md gives it), and after every entry the board asked for with ``board``.
Every such screen must begin with the heading of what is awaited and fit the terminal with
the prompt below it, so that the heading never scrolls off (D9); no line is wider than 80.

The entries come from recorded games (tests/records/<game>/), up to the start of the second
round; the game is created from the record's headers alone, so every entry is typed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_support import cli_command, run_cli, terminal_env

pexpect = pytest.importorskip("pexpect")

RECORDS = Path(__file__).resolve().parents[1] / "records"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[>=]|\r")
COLUMNS, LINES = 80, 24

#: Per game: the record, and the phase (Prompt.phase) at which the first round is over.
GAMES = {
    "roma": ("hand_checked_battles.txt", re.compile(r"^turn 3\b")),
    "7wonders": ("four-players-by-hand.txt", re.compile(r"^Age I, turn 2\b")),
    "pax": ("four_players.txt", re.compile(r"^round 2\b")),
    "sylla": ("four_players_unknowns_seed3.txt", re.compile(r"^round 2\b")),
}


def _first_round(game: str) -> tuple[str, list[str], object]:
    """The record's headers (no final score) and its entries up to the second round, with
    the ruleset to know what each position awaits."""
    from assistant.core.game import Game
    from assistant.core.record import read_record
    from assistant.games import get_ruleset

    name, second_round = GAMES[game]
    text = (RECORDS / game / name).read_text(encoding="utf-8")
    head, _, body = text.partition("\n\n")
    kept = [line for line in head.splitlines() if not line.startswith(("Final-Score", "Boards:"))]
    boards = [line.partition(":")[2].strip() for line in head.splitlines() if line.startswith("Boards:")]
    if boards:  # 7 Wonders: the boards typed at the prompt ('Ada board Olympia A'), not given
        players = [p.strip() for p in next(line for line in kept if line.startswith("Players:")).partition(":")[2].split(",")]
        body = "\n".join(f"{p} board {b.strip()}" for p, b in zip(players, boards[0].split(","))) + "\n" + body
        text = "\n".join(kept) + "\n\n" + body
    headers = "\n".join(kept) + "\n\n"
    record = read_record(text)
    ruleset = get_ruleset(game)
    whole = Game.from_record(ruleset, record)
    entries: list[str] = []
    for ply, entry in enumerate(whole.entries, start=1):
        if second_round.search(ruleset.expecting(whole.states[ply - 1]).phase):
            break
        entries.append(entry.text)
    return headers, entries, (whole, ruleset)


def _heads(first: str, prompt, seats) -> bool:
    """Whether a board's first line is the heading of what is awaited: it names the phase the
    game is in, or every player awaited."""
    line = first.casefold()
    if prompt.phase and prompt.phase.casefold().split(":")[0] in line:
        return True
    return bool(prompt.players) and all(player.casefold() in line for player in prompt.players)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_core_screen_first_round_every_board_begins_with_what_is_awaited(game, db_path, tmp_path):
    headers, entries, (whole, ruleset) = _first_round(game)
    path = tmp_path / "headers.txt"
    path.write_text(headers, encoding="utf-8")
    assert run_cli("import", str(path), db=db_path).returncode == 0
    command = cli_command("play", "1")
    child = pexpect.spawn(command[0], command[1:], env=terminal_env(db_path, tmp_path), encoding="utf-8",
                          timeout=60, dimensions=(LINES, COLUMNS))
    problems: list[str] = []
    try:
        child.expect_exact("1:1>")
        for ply, entry in enumerate(entries, start=1):
            child.sendline(entry)
            child.expect_exact(f"1:{ply + 1}>")
            answer = ANSI.sub("", child.before)
            assert "✗" not in answer, (game, ply, entry, answer)
            child.sendline("board")
            child.expect_exact("\n→ ")  # the board, then the prompt line under it
            screen = ANSI.sub("", child.before).split("\n")[1:]  # the typed line left out
            screen = [line for line in screen if line.strip()]
            child.expect_exact(f"1:{ply + 1}>")
            below = [line for line in ANSI.sub("", child.before).split("\n") if line.strip()]
            screen += ["→ " + below[0], *below[1:]] if below else []
            prompt = ruleset.expecting(whole.states[ply])
            if not screen or not _heads(screen[0], prompt, whole.seats):
                problems.append(f"after {ply}. {entry}: the board begins {screen[:1]}, awaited {prompt.phase!r} {prompt.players}")
            if len(screen) + 1 > LINES:  # the screen and the prompt under it
                problems.append(f"after {ply}. {entry}: {len(screen)} lines, the heading scrolls off")
            problems += [f"after {ply}. {entry}: wider than 80: {line!r}" for line in screen if len(line) > COLUMNS]
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert len(entries) >= 8, (game, entries)
    assert not problems, "\n".join(problems[:12])
