"""Which format a file is in, from its content alone (never its name): ``bgstats`` (a BG Stats
backup/export), ``bgg`` (BGG play XML), ``csv`` (the CSV of results), ``json`` (the program's
own JSON export) or ``record`` (game records, INTERFACES §3).

>>> detect('<?xml version="1.0"?><plays></plays>')
'bgg'
>>> detect("game_id,game,date,time\\r\\n")
'csv'
>>> detect("Game: roma\\nPlayers: Ann, Ben\\n\\n")
'record'
"""

from __future__ import annotations

import json
from typing import Any

from assistant.core.errors import InvalidEntry
from assistant.service.interop import bgstats, csvplays, ownjson


def detect(text: str) -> str:
    """The format of ``text`` (see the module text)."""
    return detect_parsed(text)[0]


def detect_parsed(text: str) -> tuple[str, Any]:
    """The format and, for JSON, the parsed document (so it is parsed once). A JSON document of
    another shape, or text that is not JSON though it starts like it, is refused."""
    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith("<"):
        return "bgg", None
    if csvplays.looks_like(body):
        return "csv", None
    if body[:1] in ("{", "["):
        try:
            data = json.loads(body)
        except json.JSONDecodeError as exc:
            raise InvalidEntry("core.import", f"the file is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
        except RecursionError:
            raise InvalidEntry("core.import", "the JSON file nests too deep") from None
        if bgstats.looks_like(data):
            return "bgstats", data
        if ownjson.looks_like(data):
            return "json", data
        raise InvalidEntry(
            "core.import",
            "this JSON file is neither a BG Stats export (games, players, plays with playerScores) nor this program's export",
            hint="docs/interop.md describes what import reads",
        )
    return "record", None
