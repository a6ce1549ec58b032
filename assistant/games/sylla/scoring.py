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

import re
from collections.abc import Mapping
from typing import Any

from assistant.core.scoresheet import ScoreSheet
from assistant.core.tablefile import TableReader
from assistant.games.sylla.components import TOKENS, facts, token_index

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


PLAYER_KEYS: dict[str, str] = {
    "name": "name", "prestige": "prestige", "glory": "prestige", "pp": "prestige",
    "christians": "christians", "christian": "christians",
    "christian_slaves": "christian_slaves", "christian_slave": "christian_slaves",
    "slaves": "slaves", "slave": "slaves",
    "denarii": "denarii", "denarius": "denarii", "money": "denarii", "coins": "denarii",
    "freed": "freed", "slaves_freed": "freed", "freed_slaves": "freed",
    "tokens": "tokens", "plebs_votes": "plebs_votes", "plebsvotes": "plebs_votes", "plebs_vote": "plebs_votes",
    "thumb": "thumb",
}
TOP_KEYS: dict[str, str] = {"ladder": "ladder", "players": "players", "options": "options", "game": "game"}
OPTION_KEYS: dict[str, str] = {"ecclesia_vote": "ecclesia_vote", "christian_slave": "christian_slave", "card_checks": "card_checks", "board": "board"}


def canonical_top(table: Mapping[str, Any]) -> dict[str, Any]:
    """The top-level keys in any case (unknown ones, like a test's [expect], are left alone), and
    each player's ``name`` key in any case."""
    out = {TOP_KEYS.get(key_form(k), k): v for k, v in table.items()}
    if isinstance(out.get("players"), list):
        out["players"] = [
            {("name" if key_form(k) == "name" else k): v for k, v in p.items()} if isinstance(p, dict) else p
            for p in out["players"]
        ]
    return out


def key_form(key: object) -> str:
    """How a table key is compared: any case, '-' or ' ' for '_' (``Plebs-Votes`` = ``plebs_votes``)."""
    return re.sub(r"[\s-]+", "_", str(key).strip().casefold())


def canonical(reader: TableReader, obj: Mapping[str, Any], names: Mapping[str, str], *, rule: str,
              player: str | None = None, what: str = "key") -> dict[str, Any]:
    """``obj`` with its keys read forgivingly: any case, ``-``/space for ``_``, the aliases of
    ``names`` (for token kinds: every name of the kind, ``Civic Spirit``, ``violet``). Unknown
    keys and a key given twice are problems."""
    out: dict[str, Any] = {}
    for key, value in obj.items():
        form = key_form(key)
        name = names.get(form)
        if name is None and names is TOKEN_NAMES:
            name = token_kind(key)
        if name is None:
            known = sorted(set(names.values()) - {"name"})
            reader.problem(rule, f"unknown {what} '{key}' (known: {', '.join(known)})", player)
            continue
        if name in out:
            reader.problem(rule, f"'{key}' gives {name} a second time", player)
            continue
        out[name] = value
    return out


TOKEN_NAMES: dict[str, str] = {k: k for k in TOKENS} | {"civic_spirit": "civic"}


def token_kind(key: object) -> str | None:
    """The token kind a key names (``Civic Spirit``, ``civic_spirit``, ``violet``, ``Egészség``), or None."""
    form = key_form(key)
    return TOKEN_NAMES.get(form) or token_index().exact(str(key)) or token_index().exact(form.replace("_", " "))


def score_table(table: Mapping[str, Any]) -> ScoreSheet:
    """Score a final table (INTERFACES.md §1 Sylla); raises TableError with every problem.

    Keys are read forgivingly (any case, ``-`` or spaces for ``_``, token kinds by any of their
    names); every optional key may be absent: ``freed`` means as many Slaves as the denarii
    allow, ``plebs_votes`` 0, ``tokens`` none, ``christians``/``slaves``/``denarii`` 0."""
    reader = TableReader("sylla")
    table = canonical_top(table)
    options = canonical(reader, reader.mapping(table, "options", rule="sylla.open"), OPTION_KEYS, rule="sylla.open", what="option")
    ecclesia_vote = reader.string(options, "ecclesia_vote", rule="sylla.open.ecclesia-vote", default="all")
    christian_slave = reader.string(options, "christian_slave", rule="sylla.open.christian-slave", default="both")
    ecclesia_vote = key_form(ecclesia_vote).replace("_", "-") if ecclesia_vote else ecclesia_vote
    christian_slave = key_form(christian_slave) if christian_slave else christian_slave
    if ecclesia_vote not in ("all", "thumb-up"):
        reader.problem("sylla.open.ecclesia-vote", f"option ecclesia_vote is 'all' or 'thumb-up', not {ecclesia_vote!r}")
    if christian_slave not in ("both", "once"):
        reader.problem("sylla.open.christian-slave", f"option christian_slave is 'both' or 'once', not {christian_slave!r}")
    high = facts()["board"]["ladder_value_sanity_high"]
    ladder = canonical(reader, reader.mapping(table, "ladder", rule="sylla.end.politics"), TOKEN_NAMES,
                       rule="sylla.end.politics", what="ladder marker")
    # A marker's value is needed only when someone holds tokens of its kind (checked below).
    values = {k: reader.integer(ladder, k, rule="sylla.data.ladder", default=0, low=-high, high=high) for k in TOKENS}
    held: dict[str, int] = {k: 0 for k in TOKENS}
    # 1 or 2 players are scored too (each player's score stands alone; the official 2-player
    # variant exists, and a table may list only the players it asks about); 5 cannot happen.
    players = reader.players(table, rule="sylla.end", low=1, high=4)
    n = len(players)
    kept_at_setup = {k: v for k, v in facts()["characters"]["kept_at_setup"].items() if k.isdigit()}
    kept = kept_at_setup.get(str(n), max(kept_at_setup.values()))
    max_characters = kept + facts()["start"]["rounds"]  # kept at setup + one recruit per round
    max_slaves = facts()["characters"]["per_set_of_each_type"]["value"] * facts()["characters"]["sets"]
    names: list[str] = []
    points: dict[str, dict[str, int]] = {}
    details: dict[str, dict[str, str]] = {}
    notes: list[str] = []
    total_slaves = 0
    for raw in players:
        name = str(raw["name"])
        names.append(name)
        flat = {k: v for k, v in raw.items() if key_form(k) not in PLAYER_KEYS and token_kind(k)}
        p = canonical(reader, {k: v for k, v in raw.items() if k not in flat}, PLAYER_KEYS, rule="sylla.end", player=name)
        if flat:  # tokens written beside the other keys: civic = 3
            if "tokens" in p:
                reader.problem("sylla.end.politics", "give the tokens once: in 'tokens' or as civic/health/leisure keys, not both", name)
            else:
                p["tokens"] = flat
        prestige = reader.integer(p, "prestige", rule="sylla.limits.prestige-floor", player=name, default=None)
        christians = reader.integer(p, "christians", rule="sylla.end.christians", player=name, high=max_characters)
        slaves = reader.integer(p, "slaves", rule="sylla.end.slaves", player=name, high=max_characters)
        christian_slaves = reader.integer(p, "christian_slaves", rule="sylla.open.christian-slave", player=name, high=slaves)
        if christian_slaves > christians:
            reader.problem("sylla.open.christian-slave", f"{christian_slaves} Christian Slaves but only {christians} Christians", name)
        if christians + slaves - christian_slaves > max_characters:
            reader.problem("sylla.end", f"{christians} Christians and {slaves} Slaves are more characters than a player can own ({max_characters})", name)
        total_slaves += slaves
        denarii = reader.integer(p, "denarii", rule="sylla.end.slaves", player=name)
        tokens_raw = canonical(reader, reader.mapping(p, "tokens", rule="sylla.end.politics", player=name), TOKEN_NAMES,
                               rule="sylla.end.politics", player=name, what="token kind")
        tokens = {k: reader.integer(tokens_raw, k, rule="sylla.end.politics", player=name) for k in TOKENS}
        for k in TOKENS:
            held[k] += tokens[k]
        plebs = reader.integer(p, "plebs_votes", rule="sylla.end.ecclesia", player=name)
        thumb = reader.string(p, "thumb", rule="sylla.end.ecclesia", player=name, default="down" if plebs else "up")
        thumb = thumb.strip().casefold() if thumb else thumb
        if thumb not in ("up", "down"):
            reader.problem("sylla.end.ecclesia", f"thumb is 'up' or 'down', not {thumb!r}", name)
        if thumb == "up" and plebs:
            reader.problem("sylla.end.ecclesia", "a thumb-up player gives no votes to the plebs", name)
        if "freed" in p:
            freed = reader.integer(p, "freed", rule="sylla.end.slaves", player=name)
            if freed > slaves:
                reader.problem("sylla.end.slaves", f"{freed} Slaves freed but only {slaves} face up", name)
            if "denarii" in p and 2 * freed > denarii:
                reader.problem("sylla.limits.money", f"freeing {freed} Slaves costs {2 * freed} denarii; {name} has {denarii}", name)
        elif not (ecclesia_vote == "all" or thumb == "up"):
            freed = 0  # ecclesia_vote=thumb-up: a thumb-down player frees nobody
        else:
            freed = freed_default(slaves, denarii)
            if slaves and "denarii" not in p:
                notes.append(f"{name}: no denarii given, so none of {slaves} Slaves is freed (give 'freed' or 'denarii')")
            elif slaves:
                notes.append(f"{name} frees {freed} of {slaves} Slaves ({2 * freed} of {denarii} denarii)")
        scores_ecclesia = ecclesia_vote == "all" or thumb == "up"
        if not scores_ecclesia and "freed" in p and freed:
            reader.problem("sylla.open.ecclesia-vote", f"with ecclesia_vote=thumb-up a thumb-down player frees no Slave ({freed} given)", name)
        pts = final_points(prestige=prestige, christians=christians, christian_slaves=christian_slaves, slaves=slaves,
                           freed=freed if scores_ecclesia else 0, tokens=tokens, values=values, plebs_votes=plebs,
                           scores_ecclesia=scores_ecclesia, christian_slave=christian_slave or "both")
        points[name] = pts
        details[name] = details_for(pts, christians=christians, freed=freed if scores_ecclesia else 0, tokens=tokens,
                                    values=values, plebs_votes=plebs)
    for k in TOKENS:
        if k not in ladder and held[k]:
            reader.problem("sylla.end.politics", f"the [ladder] value of the {k} marker is missing ({held[k]} {k} tokens are held)")
    notes_checks = key_form(options.get("card_checks", "notes")) != "rulebook"
    if notes_checks and total_slaves > max_slaves:
        reader.problem("sylla.data.characters", f"{total_slaves} Slaves on the table; the game has {max_slaves} (research notes: "
                       "2 per set; if your box differs, add card_checks = \"rulebook\" under [options])")
    reader.raise_if_problems()
    if 0 < n < 3:
        notes.append(f"{n} player{'s' if n > 1 else ''} listed: each score is computed alone (the base game is for 3 or 4)")
    return build_sheet(names, points, notes, details)
