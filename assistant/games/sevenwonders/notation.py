"""Reading the 7 Wonders notation (docs/notation/7wonders.md): short, forgiving lines.

``<player> <verb> [<name>] [free] [pay ...]`` — the player by a unique prefix (or left out
when only one player is awaited), verbs with short forms, card and leader names by any alias
or unique prefix. A payment is said in coins per side (``pay left 2 right 1``, ``pay bank 1``
for Bilkis, ``pay 0``) or as the resources bought (``pay right stone``, ``pay left 2 wood
right glass``); the engine turns it into coins and checks it (:mod:`costs`).

:func:`parse` reads an entry into a move: :func:`read` gives the move without its payment
plus what was said about the payment (a :class:`~moves.Said`), and :func:`costs.settle`
puts in the one payment meant, when there is one. :func:`parse_boards` reads the ``Boards:``
header.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from assistant.core import reading
from assistant.core.errors import InvalidEntry
from assistant.core.inputs import NAME_WORDS, number, signed
from assistant.core.names import NameIndex, normalize
from assistant.games.sevenwonders import components, costs
from assistant.games.sevenwonders.moves import (
    AGE_TWO,
    DISCARD,
    UNKNOWN,
    Build,
    Chose,
    CopyGuild,
    Correct,
    Courtesan,
    DraftPass,
    Keep,
    LeaderHand,
    Pick,
    Recruit,
    Reveal,
    Said,
    Sealed,
    Sell,
    SetBoard,
    SetPosition,
    Stage,
)
from assistant.games.sevenwonders.secrets import public_choice
from assistant.games.sevenwonders.state import FREE_CITY, SWState, awaited

if TYPE_CHECKING:
    from assistant.games.sevenwonders.moves import Move

VERBS: dict[str, str] = {
    "build": "build",
    "b": "build",
    "play": "build",
    "stage": "stage",
    "wonder": "stage",
    "w": "stage",
    "sell": "sell",
    "discard": "sell",
    "d": "sell",
    "recruit": "recruit",
    "r": "recruit",
    "hire": "recruit",
    "pick": "pick",
    "take": "pick",
    "courtesan": "courtesan",
    "token": "courtesan",
    "copy": "copy",
    "board": "board",
    "leaders": "leaders",
    "hand": "leaders",
    "keep": "keep",
    "keeps": "keep",
    "k": "keep",
}
#: The table's entry that ends a pass of the leader draft (``7w.leaders.draft``): ``draft``, or
#: ``keep all``.
DRAFT_WORDS = (("draft",), ("keep", "all"), ("draft", "pass"))
SIDES = {"left": "left", "l": "left", "right": "right", "r": "right", "bank": "bank"}
NONE_WORDS = ("none", "nothing", "-", "no", "skip", "pass")
RULE = "7w.notation"
#: The most units of one resource a payment may name: no cost asks for more than 4, and the
#: engine counts units of one resource up to 15.
MOST_UNITS = 15


def words_of(text: str) -> list[str]:
    """The words of an entry (spaces, commas and semicolons separate them)."""
    return [w for w in re.split(r"[\s,;]+", text.strip()) if w]


def seat_index(state: SWState) -> NameIndex:
    """The players' names as a name index (unique prefixes accepted)."""
    return reading.seat_index(state.seats, "core.players")


def free_city_words(state: SWState, words: list[str]) -> int:
    """How many of the first words name the Free City in a 2-player game (``Free City``,
    ``FreeCity``, ``FC``; ``Ann for Free City``, where Ann holds the Free City card): 0 when
    they do not.

    The holder's two choices of a turn read as two entries: ``Ann build Baths`` for their own
    city, then ``Free City build Altar`` (or ``Ann for Free City build Altar``) for the Free
    City (``7w.2p.turn``)."""
    if not state.free_city or not words:
        return 0
    first = normalize(words[0])
    if first in ("freecity", "fc"):
        return 1
    if first == "free" and len(words) > 1 and normalize(words[1]) == "city":
        return 2
    if len(words) > 2 and normalize(words[1]) == "for":
        rest = free_city_words(state, words[2:])
        if rest and seat_index(state).find(words[0]) is not None:
            return 2 + rest
    return 0


def parse(state: SWState, text: str) -> Move:
    """The move an entry means in this state: names resolved, and for a build or a stage the
    payment it means (:func:`costs.settle`). Raises InvalidEntry or AmbiguousEntry (a name
    or player prefix that fits several); never judges legality (that is :func:`rules.check`)."""
    first = words_of(text.split("#", 1)[0])[:2]
    if tuple(normalize(w) for w in words_of(text.split("#", 1)[0])) in DRAFT_WORDS and not (
        first and seat_index(state).exact(first[0])
    ):
        return DraftPass()
    if first and normalize(first[0]) in CORRECT_WORDS:
        return read_correct(state, text.split("#", 1)[0])
    if first and normalize(first[0]) == POSITION_WORD and not (
        seat_index(state).exact(first[0]) and len(first) > 1 and normalize(first[1]) in VERBS
    ):
        return read_position(state, text.split("#", 1)[0])
    if first and normalize(first[0]) == SEALED_WORD and not seat_index(state).exact(first[0]):
        return Sealed(parse(state, text.strip()[len(first[0]):]))
    if first and normalize(first[0]) == REVEAL_WORD and not seat_index(state).exact(first[0]):
        return read_reveal(state, text.split("#", 1)[0])
    words = words_of(text.split("#", 1)[0])
    if len(words) >= 2 and normalize(words[-1]) == CHOSE_WORD:
        taken = free_city_words(state, words[:-1])
        if taken and taken == len(words) - 1:
            return Chose(FREE_CITY)
        if len(words) == 2:
            return Chose(seat_index(state).resolve(words[0]))
    move, said = read(state, text, awaited(state))
    if isinstance(move, (Build, Stage)):
        return costs.settle(state, move, said or Said())
    return move


#: ``sealed ada build Baths``: a choice entered out of sight; ``ada chose``: as the table sees
#: it; ``reveal …``: the sealed choices of a turn shown with its last one (``7w.secrets.sealed``).
SEALED_WORD, CHOSE_WORD, REVEAL_WORD = "sealed", "chose", "reveal"


def read_reveal(state: SWState, text: str) -> Reveal:
    """``reveal ada build Baths; bob sell``: each part read as its player's choice (every
    pending slot set aside, so that each reads as an awaited player's entry)."""
    from dataclasses import replace

    from assistant.games.sevenwonders.state import SKIP

    body = text.strip()[len(REVEAL_WORD):].strip()
    parts = [part.strip() for part in body.split(";") if part.strip()]
    if not parts:
        raise InvalidEntry("7w.secrets.sealed", "a reveal names every sealed choice of the turn, then the last one", hint="reveal ada build Baths; bob sell")
    open_slots = replace(state, choices=tuple(c if c == SKIP else None for c in state.choices))
    return Reveal(tuple(parse(open_slots, part) for part in parts))


#: What a reader of a verb gives: the move (its payment not matched yet) and what the entry
#: said about the payment (``None``: nothing).
Read = tuple["Move", Said | None]


def read(state: SWState, text: str, awaited: tuple[str, ...]) -> Read:
    """The move (payment not matched yet) and what the entry said about the payment
    (``None``: nothing)."""
    words = words_of(text.split("#", 1)[0])
    if not words:
        raise InvalidEntry(RULE, "the entry is empty", hint="e.g. 'ada build Temple'")
    player, words = read_player(state, words, awaited)
    if not words:
        raise InvalidEntry(RULE, f"what does {player} do?", hint="build <card>, stage, sell <card>, recruit <leader>")
    verb = VERBS.get(normalize(words[0]))
    if verb is None:
        raise not_a_verb(state, words[0], words[1:], player)
    return READERS[verb](state, player, verb, words[1:])


def read_player(state: SWState, words: list[str], awaited: tuple[str, ...]) -> tuple[str, list[str]]:
    """Whose entry it is (named by a unique prefix, the Free City, or the one player awaited
    when left out) and the words after the name."""
    seats = seat_index(state)
    first = words[0]
    taken = free_city_words(state, words)
    if taken:
        if taken > 2 and seats.resolve(first) not in state.players:
            raise InvalidEntry("7w.2p.turn", "only a player chooses for the Free City", hint="Ann for Free City build Altar")
        words = [FREE_CITY, *words[taken:]]
        first = FREE_CITY
    second_is_verb = len(words) > 1 and normalize(words[1]) in VERBS
    named = seats.exact(first)
    if named is None and second_is_verb:
        named = seats.find(first)
    if named is not None:
        return named, words[1:]
    if normalize(first) in VERBS:
        if len(awaited) != 1:
            raise InvalidEntry(RULE, "say whose entry this is", hint=f"e.g. '{(awaited or state.seats)[0]} {' '.join(words)}'")
        return awaited[0], words
    if not seats.candidates(first) and (second_is_verb or not close_verbs(first)):
        # 'dan board Gizah A' at a table without Dan: not a near miss of Ada's name
        raise InvalidEntry("core.players", f"{first} is not a player in this game", hint="the players: " + ", ".join(state.seats))
    if not seats.candidates(first):  # 'bild Baths': a mistyped verb, the player left out
        raise not_a_verb(state, first, words[1:], awaited[0] if len(awaited) == 1 else None)
    return seats.resolve(first), words[1:]


def _named(rest: list[str], index: NameIndex, missing: str, hint: str | None = None, none: tuple[str, ...] = NONE_WORDS) -> str | None:
    """The one name of an entry's words, or ``None`` for a word of ``none`` (refused as
    ``missing`` when nothing is said)."""
    if not rest:
        raise InvalidEntry(RULE, missing, hint=hint)
    if len(rest) == 1 and normalize(rest[0]) in none:
        return None
    return index.resolve(" ".join(rest))


def read_keep(state: SWState, player: str, verb: str, rest: list[str]) -> Read:
    """``keep LEADER`` (``keep`` / ``keep ?``: the leader not said)."""
    if not rest or (len(rest) == 1 and rest[0] == UNKNOWN):
        return Keep(player, None), None
    return Keep(player, components.leader_index().resolve(" ".join(rest))), None


def read_courtesan(state: SWState, player: str, verb: str, rest: list[str]) -> Read:
    """``courtesan LEADER``: the neighbour's leader the token goes on."""
    if not rest:
        raise InvalidEntry(RULE, "name the neighbour's leader the Courtesan token goes on")
    return Courtesan(player, components.leader_index().resolve(" ".join(rest))), None


def read_copy(state: SWState, player: str, verb: str, rest: list[str]) -> Read:
    """``copy GUILD`` (``best``/``none``: the best one, worked out)."""
    guild = _named(rest, components.card_index(), "name the neighbour's guild Olympia B copies, or 'best'", none=(*NONE_WORDS, "best"))
    return CopyGuild(player, guild), None


def read_recruit(state: SWState, player: str, verb: str, rest: list[str]) -> Read:
    """``recruit LEADER`` (``none``: no leader)."""
    return Recruit(player, _named(rest, components.leader_index(), "name the leader to recruit", f"{player} recruit <leader>")), None


def read_pick(state: SWState, player: str, verb: str, rest: list[str]) -> Read:
    """``pick CARD`` from the discard pile (``none``: nothing taken)."""
    return Pick(player, _named(rest, components.card_index(), "name the card taken from the discard pile, or 'none'")), None


def read_play(state: SWState, player: str, verb: str, rest: list[str]) -> Read:
    """``build CARD [free] [pay ...|buy ...]``, ``stage [CARD] [pay ...]``, ``sell [CARD]``."""
    # in the draft a sale or stage is a Recruitment entry (the draft played off the record)
    index = components.leader_index() if state.phase in ("recruit", "draft") and verb != "build" else components.card_index()
    name: str | None = None
    free = False
    stated: Said | None = None
    if rest and normalize(rest[0]) not in ("pay", "free", *BUY_WORDS):
        name, used = resolve_for_phase(state, index, player, rest)
        rest = rest[used:]
    while rest:
        key = normalize(rest[0])
        if key == "free":
            free = True
            rest = rest[1:]
        elif key == "pay":
            stated = own_coins(verb, name, player, rest[1:]) or read_pay(rest[1:], state, player)
            rest = []
        elif key in BUY_WORDS:
            stated = read_buy(rest[1:], state, player)
            rest = []
        else:
            raise InvalidEntry(RULE, f"cannot read '{' '.join(rest)}'", hint="… [free] [pay left N right N]")
    return played(player, verb, name, free, stated)


def played(player: str, verb: str, name: str | None, free: bool, stated: Said | None) -> Read:
    """The build, stage or sale read, what was said of its payment refused where it has none."""
    if verb == "build":
        if name is None:
            raise InvalidEntry(RULE, "name the card to build", hint=f"{player} build <card>")
        return Build(player, name, None, free), stated
    if free:
        what = "a wonder stage" if verb == "stage" else "a sale"
        raise InvalidEntry(
            "7w.wonder.olympia.a",
            f"Olympia A's free build is for building a structure, not for {what}",
            hint=f"{player} build <card> free",
        )
    if verb == "stage":
        return Stage(player, name, None), stated
    if stated is not None:
        raise InvalidEntry(RULE, "selling a card pays nothing", hint=f"{player} sell {name or ''}".strip())
    return Sell(player, name), None


#: The reader of each verb (the values of :data:`VERBS`).
READERS: dict[str, Callable[[SWState, str, str, list[str]], Read]] = {
    "board": lambda state, player, verb, rest: (read_board(player, rest), None),
    "leaders": lambda state, player, verb, rest: (LeaderHand(player, read_leaders(rest)), None),
    "keep": read_keep,
    "courtesan": read_courtesan,
    "copy": read_copy,
    "recruit": read_recruit,
    "pick": read_pick,
    "build": read_play,
    "stage": read_play,
    "sell": read_play,
}


CORRECT_WORDS = ("correct", "correction")
#: The things a correction changes (``7w.correct``), with the words that name them.
THINGS = {"coins": "coins", "coin": "coins", "money": "coins", "stage": "stage", "stages": "stage", "wonder": "stage",
          "token": "token", "tokens": "token", "conflict": "token", "card": "card"}
PILE_WORDS = ("discard", "discards", "pile", "box")
CORRECT_HINT = "correct Ann coins +1 because the Vineyard paid her"


def read_correct(state: SWState, text: str) -> Correct:
    """``correct PLAYER THING CHANGE because REASON`` (``7w.correct``): ``coins +1``,
    ``stage -1``, ``token add 3`` / ``token remove -1`` / ``token -1 to 3``, ``card Baths to
    discard`` / ``card Baths to Ben`` / ``card Baths from discard``. The reason is required and
    kept as typed (spaces collapsed)."""
    head, reason = reading.split_because(text)
    if not reason:
        raise InvalidEntry("7w.correct", "a correction says why: end it with 'because' and a few words", hint=CORRECT_HINT)
    words = words_of(head)[1:]
    if not words:
        raise InvalidEntry("7w.correct", "say whose figure or card is corrected", hint=CORRECT_HINT)
    taken = free_city_words(state, words)
    if taken:
        player: str = FREE_CITY
        words = words[taken:]
    else:
        seats = seat_index(state)
        if not seats.candidates(words[0]):
            raise InvalidEntry("core.players", f"{words[0]} is not a player in this game", hint="the players: " + ", ".join(state.seats))
        player = seats.resolve(words[0])
        words = words[1:]
    thing = THINGS.get(normalize(words[0])) if words else None
    if thing is None:
        raise InvalidEntry(
            "7w.correct",
            "a correction changes coins, a wonder stage count, a conflict token or where a card lies"
            + (" (victory points are counted from the city: correct what is wrong in it)" if words and normalize(words[0]) in ("vp", "points", "score") else ""),
            hint=f"correct {player} coins +1 / stage -1 / token -1 to 3 / card Baths to discard because ...",
        )
    rest = words[1:]
    if thing in ("coins", "stage"):
        hint = f"correct {player} {thing} +1 because ... / {thing} -1"
        delta = reading.read_change(" ".join(rest), f"a {thing} correction", "7w.correct", hint=hint)
        return Correct(player, thing, delta=delta, reason=reason)
    if thing == "token":
        return Correct(player, "token", **read_token_change(player, rest), reason=reason)  # type: ignore[arg-type]
    return read_card_change(state, player, rest, reason)


def read_token_change(player: str, rest: list[str]) -> dict[str, int | None]:
    """``add 3`` / ``remove -1`` / ``-1 to 3`` as the token taken back and the token given."""
    hint = f"correct {player} token add 3 / token remove -1 / token -1 to 3 because ..."

    def value(word: str) -> int:
        found = signed(word.lstrip("+")) if word.lstrip("+") else None
        if found is None:
            raise InvalidEntry("7w.correct", f"'{word}' is not a token value (1, 3, 5 or -1)", hint=hint)
        return found

    keys = [normalize(w) for w in rest]
    if len(rest) == 2 and keys[0] in ("add", "give", "plus"):
        return {"old": None, "new": value(rest[1])}
    if len(rest) == 2 and keys[0] in ("remove", "take", "drop", "minus"):
        return {"old": value(rest[0 + 1]), "new": None}
    if len(rest) == 3 and keys[1] in ("to", "as", "into"):
        return {"old": value(rest[0]), "new": value(rest[2])}
    raise InvalidEntry("7w.correct", "say which token is added, removed or changed", hint=hint)


def read_card_change(state: SWState, player: str, rest: list[str], reason: str) -> Correct:
    """``Baths to discard`` / ``Baths to Ben`` / ``Baths from discard``."""
    hint = f"correct {player} card Baths to discard / to <player> / from discard because ..."
    keys = [normalize(w) for w in rest]
    at = next((k for k, key in enumerate(keys) if key in ("to", "from") and k > 0), None)
    if at is None or at == len(rest) - 1:
        raise InvalidEntry("7w.correct", "say the card and where it goes (to discard, to a player) or comes from (from discard)", hint=hint)
    name = components.card_index().resolve(" ".join(rest[:at][:NAME_WORDS]))
    place = rest[at + 1 :]
    if keys[at] == "from":
        if len(place) != 1 or normalize(place[0]) not in PILE_WORDS:
            raise InvalidEntry("7w.correct", "a card comes into a city from the discard pile ('from discard'); between cities say 'to <player>'", hint=hint)
        return Correct(player, "card", card=name, to=None, reason=reason)
    if len(place) == 1 and normalize(place[0]) in PILE_WORDS:
        return Correct(player, "card", card=name, to=DISCARD, reason=reason)
    taken = free_city_words(state, place)
    if taken and taken == len(place):
        return Correct(player, "card", card=name, to=FREE_CITY, reason=reason)
    if len(place) != 1 or not seat_index(state).candidates(place[0]):
        raise InvalidEntry("core.players", f"{' '.join(place)} is not a player in this game", hint="the players: " + ", ".join(state.seats))
    return Correct(player, "card", card=name, to=seat_index(state).resolve(place[0]), reason=reason)


def close_verbs(word: str) -> list[str]:
    """The verbs a mistyped word is close to (``bild`` -> ``build``), nearest first."""
    full = sorted(set(VERBS.values()))
    return difflib.get_close_matches(normalize(word), full, n=2, cutoff=0.6)


def not_a_verb(state: SWState, word: str, rest: list[str], player: str | None) -> InvalidEntry:
    """The refusal of a word that is no verb: "did you mean" the nearest verb, with the
    entry as it would then read (``Ada build Baths``), else the list of verbs."""
    close = close_verbs(word)
    if not close:
        return InvalidEntry(
            RULE,
            f"'{word}' is not a 7 Wonders verb",
            hint="build, stage, sell, recruit, pick, courtesan, copy, board, leaders",
        )
    who = f"{player} " if player else "<player> "
    return InvalidEntry(
        RULE,
        f"'{word}' is not a 7 Wonders verb",
        hint=f"did you mean {' or '.join(close)}? ({who}{' '.join([close[0], *rest])})",
    )


def resolve_for_phase(state: SWState, index: NameIndex, player: str, words: list[str]) -> tuple[str, int]:
    """The card or leader named at the start of ``words``. A leader named in an Age turn, or
    an Age card named in a Recruitment phase, is refused saying which phase it is. A name is
    looked up in the first :data:`~assistant.core.inputs.NAME_WORDS` words only."""
    words = words[:NAME_WORDS]
    try:
        return index.resolve_leading(words)
    except InvalidEntry as exc:
        original = exc
        other = components.card_index() if index is components.leader_index() else components.leader_index()
        try:
            found, _ = other.resolve_leading(words)
        except InvalidEntry:
            raise original from None
        if state.phase in ("recruit", "draft"):
            raise InvalidEntry(
                "7w.leaders.recruit",
                f"{found} is an Age card, and it is the Recruitment phase before Age {'I' * state.age}:"
                f" {player} plays a leader (recruit, stage or sell it)",
                hint=f"{player} recruit <leader>, {player} stage <leader> or {player} sell <leader>",
            ) from None
        raise InvalidEntry(
            "7w.turn.actions",
            f"{found} is a leader: leaders are played in the Recruitment phase before each Age;"
            f" now ({state.phase_label}) {player} plays an Age card",
            hint=f"{player} build <card>, {player} stage or {player} sell <card>",
        ) from None


def read_board(player: str, rest: list[str]) -> SetBoard:
    """``<board> <side>`` (or ``GizahB``, ``Gizah-B``) as a :class:`SetBoard`."""
    if not rest:
        raise InvalidEntry(RULE, "name the board and side", hint=f"{player} board Gizah A")
    side = rest[-1].upper()
    if side not in ("A", "B"):
        # "GizahB" / "Gizah-B"
        last = rest[-1]
        if len(last) > 1 and last[-1].upper() in ("A", "B") and components.board_index().find(last[:-1].rstrip("-")):
            return SetBoard(player, components.board_index().resolve(" ".join([*rest[:-1], last[:-1].rstrip("-")])), last[-1].upper())
        # the hint is an entry that reads: the board named without the wrong side, then A
        boards = components.board_index()
        before = " ".join([*rest[:-1], last.rsplit("-", 1)[0]]) if "-" in last else " ".join(rest[:-1])
        board = boards.find(" ".join(rest)) or boards.find(before)
        if board is not None and boards.find(" ".join(rest)) is None:
            wrong = last.rsplit("-", 1)[1] if "-" in last else last
            raise InvalidEntry(RULE, f"a board's side is A or B, not '{wrong}'", hint=f"{player} board {board} A")
        if board is None:
            boards.resolve(before or rest[0])  # an unknown board: "did you mean"
        raise InvalidEntry(RULE, "say the side, A or B", hint=f"{player} board {board or 'Gizah'} A")
    if len(rest) < 2:
        raise InvalidEntry(RULE, "name the board", hint=f"{player} board Gizah {side}")
    return SetBoard(player, components.board_index().resolve(" ".join(rest[:-1])), side)


def read_leaders(rest: list[str]) -> tuple[str, ...]:
    """The leader names of a ``leaders`` entry (``?`` for a leader not said: the entry's public
    form is all ``?``)."""
    names = reading.read_names(components.leader_index(), rest, unknown=UNKNOWN)
    if not names:
        raise InvalidEntry(RULE, "name the leaders in hand", hint="leaders Caesar, Nero, Midas, Plato (or ? for one not said)")
    return names


# -- the public form of an entry (7w.secrets) ----------------------------------------------------
def public_notation(state: SWState, move: Any) -> str:
    """The entry as the whole table may see it (``7w.secrets``): a leader hand as ``?`` for each
    leader (``ada leaders ?, ?, ?, ?``), a keep of the draft as ``ada keep ?``, a card sold or
    tucked face down without its name (``ada sell``, ``ada stage pay left 2``: the payment is
    public), Age card and leader alike. A recruited leader, a built card and a card taken from
    the discard pile (built in the open) stay named. A sealed choice (``7w.secrets.sealed``)
    is only ``ada chose`` until the last choice of its turn or phase, which shows every sealed
    one with it: ``reveal ada build Baths; bob sell; cleo recruit Nero``, each in its public
    form. ``state`` is the state before the entry: the text parses back there to a move with
    the same public effect.

    >>> public_notation(None, Sell("ada", "Baths")), public_notation(None, Keep("ada", "Nero"))
    ('ada sell', 'ada keep ?')
    >>> public_notation(None, LeaderHand("ada", ("Caesar", "Nero")))
    'ada leaders ?, ?'
    """
    if state is not None and isinstance(move, Sealed) and state.phase == "draft":
        from assistant.games.sevenwonders.rules.resolution import (
            draft_untouched,
            skip_draft,
        )

        state = skip_draft(state) if draft_untouched(state) else state  # the first Recruitment choice
    last = state is not None and state.phase in ("turn", "recruit") and sum(1 for c in state.choices if c is None) == 1
    if isinstance(move, Sealed):
        if not last:
            return Chose(move.player).notation()
        move = move.choice
    if isinstance(move, Reveal):
        return Reveal(tuple(face_down(c) for c in move.choices)).notation()
    if last and state.sealed and not isinstance(move, Chose):
        shown = [face_down(state.choices[state.index(player)]) for player in state.sealed]
        return Reveal((*shown, face_down(move))).notation()
    return face_down(move).notation()


def face_down(move: Any) -> Move:
    """A move as the table sees it once shown: a leader hand as ``?`` for each leader, and a
    sale, a marker or a keep without its card (:func:`secrets.public_choice`)."""
    if isinstance(move, LeaderHand):
        return LeaderHand(move.player, (UNKNOWN,) * len(move.leaders))
    public: Move = public_choice(move)
    return public


def neighbour_side(state: SWState, player: str, name: str) -> str:
    """Which side of ``player`` the seat ``name`` sits on (``left``: the next seat, ``right``:
    the previous one, ``7w.terms.neighbours``); a seat that is no neighbour is refused with
    the neighbours named."""
    i = state.index(player)
    j = state.index(name)
    left, right = state.seats[state.left(i)], state.seats[state.right(i)]
    if j == state.left(i):
        return "left"
    if j == state.right(i):
        return "right"
    reason = f"{player} cannot buy from themselves" if j == i else f"{name} is not {player}'s neighbour"
    raise InvalidEntry(
        "7w.terms.neighbours",
        f"{reason}: a player buys only from the two neighbours",
        hint=f"{player}'s neighbours: {left} (left) and {right} (right)",
    )


def seller_words(state: SWState | None, player: str | None, words: list[str]) -> tuple[str, int] | None:
    """The side a seat named at the start of ``words`` sits on, and how many words name it
    (``Bob``, ``b`` for Bob, ``Free City`` / ``FC`` in a 2-player game); ``None`` when the
    words name no seat (or no table is known). A resource or a number is never a seat's
    prefix here: ``c`` reads as clay, not Cleo."""
    if state is None or player is None or not words:
        return None
    taken = free_city_words(state, words)
    if taken in (1, 2):
        return neighbour_side(state, player, FREE_CITY), taken
    seats = seat_index(state)
    name = seats.exact(words[0])
    if name is None and seats.candidates(words[0]):
        if number(words[0]) is not None or components.resource_index().find(words[0]) is not None:
            return None
        name = seats.resolve(words[0])
    if name is None:
        return None
    return neighbour_side(state, player, name), 1


COIN_WORDS = ("coin", "coins")


def own_coins(verb: str, name: str | None, player: str, words: list[str]) -> Said | None:
    """``pay`` alone: the build is paid, the cheapest way (for Olympia A: not the free build);
    ``pay 1`` / ``pay 1 coin`` for a card whose printed cost is that coin (Sawmill): the card's
    own coin paid, nothing bought (the same as ``pay 0``). ``None``: the words say more."""
    if not words:
        return Said(paying=True)
    n = number(words[0])
    if n is None or n == 0 or len(words) > 2 or (len(words) == 2 and normalize(words[1]) not in COIN_WORDS):
        return None
    printed = components.card(name).cost.coins if verb == "build" and name else 0
    if n != printed:
        what = f"{name}'s own cost is {printed} coin{'s' if printed != 1 else ''}" if verb == "build" and name else "the stage has no coin cost"
        raise InvalidEntry(
            RULE,
            f"{what}: coins paid to a neighbour are said with the neighbour's name or side",
            hint=f"{player} {verb} {name or ''} pay <neighbour> {n} / pay left {n} / pay".replace("  ", " "),
        )
    return Said(left=0, right=0, bank_purchase=0)


def read_pay(words: list[str], state: SWState | None = None, player: str | None = None) -> Said:
    """``left 2 right 1`` / ``right stone`` / ``left 2 wood right glass`` / ``0``; with the
    table known, a neighbour by name in place of the side (``Bob 2``, ``Free City stone``).

    >>> read_pay(["right", "stone"]).as_kwargs(), read_pay(["left", "2"]).as_kwargs()
    ({'buy_right': ('stone',)}, {'left': 2, 'right': 0, 'bank_purchase': 0})
    """
    if not words or (len(words) == 1 and (normalize(words[0]) in NONE_WORDS or words[0] == "0")):
        return Said(left=0, right=0, bank_purchase=0)
    coins: dict[str, int] = {}
    buys: dict[str, list[str]] = {}
    bought: dict[str, int] = {}
    side: str | None = None
    k = 0
    while k < len(words):
        w = normalize(words[k])
        if w in SIDES:
            side = SIDES[w]
            buys.setdefault(side, [])
            k += 1
            continue
        seller = seller_words(state, player, words[k:])
        if seller is not None:
            side = seller[0]
            buys.setdefault(side, [])
            k += seller[1]
            continue
        if side is None:
            raise InvalidEntry(
                RULE,
                f"say whom '{words[k]}' is paid to: a neighbour (by name, or left / right) or the bank",
                hint="pay left 2 right 1 / pay Bob 2 / pay right stone",
            )
        n = number(words[k])
        if n is not None:
            nxt = components.resource_index().find(words[k + 1]) if k + 1 < len(words) else None
            if nxt is not None:
                _count_units(bought, nxt, n)
                buys[side].extend([nxt] * n)
                k += 2
            else:
                coins[side] = coins.get(side, 0) + n
                k += 1
            continue
        res = components.resource_index().find(words[k])
        if res is None:
            raise InvalidEntry(RULE, f"'{words[k]}' is neither a number of coins nor a resource")
        _count_units(bought, res, 1)
        buys[side].append(res)
        k += 1
    return paid(coins, buys)


def paid(coins: dict[str, int], buys: dict[str, list[str]]) -> Said:
    """A payment's statement from the coins and the resources said per side: a side named
    with neither says it buys nothing; when no resource is named, a side not named pays 0."""
    stated: dict[str, Any] = {}
    only_coins = not any(buys.values())
    for side in ("left", "right", "bank"):
        key = "bank_purchase" if side == "bank" else side
        if side in coins:
            stated[key] = coins[side]
        elif only_coins:
            stated[key] = 0
        if buys.get(side):
            stated["buy_" + side] = tuple(buys[side])
        elif side in buys and side not in coins:
            stated["buy_" + side] = ()
    return Said(**stated)


BUY_WORDS = ("buy", "buying", "buys")
BUY_HINT = "buy wood from Bob / buy 2 stone from Cleo, loom from Bob"


def read_buy(words: list[str], state: SWState, player: str) -> Said:
    """``wood from Bob`` / ``2 stone from Cleo, loom from Bob`` / ``clay from bank`` (Bilkis):
    the whole of what is bought, each seller a neighbour by name or side; the engine prices
    it (and checks the sellers make it and the build lacks it). A side not named buys nothing.

    The statement is a :class:`Said` of purchases only, with every other channel closed."""
    buys: dict[str, list[str]] = {}
    bought: dict[str, int] = {}
    items: list[str] = []
    k = 0
    while k < len(words):
        w = normalize(words[k])
        if w in ("and", "&", "plus"):
            k += 1
            continue
        if w == "from":
            k += 1
            if k < len(words) and normalize(words[k]) == "the":
                k += 1
            if not items:
                raise InvalidEntry(RULE, "say what is bought before whom it is bought from", hint=BUY_HINT)
            seller = seller_words(state, player, words[k:])
            if seller is not None:
                side, used = seller
            elif k < len(words) and normalize(words[k]) in SIDES:
                side, used = SIDES[normalize(words[k])], 1
            else:
                whom = words[k] if k < len(words) else "nobody"
                raise InvalidEntry(
                    "7w.terms.neighbours",
                    f"'{whom}' is no seller: resources are bought from a neighbour (by name, or left / right), or the bank with Bilkis",
                    hint=BUY_HINT,
                )
            k += used
            if k < len(words) and normalize(words[k]) in ("neighbour", "neighbor"):
                k += 1
            buys.setdefault(side, []).extend(items)
            items = []
            continue
        n = number(words[k])
        at = k + 1 if n is not None else k
        res = components.resource_index().find(words[at]) if at < len(words) else None
        if res is None:
            raise InvalidEntry(RULE, f"'{' '.join(words[k:at + 1])}' is not a resource bought", hint=BUY_HINT)
        count = 1 if n is None else n
        if count < 1:
            raise InvalidEntry(RULE, "buy at least one unit", hint=BUY_HINT)
        _count_units(bought, res, count)
        items.extend([res] * count)
        k = at + 1
    if items or not buys:
        raise InvalidEntry(RULE, "say whom each resource is bought from", hint=BUY_HINT)
    return Said(**{f"buy_{side}": tuple(buys.get(side, ())) for side in ("left", "right", "bank")})  # type: ignore[arg-type]


def _count_units(bought: dict[str, int], resource: str, n: int) -> None:
    """Count ``n`` more units of ``resource`` in a payment; more than :data:`MOST_UNITS` is
    refused (``pay left 99 wood``)."""
    bought[resource] = bought.get(resource, 0) + n
    if bought[resource] > MOST_UNITS:
        raise InvalidEntry(
            RULE,
            f"the payment buys {bought[resource]} {resource}: no cost asks for more than 4 of one resource",
            hint="pay left 2 wood right glass",
        )


def parse_boards(text: str, seats: Sequence[str], leaders_on: bool) -> list[tuple[str, str]]:
    """The ``Boards:`` header: one ``<board> <side>`` per seat, in seat order."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    if len(items) != len(seats):
        raise InvalidEntry(
            "7w.setup.wonders",
            f"the Boards header names {len(items)} boards for {len(seats)} players",
            hint="Boards: Gizah A, Rhodes B, ... (one per player, in seat order)",
        )
    out: list[tuple[str, str]] = []
    for seat, item in zip(seats, items):
        move = read_board(seat, item.split())
        if any(move.wonder == b for b, _ in out):
            raise InvalidEntry("7w.setup.wonders", f"the board {move.wonder} is given twice")
        if move.wonder == "Rome" and not leaders_on:
            raise InvalidEntry("7w.setup.wonders", "Rome is only used with the Leaders expansion")
        out.append((move.wonder, move.side))
    return out


# -- the position block (7w.position) ----------------------------------------------------------
POSITION_WORD = "position"
POSITION_RULE = "7w.position"
POSITION_HINT = "position age II turn 3 · position discard I 3 · position Ann cards Baths, Altar · position Ann coins 5 stages 1"
#: The Ages as the position lines write them (Roman numerals; digits are read too).
AGES = {"i": 1, "ii": 2, "iii": 3, "1": 1, "2": 2, "3": 3}
ROMAN_AGES = {1: "I", 2: "II", 3: "III"}
RECRUITMENT_WORDS = ("recruitment", "recruit", "recruiting", "leaders")
#: The figures a ``position PLAYER`` line may set, with the words that name them.
FIGURES = {"coins": "coins", "coin": "coins", "money": "coins", "stages": "stages", "stage": "stages",
           "tokens": "tokens", "token": "tokens", "hand": "hand", "courtesan": "courtesan",
           "free build": "free build", "freebuild": "free build", "free": "free build"}


def read_age(word: str) -> int:
    """An Age written ``I``/``II``/``III`` or ``1``/``2``/``3``."""
    age = AGES.get(normalize(word))
    if age is None:
        raise InvalidEntry(POSITION_RULE, f"'{word}' is not an Age", hint="I, II or III")
    return age


def read_position(state: SWState, text: str) -> SetPosition:
    """A ``position`` line (``7w.position``): ``position age II turn 3`` / ``position age II
    recruitment``, ``position discard I 3, II 1`` (``none``), ``position PLAYER cards A, B``
    (``none``), ``position PLAYER leaders A, B`` (``none``), ``position PLAYER coins N stages N
    tokens +1 -1 hand N courtesan LEADER free-build used`` (any of them, in any order)."""
    words = words_of(text)[1:]
    if not words:
        raise InvalidEntry(POSITION_RULE, "say what the position line sets", hint=POSITION_HINT)
    key = normalize(words[0])
    if key == "age":
        if len(words) < 3:
            raise InvalidEntry(POSITION_RULE, "say the Age and the turn", hint="position age II turn 3, or position age II recruitment")
        age = read_age(words[1])
        when = normalize(words[2])
        if when in RECRUITMENT_WORDS and len(words) == 3:
            return SetPosition("stand", age=age, turn=0)
        if when == "turn" and len(words) == 4:
            return SetPosition("stand", age=age, turn=reading.read_number(words[3], "the turn", POSITION_RULE))
        raise InvalidEntry(POSITION_RULE, f"cannot read '{' '.join(words[2:])}'", hint=f"position age {words[1]} turn 3, or position age {words[1]} recruitment")
    if key in ("discard", "discards", "pile"):
        rest = words[1:]
        if len(rest) == 1 and normalize(rest[0]) in NONE_WORDS:
            return SetPosition("discard", discard=(0, 0, 0))
        if not rest or len(rest) % 2:
            raise InvalidEntry(POSITION_RULE, "say the cards of each Age in the discard pile", hint="position discard I 3, II 1 (or none)")
        counts = [0, 0, 0]
        for age_word, count_word in zip(rest[::2], rest[1::2]):
            counts[read_age(age_word) - 1] += reading.read_number(count_word, "a number of cards", POSITION_RULE)
        return SetPosition("discard", discard=(counts[0], counts[1], counts[2]))
    taken = free_city_words(state, words)
    if taken:
        player, rest = FREE_CITY, words[taken:]
    else:
        player, rest = seat_index(state).resolve(words[0]), words[1:]
    if not rest:
        raise InvalidEntry(POSITION_RULE, f"say what lies in front of {player}", hint=f"position {player} coins 5 stages 1, or position {player} cards Baths, Altar")
    topic = normalize(rest[0])
    if topic in ("cards", "card", "structures", "leaders", "leader"):
        cards = topic.startswith(("card", "struct"))
        items = rest[1:]
        if not items:
            raise InvalidEntry(POSITION_RULE, f"name the {'cards' if cards else 'leaders'}, or none", hint=f"position {player} {rest[0]} none")
        names: tuple[str, ...] = ()
        if not (len(items) == 1 and normalize(items[0]) in NONE_WORDS):
            # the names as typed: the text after the words before them (split as words_of splits)
            parts = re.split(r"[\s,;]+", text.strip(), maxsplit=len(words) - len(items) + 1)
            after = parts[-1] if len(parts) == len(words) - len(items) + 2 else " ".join(items)
            names = read_position_cards(after) if cards else reading.read_names(components.leader_index(), items)
        return SetPosition("cards" if cards else "leaders", player, names=names)
    return read_figures(player, rest)


def read_position_cards(text: str) -> tuple[str, ...]:
    """The structures of a position's cards line: names separated by commas, Loom, Glassworks
    and Press with `` (Age II)`` when the copy is from the Age II deck (``Loom (Age II)``,
    ``Loom II``); a part without commas holding several names is read name by name."""
    from assistant.games.sevenwonders.table import _split_age

    names: list[str] = []
    for part in (p.strip() for p in re.split(r"[,;]", text)):
        if not part:
            continue
        name_text, age = _split_age(part)
        found = components.card_index().find(name_text) if age is not None else None
        if found is None or age is None:
            names += reading.read_names(components.card_index(), words_of(part))
            continue
        ages = sorted({c.age for c in components.card_versions(found)})
        if age not in ages:
            roman = " or ".join(ROMAN_AGES[a] for a in ages)
            raise InvalidEntry(POSITION_RULE, f"{found} is an Age {roman} card, not Age {ROMAN_AGES[age]}", hint=f"{found}")
        names.append(found + AGE_TWO if age == 2 and len(ages) > 1 else found)
    return tuple(names)


def read_figures(player: str, rest: list[str]) -> SetPosition:
    """``coins N stages N tokens +1 -1 hand N courtesan LEADER free-build used``, any of them."""
    hint = f"position {player} coins 5 stages 1"
    stray = f"{hint} tokens +1 -1 hand 2"
    words = reading.read_pairs(rest, FIGURES, POSITION_RULE, stray="cannot read '{word}'", twice="{key} is said twice", hint=stray, twice_hint=hint)
    said: dict[str, Any] = {}
    for key, values in words.items():
        if key == "tokens":
            said[key], used = read_tokens(player, values)
        elif not values:
            raise InvalidEntry(POSITION_RULE, f"say {player}'s {key}", hint=hint)
        elif key == "courtesan":
            none = normalize(values[0]) in NONE_WORDS
            said[key], used = ("", 1) if none else components.leader_index().resolve_leading(values[:NAME_WORDS])
        elif key == "free build":
            if normalize(values[0]) == "build":  # "free build used"
                values = values[1:]
            state_word = normalize(values[0]) if values else ""
            if state_word not in ("used", "unused", "yes", "no"):
                raise InvalidEntry(POSITION_RULE, "say whether Olympia A's free build of this Age is used", hint=f"position {player} free-build used")
            said["free_build"], used = state_word in ("used", "yes"), 1
        else:
            said[key], used = reading.read_number(values[0], key, POSITION_RULE), 1
        if values[used:]:
            raise InvalidEntry(POSITION_RULE, f"cannot read '{values[used]}'", hint=stray)
    if not said:
        raise InvalidEntry(POSITION_RULE, f"say what lies in front of {player}", hint=hint)
    return SetPosition("figures", player, **said)


def read_tokens(player: str, values: list[str]) -> tuple[tuple[int, ...], int]:
    """``+1 +3 -1`` (or ``none``): the conflict tokens of a position, and how many words they took."""
    if values and normalize(values[0]) in NONE_WORDS:
        return (), 1
    tokens: list[int] = []
    for value in values:
        token = signed(value.removeprefix("+")) if value != "+" else None
        if token is None or value.startswith("+-"):
            break
        tokens.append(token)
    if not tokens:
        raise InvalidEntry(POSITION_RULE, "list the conflict tokens (+1 +3 +5 -1), or none", hint=f"position {player} tokens +1 -1")
    return tuple(tokens), len(tokens)
