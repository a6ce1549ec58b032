"""Dates, times of day and durations as people type them (rule ``core.date``).

One small parser for every command that takes a day or a length of play: ``new --date``,
``add``, ``edit`` and ``games --since/--until``. "Today" is always passed in (``today=``),
so that what a word means is decided once per command and tests can fix it.

Days: ``today``, ``yesterday``, a weekday (``saturday``, ``sat``, ``last saturday``: the
latest such day, today included), ``2026-11-30``. A time of day may follow (``2026-11-30
20:15``, ``yesterday 20:15``), or stand alone (``20:15``: today). Durations in minutes:
``90``, ``90m``, ``90 min``, ``1h30``, ``1h 30m``, ``2h``, ``1:30``.

>>> from datetime import date
>>> day = date(2026, 12, 1)                          # a Tuesday
>>> parse_when("yesterday 20:15", today=day)
When(date='2026-11-30', time='20:15')
>>> parse_when("saturday", today=day).date
'2026-11-28'
>>> parse_duration("1h30"), parse_duration("1:30"), parse_duration("90m")
(90, 90, 90)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date as Date
from datetime import timedelta

from assistant.core.errors import InvalidEntry
from assistant.core.inputs import number, shown

RULE = "core.date"
#: the earliest day a play may carry (a typo such as 1026 is refused)
EARLIEST = Date(1900, 1, 1)
#: the longest play a duration may give, in minutes (a day and a night)
LONGEST = 24 * 60

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DAY_FORMS = "today, yesterday, a weekday (saturday), or YYYY-MM-DD"
TIME_FORMS = "HH:MM, e.g. 20:15"
DURATION_FORMS = "minutes (90, 90m), hours and minutes (1h30, 1:30) or hours (2h)"

_ISO = re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})")
_TIME = re.compile(r"([0-9]{1,2})[:h.]([0-9]{2})")
_DURATION = (
    re.compile(r"(?P<m>[0-9]{1,4})\s*(?:m|min|mins|minutes?)?"),
    re.compile(r"(?P<h>[0-9]{1,2})\s*(?:h|hr|hrs|hours?)\s*(?:(?P<m>[0-9]{1,2})\s*(?:m|min|mins|minutes?)?)?"),
    re.compile(r"(?P<h>[0-9]{1,2}):(?P<m>[0-9]{2})"),
)


@dataclass(frozen=True)
class When:
    """A day (YYYY-MM-DD) and, when one was given, a time of day (HH:MM)."""

    date: str
    time: str | None = None


def _words(text: str) -> list[str]:
    return text.strip().casefold().split()


def parse_day(text: str, *, today: Date, future: bool = False) -> str:
    """A day as YYYY-MM-DD from ``today``, ``yesterday``, a weekday (the latest such day,
    today included; ``last`` before it changes nothing), or ``YYYY-MM-DD``. A day after
    ``today`` is refused unless ``future`` (a filter may look ahead; a play cannot), and so is
    one before 1900.

    >>> parse_day("sun", today=Date(2026, 12, 1))
    '2026-11-29'
    """
    words = _words(text)
    if words[:1] == ["last"] and len(words) == 2:
        words = words[1:]
    if len(words) != 1:
        raise InvalidEntry(RULE, f"'{shown(text)}' is not a day", hint=f"write {DAY_FORMS}")
    word = words[0]
    if word == "today":
        day = today
    elif word == "yesterday":
        day = today - timedelta(days=1)
    elif word == "tomorrow":  # a day like any other: a filter may look ahead, a play is refused below
        day = today + timedelta(days=1)
    elif len(word) >= 3 and any(name.startswith(word) for name in WEEKDAYS):
        index = next(i for i, name in enumerate(WEEKDAYS) if name.startswith(word))
        day = today - timedelta(days=(today.weekday() - index) % 7)
    else:
        match = _ISO.fullmatch(word)
        if match is None:
            raise InvalidEntry(RULE, f"'{shown(text)}' is not a day", hint=f"write {DAY_FORMS}")
        try:
            day = Date(*(int(g) for g in match.groups()))
        except ValueError:
            raise InvalidEntry(RULE, f"there is no day {shown(word)}", hint="write YYYY-MM-DD with a real month and day") from None
    if day < EARLIEST:
        raise InvalidEntry(RULE, f"{day.isoformat()} is before {EARLIEST.year}; is the year right?")
    if not future and day > today:
        raise InvalidEntry(RULE, f"{day.isoformat()} is after today ({today.isoformat()}); a play is logged once played")
    return day.isoformat()


def parse_time(text: str) -> str:
    """A time of day as HH:MM (``20:15``, ``8:05``, ``20h15``).

    >>> parse_time("8:05")
    '08:05'
    """
    match = _TIME.fullmatch(text.strip().casefold())
    if match is None:
        raise InvalidEntry(RULE, f"'{shown(text)}' is not a time of day", hint=f"write {TIME_FORMS}")
    hours, minutes = int(match.group(1)), int(match.group(2))
    if hours > 23 or minutes > 59:
        raise InvalidEntry(RULE, f"there is no time {shown(text)} in a day", hint="hours 0-23, minutes 0-59")
    return f"{hours:02d}:{minutes:02d}"


def parse_when(text: str, *, today: Date, future: bool = False) -> When:
    """A day with an optional time (``yesterday 20:15``, ``2026-11-30 20:15``), or a time
    alone (today). See :func:`parse_day` and :func:`parse_time`."""
    words = text.split()
    if not words:
        raise InvalidEntry(RULE, "the date is empty", hint=f"write {DAY_FORMS}, with HH:MM after it if you like")
    if len(words) == 1 and _TIME.fullmatch(words[0].casefold()) and not _ISO.fullmatch(words[0]):
        return When(parse_day("today", today=today), parse_time(words[0]))
    if len(words) >= 2 and _TIME.fullmatch(words[-1].casefold()):
        return When(parse_day(" ".join(words[:-1]), today=today, future=future), parse_time(words[-1]))
    return When(parse_day(text, today=today, future=future))


def parse_duration(text: str | int) -> int:
    """A length of play in whole minutes, more than 0 and at most a day.

    >>> parse_duration("2h"), parse_duration("45 min"), parse_duration("1h 5m")
    (120, 45, 65)
    """
    raw = str(text).strip().casefold()
    for pattern in _DURATION:
        match = pattern.fullmatch(raw)
        if match is None:
            continue
        groups = match.groupdict()
        hours = number(groups.get("h") or "0") or 0
        minutes = number(groups.get("m") or "0") or 0
        if "h" in groups and groups["h"] is not None and groups.get("m") and minutes > 59:
            raise InvalidEntry(RULE, f"'{shown(raw)}' has {minutes} minutes after the hours", hint="minutes 0-59 after hours: 1h30")
        total = hours * 60 + minutes
        if total <= 0:
            raise InvalidEntry(RULE, "a play lasts more than 0 minutes", hint=f"write {DURATION_FORMS}")
        if total > LONGEST:
            raise InvalidEntry(RULE, f"{total} minutes is more than a day; is it right?", hint="split a longer session into plays")
        return total
    raise InvalidEntry(RULE, f"'{shown(str(text))}' is not a duration", hint=f"write {DURATION_FORMS}")


def shown_duration(minutes: int) -> str:
    """A duration as people read it: ``1h30``, ``45m``, ``2h``.

    >>> shown_duration(90), shown_duration(45), shown_duration(120)
    ('1h30', '45m', '2h')
    """
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest}m"
    return f"{hours}h{rest:02d}" if rest else f"{hours}h"
