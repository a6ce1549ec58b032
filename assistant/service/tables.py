"""Final tables (INTERFACES §1): score a table read from a file (``score GAME --from``) and
store it as a finished game (``--save``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.core.errors import InvalidEntry
from assistant.core.inputs import clean
from assistant.core.scoresheet import ScoreSheet
from assistant.games import get_ruleset, resolve_game
from assistant.service.fields import check_date
from assistant.service.stats import record_facts
from assistant.store import queries
from assistant.store.db import Store


def score_table(game: str, table: Mapping[str, Any]) -> ScoreSheet:
    """Score a final table (INTERFACES §1). The file's ``game`` key, if any, must agree."""
    ruleset = get_ruleset(game)
    named = table.get("game")
    if named is not None:
        if not isinstance(named, str) or resolve_game(named) != ruleset.name:
            raise InvalidEntry("core.score.file", f"the file is a table of '{named}', not of {ruleset.name}")
    return ruleset.score_table(table)


def save_table(
    store: Store, game: str, table: Mapping[str, Any], sheet: ScoreSheet, *, date: str | None = None, location: str | None = None
) -> int:
    """Store a scored final table as a finished game; returns its id. The table's own
    ``date`` and ``location`` are used when none is given."""
    ruleset = get_ruleset(game)
    location = clean(location, "header") if location else None
    with store.write(verify=True) as session:
        row = queries.insert_game(
            session,
            ruleset=ruleset.name,
            ruleset_version=ruleset.version,
            players=list(sheet.players),
            options={},
            date=check_date(date or (table.get("date") if isinstance(table.get("date"), str) else None)),
            location=location or (table.get("location") if isinstance(table.get("location"), str) else None),
            kind="table",
            table=dict(table),
            source="table",
        )
        queries.write_results(session, row, queries.seats(session, row.id), sheet, status="finished")  # type: ignore[arg-type]
        record_facts(session, row.id, ruleset, list(sheet.players), table=table)  # type: ignore[arg-type]
        return row.id  # type: ignore[return-value]
