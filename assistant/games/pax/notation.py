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
from collections.abc import Callable

from assistant.core import reading
from assistant.core.errors import InvalidEntry
from assistant.core.inputs import number
from assistant.core.names import NameIndex, normalize
from assistant.games.pax.components import Card, resolve_category, split_token
from assistant.games.pax.moves import (
    AUREI,
    CARD,
    POSITION,
    PRIMUS,
    Buy,
    Correct,
    Draw,
    End,
    Keep,
    Market,
    Name,
    PaxMove,
    Peek,
    Placement,
    Play,
    PositionDeck,
    PositionLegion,
    PositionPlayer,
    PositionRome,
    PositionRound,
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


HIDDEN_RULE = "pax.hidden"


def split_face(text: str) -> tuple[Card | None, str]:
    """A card token or ``?`` (a face entered unknown) at the start of ``text``, and the rest."""
    stripped = text.lstrip()
    if stripped.startswith("?"):
        return None, stripped[1:]
    return split_token(text)


def _public_face(card: Card | None, what: str) -> Card:
    """A card the whole table sees must be entered with its face (``pax.hidden``)."""
    if card is None:
        raise InvalidEntry(
            HIDDEN_RULE,
            f"{what} is seen by the whole table, so its face is entered, not ?",
            hint="only cards kept, drawn into a hand or slid under the deck may be entered as ?",
        )
    return card


def parse_faces(text: str) -> tuple[Card | None, ...]:
    """One or more card tokens or ``?`` separated by commas or spaces."""
    cards: list[Card | None] = []
    rest = _strip_separators(text)
    while rest:
        card, rest = split_face(rest)
        cards.append(card)
        rest = _strip_separators(rest)
    if not cards:
        raise InvalidEntry(NOTATION_RULE, "no card given", hint="e.g. army 3/2, or ? for a secret card")
    return tuple(cards)


def parse_cards(text: str, what: str = "a played or face-up card") -> tuple[Card, ...]:
    """One or more card tokens separated by commas or spaces (``?`` refused: the faces are public)."""
    cards: list[Card] = []
    rest = _strip_separators(text)
    while rest:
        card, rest = split_face(rest)
        cards.append(_public_face(card, what))
        rest = _strip_separators(rest)
    if not cards:
        raise InvalidEntry(NOTATION_RULE, "no card given", hint="e.g. army 3/2")
    return tuple(cards)


def parse_placements(text: str) -> tuple[Placement, ...]:
    """``army 3/2 hand, fleet 1/1 II, wealth 2/1 deck``: each card and where it went."""
    placements: list[Placement] = []
    rest = _strip_separators(text)
    while rest:
        card, rest = split_face(rest)
        match = _DEST.match(rest)
        shown = "?" if card is None else card.token()
        if not match:
            raise InvalidEntry(
                NOTATION_RULE,
                f"where did {shown} go? '{rest.strip()}' is not a destination",
                hint="after each card write hand, deck or a Legion (I-V)",
            )
        dest = _destination(match.group("dest"))
        if dest not in (HAND, DECK):
            card = _public_face(card, "a card put under a Legion")
        placements.append(Placement(card, dest))
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
        elif _LEGION.match(first) and (after[:1].isalpha() or after[:1] == "?"):
            legion = parse_legion(first)
            _public_face(split_face(after)[0], "a new card under a Legion")
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


def parse_move(state: PaxState, text: str) -> PaxMove:
    """Read one entry against ``state`` (names of players are resolved here)."""
    words = text.strip().split()
    if not words:
        raise InvalidEntry(NOTATION_RULE, "the entry is empty", hint=_hint(state))
    players = reading.seat_index(state.seats, NOTATION_RULE)
    if normalize(words[0]) == POSITION:
        return _parse_position(players, words[1:])
    if normalize(words[0]) in ("correct", "correction"):
        return _parse_correct(players, text.strip().split(None, 1)[1] if len(words) > 1 else "")
    if any(normalize(word) == "was" for word in words):
        return _parse_name(state, players, text)
    player, verb, body = _read_verb(state, players, text, words)
    who = player if player is not None else state.seats[state.current]
    return _READERS[verb](state, players, who, body)


def _read_verb(state: PaxState, players: NameIndex, text: str, words: list[str]) -> tuple[str | None, str, str]:
    """The player named before the verb (``None``: left out), the verb and the text after it."""
    player: str | None = None
    verb = _VERB_OF.get(words[0].lower())
    if verb is not None and len(words) > 1 and words[1].lower() in _VERB_OF and players.exact(words[0]):
        verb = None  # a player whose name is also a verb ("Max" is not, but "Primus" could be)
    if verb is None:
        player = players.exact(words[0]) or _player_or_verb(state, players, text, words[0])
        words = words[1:]
        if not words:
            raise InvalidEntry(NOTATION_RULE, f"what did {player} do?", hint=_hint(state))
        verb = _VERB_OF.get(words[0].lower())
        if verb is None:
            raise InvalidEntry(NOTATION_RULE, f"'{words[0]}' is not an entry verb", hint=_hint(state))
    return player, verb, " ".join(words[1:])


def _player_or_verb(state: PaxState, players: NameIndex, text: str, word: str) -> str:
    """The player a first word names by a prefix; else the refusal of a word that is neither
    a player nor a verb (``pass``: the two entries it could mean)."""
    try:
        return players.resolve(word)
    except InvalidEntry:
        if normalize(word) in ("pass", "passes"):
            raise InvalidEntry(
                NOTATION_RULE,
                "'pass' can mean two things in PAX",
                hint="to give up the whole turn for 2 Aurei and a look at Rome's hidden cards, enter peek;"
                " to finish a turn after drawing (income), enter end",
            ) from None
        raise InvalidEntry(
            NOTATION_RULE,
            f"cannot read '{text.strip()}': '{word}' is neither a player nor an entry verb",
            hint=_hint(state),
        ) from None


def _start(state: PaxState, players: NameIndex, who: str, body: str) -> PaxMove:
    if not body:
        raise InvalidEntry(NOTATION_RULE, "start who?", hint="start NAME")
    try:
        return StartPlayer(players.resolve(body))
    except InvalidEntry as exc:
        if exc.hint:
            raise
        raise InvalidEntry(exc.rule or NOTATION_RULE, exc.message, hint="start " + " or start ".join(state.seats)) from None


def _buy(state: PaxState, players: NameIndex, who: str, body: str) -> PaxMove:
    if not body:
        raise InvalidEntry(NOTATION_RULE, "buy under which Legion?", hint="buy II")
    return Buy(who, parse_legion(body))


def _end(state: PaxState, players: NameIndex, who: str, body: str) -> PaxMove:
    _no_more("" if normalize(body) in ("turn", "of turn", "my turn") else body, "end")
    return End(who)


def _peek(state: PaxState, players: NameIndex, who: str, body: str) -> PaxMove:
    _no_more(body, "peek")
    return Peek(who)


def _refill(state: PaxState, players: NameIndex, who: str, body: str) -> PaxMove:
    cards, legions = parse_refill(body)
    return Refill(cards, _fill_legions(state, legions))


#: The reader of each verb of :data:`VERBS`: the state, the players, whose entry it is and the
#: text after the verb.
_READERS: dict[str, Callable[[PaxState, NameIndex, str, str], PaxMove]] = {
    "start": _start,
    "keep": lambda state, players, who, body: _parse_keep(who, body),
    "market": lambda state, players, who, body: Market(parse_cards(body, "a market card")),
    "draw": lambda state, players, who, body: Draw(who, parse_placements(body)),
    "buy": _buy,
    "play": lambda state, players, who, body: Play(who, parse_cards(body)),
    "end": _end,
    "peek": _peek,
    "refill": _refill,
    "reveal": lambda state, players, who, body: Reveal(parse_cards(body, "Rome's revealed card")),
}


def public_notation(state: PaxState, move: PaxMove) -> str:
    """The entry as the whole table may see it (``pax.hidden``): the kept starting card, the
    cards drawn into a hand or slid under the deck and the returned starting cards as ``?``
    (the returned ones left out: left out, they stay unknown), a named face as ``?``, and the
    Aurei of a player's position entry as ``aurei ?`` (behind the screen, ``pax.hidden.money``).
    Everything else is public and stays as typed. It parses back at ``state`` to a move with
    the same public effect."""
    if isinstance(move, PositionPlayer):
        return PositionPlayer(move.player, None, move.hand, move.cards).notation()
    if isinstance(move, Keep):
        return Keep(move.player, None, move.played, ()).notation()
    if isinstance(move, Draw):
        placements = tuple(Placement(None, p.dest) if p.dest in (HAND, DECK) else p for p in move.placements)
        return Draw(move.player, placements).notation()
    if isinstance(move, Name):
        return Name(move.player, move.where, None).notation()
    return move.notation()


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
    kept = parse_faces(parts[0])
    if len(kept) != 1:
        raise InvalidEntry(
            "pax.setup.hands",
            f"{player} keeps exactly one card, not {len(kept)}",
            hint="keep army 3/2 return fleet 1/1, wealth 2/1",
        )
    played: tuple[Card, ...] = ()
    returned: tuple[Card | None, ...] = ()
    for i in range(1, len(parts) - 1, 2):
        word = parts[i].lower()
        if word == "play":
            played += parse_cards(parts[i + 1], "a starting card played")
        else:
            returned += parse_faces(parts[i + 1])
    known = tuple(card for card in returned if card is not None)
    if known and len(known) != len(returned):
        raise InvalidEntry(
            HIDDEN_RULE,
            "the returned starting cards go under the deck together: enter all their faces, or none (or all as ?)",
            hint="keep army 3/2 return fleet 1/1, wealth 2/1; or keep ? (the rest stays unknown)",
        )
    return Keep(player, kept[0], played, known)


_NAME_DECK = ("deck", "under", "bottom", "pakli")
_NAME_HAND = ("hand", "kez")


def _parse_name(state: PaxState, players: NameIndex, text: str) -> Name:
    """``Ann deck was fleet 2/1``, ``Ann's card under the deck was fleet 2/1``, ``Ann hand was
    army 3/2``: a face entered earlier as ``?`` named now (``pax.hidden.name``)."""
    left, _, right = _split_was(text)
    words = left.split()
    hint = "NAME deck was CARD (the oldest card NAME slid under the deck as ?), or NAME hand was CARD"
    if not words:
        raise InvalidEntry(NOTATION_RULE, "whose card was it?", hint=hint)
    first = re.sub(r"['’]s$", "", words[0], flags=re.IGNORECASE)
    player = players.exact(first)
    rest = words[1:]
    if player is None:
        try:
            player = players.resolve(first)
        except InvalidEntry:
            player = state.seats[state.current]
            rest = words
    said = {normalize(word) for word in rest}
    if said & set(_NAME_DECK):
        where = DECK
    elif said & set(_NAME_HAND):
        where = HAND
    else:
        raise InvalidEntry(NOTATION_RULE, f"which card of {player}'s was it: in hand or under the deck?", hint=hint)
    cards = parse_faces(right)
    if len(cards) != 1:
        raise InvalidEntry(NOTATION_RULE, f"name one card at a time, not {len(cards)}", hint=hint)
    return Name(player, where, cards[0])


CORRECT_HINT = (
    "correct NAME aurei +1 because REASON; correct NAME card CARD to OTHER-NAME (or to CARD) because REASON;"
    " correct NAME primus because REASON"
)
_AUREI_WORDS = ("aurei", "aureus", "aureii", "money", "coin", "coins", "gold")
_PRIMUS_WORDS = ("primus", "pc", "primus conspiratus")


def _parse_correct(players: NameIndex, body: str) -> Correct:
    """``correct Ann aurei +1 because ...``, ``correct Ann card army 3/2 to Ben because ...``,
    ``correct Ann card army 3/2 to fleet 3/2 because ...``, ``correct Ann primus because ...``
    (``pax.correct``): the reason is required and kept in the entry."""
    head, reason = reading.split_because(body)
    if not reason:
        raise InvalidEntry(
            "pax.correct",
            "a correction says why it is made: end it with 'because REASON'",
            hint=CORRECT_HINT,
        )
    words = head.split()
    if len(words) < 2:
        raise InvalidEntry(NOTATION_RULE, "correct whose what?", hint=CORRECT_HINT)
    player = players.resolve(words[0])
    thing = normalize(words[1])
    rest = " ".join(words[2:])
    if thing in _AUREI_WORDS:
        hint = "the Aurei are secret (pax.hidden.money): a correction enters the change, never the total"
        change = reading.read_change(rest.replace(" ", ""), "an Aurei correction", "pax.correct", hint=hint)
        return Correct(player, AUREI, reason, change=change)
    if normalize(" ".join(words[1:])) in _PRIMUS_WORDS:
        return Correct(player, PRIMUS, reason)
    if thing == "card":
        card, tail = split_face(rest)
        if card is None:
            raise InvalidEntry("pax.correct", "a card in a display is public: give its face, not ?", hint=CORRECT_HINT)
        tail = tail.strip()
        to = re.match(r"^(?:to|->|into|in)\s+(?P<target>.+)$", tail, flags=re.IGNORECASE)
        if to is None:
            raise InvalidEntry("pax.correct", f"where does {card.token()} really belong? 'to NAME' or 'to CARD'",
                               hint=CORRECT_HINT)
        target = to.group("target").strip()
        other = players.exact(target)
        if other is not None:
            return Correct(player, CARD, reason, card=card, to_player=other)
        if target[:1].isalpha() and len(target.split()) == 1 and not re.search(r"\d", target):
            return Correct(player, CARD, reason, card=card, to_player=players.resolve(target))
        new, left = split_token(target)
        if left.strip():
            raise InvalidEntry("pax.correct", f"cannot read '{left.strip()}' after {new.token()}", hint=CORRECT_HINT)
        return Correct(player, CARD, reason, card=card, to_card=new)
    raise InvalidEntry(
        "pax.correct",
        f"'{words[1]}' cannot be corrected: a PAX correction is about aurei, a card of a display, or primus",
        hint=CORRECT_HINT,
    )


def _split_was(text: str) -> tuple[str, str, str]:
    """``text`` split at its word ``was``."""
    match = re.search(r"(?:^|\s)was(?:\s|$)", text, flags=re.IGNORECASE)
    assert match is not None
    return text[: match.start()], "was", text[match.end():]


def _hint(state: PaxState) -> str:
    return {
        "start": "keep CARD (e.g. keep army 3/2), or start NAME",
        "market": "market CARD, CARD, ...",
        "turn": "draw CARD hand|deck|LEGION, buy LEGION, play CARD, end, or peek",
        "refill": "refill LEGION CARD, ...",
        "reveal": "reveal CARD, CARD, CARD",
    }.get(state.phase, "the game is over")


# -- the position block (``pax.position``) ------------------------------------------------------
POSITION_RULE = "pax.position"
POSITION_HINT = (
    "position NAME aurei 7 hand 2 cards army 3/2 1/1, estate 2/1; position rome CARDS;"
    " position legion II CARDS; position deck 40; position round 3 start NAME turn NAME primus NAME"
    " (or position round 3 start NAME refill: the round is over)"
)
#: The words of a player's position entry, and what each gives.
_PLAYER_WORDS = {
    **{word: "aureus" for word in _AUREI_WORDS},
    "hand": "hand",
    "cards": "cards",
    "display": "cards",
    "played": "cards",
}
#: What the number after each word of a player's position entry counts.
_COUNTED = {"aureus": "an Aurei count", "hand": "a hand size"}
_TOPICS = {"rome": "rome", "legion": "legion", "leg": "legion", "deck": "deck", "round": "round"}
#: One card of a run: its category (or nothing: the run's), its value, its symbols. The
#: category part is lazy up to the first digit and nothing else may take its spaces, so a
#: failing match costs one pass over the text (linear work, docs/architecture.md).
_GROUP = re.compile(r"(?P<cat>[^\d,;/]*?)(?P<value>[0-9]+)(?:[ ]*/[ ]*(?P<symbols>[0-9]+))?")


def parse_groups(text: str) -> tuple[Card, ...]:
    """Public cards in order: comma-separated runs, each a category once and the value/symbols
    of its cards (``army 3/2 1/1, estate 2/1``); every card may name its category too
    (``army 3/2, army 1/1``, ``a3/2 a1/1``); ``/1`` may be left out. ``?`` is refused: every
    card of a position lies face up (``pax.position``)."""
    cards: list[Card] = []
    for group in re.split(r"[,;]", text):
        if not group.strip() or normalize(group) in ("none", "empty", "nothing"):
            continue
        category: str | None = None
        at = 0
        while group[at:].strip():
            match = _GROUP.match(group, at)
            if match is None:
                shown = group[at:].strip()
                if "?" in shown:
                    raise InvalidEntry(
                        POSITION_RULE,
                        "every card of a position lies face up, so its face is given, not ?",
                        hint="a hand is given by its size only: hand 2",
                    )
                raise InvalidEntry(
                    POSITION_RULE,
                    f"'{shown}' is not a card; write CATEGORY VALUE/SYMBOLS",
                    hint="e.g. army 3/2 1/1, estate 2/1 (the category once, then each card's value/symbols)",
                )
            name = re.sub(r"^(?:and|&|\+)(?:\s+|$)", "", match.group("cat").strip(), flags=re.IGNORECASE)
            if name:
                category = resolve_category(name)
            if category is None:
                raise InvalidEntry(
                    POSITION_RULE,
                    f"'{group.strip()}' does not start with a category",
                    hint="e.g. army 3/2 1/1: the category, then each card's value/symbols",
                )
            value = number(match.group("value"))
            symbols = number(match.group("symbols")) if match.group("symbols") else 1
            if value is None or symbols is None:
                raise InvalidEntry(POSITION_RULE, f"'{match.group(0).strip()}' is not a card", hint="e.g. army 3/2")
            cards.append(Card(category, value, symbols))
            at = match.end()
    return tuple(cards)


def _count(words: list[str], what: str) -> int:
    """The whole number after a word of a position entry (``aurei 7``, ``hand 2``, ``round 3``)."""
    return reading.read_number(words[0] if words else "", what, POSITION_RULE, hint=POSITION_HINT)


def _parse_position(players: NameIndex, words: list[str]) -> PaxMove:
    """An entry of the position block: ``position Ann aurei 7 hand 2 cards army 3/2``,
    ``position rome …``, ``position legion II …``, ``position deck 38 Ann 3``, ``position
    round 3 start Ann turn Ben primus Cy`` (``pax.position``)."""
    if not words:
        raise InvalidEntry(POSITION_RULE, "position of what?", hint=POSITION_HINT)
    topic = _TOPICS.get(normalize(words[0]))
    if topic is not None and players.exact(words[0]) and len(words) > 1 and normalize(words[1]) in _PLAYER_WORDS:
        topic = None  # a player named Rome, Deck ...
    if topic is None and _LEGION.match(words[0]) and not players.exact(words[0]) and normalize(words[0])[:1] == "l":
        topic, words = "legion", ["legion", *words]
    if topic == "rome":
        rest = words[1:]
        if rest and normalize(rest[0]) in ("cards", "card"):
            rest = rest[1:]
        return PositionRome(parse_groups(" ".join(rest)))
    if topic == "legion":
        if len(words) < 2:
            raise InvalidEntry(POSITION_RULE, "which Legion?", hint="position legion II army 3/2")
        return PositionLegion(parse_legion(words[1]), parse_groups(" ".join(words[2:])))
    if topic == "deck":
        return PositionDeck(_deck_parts(players, words[1:]))
    if topic == "round":
        return _parse_round(players, words[1:])
    return _parse_player(players, words)


def _deck_parts(players: NameIndex, words: list[str]) -> tuple[int | str, ...]:
    """``38 Ann 3 Ben 1``: runs of cards and single cards a player slid under unnamed, from top
    to bottom, written canonically (no zero, neighbouring runs added up)."""
    if not words:
        raise InvalidEntry(POSITION_RULE, "how many cards does the deck hold?", hint="position deck 40, or position deck 38 Ann 2")
    parts: list[int | str] = []
    for word in words:
        word = re.sub(r"['’]s$", "", word.strip(" ,;"), flags=re.IGNORECASE)
        if not word or normalize(word) in ("card", "cards", "then"):
            continue
        count = number(word)
        if count is None:
            parts.append(players.resolve(word))
        elif count and parts and isinstance(parts[-1], int):
            parts[-1] += count
        elif count:
            parts.append(count)
    return tuple(parts)


_ROUND_WORDS = {"start": "start", "turn": "turn", "primus": "primus", "pc": "primus", "refill": "refill"}


def _parse_round(players: NameIndex, words: list[str]) -> PositionRound:
    """``3 start Ann turn Ben primus Cy`` (the primus part left out when nobody holds it), or
    ``3 start Ann refill``: round 3 is over, the empty Legions are refilled next."""
    round_ = _count(words, "the round")
    said = reading.read_pairs(
        words[1:], _ROUND_WORDS, POSITION_RULE, stray="'{word}' is not part of the round entry", hint=POSITION_HINT, alone=("refill",)
    )
    refill = "refill" in said
    if refill and "turn" in said:
        raise InvalidEntry(
            POSITION_RULE,
            "at a refill the round is over: nobody's turn has begun",
            hint=f"position round {round_} start NAME refill, or position round {round_} start NAME turn NAME",
        )
    for needed in ("start",) if refill else ("start", "turn"):
        if not said.get(needed):
            raise InvalidEntry(
                POSITION_RULE,
                f"the round entry names the {'start player' if needed == 'start' else 'player whose turn it is'}",
                hint=f"position round {round_} start NAME turn NAME (primus NAME when someone holds Primus Conspiratus)",
            )
    primus = " ".join(said.get("primus", []))
    return PositionRound(
        round_,
        players.resolve(" ".join(said["start"])),
        "" if refill else players.resolve(" ".join(said["turn"])),
        "" if normalize(primus) in ("", "nobody", "none") else players.resolve(primus),
        refill,
    )


def _parse_player(players: NameIndex, words: list[str]) -> PositionPlayer:
    """``Ann aurei 7 hand 2 cards army 3/2 1/1, estate 2/1`` (hand 0 and no cards may be left out)."""
    at = next((i for i, word in enumerate(words) if normalize(word) in _PLAYER_WORDS), len(words))
    if at == 0 or at > 8:
        raise InvalidEntry(POSITION_RULE, f"'{' '.join(words[:3])}' does not start with a player's name", hint=POSITION_HINT)
    player = players.resolve(" ".join(words[:at]))
    stray = f"'{{word}}' is not part of {reading.literal(player)}'s position"
    words_of = reading.read_pairs(
        words[at:], _PLAYER_WORDS, POSITION_RULE, stray=stray, twice=f"{reading.literal(player)}'s {{key}} is given twice",
        hint=POSITION_HINT, glue=lambda key, _: key == "cards",  # the cards take the rest of the entry
    )
    said: dict[str, object] = {}
    for what, values in words_of.items():
        if what == "cards":
            said[what] = parse_groups(" ".join(values))
        elif what == "aureus" and values == ["?"]:
            said[what] = None  # the public form: the Aurei are behind the screen (pax.hidden.money)
        elif len(values) > 1:
            raise InvalidEntry(POSITION_RULE, f"'{values[1]}' is not part of {player}'s position", hint=POSITION_HINT)
        else:
            said[what] = _count(values, _COUNTED[what])
    if "aureus" not in said:
        raise InvalidEntry(
            POSITION_RULE,
            f"{player}'s Aurei are missing: the table counts them (they follow from the public entries, pax.hidden.money)",
            hint=f"position {player} aurei 7 hand 2 cards army 3/2",
        )
    cards = said.get("cards", ())
    assert isinstance(cards, tuple)
    aureus = said["aureus"]
    return PositionPlayer(player, None if aureus is None else int(str(aureus)), int(str(said.get("hand", 0))), cards)
