"""The examples in every module's docstrings are run as tests: an example that no longer
holds fails the suite, so documentation cannot drift from the code."""

import doctest
import importlib
import pkgutil

import pytest

import assistant

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(assistant.__path__, prefix="assistant.")
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert failures == 0


def test_doctests_are_found_in_the_core():
    """The discovery above is not empty-handed: the core's examples are among them."""
    finder = doctest.DocTestFinder()
    tests = finder.find(importlib.import_module("assistant.core.names"))
    assert sum(len(t.examples) for t in tests) > 0
