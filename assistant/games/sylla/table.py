"""The final table of INTERFACES.md §1 for Sylla: read and validate a table a user wrote (TOML
or JSON) and score it (``score_table``), and build the same table from a tracked game's state
(``table_from_state``), so that both score through the same arithmetic (scoring.py).

Keys are spelt as the core's one table-key reader (``TableReader.keys``) reads them: any case,
accents, spaces or ``-`` for ``_``, the aliases below; a token kind by any of its names
(``Civic Spirit``, ``violet``) through its ``other=`` hook."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.core.names import normalize
from assistant.core.scoresheet import ScoreSheet
from assistant.core.tablefile import TableReader
from assistant.games.sylla.components import TOKENS, facts, token_index
from assistant.games.sylla.scoring import build_sheet, details_for, face_up, final_points, freed_default
from assistant.games.sylla.state import State

TOP_KEYS: tuple[str, ...] = ("game", "options", "ladder", "players")
OPTION_KEYS: tuple[str, ...] = ("ecclesia_vote", "christian_slave", "card_checks", "board")
PLAYER_KEYS: tuple[str, ...] = (
    "name", "prestige", "christians", "christian_slaves", "slaves", "denarii", "freed", "tokens", "plebs_votes", "thumb",
)
PLAYER_ALIASES: dict[str, str] = {
    "glory": "prestige", "pp": "prestige", "christian": "christians", "christian_slave": "christian_slaves",
    "slave": "slaves", "denarius": "denarii", "money": "denarii", "coins": "denarii", "slaves_freed": "freed",
    "freed_slaves": "freed", "plebsvotes": "plebs_votes", "plebs_vote": "plebs_votes",
}


def token_kind(key: str) -> str | None:
    """The token kind a key names (``civic``, ``Civic Spirit``, ``civic_spirit``, ``violet``,
    ``Egészség``), or None: the ``other=`` hook of the table-key reader."""
    spaced = key.replace("_", " ").replace("-", " ")
    if normalize(spaced) in TOKENS:
        return normalize(spaced)
    return token_index().exact(key) or token_index().exact(spaced)


def _as_is(key: str) -> str:
    """Keys the reader leaves alone (a test's ``[expect]``, a player's scores read later)."""
    return key


def _value(text: str | None) -> str | None:
    """An option value in any case, with ``-``, ``_`` or a space alike (``Thumb_Up``)."""
    return "-".join(normalize(text.replace("_", " ").replace("-", " ")).split()) if text else text


def score_table(table: Mapping[str, Any]) -> ScoreSheet:
    """Score a final table (INTERFACES.md §1 Sylla); raises TableError with every problem.

    Keys are read forgivingly (any case, ``-`` or spaces for ``_``, token kinds by any of their
    names); every optional key may be absent: ``freed`` means as many Slaves as the denarii
    allow, ``plebs_votes`` 0, ``tokens`` none, ``christians``/``slaves``/``denarii`` 0."""
    reader = TableReader("sylla")
    table = reader.keys(table, TOP_KEYS, rule="sylla.end", other=_as_is)
    if isinstance(table.get("players"), list):  # each player's name key in any case, before reading them
        table["players"] = [reader.keys(p, ("name",), rule="sylla.end", other=_as_is) if isinstance(p, dict) else p
                            for p in table["players"]]
    options = reader.keys(reader.mapping(table, "options", rule="sylla.open"), OPTION_KEYS, rule="sylla.open", what="option")
    ecclesia_vote = _value(reader.string(options, "ecclesia_vote", rule="sylla.open.ecclesia-vote", default="all"))
    christian_slave = _value(reader.string(options, "christian_slave", rule="sylla.open.christian-slave", default="both"))
    if ecclesia_vote not in ("all", "thumb-up"):
        reader.problem("sylla.open.ecclesia-vote", f"option ecclesia_vote is 'all' or 'thumb-up', not {ecclesia_vote!r}")
    if christian_slave not in ("both", "once"):
        reader.problem("sylla.open.christian-slave", f"option christian_slave is 'both' or 'once', not {christian_slave!r}")
    high = facts()["board"]["ladder_value_sanity_high"]
    ladder = reader.keys(reader.mapping(table, "ladder", rule="sylla.end.politics"), TOKENS, other=token_kind,
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
        p = reader.keys(raw, PLAYER_KEYS, aliases=PLAYER_ALIASES, other=token_kind, rule="sylla.end", player=name)
        flat = {k: p.pop(k) for k in TOKENS if k in p}
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
        tokens_raw = reader.keys(reader.mapping(p, "tokens", rule="sylla.end.politics", player=name), TOKENS,
                                 other=token_kind, rule="sylla.end.politics", player=name, what="token kind")
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
    notes_checks = _value(str(options.get("card_checks", "notes"))) != "rulebook"
    if notes_checks and total_slaves > max_slaves:
        reader.problem("sylla.data.characters", f"{total_slaves} Slaves on the table; the game has {max_slaves} (research notes: "
                       "2 per set; if your box differs, add card_checks = \"rulebook\" under [options])")
    reader.raise_if_problems()
    if 0 < n < 3:
        notes.append(f"{n} player{'s' if n > 1 else ''} listed: each score is computed alone (the base game is for 3 or 4)")
    return build_sheet(names, points, notes, details)


def table_from_state(state: State) -> dict[str, Any]:
    """The final table of a tracked game (the Glory Path before the end, face-up characters,
    denarii when the Slaves were freed (left out when not known here), tokens, plebs votes, thumbs, Slaves freed)."""
    assert state.board is not None
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "prestige": p.prestige_before_end if p.prestige_before_end is not None else p.prestige,
            "christians": face_up(p, christian=True),
            "christian_slaves": face_up(p, "slave", christian=True),
            "slaves": face_up(p, "slave"),
            "denarii": p.denarii_at_freeing if state.phase == "over" else p.money,
            "tokens": dict(p.tokens),
            "plebs_votes": p.end_votes if p.thumb == "down" else 0,
            "thumb": p.thumb or "up",
        }
        if p.freed is not None:
            entry["freed"] = p.freed
        if p.money_unknown:  # not known here (a game picked up, replayed from its public record)
            del entry["denarii"]
        players.append(entry)
    return {
        "game": "sylla",
        "options": {"ecclesia_vote": state.options.get("ecclesia_vote", "all"), "christian_slave": state.options.get("christian_slave", "both"),
                    "card_checks": state.options.get("card_checks", "notes")},
        "ladder": {k: state.value(k) for k in TOKENS},
        "players": players,
    }
