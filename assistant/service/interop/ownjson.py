"""The program's own ``export --format json`` read back by ``import`` (issue 14): a tracked
game is its record (replayed and stored as ``import`` stores a record); a game scored from a
final table is scored again from it; a play logged from a score pad or totals is checked again
from its sheet. Time, duration and note come with each."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from assistant.core.inputs import shown
from assistant.service.interop import model
from assistant.service.interop.model import PlayIn, bad

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.core.game import Game
    from assistant.core.record import Record
    from assistant.core.scoresheet import ScoreSheet
    from assistant.service.interop.dedup import Incoming


def looks_like(data: Any) -> bool:
    """One exported game, or a list of them: objects with ``id``, ``game``, ``kind`` and a
    ``record`` or ``table``."""
    items = data if isinstance(data, list) else [data]
    return bool(items) and all(
        isinstance(i, dict) and {"id", "game", "kind"} <= i.keys() and ("record" in i or "table" in i) for i in items[:50]
    )


def split(data: Any) -> tuple[list[tuple[str, Mapping[str, Any]]], list[tuple[str, Mapping[str, Any]]], list[PlayIn]]:
    """(records, final tables, sheet plays) of an exported file, each with its place."""
    items = data if isinstance(data, list) else [data]
    records: list[tuple[str, Mapping[str, Any]]] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    plays: list[PlayIn] = []
    for n, item in enumerate(items, 1):
        place = f"game {n} of the file"
        if not isinstance(item, dict):
            raise bad(place, "is not an object")
        if item.get("status") != "finished" and item.get("kind") != "tracked":
            continue
        if item.get("kind") == "tracked":
            if not isinstance(item.get("record"), str):
                raise bad(place, "has no record")
            records.append((place, item))
        elif item.get("kind") == "table":
            if not isinstance(item.get("table"), dict):
                raise bad(place, "has no final table")
            tables.append((place, item))
        elif item.get("kind") in ("sheet", "totals"):
            plays.append(model.each_play(place, model.game_named(item.get("game")), partial(_sheet_play, place, item)))
        else:
            raise bad(place, f"its kind '{shown(str(item.get('kind')))}' is not tracked, table, sheet or totals")
    return records, tables, plays


def _sheet_play(place: str, item: Mapping[str, Any], game: str) -> PlayIn:
    """A score sheet or totals of one of our games (``game``); InvalidEntry when it cannot be read."""
    from assistant.core.sheets import PlaySheet

    table = item.get("table")
    if not isinstance(table, dict) or not isinstance(table.get("players"), list):
        raise bad(place, "has no score sheet")
    try:
        sheet = PlaySheet.from_json(table)
    except (KeyError, TypeError, ValueError):
        raise bad(place, "its score sheet is not the shape export writes") from None
    return PlayIn(
        place=place,
        game_name=str(item.get("game")),
        game=game,
        players=tuple(model.name(p, place) for p in sheet.players),
        totals={k: model.score(v, place, k) for k, v in sheet.totals.items()},  # type: ignore[misc]
        points={k: {c: model.score(v, place, k) for c, v in row.items()} for k, row in sheet.points.items()},  # type: ignore[misc]
        winners=sheet.winners,
        date=model.day(item.get("date"), place),
        time=model.clock(item["time"], place) if isinstance(item.get("time"), str) else None,
        duration=model.minutes(item.get("duration"), place),
        location=model.text(item.get("location"), place),
        note=model.text(item.get("note"), place, "comment", limit=1000),
        start=None,
        source_id=source_of(item),
    )


def source_of(item: Mapping[str, Any]) -> str:
    """An exported game's source id: its ``Source-Id`` header (the export writes the game's
    own), else a digest of its final table or score sheet with its day, time and place: two
    plays with the same players and scores on different days are two plays (issue 22)."""
    headers = item.get("headers")
    said = headers.get("Source-Id") if isinstance(headers, dict) else None
    if isinstance(said, str) and said.strip():
        return model.text(said, "the game's Source-Id") or ""
    content = [item.get("table"), item.get("date"), item.get("time"), item.get("location")]
    return "json:sha256:" + hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()[:32]


class Stored:
    """The records (replayed first: a bad one refuses the file) and final tables (scored
    first) of an exported file, stored in the import's transaction (:class:`.model.Extra`)."""

    def __init__(self, records: list[tuple[str, Mapping[str, Any]]], tables: list[tuple[str, Mapping[str, Any]]]) -> None:
        from assistant.core.errors import AssistantError, RecordError
        from assistant.service.records import record_source_id, replay_text
        from assistant.service.tables import score_table

        self.replayed: list[tuple[Mapping[str, Any], Record, Game, str]] = []
        for place, item in records:
            try:
                record, game = replay_text(item["record"])
            except RecordError as exc:
                raise bad(place, exc.message) from None
            self.replayed.append((item, record, game, record_source_id(record, game)))
        self.scored: list[tuple[str, Mapping[str, Any], ScoreSheet]] = []
        for place, item in tables:
            try:
                self.scored.append((place, item, score_table(str(item["game"]), item["table"])))
            except AssistantError as exc:
                raise bad(place, model.reason(exc)) from None

    def incoming(self) -> list[Incoming]:
        """Records by their source id only; final tables by id and content."""
        from assistant.service.interop.dedup import Incoming, print_of

        out = [Incoming(source, None) for _, _, _, source in self.replayed]
        for place, item, sheet in self.scored:
            players = list(sheet.players)
            time = model.clock(item["time"], place) if isinstance(item.get("time"), str) else None
            found = print_of(str(item["game"]), model.day(item.get("date"), place), time, model.text(item.get("location"), place),
                             players, dict(sheet.totals), sheet.winners)
            out.append(Incoming(source_of(item), found))
        return out

    def store(self, session: Session, matched: Sequence[int | None], *, allow_duplicate: bool) -> tuple[list[int], list[int]]:
        """Store what ``matched`` (one per :meth:`incoming`) does not name as held; returns the
        ids stored and the stored games skipped."""
        import uuid

        from assistant.games import get_ruleset
        from assistant.service.records import store_record
        from assistant.service.stats import record_facts
        from assistant.store import queries

        ids: list[int] = []
        held: list[int] = []
        for (item, record, game, _), gid in zip(self.replayed, matched):
            if gid is not None:
                held.append(gid)
                continue
            day_place = (model.day(item.get("date"), "a game of the file"), model.text(item.get("location"), "a game of the file"))
            fields = _fields(item, "a game of the file")
            row = store_record(
                session, record, game, allow_duplicate=allow_duplicate, skip_duplicate=True, place=day_place,
                fields=fields, status=str(item.get("status") or ""), skipped=held,
            )
            if row is not None:
                assert row.id is not None
                ids.append(row.id)
        for (place, item, sheet), gid in zip(self.scored, matched[len(self.replayed):]):
            source_id = source_of(item)
            if gid is None and not allow_duplicate:
                found = queries.game_by_source(session, source_id)  # the file holds the table twice
                gid = found.id if found is not None else None
            if gid is not None:
                held.append(gid)
                continue
            if allow_duplicate and queries.game_by_source(session, source_id) is not None:
                source_id = str(uuid.uuid4())
            ruleset = get_ruleset(str(item["game"]))
            row = queries.insert_game(
                session, ruleset=ruleset.name, ruleset_version=ruleset.version, players=list(sheet.players), options={},
                date=model.day(item.get("date"), place), location=model.text(item.get("location"), place), kind="table",
                table=dict(item["table"]), source="table", source_id=source_id,
            )
            fields = _fields(item, place)
            if fields:
                queries.set_fields(session, row, fields)
            assert row.id is not None
            queries.write_results(session, row, queries.seats(session, row.id), sheet, status="finished")
            record_facts(session, row.id, ruleset, list(sheet.players), table=item["table"])
            ids.append(row.id)
        return ids, held


def _fields(item: Mapping[str, Any], place: str) -> dict[str, Any]:
    """An exported game's time, duration and note, checked as every format's are."""
    found = {
        "time": model.clock(item["time"], place) if isinstance(item.get("time"), str) else None,
        "duration": model.minutes(item.get("duration"), place),
        "note": model.text(item.get("note"), place, "comment", limit=1000),
    }
    return {k: v for k, v in found.items() if v is not None}
