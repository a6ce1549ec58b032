"""The examples in every module's docstrings are run as tests: an example that no longer
holds fails the suite, so documentation cannot drift from the code.

The modules are those of the ``assistant`` package and of every registered game written
outside it (the toy game of tests/toygame.py); and every registered game has examples of its
own (tests/registry_support.py: one test per game)."""

import doctest
import importlib
import pkgutil

import pytest

import assistant
from registry_support import CHECKLIST, games, module_names

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

#: the registered games' modules that are not part of the ``assistant`` package
OUTSIDE = sorted({name for game in games() for name in module_names(game) if not name.startswith("assistant.")})

MODULES = sorted(info.name for info in pkgutil.walk_packages(assistant.__path__, prefix="assistant.")) + OUTSIDE


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=FLAGS)
    assert failures == 0


def test_doctests_are_found_in_the_core():
    """The discovery above is not empty-handed: the core's examples are among them."""
    finder = doctest.DocTestFinder()
    tests = finder.find(importlib.import_module("assistant.core.names"))
    assert sum(len(t.examples) for t in tests) > 0


@pytest.mark.parametrize("game", games())
def test_doctests_every_game_has_examples(game):
    """Each game shows how it is used in at least one docstring example (a game package's
    ``simulate`` module plays a random game in its own), all of them run by ``test_doctests``."""
    names = module_names(game)
    assert set(names) <= set(MODULES), f"{game}: modules not run for their examples: {sorted(set(names) - set(MODULES))}"
    finder = doctest.DocTestFinder()
    examples = sum(len(t.examples) for name in names for t in finder.find(importlib.import_module(name)))
    assert examples > 0, f"{game} has no docstring example; give its random_game one ({CHECKLIST})"
