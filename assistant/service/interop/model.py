"""What every imported format is read into, and how it is checked and stored (issue 14).

A reader (:mod:`.bgstats`, :mod:`.bgg`, :mod:`.csvplays`, :mod:`.ownjson`) turns a file into
:class:`PlayIn` items, one per play, each with its place in the file. A file that is not what
it claims (malformed, the wrong shape, a reference to nothing) is refused whole with an
:class:`InvalidEntry` naming the place, before anything is stored. The rest is read play by
play (:func:`each_play`, issue 22): a play of another game is counted by its name only; a play
of ours that cannot be read (a decimal score, no players) is refused on its own. Each play is
then checked as ``add`` checks one (the game's score pad: totals, winners, tie-breaks); a play
whose winners do not agree with its scores is refused on its own, with its place, and the
others are stored (``strict``: any refusal refuses the whole file).
Every play is stored in one transaction, as ``add`` stores it (kind ``totals`` or ``sheet``),
with its source id so that importing the same file again stores nothing twice.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from assistant.core.errors import AssistantError, InvalidEntry, TableError
from assistant.core.inputs import clean, shown, signed
from assistant.core.names import normalize
from assistant.service.views import ImportRefusal, ImportReport

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.core.scoresheet import ScoreSheet
    from assistant.core.sheets import PlaySheet
    from assistant.service.interop.dedup import Incoming
    from assistant.store.db import Store
    from assistant.store.models import GameRow

RULE = "core.import"
#: the longest play a file may say, in minutes (a week); more is not a play's length
MAX_DURATION = 7 * 24 * 60
#: the largest file ``import`` reads
MAX_BYTES = 64 * 1024 * 1024
#: the most plays one file may hold
MAX_PLAYS = 1_000_000

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PlayIn:
    """One play read from a file, not yet checked against its game."""

    place: str
    game_name: str
    game: str | None  # the ruleset, or None for a game the program does not know
    players: tuple[str, ...]
    totals: Mapping[str, int] = field(default_factory=dict)
    points: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    winners: tuple[str, ...] | None = None
    date: str = ""
    time: str | None = None
    duration: int | None = None
    location: str | None = None
    note: str | None = None
    start: str | None = None
    source_id: str = ""
    finished: bool = True
    #: what is missing that keeps the play from being stored (reported, not an error of the file)
    missing: str | None = None
    #: what the import changed to store the play, said in its report (a name used twice)
    notes: tuple[str, ...] = ()
    #: the game's options the file tells (7 Wonders played with the Leaders expansion)
    options: Mapping[str, str] = field(default_factory=dict)

    def digest(self) -> str:
        """A stable id of the play's content, for formats that give none."""
        body = json.dumps(
            [self.game, self.players, dict(self.totals), {k: dict(v) for k, v in self.points.items()}, self.date, self.time, self.location],
            sort_keys=True,
            ensure_ascii=False,
        )
        return hashlib.sha256(body.encode()).hexdigest()[:32]

    def incoming(self) -> Incoming:
        """The play as :mod:`.dedup` matches it with the stored games: its source id, and its
        content (a score missing from the file is the sum of the player's points, if any)."""
        from assistant.service.interop.dedup import Incoming, print_of

        if self.game is None or not self.players:  # another game's play, or one refused as read
            return Incoming(self.source_id, None)
        totals = {p: self.totals[p] if p in self.totals else (sum(self.points[p].values()) if p in self.points else None) for p in self.players}
        return Incoming(self.source_id, print_of(self.game, self.date, self.time, self.location, self.players, totals, self.winners))


# -- reading helpers shared by the formats ---------------------------------------------------------
def bad(place: str, message: str, hint: str | None = None) -> InvalidEntry:
    """The file is refused: what is wrong and where."""
    return InvalidEntry(RULE, f"{place}: {message}", hint=hint)


def game_named(value: Any) -> str:
    """A game's name as a file writes it, taken as it is (spaces tidied, at most 200
    characters kept): a play of a game that is not ours is counted by this name only, never
    refused for it."""
    if not isinstance(value, str) or not value.split():
        return "(a game without a name)"
    return " ".join("".join(ch if ch.isprintable() else " " for ch in value).split())[:200]


def each_play(place: str, game_name: str, read_rest: Callable[[str], PlayIn], expansions: Sequence[tuple[str, int | None]] = ()) -> PlayIn:
    """One play of a file, read play by play: a play of a game that is not ours is counted
    by its name and never examined further; a play of ours that cannot be read (a score that
    is not a whole number, no players, a name no table writes) is refused on its own, with its
    place and reason, and the rest of the file is still read. ``read_rest(ruleset)`` reads the
    play of one of our games; ``expansions`` (name, BGG id) are those the file lists with it
    (:func:`expansion_options`)."""
    game = game_of(game_name)
    options, other = expansion_options(game, expansions) if game is not None else ({}, None)
    if game is None or other is not None:
        shown_as = f"{game_name} ({other})" if other else game_name
        return PlayIn(place=place, game_name=shown_as, game=None, players=(), source_id=f"other:{place}")
    if normalize(game_name) in (normalize(LEADERS), "7 wonders leaders"):
        options["leaders"] = "true"  # BGG logs the expansion as an item of its own
    try:
        return replace(read_rest(game), options=options) if options else read_rest(game)
    except InvalidEntry as exc:
        why = exc.message[len(place):].lstrip(":, ") if exc.message.startswith(place) else exc.message
        return PlayIn(place=place, game_name=game_name, game=game, players=(), missing=why, source_id=f"refused:{place}")


def told_apart(names: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names of one play's seats, a name used twice told apart by a number (BG Stats'
    anonymous player sitting twice: "Anonymous player", "Anonymous player (2)"), and a note
    for each name changed.

    >>> told_apart(["Anonymous player", "Ann", "anonymous player"])
    (('Anonymous player', 'Ann', 'anonymous player (2)'), ("two seats are named 'anonymous player': the second is stored as 'anonymous player (2)'",))
    """
    taken = {normalize(n) for n in names}
    seen: dict[str, int] = {}
    out: list[str] = []
    notes: list[str] = []
    for person in names:
        key = normalize(person)
        if key not in seen:
            seen[key] = 1
            out.append(person)
            continue
        number = seen[key] + 1
        while normalize(f"{person} ({number})") in taken:
            number += 1
        seen[key] = number
        renamed = f"{person} ({number})"
        taken.add(normalize(renamed))
        out.append(renamed)
        nth = {2: "second", 3: "third"}.get(number, f"number {number}")
        notes.append(f"{'two' if number == 2 else 'more'} seats are named '{person}': the {nth} is stored as '{renamed}'")
    return tuple(out), tuple(notes)


#: BoardGameGeek's ids of our games and of the expansion we play, as BGG's XML API gives them
#: (``<item objecttype="thing" objectid="68448">``); the others' are not in our data, so the
#: exports write none for them rather than a guess
BGG_IDS = {"7wonders": 68448}
LEADERS = "7 Wonders: Leaders"
LEADERS_BGG_ID = 92539
#: expansions of 7 Wonders that are not ours: a play with one is another game's
OTHER_7W_EXPANSIONS = ("cities", "armada", "babel", "edifice", "wonder pack", "catan", "manneken pis")


def with_leaders(row: GameRow) -> bool:
    """Whether a stored 7 Wonders game was played with the Leaders expansion: its options say
    so (a tracked game's default; a play logged with ``add`` says nothing and is taken as
    the base game)."""
    if row.ruleset != "7wonders":
        return False
    said = json.loads(row.options or "{}").get("leaders")
    return said == "true" or (said is None and row.kind == "tracked")


def expansion_options(game: str, expansions: Sequence[tuple[str, int | None]]) -> tuple[dict[str, str], str | None]:
    """What the expansions a file lists with a play of ``game`` (name, BGG id) make of it:
    the options to store (7 Wonders with Leaders: ``leaders=true``), or, for an expansion we do
    not score (7 Wonders: Cities, Armada, Edifice…), the reason it is another game's play."""
    options: dict[str, str] = {}
    for title, bgg_id in expansions:
        key = normalize(title)
        if game == "7wonders" and (bgg_id == LEADERS_BGG_ID or key in (normalize(LEADERS), "leaders", "7 wonders leaders")):
            options["leaders"] = "true"
        elif game == "7wonders" and any(word in key for word in OTHER_7W_EXPANSIONS):
            return {}, f"with the expansion {title}, which this program does not score"
    return options, None


_GAME_NAMES: dict[str, str] | None = None


def game_of(name: str) -> str | None:
    """The ruleset a game's name in another program means (7 Wonders with or without Leaders,
    Roma, PAX, Sylla), matched by the whole name: no prefix, so that another game is never
    taken for one of ours."""
    global _GAME_NAMES
    if _GAME_NAMES is None:
        from assistant.games import GAMES, get_ruleset

        names: dict[str, str] = {}
        for game in GAMES:
            ruleset = get_ruleset(game)
            names[normalize(ruleset.title)] = ruleset.name
            names[normalize(ruleset.name)] = ruleset.name
        for alias in ("7 Wonders: Leaders", "7 Wonders Leaders", "Seven Wonders", "7 Wonders + Leaders", "7w"):
            names[normalize(alias)] = "7wonders"
        _GAME_NAMES = names
    return _GAME_NAMES.get(normalize(name))


_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_CLOCK = re.compile(r"(\d{2}):(\d{2})(?::(\d{2}))?")


def day(text: Any, place: str) -> str:
    """A YYYY-MM-DD day (a real one)."""
    from datetime import date as Date

    if not isinstance(text, str) or not _DAY.fullmatch(text.strip()):
        raise bad(place, f"the date '{shown(str(text))}' is not YYYY-MM-DD")
    try:
        return Date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise bad(place, f"there is no day {shown(text.strip())}") from None


def clock(text: str, place: str) -> str:
    """An HH:MM[:SS] time of day as HH:MM."""
    match = _CLOCK.fullmatch(text.strip())
    if not match or int(match.group(1)) > 23 or int(match.group(2)) > 59 or int(match.group(3) or 0) > 59:
        raise bad(place, f"the time of day '{shown(text)}' is not HH:MM")
    return f"{match.group(1)}:{match.group(2)}"


def minutes(value: Any, place: str) -> int | None:
    """A play's length in whole minutes; 0 or nothing is unknown."""
    if value is None or value == "":
        return None
    number = value if isinstance(value, int) and not isinstance(value, bool) else signed(str(value).strip())
    if number is None or number < 0 or number > MAX_DURATION:
        raise bad(place, f"the length '{shown(str(value))}' is not a number of minutes from 0 to {MAX_DURATION}")
    return number or None


def score(value: Any, place: str, who: str) -> int | None:
    """A player's score: a whole number of at most 6 digits, or ``None`` when not written."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise bad(place, f"{who}'s score '{value}' is not a number")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    number = value if isinstance(value, int) else signed(str(value).strip())
    if number is None and isinstance(value, str):
        number = calculator(value)
    if number is None or abs(number) > 999_999:
        decimal = isinstance(value, float) or bool(_DECIMAL.fullmatch(str(value).strip()))
        why = "a decimal; our games score whole points" if decimal else "not a whole number of at most 6 digits"
        raise bad(place, f"{who}'s score '{shown(str(value))}' is {why}")
    return number


#: BG Stats' calculator text: whole numbers added and taken away (``87+77``, ``-10+7+22``),
#: a trailing operator left by the keypad (``86+84+``)
_CALCULATOR = re.compile(r"\s*[+-]?\s*\d{1,6}(?:\s*[+-]\s*\d{1,6})*\s*[+-]?\s*")
_DECIMAL = re.compile(r"[+-]?\d*[.,]\d+")


def calculator(text: str) -> int | None:
    """The value of a score kept as calculator text (sums and differences of whole numbers, a
    trailing operator ignored); ``None`` when it is not such text.

    >>> calculator("87+77"), calculator("-10+7+22"), calculator("86+84+"), calculator("4.5")
    (164, 19, 170, None)
    """
    if not _CALCULATOR.fullmatch(text):
        return None
    body = text.replace(" ", "").rstrip("+-")
    return sum(int(term) for term in re.findall(r"[+-]?\d+", body))


def name(value: Any, place: str, what: str = "a player's name") -> str:
    """A name, cleaned as every name the program takes."""
    if not isinstance(value, str) or not value.strip():
        raise bad(place, f"{what} is missing")
    try:
        return clean(value.strip(), "name")
    except InvalidEntry as exc:
        raise bad(place, exc.message) from None


def text(value: Any, place: str, kind: str = "header", limit: int | None = None) -> str | None:
    """A location or a note, cleaned; ``None`` when empty."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise bad(place, f"'{shown(str(value))}' is not text")
    try:
        out = clean(value.replace("\r\n", "\n").replace("\n", " ").strip(), kind, limit=limit or None)
    except InvalidEntry as exc:
        raise bad(place, exc.message) from None
    return out.strip() or None


def flag(value: Any, place: str, what: str) -> bool:
    """A yes/no written as JSON true/false, 1/0 or yes/no."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().casefold() if value is not None else ""
    if word in ("1", "yes", "true", "y"):
        return True
    if word in ("0", "no", "false", "n", ""):
        return False
    raise bad(place, f"{what} is yes or no, not '{shown(str(value))}'")


# -- checking and storing --------------------------------------------------------------------------
def check_play(play: PlayIn) -> tuple[PlaySheet, ScoreSheet]:
    """The play as ``add`` would store it: its :class:`PlaySheet` and checked score. Raises
    :class:`AssistantError` (a :class:`TableError` listing every problem) when refused."""
    from assistant.core.sheets import sheet_from_data
    from assistant.service.plays import pad, score_sheet

    rows = pad(play.game or "")
    players: list[dict[str, Any]] = []
    for seat in play.players:
        row: dict[str, Any] = {"name": seat}
        if play.points:
            row["scores"] = dict(play.points.get(seat, {}))
        elif seat in play.totals:
            row["total"] = play.totals[seat]
        players.append(row)
    data: dict[str, Any] = {"players": players}
    rome_wins = None
    if play.winners is None and play.game == "pax":
        # PAX is the one game of ours a play may end with no winner (Rome wins; a solo game
        # lost): a file that marks nobody says so, as our exports write it (issue 22)
        play = replace(play, winners=())
    if play.winners is not None:
        data["winners"] = list(play.winners)
        if play.game == "pax" and not play.points:  # PAX: the best scores all win unless Rome wins
            best = max(play.totals.values(), default=0)
            top = {p for p in play.players if play.totals.get(p) == best}
            rome_wins = set(play.winners) != top  # some of those tied for the best: Rome won, with the holder of PC
            data["rome_wins"] = rome_wins
    game = play.game or ""
    sheet = sheet_from_data(game, data, rows.categories, aliases=rows.aliases, tiebreak=rows.tiebreak)
    try:
        return sheet, score_sheet(sheet)
    except TableError as exc:
        said = _pax_verdict(play) if play.game == "pax" and play.points else None
        if said is None or not any(p.rule == "pax.sheet.rome" for p in exc.problems):
            raise
        data["rome_wins"] = said  # the CSV of a PAX pad carries no verdict: the winners say it
        sheet = sheet_from_data(game, data, rows.categories, aliases=rows.aliases, tiebreak=rows.tiebreak)
        return sheet, score_sheet(sheet)


def _pax_verdict(play: PlayIn) -> bool | None:
    """Whether Rome won, from a PAX pad's winners where its rows cannot tell (pax.sheet.rome):
    Rome lost when the best scores won and the holder of Primus Conspiratus is not the only
    winner; Rome won when anyone else won, or nobody; ``None`` when either verdict gives the
    same winners (the file cannot say)."""
    if play.winners is None:
        return None
    totals = {p: play.totals.get(p, sum(play.points.get(p, {}).values())) for p in play.players}
    best = max(totals.values(), default=0)
    top = {p for p, t in totals.items() if t == best}
    holders = {p for p in play.players if play.points.get(p, {}).get("primus_conspiratus")}
    won = set(play.winners)
    if won != top:
        return True
    return None if won == holders else False


def reason(exc: AssistantError) -> str:
    """A refusal as one line."""
    if isinstance(exc, TableError) and exc.problems:
        return "; ".join((f"{p.player}: " if p.player else "") + p.message for p in exc.problems)
    return exc.message + (f" ({exc.hint})" if exc.hint else "")


class Extra(Protocol):
    """More that an import stores in its transaction (the records and final tables of the
    program's own JSON export): what it holds, as :mod:`.dedup` matches it, and how it is
    stored."""

    def incoming(self) -> list[Incoming]: ...

    def store(self, session: Session, matched: Sequence[int | None], *, allow_duplicate: bool) -> tuple[list[int], list[int]]: ...


def store_plays(
    store: Store,
    fmt: str,
    plays: Iterable[PlayIn],
    *,
    total: int,
    allow_duplicate: bool = False,
    progress: Progress | None = None,
    extra: Extra | None = None,
    strict: bool = False,
) -> ImportReport:
    """Check every play, then, in one transaction, skip those the history already holds
    (:mod:`.dedup`: by id, else by content; unless ``allow_duplicate``) and store the others
    that pass. Plays of other games and unfinished ones are skipped and counted; refused ones
    are reported with their place (a refused play the history already holds counts as held).
    ``extra`` stores more in the same transaction (the records and tables of the program's
    own JSON)."""
    from assistant.service.interop.dedup import Matcher
    from assistant.store import queries

    ours, other, unfinished = _checked(plays)
    ids: list[int] = []
    held: list[int] = []
    refused: list[ImportRefusal] = []
    notes: list[ImportRefusal] = []
    with store.write(verify=True) as session:
        incoming = [play.incoming() for play, _ in ours] + (extra.incoming() if extra is not None else [])
        matched: list[int | None] = [None] * len(incoming) if allow_duplicate else Matcher(session, incoming).match_all(incoming)
        if extra is not None:
            more, again = extra.store(session, matched[len(ours):], allow_duplicate=allow_duplicate)
            ids.extend(more)
            held.extend(again)
        seen: dict[str, int] = {}  # source id -> the game stored for it by this import
        for n, ((play, outcome), gid) in enumerate(zip(ours, matched), 1):
            source_id = play.source_id
            if gid is None and source_id in seen and not allow_duplicate:
                gid = seen[source_id]  # the file holds the play twice
            if gid is not None:
                held.append(gid)
                continue
            if isinstance(outcome, ImportRefusal):
                refused.append(outcome)
                if strict:  # the transaction writes nothing
                    raise InvalidEntry(
                        RULE,
                        f"{outcome.place} is refused, so nothing is stored (--strict): {outcome.message}",
                        hint="without --strict every other play is stored and each refused one is listed",
                    )
                continue
            if allow_duplicate and (source_id in seen or queries.game_by_source(session, source_id) is not None):
                import uuid

                source_id = str(uuid.uuid4())
            seen[source_id] = _insert(session, fmt, play, outcome, source_id)
            ids.append(seen[source_id])
            notes.extend(ImportRefusal(play.place, note) for note in play.notes)
            if progress is not None and (n % 50 == 0 or n == len(ours)):
                progress(n, len(ours))
    return ImportReport(fmt, tuple(ids), len(held), dict(sorted(other.items())), unfinished, tuple(refused), tuple(held), tuple(notes))


def _checked(plays: Iterable[PlayIn]) -> tuple[list[tuple[PlayIn, tuple[PlaySheet, ScoreSheet] | ImportRefusal]], dict[str, int], int]:
    """The plays of our games, each with its checked (sheet, score) or its refusal; the count
    of plays of each other game (never examined beyond the name); the unfinished ones."""
    ours: list[tuple[PlayIn, tuple[PlaySheet, ScoreSheet] | ImportRefusal]] = []
    other: dict[str, int] = {}
    unfinished = 0
    for play in plays:
        if play.game is None:
            other[play.game_name] = other.get(play.game_name, 0) + 1
        elif not play.finished:
            unfinished += 1
        elif play.missing:
            ours.append((play, ImportRefusal(play.place, play.missing)))
        else:
            try:
                ours.append((play, check_play(play)))
            except AssistantError as exc:
                ours.append((play, ImportRefusal(play.place, reason(exc))))
    return ours, other, unfinished


def _insert(session: Session, fmt: str, play: PlayIn, checked: tuple[PlaySheet, ScoreSheet], source_id: str) -> int:
    """Store one checked play as a finished game (its sheet, fields, start player and
    results) in ``session``'s transaction; the new game's id."""
    from assistant.games import get_ruleset
    from assistant.store import queries

    sheet, scored = checked
    ruleset = get_ruleset(sheet.game)
    row = queries.insert_game(
        session,
        ruleset=ruleset.name,
        ruleset_version=ruleset.version,
        players=list(sheet.players),
        options=dict(play.options),
        date=play.date,
        location=play.location,
        kind=sheet.kind,
        table=sheet.to_json(),
        source=fmt,
        source_id=source_id,
    )
    fields = {k: v for k, v in (("time", play.time), ("duration", play.duration), ("note", play.note)) if v is not None}
    if fields:
        queries.set_fields(session, row, fields)
    assert row.id is not None
    if play.start is not None and play.start in sheet.players:
        queries.set_start(session, row.id, list(sheet.players).index(play.start))
    queries.write_results(session, row, queries.seats(session, row.id), scored, status="finished")
    return row.id


def winners_of(rows: Sequence[tuple[str, bool]]) -> tuple[str, ...] | None:
    """The winners a file marks; ``None`` when it marks nobody (not said)."""
    marked = tuple(n for n, won in rows if won)
    return marked or None
