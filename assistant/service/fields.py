"""Values every command checks or stores the same way: the day a game was played and the
JSON payload kept beside each entry's text.

>>> check_date("2026-11-30")
'2026-11-30'
>>> payload(3)
'{"type": "int"}'
"""

from __future__ import annotations

import dataclasses
import json
from datetime import date as Date
from typing import Any

from assistant.core.errors import InvalidEntry


def today() -> str:
    """Today as YYYY-MM-DD (the default day of a game)."""
    return Date.today().isoformat()


def check_date(text: str | None) -> str:
    """A day written YYYY-MM-DD, checked (today when none is given)."""
    if not text:
        return today()
    try:
        return Date.fromisoformat(text).isoformat()
    except ValueError:
        raise InvalidEntry("core.date", f"'{text}' is not a date; write it as YYYY-MM-DD") from None


def payload(move: Any) -> str:
    """The move as JSON (its type and fields), stored beside the entry text for other tools;
    the text stays the truth."""
    if dataclasses.is_dataclass(move) and not isinstance(move, type):
        try:
            return json.dumps({"type": type(move).__name__, **dataclasses.asdict(move)}, default=str)
        except TypeError:
            pass
    return json.dumps({"type": type(move).__name__})
