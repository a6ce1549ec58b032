"""What every game promises the rest of the program.

Over every registered game (tests/registry_support.py: the game packages and the toy game of
tests/toygame.py), so that a new game gets these tests by being registered.

On every recorded game under tests/records/<game>/ (each game has at least one): notation round trips at each step, replay equals
the live game, the state description is JSON and hides what is hidden, listed legal moves are
legal, and a finished game's score equals the quick scoring of its final table.

On random games of every game (its ``simulate.random_game``, seeds 0..N-1 with N =
``ASSISTANT_SOAK_GAMES``, 100 by default; raise it for a long soak): the game's own invariants
hold at every step, the record replays to the same state, every move's notation parses back to
the same move, every listed legal move passes ``check``, a refused entry leaves the state
unchanged, and the final table built from the end state scores as the tracked game does.
Random games of a game that can be picked up in progress are also picked up at sampled points.

And every game package has the same modules for the same roles (docs/architecture.md)."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path

import pytest

from assistant.core.errors import EntryError
from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games import GAMES, get_ruleset
from position_support import picked_up
from registry_support import (
    RECORDS as RECORDS_DIR,
    games,
    games_with_positions,
    packaged_games,
    random_game,
    records,
    role_function,
    setting,
)

#: every recorded game of every registered game
RECORDS = sorted(p for game in games() for p in (RECORDS_DIR / game).glob("*.txt"))


@pytest.mark.parametrize("game", games())
def test_games_every_game_has_recorded_games(game):
    """The record-driven tests below and the fuzzing start from a game's records: each game
    has some, and each of them is a game of that game."""
    for path in records(game):
        assert read_record(path.read_text(encoding="utf-8")).game == game, f"{path.name} is not a game of {game}"


def test_games_record_folders_name_registered_games():
    folders = sorted(p.name for p in RECORDS_DIR.iterdir() if p.is_dir())
    unknown = [name for name in folders if name not in games()]
    assert not unknown, f"tests/records/ has folders of no registered game: {unknown}"


def replay(path: Path) -> Game:
    record = read_record(path.read_text(encoding="utf-8"))
    return Game.from_record(get_ruleset(record.game), record)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_notation_round_trips_at_every_step(path):
    game = replay(path)
    ruleset = game.ruleset
    for before, entry in zip(game.states, game.entries):
        again = ruleset.parse(before, entry.text)
        assert again == entry.move, f"ply {entry.ply}: {entry.text!r} reads back as {again!r}"
        assert again.notation() == entry.text


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_record_of_a_replay_is_the_same_game(path):
    game = replay(path)
    text = write_record(game.to_record({"Date": "2026-11-30"}))
    again = Game.from_record(game.ruleset, read_record(text))
    assert again.state == game.state
    assert write_record(again.to_record({"Date": "2026-11-30"})) == text


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_describe_is_json_and_reveal_only_adds(path):
    game = replay(path)
    rng = random.Random(path.name)
    for i in sorted(rng.sample(range(len(game.states)), min(8, len(game.states)))):
        state = game.states[i]
        hidden = game.ruleset.describe(state, reveal=False)
        shown = game.ruleset.describe(state, reveal=True)
        json.dumps(hidden)
        json.dumps(shown)
        assert isinstance(hidden.get("phase"), str)
        assert len(json.dumps(shown)) >= len(json.dumps(hidden))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_listed_legal_moves_are_legal(path):
    game = replay(path)
    ruleset = game.ruleset
    rng = random.Random(path.name)
    for i in sorted(rng.sample(range(len(game.states)), min(12, len(game.states)))):
        state = game.states[i]
        moves = list(ruleset.legal_moves(state))
        for move in rng.sample(moves, min(10, len(moves))):
            try:
                ruleset.check(state, move)
            except EntryError as exc:  # pragma: no cover - the failure message is the point
                pytest.fail(f"state {i}: listed move {move.notation()!r} is refused: {exc.message}")
            assert ruleset.parse(state, move.notation()) == move


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_games_finished_score_equals_final_table_score(path):
    game = replay(path)
    if game.outcome() is None:
        pytest.skip("the record stops before the end")
    sheet = game.score()
    assert sheet.winners == game.outcome().winners
    try:
        table = game.ruleset.table_from_state(game.state)
    except NotImplementedError:
        pytest.skip("no final-table format for this game")
    quick = game.ruleset.score_table(json.loads(json.dumps(table)))
    assert quick.totals == sheet.totals and quick.winners == sheet.winners


# -- one shape for every game package ------------------------------------------------------------
GAMES_DIR = Path(__file__).resolve().parents[1] / "assistant" / "games"

#: The role modules of docs/architecture.md, present in every game package.
ROLES = ("components", "state", "moves", "notation", "rules", "legal", "scoring", "table",
         "simulate", "view", "texts", "ruleset", "position", "sheet")
#: Old names for those roles, which no game may use any more.
OLD_ROLE_NAMES = ("parse", "check", "checks", "apply", "engine", "data", "cards", "autoplay",
                  "catalogue", "setup", "election", "recruitment", "auction", "income", "events",
                  "greatwork", "famine", "endgame")


def _modules(package: str) -> set[str]:
    folder = GAMES_DIR / package
    names = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    names |= {p.name for p in folder.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return names


def test_games_every_game_package_is_registered():
    """A package under assistant/games/ is a game only once ``assistant.games.GAMES`` names it."""
    packages = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())
    registered = sorted(module.rsplit(".", 1)[1] for module, _, _ in GAMES.values())
    assert packages == registered, f"game packages {packages}, registered {registered}"


@pytest.mark.parametrize("game", packaged_games())
def test_games_have_the_same_role_modules(game):
    """Every game package has the role modules (a game registered at run time as one module,
    the toy game, keeps the roles in that module; the generic tests find them there)."""
    names = _modules(GAMES[game][0].rsplit(".", 1)[1])
    missing = [role for role in ROLES if role not in names]
    assert not missing, f"{game} lacks the role modules {missing}"
    old = sorted(names & set(OLD_ROLE_NAMES))
    assert not old, f"{game} still has modules named for an old role: {old}"


SOAK = int(os.environ.get("ASSISTANT_SOAK_GAMES", "100"))


def _refusals(game: Game, index: int, rng: random.Random) -> list[str]:
    """Entries that are likely refused at state ``index``: entries from other points of the
    same game, and garbled ones."""
    texts = [e.text for e in rng.sample(game.entries, min(6, len(game.entries)))]
    if index < len(game.entries):
        words = game.entries[index].text.split()
        texts += [" ".join(words[:-1]), " ".join(words + words[-1:]), words[0] + " zzz"]
    texts += ["", "zzz", "99 99 99"]
    return texts


@pytest.mark.parametrize("game_name", games())
def test_games_conformance_on_random_games(game_name):
    ruleset = get_ruleset(game_name)
    check_invariants = role_function(game_name, "simulate", "check_invariants")
    refused = 0
    for seed in range(SOAK):
        where = f"{game_name} seed {seed} {setting(game_name, seed)}"
        game = random_game(game_name, seed)
        assert game.outcome() is not None, f"{where}: the random game did not reach its end"
        for ply, state in enumerate(game.states):
            broken = check_invariants(state)
            assert not broken, f"{where}, after ply {ply}: {broken}"
        for before, entry in zip(game.states, game.entries):
            again = ruleset.parse(before, entry.text)
            assert again == entry.move, f"{where}, ply {entry.ply}: {entry.text!r} reads back as {again!r}"
            assert again.notation() == entry.text
        text = write_record(game.to_record())
        replayed = Game.from_record(ruleset, read_record(text))
        assert replayed.state == game.state, f"{where}: the record does not replay to the same state"
        rng = random.Random(seed)
        for index in sorted(rng.sample(range(len(game.states) - 1), min(6, len(game.states) - 1))):
            state = game.states[index]
            for move in _sample_moves(ruleset, state, rng):
                try:
                    ruleset.check(state, move)
                except EntryError as exc:  # pragma: no cover - the message is the point
                    pytest.fail(f"{where}, state {index}: listed move {move.notation()!r} is refused: {exc.message}")
                assert ruleset.parse(state, move.notation()) == move, f"{where}: {move.notation()!r} does not read back"
            snapshot = copy.deepcopy(state)
            shown = json.dumps(ruleset.describe(state, reveal=True), sort_keys=True)
            for text in _refusals(game, index, rng):
                try:
                    move = ruleset.parse(state, text)
                    ruleset.check(state, move)
                except EntryError:
                    refused += 1
                    assert state == snapshot, f"{where}, state {index}: refusing {text!r} changed the state"
                    assert json.dumps(ruleset.describe(state, reveal=True), sort_keys=True) == shown
        sheet = game.score()
        table = ruleset.table_from_state(game.state)
        quick = ruleset.score_table(json.loads(json.dumps(table)))
        assert quick.totals == sheet.totals, f"{where}: final table {quick.totals} != tracked {sheet.totals}"
        assert quick.winners == sheet.winners, f"{where}: final table winners {quick.winners} != {sheet.winners}"
        assert not vars(ruleset), f"{game_name}: the shared ruleset object holds state {sorted(vars(ruleset))}"
    assert refused > SOAK, f"{game_name}: too few entries were refused to test that refusals change nothing"


def _sample_moves(ruleset, state, rng: random.Random) -> list:
    moves = list(ruleset.legal_moves(state))
    return rng.sample(moves, min(8, len(moves)))


@pytest.mark.parametrize("game_name", games_with_positions())
def test_games_pick_up_a_game_in_progress(game_name):
    """core.position (for the games that can be picked up in progress: their ruleset
    overrides ``position`` and ``from_position``): at sampled points of random games where a game can be picked up, the
    public position read back through a position block gives the same position and the same
    public board; the rest of the game, entered as the table sees it, then replays on the
    picked-up game and ends with the same public board and the same winners."""
    from assistant.core.errors import InvalidEntry

    ruleset = get_ruleset(game_name)
    taken = 0
    for seed in range(max(SOAK // 4, 10)):
        where = f"{game_name} seed {seed} {setting(game_name, seed)}"
        game = random_game(game_name, seed)
        rng = random.Random(f"pick-up/{seed}")
        for index in sorted(rng.sample(range(1, len(game.states) - 1), min(5, len(game.states) - 2))):
            state = game.states[index]
            try:
                data = ruleset.position(state)
            except InvalidEntry as exc:
                assert exc.rule == "core.position", f"{where}, state {index}: {exc.rule}"
                continue
            taken += 1
            picked = picked_up(ruleset, json.loads(json.dumps(data)))  # as a file holds it: lists, not tuples
            assert ruleset.position(picked.state) == data, f"{where}, state {index}: the position does not read back"
            assert ruleset.board(picked.state) == ruleset.board(state), f"{where}, state {index}: boards differ"
            for before, entry in zip(game.states[index:], game.entries[index:]):
                text = ruleset.public_notation(before, entry.move)
                try:
                    picked.push(text)
                except EntryError as exc:  # pragma: no cover - the message is the point
                    pytest.fail(f"{where}, picked up at {index}: ply {entry.ply} {text!r} refused: {exc.message}")
            assert ruleset.board(picked.state) == ruleset.board(game.state), f"{where}, from {index}: end boards differ"
            assert picked.outcome() is not None and picked.outcome().winners == game.outcome().winners
    assert taken >= 10, f"{game_name}: only {taken} points of the random games could be picked up"
