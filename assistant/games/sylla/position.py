"""The position file of a Sylla game picked up in progress (rule sylla.position,
docs/position/sylla.md): ``position(state)`` writes the public position of a state as the file
holds it, ``from_position(data)`` reads a file (TOML or JSON, keys spelt any way the table-key
reader knows) into the seats, the options and the position block, checking it whole and
listing every problem with its player and rule.

What goes in the file is what the whole table knows: the cards, tiles, events, works, tracks
and prestige in the open; the tokens of each kind everyone saw and how many more each player
holds of a colour nobody saw (sylla.hidden.tokens); and the denarii, which lie behind the
screens but change only in the open (income, bids, the Temple, opened fists, Slaves freed), so
a table that followed the game knows them (sylla.components.hidden), and the game cannot be
tracked without them. A fist vote is never part of a position: no pick-up point falls inside a
vote."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from assistant.core.errors import IllegalMove, InvalidEntry, Problem, TableError
from assistant.core.names import normalize
from assistant.core.protocol import Position
from assistant.core.tablefile import TableReader, key_form
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import ROMAN_OF, TOKENS, buildings_by_id, works_by_id
from assistant.games.sylla.rules import pickup
from assistant.games.sylla.state import State
from assistant.games.sylla.table import PLAYER_ALIASES, token_kind

RULE = pickup.RULE
TOP_KEYS: tuple[str, ...] = (
    "game", "options", "round", "phase", "consul", "turn", "offers", "high_bid", "high_bidder", "famine", "markers",
    "events", "removed_events", "great_work", "built_works", "removed_work", "spaces", "display", "players",
)
TOP_ALIASES: dict[str, str] = {
    "first_consul": "consul", "offered": "offers", "high": "high_bid", "work": "great_work", "works_built": "built_works",
    "built": "built_works", "removed_events": "removed_events", "tiles": "spaces", "ladder": "markers",
}
OPTION_KEYS: tuple[str, ...] = ("ecclesia_vote", "christian_slave", "card_checks", "fields", "crisis_all_equal", "board")
PLAYER_KEYS: tuple[str, ...] = ("name", "set", "prestige", "denarii", "tokens", "unseen", "unseen_splits", "cards", "buildings")
PLAYER_POSITION_ALIASES: dict[str, str] = {
    **{k: v for k, v in PLAYER_ALIASES.items() if v in PLAYER_KEYS},
    "income_tile": "set", "unseen_tokens": "unseen", "splits": "unseen_splits", "tiles": "buildings", "characters": "cards",
}
PHASE_NAMES = {"I": "election", "II": "recruitment", "III": "buildings", "VI": "great work", "VII": "end of round"}
"""The phases a game is picked up in, as the file may name them besides their numerals."""


# -- writing -----------------------------------------------------------------------------------
def position(state: State) -> dict[str, Any]:
    """The public position of ``state`` as a position file holds it; InvalidEntry
    (``core.position``) at a point where the game cannot be picked up."""
    if state.step not in pickup.POINTS or state.phase == "over":
        raise InvalidEntry("core.position", "a Sylla game cannot be picked up here; it can be picked up " + pickup.WHEN,
                           hint="enter the game up to such a point, or write the position as it stood then")
    assert state.board is not None and state.consul is not None
    data: dict[str, Any] = {
        "game": "sylla",
        "options": {**state.options, "board": state.board.text()},
        "round": state.round,
        "phase": state.phase,
        "consul": state.consul,
    }
    if state.phase in ("I", "II"):
        data["turn"] = state.actor
    if state.phase == "III":
        data["turn"] = state.offerer
        data["offers"] = state.offers
    if state.phase == "I" and state.turn > 0:
        data["high_bid"], data["high_bidder"] = state.high, state.high_bidder
    data["famine"] = state.famine
    data["markers"] = {k: state.markers[k] + 1 for k in TOKENS}
    data["events"] = [s.spec.text() for s in state.events]
    data["removed_events"] = [state.seen_events[e].text() for e in state.removed_events]
    names = works_by_id()
    data["great_work"] = names[state.work or ""]["name"]
    data["built_works"] = [names[w]["name"] for w in state.works_built]
    data["removed_work"] = names[state.work_removed or ""]["name"]
    data["spaces"] = [buildings_by_id()[t]["name"] if t else "" for t in state.spaces]
    if state.display is not None:
        data["display"] = [c.text() for c in state.display]
    players = []
    for p in state.players:
        view = p.public()
        entry: dict[str, Any] = {
            "name": p.name,
            "set": ROMAN_OF[p.set or 1],
            "prestige": p.prestige,
            "denarii": "?" if p.money_unknown else p.money,
            "tokens": dict(view.tokens),
        }
        if view.unknown:
            entry["unseen"] = view.unknown
            if view.splits is not None:
                entry["unseen_splits"] = [list(s) for s in sorted(view.splits)]
        entry["cards"] = [_card_text(c) for c in p.cards]
        entry["buildings"] = [buildings_by_id()[t.kind]["name"] + (" down" if t.down else "") for t in p.tiles]
        players.append(entry)
    data["players"] = players
    return data


def _card_text(card: Any) -> str:
    """A card as the file writes it: ``senator fish ry II tapped``, ``crane ry down``."""
    head = card.spec().text() if card.kind != "crane" else f"crane {card.hexes}"
    return " ".join([head] + (["tapped"] if card.tapped else []) + (["down"] if card.down else []))


# -- reading -----------------------------------------------------------------------------------
def _as_is(key: str) -> str | None:
    return None


def from_position(
    data: Mapping[str, Any],
    check_seats: Callable[[Sequence[str]], None],
    check_options: Callable[[Mapping[str, str]], dict[str, str]],
) -> Position:
    """The seats, options and position block of a position file; TableError listing every
    problem (the file's keys and values, each entry of the block as the rules judge it, and the
    position as a whole). ``check_seats`` and ``check_options`` are the ruleset's (it hands
    them over, so this module does not import it)."""
    from assistant.games.sylla import notation
    from assistant.games.sylla.rules import apply, check
    from assistant.games.sylla.rules.setup import initial

    reader = TableReader("sylla")
    table = reader.keys(data, TOP_KEYS, aliases=TOP_ALIASES, rule=RULE)
    game = reader.string(table, "game", rule=RULE, default="sylla")
    if normalize(game or "") != "sylla":
        reader.problem(RULE, f"this is a position of '{game}', not of Sylla")
    raw_options = reader.mapping(table, "options", rule=RULE)
    top = {key_form(k) for k in (*TOP_KEYS, *TOP_ALIASES)}
    misplaced = [k for k in raw_options if key_form(k) in top and key_form(k) not in {key_form(o) for o in OPTION_KEYS}]
    for key in misplaced:  # TOML puts every key after [options] under it
        reader.problem(RULE, f"'{key}' stands under [options]; top-level keys come before the first [table] of the file")
    options = {k: str(v) for k, v in reader.keys({k: v for k, v in raw_options.items() if k not in misplaced}, OPTION_KEYS,
                                                 rule=RULE, what="option").items()}
    if "board" not in options or options["board"] == "ask":
        reader.problem("sylla.data.ladder", "the options need the printed board: board = \"ladder=... crisis=N start=N spaces=...\"")
    raw_players = reader.players(table, rule=RULE, low=3, high=4)
    seats = tuple(str(p["name"]).strip() for p in raw_players)
    reader.raise_if_problems()
    try:
        check_seats(seats)
        options = check_options(options)
        state = initial(seats, options)
    except (InvalidEntry, IllegalMove) as exc:
        raise TableError([Problem(exc.rule or RULE, exc.message)]) from None
    entries: list[tuple[str | None, str]] = []  # (player, entry text)
    for raw in raw_players:
        name = str(raw["name"]).strip()
        entries += [(name, text) for text in _player_entries(reader, raw, name)]
    entries += [(None, text) for text in _table_entries(reader, table)]
    block: list[str] = []
    for player, text in entries:
        try:
            move = notation.parse(state, text, ())
            check(state, move)
        except (InvalidEntry, IllegalMove) as exc:
            reader.problem(exc.rule or RULE, exc.message + (f" ({exc.hint})" if exc.hint else ""), player)
            continue
        state = apply(state, move)
        block.append(move.notation())
    if not reader.problems:
        for problem in pickup.problems(state):
            reader.problems.append(problem)
    reader.raise_if_problems()
    return Position(seats, {k: v for k, v in options.items()}, tuple(block))


def _words(value: Any) -> str:
    """A list of names as the entry writes it (a string is a list of one)."""
    if isinstance(value, str):
        return value
    return ", ".join(str(v) if str(v).strip() else "-" for v in value)


def _player_entries(reader: TableReader, raw: Mapping[str, Any], name: str) -> list[str]:
    """A player's figures, cards and buildings as position entries."""
    p = reader.keys(raw, PLAYER_KEYS, aliases=PLAYER_POSITION_ALIASES, other=token_kind, rule=RULE, player=name)
    flat = {k: p.pop(k) for k in TOKENS if k in p}
    if flat:
        if "tokens" in p:
            reader.problem(RULE, "give the tokens once: in 'tokens' or as civic/health/leisure keys, not both", name)
        p["tokens"] = flat
    out: list[str] = []
    card_set = p.get("set")
    if card_set is None:
        reader.problem(RULE, "'set' (his Income tile, I to IV) is missing", name)
    prestige = reader.integer(p, "prestige", rule="sylla.limits.prestige-floor", player=name, default=None)
    if p.get("denarii") == "?":
        denarii: int | str = "?"  # not known: the public position of a game picked up (sylla.components.hidden)
    else:
        denarii = reader.integer(p, "denarii", rule="sylla.limits.money", player=name, default=None)
    tokens_raw = reader.keys(reader.mapping(p, "tokens", rule=RULE, player=name), TOKENS, other=token_kind, rule=RULE,
                             player=name, what="token kind")
    tokens = [reader.integer(tokens_raw, k, rule="sylla.hidden.tokens", player=name) for k in TOKENS]
    unseen = reader.integer(p, "unseen", rule="sylla.hidden.tokens", player=name)
    text = f"position {name} set {card_set}, prestige {prestige}, denarii {denarii}, " + " ".join(
        f"{k} {n}" for k, n in zip(TOKENS, tokens))
    if unseen:
        text += f", unseen {unseen}"
        splits = p.get("unseen_splits") or []
        if not isinstance(splits, list) or not all(isinstance(s, list) and len(s) == 3 and all(isinstance(n, int) for n in s) for s in splits):
            reader.problem("sylla.hidden.tokens", "'unseen_splits' is a list of [civic, health, leisure] counts", name)
        elif splits:
            text += " as " + " or ".join(" ".join(map(str, s)) for s in splits)
    elif p.get("unseen_splits"):
        reader.problem("sylla.hidden.tokens", "'unseen_splits' without unseen tokens", name)
    out.append(text)
    cards = p.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        reader.problem(RULE, "'cards' is a list of cards such as \"senator fish ry II tapped\"", name)
    else:
        out.append(f"position {name} cards " + (", ".join(cards) or "-"))
    buildings = p.get("buildings", [])
    if not isinstance(buildings, list) or not all(isinstance(b, str) for b in buildings):
        reader.problem(RULE, "'buildings' is a list of kept tiles such as \"Field down\"", name)
    elif buildings:
        out.append(f"position {name} buildings " + ", ".join(buildings))
    return out


def _table_entries(reader: TableReader, table: Mapping[str, Any]) -> list[str]:
    """The event row, the Great Works, the spaces, the display and, last, where the game stands."""
    out: list[str] = []
    events = reader.strings(table, "events", rule="sylla.setup.events")
    removed = reader.strings(table, "removed_events", rule="sylla.phase5.removal")
    out.append("position events " + ", ".join(events) + ("; removed " + ", ".join(removed) if removed else ""))
    work = reader.string(table, "great_work", rule="sylla.setup.greatworks", default="")
    built = reader.strings(table, "built_works", rule="sylla.phase6.work")
    removed_work = reader.string(table, "removed_work", rule="sylla.setup.greatworks", default="")
    out.append(f"position works {work}" + ("; built " + ", ".join(built) if built else "") + f"; removed {removed_work}")
    spaces = table.get("spaces", [""] * 6)
    if not isinstance(spaces, list) or not all(isinstance(s, str) for s in spaces):
        reader.problem("sylla.phase3.sequence", "'spaces' lists the 6 building spaces left to right, \"\" for an empty one")
    else:
        out.append("position tiles " + _words(spaces))
    if "display" in table:
        display = reader.strings(table, "display", rule="sylla.phase2.recruit")
        out.append("position display " + (", ".join(display) or "-"))
    phase = str(table.get("phase", ""))
    numeral = next((k for k, v in PHASE_NAMES.items() if normalize(v) == normalize(phase)), phase.strip().upper())
    parts = [f"round {table.get('round', '')}", f"phase {numeral}", f"consul {table.get('consul', '')}"]
    if "turn" in table:
        parts.append(f"turn {table['turn']}")
    if "offers" in table:
        parts.append(f"offers {table['offers']}")
    if "high_bid" in table or "high_bidder" in table:
        parts.append(f"high {table.get('high_bid', '')} {table.get('high_bidder', '')}")
    parts.append(f"famine {table.get('famine', '')}")
    markers = reader.keys(reader.mapping(table, "markers", rule="sylla.data.ladder"), TOKENS, other=token_kind,
                          rule="sylla.data.ladder", what="marker")
    parts += [f"{k} {markers.get(k, '')}" for k in TOKENS]
    out.append("position " + ", ".join(parts))
    return out
