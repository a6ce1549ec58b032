"""Reading PAX entries (docs/notation/pax.md). Forgiving: the player's name may be left out
(it is the player whose turn it is), categories take aliases and unique prefixes, cards may
be separated by commas or just spaces, Legions may be written ``II``, ``2``, ``L2`` or
``legion 2``.

>>> from assistant.games.pax.notation import parse_legion
>>> parse_legion("legion 2"), parse_legion("iv"), parse_legion("L5")
('II', 'IV', 'V')
"""

from __future__ import annotations

import re
from functools import lru_cache

from assistant.core.errors import InvalidEntry
from assistant.core.names import NameIndex, normalize
from assistant.games.pax.components import Card, split_token
from assistant.games.pax.moves import (
    Buy,
    Draw,
    End,
    Keep,
    Market,
    PaxMove,
    Peek,
    Placement,
    Play,
    Refill,
    Reveal,
    StartPlayer,
)
from assistant.games.pax.state import DECK, HAND, ROMAN, PaxState

NOTATION_RULE = "pax.notation"

#: Entry verbs and their accepted spellings.
VERBS: dict[str, tuple[str, ...]] = {
    "start": ("start", "starts", "primus"),
    "keep": ("keep", "keeps", "kept"),
    "market": ("market",),
    "draw": ("draw", "draws", "drew"),
    "buy": ("buy", "buys", "bought"),
    "play": ("play", "plays", "played"),
    "end": ("end", "ends", "done", "income"),
    "peek": ("peek", "peeks", "look", "looks", "alt", "alternative"),
    "refill": ("refill", "refills"),
    "reveal": ("reveal", "reveals"),
}

#: Words between cards that only separate them (``play e1 and a3/2``).
_SEPARATORS = re.compile(r"^(?:[\s,;+&]|and\b)+", re.IGNORECASE)


def _strip_separators(text: str) -> str:
    return _SEPARATORS.sub("", text.strip())
_VERB_OF = {spelling: verb for verb, spellings in VERBS.items() for spelling in spellings}

_LEGION = re.compile(r"^(?:legion|leg|l)?\s*(?P<n>v|iv|iii|ii|i|[1-5])$", re.IGNORECASE)
_DEST = re.compile(
    r"^\s*(?:to\s+|->\s*)?(?P<dest>hand|h|kéz|kez|deck|d|bottom|under|pakli|(?:legion|leg|l)\s*(?:v|iv|iii|ii|i|[1-5])|v|iv|iii|ii|i|[1-5])\b(?P<rest>.*)$",
    re.IGNORECASE,
)


def parse_legion(text: str) -> str:
    """A Legion label ``I`` .. ``V`` from ``II``, ``2``, ``L2``, ``legion 2``."""
    match = _LEGION.match(text.strip())
    if not match:
        raise InvalidEntry(
            NOTATION_RULE,
            f"'{text.strip()}' is not a Legion",
            hint="a Legion is I, II, III, IV or V (or 1-5)",
        )
    n = match.group("n").upper()
    return ROMAN[int(n) - 1] if n.isdigit() else n


def _destination(text: str) -> str:
    word = normalize(text)
    if word in ("hand", "h", "kez"):
        return HAND
    if word in ("deck", "d", "bottom", "under", "pakli"):
        return DECK
    return parse_legion(text)


def parse_cards(text: str) -> tuple[Card, ...]:
    """One or more card tokens separated by commas or spaces."""
    cards: list[Card] = []
    rest = _strip_separators(text)
    while rest:
        card, rest = split_token(rest)
        cards.append(card)
        rest = _strip_separators(rest)
    if not cards:
        raise InvalidEntry(NOTATION_RULE, "no card given", hint="e.g. army 3/2")
    return tuple(cards)


def parse_placements(text: str) -> tuple[Placement, ...]:
    """``army 3/2 hand, fleet 1/1 II, wealth 2/1 deck``: each card and where it went."""
    placements: list[Placement] = []
    rest = _strip_separators(text)
    while rest:
        card, rest = split_token(rest)
        match = _DEST.match(rest)
        if not match:
            raise InvalidEntry(
                NOTATION_RULE,
                f"where did {card.token()} go? '{rest.strip()}' is not a destination",
                hint="after each card write hand, deck or a Legion (I-V)",
            )
        placements.append(Placement(card, _destination(match.group("dest"))))
        rest = _strip_separators(match.group("rest"))
    if not placements:
        raise InvalidEntry(NOTATION_RULE, "draw what?", hint="draw army 3/2 hand, fleet 1/1 II, wealth 2/1 deck")
    return tuple(placements)


def parse_refill(text: str) -> tuple[tuple[Card, ...], tuple[str | None, ...]]:
    """``I army 3/2, III fleet 1/1`` (or only the cards, for the empty Legions in order)."""
    cards: list[Card] = []
    legions: list[str | None] = []
    rest = text.strip(" ,;\t")
    while rest:
        legion: str | None = None
        first, _, after = rest.partition(" ")
        words = rest.split(None, 2)
        if len(words) >= 3 and words[0].lower() in ("legion", "leg"):
            legion = parse_legion(" ".join(words[:2]))
            card, tail = split_token(words[2])
        elif _LEGION.match(first) and after[:1].isalpha():
            legion = parse_legion(first)
            card, tail = split_token(after)
        else:
            try:
                card, tail = split_token(rest)
                if tail and not tail.startswith((" ", ",", ";", "\t")) and tail.strip(" ,;\t"):
                    raise InvalidEntry(NOTATION_RULE, "glued")
            except InvalidEntry:
                legion = parse_legion(first)
                card, tail = split_token(after)
        cards.append(card)
        legions.append(legion)
        rest = tail.strip(" ,;\t")
    if not cards:
        raise InvalidEntry(NOTATION_RULE, "refill with which cards?", hint="refill I army 3/2")
    return tuple(cards), tuple(legions)


@lru_cache(maxsize=64)
def _player_index(seats: tuple[str, ...]) -> NameIndex:
    """The players' names of a table (built once per table, not once per entry)."""
    return NameIndex([(s, ()) for s in seats], what="player", rule=NOTATION_RULE)


def parse_move(state: PaxState, text: str) -> PaxMove:
    """Read one entry against ``state`` (names of players are resolved here)."""
    words = text.strip().split()
    if not words:
        raise InvalidEntry(NOTATION_RULE, "the entry is empty", hint=_hint(state))
    players = _player_index(state.seats)
    player: str | None = None
    verb = _VERB_OF.get(words[0].lower())
    if verb is not None and len(words) > 1 and words[1].lower() in _VERB_OF and players.exact(words[0]):
        verb = None  # a player whose name is also a verb ("Max" is not, but "Primus" could be)
    if verb is None:
        hit = players.exact(words[0])
        if hit is None:
            try:
                hit = players.resolve(words[0])
            except InvalidEntry:
                if normalize(words[0]) in ("pass", "passes"):
                    raise InvalidEntry(
                        NOTATION_RULE,
                        "'pass' can mean two things in PAX",
                        hint="to give up the whole turn for 2 Aurei and a look at Rome's hidden cards, enter peek;"
                        " to finish a turn after drawing (income), enter end",
                    ) from None
                raise InvalidEntry(
                    NOTATION_RULE,
                    f"cannot read '{text.strip()}': '{words[0]}' is neither a player nor an entry verb",
                    hint=_hint(state),
                ) from None
        player = hit
        words = words[1:]
        if not words:
            raise InvalidEntry(NOTATION_RULE, f"what did {player} do?", hint=_hint(state))
        verb = _VERB_OF.get(words[0].lower())
        if verb is None:
            raise InvalidEntry(
                NOTATION_RULE,
                f"'{words[0]}' is not an entry verb",
                hint=_hint(state),
            )
    body = " ".join(words[1:])
    who = player if player is not None else state.seats[state.current]
    if verb == "start":
        if not body:
            raise InvalidEntry(NOTATION_RULE, "start who?", hint="start NAME")
        try:
            return StartPlayer(players.resolve(body))
        except InvalidEntry as exc:
            if exc.hint:
                raise
            raise InvalidEntry(
                exc.rule or NOTATION_RULE,
                exc.message,
                hint="start " + " or start ".join(state.seats),
            ) from None
    if verb == "keep":
        return _parse_keep(who, body)
    if verb == "market":
        return Market(parse_cards(body))
    if verb == "draw":
        return Draw(who, parse_placements(body))
    if verb == "buy":
        if not body:
            raise InvalidEntry(NOTATION_RULE, "buy under which Legion?", hint="buy II")
        return Buy(who, parse_legion(body))
    if verb == "play":
        return Play(who, parse_cards(body))
    if verb == "end":
        _no_more("" if normalize(body) in ("turn", "of turn", "my turn") else body, "end")
        return End(who)
    if verb == "peek":
        _no_more(body, "peek")
        return Peek(who)
    if verb == "refill":
        cards, legions = parse_refill(body)
        return Refill(cards, _fill_legions(state, legions))
    cards = parse_cards(body)
    return Reveal(cards)


def _fill_legions(state: PaxState, legions: tuple[str | None, ...]) -> tuple[str, ...]:
    """Give each card without a Legion the next empty Legion not named in the entry
    (``""`` when there is none left: the check explains)."""
    named = {legion for legion in legions if legion}
    free = [
        ROMAN[i]
        for i, group in enumerate(state.legions)
        if not group and ROMAN[i] not in named
    ]
    result: list[str] = []
    for legion in legions:
        if legion:
            result.append(legion)
        elif free:
            result.append(free.pop(0))
        else:
            result.append("")
    return tuple(result)


def _no_more(body: str, verb: str) -> None:
    if body.strip():
        raise InvalidEntry(
            NOTATION_RULE,
            f"'{verb}' takes nothing after it, not '{body.strip()}'",
            hint=f"enter just '{verb}'" + (" (or 'end turn')" if verb == "end" else "") + ", as its own line",
        )


def _parse_keep(player: str, body: str) -> Keep:
    lowered = f" {body} "
    parts = re.split(r"\s(play|return|under|deck)\s", lowered, flags=re.IGNORECASE)
    kept = parse_cards(parts[0])
    if len(kept) != 1:
        raise InvalidEntry(
            "pax.setup.hands",
            f"{player} keeps exactly one card, not {len(kept)}",
            hint="keep army 3/2 return fleet 1/1, wealth 2/1",
        )
    played: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()
    for i in range(1, len(parts) - 1, 2):
        word = parts[i].lower()
        cards = parse_cards(parts[i + 1])
        if word == "play":
            played += cards
        else:
            returned += cards
    return Keep(player, kept[0], played, returned)


def _hint(state: PaxState) -> str:
    return {
        "start": "keep CARD (e.g. keep army 3/2), or start NAME",
        "market": "market CARD, CARD, ...",
        "turn": "draw CARD hand|deck|LEGION, buy LEGION, play CARD, end, or peek",
        "refill": "refill LEGION CARD, ...",
        "reveal": "reveal CARD, CARD, CARD",
    }.get(state.phase, "the game is over")
