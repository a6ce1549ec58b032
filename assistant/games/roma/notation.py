"""Reading Roma entries (docs/notation/roma.md) into moves. Forgiving: case, accents,
aliases and unique prefixes of card names, an optional leading player name, and values the
program can work out itself (the die of the bribe disc, the Forum's VP die, a single possible
target, Mercator's purchase) may be left out; the move then holds them explicitly. A hidden card
may be typed as unknown (``?``, or a count where players speak that way: ``hand Ann 4``);
:func:`public_notation` writes an entry with its hidden cards so."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, replace

from assistant.core import reading
from assistant.core.errors import InvalidEntry
from assistant.core.inputs import NAME_WORDS, is_number, number, shown
from assistant.core.names import NameIndex
from assistant.games.roma.board import (
    BRIBE_DISC,
    TARGET_KIND,
    copy_candidates,
    legal_targets,
    neighbours,
    placing_player,
)
from assistant.games.roma.components import CARD_NAMES, CARDS, DECK_SIZE
from assistant.games.roma.moves import (
    DISCARD,
    STOCKPILE,
    UNKNOWN,
    Activate,
    Battle,
    Correct,
    End,
    Give,
    Hand,
    Holds,
    Lay,
    Money,
    Place,
    PositionDiscard,
    PositionPlayer,
    PositionTurn,
    Roll,
    RomaMove,
    Start,
    TakeCards,
)
from assistant.games.roma.state import TOTAL_VP, RomaState

RULE = "roma.notation"
VERBS = ("start", "hand", "give", "place", "roll", "reroll", "lay", "money", "cards", "activate", "battle", "end", "holds", "correct", "position")
_VERB_ALIASES = {"held": "holds", "hold": "holds", "act": "activate", "a": "activate", "draw": "cards", "coins": "money", "pass": "end", "done": "end", "play": "lay", "correction": "correct", "fix": "correct"}
_ACT_KEYS = {
    "die": "die", "with": "die", "bribe": "die",
    "copy": "copy", "as": "copy",
    "target": "target", "block": "target", "attack": "target", "at": "target",
    "vp": "vp", "dice": "vp",
    "change": "change",
    "buy": "buy",
    "take": "take",
    "lay": "lay",
    "move": "move",
}


def _number(word: str, what: str, low: int, high: int) -> int:
    """``word`` read as a number in ``[low, high]`` (:func:`reading.read_number`)."""
    return reading.read_number(word, what, RULE, low=low, high=high)


def _disc_number(word: str, what: str, discs: int) -> int:
    """A disc number as typed. Disc 7 is read on every table, so that the rules can say why
    it is not there without the bribe disc (rules/refusals.need_disc); a number no table has
    is refused naming this table's discs (``from 1 to 6`` without the option)."""
    value = number(word)
    if value is not None and 1 <= value <= BRIBE_DISC:
        return value
    return _number(word, what, 1, discs)  # refused, naming this table's discs


def _cards(words: list[str], *, counts: bool = False) -> tuple[str, ...]:
    """Card names, one after the other (:func:`reading.read_names`). ``?`` is an unknown card;
    with ``counts`` a number N is N unknown cards (``hand Ann 4``)."""
    if counts:
        words = [u for w in words for u in ([UNKNOWN] * _number(w, "a number of cards", 1, 4) if is_number(w) else [w])]
    return reading.read_names(CARD_NAMES, words, unknown=UNKNOWN)


_FILLERS = ("on", "at", "disc", "to")


def _pairs(words: list[str], what: str, discs: int) -> tuple[tuple[str, int], ...]:
    """``Card disc Card disc ...`` pairs (``Legat on 4``, ``Legat disc 4`` read too); a disc
    is one of the table's ``discs`` (6, or 7 with the bribe disc)."""
    words = [w for w in words if w.lower() not in _FILLERS]
    pairs: list[tuple[str, int]] = []
    if UNKNOWN in words:
        raise InvalidEntry(
            "roma.hidden.public", f"{what}: a card laid is face up and everybody sees it, so it is named, not '?'",
            hint="e.g. 'Forum 3'",
        )
    i = 0
    while i < len(words):
        j = i
        while j < len(words) and not is_number(words[j]):
            j += 1
        if j == i or j == len(words):
            raise InvalidEntry(RULE, f"{what}: write a card name then its disc number, e.g. 'Forum 3'")
        if j - i > NAME_WORDS:
            raise InvalidEntry(RULE, f"{what}: cannot read '{' '.join(words[i:j])}' as one card")
        name, used = CARD_NAMES.resolve_leading(words[i:j])
        if used != j - i:
            raise InvalidEntry(RULE, f"{what}: cannot read '{' '.join(words[i:j])}' as one card")
        pairs.append((name, _disc_number(words[j], "a disc number", discs)))
        i = j + 1
    return tuple(pairs)


def _dice(words: list[str], verb: str) -> tuple[int, int, int]:
    if len(words) == 1 and len(words[0]) == 3 and is_number(words[0]):
        words = list(words[0])
    if len(words) != 3:
        raise InvalidEntry("roma.phase2.roll", f"'{verb}' takes the three action dice, e.g. '{verb} 3 4 6'")
    a, b, c = (_number(w, "a die value", 1, 6) for w in words)
    return (a, b, c)


def parse(state: RomaState, text: str) -> RomaMove:
    """Read one typed entry into a move (``InvalidEntry`` when it cannot be read); whether
    the move is legal is :func:`rules.check`'s job."""
    reason: str | None = None
    head, said = reading.split_because(text)
    if said is not None and any(_VERB_ALIASES.get(w.lower(), w.lower()) == "correct" for w in head.split()[:3]):
        text, reason = head, said  # as typed
    for mark in ",:()":
        text = text.replace(mark, " ")
    player, verb, rest = _read_verb(state, text)
    if verb == "position":
        return _parse_position(state, player, rest)
    player, rest = _read_player(state, verb, player, rest)
    return _READERS[verb](_Entry(state, player, verb, rest, reason))


def _verb_of(word: str) -> str:
    return _VERB_ALIASES.get(word.lower(), word.lower())


def _read_verb(state: RomaState, text: str) -> tuple[str | None, str, list[str]]:
    """The player named before the verb (or ``None``), the verb and the words after it."""
    words = text.split()
    if not words:
        raise InvalidEntry(RULE, "the entry is empty", hint="one of: " + ", ".join(VERBS))
    player: str | None = None
    first = _verb_of(words[0])
    if first not in VERBS:
        player, used = _player_at(words, _seat_index(state.seats))
        if player is None:
            if len(words) > 1 and _verb_of(words[1]) in VERBS:
                _not_a_player(state, words[0])  # 'Carl money 6': a name the table does not have
            raise InvalidEntry(RULE, f"cannot read '{text}': unknown verb '{words[0]}'", hint=_verb_hint(words[0]))
        words = words[used:]
        if not words:
            raise InvalidEntry(RULE, f"what does {player} do?", hint="one of: " + ", ".join(VERBS))
        first = _verb_of(words[0])
        if first not in VERBS:
            raise InvalidEntry(RULE, f"unknown verb '{words[0]}'", hint=_verb_hint(words[0]))
    return player, first, words[1:]


def _read_player(state: RomaState, verb: str, player: str | None, rest: list[str]) -> tuple[str, list[str]]:
    """The entry's player: named before the verb, or after it (``hand Ann ...``: required for
    the verbs that name one), or the player placing or to play."""
    if verb in ("start", "hand", "give", "place", "holds", "correct") and player is None:
        named, used = _player_at(rest, _seat_index(state.seats))
        if named is None and rest and not _card_like(rest[0]):
            _not_a_player(state, rest[0])  # 'give Carl Forum Turris': say so, not "needs a name"
        if verb == "place" and named is None:
            return placing_player(state), rest
        if named is None:
            raise InvalidEntry(RULE, f"'{verb}' needs a player name", hint="players: " + ", ".join(state.seats))
        return named, rest[used:]
    return (state.player if player is None else player), rest


@dataclass(frozen=True)
class _Entry:
    """An entry read up to its verb's words (``rest``); ``reason``: a correction's."""

    state: RomaState
    player: str
    verb: str
    rest: list[str]
    reason: str | None


def _start(e: _Entry) -> RomaMove:
    if e.rest:
        raise InvalidEntry("roma.setup.start", "'start' takes only the player who begins")
    return Start(e.player)


def _holds(e: _Entry) -> RomaMove:
    if not e.rest:
        raise InvalidEntry("roma.hidden.named", "'holds' names cards of the player's hand, e.g. 'holds Ann Legat'")
    return Holds(e.player, _cards(e.rest, counts=True))


def _lay(e: _Entry) -> RomaMove:
    pairs = _pairs(e.rest, "lay", e.state.discs)
    if len(pairs) != 1:
        raise InvalidEntry("roma.actions.lay", "'lay' takes one card and one disc, e.g. 'lay Legat 4'")
    return Lay(e.player, pairs[0][0], pairs[0][1])


def _money(e: _Entry) -> RomaMove:
    if len(e.rest) != 1:
        raise InvalidEntry("roma.actions.money", "'money' takes the die used, e.g. 'money 6'")
    return Money(e.player, _number(e.rest[0], "a die value", 1, 6))


def _end(e: _Entry) -> RomaMove:
    if e.rest and [w.lower() for w in e.rest] != ["turn"]:
        raise InvalidEntry("roma.turn.end", "'end' takes nothing more", hint="end")
    return End(e.player)


#: The reader of each verb of :data:`VERBS` (``position`` aside: it names its player itself).
_READERS: dict[str, Callable[[_Entry], RomaMove]] = {
    "start": _start,
    "hand": lambda e: Hand(e.player, _cards(e.rest, counts=True)),
    "give": lambda e: Give(e.player, _cards(e.rest, counts=True)),
    "correct": lambda e: _parse_correct(e.state, e.player, e.rest, e.reason),
    "holds": _holds,
    "place": lambda e: Place(e.player, _pairs(e.rest, "place", e.state.discs)),
    "roll": lambda e: Roll(e.player, _dice(e.rest, e.verb), reroll=False),
    "reroll": lambda e: Roll(e.player, _dice(e.rest, e.verb), reroll=True),
    "lay": _lay,
    "money": _money,
    "cards": lambda e: _parse_cards(e.player, e.rest),
    "activate": lambda e: _parse_activate(e.state, e.player, e.rest),
    "battle": lambda e: _parse_battle(e.player, e.rest),
    "end": _end,
}


_CORRECT_HINT = "e.g. 'correct Ann vp +2 from stockpile because ...', 'correct Ann sestertii -1 because ...', 'correct Ann card Forum from 2 to 3 because ...'"
_THINGS = {
    "vp": "vp", "vps": "vp", "points": "vp", "point": "vp",
    "sestertii": "sestertii", "sestertius": "sestertii", "money": "sestertii", "coins": "sestertii", "coin": "sestertii",
    "card": "card",
}
_STOCKPILE_WORDS = ("stockpile", "stock", "pile", "supply")
_DISCARD_WORDS = ("discard", "discards", "discarded")


def _signed(word: str | None, what: str) -> int:
    """A signed amount (``+2``, ``-1``; a bare ``2`` is a gain), never 0, of at most 3 digits."""
    return reading.read_change(word or "", f"a {what} correction", "roma.correct", hint=_CORRECT_HINT, bare=True, high=999)


def _parse_correct(state: RomaState, player: str, rest: list[str], reason: str | None) -> Correct:
    """``correct PLAYER THING CHANGE because REASON`` (rule roma.correct)."""
    if not rest or rest[0].lower() not in _THINGS:
        raise InvalidEntry("roma.correct", "a correction names what was wrong: vp, sestertii or card", hint=_CORRECT_HINT)
    if not reason:
        raise InvalidEntry("roma.correct", "a correction says why: end it with 'because REASON'", hint=_CORRECT_HINT)
    if "#" in reason:
        raise InvalidEntry("roma.correct", "'#' starts a comment: the reason cannot hold one", hint="write the reason without '#'")
    thing = _THINGS[rest[0].lower()]
    words = rest[1:]
    if thing == "sestertii":
        if len(words) != 1:
            raise InvalidEntry("roma.correct", "'sestertii' takes the change only, e.g. 'sestertii +2'", hint=_CORRECT_HINT)
        return Correct(player, thing, reason, amount=_signed(words[0], "sestertii"))
    if thing == "vp":
        amount = _signed(words[0] if words else None, "vp")
        other = [w for w in words[1:] if w.lower() not in ("from", "to", "the", "of")]
        if not other:
            where = "come from" if amount > 0 else "go to"
            raise InvalidEntry(
                "roma.correct",
                f"say where the VP {where} (the 36 VP stay 36): the stockpile or the other player",
                hint=f"correct {player} vp {amount:+d} {'from' if amount > 0 else 'to'} stockpile because ...",
            )
        if len(other) == 1 and other[0].lower() in _STOCKPILE_WORDS:
            return Correct(player, thing, reason, amount=amount, other=STOCKPILE)
        named, used = _player_at(other, _seat_index(state.seats))
        if named is None or used != len(other):
            _not_a_player(state, " ".join(other))
        return Correct(player, thing, reason, amount=amount, other=named or "")
    lower = [w.lower() for w in words]
    if "from" not in lower or "to" not in lower or lower.index("to") < lower.index("from"):
        raise InvalidEntry("roma.correct", "'card' takes the card, where it is and where it goes, e.g. 'card Forum from 2 to 3'", hint=_CORRECT_HINT)
    at, to = lower.index("from"), lower.index("to")
    names = _cards(words[:at]) if at else ()
    if len(names) != 1:
        raise InvalidEntry("roma.correct", "name the one card moved, e.g. 'card Forum from 2 to 3'", hint=_CORRECT_HINT)
    if names[0] == UNKNOWN:
        raise InvalidEntry(
            "roma.hidden.public", "only a public card is corrected (on a disc or face up on the discard pile): name it",
            hint=_CORRECT_HINT,
        )
    origin = _place(words[at + 1 : to], state.discs)
    dest = _place(words[to + 1 :], state.discs)
    return Correct(player, thing, reason, card=names[0], origin=origin, dest=dest)


def _place(words: list[str], discs: int) -> str:
    """Where a corrected card is: a disc number (``2``, ``disc 2``) or the discard pile."""
    if any(w.lower() in ("hand", "hands") for w in words):
        raise InvalidEntry(
            "roma.correct", "a card in a hand is hidden: a correction moves only cards on discs or on the discard pile",
            hint="amend the entry that was wrong instead",
        )
    words = [w for w in words if w.lower() not in ("disc", "the", "pile", "on")] or [w for w in words if w.lower() == "pile"]
    if len(words) == 1 and words[0].lower() in (*_DISCARD_WORDS, "pile"):
        return DISCARD
    if len(words) != 1:
        raise InvalidEntry("roma.correct", "a card is on a disc (a number) or on the discard pile ('discard')", hint=_CORRECT_HINT)
    return str(_disc_number(words[0], "a disc number", discs))


def _card_like(word: str) -> bool:
    """Whether a word may begin the cards of an entry: ``?``, a count or (a prefix of) a card
    name; anything else where a player's name may stand is taken for a name."""
    return word == UNKNOWN or is_number(word) or CARD_NAMES.exact(word) is not None or bool(CARD_NAMES.candidates(word))


def _not_a_player(state: RomaState, word: str) -> None:
    """Refuse a word standing where a player's name goes that is no player of this table,
    listing the players (``Carl is not a player``)."""
    raise InvalidEntry("roma.turn", f"{shown(word, 40)} is not a player", hint="players: " + ", ".join(state.seats))


def _verb_hint(word: str) -> str:
    """The verbs, the closest one first when the word looks like a typo (``activte``)."""
    close = difflib.get_close_matches(word.lower(), VERBS, n=1, cutoff=0.6)
    listing = "one of: " + ", ".join(VERBS)
    return f"did you mean '{close[0]}'? ({listing})" if close else listing


def _seat_index(seats: tuple[str, ...]) -> NameIndex:
    """The players' names (one index per table, :func:`reading.seat_index`)."""
    return reading.seat_index(seats, "roma.turn")


def _player_at(words: list[str], seats: NameIndex) -> tuple[str | None, int]:
    """A player's name at the start of ``words`` (names of several words allowed; a full name
    before a unique prefix) and how many words it used. A name ends before a ``?``."""
    if UNKNOWN in words[:4]:
        words = words[: words.index(UNKNOWN)]
    for n in range(min(len(words), 4), 0, -1):
        hit = seats.exact(" ".join(words[:n]))
        if hit is not None:
            return hit, n
    if words:
        hit = seats.find(words[0])
        if hit is not None:
            return hit, 1
    return None, 0


_POSITION_KEYS = {
    "vp": "vp", "vps": "vp", "points": "vp",
    "money": "money", "sestertii": "money", "sestertius": "money", "coins": "money",
    "hand": "hand", "cards": "hand",
    "board": "board", "discs": "board",
    "blocked": "blocked", "block": "blocked",
}
_POSITION_HINT = "e.g. 'position Ann vp 12 money 3 hand 2 board Forum 1 Legat 2', 'position discard Forum ?', 'position turn 9 Ann'"


def _parse_position(state: RomaState, player: str | None, rest: list[str]) -> RomaMove:
    """``position NAME vp N money N hand N board CARD DISC ... blocked DISC ...``,
    ``position discard CARD|? ...`` or ``position turn N NAME`` (rule roma.position)."""
    if player is None and rest and rest[0].lower() in _DISCARD_WORDS:
        cards = _cards(rest[1:])
        if not cards:
            raise InvalidEntry("roma.position", "'position discard' names the face-up cards of the discard pile ('?' for one not named)", hint=_POSITION_HINT)
        return PositionDiscard(cards)
    if player is None and rest and rest[0].lower() == "turn":
        words = [w for w in rest[1:] if w.lower() not in ("to", "play", "plays", "rolls")]
        if not words or number(words[0]) is None:
            raise InvalidEntry("roma.position", "'position turn' takes the turn's number and the player to play, e.g. 'position turn 9 Ann'", hint=_POSITION_HINT)
        turn = _number(words[0], "the turn's number", 1, 999)
        named, used = _player_at(words[1:], _seat_index(state.seats))
        if named is None or used != len(words) - 1:
            if len(words) > 1:
                _not_a_player(state, " ".join(words[1:]))
            raise InvalidEntry("roma.position", "'position turn' names the player to play, e.g. 'position turn 9 Ann'", hint="players: " + ", ".join(state.seats))
        return PositionTurn(named, turn)
    if player is None:
        named, used = _player_at(rest, _seat_index(state.seats))
        if named is None:
            if rest:
                _not_a_player(state, rest[0])
            raise InvalidEntry("roma.position", "'position' names a player, 'discard' or 'turn'", hint=_POSITION_HINT)
        player, rest = named, rest[used:]
    groups = reading.read_pairs(
        rest, _POSITION_KEYS, "roma.position", hint=_POSITION_HINT, fold=str.lower,
        stray="cannot read '{shown}': say what the number is (vp, money, hand, board, blocked)",
        glue=lambda key, words: key == "board" and bool(words) and not is_number(words[-1]),  # a card named so
    )
    if "vp" not in groups:
        raise InvalidEntry("roma.position", f"{player}'s position needs the VP, e.g. 'vp 12'", hint=_POSITION_HINT)
    vp = _number(_one_word(groups["vp"], "vp"), "the VP", 0, 2 * TOTAL_VP)
    money = _number(_one_word(groups["money"], "money"), "the sestertii", 0, 999999) if "money" in groups else 0
    hand = _number(_one_word(groups["hand"], "hand"), "the number of cards in hand", 0, DECK_SIZE) if "hand" in groups else 0
    board = _pairs(groups.get("board", []), "board", state.discs)
    blocked = tuple(_disc_number(w, "a blocked disc", state.discs) for w in groups.get("blocked", []) if w.lower() != "disc")
    return PositionPlayer(player, vp, money, hand, tuple(sorted(board, key=lambda pair: pair[1])), tuple(sorted(blocked)))


def _parse_cards(player: str, rest: list[str]) -> TakeCards:
    if not rest:
        raise InvalidEntry("roma.actions.cards", "'cards' takes the die and the card kept, e.g. 'cards 3 keep Legat'")
    die = _number(rest[0], "a die value", 1, 6)
    rest = rest[1:]
    if rest and rest[0].lower() == "keep":
        rest = rest[1:]
    lower = [w.lower() for w in rest]
    cut = lower.index("discard") if "discard" in lower else len(rest)
    keep = _cards(rest[:cut])
    if len(keep) != 1:
        raise InvalidEntry("roma.actions.cards", "name the one card kept, e.g. 'cards 3 keep Legat'")
    discards = _cards(rest[cut + 1 :]) if cut < len(rest) else ()
    if UNKNOWN in discards:
        raise InvalidEntry(
            "roma.hidden.public",
            "the discarded cards go face up on the discard pile: name them, or leave them out",
            hint=f"cards {die} keep {keep[0]}",
        )
    return TakeCards(player, die, keep[0], discards)


def _parse_battle(player: str, rest: list[str]) -> Battle:
    if not rest:
        raise InvalidEntry("roma.battle", "'battle' takes the battle die, e.g. 'battle 4'")
    roll = _number(rest[0], "the battle die", 1, 6)
    add = None
    if len(rest) > 1:
        if rest[1].lower() not in ("add", "plus", "+") or len(rest) != 3:
            raise InvalidEntry("roma.cards.centurio", "write 'battle 3 add 5' to add an unused die (Centurio)")
        add = _number(rest[2], "a die value", 1, 6)
    return Battle(player, roll, add)


def _parse_activate(state: RomaState, player: str, rest: list[str]) -> Activate:
    if rest and rest[0].lower() in ("disc", "on"):
        rest = rest[1:]
    if not rest:
        raise InvalidEntry("roma.actions.activate", "'activate' takes the disc, e.g. 'activate 4'")
    disc = _disc_number(rest[0], "a disc number", state.discs)
    # 'copy Scaenicus copy Legat': the other Scaenicus copies a Legat (A11); 'activate 2 5' =
    # target 5 (or the Forum's VP die): the words before any key, read by the card below
    groups = reading.read_pairs(rest[1:], _ACT_KEYS, RULE, stray=None, again=("copy",), fold=str.lower)
    if "" in groups:
        groups["bare"] = groups.pop("")
    if "bare" in groups:
        groups["bare"] = _named_card(state, player, disc, groups["bare"])
        if not groups["bare"]:
            del groups["bare"]
    fields: dict[str, object] = {}
    if "die" in groups:
        fields["die"] = _one_number(groups["die"], "die", 1, 6)
    if "copy" in groups:
        names = _cards(groups["copy"])
        if UNKNOWN in names:
            raise InvalidEntry("roma.hidden.public", "the copied character lies face up: name it", hint="copy CHARACTER")
        if len(names) == 2 and names[0] == "Scaenicus":
            fields["via"], fields["copy"] = names
        elif len(names) == 1:
            fields["copy"] = names[0]
        else:
            raise InvalidEntry(
                "roma.cards.scaenicus",
                "'copy' names one character (or 'copy Scaenicus Legat': the other Scaenicus copying a Legat)",
            )
    if "target" in groups:
        fields["target"] = _disc_number(_one_word(groups["target"], "target"), "the target number", state.discs)
    if "vp" in groups:
        if not 1 <= len(groups["vp"]) <= 2:
            raise InvalidEntry("roma.cards.forum", "'vp' takes the Forum's die and maybe the Templum's")
        fields["vp"] = tuple(_number(w, "a die value", 1, 6) for w in groups["vp"])
    if "change" in groups:
        nums = [w for w in groups["change"] if w.lower() != "to"]
        if len(nums) != 2:
            raise InvalidEntry("roma.cards.consul", "write 'change 5 to 6' for the Consul")
        fields["change"] = (_number(nums[0], "a die value", 1, 6), _number(nums[1], "a die value", 0, 7))
    if "buy" in groups:
        fields["buy"] = _one_number(groups["buy"], "buy", 0, 36)
    if "take" in groups:
        names = _cards(groups["take"])
        if len(names) != 1:
            raise InvalidEntry("roma.actions.activate", "'take' names one card")
        fields["take"] = names[0]
    if "lay" in groups:
        fields["lays"] = _pairs(groups["lay"], "lay", state.discs)
    if "move" in groups:
        fields["moves"] = _pairs(groups["move"], "move", state.discs)
    move = Activate(player, disc, **fields)  # type: ignore[arg-type]
    return complete_activation(state, move, groups.get("bare"))


def _named_card(state: RomaState, player: str, disc: int, words: list[str]) -> list[str]:
    """The words after the disc without the card's name, when the player names the card
    (``activate 4 Legat``); a name that is not the card on that disc is refused."""
    if not words or is_number(words[0]):
        return words
    name, used = CARD_NAMES.resolve_leading(words[:NAME_WORDS])
    if player in state.seats and not state.in_setup:
        card = state.card_at(state.index(player), disc)
        if card != name:
            holds = f"holds {card}" if card else "is empty"
            where = [str(d) for d, c in enumerate(state.boards[state.index(player)], 1) if c == name]
            hint = f"activate {where[0]}" if where else f"activate {disc}"
            raise InvalidEntry("roma.actions.activate", f"{player}'s disc {disc} {holds}, not {name}", hint=hint)
    return words[used:]


def _one_word(words: list[str], what: str) -> str:
    if len(words) != 1:
        raise InvalidEntry(RULE, f"'{what}' takes one number")
    return words[0]


def _one_number(words: list[str], what: str, low: int, high: int) -> int:
    if len(words) != 1:
        raise InvalidEntry(RULE, f"'{what}' takes one number")
    return _number(words[0], f"the {what} number", low, high)


def complete_activation(state: RomaState, move: Activate, bare: list[str] | None) -> Activate:
    """Fill in what the program can work out (the bribe die when only one value is left, the
    Forum's VP die when only one die is left, a single possible target, Mercator's largest
    purchase) and read a bare number after the disc (``activate 2 5``) as the card needs it."""
    if state.in_setup or state.over or state.dice is None or move.player != state.player:
        if bare:
            raise InvalidEntry("roma.notation", f"cannot read '{' '.join(bare)}' here")
        return move
    me = state.active
    fields: dict[str, object] = {}
    if move.disc == BRIBE_DISC and state.discs == BRIBE_DISC and move.die is None and len(set(state.dice)) == 1:
        fields["die"] = state.dice[0]
    card = state.card_at(me, move.disc)
    if card == "Scaenicus" and move.copy == "Scaenicus" and move.via is None:
        move = replace(move, via="Scaenicus", copy=None)  # the other Scaenicus copies: what? (A11)
        fields["via"], fields["copy"] = "Scaenicus", None
    effect_card = move.copy if card == "Scaenicus" else card
    if card == "Scaenicus" and move.copy is None:
        options = copy_candidates(state, me)
        if len(options) == 1 and (move.via is None or state.boards[me].count("Scaenicus") > 1):
            fields["copy"] = options[0]
            effect_card = options[0]
    effect = CARDS[effect_card].effect if effect_card in CARDS else None
    die = fields.get("die", move.die) if move.disc == BRIBE_DISC else move.disc
    rest = list(state.dice)
    if isinstance(die, int) and die in rest:
        rest.remove(die)
    if bare:
        read = [number(w) for w in bare]
        values = tuple(n for n in read if n is not None)
        if len(values) != len(bare) or not values:
            raise InvalidEntry("roma.notation", f"cannot read '{' '.join(bare)}' after the disc")
        if effect == "forum" and not move.vp:
            fields["vp"] = values
        elif effect in TARGET_KIND and move.target is None and len(values) == 1:
            fields["target"] = values[0]
        elif effect == "buy_vp_from_opponent" and move.buy is None and len(values) == 1:
            fields["buy"] = values[0]
        else:
            raise InvalidEntry(
                "roma.notation",
                f"cannot read '{' '.join(bare)}' after the disc",
                hint="name what the number is: target, vp, buy, die, change",
            )
    if effect == "forum" and move.disc != BRIBE_DISC and move.die not in (None, move.disc) and not move.vp and "vp" not in fields:
        fields["die"], fields["vp"] = None, (move.die,)  # 'activate 1 with 2': the Forum's second die
    if effect == "forum" and not move.vp and "vp" not in fields and rest and len(set(rest)) == 1:
        templum = any(state.card_at(me, d) == "Templum" for d in neighbours(state, move.disc))
        if len(rest) == 1 or not templum:  # with a Templum and two dice, using both is a choice
            fields["vp"] = (rest[0],)
    if move.disc != BRIBE_DISC and move.die == move.disc:
        fields["die"] = None  # the die of a dice disc is its number: not written
    if effect in TARGET_KIND and effect != "block_opponent_disc" and move.target is None and "target" not in fields:
        targets = legal_targets(state, effect, move.disc)
        if len(targets) == 1:
            fields["target"] = targets[0]
    if effect in ("attack_opposite", "attack_opposite_with_boost") and move.target == move.disc:
        fields["target"] = None
    if effect == "buy_vp_from_opponent" and move.buy is None and "buy" not in fields:
        money = state.money[me] - (die if move.disc == BRIBE_DISC and isinstance(die, int) else 0)
        fields["buy"] = max(0, min(money // 2, state.vp[1 - me]))
    return replace(move, **fields) if fields else move  # type: ignore[arg-type]


def public_notation(state: RomaState, move: RomaMove) -> str:
    """The entry as the whole table may see it (rule roma.hidden): the dealt and given cards,
    the card kept from a draw, the card a Haruspex takes and the cards named by ``holds``
    written ``?``; everything laid, discarded or taken from the discard pile stays named.
    ``state`` is the state before the entry; the text parses back there to a move with the
    same public effect."""
    if isinstance(move, (Hand, Give, Holds)):
        return replace(move, cards=(UNKNOWN,) * len(move.cards)).notation()
    if isinstance(move, TakeCards):
        return replace(move, keep=UNKNOWN).notation()
    if isinstance(move, Activate) and move.take is not None:
        card = state.card_at(state.index(move.player), move.disc) if move.player in state.seats else None
        effect = move.copy if card == "Scaenicus" else card
        if effect in CARDS and CARDS[effect].effect == "search_draw_pile":
            return replace(move, take=UNKNOWN).notation()
    return move.notation()
