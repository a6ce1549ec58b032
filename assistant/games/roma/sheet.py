"""A play of Roma logged from its end (``assistant add roma``): the VP each player holds are
the whole score (category ``vp``), checked for what the end of a game can show (rules
``roma.sheet.*``):

* ``roma.sheet.vp``: nobody holds fewer than 0 VP;
* ``roma.sheet.end``: the game ends when a player has no VP left or the stockpile is empty;
  the 36 VP are then all in the players' hands (more when the last payout was credited,
  ``roma.end.credit``). So unless one player is at 0, the two hold 36 VP or more.

Equal VP is a draw: both win (``roma.end.winner``).

>>> from assistant.core.sheets import PlaySheet
>>> check_sheet(PlaySheet("roma", ("Ann", "Ben"), totals={"Ann": 22, "Ben": 14})).winners
('Ann',)
"""

from __future__ import annotations

from assistant.core.errors import Problem, TableError
from assistant.core.scoresheet import ScoreSheet
from assistant.core.sheets import PlaySheet, common, scored, sheet_totals
from assistant.games.roma.scoring import CATEGORIES

ALIASES: dict[str, tuple[str, ...]] = {"vp": ("victory points", "points")}
#: the VP in the game: the players' 10 each and the stockpile's 16
ALL_VP = 36


def problems(sheet: PlaySheet) -> list[Problem]:
    """Everything the sheet holds that the end of a game of Roma cannot show."""
    found = common(sheet, CATEGORIES)
    vp = sheet_totals(sheet, CATEGORIES)
    for name in sheet.players:
        if vp[name] < 0:
            found.append(Problem("roma.sheet.vp", f"{vp[name]} VP: a player never holds fewer than 0", name))
    if not found and vp and min(vp.values()) > 0 and sum(vp.values()) < ALL_VP:
        found.append(Problem(
            "roma.sheet.end",
            f"the players hold {sum(vp.values())} VP and neither has 0: the game ends only when a player has no VP "
            f"left or the stockpile is empty (then the two hold all {ALL_VP})",
        ))
    return found


def check_sheet(sheet: PlaySheet) -> ScoreSheet:
    """The score of a checked sheet: more VP wins, equal VP is a draw. Raises
    :class:`TableError` listing every problem."""
    found = problems(sheet)
    if found:
        raise TableError(found)
    return scored(sheet, CATEGORIES)
