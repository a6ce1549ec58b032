"""Final tables of PAX (INTERFACES.md §1): reading and checking a table file (its keys through
the one key reader, :meth:`TableReader.keys`), scoring it, and building the same table from a
tracked game so that both are scored by the same code.

A table that cannot exist is refused with every problem listed (player, rule id, reason):
unknown categories (with "did you mean"), symbol counts beyond what the deck holds (research
notes: 1 or 2 symbols a card; not checked with ``card_checks = "rulebook"``), a Fleet or
Army beyond the Estate/Conspiracy limit, a Primus Conspiratus held by two players, by nobody
although someone played Conspiracy, or by a player with fewer Conspiracy symbols than another.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.core.errors import AmbiguousEntry, IllegalMove, InvalidEntry
from assistant.core.scoresheet import ScoreSheet
from assistant.core.tablefile import TableReader, key_form
from assistant.games.pax.components import (
    CATEGORIES,
    category_cards,
    category_index,
    check_card,
    components,
    parse_token,
    symbol_counts,
    symbol_range,
)
from assistant.games.pax.scoring import FinalPlayer, score_final
from assistant.games.pax.state import PaxState

PLAYER_KEYS = ("name", "symbols", "aureus", "hand", "primus_conspiratus")
TOP_KEYS = ("game", "rome", "players", "level", "pc_count", "card_checks", "date", "location")

#: Other spellings of the keys (``aurei``, ``PC`` ...), for :meth:`TableReader.keys`, which
#: also takes any case, accents, spaces or ``-`` for ``_`` (``Primus Conspiratus``).
KEY_ALIASES: dict[str, str] = {
    "symbol": "symbols",
    "aurei": "aureus",
    "primusconspiratus": "primus_conspiratus",
    "pc": "primus_conspiratus",
}


#: Words that are not keys but say which key was meant, for the "did you mean" of a refusal.
KEY_SUGGESTIONS: dict[str, str] = {
    "money": "aureus",
    "coins": "aureus",
    "gold": "aureus",
    "display": "symbols",
    "cards in hand": "hand",
    "primus": "primus_conspiratus",
    "conspiratus": "primus_conspiratus",
    "options": "card_checks",
}

#: What a refusal resting on the research notes says the table can do about it.
NOTES_HINT = 'if your cards really show this, add card_checks = "rulebook" to the table'


def _category_key(raw: str) -> str | None:
    """A category name used as a key (the symbols written straight into the player or Rome):
    kept under a ``category:`` prefix for :func:`read_symbols`."""
    return f"category:{raw}" if category_index().exact(raw) is not None else None


def read_keys(reader: TableReader, obj: Mapping[str, Any], known: tuple[str, ...], who: str | None) -> dict[str, Any]:
    """``obj`` with its keys spelt as INTERFACES.md §1 spells them, through the one key reader
    of every game (:meth:`TableReader.keys`); a JSON ``null`` is the same as leaving the key
    out; where ``symbols`` is a key, a category name is one too."""
    return reader.keys(
        obj,
        known,
        rule="pax.scoring",
        player=who,
        aliases=KEY_ALIASES,
        suggest={k: v for k, v in KEY_SUGGESTIONS.items() if v in known},
        other=_category_key if "symbols" in known else None,
        skip_null=True,
    )


def read_symbols(reader: TableReader, obj: Mapping[str, Any], who: str | None, rule: str, *, notes: bool = True) -> dict[str, int]:
    """The symbols per category: a ``symbols = { category = n }`` table, and/or categories
    written straight into ``obj`` (``category:`` keys of :func:`read_keys`); categories by
    name or alias, each category once. With ``notes`` (``card_checks = "notes"``, the
    default) a count is at most what the category's cards show at 2 symbols each (research
    notes: reviews, not the rulebook)."""
    raw = dict(reader.mapping(obj, "symbols", rule=rule, player=who))
    for key, value in obj.items():
        if key.startswith("category:"):
            name = key.split(":", 1)[1]
            if name in raw:
                reader.problem("pax.terms.categories", f"'{name}' is given twice (in symbols and on its own)", who)
                continue
            raw[name] = value
    result = {cat: 0 for cat in CATEGORIES}
    high = symbol_range()[1]
    given: dict[str, str] = {}
    for key in raw:
        if raw[key] is None:
            continue  # JSON null: the category was left out
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
        n = reader.integer(raw, key, rule="pax.data.cards", player=who, low=0)
        most = category_cards()[cat] * high
        if notes and n > most:
            reader.problem(
                "pax.data.cards",
                f"{n} {cat} symbols, but the {category_cards()[cat]} {cat} cards show at most {most}"
                f" (research notes: 1 or 2 symbols a card, from reviews, not the rulebook; {NOTES_HINT})",
                who,
            )
        result[cat] += n
    return result


def read_hand(reader: TableReader, obj: Mapping[str, Any], who: str, *, notes: bool = True) -> int:
    """``hand``: how many influence cards are left in hand, or the list of them (each a card
    token, e.g. ``"army 3/2"``, checked as an entered card under ``card_checks``); absent or
    an empty list means none."""
    value = obj.get("hand", 0)
    if isinstance(value, list):
        for item in value:
            if not isinstance(item, str):
                reader.problem("pax.scoring.money", f"'hand' lists cards as text such as \"army 3/2\", not {item!r}", who)
                continue
            try:
                card = parse_token(item, notes=False)  # the form and the rulebook's checks
            except (InvalidEntry, AmbiguousEntry) as exc:
                reader.problem(exc.rule or "pax.data.cards", f"'hand': {exc.message}", who)
                continue
            try:
                check_card(card, notes=notes)  # the research notes' ranges, unless card_checks = "rulebook"
            except IllegalMove as exc:
                reader.problem(exc.rule, f"'hand': {exc.message}; {NOTES_HINT}", who)
        return len(value)
    return reader.integer(obj, "hand", rule="pax.scoring.money", player=who, low=0, high=components()["influence_cards"])


def _raw_name(raw: Mapping[str, Any]) -> str | None:
    """The player's name for messages, before the keys are read (``Name`` counts too)."""
    for key, value in raw.items():
        if key_form(key) == "name" and isinstance(value, str):
            return value
    return None


def read_table(table: Mapping[str, Any]) -> tuple[dict[str, int], list[FinalPlayer], int, list[str]]:
    """Rome's symbols, the players, the solitaire level and notes; raises TableError."""
    reader = TableReader("pax")
    notes: list[str] = []
    table = read_keys(reader, table, TOP_KEYS, None)
    game = table.get("game", "pax")
    if isinstance(game, str) and game.strip().lower() != "pax":
        reader.problem("pax.scoring", f"this is a table of '{game}', not of PAX")
    rome_obj = table.get("rome")
    if not isinstance(rome_obj, dict):
        reader.problem("pax.winner.reveal", "the table needs a [rome] section with Rome's symbols (the 3 hidden cards included)")
        rome_obj = {}
    card_checks = reader.string(table, "card_checks", rule="pax.data.cards", default="notes")
    if card_checks not in ("notes", "rulebook"):
        reader.problem("pax.data.cards", f"card_checks is 'notes' or 'rulebook', not {card_checks!r}")
    notes_checks = card_checks != "rulebook"
    rome_obj = read_keys(reader, rome_obj, ("symbols",), "Rome")
    rome = read_symbols(reader, rome_obj, "Rome", "pax.winner.reveal", notes=notes_checks)
    if sum(rome.values()) < 3 and rome_obj:
        reader.problem(
            "pax.setup.rome",
            f"{sum(rome.values())} symbol{'' if sum(rome.values()) == 1 else 's'} in all, but Rome's 3 hidden cards alone show at least 3:"
            " count the hidden cards too",
            "Rome",
        )
    if isinstance(table.get("players"), list):
        table = dict(table)
        table["players"] = [
            read_keys(reader, raw, PLAYER_KEYS, _raw_name(raw)) if isinstance(raw, dict) else raw
            for raw in table["players"]
        ]
    raw_players = reader.players(table, rule="pax.scoring", low=1, high=4)
    level = reader.integer(table, "level", rule="pax.solo.levels", default=1, low=1, high=5)
    if "level" in table and len(raw_players) > 1:
        reader.problem("pax.solo.levels", "'level' is for the solitaire game only (one player)")
    pc_count = reader.string(table, "pc_count", rule="pax.open.pc-cards-or-symbols", default="symbols")
    if pc_count not in ("symbols", "cards"):
        reader.problem("pax.open.pc-cards-or-symbols", f"pc_count is 'symbols' or 'cards', not {pc_count!r}")
    players: list[FinalPlayer] = []
    marked: list[bool | None] = []
    for raw in raw_players:
        name = str(raw.get("name"))
        symbols = read_symbols(reader, raw, name, "pax.scoring", notes=notes_checks)
        aureus = reader.integer(raw, "aureus", rule="pax.scoring.money", player=name, low=0, high=9999)
        hand = read_hand(reader, raw, name, notes=notes_checks)
        pc = reader.boolean(raw, "primus_conspiratus", rule="pax.cat.primus-conspiratus", player=name)
        marked.append(pc if "primus_conspiratus" in raw else None)
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
        if notes_checks and total > most:
            reader.problem(
                "pax.data.cards",
                f"{total} {cat} symbols on the table (Rome and players together), but the {category_cards()[cat]}"
                f" {cat} cards show at most {most} (research notes: 1 or 2 symbols a card, from reviews, not the"
                f" rulebook; {NOTES_HINT})",
            )
    players = _primus_conspiratus(reader, players, marked, pc_count or "symbols", notes)
    reader.raise_if_problems()
    return rome, players, level, notes


def _primus_conspiratus(
    reader: TableReader, players: list[FinalPlayer], marked: list[bool | None], pc_count: str, notes: list[str]
) -> list[FinalPlayer]:
    """Check who holds Primus Conspiratus (``pax.cat.primus-conspiratus``). When no player is
    marked as the holder but someone played Conspiracy, the holder follows from the table if
    only one unmarked player can hold it (the most Conspiracy symbols); otherwise the table
    must say who got it first."""
    holders = [p for p in players if p.primus_conspiratus]
    if len(holders) > 1:
        reader.problem(
            "pax.cat.primus-conspiratus",
            "Primus Conspiratus is held by " + " and ".join(p.name for p in holders) + "; there is one such card",
        )
    conspirators = [p for p in players if p.symbols["conspiracy"] > 0]
    if conspirators and not holders:
        most = max(p.symbols["conspiracy"] for p in conspirators)
        # Who can hold it: with the symbols reading only the players with the most symbols;
        # with the cards reading (only symbols are given) any player with Conspiracy.
        candidates = [p for p in conspirators if pc_count == "cards" or p.symbols["conspiracy"] == most]
        open_ = [p for p in candidates if marked[players.index(p)] is None]
        if len(open_) == 1:
            holder = open_[0]
            notes.append(
                f"Primus Conspiratus is not marked: {holder.name} holds it, as the only player who can"
                f" ({holder.symbols['conspiracy']} Conspiracy symbols) [pax.cat.primus-conspiratus]"
            )
            return [FinalPlayer(p.name, p.symbols, p.aureus, p.hand, p is holder) for p in players]
        if len(open_) > 1:
            names = " and ".join(p.name for p in open_)
            why = f"have the most Conspiracy ({most} symbol{'' if most == 1 else 's'} each)" if pc_count == "symbols" else "played Conspiracy"
            reader.problem(
                "pax.cat.primus-conspiratus",
                f"{names} {why}; the table must say who holds Primus Conspiratus:"
                " mark that player with primus_conspiratus = true",
            )
        else:
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
                    f" {more[0].name} has {more[0].symbols['conspiracy']}: the card would have moved to {more[0].name}"
                    ' (a table that counts Conspiracy cards, not symbols, adds pc_count = "cards")',
                    holder.name,
                )
    return players


def score_table(table: Mapping[str, Any]) -> ScoreSheet:
    """INTERFACES.md §1 scoring of a PAX final table."""
    rome, players, level, notes = read_table(table)
    return score_final(rome, players, level=level, notes=notes)


def table_from_state(state: PaxState) -> dict[str, Any]:
    """The §1 final table of a tracked game: Rome's symbols (its hidden cards only once
    revealed), each player's symbols, Aurei, cards in hand and Primus Conspiratus."""
    table: dict[str, Any] = {
        "game": "pax",
        "rome": {"symbols": symbol_counts(state.all_rome())},
        "players": [
            {
                "name": p.name,
                "symbols": symbol_counts(p.display),
                "aureus": "?" if p.aurei_unknown else p.aureus,
                "hand": p.hand_size,
                "primus_conspiratus": state.pc == i,
            }
            for i, p in enumerate(state.players)
        ],
    }
    if state.solo:
        table["level"] = state.level
    if state.pc_count != "symbols":
        table["pc_count"] = state.pc_count
    if state.card_checks != "notes":
        table["card_checks"] = state.card_checks
    return table
