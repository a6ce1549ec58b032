"""The end of PAX from symbol counts alone: the score of a tracked game, strengths with the Fleet/Army cross bonuses, the
two-stage verdict (did Rome take 4 or more categories? then who wins?), the points of
``pax.scoring`` and the solitaire verdict. Both the tracked game and the final-table scoring
call :func:`score_final`, so the two always agree.

>>> strengths({"fleet": 4, "army": 3, "senator": 2})["fleet"]
5
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from assistant.core.scoresheet import ScoreSheet
from assistant.games.pax.components import CATEGORIES, components, symbol_counts
from assistant.games.pax.state import PaxState

#: The score-sheet categories of INTERFACES.md §1 (PAX).
SCORE_CATEGORIES: tuple[str, ...] = ("played", "stronger", "fleet", "army", "primus_conspiratus", "money")

ROME_CATEGORIES_NEEDED = 4


@dataclass(frozen=True)
class FinalPlayer:
    """What a player has at the end: printed symbols per category in the display, Aurei and
    influence cards left in hand, and whether he holds the Primus Conspiratus."""

    name: str
    symbols: Mapping[str, int]
    aureus: int
    hand: int
    primus_conspiratus: bool


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def strengths(symbols: Mapping[str, int]) -> dict[str, int]:
    """Strength per category: the printed symbols, plus the cross bonuses
    (``pax.cat.fleet``/``pax.cat.army``): Fleet + Army // 3 and Army + Fleet // 3."""
    s = {cat: int(symbols.get(cat, 0)) for cat in CATEGORIES}
    result = dict(s)
    result["fleet"] = s["fleet"] + s["army"] // 3
    result["army"] = s["army"] + s["fleet"] // 3
    return result


def rome_categories(rome: Mapping[str, int], players: Sequence[FinalPlayer]) -> list[str]:
    """The categories Rome takes: its strength is at least every single player's (ties go
    to Rome, ``pax.winner.rome``)."""
    r = strengths(rome)
    ps = [strengths(p.symbols) for p in players]
    return [cat for cat in CATEGORIES if all(r[cat] >= s[cat] for s in ps)]


MONEY_HIDDEN = "the Aurei are secret until the end of the game [pax.hidden.money]"


def player_points(
    rome: Mapping[str, int], players: Sequence[FinalPlayer], money_hidden: bool = False
) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, str]]]:
    """The ``pax.scoring`` points of every player, with a one-line working per item; with
    ``money_hidden`` (a provisional score) no money points and no Aurei shown."""
    r = strengths(rome)
    money = {p.name: p.aureus + p.hand for p in players}
    best = max(money.values(), default=0)
    points: dict[str, dict[str, int]] = {}
    details: dict[str, dict[str, str]] = {}
    for p in players:
        s = strengths(p.symbols)
        played = [cat for cat in CATEGORIES if p.symbols.get(cat, 0) > 0]
        stronger = [cat for cat in CATEGORIES if s[cat] > r[cat]]
        fleet_bonus = s["fleet"] - p.symbols.get("fleet", 0)
        army_bonus = s["army"] - p.symbols.get("army", 0)
        points[p.name] = {
            "played": 2 * len(played),
            "stronger": 3 * len(stronger),
            "fleet": s["fleet"],
            "army": s["army"],
            "primus_conspiratus": 1 if p.primus_conspiratus else 0,
            "money": 0 if money_hidden else 4 if money[p.name] == best else 0,
        }
        details[p.name] = {
            "played": f"{_n(len(played), 'category')} played x 2: {', '.join(played) or 'none'}".replace("ys played", "ies played"),
            "stronger": f"{_n(len(stronger), 'category')} stronger than Rome x 3: {', '.join(stronger) or 'none'}".replace("ys stronger", "ies stronger"),
            "fleet": f"{_n(p.symbols.get('fleet', 0), 'Fleet symbol')} + {fleet_bonus} bonus (Army {p.symbols.get('army', 0)} // 3)",
            "army": f"{_n(p.symbols.get('army', 0), 'Army symbol')} + {army_bonus} bonus (Fleet {p.symbols.get('fleet', 0)} // 3)",
            "primus_conspiratus": "holds Primus Conspiratus" if p.primus_conspiratus else "does not hold Primus Conspiratus",
            "money": MONEY_HIDDEN if money_hidden else
            f"{p.aureus} {'Aureus' if p.aureus == 1 else 'Aurei'} + {_n(p.hand, 'card')} in hand = {money[p.name]}; most is {best}",
        }
    return points, details


def verdict_ranks(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet with ranks that follow the verdict when Rome wins (``pax.winner.rome``):
    the winner (the holder of Primus Conspiratus, or the solitaire player who beat Rome) is
    ranked first whatever his points; every other player comes after the winners, ordered by
    points. When nobody wins, Rome alone is first and nobody has rank 1."""
    winners = set(sheet.winners)
    ranks = {
        p: 1 if p in winners else 1 + len(winners) + sum(
            1 for q in sheet.players if q not in winners and sheet.totals[q] > sheet.totals[p]
        ) + (0 if winners else 1)
        for p in sheet.players
    }
    return replace(sheet, ranks=ranks)


def solo_target(level: int) -> int:
    """Categories the solitaire player must beat Rome in at this level (``pax.solo.levels``)."""
    return int(components()["solo"]["levels"][str(level)]["stronger_than_rome"])


def score_final(
    rome: Mapping[str, int],
    players: Sequence[FinalPlayer],
    *,
    level: int = 1,
    notes: Sequence[str] = (),
    money_hidden: bool = False,
    provisional: bool = False,
) -> ScoreSheet:
    """The final score sheet: the verdict (``rome_wins``), the points and the winners.

    With several players: Rome wins when it takes 4 or more categories, and then only the
    holder of Primus Conspiratus wins (nobody if none holds it); otherwise the most points win
    (ties share). With one player: the solitaire verdict of ``pax.solo.goal`` for ``level``;
    the points are shown for information only.

    ``provisional`` (a game still running): the points as they stand and how Rome compares so
    far (``rome_leads_so_far``), but no verdict: no winner and no ``rome_wins`` (issue 12:
    after round 1 the running score declared "Rome wins" and a winner with every category
    at 0).
    """
    names = [p.name for p in players]
    points, details = player_points(rome, players, money_hidden)
    r = strengths(rome)
    all_notes = list(notes)
    extra: dict[str, object] = {}
    if provisional:
        return _provisional(rome, players, level, names, points, details, all_notes)
    if len(players) == 1:
        p = players[0]
        s = strengths(p.symbols)
        missing = [cat for cat in CATEGORIES if p.symbols.get(cat, 0) == 0]
        stronger = [cat for cat in CATEGORIES if s[cat] > r[cat]]
        need = solo_target(level)
        won = not missing and len(stronger) >= need
        extra["rome_wins"] = not won
        extra["solo_level"] = level
        verdict = (
            f"solitaire game {level}: {p.name} is stronger than Rome in {len(stronger)} categor{'y' if len(stronger) == 1 else 'ies'}"
            f" (needs {need})"
            + (f" and has played no card in {', '.join(missing)}" if missing else ", and has played all 7 categories")
            + (f": {p.name} beats Rome" if won else ": Rome wins")
        )
        all_notes.append(verdict)
        all_notes.append("in the solitaire game the points are for information only [pax.open.solo-points]")
        return verdict_ranks(ScoreSheet.build(
            "pax", names, SCORE_CATEGORIES, points,
            winners_override=[p.name] if won else [], notes=all_notes, details=details, extra=extra,
        ))
    taken = rome_categories(rome, players)
    rome_wins = len(taken) >= ROME_CATEGORIES_NEEDED
    extra["rome_wins"] = rome_wins
    extra["rome_categories"] = taken
    if rome_wins:
        holder = [p.name for p in players if p.primus_conspiratus]
        all_notes.append(
            f"Rome is at least as strong as every player in {len(taken)} categories ({', '.join(taken)}): Rome wins"
        )
        if holder:
            all_notes.append(f"{holder[0]} holds Primus Conspiratus and wins with Rome [pax.winner.rome]")
        else:
            all_notes.append("nobody holds Primus Conspiratus: no player wins [pax.open.rome-wins-no-pc]")
        return verdict_ranks(ScoreSheet.build(
            "pax", names, SCORE_CATEGORIES, points,
            winners_override=holder[:1], notes=all_notes, details=details, extra=extra,
        ))
    beaten = [cat for cat in CATEGORIES if cat not in taken]
    all_notes.append(
        f"the players are stronger than Rome in {len(beaten)} categories ({', '.join(beaten)}): the players beat Rome;"
        f" Rome takes {len(taken)} ({', '.join(taken) or 'none'})"
    )
    sheet = ScoreSheet.build("pax", names, SCORE_CATEGORIES, points, notes=all_notes, details=details, extra=extra)
    if len(sheet.winners) > 1:
        sheet = ScoreSheet.build(
            "pax", names, SCORE_CATEGORIES, points,
            notes=[*all_notes, "tied for most points: a shared win [pax.open.points-tie]"],
            details=details, extra=extra,
        )
    return sheet


def _provisional(
    rome: Mapping[str, int],
    players: Sequence[FinalPlayer],
    level: int,
    names: list[str],
    points: dict[str, dict[str, int]],
    details: dict[str, dict[str, str]],
    notes: list[str],
) -> ScoreSheet:
    """The sheet of a game still running: points and ranks as they stand, how Rome compares
    so far, and no winner (the verdict of ``pax.winner`` comes only at the end)."""
    if len(players) == 1:
        p = players[0]
        s, r = strengths(p.symbols), strengths(rome)
        stronger = sum(1 for cat in CATEGORIES if s[cat] > r[cat])
        played = sum(1 for cat in CATEGORIES if p.symbols.get(cat, 0) > 0)
        notes.append(
            f"so far {p.name} is stronger than Rome in {_n(stronger, 'category').replace('ys', 'ies')}"
            f" (solitaire game {level} needs {solo_target(level)}) and has played {played} of the 7;"
            " the verdict comes at the end [pax.solo.goal]"
        )
        extra: dict[str, object] = {"solo_level": level}
    else:
        taken = rome_categories(rome, players)
        notes.append(
            f"so far Rome is at least as strong as every player in {_n(len(taken), 'category').replace('ys', 'ies')};"
            f" the verdict comes at the end (Rome wins with {ROME_CATEGORIES_NEEDED} or more) [pax.winner.rome]"
        )
        extra = {"rome_leads_so_far": taken}
    return ScoreSheet.build("pax", names, SCORE_CATEGORIES, points, winners_override=[], notes=notes, details=details, extra=extra)


def score(state: PaxState, reveal: bool = False) -> ScoreSheet:
    """The score of the tracked game, by the same :func:`score_final` as its final table
    (provisional, without Rome's hidden cards, until they are revealed). The Aurei follow
    from public entries alone (prices, play costs, income), but the rules keep them behind
    the hand until the end, so a provisional score shows no Aurei and no money points
    (``pax.hidden.money``) unless ``reveal``; the final one does. A provisional score
    declares no winner and no verdict (no ``rome_wins``). Aurei not known here (``aurei ?``,
    the public form of a picked-up game's position) give no money points, even at the end,
    and the sheet says so."""
    players = [
        FinalPlayer(p.name, symbol_counts(p.display), p.aureus, p.hand_size, state.pc == i)
        for i, p in enumerate(state.players)
    ]
    notes = []
    secret = state.phase != "over" and not reveal
    unknown = [p.name for p in state.players if p.aurei_unknown]
    hidden = secret or bool(unknown)
    if state.phase != "over":
        cards = f"{state.rome_hidden} hidden card{'s are' if state.rome_hidden != 1 else ' is'}"
        notes.append(f"provisional: the game is not over; Rome's {cards} not counted" if state.rome_hidden else
                     "provisional: the game is not over")
    if secret:
        notes.append("no money points: " + MONEY_HIDDEN)
    elif unknown:
        names = ", ".join(unknown[:-1]) + " and " + unknown[-1] if len(unknown) > 1 else unknown[0]
        notes.append(
            f"no money points: the Aurei of {names} are not known here (a game picked up in progress,"
            " its Aurei behind the screens) [pax.hidden.money]"
        )
    notes.extend(state.corrections)
    return score_final(
        symbol_counts(state.all_rome()), players, level=state.level, notes=notes, money_hidden=hidden,
        provisional=state.phase != "over",
    )
