"""The examples in the core modules' docstrings are run as tests."""

import doctest
import importlib

import pytest

MODULES = [
    "assistant.core.names",
    "assistant.core.record",
    "assistant.core.rulebook",
    "assistant.core.scoresheet",
    "assistant.core.errors",
    "assistant.core.tablefile",
    "assistant.store.location",
    "assistant.games",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
