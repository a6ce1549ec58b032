"""A play logged from its score pad or its totals (``assistant add GAME``, rule ``core.sheet``).

A :class:`PlaySheet` is what the table wrote down: the players in seating order, and either
points per category for each (a *sheet*: the game's score pad, ``Ruleset.sheet_categories``)
or one total each (*totals*). A tie-break value (7 Wonders: coins), the winners and a verdict
(PAX: did Rome win?) may be written too. ``Ruleset.check_sheet`` checks it and gives the
:class:`ScoreSheet` that is stored: the checks every game shares are here (:func:`common`),
each game adds its own in ``assistant/games/<game>/sheet.py``.

The text forms (:func:`read_sheet`; docs/logging.md):

* lines, one player each in seating order: ``Ann: military=5 treasury=3 ... coins=7`` (a
  sheet), or ``Ann: 54`` (totals); ``#`` starts a comment;
* TOML: ``[[players]]`` tables with ``name`` and the categories (flat, or under ``scores``),
  optional ``total``, ``coins``; top-level ``game``, ``rome_wins``, ``winners``;
* the same structure as JSON (so ``score --json`` output reads back).

>>> s = PlaySheet("roma", ("Ann", "Ben"), totals={"Ann": 14, "Ben": 9})
>>> s.kind, totals_sheet(s).winners
('totals', ('Ann',))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from assistant.core.errors import InvalidEntry, Problem, TableError
from assistant.core.inputs import LIMITS, MAX_DEPTH, clean, depth, shown, signed
from assistant.core.names import NameIndex, normalize
from assistant.core.scoresheet import ScoreSheet

RULE = "core.sheet"
#: the keys of a player's line or table that are not categories
PLAYER_KEYS = ("name", "total", "coins", "scores", "rank", "winner", "seat")
YES = ("yes", "true", "y", "1", "on")
NO = ("no", "false", "n", "0", "off")


@dataclass(frozen=True)
class PlaySheet:
    """What the table wrote down about one play (see the module text).

    ``points``: per player, per category (canonical keys), only for a sheet; ``totals``: the
    totals written (for totals, the whole score; for a sheet, any total written beside the
    categories, checked to be their sum); ``tiebreak``: the tie-break value written per player
    (7 Wonders: coins); ``winners``: as the table says (``None``: not said; checked where the
    scores decide); ``rome_wins``: PAX's verdict when said."""

    game: str
    players: tuple[str, ...]
    points: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    totals: Mapping[str, int] = field(default_factory=dict)
    tiebreak: Mapping[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] | None = None
    rome_wins: bool | None = None

    @property
    def kind(self) -> str:
        """``sheet`` (points per category) or ``totals``."""
        return "sheet" if self.points else "totals"

    def to_json(self) -> dict[str, Any]:
        """The sheet as stored with the play (``games.table_json``) and read back by
        :meth:`from_json`."""
        players = []
        for name in self.players:
            item: dict[str, Any] = {"name": name}
            if self.points:
                item["scores"] = dict(self.points.get(name, {}))
            if name in self.totals:
                item["total"] = self.totals[name]
            if name in self.tiebreak:
                item["coins"] = self.tiebreak[name]
            players.append(item)
        data: dict[str, Any] = {"game": self.game, "kind": self.kind, "players": players}
        if self.winners is not None:
            data["winners"] = list(self.winners)
        if self.rome_wins is not None:
            data["rome_wins"] = self.rome_wins
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlaySheet:
        """The sheet :meth:`to_json` wrote."""
        players = tuple(p["name"] for p in data.get("players", []))
        points = {p["name"]: dict(p["scores"]) for p in data.get("players", []) if "scores" in p}
        totals = {p["name"]: int(p["total"]) for p in data.get("players", []) if "total" in p}
        tiebreak = {p["name"]: int(p["coins"]) for p in data.get("players", []) if "coins" in p}
        winners = tuple(data["winners"]) if data.get("winners") is not None else None
        return cls(str(data.get("game", "")), players, points, totals, tiebreak, winners, data.get("rome_wins"))


def problem(rule: str, message: str, player: str | None = None) -> Problem:
    """One thing wrong with a sheet."""
    return Problem(rule, message, player)


# -- reading --------------------------------------------------------------------------------------
def read_sheet(text: str, where: str = "the sheet") -> dict[str, Any]:
    """The raw sheet of a text in one of the three forms: ``{"players": [{"name": .., key:
    value, ..}], top-level keys}``, keys as written (matched to categories later)."""
    if len(text) > LIMITS["table"]:
        raise InvalidEntry(RULE, f"{where} is {len(text)} characters long; a sheet takes at most {LIMITS['table']}")
    body = text.lstrip("\ufeff \t\r\n")
    from assistant.core import tablefile

    if body[:1] in ("{", "["):
        parse = tablefile._parse_json
    elif any(_TOML_LINE.match(line) for line in text.splitlines()):
        parse = tablefile._parse_toml
    else:
        return _read_lines(text, where)
    try:
        data = parse(body, where)
    except RecursionError:
        data = None
    except InvalidEntry as exc:
        raise InvalidEntry(RULE, exc.message, hint=exc.hint) from None
    if not isinstance(data, dict) or depth(data) > MAX_DEPTH:
        raise InvalidEntry(RULE, f"{where} must hold a table with a list of players", hint="see docs/logging.md")
    try:
        return tablefile._cleaned(data, "")  # type: ignore[no-any-return]
    except InvalidEntry as exc:
        raise InvalidEntry(RULE, f"{where}: {exc.message}") from None


_TOML_LINE = re.compile(r"\s*(\[\[?\s*players|[A-Za-z_][A-Za-z0-9_]*\s*=)")
_PAIR = re.compile(r"([^\s=]+)\s*=\s*(\S+)")


def _read_lines(text: str, where: str) -> dict[str, Any]:
    """``Name: key=value ...`` or ``Name: total`` per line."""
    players: list[dict[str, Any]] = []
    for n, raw in enumerate(text.split("\n"), 1):
        line = clean(raw.split("#", 1)[0].rstrip("\r"), f"line {n} of {where}").strip()
        if not line:
            continue
        name, colon, rest = line.partition(":")
        if not colon or not name.strip():
            raise InvalidEntry(
                RULE, f"line {n} of {where} is not 'NAME: category=points ...' nor 'NAME: total': {shown(line)}",
                hint="one player a line, in seating order (docs/logging.md)",
            )
        item: dict[str, Any] = {"name": clean(name.strip(), "name")}
        rest = rest.strip()
        if "=" not in rest:
            item["total"] = _integer(rest, f"line {n} of {where}", "the total")
        else:
            consumed = _PAIR.sub("", rest).strip()
            if consumed:
                raise InvalidEntry(RULE, f"line {n} of {where}: '{shown(consumed)}' is not category=points", hint="e.g. military=5 science=18")
            for key, value in _PAIR.findall(rest):
                if key in item:
                    raise InvalidEntry(RULE, f"line {n} of {where}: '{shown(key)}' is given twice")
                item[key] = _integer(value, f"line {n} of {where}", key) if key.casefold() != "winner" else value
        players.append(item)
    return {"players": players}


def _integer(text: str, where: str, what: str) -> int:
    value = signed(text.strip())
    if value is None:
        raise InvalidEntry(RULE, f"{where}: {shown(what)} must be a whole number, not '{shown(text.strip())}'")
    return value


def _flag(value: Any, what: str) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    word = str(value).strip().casefold()
    if word in YES:
        return True
    if word in NO:
        return False
    raise InvalidEntry(RULE, f"{what} is yes or no, not '{shown(str(value))}'")


def sheet_from_data(
    game: str,
    data: Mapping[str, Any],
    categories: Sequence[str],
    *,
    aliases: Mapping[str, Iterable[str]] | None = None,
    tiebreak: str = "",
) -> PlaySheet:
    """A :class:`PlaySheet` from a raw sheet (:func:`read_sheet`, or the interactive form):
    player names cleaned, category keys matched to ``categories`` (case, accents, aliases,
    unique prefixes), numbers whole. Every problem is collected and raised at once
    (:class:`TableError`)."""
    found = _Read(tiebreak=tiebreak)
    named = data.get("game")
    if named is not None and not isinstance(named, str):
        found.problems.append(problem(RULE, "'game' must be the game's name"))
    rows = data.get("players")
    if not isinstance(rows, list) or not rows:
        raise TableError([problem(RULE, "the sheet names no players", None)])
    index = NameIndex([(c, tuple((aliases or {}).get(c, ()))) for c in categories], what="category", rule=RULE) if categories else None
    for n, row in enumerate(rows, 1):
        found.player_row(n, row, index)
    found.check_complete()
    top_winners = data.get("winners")
    if top_winners is not None:
        if not isinstance(top_winners, list) or not all(isinstance(w, str) for w in top_winners):
            found.problems.append(problem(RULE, "'winners' must be a list of names"))
        else:
            found.said_winner = True
            found.winners.extend(top_winners)
    try:
        rome_wins = _flag(data.get("rome_wins"), "rome_wins")
    except InvalidEntry as exc:
        found.problems.append(problem(RULE, exc.message))
        rome_wins = None
    if found.problems:
        raise TableError(found.problems)
    players, points = found.players, found.points
    for name in players:  # a category left out is 0, as an empty box on the pad
        if name in points:
            points[name] = {c: points[name].get(c, 0) for c in categories}
    sheet = PlaySheet(game, tuple(players), points, found.totals, found.coins, None, rome_wins)
    if found.said_winner:
        sheet = replace(sheet, winners=tuple(_seat_names(players, found.winners)))
    return sheet


@dataclass
class _Read:
    """What :func:`sheet_from_data` has read so far, row by row, and every problem found."""

    tiebreak: str = ""
    problems: list[Problem] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    points: dict[str, dict[str, int]] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    coins: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    said_winner: bool = False

    def player_row(self, n: int, row: object, index: NameIndex | None) -> None:
        """Player ``n``'s row: the name, the total and coins, the winner flag, the points."""
        if not isinstance(row, Mapping) or not isinstance(row.get("name"), str) or not row["name"].strip():
            self.problems.append(problem(RULE, f"player {n} of the sheet has no name"))
            return
        name = clean(row["name"].strip(), "name")
        self.players.append(name)
        values: dict[str, Any] = {k: v for k, v in row.items() if normalize(str(k)) not in PLAYER_KEYS}
        scores = row.get("scores")
        if isinstance(scores, Mapping):
            values.update(scores)
        elif scores is not None:
            self.problems.append(problem(RULE, "'scores' must be a table of category = points", name))
        for key, kept in (("total", self.totals), ("coins", self.coins)):
            if key in row:
                value = row[key]
                if isinstance(value, bool) or not isinstance(value, int):
                    self.problems.append(problem(RULE, f"'{key}' must be a whole number, not '{shown(str(value))}'", name))
                else:
                    kept[name] = value
        if "winner" in row:
            self.said_winner = True
            try:
                if _flag(row["winner"], "winner"):
                    self.winners.append(name)
            except InvalidEntry as exc:
                self.problems.append(problem(RULE, exc.message, name))
        for key, value in values.items():
            if not (self.tiebreak and normalize(str(key)) == self.tiebreak):
                self.box(name, str(key), value, index)

    def box(self, name: str, key: str, value: object, index: NameIndex | None) -> None:
        """One category box of ``name``'s row."""
        if index is None:
            self.problems.append(problem(RULE, f"this game is logged by totals only, not by '{shown(key)}'", name))
            return
        try:
            category = index.resolve(key)
        except InvalidEntry as exc:
            self.problems.append(problem(RULE, exc.message + (f" ({exc.hint})" if exc.hint else ""), name))
            return
        if isinstance(value, bool) or not isinstance(value, int):
            self.problems.append(problem(RULE, f"'{category}' must be a whole number, not '{shown(str(value))}'", name))
        elif category in self.points.get(name, {}):
            self.problems.append(problem(RULE, f"'{category}' is given twice", name))
        else:
            self.points.setdefault(name, {})[category] = value

    def check_complete(self) -> None:
        """Every player scored the same way: all by category, or all by total."""
        if self.points:
            for name in self.players:
                if name not in self.points:
                    self.problems.append(problem(RULE, "has no points by category while others do; write each player's score pad", name))
        elif not self.totals and not self.problems:
            self.problems.append(problem(RULE, "the sheet gives neither categories nor totals", None))
        elif len(self.totals) < len(self.players):
            for name in self.players:
                if name not in self.totals:
                    self.problems.append(problem(RULE, "has no total", name))


def _seat_names(players: Sequence[str], names: Iterable[str]) -> list[str]:
    """``names`` as the seats spell them; unknown names refused."""
    index = NameIndex([(p, ()) for p in players], what="player", rule=RULE)
    out: list[str] = []
    for name in names:
        seat = index.resolve(name)
        if seat not in out:
            out.append(seat)
    return out


# -- checking and scoring ------------------------------------------------------------------------------
def common(sheet: PlaySheet, categories: Sequence[str]) -> list[Problem]:
    """The checks every game shares (``core.sheet``): a total written beside the categories is
    their sum; coins and every total are whole numbers a pad can hold."""
    problems: list[Problem] = []
    for name in sheet.players:
        if sheet.points and name in sheet.totals:
            added = sum(sheet.points[name].get(c, 0) for c in categories)
            if added != sheet.totals[name]:
                problems.append(problem(RULE, f"the total {sheet.totals[name]} is not the sum of the categories ({added})", name))
        if sheet.tiebreak.get(name, 0) < 0:
            problems.append(problem(RULE, f"coins cannot be negative ({sheet.tiebreak[name]})", name))
    return problems


def scored(
    sheet: PlaySheet,
    categories: Sequence[str],
    *,
    tiebreak: Mapping[str, tuple[int, ...]] | None = None,
    winners_override: Sequence[str] | None = None,
    notes: Sequence[str] = (),
    extra: Mapping[str, object] | None = None,
) -> ScoreSheet:
    """The :class:`ScoreSheet` of a checked sheet: by category (a sheet) or by total (totals:
    no category stored). The winners the table wrote, if any, must be the ones the scores
    give (``core.sheet``)."""
    if sheet.points:
        result = ScoreSheet.build(sheet.game, sheet.players, categories, sheet.points, tiebreak=tiebreak,
                                  winners_override=winners_override, notes=notes, extra=extra)
    else:
        result = totals_sheet(sheet, tiebreak=tiebreak, winners_override=winners_override, notes=notes, extra=extra)
    if sheet.winners is not None and set(sheet.winners) != set(result.winners):
        said = ", ".join(sheet.winners) or "nobody"
        found = ", ".join(result.winners) or "nobody"
        raise TableError([problem(RULE, f"the sheet says {said} won, but the scores make {found} the winner")])
    return result


def totals_sheet(
    sheet: PlaySheet,
    *,
    tiebreak: Mapping[str, tuple[int, ...]] | None = None,
    winners_override: Sequence[str] | None = None,
    notes: Sequence[str] = (),
    extra: Mapping[str, object] | None = None,
) -> ScoreSheet:
    """A score sheet from totals alone: ranked by total (then ``tiebreak``), with no
    category (statistics by category leave such a play out)."""
    built = ScoreSheet.build(
        sheet.game, sheet.players, ("total",), {p: {"total": sheet.totals[p]} for p in sheet.players},
        tiebreak=tiebreak, winners_override=winners_override, notes=notes, extra=extra,
    )
    return replace(built, categories=(), points={p: {} for p in sheet.players})


def plain(sheet: PlaySheet, categories: Sequence[str]) -> ScoreSheet:
    """The check and score of a game without a ``sheet`` module: the common checks, then the
    highest total wins, ties share."""
    problems = common(sheet, categories)
    if problems:
        raise TableError(problems)
    return scored(sheet, categories)


def tied_first(sheet: PlaySheet, totals: Mapping[str, int]) -> list[str]:
    """The players sharing the highest total, when more than one does."""
    best = max(totals.values(), default=0)
    top = [p for p in sheet.players if totals[p] == best]
    return top if len(top) > 1 else []


def sheet_totals(sheet: PlaySheet, categories: Sequence[str]) -> dict[str, int]:
    """Each player's total: the sum of the categories (a sheet) or the total written."""
    if sheet.points:
        return {p: sum(sheet.points[p].get(c, 0) for c in categories) for p in sheet.players}
    return {p: sheet.totals[p] for p in sheet.players}
