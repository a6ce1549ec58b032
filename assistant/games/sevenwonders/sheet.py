"""A play of 7 Wonders logged from the Leaders score pad (``assistant add 7wonders``):
the checks of what a pad can hold (rules ``7w.sheet.*``) and its score.

The pad's rows are the final table's categories (INTERFACES.md §1): military, treasury,
wonder, civilian, commercial, guilds, science, leaders. What can be checked without the
cities:

* ``7w.sheet.military``: the conflict tokens of 6 conflicts (2 neighbours x 3 Ages): a
  Victory (+1, +3, +5 by Age), a Defeat (-1), a draw (0), and a Victory over Tomyris, which
  brings her Defeat token too; so between -6 and 18;
* ``7w.sheet.science``: c² + g² + t² + 7 per set from at most 4 cards of each symbol and 2
  wildcards (Babylon, the Scientists Guild, or Olympia B's copy of it): 3, 6 or 7 are not;
* ``7w.sheet.wonder``: the printed VP of the first stages of one board (Gizah A: 0, 3, 8, 15);
* ``7w.sheet.treasury``: 1 VP per 3 coins: with the coins written, exactly coins // 3;
* ``7w.sheet.negative``: every row but military is 0 or more;
* ``7w.sheet.tiebreak``: players tied for the most points are told apart by coins: the coins
  of each of them are needed (a tie on coins too is a shared win), unless the table says who
  won (``--winner``, a sheet's or an imported play's winners): its word is then taken for the
  coins it did not write, and the winner ranks first, the others tied with it second.

The same checks one box at a time (:func:`box_problems`) serve the score-pad form of
``assistant add``, which refuses an impossible box as it is typed.

>>> from assistant.core.sheets import PlaySheet
>>> pad = {"Ann": {"military": 5, "science": 10}, "Ben": {"military": 9, "science": 2}}
>>> check_sheet(PlaySheet("7wonders", ("Ann", "Ben"), pad)).winners
('Ann',)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import product
from typing import TYPE_CHECKING

from assistant.core.errors import Problem, TableError
from assistant.core.sheets import PlaySheet, common, scored, sheet_totals, tied_first
from assistant.games.sevenwonders.scoring import CATEGORIES, GAME
from assistant.games.sevenwonders.science import science_points

if TYPE_CHECKING:
    from assistant.core.scoresheet import ScoreSheet

#: other words for the pad's rows (its colours, as players call them)
ALIASES: dict[str, tuple[str, ...]] = {
    "military": ("red", "conflicts", "war"),
    "treasury": ("money", "gold"),
    "wonder": ("wonders", "stages"),
    "civilian": ("blue", "civil"),
    "commercial": ("yellow", "commerce", "trade"),
    "guilds": ("purple", "guild"),
    "science": ("green",),
    "leaders": ("white", "leader"),
}
TIEBREAK = "coins"
#: distinct science cards of each symbol, and the most wildcards one city can hold
SYMBOL_CARDS = 4
WILDCARDS = 2
AGE_VICTORY = (1, 3, 5)


@cache
def military_values() -> frozenset[int]:
    """Every military total 6 conflicts can give (see the module text)."""
    per_conflict = [(v, v - 1, 0, -1) for v in AGE_VICTORY for _ in range(2)]
    return frozenset(sum(pick) for pick in product(*per_conflict))


@cache
def science_values() -> frozenset[int]:
    """Every science row a city can score."""
    values = set()
    limit = SYMBOL_CARDS + WILDCARDS
    for c, g, t in product(range(limit + 1), repeat=3):
        extra = sum(max(0, n - SYMBOL_CARDS) for n in (c, g, t))
        if extra <= WILDCARDS:
            values.add(science_points(c, g, t))
    return frozenset(values)


@cache
def wonder_values() -> frozenset[int]:
    """The wonder row of any board and side: the printed VP of its first stages."""
    from assistant.games.sevenwonders.components import wonders

    values = {0}
    for side in wonders():
        total = 0
        for stage in side.stages:
            total += stage.vp
            values.add(total)
    return frozenset(values)


def _near(value: int, allowed: frozenset[int]) -> str:
    below = max((v for v in allowed if v < value), default=None)
    above = min((v for v in allowed if v > value), default=None)
    return " or ".join(str(v) for v in (below, above) if v is not None)


def problems(sheet: PlaySheet) -> list[Problem]:
    """Everything the pad holds that 7 Wonders cannot produce."""
    found = common(sheet, CATEGORIES)
    for name in sheet.players:
        row = sheet.points.get(name)
        if row is not None:
            found.extend(_row_problems(name, row, sheet.tiebreak.get(name)))
    totals = sheet_totals(sheet, CATEGORIES)
    tied = tied_first(sheet, totals)
    missing = [p for p in tied if p not in sheet.tiebreak]
    if missing and not _said(sheet, tied):
        found.append(Problem(
            "7w.sheet.tiebreak",
            f"{' and '.join(tied)} tie at {totals[tied[0]]} points and the most coins wins: "
            f"give the coins of {', '.join(missing)} (--coins NAME=N, or coins=N on the sheet)",
        ))
    return found


def _row_problems(name: str, row: Mapping[str, int], coins: int | None) -> list[Problem]:
    found: list[Problem] = []
    for category in CATEGORIES:
        value = row.get(category, 0)
        if category != "military" and value < 0:
            found.append(Problem("7w.sheet.negative", f"{category} cannot be negative ({value})", name))
    military = row.get("military", 0)
    if military not in military_values():
        found.append(Problem(
            "7w.sheet.military",
            f"military {military} cannot come from 6 conflicts (-1 a Defeat, +1/+3/+5 a Victory in Age I/II/III):"
            f" it is between {min(military_values())} and {max(military_values())}",
            name,
        ))
    science = row.get("science", 0)
    if science >= 0 and science not in science_values():
        found.append(Problem(
            "7w.sheet.science",
            f"science {science} is no sum of squares plus 7 per set of the symbols a city can hold; "
            f"{_near(science, science_values())} is",
            name,
        ))
    wonder = row.get("wonder", 0)
    if wonder >= 0 and wonder not in wonder_values():
        found.append(Problem(
            "7w.sheet.wonder",
            f"wonder {wonder} is not the VP of the first stages of any board ({', '.join(map(str, sorted(wonder_values())))})",
            name,
        ))
    treasury = row.get("treasury", 0)
    if coins is not None and coins >= 0 and treasury != coins // 3:
        found.append(Problem("7w.sheet.treasury", f"treasury {treasury} with {coins} coins: 1 VP per 3 coins makes {coins // 3}", name))
    return found


def box_problems(player: str, row: str, value: int, written: Mapping[str, int]) -> list[Problem]:
    """What is wrong with one box of the pad as it is filled in (``assistant add``'s form,
    category by category): the checks of :func:`_row_problems` that this box alone can fail,
    the treasury against the coins when both are written (``written``: the player's boxes so
    far, the coins under ``TIEBREAK``). Only what is certainly impossible is refused; the
    checks across players (the tie-break) wait for the whole pad."""
    if row == TIEBREAK:
        if value < 0:
            return [Problem("7w.sheet.negative", f"coins cannot be negative ({value})", player)]
        treasury = written.get("treasury")
        if treasury is not None and treasury >= 0 and value // 3 != treasury:
            return [Problem(
                "7w.sheet.treasury",
                f"{value} coins make {value // 3} treasury VP (1 per 3 coins), but the treasury box holds {treasury}:"
                f" with it the coins are {3 * treasury} to {3 * treasury + 2}",
                player,
            )]
        return []
    if row not in CATEGORIES:
        return []
    # the other rows at 0 (possible in every row): whatever is found is this box's
    return _row_problems(player, {row: value}, written.get(TIEBREAK) if row == "treasury" else None)


def check_sheet(sheet: PlaySheet) -> ScoreSheet:
    """The score of a checked pad (or totals): the most points win, then the most coins; a
    tie on coins too is a shared win (``7w.scoring.tiebreak``). Raises :class:`TableError`
    listing every problem."""
    found = problems(sheet)
    if found:
        raise TableError(found)
    tied = tied_first(sheet, sheet_totals(sheet, CATEGORIES))
    if any(p not in sheet.tiebreak for p in tied) and _said(sheet, tied):  # the table's word for the coins
        assert sheet.winners is not None
        tiebreak = {p: (1 if p in sheet.winners else 0,) for p in tied}
        note = (f"{' and '.join(tied)} tie on points; the table says {' and '.join(sheet.winners)} won on coins"
                " (coins not written)")
        return scored(sheet, CATEGORIES, tiebreak=tiebreak, notes=(note,))
    tiebreak = {p: (c,) for p, c in sheet.tiebreak.items()}
    return scored(sheet, CATEGORIES, tiebreak=tiebreak)


def _said(sheet: PlaySheet, tied: list[str]) -> bool:
    """Whether the table said who won a tie for the most points: one or more of the tied
    players (all of them: a tie on coins too)."""
    return bool(sheet.winners and set(sheet.winners) <= set(tied))
