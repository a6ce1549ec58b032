"""Final tables of PAX (INTERFACES.md §1): reading and checking a table file, and building the
same table from a tracked game so that both are scored by the same code.

A table that cannot exist is refused with every problem listed (player, rule id, reason):
unknown categories (with "did you mean"), symbol counts beyond what the deck holds, a Fleet or
Army beyond the Estate/Conspiracy limit, a Primus Conspiratus held by two players, by nobody
although someone played Conspiracy, or by a player with fewer Conspiracy symbols than another.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.core.errors import InvalidEntry, AmbiguousEntry
from assistant.core.names import NameIndex
from assistant.core.scoresheet import ScoreSheet
from assistant.core.tablefile import TableReader
from assistant.games.pax.cards import CATEGORIES, category_cards, category_index, components, symbol_range
from assistant.games.pax.scoring import FinalPlayer, score_final

PLAYER_KEYS = ("name", "symbols", "aureus", "hand", "primus_conspiratus")
TOP_KEYS = ("game", "rome", "players", "level", "pc_count")
_KEY_INDEX = NameIndex(
    [
        ("name", ()),
        ("symbols", ("symbol", "display")),
        ("aureus", ("aurei", "money", "coins", "gold")),
        ("hand", ("cards in hand", "hand cards")),
        ("primus_conspiratus", ("pc", "primus", "conspiratus")),
    ],
    what="key",
    rule="pax.scoring",
)


def read_symbols(reader: TableReader, obj: Mapping[str, Any], who: str | None, rule: str) -> dict[str, int]:
    """A ``symbols = { category = n }`` table: categories by name or alias, counts in range."""
    raw = reader.mapping(obj, "symbols", rule=rule, player=who)
    result = {cat: 0 for cat in CATEGORIES}
    high = symbol_range()[1]
    given: dict[str, str] = {}
    for key in raw:
        try:
            cat = category_index().resolve(key)
        except (InvalidEntry, AmbiguousEntry) as exc:
            hint = f" ({exc.hint})" if exc.hint else ""
            reader.problem("pax.terms.categories", f"'{key}' is not a PAX category{hint}", who)
            continue
        if cat in given:
            reader.problem("pax.terms.categories", f"{cat} is given twice (as '{given[cat]}' and '{key}')", who)
            continue
        given[cat] = key
        limit = category_cards()[cat] * high
        n = reader.integer(raw, key, rule="pax.data.cards", player=who, low=0, high=limit)
        result[cat] += n
    return result


def read_table(table: Mapping[str, Any]) -> tuple[dict[str, int], list[FinalPlayer], int, list[str]]:
    """Rome's symbols, the players, the solitaire level and notes; raises TableError."""
    reader = TableReader("pax")
    notes: list[str] = []
    for key in table:
        if key not in TOP_KEYS:
            reader.problem("pax.scoring", f"unknown key '{key}' (the table has: {', '.join(TOP_KEYS)})")
    game = table.get("game", "pax")
    if isinstance(game, str) and game.strip().lower() != "pax":
        reader.problem("pax.scoring", f"this is a table of '{game}', not of PAX")
    rome_obj = table.get("rome")
    if not isinstance(rome_obj, dict):
        reader.problem("pax.winner.reveal", "the table needs a [rome] section with Rome's symbols (the 3 hidden cards included)")
        rome_obj = {}
    rome = read_symbols(reader, rome_obj, "Rome", "pax.winner.reveal")
    if sum(rome.values()) < 3 and rome_obj:
        reader.problem(
            "pax.setup.rome",
            f"{sum(rome.values())} symbols in all, but Rome's 3 hidden cards alone show at least 3:"
            " count the hidden cards too",
            "Rome",
        )
    raw_players = reader.players(table, rule="pax.scoring", low=1, high=4)
    level = reader.integer(table, "level", rule="pax.solo.levels", default=1, low=1, high=5)
    if "level" in table and len(raw_players) > 1:
        reader.problem("pax.solo.levels", "'level' is for the solitaire game only (one player)")
    pc_count = reader.string(table, "pc_count", rule="pax.open.pc-cards-or-symbols", default="symbols")
    if pc_count not in ("symbols", "cards"):
        reader.problem("pax.open.pc-cards-or-symbols", f"pc_count is 'symbols' or 'cards', not {pc_count!r}")
    players: list[FinalPlayer] = []
    for raw in raw_players:
        name = str(raw.get("name"))
        for key in raw:
            if key not in PLAYER_KEYS:
                guess = _KEY_INDEX.find(key)
                hint = f" (did you mean {guess}?)" if guess and guess != key else ""
                reader.problem("pax.scoring", f"unknown key '{key}'{hint}", name)
        symbols = read_symbols(reader, raw, name, "pax.scoring")
        aureus = reader.integer(raw, "aureus", rule="pax.scoring.money", player=name, low=0, high=9999)
        hand = reader.integer(raw, "hand", rule="pax.scoring.money", player=name, low=0, high=components()["influence_cards"])
        pc = reader.boolean(raw, "primus_conspiratus", rule="pax.cat.primus-conspiratus", player=name)
        players.append(FinalPlayer(name, symbols, aureus, hand, pc))
        if len(raw_players) > 1:
            limit = max(symbols["estate"], symbols["conspiracy"])
            for cat in ("fleet", "army"):
                if symbols[cat] > limit:
                    reader.problem(
                        "pax.cat.limit",
                        f"{symbols[cat]} {cat.title()} symbols exceed the limit of {limit} (the larger of"
                        f" {symbols['estate']} Estate and {symbols['conspiracy']} Conspiracy symbols)",
                        name,
                    )
    high = symbol_range()[1]
    for cat in CATEGORIES:
        total = rome[cat] + sum(p.symbols[cat] for p in players)
        most = category_cards()[cat] * high
        if total > most:
            reader.problem(
                "pax.data.cards",
                f"{total} {cat} symbols on the table (Rome and players together), but the {category_cards()[cat]}"
                f" {cat} cards show at most {most}",
            )
    holders = [p for p in players if p.primus_conspiratus]
    if len(holders) > 1:
        reader.problem(
            "pax.cat.primus-conspiratus",
            "Primus Conspiratus is held by " + " and ".join(p.name for p in holders) + "; there is one such card",
        )
    conspirators = [p for p in players if p.symbols["conspiracy"] > 0]
    if conspirators and not holders:
        reader.problem(
            "pax.cat.primus-conspiratus",
            f"{conspirators[0].name} played Conspiracy, so some player holds Primus Conspiratus;"
            " mark the holder with primus_conspiratus = true",
        )
    for holder in holders:
        if holder.symbols["conspiracy"] == 0:
            reader.problem(
                "pax.cat.primus-conspiratus",
                "holds Primus Conspiratus without any Conspiracy symbol; it goes to a player who plays Conspiracy",
                holder.name,
            )
        elif pc_count == "symbols":
            more = [p for p in players if p.symbols["conspiracy"] > holder.symbols["conspiracy"]]
            if more:
                reader.problem(
                    "pax.cat.primus-conspiratus",
                    f"holds Primus Conspiratus with {holder.symbols['conspiracy']} Conspiracy symbols, but"
                    f" {more[0].name} has {more[0].symbols['conspiracy']}: the card would have moved to {more[0].name}",
                    holder.name,
                )
    reader.raise_if_problems()
    return rome, players, level, notes


def score_table(table: Mapping[str, Any]) -> ScoreSheet:
    """INTERFACES.md §1 scoring of a PAX final table."""
    rome, players, level, notes = read_table(table)
    return score_final(rome, players, level=level, notes=notes)
