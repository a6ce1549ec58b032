"""A play of Sylla logged from its score sheet (``assistant add sylla``): the categories of
the end-of-game scoring (INTERFACES.md §1: prestige, plebs, christians, slaves, politics),
checked for what the scoring can produce (rules ``sylla.sheet.*``):

* ``sylla.sheet.negative``: no category is below 0;
* ``sylla.sheet.christians``: each face-up Christian scores 2, so the row is even;
* ``sylla.sheet.slaves``: each freed Slave scores 3, so the row is a multiple of 3.

Ties share the win (``sylla.end.winner``).

>>> from assistant.core.sheets import PlaySheet
>>> pad = {p: {"prestige": 30 + i, "christians": 2} for i, p in enumerate(("Ann", "Ben", "Cy"))}
>>> check_sheet(PlaySheet("sylla", ("Ann", "Ben", "Cy"), pad)).winners
('Cy',)
"""

from __future__ import annotations

from assistant.core.errors import Problem, TableError
from assistant.core.scoresheet import ScoreSheet
from assistant.core.sheets import PlaySheet, common, scored
from assistant.games.sylla.components import facts
from assistant.games.sylla.scoring import CATEGORIES

ALIASES: dict[str, tuple[str, ...]] = {
    "prestige": ("glory", "glory path"),
    "plebs": ("ecclesia", "plebs votes"),
    "christians": ("christian",),
    "slaves": ("slave", "freed"),
    "politics": ("tokens", "ladder", "res publica"),
}


def problems(sheet: PlaySheet) -> list[Problem]:
    """Everything the sheet holds that Sylla's scoring cannot produce."""
    found = common(sheet, CATEGORIES)
    end = facts()["end"]
    each = {"christians": (int(end["christian"]), "face-up Christian"), "slaves": (int(end["slave_points"]), "freed Slave")}
    for name in sheet.players:
        row = sheet.points.get(name)
        if row is None:
            continue
        for category in CATEGORIES:
            value = row.get(category, 0)
            if value < 0:
                found.append(Problem("sylla.sheet.negative", f"{category} cannot be negative ({value})", name))
            elif category in each and value % each[category][0]:
                step, what = each[category]
                found.append(Problem(
                    f"sylla.sheet.{category}",
                    f"{category} {value}: each {what} scores {step}, so the row is a multiple of {step}",
                    name,
                ))
    return found


def check_sheet(sheet: PlaySheet) -> ScoreSheet:
    """The score of a checked sheet (or totals): the most points win, ties share. Raises
    :class:`TableError` listing every problem."""
    found = problems(sheet)
    if found:
        raise TableError(found)
    return scored(sheet, CATEGORIES)
