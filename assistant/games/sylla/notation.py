"""Reading Sylla entries (docs/notation/sylla.md). Short, forgiving lines: an optional player
name, a verb, its arguments. Without a player name the entry belongs to the one player the game
waits for (when only one is awaited)."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from assistant.core import reading
from assistant.core.errors import InvalidEntry
from assistant.core.inputs import number, shown
from assistant.core.names import NameIndex, normalize
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import (
    building_index,
    event_index,
    parse_board,
    parse_character,
    parse_event,
    parse_hexes,
    parse_roman,
    parse_token,
    type_index,
    work_index,
)
from assistant.games.sylla.rules.auction import sale_colour
from assistant.games.sylla.rules.events import eligible
from assistant.games.sylla.state import State

if TYPE_CHECKING:
    from assistant.games.sylla.state import Card, Tile

VERBS: dict[str, str] = {
    "board": "board", "sets": "sets", "set": "sets", "keep": "keep", "keeps": "keep",
    "event": "events", "events": "events", "remove": "remove", "removes": "remove", "work": "work",
    "next": "work", "tiles": "tiles", "tile": "tiles", "bid": "bid", "bids": "bid", "pass": "pass",
    "passes": "pass", "take": "take", "takes": "take", "token": "take", "recruit": "recruit",
    "recruits": "recruit", "display": "display", "offer": "offer", "offers": "offer", "pay": "pay", "pays": "pay", "tap": "pay",
    "taps": "pay", "insula": "insula", "crane": "crane", "temple": "temple", "tavern": "tavern",
    "done": "done", "vestal": "cube", "legionary": "cube", "cube": "cube", "ves": "cube", "leg": "cube",
    "prevent": "prevent", "prevents": "prevent", "turn": "down", "turns": "down", "up": "vote",
    "down": "vote", "free": "free", "frees": "free", "votes": "votes", "?": "votes",
    "fists": "fists", "fist": "fists", "tokens": "tokens", "shows": "tokens", "holds": "tokens",
}

USAGE = ("board, sets, keeps, events, remove, work, tiles, bids, passes, takes, recruits, offers, pays, "
         "insula, crane, temple, tavern, done, vestal/legionary, prevents, turns, removes, up/down, votes ?, "
         "fists, tokens, frees")
UNKNOWN = "?"
"""The unknown face: a token kind or a vote the table did not see (docs/notation/sylla.md)."""


def _kind_or_unknown(word: str) -> str | None:
    """A token kind, or None for ``?``."""
    return None if word == UNKNOWN else parse_token(word)


def _vote(words: list[str], rule: str) -> tuple[str, int]:
    """``up 3`` -> ("up", 3): a thumb and the denarii in the fist (0 when left out)."""
    if not words or normalize(words[0]) not in ("up", "down") or len(words) > 2:
        raise InvalidEntry(rule, "give the thumb and the denarii in the fist", hint="Red up 3")
    denarii = reading.read_number(words[1], "the number of denarii in the fist", rule) if len(words) == 2 else 0
    return normalize(words[0]), denarii


def _kind_counts(words: list[str], into: dict[str, int], rule: str, *, twice: str, what: str, hint: str | None = None) -> None:
    """``civic 2 health 1``: each token kind and its count put ``into`` the counts read so far
    (``twice`` and ``what`` are templates of ``{kind}``); the caller refuses an odd word."""
    for k, count in zip(words[::2], words[1::2]):
        kind = parse_token(k)
        if kind in into:
            raise InvalidEntry(rule, twice.format(kind=kind), hint=hint)
        into[kind] = reading.read_number(count, what.format(kind=kind), rule)


def _nothing_more(rest: list[str], said: str, rule: str, hint: str) -> None:
    """Refuse words after a complete entry (``Blue passes 3`` is not a pass: a bid was meant?)."""
    if rest:
        raise InvalidEntry(rule, f"'{said}' takes nothing more; cannot read '{' '.join(rest)}'", hint=hint)


def _groups(words: list[str]) -> list[list[str]]:
    """Split on commas: ``a b, c d`` -> [[a, b], [c, d]]."""
    text = " ".join(words)
    return [g.split() for g in text.split(",") if g.strip()]


def _cards(words: list[str]) -> list[list[str]]:
    """Characters split on commas, or, without commas, before each type word:
    ``senator r senator fish y`` -> [[senator, r], [senator, fish, y]]."""
    out: list[list[str]] = []
    for group in _groups(words):
        current: list[str] = []
        for word in group:
            if current and type_index().exact(word):
                out.append(current)
                current = []
            current.append(word)
        if current:
            out.append(current)
    return out


def _drawn_work(text: str) -> str:
    """A Great Work of the pile; Ecclesia is named with its own reason (it is never drawn)."""
    if normalize(text) in ("ecclesia", normalize("egyház")):
        raise InvalidEntry(
        "sylla.greatworks.ecclesia",
        "Ecclesia is not in the Great Work pile: it comes into being by itself after round 5",
        hint="work Pantheon, Temple, Granary, Public Baths, Colosseum or Senate",
                           )
    return work_index().resolve(text)


def seat_index(seats: tuple[str, ...]) -> NameIndex:
    """The players' names as an index (any case, unique prefixes), built once per table."""
    return reading.seat_index(seats, "sylla.notation")


@dataclass(frozen=True)
class _Entry:
    """An entry read up to its verb: the verb as typed (``said``) and folded (``raw``), its
    words after it (``args``), the player named (or ``None``) and the players awaited."""

    state: State
    text: str
    awaited: tuple[str, ...]
    player: str | None
    said: str
    raw: str
    args: list[str]

    def who(self) -> str:
        """The entry's player: the one named, else the lone player awaited."""
        if self.player is not None:
            return self.player
        if len(self.awaited) == 1:
            return self.awaited[0]
        raise InvalidEntry(
        "sylla.notation",
        f"say whose entry this is: '<player> {self.text}'",
        hint="awaited: " + (", ".join(self.awaited) or "nobody"),
                           )


def parse(state: State, text: str, awaited: tuple[str, ...]) -> m.SyllaMove:
    """Read one entry into its move. Reads only: raises InvalidEntry or AmbiguousEntry when the
    text cannot be read, never judges legality (rules.check does). ``awaited`` are the players
    the game waits for: a lone one owns an entry typed without a name. ``<entry> | <Name>
    tokens civic 2 | ...`` is the entry with the token counts the rules revealed as it was
    played (the public record writes crises and the end so)."""
    head = [normalize(w) for w in text.split()[:2]]
    if head[:1] == [POSITION_VERB]:
        return _parse_position(state, text)
    if any(w in CORRECT_VERBS for w in head):
        return _parse_correct(state, text)
    if "|" in text:
        return _parse_revealing(state, text, awaited)
    entry = _read_entry(state, text, awaited)
    return _READERS[VERBS[entry.raw]](entry)


def _parse_revealing(state: State, text: str, awaited: tuple[str, ...]) -> m.RevealingMove:
    """``<entry> | <Name> tokens civic 2 | ...``: the entry and the counts revealed with it."""
    first, *rest = text.split("|")
    inner = parse(state, first, awaited)
    facts_: list[m.TokensMove] = []
    for part in rest:
        fact = parse(state, part, ())
        if not isinstance(fact, m.TokensMove) or not fact.counts:
            raise InvalidEntry("sylla.hidden.tokens", f"after '|' only token counts: cannot read '{shown(part, 40)}'", hint="| Red tokens civic 2")
        facts_.append(fact)
    return m.RevealingMove(inner, tuple(facts_))


def _read_entry(state: State, text: str, awaited: tuple[str, ...]) -> _Entry:
    """The player named (if any), the verb and its words; an unknown verb is refused with the
    nearest one."""
    words = text.replace(";", ",").split()
    if not words:
        raise InvalidEntry("sylla.notation", "the entry is empty", hint=USAGE)
    player: str | None = None
    if words[0] != UNKNOWN and normalize(words[0]) not in VERBS:
        player = seat_index(state.seats).resolve(words[0])
        words = words[1:]
        if not words:
            raise InvalidEntry("sylla.notation", f"what does {player} do?", hint=USAGE)
    if normalize(words[0]) == "thumb" and len(words) > 1:  # "Red thumb up 3"
        words = words[1:]
    raw_verb = UNKNOWN if words[0] == UNKNOWN else normalize(words[0])
    if raw_verb not in VERBS:
        close = difflib.get_close_matches(raw_verb, list(VERBS), n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'? The verbs: {USAGE}" if close else USAGE
        raise InvalidEntry("sylla.notation", f"cannot read '{words[0]}'", hint=hint)
    return _Entry(state, text, awaited, player, words[0], raw_verb, words[1:])


def _sets(e: _Entry) -> m.SyllaMove:
    pairs: list[tuple[str, int]] = []
    for word in e.args:
        if "=" not in word:
            raise InvalidEntry("sylla.setup.characters", f"cannot read '{word}'", hint="sets Blue=I Red=II White=III Black=IV")
        name, numeral = word.split("=", 1)
        n = parse_roman(numeral)
        if n is None:
            raise InvalidEntry("sylla.setup.characters", f"'{numeral}' is not an Income tile numeral (I to IV)")
        pairs.append((seat_index(e.state.seats).resolve(name), n))
    return m.SetsMove(tuple(pairs))


def _remove(e: _Entry) -> m.SyllaMove:
    if not e.args:
        raise InvalidEntry("sylla.notation", "remove what?")
    if e.state.phase == "setup" and e.player is None:
        return m.RemoveWorkMove(_drawn_work(" ".join(e.args)))
    return m.RemoveEventMove(e.who(), event_index().resolve(" ".join(e.args)))


def _bid(e: _Entry) -> m.SyllaMove:
    if len(e.args) != 1:
        raise InvalidEntry("sylla.notation", "bid a number", hint="Blue bids 3")
    return m.BidMove(e.who(), reading.read_number(e.args[0], "a bid", "sylla.notation"))


def _pass(e: _Entry) -> m.SyllaMove:
    _nothing_more(e.args, e.said, "sylla.notation", "Blue passes, or Blue bids 3")
    return m.PassMove(e.who())


def _take(e: _Entry) -> m.SyllaMove:
    if len(e.args) != 1:
        raise InvalidEntry("sylla.phase1.respublica", "take one token kind", hint="Black takes civic")
    if e.args[0] == UNKNOWN:
        raise InvalidEntry("sylla.phase1.respublica", "the Consul shows his token's colour to everyone: name it", hint="Black takes civic")
    return m.TokenMove(e.who(), parse_token(e.args[0]))


def _recruit(e: _Entry) -> m.SyllaMove:
    display = e.state.display
    n = number(e.args[0]) if len(e.args) == 1 and display else None
    if n is not None and display:
        if not 1 <= n <= len(display):
            raise InvalidEntry("sylla.phase2.recruit", f"the display holds {len(display)} characters")
        return m.RecruitMove(e.who(), display[n - 1])
    return m.RecruitMove(e.who(), parse_character(e.args))


def _offer(e: _Entry) -> m.SyllaMove:
    args, rule = e.args, "sylla.phase3.sequence"
    if not args:
        raise InvalidEntry(rule, "offer which space?", hint="offers 3, or offers field")
    space = number(args[0])
    if space is not None:
        _nothing_more(args[1:], f"{e.said} {args[0]}", rule, f"{e.said} {args[0]}")
        return m.OfferMove(e.who(), space)
    kind = building_index().resolve(" ".join(args))
    spaces = [i + 1 for i, t in enumerate(e.state.spaces) if t == kind]
    if not spaces:
        raise InvalidEntry(
        rule,
        f"no {kind} lies on the building spaces",
        hint="offer a space: " + ", ".join(str(i + 1) for i, t in enumerate(e.state.spaces) if t),
                           )
    if len(spaces) > 1:
        raise InvalidEntry(rule, f"{len(spaces)} tiles of that type are on offer; name the space", hint="offers " + " or ".join(map(str, spaces)))
    return m.OfferMove(e.who(), spaces[0])


def _pay(e: _Entry) -> m.SyllaMove:
    actor = e.who()
    return m.PayMove(actor, resolve_payment(e.state, actor, " ".join(e.args).replace(",", " ").split()))


def _insula(e: _Entry) -> m.SyllaMove:
    kinds = [_kind_or_unknown(w) for w in " ".join(e.args).replace(",", " ").split()]
    if kinds == [None]:  # "insula ?": both unseen
        kinds = [None, None]
    if len(kinds) != 2:
        raise InvalidEntry("sylla.buildings.insula", "the Insula gives 2 tokens: name both", hint="insula civic health")
    return m.InsulaMove(e.who(), (kinds[0], kinds[1]))


def _crane(e: _Entry) -> m.SyllaMove:
    if len(e.args) != 1:
        raise InvalidEntry("sylla.data.cranes", "give the Crane card's hexagon letters", hint="crane ry")
    return m.CraneMove(e.who(), parse_hexes(e.args[0], "sylla.data.cranes"))


def _temple(e: _Entry) -> m.SyllaMove:
    if len(e.args) != 1:
        raise InvalidEntry("sylla.buildings.temple", "name the token the Temple buys", hint="temple health")
    return m.TempleMove(e.who(), _kind_or_unknown(e.args[0]))


def _tavern(e: _Entry) -> m.SyllaMove:
    args = e.args
    if len(args) != 2 or normalize(args[1]) not in ("up", "down", "hold", "right", "left", "block"):
        raise InvalidEntry("sylla.buildings.tavern.rules", "name the marker and up, down or hold", hint="tavern civic up")
    direction = {"right": "up", "left": "down", "block": "hold"}.get(normalize(args[1]), normalize(args[1]))
    return m.TavernMove(e.who(), parse_token(args[0]), direction)


def _done(e: _Entry) -> m.SyllaMove:
    _nothing_more(e.args, e.said, "sylla.notation", "Blue done")
    return m.DoneMove(e.who())


def _cube(e: _Entry) -> m.SyllaMove:
    args, rule, state = e.args, "sylla.phase5.placement", e.state
    source = {"vestal": "vestal", "ves": "vestal", "legionary": "legionary", "leg": "legionary"}.get(e.raw)
    if not args:
        raise InvalidEntry(rule, "on which event?", hint="vestal Famine, or legionary 2")
    n = number(args[0])
    if n is not None:
        _nothing_more(args[1:], f"{e.said} {args[0]}", rule, f"{e.said} {args[0]}, or {e.said} <event name>")
        if not 1 <= n <= len(state.events):
            raise InvalidEntry(rule, f"the event row has slots 1 to {len(state.events)}")
        event = state.events[n - 1].id
    else:
        event = event_index().resolve(" ".join(args))
    actor = e.who()
    if source is None:
        held = [k for k, n in state.player(actor).cubes.items() if n > 0]
        if len(held) != 1:
            raise InvalidEntry(rule, "say whose cube it is: vestal or legionary", hint=f"{actor} vestal {' '.join(args)}")
        source = held[0]
    return m.CubeMove(actor, source, event)


def _down(e: _Entry) -> m.SyllaMove:
    if len(e.args) != 1:
        raise InvalidEntry("sylla.events.disable", "name the card or tile to turn face down", hint="turns Sen2")
    actor = e.who()
    return m.DownMove(actor, resolve_down(e.state, actor, e.args[0]))


def _thumb(e: _Entry) -> m.SyllaMove:
    denarii = reading.read_number(e.args[0], "the number of denarii in the fist", "sylla.phase6.vote") if e.args else 0
    if len(e.args) > 1:
        raise InvalidEntry("sylla.phase6.vote", "give the thumb and the denarii in the fist", hint="Red up 3")
    return m.VoteMove(e.who(), e.raw, denarii)


def _votes(e: _Entry) -> m.SyllaMove:
    if not e.args or e.args == [UNKNOWN]:
        return m.VoteMove(e.who(), None, None)
    thumb, denarii = _vote(e.args, "sylla.phase6.vote")
    return m.VoteMove(e.who(), thumb, denarii)


def _fists(e: _Entry) -> m.SyllaMove:
    votes: list[tuple[str, str, int]] = []
    for group in _groups(e.args):
        name = seat_index(e.state.seats).resolve(group[0])
        thumb, denarii = _vote(group[1:], "sylla.hidden.votes")
        votes.append((name, thumb, denarii))
    if not votes:
        raise InvalidEntry("sylla.hidden.votes", "name the votes the open fists show", hint="fists Blue up 3, Red down 0")
    return m.FistsMove(tuple(votes))


def _tokens(e: _Entry) -> m.SyllaMove:
    rule = "sylla.hidden.tokens"
    if e.args == [UNKNOWN]:
        return m.TokensMove(e.who(), ())
    words = " ".join(e.args).replace(",", " ").split()
    if not words or len(words) % 2:
        raise InvalidEntry(rule, "give kinds and counts", hint="Red tokens civic 2 health 1")
    counts: dict[str, int] = {}
    _kind_counts(words, counts, rule, twice="{kind} is named twice", what="a token count")
    return m.TokensMove(e.who(), tuple(counts.items()))


def _free(e: _Entry) -> m.SyllaMove:
    if len(e.args) != 1:
        raise InvalidEntry("sylla.end.slaves", "how many Slaves?", hint="frees 2")
    return m.FreeMove(e.who(), reading.read_number(e.args[0], "the number of Slaves freed", "sylla.end.slaves"))


#: The reader of each verb (the values of :data:`VERBS`).
_READERS: dict[str, Callable[[_Entry], m.SyllaMove]] = {
    "board": lambda e: m.BoardMove(parse_board(e.args)),
    "sets": _sets,
    "keep": lambda e: m.KeepMove(e.who(), tuple(parse_character(g) for g in _cards(e.args))),
    "events": lambda e: m.EventsMove(tuple(parse_event(g) for g in _groups(e.args))),
    "remove": _remove,
    "work": lambda e: m.WorkMove(_drawn_work(" ".join(e.args))),
    "tiles": lambda e: m.TilesMove(reading.read_names(building_index(), " ".join(e.args).replace(",", " ").split())),
    "bid": _bid,
    "pass": _pass,
    "take": _take,
    "recruit": _recruit,
    "display": lambda e: m.DisplayMove(tuple(parse_character(g) for g in _cards(e.args))),
    "offer": _offer,
    "pay": _pay,
    "insula": _insula,
    "crane": _crane,
    "temple": _temple,
    "tavern": _tavern,
    "done": _done,
    "cube": _cube,
    "prevent": lambda e: m.PreventMove(e.who(), tuple(event_index().resolve(" ".join(g)) for g in _groups(e.args))),
    "down": _down,
    "vote": _thumb,
    "votes": _votes,
    "fists": _fists,
    "tokens": _tokens,
    "free": _free,
}

def resolve_payment(state: State, name: str, words: list[str]) -> tuple[str, ...]:
    """Labels (``Sla1``) or types (``slave merchant``): types take the first unused usable card
    of that type showing the sale colour."""
    p = state.player(name)
    colour = sale_colour(state) if state.offer_space is not None and state.board is not None else ""
    chosen: list[str] = []
    for word in words:
        card = p.card(word)
        if card is None:
            kind = "crane" if normalize(word) in ("crane", "daru") else type_index().find(word)
            if kind is None:
                raise InvalidEntry(
                "sylla.phase3.payment",
                f"{name} has no card '{word}'",
                hint="his cards: " + ", ".join(c.label for c in p.cards),
                                   )
            options = [c for c in p.cards if c.kind == kind and c.label not in chosen and c.usable and colour in c.hexes]
            if not options:
                options = [c for c in p.cards if c.kind == kind and c.label not in chosen]
            if not options:
                raise InvalidEntry("sylla.phase3.payment", f"{name} has no {kind} left to pay with")
            card = options[0]
        chosen.append(card.label)
    return tuple(chosen)


def resolve_down(state: State, name: str, word: str) -> str:
    """The label of ``name``'s item that ``word`` names: a label (``Sen2``), or a type or
    building (``senator``, ``stall``) meaning the first such item the current event can turn."""
    p = state.player(name)
    owned: list[Card | Tile] = [*p.cards, *p.tiles]
    for item in owned:
        if item.label.casefold() == word.casefold():
            return item.label
    event = state.current_effect
    items: list[Card | Tile] = eligible(state, p, event) if event else [*p.cards, *p.tiles]
    kind = type_index().find(word) or ("crane" if normalize(word) == "crane" else None)
    if kind is None:
        kind = building_index().find(word)
    matching = [i for i in items if i.kind == kind]
    if not matching:
        raise InvalidEntry(
        "sylla.events.disable",
        f"{name} has no '{word}' to turn face down",
        hint="his items: " + ", ".join(i.label for i in items),
                           )
    return matching[0].label


CORRECT_VERBS = ("correct", "correction", "fix")
"""The verb of a correction entry (rule sylla.correct), and the words also accepted for it."""
_CORRECT_HINT = ("e.g. 'correct Red prestige +2 because ...', 'correct Red denarii -1 because ...', "
                 "'correct Red token civic to Blue because ...', 'correct Red card Sen1 untap because ...'")
_THINGS = {"prestige": "prestige", "glory": "prestige", "vp": "prestige", "denarii": "denarii", "denarius": "denarii",
           "money": "denarii", "coins": "denarii", "token": "token", "card": "card", "tile": "card"}
_FIXES = {"tap": "tap", "tapped": "tap", "untap": "untap", "untapped": "untap", "down": "down", "facedown": "down",
          "up": "up", "faceup": "up"}


def _parse_correct(state: State, text: str) -> m.CorrectMove:
    """``correct PLAYER THING CHANGE because REASON`` (also ``PLAYER correct ...``; rule sylla.correct)."""
    rule = "sylla.correct"
    head, reason = reading.split_because(text)
    if not reason:
        raise InvalidEntry(rule, "a correction says why: end it with 'because REASON'", hint=_CORRECT_HINT)
    if "#" in reason or "|" in reason:
        raise InvalidEntry(rule, "the reason cannot hold '#' or '|'", hint="write the reason without them")
    words = head.split()
    seats = seat_index(state.seats)
    if normalize(words[0]) in CORRECT_VERBS:
        words = words[1:]
    elif len(words) > 1 and normalize(words[1]) in CORRECT_VERBS:
        words = [words[0]] + words[2:]
    if len(words) < 2:
        raise InvalidEntry(rule, "a correction names the player and what was wrong: prestige, denarii, token or card", hint=_CORRECT_HINT)
    player = seats.resolve(words[0])
    thing = _THINGS.get(normalize(words[1]))
    rest = words[2:]
    if thing is None:
        raise InvalidEntry(rule, f"cannot correct '{shown(words[1], 40)}': prestige, denarii, token or card", hint=_CORRECT_HINT)
    if thing in ("prestige", "denarii"):
        amount = reading.read_change(" ".join(rest), f"a {thing} correction", rule, hint=_CORRECT_HINT)
        return m.CorrectMove(player, thing, reason, amount=amount)
    if thing == "token":
        if len(rest) == 3 and normalize(rest[1]) in ("to", "for"):
            if rest[0] == UNKNOWN:
                raise InvalidEntry(rule, "only a token of a kind everyone saw is corrected: name its kind", hint=_CORRECT_HINT)
            return m.CorrectMove(player, thing, reason, kind=parse_token(rest[0]), other=seats.resolve(rest[2]))
        raise InvalidEntry(rule, "'token' takes the kind and who should have it, e.g. 'token civic to Blue'", hint=_CORRECT_HINT)
    if len(rest) == 3 and normalize(rest[1]) == "face" and normalize(rest[2]) in ("up", "down"):
        rest = [rest[0], normalize(rest[2])]
    fix = _FIXES.get(normalize(rest[1])) if len(rest) == 2 else None
    if fix is None:
        raise InvalidEntry(rule, "'card' takes a label and tap, untap, down or up, e.g. 'card Sen1 untap'", hint=_CORRECT_HINT)
    held = state.player(player).card(rest[0]) if player in state.seats else None
    return m.CorrectMove(player, thing, reason, card=held.label if held else rest[0], fix=fix)


def public_notation(state: State, move: m.SyllaMove) -> str:
    """The entry as the whole table may see it (sylla.components.hidden): a Temple's or an
    Insula's token as ``?``; a fist vote as ``votes ?`` until the fists open, and the entry that
    opens them as ``fists`` with every vote; a count named outside a reveal as ``tokens ?``;
    a position entry's denarii as ``denarii ?`` (its tokens are the counts the whole table saw,
    and stay); and after ``|`` the token counts the rules revealed as the entry was played (a crisis, the
    end). It reads back at ``state`` to a move with the same public effect."""
    from assistant.games.sylla import rules

    text = _public_core(state, move)
    after = rules.apply(state, move)
    inner = move.move if isinstance(move, m.RevealingMove) else move
    said = _public_tokens(state, inner) if isinstance(inner, m.TokensMove) else None
    counts: dict[str, dict[str, int]] = {}
    for name, kind, n in after.shown:  # the counts the entry itself shows need no repeating
        if said is None or name != said.player or (kind, n) not in said.counts:
            counts.setdefault(name, {})[kind] = n
    if counts:
        text += " | " + " | ".join(m.TokensMove(name, tuple(c.items())).notation() for name, c in counts.items())
    return text


def reveals(state: State, move: m.SyllaMove) -> bool:
    """Whether the public form of the entry shows more than the entry as typed: the fists open
    with it (the vote that completes them, or a ``fists`` entry naming only the votes entered
    as unknown, becomes ``fists`` with every vote), or the token counts the rules revealed as
    it was played follow it (``| Red tokens civic 2``). The whole table sees that form, the
    entry's own player too: his typed text alone would leave the others' votes and counts
    unknown in a game replayed as he knows it (rules sylla.hidden.votes, sylla.components.hidden)."""
    public = public_notation(state, move)
    if " | " in public and " | " not in str(move.notation()):
        return True
    inner = move.move if isinstance(move, m.RevealingMove) else move
    return isinstance(inner, (m.VoteMove, m.FistsMove)) and public.startswith("fists ") and public != inner.notation()


def _public_core(state: State, move: m.SyllaMove) -> str:
    """The entry itself as the table may see it, without the revealed counts."""
    if isinstance(move, m.RevealingMove):
        return _public_core(state, move.move)
    if isinstance(move, m.TempleMove):
        return m.TempleMove(move.player, None).notation()
    if isinstance(move, m.InsulaMove):
        return m.InsulaMove(move.player, (None, None)).notation()
    if isinstance(move, (m.VoteMove, m.FistsMove)):
        votes = dict(state.votes)
        if isinstance(move, m.VoteMove):
            votes[move.player] = (move.thumb, move.denarii)
        else:
            votes.update({n: (t, d) for n, t, d in move.votes})
        complete = set(votes) == set(state.seats) and all(t is not None for t, _ in votes.values())
        if not complete:
            return move.notation() if isinstance(move, m.FistsMove) else m.VoteMove(move.player, None, None).notation()
        return m.FistsMove(tuple((n, *votes[n]) for n in state.seats)).notation()  # type: ignore[misc]
    if isinstance(move, m.TokensMove):
        return _public_tokens(state, move).notation()
    if isinstance(move, m.PositionPlayer):
        return replace(move, denarii=None).notation()
    return move.notation()


def _public_tokens(state: State, move: m.TokensMove) -> m.TokensMove:
    """The counts a ``tokens`` entry shows to all: every one at the end, the crisis kind's in a
    crisis, none outside a reveal (named later: ``Red tokens ?``; rules.hidden.public_counts)."""
    from assistant.games.sylla.rules.hidden import public_counts

    return public_counts(state, move)


POSITION_VERB = "position"
"""The verb of the entries of a position block (rule sylla.position)."""
_POSITION_HINT = ("e.g. 'position round 3, phase III, consul Blue, turn Red, offers 2, famine 2, civic 4, health 5, leisure 3', "
                  "'position Blue set II, prestige 14, denarii 7, civic 1 health 0 leisure 2', 'position Blue cards senator ry II'")
#: The phases a game is picked up in, by numeral or name.
_PHASES = {"i": "I", "1": "I", "election": "I", "consul": "I", "ii": "II", "2": "II", "recruitment": "II",
           "iii": "III", "3": "III", "buildings": "III", "auction": "III", "vi": "VI", "6": "VI",
           "great work": "VI", "greatwork": "VI", "work": "VI", "vii": "VII", "7": "VII", "end of round": "VII",
           "round end": "VII", "famine and crisis": "VII"}


def _position_groups(text: str, sep: str = ",") -> list[list[str]]:
    """The comma-separated groups of a position entry, each as its words."""
    return [g.split() for g in text.split(sep) if g.strip()]


def _parse_position(state: State, text: str) -> m.SyllaMove:
    """A ``position ...`` entry (rule sylla.position): reads only; rules.pickup judges it."""
    rule = "sylla.position"
    words = text.split()[1:]
    if not words:
        raise InvalidEntry(rule, "position what? the table, events, works, tiles, display, or a player", hint=_POSITION_HINT)
    subject = normalize(words[0])
    rest = " ".join(words[1:])
    if subject == "round":
        return _position_table(state, " ".join(words))
    if subject == "events":
        row, _, removed = rest.partition(";")
        head, _, tail = removed.strip().partition(" ")
        if removed.strip() and normalize(head) != "removed":
            raise InvalidEntry(rule, "after ';' come the events removed from the game: '; removed Flood 1 V health'", hint=_POSITION_HINT)
        return m.PositionEvents(tuple(parse_event(g) for g in _position_groups(row)),
                                tuple(parse_event(g) for g in _position_groups(tail)))
    if subject == "works":
        parts = [p.strip() for p in rest.split(";")]
        work, built, dropped = parts[0], [], None
        for part in parts[1:]:
            head, _, tail = part.partition(" ")
            if normalize(head) == "built":
                built = [_drawn_work(" ".join(g)) for g in _position_groups(tail)]
            elif normalize(head) == "removed" and tail.strip():
                dropped = _drawn_work(tail.strip())
            else:
                raise InvalidEntry(rule, f"cannot read '{shown(part, 40)}' among the Great Works", hint="position works Senate; built Pantheon; removed Temple")
        if not work or dropped is None:
            raise InvalidEntry(rule, "name this round's Great Work and the one removed at setup", hint="position works Senate; built Pantheon; removed Temple")
        return m.PositionWorks(_drawn_work(work), tuple(built), dropped)
    if subject == "tiles":
        groups = _position_groups(rest)
        return m.PositionTiles(tuple(None if g == ["-"] else building_index().resolve(" ".join(g)) for g in groups))
    if subject == "display":
        groups = [] if rest.strip() == "-" else _position_groups(rest)
        return m.PositionDisplay(tuple(parse_character(g) for g in groups))
    player = seat_index(state.seats).resolve(words[0])
    if len(words) < 2:
        raise InvalidEntry(rule, f"what of {player}? his figures, cards or buildings", hint=_POSITION_HINT)
    kind = normalize(words[1])
    tail = " ".join(words[2:])
    if kind == "cards":
        groups = [] if tail.strip() == "-" else _position_groups(tail)
        return m.PositionCards(player, tuple(_position_card(g) for g in groups))
    if kind in ("buildings", "tiles"):
        groups = [] if tail.strip() == "-" else _position_groups(tail)
        tiles: list[tuple[str, bool]] = []
        for g in groups:
            down = len(g) > 1 and normalize(g[-1]) == "down"
            tiles.append((building_index().resolve(" ".join(g[:-1] if down else g)), down))
        return m.PositionBuildings(player, tuple(tiles))
    return _position_player(player, " ".join(words[1:]))


def _position_card(words: list[str]) -> m.PositionCard:
    """``senator fish ry II tapped``, ``crane ry down``: a card of a position block."""
    flags = {"tapped": False, "down": False}
    while words and normalize(words[-1]) in ("tapped", "down"):
        flags[normalize(words[-1])] = True
        words = words[:-1]
    if words and normalize(words[0]) in ("crane", "daru"):
        if len(words) != 2:
            raise InvalidEntry("sylla.data.cranes", "a Crane card shows its hexagon letters", hint="crane ry tapped")
        return m.PositionCard(None, parse_hexes(words[1], "sylla.data.cranes"), flags["tapped"], flags["down"])
    return m.PositionCard(parse_character(words), "", flags["tapped"], flags["down"])


def _position_pairs(text: str, rule: str) -> list[tuple[str, list[str]]]:
    """``round 3, phase III, civic 4 health 5`` -> [(round, [3]), (phase, [III]), (civic, [4]), (health, [5])]:
    a key word and the words after it up to the next key word."""
    out: list[tuple[str, list[str]]] = []
    for group in _position_groups(text):
        out.append((normalize(group[0]), group[1:]))
    return out


def _position_int(words: list[str], what: str, rule: str = "sylla.position") -> int:
    """The one whole number of a key."""
    if len(words) != 1:
        raise InvalidEntry(rule, f"{what} takes one number", hint=_POSITION_HINT)
    return reading.read_number(words[0], what, rule)


def _position_table(state: State, text: str) -> m.PositionTable:
    """``round 3, phase III, consul Blue, turn Red, offers 2, famine 2, civic 4, health 5, leisure 3``."""
    rule = "sylla.position"
    seats = seat_index(state.seats)
    got: dict[str, object] = {}
    markers: dict[str, int] = {}
    for key, args in _position_pairs(text, rule):
        if key in got or key in markers:
            raise InvalidEntry(rule, f"'{key}' is given twice", hint=_POSITION_HINT)
        if key in ("round", "famine", "offers"):
            got[key] = _position_int(args, key)
        elif key == "phase":
            name = normalize(" ".join(args))
            if name not in _PHASES:
                raise InvalidEntry(rule, f"a game is picked up in phase I, II, III, VI or VII, not '{shown(' '.join(args), 40)}'",
                                   hint="phase I (election), II (recruitment), III (buildings), VI (great work), VII (end of round)")
            got[key] = _PHASES[name]
        elif key in ("consul", "turn"):
            if len(args) != 1:
                raise InvalidEntry(rule, f"{key} takes one player's name", hint=_POSITION_HINT)
            got[key] = seats.resolve(args[0])
        elif key == "high":
            if len(args) != 2:
                raise InvalidEntry(rule, "high takes the bid and who made it", hint="high 4 Blue")
            got[key] = (reading.read_number(args[0], "the high bid", rule), seats.resolve(args[1]))
        else:
            words = [key, *args]
            if len(words) % 2:
                raise InvalidEntry(rule, f"cannot read '{shown(' '.join(words), 40)}'", hint=_POSITION_HINT)
            _kind_counts(words, markers, rule, twice="the {kind} marker is given twice", what="the {kind} marker's space", hint=_POSITION_HINT)
    missing = [k for k in ("round", "phase", "consul", "famine") if k not in got] + [k for k in ("civic", "health", "leisure") if k not in markers]
    if missing:
        raise InvalidEntry(rule, "the position of the table needs " + ", ".join(missing), hint=_POSITION_HINT)
    high = got.get("high")
    return m.PositionTable(
        round=int(got["round"]), phase=str(got["phase"]), consul=str(got["consul"]),  # type: ignore[call-overload]
        turn=got.get("turn"), famine=int(got["famine"]),  # type: ignore[arg-type,call-overload]
        markers=(markers["civic"], markers["health"], markers["leisure"]),
        offers=int(got.get("offers", 0)),  # type: ignore[call-overload]
        high=high[0] if high else None, high_bidder=high[1] if high else None,  # type: ignore[index]
    )


def _position_player(player: str, text: str) -> m.PositionPlayer:
    """``set II, prestige 14, denarii 7, civic 1 health 0 leisure 2, unseen 2 as 1 1 0 or 1 0 1``."""
    rule = "sylla.position"
    got: dict[str, object] = {}
    tokens: dict[str, int] = {}
    for key, args in _position_pairs(text, rule):
        if key in got:
            raise InvalidEntry(rule, f"'{key}' is given twice for {player}", hint=_POSITION_HINT)
        if key == "set":
            n = parse_roman(args[0]) if len(args) == 1 else None
            if n is None:
                raise InvalidEntry(rule, f"{player}'s Income tile is I, II, III or IV", hint=f"position {player} set II, ...")
            got[key] = n
        elif key == "denarii" and args == ["?"]:
            got[key] = None  # the public form: behind his screen (sylla.components.hidden)
        elif key in ("prestige", "denarii"):
            got[key] = _position_int(args, key)
        elif key == "unseen":
            if not args:
                raise InvalidEntry(rule, "unseen takes how many tokens", hint="unseen 2, or unseen 2 as 1 1 0 or 1 0 1")
            got[key] = reading.read_number(args[0], "the unseen tokens", rule)
            splits: list[tuple[int, int, int]] = []
            if len(args) > 1:
                if normalize(args[1]) != "as":
                    raise InvalidEntry(rule, "after the unseen count: 'as' and the splits it can still have", hint="unseen 2 as 1 1 0 or 1 0 1")
                for group in " ".join(args[2:]).split(" or "):
                    nums = group.split()
                    if len(nums) != 3:
                        raise InvalidEntry(rule, "a split gives civic, health and leisure counts", hint="unseen 2 as 1 1 0 or 1 0 1")
                    civic, health, leisure = (reading.read_number(n, "a split", rule) for n in nums)
                    splits.append((civic, health, leisure))
            got["splits"] = tuple(splits)
        else:
            words = [key, *args]
            if len(words) % 2:
                raise InvalidEntry(rule, f"cannot read '{shown(' '.join(words), 40)}' for {player}", hint=_POSITION_HINT)
            _kind_counts(words, tokens, rule, twice=f"{reading.literal(player)}'s {{kind}} tokens are given twice", what=f"{reading.literal(player)}'s {{kind}} tokens", hint=_POSITION_HINT)
    missing = [k for k in ("set", "prestige", "denarii") if k not in got]
    if missing:
        raise InvalidEntry(rule, f"the position of {player} needs " + ", ".join(missing), hint=_POSITION_HINT)
    denarii = got["denarii"]
    return m.PositionPlayer(
        player, int(got["set"]), int(got["prestige"]), None if denarii is None else int(denarii),  # type: ignore[call-overload]
        (tokens.get("civic", 0), tokens.get("health", 0), tokens.get("leisure", 0)),
        int(got.get("unseen", 0)), tuple(got.get("splits", ())),  # type: ignore[call-overload,arg-type]
    )
