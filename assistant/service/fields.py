"""Values every command checks or stores the same way: the day a game was played.

>>> check_date("2026-11-30")
'2026-11-30'
"""

from __future__ import annotations

from datetime import date as Date


def today() -> str:
    """Today as YYYY-MM-DD (the default day of a game)."""
    return Date.today().isoformat()


def check_date(text: str | None, *, future: bool = True) -> str:
    """A day in any form :func:`assistant.core.when.parse_day` reads (``today``,
    ``yesterday``, ``saturday``, ``2026-11-30``), as YYYY-MM-DD (today when none is given).
    ``future=False`` refuses a day after today (``add`` and ``edit`` read theirs through
    :mod:`assistant.service.plays`, which does)."""
    from assistant.core.when import parse_day

    if not text:
        return today()
    return parse_day(text, today=Date.today(), future=future)
