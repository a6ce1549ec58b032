"""The position file of a PAX game picked up in progress (``pax.position``, docs/position/pax.md):
:func:`position` writes the public position of a tracked game at the start of a turn, and
:func:`from_position` reads such a file (TOML or JSON, already parsed), checks it and gives the
seats, the options and the position block that put a new game there.

The file holds what the whole table sees: each player's display, how many cards he holds,
Rome's face-up cards, the groups under the Legions, the deck (its size, and where a card a
player slid under unnamed lies), the round, the start player, whose turn begins and who holds
Primus Conspiratus; and the Aurei, which are secret behind the screen but follow from the public
entries (``pax.hidden.money``): the table says them. The faces in hand and in the deck and
Rome's 3 hidden cards stay unknown (``pax.hidden``).

A file that cannot be a PAX position is refused with every problem listed (player, rule id,
reason), as a final table is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.core.errors import AmbiguousEntry, IllegalMove, InvalidEntry, Problem
from assistant.core.inputs import LIMITS
from assistant.core.names import NameIndex
from assistant.core.protocol import Position
from assistant.core.tablefile import TableReader, key_form
from assistant.games.pax.components import CATEGORIES, Card, parse_token
from assistant.games.pax.moves import (
    PaxMove,
    PositionDeck,
    PositionLegion,
    PositionPlayer,
    PositionRome,
    PositionRound,
)
from assistant.games.pax.notation import parse_groups, parse_legion
from assistant.games.pax.rules.hints import phase_text
from assistant.games.pax.rules import apply
from assistant.games.pax.rules.position import RULE, problems
from assistant.games.pax.rules.rounds import new_turn
from assistant.games.pax.rules.start import setup
from assistant.games.pax.state import ROMAN, PaxState

TOP_KEYS = (
    "game", "players", "rome", "legions", "deck", "round", "turn", "refill", "start_player",
    "level", "pc_count", "last_take", "card_checks", "date", "location",
)
PLAYER_KEYS = ("name", "aureus", "hand", "cards", "primus_conspiratus")
#: Other spellings of the keys (any case, accents, spaces or ``-`` for ``_`` are taken too).
KEY_ALIASES: dict[str, str] = {
    "aurei": "aureus",
    "display": "cards",
    "primusconspiratus": "primus_conspiratus",
    "pc": "pc_count",
    "start": "start_player",
    "primus": "start_player",
    "legion": "legions",
}
PLAYER_ALIASES: dict[str, str] = {"aurei": "aureus", "display": "cards", "pc": "primus_conspiratus"}
#: Words that are not keys but say which key was meant.
SUGGEST: dict[str, str] = {"money": "aureus", "coins": "aureus", "symbols": "cards", "whose_turn": "turn", "now": "turn"}


# -- writing ------------------------------------------------------------------------------------
def _by_category(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """A display or Rome's cards in category order (each category's cards in the order they
    came), as the board shows them: the position does not depend on the order of play."""
    return tuple(sorted(cards, key=lambda c: CATEGORIES.index(c.category)))


def _deck_layout(state: PaxState) -> int | list[int | str]:
    """The deck from top to bottom: its size, or a list of runs (numbers) and single cards a
    player slid under unnamed (names) when there are such cards. At a refill the cards for the
    empty Legions are still on top of it (the table has not drawn them yet)."""
    parts: list[int | str] = [state.window.size] if state.window is not None and state.window.size else []
    for part in state.deck:
        if part.owner:
            parts.append(part.owner)
        elif parts and isinstance(parts[-1], int):
            parts[-1] += part.size
        elif part.size:
            parts.append(part.size)
    if all(isinstance(p, int) for p in parts):
        return sum(int(p) for p in parts)
    return parts


def pick_up_point(state: PaxState) -> str | None:
    """``"turn"`` at the start of a turn (before its first card is drawn), ``"refill"`` at the
    end of a round before its first new card is laid; ``None`` anywhere else."""
    turn = state.turn
    if state.phase == "turn" and turn is not None and state.window is None and turn == new_turn(state, turn.player):
        return "turn"
    window = state.window
    empty = len(state.empty_legions())
    # a batch slid under the deck together and drawn only in part leaves the rest of it on top
    # of the deck, which the tracked state counts out of the deck until the batch is done: that
    # refill is picked up once its cards are laid (the next turn)
    if state.phase == "refill" and window is not None and window.to_place == window.size == empty:
        return "refill"
    return None


def position(state: PaxState) -> dict[str, Any]:
    """The public position at the start of a turn or at the refill that ends a round, as a
    position file holds it; raises InvalidEntry (``core.position``) anywhere else, saying when
    a game can be picked up."""
    point = pick_up_point(state)
    if point is None:
        raise InvalidEntry(
            "core.position",
            "PAX is picked up at the start of a turn, before its first card is drawn, or at the end of a round,"
            f" before the refill; now {phase_text(state)}" + (" and the turn has begun" if state.phase == "turn" else ""),
            hint="enter the rest of the turn (… end, or peek) or of the refill, then take the position",
        )
    data: dict[str, Any] = {"game": "pax"}
    if state.solo:
        data["level"] = state.level
    data["pc_count"] = state.pc_count
    data["last_take"] = "yes" if state.last_take else "no"
    data["card_checks"] = state.card_checks
    data["round"] = state.round
    data["start_player"] = state.seats[state.start]
    if state.turn is not None:
        data["turn"] = state.seats[state.turn.player]
    else:
        data["refill"] = True
    data["deck"] = _deck_layout(state)
    data["rome"] = {"cards": [c.token() for c in _by_category(state.rome)]}
    data["legions"] = {ROMAN[i]: [c.token() for c in group] for i, group in enumerate(state.legions)}
    data["players"] = [
        {
            "name": p.name,
            "aureus": "?" if p.aurei_unknown else p.aureus,
            "hand": p.hand_size,
            "cards": [c.token() for c in _by_category(p.display)],
            "primus_conspiratus": state.pc == i,
        }
        for i, p in enumerate(state.players)
    ]
    return data


# -- reading ------------------------------------------------------------------------------------
def _raw_name(raw: Mapping[str, Any]) -> str | None:
    """The player's name for messages, before the keys are read (``Name`` counts too)."""
    for key, value in raw.items():
        if key_form(key) == "name" and isinstance(value, str):
            return value
    return None


def _cards(reader: TableReader, obj: Mapping[str, Any], key: str, who: str | None) -> tuple[Card, ...]:
    """A list of card tokens (``["army 3/2", "estate 2/1"]``) or one text in the notation of
    the block (``"army 3/2 1/1, estate 2/1"``); every card that cannot be read is a problem."""
    value = obj.get(key, [])
    texts = [value] if isinstance(value, str) else value
    if not isinstance(texts, list):
        reader.problem(RULE, f"'{key}' lists cards such as \"army 3/2\", not {value!r}", who)
        return ()
    cards: list[Card] = []
    for item in texts:
        if not isinstance(item, str):
            reader.problem(RULE, f"'{key}' lists cards as text such as \"army 3/2\", not {item!r}", who)
            continue
        try:
            cards += parse_groups(item) if isinstance(value, str) else [parse_token(item, notes=False)]
        except (InvalidEntry, AmbiguousEntry) as exc:
            reader.problem(exc.rule or RULE, f"'{key}': {exc.message}", who)
    return tuple(cards)


def _option(reader: TableReader, table: Mapping[str, Any], key: str, choices: tuple[str, ...], rule: str) -> str | None:
    """An option given as text (``true``/``false`` too for yes/no); ``None`` when absent."""
    if key not in table:
        return None
    value = table[key]
    if isinstance(value, bool) and choices == ("yes", "no"):
        return "yes" if value else "no"
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or value.strip().lower() not in choices:
        reader.problem(rule, f"'{key}' is one of {', '.join(choices)}, not {value!r}")
        return None
    return value.strip().lower()


def _name(reader: TableReader, index: NameIndex, table: Mapping[str, Any], key: str, who: str) -> str | None:
    """A player named by ``key`` (any case, accents, a unique beginning)."""
    value = table.get(key)
    if value is None:
        reader.problem(RULE, f"'{key}' is missing: name {who}")
        return None
    if not isinstance(value, str):
        reader.problem(RULE, f"'{key}' names a player, not {value!r}")
        return None
    try:
        return index.resolve(value)
    except (InvalidEntry, AmbiguousEntry) as exc:
        reader.problem(RULE, f"'{key}': {exc.message}" + (f" ({exc.hint})" if exc.hint else ""))
        return None


def _deck(reader: TableReader, index: NameIndex, value: Any) -> PositionDeck | None:
    """``deck = 46``, or ``deck = [38, "Ann", 3, "Ben", 1]`` from top to bottom."""
    items = [value] if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(items, list):
        reader.problem(RULE, f"'deck' is a number of cards, or a list from top to bottom such as [38, \"Ann\", 3], not {value!r}")
        return None
    parts: list[int | str] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (int, str)):
            reader.problem(RULE, f"'deck' lists numbers of cards and player names, not {item!r}")
        elif isinstance(item, int):
            if item < 0:
                reader.problem(RULE, f"'deck' cannot hold {item} cards")
            elif item and parts and isinstance(parts[-1], int):
                parts[-1] += item
            elif item:
                parts.append(item)
        else:
            try:
                parts.append(index.resolve(item))
            except (InvalidEntry, AmbiguousEntry) as exc:
                reader.problem(RULE, f"'deck': {exc.message}")
    return PositionDeck(tuple(parts))


def _moves(reader: TableReader, table: Mapping[str, Any], raw_players: list[dict[str, Any]]) -> list[PaxMove]:
    """The entries of the block, in order, from the keys read (problems noted on ``reader``)."""
    seats = [str(raw.get("name")) for raw in raw_players]
    index = NameIndex([(s, ()) for s in seats], what="player", rule=RULE)
    moves: list[PaxMove] = []
    holders = []
    for raw in raw_players:
        name = str(raw.get("name"))
        if raw.get("aureus") == "?":
            aureus = None  # not known: the public position of a game picked up (pax.hidden.money)
        else:
            aureus = reader.integer(raw, "aureus", rule="pax.hidden.money", player=name, default=None, low=0, high=99999)
        if isinstance(raw.get("hand"), list):
            reader.problem(RULE, "'hand' is how many cards the player holds: their faces stay secret", name)
            hand = 0
        else:
            hand = reader.integer(raw, "hand", rule=RULE, player=name, low=0, high=99)
        cards = _cards(reader, raw, "cards", name)
        if reader.boolean(raw, "primus_conspiratus", rule="pax.cat.primus-conspiratus", player=name):
            holders.append(name)
        moves.append(PositionPlayer(name, aureus, hand, cards))
    if len(holders) > 1:
        reader.problem("pax.cat.primus-conspiratus", "Primus Conspiratus is held by " + " and ".join(holders) + "; there is one such card")
    rome = table.get("rome", {})
    if isinstance(rome, list):
        rome = {"cards": rome}
    if not isinstance(rome, dict):
        reader.problem(RULE, "'rome' is a table with Rome's face-up cards: [rome] cards = [\"army 2/1\"]")
        rome = {}
    rome = reader.keys(rome, ("cards", "hidden"), rule=RULE, player="Rome", aliases={"display": "cards"}, skip_null=True)
    if "hidden" in rome and rome["hidden"] != 3:
        reader.problem("pax.setup.rome", f"Rome keeps its 3 hidden cards until the end of the game, not {rome['hidden']!r}", "Rome")
    rome_cards = _cards(reader, rome, "cards", "Rome")
    if rome_cards:
        moves.append(PositionRome(rome_cards))
    legions = reader.mapping(table, "legions", rule=RULE)
    groups: list[PositionLegion] = []
    given: dict[str, str] = {}
    for key, value in legions.items():
        try:
            label = parse_legion(str(key))
        except InvalidEntry as exc:
            reader.problem("pax.setup.legions", f"'legions': {exc.message} ({exc.hint})")
            continue
        if label in given:
            reader.problem("pax.setup.legions", f"Legion {label} is given twice (as '{given[label]}' and '{key}')")
            continue
        given[label] = str(key)
        cards = _cards(reader, {"cards": value}, "cards", f"Legion {label}")
        if cards:
            groups.append(PositionLegion(label, cards))
    groups.sort(key=lambda m: ROMAN.index(m.legion))
    moves += groups
    if "deck" in table:
        deck = _deck(reader, index, table["deck"])
        if deck is not None:
            moves.append(PositionDeck(deck.parts))
    round_ = reader.integer(table, "round", rule="pax.round", default=None, low=1, high=999)
    start = _name(reader, index, table, "start_player", "the start player (who holds the Primus card)")
    refill = reader.boolean(table, "refill", rule="pax.roundend.refill")
    primus = holders[0] if len(holders) == 1 else ""
    if refill and "turn" in table:
        reader.problem("pax.roundend.refill", "at a refill the round is over: nobody's turn has begun (leave out 'turn')")
    elif refill and start:
        moves.append(PositionRound(round_, start, "", primus, True))
    elif not refill:
        turn = _name(reader, index, table, "turn", "the player whose turn begins (or refill = true at the end of a round)")
        if start and turn:
            moves.append(PositionRound(round_, start, turn, primus))
    return moves


def from_position(data: Mapping[str, Any]) -> Position:
    """The seats, options and position block of a position file; raises TableError listing
    every problem (the file's keys, then every entry of the block judged as it would be at the
    table, ``pax.position`` and the rules it checks)."""
    reader = TableReader("pax")
    table = reader.keys(data, TOP_KEYS, rule=RULE, aliases=KEY_ALIASES, suggest=SUGGEST, skip_null=True)
    game = table.get("game", "pax")
    if not isinstance(game, str) or game.strip().lower() != "pax":
        reader.problem(RULE, f"this is a position of {game!r}, not of PAX")
    if isinstance(table.get("players"), list):
        table = dict(table)
        table["players"] = [
            reader.keys(raw, PLAYER_KEYS, rule=RULE, player=_raw_name(raw), aliases=PLAYER_ALIASES, suggest=SUGGEST, skip_null=True)
            if isinstance(raw, dict) else raw
            for raw in table["players"]
        ]
    raw_players = reader.players(table, rule=RULE, low=1, high=4)
    options: dict[str, str] = {}
    level = reader.integer(table, "level", rule="pax.solo.levels", default=1, low=1, high=5)
    if "level" in table and len(raw_players) > 1:
        reader.problem("pax.solo.levels", "'level' is for the solitaire game only (one player)")
    elif "level" in table:
        options["level"] = str(level)
    for key, option, choices, rule in (
        ("pc_count", "pc", ("symbols", "cards"), "pax.open.pc-cards-or-symbols"),
        ("last_take", "last_take", ("yes", "no"), "pax.open.final-rome-take"),
        ("card_checks", "card_checks", ("notes", "rulebook"), "pax.data.sources"),
    ):
        value = _option(reader, table, key, choices, rule)
        if value is not None:
            options[option] = value
    moves = _moves(reader, table, raw_players) if raw_players else []
    seats = tuple(str(raw.get("name")) for raw in raw_players)
    if 1 <= len(seats) <= 4 and len({s.strip().casefold() for s in seats}) == len(seats):
        # each entry judged as the table would enter it; when some card or figure could not
        # be read, whether the cards add up is left out (it could not)
        _judge(reader, seats, options, moves, totals=not reader.problems)
    reader.raise_if_problems()
    return Position(seats, options, tuple(move.notation() for move in moves))


def _judge(reader: TableReader, seats: tuple[str, ...], options: dict[str, str], moves: list[PaxMove], *, totals: bool) -> None:
    """Every entry of the block judged in turn on a new game, as the table would enter it;
    each problem noted once, with the player it is about."""
    state = setup(seats, options)
    noted: set[tuple[str, str]] = set()
    for move in moves:
        text = move.notation()
        if len(text) > LIMITS["entry"]:
            reader.problem(RULE, f"the entry '{text[:40]}…' is longer than the {LIMITS['entry']} characters an entry takes")
        found: list[IllegalMove] = problems(state, move, totals=totals)  # type: ignore[arg-type]
        for exc in found:
            if (exc.rule, exc.message) in noted:
                continue
            noted.add((exc.rule, exc.message))
            who = getattr(move, "player", None) if isinstance(move, PositionPlayer) else None
            reader.problems.append(Problem(exc.rule, exc.message, who))
        state = apply(state, move)


__all__ = ["from_position", "position"]
