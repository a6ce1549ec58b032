"""The entries that are legal now, for hints, completion and random play.

Choices are listed in full (which die for what, which target, which Forum die); the user's
chance entries are listed where they are few (the 56 rolls, the battle die) and sampled where
they are many (a player's dealt hand: a few possible hands, not all of them). Architectus and
Senator are listed laying one card or none; Consiliarius and Machina re-laying in place or with
one card moved (the full sets are too large to list, and every listed move is legal).

Speed: ``legal_moves`` must stay under 1 ms on any position (benchmarks/bench_roma.py), and an
extreme position (a Scaenicus on the bribe disc, Senator, Architectus, a hand of 23 card types,
three different dice) lists about 1,200 moves. Building an ``Activate`` through its 12-field
``__init__`` costs over 1 µs, so the variants of one move (one per target, die, card, disc or
roll) are made by :func:`_variant`, which copies the base move's field values and changes one
(about 0.3 µs). The position's counts (unseen cards, hand cards by kind) are computed once
per call.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import TypeVar

from assistant.games.roma.components import CARDS, ORDER
from assistant.games.roma.board import (
    ATTACKS,
    BRIBE_DISC,
    TARGET_KIND,
    copy_candidates,
    legal_targets,
    neighbours,
    placing_player,
)
from assistant.games.roma.moves import (
    Activate,
    Battle,
    End,
    Give,
    Hand,
    Lay,
    Money,
    Place,
    Roll,
    RomaMove,
    Start,
    TakeCards,
    UNKNOWN,
)
from assistant.games.roma.state import RomaState

ROLLS: tuple[tuple[int, int, int], ...] = tuple(combinations_with_replacement(range(1, 7), 3))
_KIND = {name: card.kind for name, card in CARDS.items()}
_EFFECT = {name: card.effect for name, card in CARDS.items()}
_COST = {name: card.cost for name, card in CARDS.items()}
_CHARACTERS = tuple(c for c in ORDER if _KIND[c] == "character")

_M = TypeVar("_M", Activate, Battle, Lay, Roll, TakeCards)
_new = object.__new__
_set_attr = object.__setattr__


def _variant(base: _M, field: str, values: Iterable[object]) -> list[_M]:
    """``base`` with ``field`` set to each of ``values``: the same moves as
    ``dataclasses.replace(base, field=value)``, built by copying the base's field values (a
    move is a plain frozen dataclass whose fields live in its ``__dict__``)."""
    cls = type(base)
    fields = base.__dict__
    new, set_attr = _new, _set_attr
    result: list[_M] = []
    append = result.append
    for value in values:
        copy = fields.copy()
        copy[field] = value
        move = new(cls)
        set_attr(move, "__dict__", copy)
        append(move)
    return result


class _Position:
    """What the activations of one call share, computed at most once."""

    def __init__(self, state: RomaState) -> None:
        self.state = state
        self._unseen: dict[str, int] | None = None
        self._hand_kinds: dict[str, list[str]] | None = None
        #: choice lists shared by several activations (a Scaenicus copying the same card
        #: from two discs, the bribe disc with three dice), by (field, card kind)
        self.choices: dict[tuple[str, str], Sequence[object]] = {}

    @property
    def unseen(self) -> dict[str, int]:
        """Unseen copies per card (computed on first use)."""
        if self._unseen is None:
            self._unseen = self.state.unseen_counts()
        return self._unseen

    def hand_of_kind(self, kind: str) -> list[str]:
        """The different cards of one kind the active player may lay from hand, sorted: those
        held by name and, when the hand holds unknown cards, every card still unseen."""
        if self._hand_kinds is None:
            kinds: dict[str, list[str]] = {"character": [], "building": []}
            for card in layable(self.state, self.unseen if UNKNOWN in self.state.hands[self.state.active] else None):
                kinds[_KIND[card]].append(card)
            self._hand_kinds = kinds
        return self._hand_kinds[kind]


def layable(state: RomaState, unseen: dict[str, int] | None) -> list[str]:
    """The different cards the active player may lay from hand, sorted: those held by name,
    and (``unseen`` given when the hand holds unknown cards) every card one of them may be."""
    hand = set(state.hands[state.active])
    hand.discard(UNKNOWN)
    if unseen is not None:
        hand |= {c for c, n in unseen.items() if n > 0}
    return sorted(hand)


def legal_moves(state: RomaState) -> list[RomaMove]:
    """Every entry the rules accept now, in the order the prompt's hints show them (the
    chance entries listed or sampled as the module docstring says)."""
    if state.over or state.picking:
        return []  # a position block's entries are the table's figures: not listed
    if state.in_setup:
        return _setup_moves(state)
    me = state.active
    name = state.player
    if state.battle is not None:
        moves: list[RomaMove] = [*_variant(Battle(name, 1), "roll", range(1, 7))]
        if state.battle.boost and state.dice:
            adds = sorted(set(state.dice))
            for r in range(1, 7):
                moves += _variant(Battle(name, r, adds[0]), "add", adds)
        return moves
    if state.dice is None:
        return [*_variant(Roll(name, ROLLS[0]), "dice", ROLLS)]
    # the player's decisions first (activations, lays, money), then the draws (one per card
    # that may be kept), the end of the turn, and the re-rolls of a triple last: the order the
    # prompt's 'legal' shows them in
    moves = []
    d = state.dice
    money = state.money[me]
    values = sorted(set(d))
    position = _Position(state)
    for v in values:
        if v <= state.discs and v != BRIBE_DISC:
            moves += _activations(position, v, None)
    if state.discs == BRIBE_DISC:
        for v in values:
            if v <= money:
                moves += _activations(position, BRIBE_DISC, v)
    discs = range(1, state.discs + 1)
    hidden = UNKNOWN in state.hands[me]
    for card in layable(state, position.unseen if hidden else None):
        if _COST[card] <= money:
            moves += _variant(Lay(name, card, 1), "disc", discs)
    moves += [Money(name, v) for v in values]
    if state.draw + len(state.discard) + state.unknown_discards > 0:
        unseen = position.unseen
        for v in values:
            pool = Counter(state.discard) if v > state.draw else Counter()
            moves += _variant(TakeCards(name, v, ORDER[0]), "keep", [c for c in ORDER if unseen[c] + pool[c] > 0] + [UNKNOWN])
    moves.append(End(name))
    if not state.acted and len(d) == 3 and d[0] == d[1] == d[2]:
        moves += _variant(Roll(name, ROLLS[0], True), "dice", ROLLS)
    return moves


def activatable(state: RomaState) -> list[str]:
    """The own cards the unused dice can activate now, as ``4 Legat`` (``7 Forum (bribe)``),
    for prompts and hints: only those with at least one legal activation (a Forum needs a
    second die, an attack a target, A14; a Haruspex a draw pile, A16...)."""
    if state.in_setup or state.over or not state.dice or state.battle is not None:
        return []
    me = state.active
    position = _Position(state)
    usable = []
    for v in sorted(set(state.dice)):
        if v != BRIBE_DISC and _activations(position, v, None):
            usable.append(f"{v} {state.card_at(me, v)}")
    if state.discs == BRIBE_DISC:
        card = state.card_at(me, BRIBE_DISC)
        bribes = [v for v in sorted(set(state.dice)) if v <= state.money[me]]
        if card is not None and any(_activations(position, BRIBE_DISC, v) for v in bribes):
            usable.append(f"7 {card} (bribe)")
    return usable


def _setup_moves(state: RomaState) -> list[RomaMove]:
    moves: list[RomaMove] = []
    if state.starter is None:
        moves += [Start(s) for s in state.seats]
    for i, seat in enumerate(state.seats):
        if not state.dealt[i]:
            pool = [c for c in ORDER for _ in range(max(0, state.unseen(c)))]
            moves += [Hand(seat, tuple(pool[k : k + 4])) for k in range(0, len(pool) - 3, 4)]
            moves.append(Hand(seat, (UNKNOWN,) * 4))
            break
    if state.dealt[0] and state.dealt[1] and not state.swapped:
        for i, seat in enumerate(state.seats):
            if state.given[i] is None:
                moves += [Give(seat, pair) for pair in sorted(set(combinations(sorted(state.hands[i]), 2)))]
                if UNKNOWN not in state.hands[i]:
                    moves.append(Give(seat, (UNKNOWN, UNKNOWN)))
    if state.swapped and state.starter is not None:
        seat = placing_player(state)
        hand = state.hands[state.index(seat)]
        if UNKNOWN in hand:
            return moves  # the faces are named at the lay-out: not listed (checked by rules.setup)
        for discs in combinations(range(1, state.discs + 1), len(hand)):
            moves.append(Place(seat, tuple(zip(hand, discs))))
    return moves


def _activations(position: _Position, disc: int, die: int | None) -> list[Activate]:
    state = position.state
    me = state.active
    card = state.card_at(me, disc)
    if card is None or disc in state.blocked[me] or CARDS[card].activation == "passive":
        return []
    name = state.player
    if card == "Scaenicus":
        result: list[Activate] = []
        # copying the other Scaenicus (``copy Scaenicus Legat``, A11) does what copying the
        # character does: not listed a second time (simulate.choose types it now and then)
        for copy in copy_candidates(state, me):
            result += _for_effect(position, Activate(name, disc, die, copy), copy)
        return result
    return _for_effect(position, Activate(name, disc, die), card)


def _for_effect(position: _Position, base: Activate, card: str) -> list[Activate]:
    state = position.state
    me, opp = state.active, state.opponent
    effect = _EFFECT[card]
    rest = list(state.dice or ())
    rest.remove(base.die if base.die is not None else base.disc)
    if effect == "forum":
        result = _variant(base, "vp", [(v,) for v in sorted(set(rest))])
        if len(rest) == 2 and any(state.card_at(me, n) == "Templum" for n in neighbours(state, base.disc)):
            result += _variant(base, "vp", [tuple(sorted(rest))])
        return result
    if effect in ("attack_opposite", "attack_opposite_with_boost"):
        return [base] if legal_targets(state, effect, base.disc) else []
    if effect in TARGET_KIND or effect in ATTACKS:
        return _variant(base, "target", legal_targets(state, effect, base.disc))
    if effect == "adjust_unused_die":
        changes = [(a, b) for a in sorted(set(rest)) for b in (a - 1, a + 1) if 1 <= b <= 6]
        return _variant(base, "change", changes)
    if effect == "buy_vp_from_opponent":
        money = state.money[me] - (base.die or 0 if base.disc == BRIBE_DISC else 0)
        most = max(0, min(money // 2, state.vp[opp]))
        return _variant(base, "buy", [n for n in sorted({0, 1, most}) if n <= most])
    if effect == "search_draw_pile":
        if state.draw == 0:
            return []
        takes = position.choices.get(("take", "draw"))
        if takes is None:
            unseen = position.unseen
            takes = position.choices[("take", "draw")] = [c for c in ORDER if unseen[c] > 0] + [UNKNOWN]
        return _variant(base, "take", takes)
    if effect == "retrieve_character_from_discard":
        takes = position.choices.get(("take", "discard"))
        if takes is None:
            names = {c for c in state.discard if _KIND[c] == "character"}
            if state.unknown_discards:
                unseen = position.unseen
                names |= {c for c in _CHARACTERS if unseen[c] > 0}
            takes = position.choices[("take", "discard")] = sorted(names)
        return _variant(base, "take", takes)
    if effect in ("lay_free_buildings", "lay_free_characters"):
        kind = "building" if effect == "lay_free_buildings" else "character"
        lays = position.choices.get(("lays", kind))
        if lays is None:
            discs = range(1, state.discs + 1)
            lays = position.choices[("lays", kind)] = [((c, d),) for c in position.hand_of_kind(kind) for d in discs]
        return [base] + _variant(base, "lays", lays)
    if effect in ("rearrange_characters", "rearrange_buildings"):
        kind = "character" if effect == "rearrange_characters" else "building"
        layouts = position.choices.get(("moves", kind))
        if layouts is None:
            layouts = position.choices[("moves", kind)] = _layouts(state, kind)
        return _variant(base, "moves", layouts)
    return [base]


def _layouts(state: RomaState, kind: str) -> list[tuple[tuple[str, int], ...]]:
    """Consiliarius / Machina re-layings listed: every card of the kind back in place, or one
    of them moved to another disc (swapping with a card of the kind there); each once."""
    own = {d: c for d, c in enumerate(state.boards[state.active], 1) if c is not None and _KIND[c] == kind}
    layouts = [tuple((c, d) for d, c in own.items())]
    for src, moved in own.items():
        for dst in range(1, state.discs + 1):
            if dst == src:
                continue
            new = dict(own)
            if dst in own:
                new[src], new[dst] = own[dst], moved
            else:
                del new[src]
                new[dst] = moved
            layouts.append(tuple((c, d) for d, c in sorted(new.items())))
    return list(dict.fromkeys(layouts))
