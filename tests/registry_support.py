"""The games the tests run over, in one place: every game of the registry
(``assistant.games``), including those registered at run time (tests/conftest.py registers the
toy game of tests/toygame.py). The generic tests (conformance, pick-up, fuzz, interfaces,
viewers, doctests, rule ids) parametrise over :func:`games`, so a new game gets them all by
being registered; docs/architecture.md ("Adding a game") lists what a game must provide.

Per-game data comes from the game itself, never from a table in a test:

* through the :class:`~assistant.core.protocol.Ruleset` (:func:`ruleset`);
* from the game's role modules (:func:`role`): ``<package>.simulate`` gives ``random_game``
  and ``check_invariants``, and so on. A game written as one module (the toy game) keeps
  every role in that module. A missing role fails the test with a message saying what to add;
* from its files: the records under ``tests/records/<game>/`` (:func:`records`), the example
  position ``examples/<game>-position.toml`` of a game that can be picked up.

Optional capabilities are declared by the ruleset overriding the :class:`Ruleset` method that
provides them (the base class's default is "not supported"): :func:`supports_positions`
(``position``/``from_position``), :func:`keeps_secrets` (``public_notation``),
:func:`seals_choices` (``sealed``).
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from assistant.core.game import Game
from assistant.core.protocol import Ruleset
from assistant.games import GAMES, game_names, get_ruleset

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "tests" / "records"
EXAMPLES = ROOT / "examples"
#: where each piece a game provides is described, quoted by the failure messages
CHECKLIST = "docs/architecture.md, 'Adding a game'"


@cache
def _session_games() -> tuple[str, ...]:
    return tuple(game_names())


def games() -> list[str]:
    """Every registered game by its canonical name: the game packages of ``assistant.games``
    then the games registered at run time (the toy game). Taken once, when the tests are
    collected (tests/conftest.py registers the toy game before): a game one test registers
    for itself (the "gems" game of tests/cli_support.py) is not among them, and the list is the
    same whichever tests ran before."""
    return list(_session_games())


def packaged_games() -> list[str]:
    """The games shipped as packages under ``assistant/games/`` (``assistant.games.GAMES``):
    those with the role modules, a data folder and the documentation a release carries (a
    notation guide). A game registered at run time has none of these files."""
    return list(GAMES)


def ruleset(game: str) -> Ruleset:
    """The game's ruleset, from the registry."""
    return get_ruleset(game)


def _overrides(game: str, method: str) -> bool:
    """Whether the game's ruleset overrides ``Ruleset.<method>`` (declares the capability)."""
    return getattr(type(ruleset(game)), method) is not getattr(Ruleset, method)


def supports_positions(game: str) -> bool:
    """Whether the game can be picked up in progress (docs/position.md): its ruleset
    overrides ``position`` and ``from_position``."""
    return _overrides(game, "position") and _overrides(game, "from_position")


def keeps_secrets(game: str) -> bool:
    """Whether the game has faces the rules keep secret: its ruleset overrides
    ``public_notation`` (a game without secrets prints every entry as typed)."""
    return _overrides(game, "public_notation")


def seals_choices(game: str) -> bool:
    """Whether entries made out of the table's sight are sealed until the last one is in
    (7 Wonders): the ruleset overrides ``sealed``."""
    return _overrides(game, "sealed")


def games_with_positions() -> list[str]:
    """The registered games that can be picked up in progress."""
    return [game for game in games() if supports_positions(game)]


def package_name(game: str) -> str:
    """The module holding the game's roles: its package (``assistant.games.roma``), or the one
    module a game registered at run time is written in (``toygame``), or the package of such
    a game's ``ruleset`` module."""
    if game in GAMES:
        return GAMES[game][0]
    module = type(ruleset(game)).__module__
    head, _, last = module.rpartition(".")
    return head if head and last == "ruleset" else module


def is_single_module(game: str) -> bool:
    """Whether the game is written as one module (every role in it), not a package."""
    module = importlib.import_module(package_name(game))
    return not hasattr(module, "__path__")


def role(game: str, name: str) -> ModuleType:
    """The game's module for the role ``name`` (docs/architecture.md: ``simulate``,
    ``components``, ...); fails the test saying what to add when the game has none."""
    package = package_name(game)
    if is_single_module(game):
        return importlib.import_module(package)
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{name}":
            raise
        pytest.fail(f"{game}: the game package {package} has no module {name}.py; add it ({CHECKLIST})")


def role_function(game: str, module: str, function: str) -> Callable[..., Any]:
    """The function ``function`` of the game's role module ``module``; fails the test saying
    what to add when it is missing."""
    found = getattr(role(game, module), function, None)
    if not callable(found):
        where = package_name(game) if is_single_module(game) else f"{package_name(game)}.{module}"
        pytest.fail(f"{game}: {where} has no function {function}(); add it ({CHECKLIST})")
    return found  # type: ignore[no-any-return]


def source_files(game: str) -> list[Path]:
    """The Python files of the game: every file of its package (sub-packages included), or
    its one module."""
    module = importlib.import_module(package_name(game))
    if hasattr(module, "__path__"):
        return sorted(p for folder in module.__path__ for p in Path(folder).rglob("*.py"))
    return [Path(str(module.__file__))]


def module_names(game: str) -> list[str]:
    """The importable names of the game's modules (for the doctests)."""
    module = importlib.import_module(package_name(game))
    if not hasattr(module, "__path__"):
        return [module.__name__]
    return [module.__name__] + sorted(info.name for info in pkgutil.walk_packages(module.__path__, prefix=module.__name__ + "."))


def rule_prefix(game: str) -> str:
    """The first part of every rule id of the game (``7w`` for 7 Wonders, ``roma``, ``toy``
    for the toy game): the one prefix its rulebook uses, which must be its name or an alias."""
    book = ruleset(game).rulebook()
    prefixes = sorted({rule.id.split(".", 1)[0] for rule in book})
    if len(prefixes) != 1:
        pytest.fail(f"{game}: its rule ids should share one prefix, the game's name or an alias; they use {prefixes or 'none'}")
    prefix = prefixes[0]
    known = {game, *ruleset(game).aliases}
    if prefix not in known:
        pytest.fail(f"{game}: the rule id prefix {prefix!r} is neither the game's name nor an alias {sorted(known)}")
    return prefix


def rule_id_pattern(prefix: str) -> re.Pattern[str]:
    """A string literal holding a rule id of the prefix (the form the per-game checks used)."""
    return re.compile(r"""["'](%s\.[A-Za-z0-9_.\-]*[A-Za-z0-9])["']""" % re.escape(prefix))


def cited_rule_ids(game: str) -> dict[str, str]:
    """Every rule id the game's source cites as a string literal, with the first file citing
    it (relative to the repository, or the file name outside it)."""
    pattern = rule_id_pattern(rule_prefix(game))
    cited: dict[str, str] = {}
    for path in source_files(game):
        where = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name
        for rule in pattern.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(rule, where)
    return cited


def records(game: str) -> list[Path]:
    """The game's recorded games, ``tests/records/<game>/*.txt``; fails the test when there
    are none (the record-driven tests and the fuzzing start from them)."""
    found = sorted((RECORDS / game).glob("*.txt"))
    if not found:
        pytest.fail(f"{game}: no recorded game under tests/records/{game}/; add at least one ({CHECKLIST})")
    return found


def example_position(game: str) -> Path:
    """``examples/<game>-position.toml``, the example position of a game that can be picked
    up; fails the test when it is missing."""
    path = EXAMPLES / f"{game}-position.toml"
    if not path.exists():
        pytest.fail(f"{game} can be picked up in progress but has no examples/{game}-position.toml; add one ({CHECKLIST})")
    return path


def setting(game: str, seed: int) -> tuple[int, dict[str, str]]:
    """The player count and options of random game ``seed``: every count and every listed
    option value comes up as the seeds go by."""
    rules = ruleset(game)
    rng = random.Random(f"{game}/{seed}")
    counts = list(range(rules.min_players, rules.max_players + 1))
    players = counts[seed % len(counts)]
    options = {spec.name: rng.choice(spec.choices) for spec in rules.options if spec.choices}
    return players, options


def random_game(game: str, seed: int) -> Game:
    """Random game ``seed`` of ``game``, played by the game's own ``simulate.random_game``."""
    players, options = setting(game, seed)
    game_of_seed: Game = role_function(game, "simulate", "random_game")(seed, players, options)
    return game_of_seed


def rule_slug(rule: str) -> str:
    """How a test's name holds the rule id it checks: ``7w.sheet.tiebreak`` ->
    ``7w_sheet_tiebreak`` (dots and hyphens as underscores)."""
    return re.sub(r"[.\-]", "_", rule)


def phases_taken(rules: Ruleset, played: list[Game]) -> set[str]:
    """The phases the states of ``played`` went through (``rules.phase_of``), after asserting
    that each phase takes every entry made in it and every move ``legal_moves`` lists in it
    (the rule table declares no less than the rules allow)."""
    table, seen = rules.rule_table, set()
    assert table is not None, f"no rule table ({CHECKLIST})"
    for game in played:
        for before, entry in zip(game.states, game.entries):
            phase = rules.phase_of(before)
            seen.add(phase)
            assert table.accepts(phase, entry.move), (
                f"ply {entry.ply}: {entry.text!r} ({type(entry.move).__name__}) was entered in phase {phase!r}, "
                f"which takes {[k.__name__ for k in table.accepted(phase)]}")
            for move in rules.legal_moves(before):
                assert table.accepts(phase, move), (phase, move.notation())
        seen.add(rules.phase_of(game.state))
    return seen


def picked_up_game(game: str, seed: int, plies: int) -> Game:
    """The game's example position (:func:`example_position`) entered as its position block,
    then up to ``plies`` random legal entries (uniform: the hands may be unknown)."""
    rules = ruleset(game)
    position = rules.from_position(tomllib.loads(example_position(game).read_text(encoding="utf-8")))
    played = Game(rules, list(position.seats), dict(position.options))
    for text in position.entries:
        played.push(text)
    rng = random.Random(seed)
    for _ in range(plies):
        if played.outcome() is not None:
            break
        played.push(rng.choice(list(rules.legal_moves(played.state))).notation())
    return played
