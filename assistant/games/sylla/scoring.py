"""End-game scoring (sylla.end) shared by the tracked game and the final-table scoring of
INTERFACES.md §1: categories ``prestige`` (the Glory Path before the end), ``plebs`` (the
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
from typing import Any

from assistant.core.scoresheet import ScoreSheet
from assistant.core.tablefile import TableReader
from assistant.games.sylla.components import TOKENS, facts

CATEGORIES: tuple[str, ...] = ("prestige", "plebs", "christians", "slaves", "politics")


def freed_default(slaves: int, denarii: int) -> int:
    """As many Slaves as money allows (2 denarii each): always best, each gives 3 prestige."""
    return min(slaves, denarii // facts()["end"]["slave_cost"])


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
    return {
        "plebs": f"{plebs_votes} votes // 2",
        "christians": f"{christians} face-up Christians x 2" if points["christians"] or christians else "",
        "slaves": f"{freed} freed x 3 (paid {2 * freed} denarii)",
        "politics": " + ".join(f"{tokens.get(k, 0)} {k} x {values.get(k, 0)}" for k in TOKENS),
    }


def build_sheet(players: list[str], points: dict[str, dict[str, int]], notes: list[str],
                details: dict[str, dict[str, str]] | None = None) -> ScoreSheet:
    return ScoreSheet.build("sylla", players, CATEGORIES, points, notes=notes, details=details)


def score_table(table: Mapping[str, Any]) -> ScoreSheet:
    """Score a final table (INTERFACES.md §1 Sylla); raises TableError with every problem."""
    reader = TableReader("sylla")
    options = reader.mapping(table, "options", rule="sylla.open")
    ecclesia_vote = reader.string(options, "ecclesia_vote", rule="sylla.open.ecclesia-vote", default="all")
    christian_slave = reader.string(options, "christian_slave", rule="sylla.open.christian-slave", default="both")
    if ecclesia_vote not in ("all", "thumb-up"):
        reader.problem("sylla.open.ecclesia-vote", f"option ecclesia_vote is 'all' or 'thumb-up', not {ecclesia_vote!r}")
    if christian_slave not in ("both", "once"):
        reader.problem("sylla.open.christian-slave", f"option christian_slave is 'both' or 'once', not {christian_slave!r}")
    high = facts()["board"]["ladder_value_sanity_high"]
    ladder = reader.mapping(table, "ladder", rule="sylla.end.politics")
    if "ladder" not in table:
        reader.problem("sylla.end.politics", "the table needs a [ladder] section: the value shown by each marker (civic, health, leisure)")
    values = {k: reader.integer(ladder, k, rule="sylla.data.ladder", default=None if "ladder" in table else 0, low=0, high=high) for k in TOKENS}
    for key in ladder:
        if key not in TOKENS:
            reader.problem("sylla.end.politics", f"the ladder has no marker '{key}' (civic, health, leisure)")
    players = reader.players(table, rule="sylla.end", low=3, high=4)
    n = len(players)
    kept = facts()["characters"]["kept_at_setup"].get(str(n), 4)
    max_characters = kept + facts()["start"]["rounds"]  # kept at setup + one recruit per round
    max_slaves = facts()["characters"]["per_set_of_each_type"]["value"] * facts()["characters"]["sets"]
    names: list[str] = []
    points: dict[str, dict[str, int]] = {}
    details: dict[str, dict[str, str]] = {}
    notes: list[str] = []
    total_slaves = 0
    for p in players:
        name = str(p["name"])
        names.append(name)
        known = {"name", "prestige", "christians", "christian_slaves", "slaves", "denarii", "freed", "tokens", "plebs_votes", "thumb"}
        for key in p:
            if key not in known:
                reader.problem("sylla.end", f"unknown key '{key}' (known: {', '.join(sorted(known - {'name'}))})", name)
        prestige = reader.integer(p, "prestige", rule="sylla.limits.prestige-floor", player=name, default=None)
        christians = reader.integer(p, "christians", rule="sylla.end.christians", player=name, high=max_characters)
        slaves = reader.integer(p, "slaves", rule="sylla.end.slaves", player=name, high=min(max_slaves, max_characters))
        christian_slaves = reader.integer(p, "christian_slaves", rule="sylla.open.christian-slave", player=name, high=slaves)
        if christian_slaves > christians:
            reader.problem("sylla.open.christian-slave", f"{christian_slaves} Christian Slaves but only {christians} Christians", name)
        if christians + slaves - christian_slaves > max_characters:
            reader.problem("sylla.end", f"{christians} Christians and {slaves} Slaves are more characters than a player can own ({max_characters})", name)
        total_slaves += slaves
        denarii = reader.integer(p, "denarii", rule="sylla.end.slaves", player=name)
        tokens_raw = reader.mapping(p, "tokens", rule="sylla.end.politics", player=name)
        for key in tokens_raw:
            if key not in TOKENS:
                reader.problem("sylla.end.politics", f"there is no token kind '{key}' (civic, health, leisure)", name)
        tokens = {k: reader.integer(tokens_raw, k, rule="sylla.end.politics", player=name) for k in TOKENS}
        plebs = reader.integer(p, "plebs_votes", rule="sylla.end.ecclesia", player=name)
        thumb = reader.string(p, "thumb", rule="sylla.end.ecclesia", player=name, default="down" if plebs else "up")
        if thumb not in ("up", "down"):
            reader.problem("sylla.end.ecclesia", f"thumb is 'up' or 'down', not {thumb!r}", name)
        if thumb == "up" and plebs:
            reader.problem("sylla.end.ecclesia", "a thumb-up player gives no votes to the plebs", name)
        if "freed" in p:
            freed = reader.integer(p, "freed", rule="sylla.end.slaves", player=name)
            if freed > slaves:
                reader.problem("sylla.end.slaves", f"{freed} Slaves freed but only {slaves} face up", name)
            if 2 * freed > denarii:
                reader.problem("sylla.limits.money", f"freeing {freed} Slaves costs {2 * freed} denarii; {name} has {denarii}", name)
        else:
            freed = freed_default(slaves, denarii)
            if slaves:
                notes.append(f"{name} frees {freed} of {slaves} Slaves ({2 * freed} of {denarii} denarii)")
        scores_ecclesia = ecclesia_vote == "all" or thumb == "up"
        pts = final_points(prestige=prestige, christians=christians, christian_slaves=christian_slaves, slaves=slaves,
                           freed=freed if scores_ecclesia else 0, tokens=tokens, values=values, plebs_votes=plebs,
                           scores_ecclesia=scores_ecclesia, christian_slave=christian_slave or "both")
        points[name] = pts
        details[name] = details_for(pts, christians=christians, freed=freed if scores_ecclesia else 0, tokens=tokens,
                                    values=values, plebs_votes=plebs)
    if total_slaves > max_slaves:
        reader.problem("sylla.data.characters", f"{total_slaves} Slaves on the table; the game has {max_slaves}")
    reader.raise_if_problems()
    return build_sheet(names, points, notes, details)
