"""BoardGameGeek play XML in and out (issue 14): the XML of BGG's plays API.

``<plays><play id date quantity length incomplete nowinstats location><item name objecttype
objectid/><comments>…</comments><players><player username userid name startposition color
score new rating win/></players></play></plays>`` (docs/interop.md cites the descriptions).
Read with the standard library's parser after refusing any document type declaration, so no
entity is ever expanded.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import quoteattr, escape

from assistant.core.inputs import shown
from assistant.service.interop import model
from assistant.service.interop.dedup import play_uuid
from assistant.service.interop.model import PlayIn, bad

if TYPE_CHECKING:
    from assistant.store.models import GameRow, Seat

_DOCTYPE = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def parse(text: str) -> Any:
    """The ``<plays>`` element of a BGG play file; a document type declaration (and with it
    every entity) is refused, a malformed document said as such."""
    import xml.etree.ElementTree as ET

    if _DOCTYPE.search(text):
        raise bad("the XML file", "declares a document type or entities, which a BGG play file never does; it is not read")
    try:
        root = ET.fromstring(text.lstrip("\ufeff"))
    except ET.ParseError as exc:
        raise bad("the XML file", f"is not well-formed XML ({exc})") from None
    if root.tag != "plays":
        raise bad("the XML file", f"its root element is <{shown(root.tag)}>, not <plays>")
    return root


def read(root: Any) -> tuple[int, Iterator[PlayIn]]:
    """The plays of a BGG play file."""
    items = root.findall("play")
    if len(items) > model.MAX_PLAYS:
        raise bad("the file", f"holds {len(items)} plays; at most {model.MAX_PLAYS} are read")
    return len(items), (_play(n, item) for n, item in enumerate(items, 1))


def _play(n: int, item: Any) -> PlayIn:
    place = f"play {n}"
    thing = item.find("item")
    if thing is None:
        raise bad(place, "has no <item> naming its game")
    game_name = model.game_named(thing.get("name"))
    return model.each_play(place, game_name, lambda ruleset: _our_play(place, item, ruleset, game_name))


def _our_play(place: str, item: Any, ruleset: str, game_name: str) -> PlayIn:
    """A play of one of our games (``ruleset``); InvalidEntry when it cannot be read."""
    date = model.day(item.get("date"), place)
    quantity = item.get("quantity", "1").strip() or "1"
    if quantity not in ("1",) and not (quantity.isascii() and quantity.isdigit() and len(quantity) <= 6):
        raise bad(place, f"its quantity '{shown(quantity)}' is not a number")
    players: list[tuple[str, int | None, bool, str]] = []
    holder = item.find("players")
    for k, who in enumerate(holder.findall("player") if holder is not None else [], 1):
        where = f"{place}, player {k}"
        person = model.name(who.get("name") or who.get("username"), where)
        players.append((person, model.score(who.get("score"), where, person), model.flag(who.get("win", "0"), where, "win"),
                        (who.get("startposition") or "").strip()))
    if not players:
        raise bad(place, "has no players: a play is stored with every player's score")
    names, notes = model.told_apart([p[0] for p in players])
    players = [(who, *p[1:]) for p, who in zip(players, names)]
    totals = {p[0]: p[1] for p in players if p[1] is not None}
    missing = None
    if len(totals) < len(names):
        missing = "no score for " + ", ".join(p[0] for p in players if p[1] is None) + " (a play is stored with every player's score)"
    elif quantity != "1":
        missing = f"logs {quantity} plays with one score sheet; log each play on its own"
    starters = [p[0] for p in players if p[3] == "1"]
    comments = item.find("comments")
    play_id = (item.get("id") or "").strip()
    play = PlayIn(
        place=place,
        game_name=game_name,
        game=ruleset,
        players=names,
        totals=totals,
        winners=None if model.flag(item.get("nowinstats", "0"), place, "nowinstats") else model.winners_of([(p[0], p[2]) for p in players]),
        date=date,
        duration=model.minutes(item.get("length"), place),
        location=model.text(item.get("location"), place),
        note=model.text(comments.text if comments is not None else None, place, "comment", limit=1000),
        start=starters[0] if len(starters) == 1 else None,
        finished=not model.flag(item.get("incomplete", "0"), place, "incomplete"),
        missing=missing,
        notes=notes,
    )
    source = f"bgg:{play_id}" if play_id.isascii() and play_id.isdigit() and play_id.strip("0") else "bgg:sha256:" + play.digest()
    return replace(play, source_id=source)


# -- writing ---------------------------------------------------------------------------------------
def head(total: int) -> str:
    """The start of the file, as BGG's plays API writes it (``username``/``userid`` empty: the
    history is not one BGG user's; ``total``: the plays in the file, on one page)."""
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        f'<plays username="" userid="0" total="{total}" page="1" termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">\n'
    )


def tail() -> str:
    """The end of the file."""
    return "</plays>\n"


def play_xml(row: GameRow, seats: Sequence[tuple[Seat, str]], title: str, new: Container[tuple[int, int]] = (), minutes: int | None = None) -> str:
    """One stored finished game as a ``<play>`` (the fields BGG carries); ``new``: the
    ``(game_id, player_id)`` seats that are a player's first play of the game; ``minutes``:
    its length (a tracked game's as measured). Its ``id`` is BGG's when it came from BGG, else
    a number drawn from the game's uuid (:func:`.dedup.play_uuid`: the same in every export,
    different for every game of every history, far above BGG's own ids); its item names the
    game and, where we know it, its BGG id."""
    source = row.source_id or ""
    play_id = source[4:] if source.startswith("bgg:") and source[4:].isdigit() else str(int(play_uuid(row).replace("-", "")[:15], 16))
    attrs = {"id": play_id, "date": row.date, "quantity": "1", "length": str(minutes or row.duration or 0), "incomplete": "0", "nowinstats": "0"}
    if row.location:
        attrs["location"] = row.location
    first = next((s.position for s, _ in seats if s.start), None)
    lines = ["  <play " + " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items()) + ">",
             f"    <item name={quoteattr(title)} objecttype=\"thing\"{_objectid(row)}>"
             '<subtypes><subtype value="boardgame"/></subtypes></item>']
    if row.note:
        lines.append(f"    <comments>{escape(row.note)}</comments>")
    lines.append("    <players>")
    count = len(seats)
    for seat, current in seats:
        start = "" if first is None else str((seat.position - first) % count + 1)
        score = "" if seat.total is None else str(seat.total)
        lines.append(
            f"      <player username=\"\" userid=\"0\" name={quoteattr(current)} startposition={quoteattr(start)} color=\"\" "
            f"score={quoteattr(score)} new=\"{1 if (row.id, seat.player_id) in new else 0}\" rating=\"0\" win=\"{1 if seat.winner else 0}\"/>"
        )
    lines += ["    </players>", "  </play>"]
    return "\n".join(lines) + "\n"


def _objectid(row: GameRow) -> str:
    """`` objectid="68448"`` for a game whose BGG id we know, else nothing."""
    known = model.BGG_IDS.get(row.ruleset)
    return f' objectid="{known}"' if known else ""
