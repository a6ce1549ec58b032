"""Where the component data and rule texts are: ``assistant/_data`` in an installed wheel
(``data/`` is copied there at build time), else the top-level ``data/`` of a checkout.
The same for the notation docs (``docs/notation`` -> ``assistant/_notation``)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir() -> Path:
    """The folder holding ``<game>/`` component data and rule texts."""
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the assistant's data folder is missing; reinstall the package")


@cache
def notation_dir() -> Path:
    """The folder holding ``<game>.md`` notation guides."""
    for candidate in (_PACKAGE / "_notation", _PACKAGE.parent / "docs" / "notation"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the assistant's notation guides are missing; reinstall the package")


def data_path(*parts: str) -> Path:
    """A path inside the data folder."""
    return data_dir().joinpath(*parts)


@cache
def load_json(*parts: str) -> Any:
    """A JSON file of ``data/``, parsed once per process."""
    with data_path(*parts).open(encoding="utf-8") as handle:
        return json.load(handle)


def read_text(*parts: str) -> str:
    """A text file of the data folder."""
    return data_path(*parts).read_text(encoding="utf-8")
