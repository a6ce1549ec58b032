"""Values every command checks or stores the same way: the day a game was played.

>>> check_date("2026-11-30")
'2026-11-30'
"""

from __future__ import annotations

from datetime import date as Date

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
