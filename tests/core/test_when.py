"""Dates, times and durations as people type them (assistant/core/when.py, rule core.date),
with a fixed "today" (Tuesday 1 December 2026)."""

from __future__ import annotations

from datetime import date

import pytest

from assistant.core.errors import InvalidEntry
from assistant.core.when import parse_day, parse_duration, parse_time, parse_when, shown_duration

TODAY = date(2026, 12, 1)  # a Tuesday


@pytest.mark.parametrize(
    ("text", "day", "time"),
    [
        ("today", "2026-12-01", None),
        ("Yesterday", "2026-11-30", None),
        ("saturday", "2026-11-28", None),
        ("sat", "2026-11-28", None),
        ("last saturday", "2026-11-28", None),
        ("tuesday", "2026-12-01", None),  # today is the latest Tuesday
        ("wed", "2026-11-25", None),
        ("2026-11-30", "2026-11-30", None),
        ("2026-11-30 20:15", "2026-11-30", "20:15"),
        ("yesterday 8:05", "2026-11-30", "08:05"),
        ("20:15", "2026-12-01", "20:15"),
        ("20h15", "2026-12-01", "20:15"),
    ],
)
def test_when_forms(text: str, day: str, time: str | None) -> None:
    when = parse_when(text, today=TODAY)
    assert (when.date, when.time) == (day, time)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("tomorrow", "after today"),  # a day like any other, refused for a play (D21)
        ("sa", "is not a day"),
        ("2026-02-30", "there is no day"),
        ("2026-13-01", "there is no day"),
        ("1899-12-31", "before 1900"),
        ("2026-12-02", "after today"),
        ("25:00", "no time"),
        ("20:61", "no time"),
        ("", "empty"),
        ("2026-11-30 20:15 x", "is not a day"),
        ("２０２６-11-30x", "is not a day"),
    ],
)
def test_when_refusals(text: str, words: str) -> None:
    with pytest.raises(InvalidEntry) as exc:
        parse_when(text, today=TODAY)
    assert exc.value.rule == "core.date" and words in exc.value.message


def test_future_day_allowed_for_filters() -> None:
    assert parse_day("2027-01-31", today=TODAY, future=True) == "2027-01-31"
    assert parse_time("7:30") == "07:30"


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("90", 90), ("90m", 90), ("90 min", 90), ("1h30", 90), ("1h 30m", 90), ("1:30", 90), ("2h", 120), ("2 hours", 120), ("45", 45)],
)
def test_duration_forms(text: str, minutes: int) -> None:
    assert parse_duration(text) == minutes


@pytest.mark.parametrize(
    ("text", "words"),
    [("0", "more than 0"), ("0h", "more than 0"), ("1:75", "minutes after the hours"), ("1h75", "minutes after the hours"),
     ("1441", "more than a day"), ("25h", "more than a day"), ("abc", "not a duration"), ("-5", "not a duration"),
     ("١٢", "not a duration"), ("1.5h", "not a duration")],
)
def test_duration_refusals(text: str, words: str) -> None:
    with pytest.raises(InvalidEntry) as exc:
        parse_duration(text)
    assert exc.value.rule == "core.date" and words in exc.value.message


def test_shown_duration() -> None:
    assert [shown_duration(m) for m in (45, 60, 90, 125)] == ["45m", "1h", "1h30", "2h05"]
