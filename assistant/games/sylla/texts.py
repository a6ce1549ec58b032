"""Sylla's rule texts (data/sylla/rules.md, under the same rule ids as the refusals) and the
explanation of a component named at ``assistant rules sylla WORD``."""

from __future__ import annotations

from functools import cache

from assistant.core.protocol import RuleText
from assistant.core.rulebook import parse_rules
from assistant.games.sylla.components import (
    building_data,
    building_index,
    event_data,
    event_index,
    facts,
    type_index,
    work_data,
    work_index,
)
from assistant.resources import read_text


@cache
def rulebook() -> tuple[RuleText, ...]:
    """Every rule text, in reading order (read once)."""
    return tuple(parse_rules(read_text("sylla", "rules.md")))


def explain(query: str) -> list[RuleText]:
    """The rule texts of the event, building, Great Work or character type ``query`` names
    exactly (and Ecclesia's); ``[]`` when it names none."""
    book = {r.id: r for r in rulebook()}
    found: list[RuleText] = []
    for index, rules in (
        (event_index(), {e["id"]: e["rule"] for e in event_data()["events"]}),
        (building_index(), {b["id"]: b["rule"] for b in building_data()["buildings"]}),
        (work_index(), {w["id"]: w["rule"] for w in work_data()["works"]}),
    ):
        hit = index.exact(query)
        if hit and rules[hit] in book:
            found.append(book[rules[hit]])
    kind = type_index().exact(query)
    if kind:
        t = next(t for t in facts()["characters"]["types"] if t["id"] == kind)
        found.append(RuleText("sylla.components.characters", t["name"], t["ability"], ("sylla.data.characters",)))
    if query.strip().casefold() in ("ecclesia", "egyház"):
        found.append(book["sylla.greatworks.ecclesia"])
    return found
