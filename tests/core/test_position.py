"""Picking up a game in progress (issue 12, rule core.position): ``assistant new GAME
--position FILE`` for each game, through the command line, on SQLite and PostgreSQL.

For every registered game that can be picked up in progress (tests/registry_support.py: its
ruleset overrides ``position`` and ``from_position``), its example position
(examples/GAME-position.toml, which such a game must have) starts a game whose first entries
are its position block; play goes on from there with a listed legal move; ``amend`` changes a
position line; a file that disagrees with ``--player``, names an unknown game part or is
damaged is refused and stores nothing; the position block typed at the ``play`` prompt (here:
entered line by line with ``move``) gives the same game as the file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant import service
from assistant.cli.main import app
from assistant.games import get_ruleset
from assistant.store.db import Store
from registry_support import example_position, games_with_positions, rule_prefix

GAMES = games_with_positions()
runner = CliRunner()


def cli(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def example(game: str) -> Path:
    """The game's example position file (the test fails if the game has none)."""
    return example_position(game)


def game_count() -> int:
    return len(service.list_games(Store.open(os.environ["ASSISTANT_DB"])))


def entries(gid: int) -> list[str]:
    db = Store.open(os.environ["ASSISTANT_DB"])
    return [line.text for line in service.read_entries(db, gid, reveal=True).entries]


def first_legal(gid: int, game: str) -> str:
    """The first move ``legal --all`` lists for game ``gid``."""
    moves = json.loads(cli("legal", str(gid), "--all", "--json").stdout)["moves"]
    assert moves, f"{game}: nothing is legal after the position"
    return moves[0]


@pytest.mark.parametrize("game", GAMES)
def test_core_position_new_game_from_a_position_file(engine, game):
    result = cli("new", game, "--position", str(example(game)), "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    gid = shown["id"]
    block = entries(gid)
    assert block and all(text.startswith("position") for text in block)
    assert shown["entries"] == len(block)
    # the block is what from_position gives for the file
    from assistant.core.tablefile import load_table

    setup = get_ruleset(game).from_position(load_table(example(game)))
    assert tuple(block) == tuple(setup.entries)
    assert [p["name"] for p in shown["players"]] == list(setup.seats)
    # play goes on: a listed legal move is accepted
    first = first_legal(gid, game)
    done = cli("move", str(gid), first)
    assert done.exit_code == 0, done.output
    # the board is shown, within 80 columns
    state = cli("state", str(gid))
    assert state.exit_code == 0 and all(len(line) <= 80 for line in state.output.splitlines())


@pytest.mark.parametrize("game", GAMES)
def test_core_position_block_typed_entry_by_entry_is_the_same_game(engine, game):
    from assistant.core.tablefile import load_table

    setup = get_ruleset(game).from_position(load_table(example(game)))
    args = ["new", game]
    for seat in setup.seats:
        args += ["-p", seat]
    for key, value in setup.options.items():
        args += ["-o", f"{key}={value}"]
    made = cli(*args, "--json")
    assert made.exit_code == 0, made.output
    gid = json.loads(made.stdout)["id"]
    for text in setup.entries:
        done = cli("move", str(gid), text)
        assert done.exit_code == 0, done.output
    from_file = json.loads(cli("new", game, "--position", str(example(game)), "--json").stdout)["id"]
    a = json.loads(cli("state", str(gid), "--json").stdout)
    b = json.loads(cli("state", str(from_file), "--json").stdout)
    a.pop("id", None), b.pop("id", None)
    assert a == b


@pytest.mark.parametrize("game", GAMES)
def test_core_position_line_after_the_first_move_is_refused(engine, game):
    gid = json.loads(cli("new", game, "--position", str(example(game)), "--json").stdout)["id"]
    block = entries(gid)
    first = first_legal(gid, game)
    assert cli("move", str(gid), first).exit_code == 0
    again = cli("move", str(gid), block[-1], "--json")
    assert again.exit_code == 1
    refusal = json.loads(again.stdout)
    assert refusal["rule"] == rule_prefix(game) + ".position"
    assert entries(gid)[-1] == first


@pytest.mark.parametrize("game", GAMES)
def test_core_position_players_must_agree_with_the_file(engine, game):
    result = cli("new", game, "--position", str(example(game)), "-p", "Nobody", "-p", "Else", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["rule"] == "core.position"
    assert game_count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_core_position_impossible_file_stores_nothing(engine, game, tmp_path):
    text = example(game).read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    # every game's players carry a name: an unknown extra key in the first player is refused
    broken.write_text(text.replace("name =", "zzz_unknown_key = 1\nname =", 1), encoding="utf-8")
    result = cli("new", game, "--position", str(broken))
    assert result.exit_code == 1, result.output
    assert "zzz_unknown_key" in result.output
    damaged = tmp_path / "damaged.toml"
    damaged.write_text(text[: len(text) // 2] + "\n[[[", encoding="utf-8")
    assert cli("new", game, "--position", str(damaged)).exit_code == 1
    assert cli("new", game, "--position", str(tmp_path / "missing.toml")).exit_code == 1
    assert game_count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_core_position_from_standard_input(engine, game):
    result = cli("new", game, "--position", "-", "--json", input=example(game).read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    assert entries(json.loads(result.stdout)["id"])[0].startswith("position")


def test_core_position_new_without_players_or_position_is_refused(engine):
    result = cli("new", "roma", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["rule"] == "core.players"
    assert game_count() == 0


def test_core_position_several_problems_are_headed_as_a_position(engine, tmp_path):
    """A position file with several problems is refused under core.position (not as a final
    table that cannot be scored), every problem listed."""
    text = example("roma").read_text(encoding="utf-8")
    broken = tmp_path / "two-problems.toml"
    broken.write_text(text.replace("name =", "zzz_one = 1\nzzz_two = 2\nname =", 1), encoding="utf-8")
    result = cli("new", "roma", "--position", str(broken), "--json")
    assert result.exit_code == 1
    refusal = json.loads(result.stdout)
    assert len(refusal["problems"]) >= 2
    plain = cli("new", "roma", "--position", str(broken))
    assert "the position cannot be picked up" in plain.output and "core.position" in plain.output
    assert "cannot be scored" not in plain.output
    assert game_count() == 0
