"""End-game scoring (sylla.end): ``score(state)`` for the tracked game and the arithmetic it
shares with the final-table scoring of table.py (INTERFACES.md §1): categories ``prestige`` (the Glory Path before the end), ``plebs`` (the
Ecclesia gift), ``christians`` (2 each), ``slaves`` (3 per Slave freed) and ``politics``
(tokens x ladder values). Ties share the win (sylla.end.winner).

>>> p = final_points(prestige=40, christians=3, christian_slaves=0, slaves=2, freed=2,
...                  tokens={"civic": 3, "health": 8, "leisure": 5},
...                  values={"civic": 1, "health": 3, "leisure": 3}, plebs_votes=0)
>>> p, sum(p.values()) - 40
({'prestige': 40, 'plebs': 0, 'christians': 6, 'slaves': 6, 'politics': 42}, 54)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from assistant.core.scoresheet import ScoreSheet
from assistant.games.sylla.components import TOKENS, facts

if TYPE_CHECKING:
    from assistant.games.sylla.state import AnyPlayer, AnyState, Player, State

CATEGORIES: tuple[str, ...] = ("prestige", "plebs", "christians", "slaves", "politics")


def freed_default(slaves: int, denarii: int) -> int:
    """As many Slaves as money allows (2 denarii each): always best, each gives 3 prestige."""
    cost: int = facts()["end"]["slave_cost"]
    return min(slaves, denarii // cost)


def final_points(
    *,
    prestige: int,
    christians: int,
    christian_slaves: int,
    slaves: int,
    freed: int,
    tokens: Mapping[str, int],
    values: Mapping[str, int],
    plebs_votes: int,
    scores_ecclesia: bool = True,
    christian_slave: str = "both",
) -> dict[str, int]:
    """The five categories for one player. ``scores_ecclesia`` is False for a thumb-down player
    under ``ecclesia_vote=thumb-up``; ``christian_slave=once`` counts a freed Christian Slave
    only as freed (non-Christian Slaves are freed first)."""
    end = facts()["end"]
    counted_christians = christians
    if christian_slave == "once":
        freed_christian = max(0, freed - (slaves - christian_slaves))
        counted_christians -= freed_christian
    return {
        "prestige": prestige,
        "plebs": plebs_votes // end["plebs_votes_per_prestige"],
        "christians": end["christian"] * counted_christians if scores_ecclesia else 0,
        "slaves": end["slave_points"] * freed if scores_ecclesia else 0,
        "politics": sum(tokens.get(k, 0) * values.get(k, 0) for k in TOKENS),
    }


def details_for(points: Mapping[str, int], *, christians: int, freed: int, tokens: Mapping[str, int],
                values: Mapping[str, int], plebs_votes: int) -> dict[str, str]:
    """How each category of a final table was worked out, for the score sheet's details."""
    return {
        "plebs": f"{plebs_votes} votes // 2",
        "christians": f"{christians} face-up Christians x 2" if points["christians"] or christians else "",
        "slaves": f"{freed} freed x 3 (paid {2 * freed} denarii)",
        "politics": " + ".join(f"{tokens.get(k, 0)} {k} x {values.get(k, 0)}" for k in TOKENS),
    }


def build_sheet(players: list[str], points: dict[str, dict[str, int]], notes: list[str],
                details: dict[str, dict[str, str]] | None = None) -> ScoreSheet:
    """The Sylla score sheet of the five categories (ties share the win, sylla.end.winner)."""
    return ScoreSheet.build("sylla", players, CATEGORIES, points, notes=notes, details=details)


def scores_ecclesia(state: AnyState, p: AnyPlayer) -> bool:
    """Whether ``p`` scores Christians and freed Slaves: always, or only with his thumb up under
    ``ecclesia_vote=thumb-up`` (sylla.open.ecclesia-vote)."""
    return state.options.get("ecclesia_vote", "all") == "all" or p.thumb == "up"


def face_up(p: AnyPlayer, kind: str | None = None, christian: bool | None = None) -> int:
    """How many face-up characters of ``kind`` (any) and Christian or not (either) ``p`` has."""
    return sum(
        1 for c in p.cards
        if c.kind != "crane" and not c.down and (kind is None or c.kind == kind) and (christian is None or c.christian == christian)
    )


def player_points(state: AnyState, p: AnyPlayer) -> dict[str, int]:
    """The five categories of a player once the game is over (or as it stands at the end)."""
    assert state.board is not None
    values = {k: state.value(k) for k in TOKENS}
    return final_points(
        prestige=p.prestige_before_end if p.prestige_before_end is not None else p.prestige,
        christians=face_up(p, christian=True),
        christian_slaves=face_up(p, "slave", christian=True),
        slaves=face_up(p, "slave"),
        freed=p.freed or 0,
        tokens=p.tokens,
        values=values,
        plebs_votes=p.end_votes if p.thumb == "down" else 0,
        scores_ecclesia=scores_ecclesia(state, p),
        christian_slave=state.options.get("christian_slave", "both"),
    )


def score(state: State) -> ScoreSheet:
    """The final score once over; before that only the Glory Path (tokens and money stay
    behind the screens, so the provisional sheet does not value them)."""
    points: dict[str, dict[str, int]] = {}
    notes: list[str] = list(state.corrections)
    for p in state.players:
        if state.phase == "over":
            points[p.name] = player_points(state, p)
        else:
            points[p.name] = {"prestige": p.prestige}
    if state.phase != "over":
        notes.append("provisional: the Glory Path so far; tokens stay hidden until the end")
    return build_sheet([p.name for p in state.players], points, notes)
