"""Game-agnostic core: the game protocol, moves and entries, errors, the score sheet, the
record format, name matching and rule texts. It knows no game and no database.

The names below are importable from ``assistant.core`` directly; each submodule is loaded on
first use, so that importing one of them (``assistant.core.errors``) does not load them all.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "AmbiguousEntry": "errors",
    "AssistantError": "errors",
    "Conflict": "errors",
    "EntryError": "errors",
    "IllegalMove": "errors",
    "InvalidEntry": "errors",
    "NotFound": "errors",
    "Problem": "errors",
    "RecordError": "errors",
    "StorageError": "errors",
    "TableError": "errors",
    "Game": "game",
    "NameIndex": "names",
    "normalize": "names",
    "Entry": "protocol",
    "Move": "protocol",
    "OptionSpec": "protocol",
    "Outcome": "protocol",
    "Prompt": "protocol",
    "RuleText": "protocol",
    "Ruleset": "protocol",
    "Record": "record",
    "RecordLine": "record",
    "read_record": "record",
    "write_record": "record",
    "ScoreSheet": "scoresheet",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'assistant.core' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"assistant.core.{_EXPORTS[name]}"), name)
    globals()[name] = value
    return value
