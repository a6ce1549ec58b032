"""A play of PAX logged from its score sheet (``assistant add pax``): the categories of
INTERFACES.md §1 (played, stronger, fleet, army, primus_conspiratus, money) and the verdict
(did Rome win?), checked for what the scoring can produce (rules ``pax.sheet.*``):

* ``pax.sheet.played``: 2 per category played, of 7: even, 0 to 14;
* ``pax.sheet.stronger``: 3 per category stronger than Rome: a multiple of 3, 0 to 21, and
  only in categories with strength: at most one more than the categories played (Fleet or
  Army strength may come from the other's bonus alone), none without a card played;
* ``pax.sheet.fleet``: Fleet and Army are the symbols plus a third of the other's
  (``pax.cat.fleet``): some counts of symbols must give both rows; any of them needs a card
  played;
* ``pax.sheet.primus``: 0 or 1, and one player at most holds Primus Conspiratus;
* ``pax.sheet.money``: 0 or 4, and the most money always scores its 4 (at least one player);
* ``pax.sheet.rome``: Rome wins when it is at least as strong as every player in 4 or more
  categories; the players together stronger in fewer than 4 categories means Rome won, one
  player alone stronger in 4 or more means Rome lost. Between the two, the sheet must say
  (``rome_wins = yes|no``, ``--rome-wins yes|no``).

When Rome wins, only the holder of Primus Conspiratus wins (nobody if none holds it,
``pax.winner.rome``); otherwise the most points win, ties share. The solitaire game is logged
with its verdict said (``rome_wins``) unless fewer than 7 categories were played.

>>> from assistant.core.sheets import PlaySheet
>>> pad = {"Ann": {"played": 10, "stronger": 12, "money": 4}, "Ben": {"played": 8, "stronger": 3}}
>>> sheet = check_sheet(PlaySheet("pax", ("Ann", "Ben"), pad))
>>> sheet.winners, sheet.extra["rome_wins"]
(('Ann',), False)
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from assistant.core.errors import Problem, TableError
from assistant.core.scoresheet import ScoreSheet
from assistant.core.sheets import PlaySheet, common, scored
from assistant.games.pax.components import CATEGORIES as SYMBOL_CATEGORIES
from assistant.games.pax.scoring import ROME_CATEGORIES_NEEDED, SCORE_CATEGORIES, verdict_ranks

CATEGORIES = SCORE_CATEGORIES
ALIASES: dict[str, tuple[str, ...]] = {
    "played": ("categories played",),
    "stronger": ("stronger than rome", "beat rome"),
    "fleet": ("ships",),
    "army": ("legions",),
    "primus_conspiratus": ("primus", "pc", "primus conspiratus"),
    "money": ("aurei", "most money"),
}
PLAYED, STRONGER, MONEY = 2, 3, 4
KINDS = len(SYMBOL_CATEGORIES)


@cache
def fleet_army(fleet: int, army: int) -> bool:
    """Whether some symbol counts give these Fleet and Army rows (each plus a third of the
    other's symbols)."""
    return any(f + (army - f // 3) // 3 == fleet for f in range(fleet + 1) if army - f // 3 >= 0)


def verdict(sheet: PlaySheet) -> tuple[bool | None, list[Problem]]:
    """Whether Rome won: as said, checked against the ``stronger`` rows, else worked out from
    them where they decide."""
    said = sheet.rome_wins
    if not sheet.points:  # totals: nothing to check it against
        return said, []
    beaten = [sheet.points[p].get("stronger", 0) // STRONGER for p in sheet.players]
    if len(sheet.players) == 1:
        played = sheet.points[sheet.players[0]].get("played", 0) // PLAYED
        if played < KINDS:
            if said is False:
                return said, [Problem("pax.sheet.rome", f"a solitaire player who played {played} of the {KINDS} categories cannot beat Rome")]
            return True, []
        if said is None:
            return None, [Problem("pax.sheet.rome", "say whether Rome won the solitaire game: rome_wins = yes or no (--rome-wins)")]
        return said, []
    fewest_for_players = KINDS - ROME_CATEGORIES_NEEDED + 1  # categories the players must take
    if sum(beaten) < fewest_for_players:
        if said is False:
            return said, [Problem("pax.sheet.rome", f"the players are stronger than Rome in {sum(beaten)} categories at most: Rome won")]
        return True, []
    if max(beaten) >= fewest_for_players:
        if said is True:
            return said, [Problem("pax.sheet.rome", f"a player is stronger than Rome in {max(beaten)} categories: Rome cannot have won")]
        return False, []
    if said is None:
        return None, [Problem(
            "pax.sheet.rome",
            "the sheet does not show whether Rome won (4 or more categories at least as strong as every player): "
            "say it with rome_wins = yes or no (--rome-wins yes|no)",
        )]
    return said, []


def problems(sheet: PlaySheet) -> list[Problem]:
    """Everything the sheet holds that PAX's scoring cannot produce (the verdict aside)."""
    found = common(sheet, CATEGORIES)
    if not sheet.points:
        return found
    for name in sheet.players:
        row = sheet.points[name]
        played, stronger = row.get("played", 0), row.get("stronger", 0)
        fleet, army = row.get("fleet", 0), row.get("army", 0)
        if played % PLAYED or not 0 <= played <= PLAYED * KINDS:
            found.append(Problem("pax.sheet.played", f"played {played}: 2 per category played, of {KINDS}: an even number from 0 to 14", name))
        if stronger % STRONGER or not 0 <= stronger <= STRONGER * KINDS:
            found.append(Problem("pax.sheet.stronger", f"stronger {stronger}: 3 per category stronger than Rome: a multiple of 3 from 0 to 21", name))
        elif stronger // STRONGER > played // PLAYED + (1 if played else 0):
            found.append(Problem(
                "pax.sheet.stronger",
                f"stronger than Rome in {stronger // STRONGER} categories with cards in {played // PLAYED}: "
                "strength needs a card played (Fleet or Army may come from the other's bonus)",
                name,
            ))
        if fleet < 0 or army < 0 or not fleet_army(fleet, army):
            found.append(Problem("pax.sheet.fleet", f"no Fleet and Army symbols give fleet {fleet} and army {army} (each adds a third of the other)", name))
        elif (fleet or army) and not played:
            found.append(Problem("pax.sheet.fleet", f"fleet {fleet} and army {army} with no category played", name))
        if row.get("primus_conspiratus", 0) not in (0, 1):
            found.append(Problem("pax.sheet.primus", f"primus_conspiratus is 1 (held) or 0, not {row.get('primus_conspiratus')}", name))
        if row.get("money", 0) not in (0, MONEY):
            found.append(Problem("pax.sheet.money", f"money is {MONEY} (the most money) or 0, not {row.get('money')}", name))
    holders = [p for p in sheet.players if sheet.points[p].get("primus_conspiratus", 0) == 1]
    if len(holders) > 1:
        found.append(Problem("pax.sheet.primus", f"{' and '.join(holders)} both hold Primus Conspiratus; there is one"))
    if not any(sheet.points[p].get("money", 0) == MONEY for p in sheet.players):
        found.append(Problem("pax.sheet.money", "nobody scores the 4 for the most money; whoever has the most (ties too) does"))
    return found


def check_sheet(sheet: PlaySheet) -> ScoreSheet:
    """The score of a checked sheet (or totals) with the verdict: when Rome wins, the holder
    of Primus Conspiratus (a sheet), or the winner the table names (totals), wins alone.
    Raises :class:`TableError` listing every problem."""
    found = problems(sheet)
    rome_wins, more = verdict(sheet)
    found.extend(more)
    if found:
        raise TableError(found)
    extra: dict[str, object] = {} if rome_wins is None else {"rome_wins": rome_wins}
    if rome_wins:
        if sheet.points:
            winners = [p for p in sheet.players if sheet.points[p].get("primus_conspiratus", 0) == 1]
            note = (f"Rome wins; {winners[0]} holds Primus Conspiratus and wins with Rome [pax.winner.rome]" if winners
                    else "Rome wins; nobody holds Primus Conspiratus: no player wins [pax.open.rome-wins-no-pc]")
        else:
            if sheet.winners is None or len(sheet.winners) > 1:
                raise TableError([Problem(
                    "pax.sheet.rome",
                    "Rome won: name the holder of Primus Conspiratus, who wins with Rome (--winner NAME), or --winner none",
                )])
            winners = list(sheet.winners)
            note = "Rome wins [pax.winner.rome]"
        if len(sheet.players) == 1:
            winners = []
            note = "solitaire game: Rome wins"
        return verdict_ranks(scored(sheet, CATEGORIES, winners_override=winners, notes=[note], extra=extra))
    result = scored(replace(sheet, winners=None), CATEGORIES, extra=extra)
    if sheet.winners is not None and set(sheet.winners) != set(result.winners):
        raise TableError([Problem(
            "core.sheet",
            f"the sheet says {', '.join(sheet.winners) or 'nobody'} won, but the points make {', '.join(result.winners)} the winner"
            + ("" if rome_wins is False else "; if Rome won, say --rome-wins yes"),
        )])
    return result
