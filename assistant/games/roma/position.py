"""The position file of a Roma game picked up in progress (rule roma.position,
docs/position/roma.md): :func:`position` writes the public position of a tracked game at the
start of a turn, :func:`from_position` reads one (TOML or JSON, already parsed), checks it,
listing every problem at once, and gives the seats, the options and the position block.

A game is picked up at the start of a turn: the player to play has made the Phase 1 payment
for their empty discs (counted in their VP) and rolls the action dice next. That moment comes
once every turn, and a real table can always stop there. The file holds what the whole table
sees: the VP, sestertii, cards on the discs, the discs a Praetorianus blocks, how many cards
each hand holds (not their faces: they stay unknown, ``?``), the face-up discard pile and the
turn. The stockpile and the draw pile follow from the 36 VP and the 52 cards; the file may give
them, and they are then checked.

>>> data = {"game": "roma", "turn": 5, "to_play": "ben", "discard": ["Forum", "?"],
...         "players": [{"name": "Ann", "vp": 12, "money": 3, "hand": 2, "board": {"1": "forum"}},
...                     {"name": "Ben", "vp": 9, "sestertii": 4, "board": {"2": "Legat", "3": "turris"}}]}
>>> for entry in from_position(data).entries:
...     print(entry)
position Ann vp 12 money 3 hand 2 board Forum 1
position Ben vp 9 money 4 hand 0 board Legat 2 Turris 3
position discard Forum ?
position turn 5 Ben
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from assistant.core.errors import InvalidEntry
from assistant.core.inputs import LIMITS
from assistant.core.names import NameIndex
from assistant.core.protocol import Position
from assistant.core.tablefile import TableReader
from assistant.games.roma.board import BRIBE_DISC
from assistant.games.roma.components import CARD_NAMES, CARDS, DECK_SIZE
from assistant.games.roma.moves import UNKNOWN, PositionDiscard, PositionPlayer, PositionTurn
from assistant.games.roma.state import TOTAL_VP, RomaState

RULE = "roma.position"
#: The top-level keys of a position file.
KEYS = ("game", "bribe", "mercatus", "turn", "to_play", "stockpile", "draw_pile", "discard", "players")
TOP_ALIASES = {"active": "to_play", "player_to_play": "to_play", "whose_turn": "to_play", "draw": "draw_pile", "discard_pile": "discard"}
#: The keys of one player (the final table's ``name``, ``vp``, ``money``, ``board``, and more).
PLAYER_KEYS = ("name", "vp", "money", "hand", "board", "blocked")
PLAYER_ALIASES = {"sestertii": "money", "coins": "money", "cards_in_hand": "hand", "blocked_discs": "blocked"}
#: Discard cards per ``position discard`` entry, so that each entry stays short.
DISCARDS_PER_ENTRY = 20
_MERCATUS = ("opponent", "stockpile")


def position(state: RomaState) -> dict[str, Any]:
    """The public position of ``state`` (a game at the start of a turn). Raises InvalidEntry
    (core.position) at any other moment, saying when a game can be picked up."""
    if state.in_setup:
        raise InvalidEntry("core.position", "a Roma game is picked up at the start of a turn, not during the set-up", hint="after the lay-out, when a player is about to roll")
    if state.over:
        raise InvalidEntry("core.position", "this Roma game is over: there is nothing left to pick up")
    if state.dice is not None or state.battle is not None or state.acted or state.essedum:
        raise InvalidEntry(
            "core.position",
            f"a Roma game is picked up at the start of a turn; {state.player} is in the middle of turn {state.turn}",
            hint="after 'end', when the next player is about to roll",
        )
    players = []
    for i, name in enumerate(state.seats):
        player: dict[str, Any] = {
            "name": name,
            "vp": state.vp[i],
            "money": state.money[i],
            "hand": len(state.hands[i]),
            "board": {str(d): c for d, c in enumerate(state.boards[i], 1) if c},
        }
        if state.blocked[i]:
            player["blocked"] = sorted(state.blocked[i])
        players.append(player)
    return {
        "game": "roma",
        "bribe": state.discs == BRIBE_DISC,
        "mercatus": state.mercatus,
        "turn": state.turn,
        "to_play": state.player,
        "stockpile": state.stockpile,
        "draw_pile": state.draw,
        "discard": list(state.discard_pile()),  # bottom to top, in the order of discarding (D29)
        "players": players,
    }


def from_position(data: Mapping[str, Any]) -> Position:
    """The seats, options and position block of a position file; raises TableError listing
    every problem (an unknown key or name, a missing figure, a disc the table does not have,
    more copies of a card than the box holds, more than 36 VP or 52 cards, a stockpile or
    draw pile that does not add up, blocked discs of the player who does not play)."""
    reader = TableReader("roma")
    top = reader.keys(data, KEYS, rule=RULE, aliases=TOP_ALIASES)
    game = top.get("game", "roma")
    if not isinstance(game, str) or game.strip().casefold() not in ("roma", "rome"):
        reader.problem(RULE, f"this is a position of {game!r}, not of Roma")
    bribe = _bribe(reader, top)
    discs = BRIBE_DISC if bribe else BRIBE_DISC - 1
    mercatus = _mercatus(reader, top)
    seats: list[str] = []
    sides: list[PositionPlayer] = []
    for raw in reader.players(top, rule=RULE, low=2, high=2):
        side = _player(reader, raw, discs)
        seats.append(side.player)
        sides.append(side)
    discard = _discard(reader, top)
    turn = reader.integer(top, "turn", rule=RULE, default=None, low=1, high=999)
    to_play = _to_play(reader, top, seats)
    _totals(reader, top, sides, discard, to_play)
    reader.raise_if_problems()
    entries = [side.notation() for side in sides]
    for k in range(0, len(discard), DISCARDS_PER_ENTRY):
        entries.append(PositionDiscard(tuple(discard[k : k + DISCARDS_PER_ENTRY])).notation())
    assert to_play is not None
    entries.append(PositionTurn(to_play, turn).notation())
    return Position(tuple(seats), {"bribe": "on" if bribe else "off", "mercatus": mercatus}, tuple(entries))


def _bribe(reader: TableReader, top: Mapping[str, Any]) -> bool:
    value = top.get("bribe", False)
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().casefold() in ("on", "off"):
        return value.strip().casefold() == "on"
    reader.problem(RULE, f"'bribe' is true or false (the bribe disc of option bribe=on), not {value!r}")
    return False


def _mercatus(reader: TableReader, top: Mapping[str, Any]) -> str:
    value = top.get("mercatus", "opponent")
    if isinstance(value, str):
        found = NameIndex([(m, ()) for m in _MERCATUS], what="mercatus option").find(value)
        if found is not None:
            return found
    reader.problem(RULE, f"'mercatus' is 'opponent' or 'stockpile' (where Mercatus' VP come from), not {value!r}")
    return "opponent"


def _card(reader: TableReader, text: object, where: str, player: str | None) -> str | None:
    """A card name as the table writes it (any case, accents, aliases, unique prefixes)."""
    found = CARD_NAMES.find(text) if isinstance(text, str) else None
    if found is None:
        reader.problem(RULE, f"{where}: there is no Roma card called {text!r}", player)
    return found


def _player(reader: TableReader, raw: Mapping[str, Any], discs: int) -> PositionPlayer:
    """One player's side of the table, every problem noted."""
    name = str(raw.get("name")).strip()
    if len(name) > LIMITS["name"]:
        reader.problem(RULE, f"a player's name takes at most {LIMITS['name']} characters", name[:20] + "…")
    keys = reader.keys(raw, PLAYER_KEYS, rule=RULE, player=name, aliases=PLAYER_ALIASES)
    vp = reader.integer(keys, "vp", rule=RULE, player=name, default=None, low=1, high=TOTAL_VP - 1)
    money = reader.integer(keys, "money", rule=RULE, player=name, high=999999)
    hand = reader.integer(keys, "hand", rule=RULE, player=name, high=DECK_SIZE)
    board: list[tuple[str, int]] = []
    for disc, text in reader.mapping(keys, "board", rule=RULE, player=name).items():
        number = _disc(reader, disc, discs, "board", name)
        card = _card(reader, text, f"board: disc {disc}", name)
        if number is not None and card is not None:
            board.append((card, number))
    blocked: list[int] = []
    value = keys.get("blocked", [])
    if not isinstance(value, list):
        value = [value]
    for disc in value:
        number = _disc(reader, disc, discs, "blocked", name)
        if number is not None:
            if number in blocked:
                reader.problem(RULE, f"blocked: disc {number} is given twice", name)
            else:
                blocked.append(number)
    return PositionPlayer(name, vp, money, hand, tuple(sorted(board, key=lambda pair: pair[1])), tuple(sorted(blocked)))


def _disc(reader: TableReader, disc: object, discs: int, what: str, name: str) -> int | None:
    """A disc number of this table (7 only with the bribe disc)."""
    text = str(disc).strip()
    if isinstance(disc, bool) or not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= discs:
        if text == str(BRIBE_DISC):
            reader.problem("roma.bribe", f"{what}: there is no disc 7 without the bribe disc (bribe = true)", name)
        else:
            reader.problem(RULE, f"{what}: there is no disc {disc!r} (discs 1 to {discs})", name)
        return None
    return int(text)


def _discard(reader: TableReader, top: Mapping[str, Any]) -> list[str]:
    """The face-up discard pile, bottom to top, ``?`` for a card nobody names."""
    value = top.get("discard", [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        reader.problem(RULE, "'discard' is a list of card names ('?' for one not named)")
        return []
    cards = []
    for text in value:
        card = UNKNOWN if text == UNKNOWN else _card(reader, text, "discard", None)
        if card is not None:
            cards.append(card)
    return cards


def _to_play(reader: TableReader, top: Mapping[str, Any], seats: list[str]) -> str | None:
    """The player to play, by name (any case, accents, unique prefixes)."""
    value = top.get("to_play")
    if value is None:
        reader.problem(RULE, "'to_play' is missing: whose turn it is")
        return None
    found = NameIndex([(s, ()) for s in seats], what="player").find(value) if isinstance(value, str) and seats else None
    if found is None:
        reader.problem(RULE, f"'to_play': {value!r} is not one of the players ({', '.join(seats)})")
    return found


def _totals(
    reader: TableReader, top: Mapping[str, Any], sides: list[PositionPlayer], discard: list[str], to_play: str | None
) -> None:
    """What the whole table must add up to: the 36 VP (at least 1 in the stockpile), the
    52 cards, the copies of each card, each disc once, blocked discs only for the player to
    play."""
    vp = sum(side.vp for side in sides)
    if vp > TOTAL_VP - 1:
        reader.problem(RULE, f"the players hold {vp} VP: of the {TOTAL_VP} VP at least 1 is in the stockpile while the game goes on")
    if "stockpile" in top:
        stockpile = reader.integer(top, "stockpile", rule=RULE, high=TOTAL_VP)
        if vp <= TOTAL_VP and stockpile != TOTAL_VP - vp:
            reader.problem(RULE, f"'stockpile' is {stockpile} VP, but the {TOTAL_VP} VP leave {TOTAL_VP - vp} beside the players' {vp}")
    seen: Counter[str] = Counter(c for c in discard if c != UNKNOWN)
    for side in sides:
        seen.update(card for card, _ in side.board)
        twice = sorted(d for d, n in Counter(d for _, d in side.board).items() if n > 1)
        for d in twice:
            reader.problem(RULE, f"board: disc {d} holds two cards", side.player)
        if side.blocked and to_play is not None and side.player != to_play:
            reader.problem(
                RULE, f"blocked: only the player to play ({to_play}) can have blocked discs (a Praetorianus blocks for one turn)", side.player
            )
    for card, n in seen.items():
        if n > CARDS[card].copies:
            reader.problem("roma.deck", f"{n} × {card} on the discs and the discard pile: the deck has only {CARDS[card].copies}")
    placed = sum(len(side.board) + side.hand for side in sides) + len(discard)
    if placed > DECK_SIZE:
        reader.problem("roma.deck", f"{placed} cards on the discs, in the hands and on the discard pile: the deck has {DECK_SIZE}")
    elif "draw_pile" in top:
        draw = reader.integer(top, "draw_pile", rule=RULE, high=DECK_SIZE)
        if draw != DECK_SIZE - placed:
            reader.problem("roma.deck", f"'draw_pile' is {draw} cards, but the {DECK_SIZE} cards leave {DECK_SIZE - placed} beside the {placed} placed")
