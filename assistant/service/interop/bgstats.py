"""BG Stats files (the app's backup/export JSON) in and out (issue 14).

The shape, as the public descriptions and files cited in docs/interop.md show it: one JSON
object with the lists ``players`` (``id``, ``uuid``, ``name``), ``locations`` (``id``,
``uuid``, ``name``), ``games`` (``id``, ``uuid``, ``name``, ``bggId``, ``highestWins``,
``cooperative``, ``noPoints``) and ``plays`` (``uuid``, ``playDate`` "YYYY-MM-DD HH:MM:SS",
``durationMin``, ``locationRefId``, ``gameRefId``, ``comments``, ``ignored``, and
``playerScores``: ``playerRefId``, ``score`` as text, ``winner``, ``startPlayer``,
``seatOrder``, ``newPlayer``, ``rank``). References are the ``id`` of an item of those lists.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Container, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from assistant.core.inputs import shown
from assistant.service.interop import model
from assistant.service.interop.dedup import NAMESPACE, play_uuid
from assistant.service.interop.model import PlayIn, bad

if TYPE_CHECKING:
    from assistant.store.models import GameRow, Seat

ABOUT = "Plays exported by the board game table assistant (assistant export --format bgstats)."


def looks_like(data: Any) -> bool:
    """A BG Stats file: an object with a list of plays whose items hold ``playerScores``, and
    a list of games or players."""
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        return False
    if not (isinstance(data.get("games"), list) or isinstance(data.get("players"), list)):
        return False
    return all(isinstance(p, dict) and "playerScores" in p for p in data["plays"][:50])


def placeholder_time(at: str) -> bool:
    """Whether a ``playDate``'s time of day is the app's placeholder for a play logged without
    one: 10:00 or 11:00 with seconds that count the plays of that day (``10:00:03``); a time a
    person sets has no seconds.

    >>> placeholder_time("10:00:03"), placeholder_time("11:00:12"), placeholder_time("10:00:00"), placeholder_time("20:15:00")
    (True, True, False, False)
    """
    parts = at.strip().split(":")
    return len(parts) == 3 and parts[0] in ("10", "11") and parts[1] == "00" and parts[2].isdigit() and int(parts[2]) > 0


def _index(data: Mapping[str, Any], key: str) -> dict[int, Mapping[str, Any]]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise bad("the file", f"'{key}' is not a list")
    out: dict[int, Mapping[str, Any]] = {}
    for n, item in enumerate(items, 1):
        place = f"{key} item {n}"
        if not isinstance(item, dict):
            raise bad(place, "is not an object")
        ref = item.get("id")
        if isinstance(ref, bool) or not isinstance(ref, int):
            raise bad(place, f"its id '{shown(str(ref))}' is not a whole number")
        out[ref] = item
    return out


def read(data: Mapping[str, Any]) -> tuple[int, Iterator[PlayIn]]:
    """The plays of a BG Stats file (its shape checked as they are read)."""
    players = _index(data, "players")
    locations = _index(data, "locations")
    games = _index(data, "games")
    plays = data["plays"]
    if len(plays) > model.MAX_PLAYS:
        raise bad("the file", f"holds {len(plays)} plays; at most {model.MAX_PLAYS} are read")
    return len(plays), (_play(n, item, players, locations, games) for n, item in enumerate(plays, 1))


def _play(
    n: int,
    item: Any,
    players: Mapping[int, Mapping[str, Any]],
    locations: Mapping[int, Mapping[str, Any]],
    games: Mapping[int, Mapping[str, Any]],
) -> PlayIn:
    place = f"play {n}"
    if not isinstance(item, dict):
        raise bad(place, "is not an object")
    game = games.get(item.get("gameRefId"))  # type: ignore[arg-type]
    if game is None:
        raise bad(place, f"its gameRefId '{shown(str(item.get('gameRefId')))}' names no game of the file")
    game_name = model.game_named(game.get("name"))
    expansions = []
    for extra in item.get("expansionPlays") or []:
        other = games.get(extra.get("gameRefId")) if isinstance(extra, dict) else None  # type: ignore[arg-type]
        if other is not None:
            bgg_id = other.get("bggId") if isinstance(other.get("bggId"), int) else extra.get("bggId")
            expansions.append((model.game_named(other.get("name")), bgg_id if isinstance(bgg_id, int) else None))
    return model.each_play(place, game_name, lambda ruleset: _our_play(place, item, ruleset, game_name, players, locations), expansions)


def _our_play(
    place: str,
    item: Mapping[str, Any],
    ruleset: str,
    game_name: str,
    players: Mapping[int, Mapping[str, Any]],
    locations: Mapping[int, Mapping[str, Any]],
) -> PlayIn:
    """A play of one of our games (``ruleset``); InvalidEntry when it cannot be read."""
    stamp = item.get("playDate")
    if not isinstance(stamp, str) or not stamp.strip():
        raise bad(place, "has no playDate")
    when, _, at = stamp.strip().partition(" ")
    date = model.day(when, place)
    time = model.clock(at, place) if at.strip() else None
    if time == "00:00" or placeholder_time(at):  # a play of unknown time (docs/interop.md)
        time = None
    ref = item.get("locationRefId")
    location = None
    if ref not in (None, 0):
        spot = locations.get(ref)
        if spot is None:
            raise bad(place, f"its locationRefId '{shown(str(ref))}' names no location of the file")
        location = model.text(spot.get("name"), place)
    scores = item.get("playerScores")
    if not isinstance(scores, list) or not scores:
        raise bad(place, "has no playerScores")
    seats: list[tuple[int, int, str, int | None, bool, bool]] = []
    for k, row in enumerate(scores):
        where = f"{place}, player {k + 1}"
        if not isinstance(row, dict):
            raise bad(where, "is not an object")
        person = players.get(row.get("playerRefId"))  # type: ignore[arg-type]
        if person is None:
            raise bad(where, f"its playerRefId '{shown(str(row.get('playerRefId')))}' names no player of the file")
        who = model.name(person.get("name"), where)
        order = row.get("seatOrder", 0)
        if isinstance(order, bool) or not isinstance(order, int) or not 0 <= order <= 100:
            raise bad(where, f"its seatOrder '{shown(str(order))}' is not a seat number")
        seats.append((order, k, who, model.score(row.get("score"), where, who),
                      model.flag(row.get("winner", False), where, "winner"), model.flag(row.get("startPlayer", False), where, "startPlayer")))
    orders = [s[0] for s in seats]
    if all(orders) and len(set(orders)) == len(orders):  # seat numbers given: the seating order
        seats.sort()
    names, notes = model.told_apart([s[2] for s in seats])
    seats = [(s[0], s[1], who, s[3], s[4], s[5]) for s, who in zip(seats, names)]
    totals = {s[2]: s[3] for s in seats if s[3] is not None}
    missing = None
    if len(totals) < len(names):
        missing = "no score for " + ", ".join(s[2] for s in seats if s[3] is None) + " (a play is stored with every player's score)"
    starters = [s[2] for s in seats if s[5]]
    ignored = model.flag(item.get("ignored", False), place, "ignored")
    play_id = item.get("uuid")
    source = f"bgstats:{str(play_id).strip().lower()}" if isinstance(play_id, str) and play_id.strip() else ""
    play = PlayIn(
        place=place,
        game_name=game_name,
        game=ruleset,
        players=names,
        totals=totals,
        winners=model.winners_of([(s[2], s[4]) for s in seats]),
        date=date,
        time=time,
        duration=model.minutes(item.get("durationMin"), place),
        location=location,
        note=model.text(item.get("comments"), place, "comment", limit=1000),
        start=starters[0] if len(starters) == 1 else None,
        finished=not ignored,
        missing=missing,
        notes=notes,
    )
    from dataclasses import replace

    return replace(play, source_id=source or "bgstats:sha256:" + play.digest())


# -- writing ---------------------------------------------------------------------------------------
def document(
    pages: Iterator[tuple[GameRow, Sequence[tuple[Seat, str]]]], new: Container[tuple[int, int]] = (), minutes: Callable[[GameRow], int | None] = lambda row: row.duration
) -> Iterator[str]:
    """The BG Stats file of finished games read from stored results (``pages`` yields each
    game's row and its seats with the players' current names; ``new``: the ``(game_id,
    player_id)`` seats that are a player's first play of the game), written a play at a time:
    ``plays`` comes first, then the players, locations and games its references name (small
    lists, kept until the end), so memory does not grow with the plays. No game is replayed.
    ``minutes`` gives a game's length (a tracked game's as measured). A 7 Wonders game with
    Leaders lists the expansion (``expansionPlays``); games carry their BGG id where we know
    it; ``userInfo`` is there, as in every backup the app writes. The text is what
    ``json.dumps(..., indent=2)`` writes of the same object."""
    from assistant.games import get_ruleset

    players: dict[str, int] = {}
    places: dict[str, int] = {}
    games: dict[str, int] = {}
    bgg_ids: dict[str, int] = {model.LEADERS: model.LEADERS_BGG_ID}

    def ref(table: dict[str, int], key: str) -> int:
        return table.setdefault(key, len(table) + 1)

    def item(value: Any) -> str:
        return "\n".join("    " + line for line in json.dumps(value, indent=2, ensure_ascii=False).split("\n"))

    yield "{\n" + _member("about", ABOUT) + ",\n  \"plays\": ["
    count = 0
    for row, seats in pages:
        title = get_ruleset(row.ruleset).title
        scores = []
        for seat, current in seats:
            scores.append({
                "playerRefId": ref(players, current),
                "score": "" if seat.total is None else str(seat.total),
                "winner": bool(seat.winner),
                "startPlayer": bool(seat.start),
                "seatOrder": seat.position + 1,
                "rank": seat.rank or 0,
                "newPlayer": (row.id, seat.player_id) in new,
            })
        play: dict[str, Any] = {
            "uuid": play_uuid(row).upper(),
            "playDate": f"{row.date} {(row.time or '00:00')}:00",
            "durationMin": minutes(row) or 0,
            "gameRefId": ref(games, title),
            "locationRefId": ref(places, row.location) if row.location else 0,
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "playerScores": scores,
        }
        if model.with_leaders(row):
            play["expansionPlays"] = [{"gameRefId": ref(games, model.LEADERS), "bggId": model.LEADERS_BGG_ID}]
        if row.note:
            play["comments"] = row.note
        bgg_ids.setdefault(title, model.BGG_IDS.get(row.ruleset, 0))
        yield ("," if count else "") + "\n" + item(play)
        count += 1
    yield ("\n  ]" if count else "]") + ",\n"
    rest = {
        "players": [{"id": i, "uuid": str(uuid.uuid5(NAMESPACE, "player:" + n)).upper(), "name": n, "isAnonymous": False} for n, i in players.items()],
        "locations": [{"id": i, "uuid": str(uuid.uuid5(NAMESPACE, "location:" + n)).upper(), "name": n} for n, i in places.items()],
        "games": [
            {"id": i, "uuid": str(uuid.uuid5(NAMESPACE, "game:" + n)).upper(), "name": n, "bggId": bgg_ids.get(n, 0),
             "isExpansion": n == model.LEADERS, "highestWins": True, "cooperative": False, "noPoints": False}
            for n, i in games.items()
        ],
        "userInfo": {"meRefId": 0},
    }
    yield ",\n".join(_member(k, v) for k, v in rest.items()) + "\n}\n"


def _member(key: str, value: Any) -> str:
    """``"key": value`` as a member of a top-level object written with ``indent=2``."""
    text = json.dumps({key: value}, indent=2, ensure_ascii=False)
    return text[2:-2]  # without the braces and their line ends
