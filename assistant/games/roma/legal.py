"""The entries that are legal now, for hints, completion and random play.

Choices are listed in full (which die for what, which target, which Forum die); the user's
chance entries are listed where they are few (the 56 rolls, the battle die) and sampled where
they are many (a player's dealt hand: a few possible hands, not all of them). Architectus and
Senator are listed laying one card or none; Consiliarius and Machina re-laying in place or with
one card moved (the full sets are too large to list, and every listed move is legal).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

from assistant.games.roma.cards import CARDS, ORDER
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
)
from assistant.games.roma.state import RomaState

ROLLS: tuple[tuple[int, int, int], ...] = tuple(combinations_with_replacement(range(1, 7), 3))  # type: ignore[assignment]


def legal_moves(state: RomaState) -> list[RomaMove]:
    if state.over:
        return []
    if state.in_setup:
        return _setup_moves(state)
    me = state.active
    name = state.player
    if state.battle is not None:
        moves: list[RomaMove] = [Battle(name, r) for r in range(1, 7)]
        if state.battle.boost and state.dice:
            moves += [Battle(name, r, a) for r in range(1, 7) for a in sorted(set(state.dice))]
        return moves
    if state.dice is None:
        return [Roll(name, r) for r in ROLLS]
    moves = []
    d = state.dice
    if not state.acted and len(d) == 3 and d[0] == d[1] == d[2]:
        moves += [Roll(name, r, reroll=True) for r in ROLLS]
    money = state.money[me]
    for card in sorted(set(state.hands[me])):
        if CARDS[card].cost <= money:
            moves += [Lay(name, card, disc) for disc in range(1, state.discs + 1)]
    values = sorted(set(d))
    moves += [Money(name, v) for v in values]
    if state.draw + len(state.discard) + state.unknown_discards > 0:
        unseen = state.unseen_counts()
        for v in values:
            pool = Counter(state.discard) if v > state.draw else Counter()
            keeps = [c for c in ORDER if unseen[c] + pool[c] > 0]
            moves += [TakeCards(name, v, c) for c in keeps]
    for v in values:
        if v <= state.discs and v != BRIBE_DISC:
            moves += _activations(state, v, None)
    if state.discs == BRIBE_DISC:
        for v in values:
            if v <= money:
                moves += _activations(state, BRIBE_DISC, v)
    moves.append(End(name))
    return moves


def _setup_moves(state: RomaState) -> list[RomaMove]:
    moves: list[RomaMove] = []
    if state.starter is None:
        moves += [Start(s) for s in state.seats]
    for i, seat in enumerate(state.seats):
        if not state.dealt[i]:
            pool = [c for c in ORDER for _ in range(max(0, state.unseen(c)))]
            moves += [Hand(seat, tuple(pool[k : k + 4])) for k in range(0, len(pool) - 3, 4)]
            break
    if state.dealt[0] and state.dealt[1] and not state.swapped:
        for i, seat in enumerate(state.seats):
            if state.given[i] is None:
                moves += [Give(seat, pair) for pair in sorted(set(combinations(sorted(state.hands[i]), 2)))]
    if state.swapped and state.starter is not None:
        seat = placing_player(state)
        hand = state.hands[state.index(seat)]
        for discs in combinations(range(1, state.discs + 1), len(hand)):
            moves.append(Place(seat, tuple(zip(hand, discs))))
    return moves


def _activations(state: RomaState, disc: int, die: int | None) -> list[Activate]:
    me = state.active
    card = state.card_at(me, disc)
    if card is None or disc in state.blocked[me] or CARDS[card].activation == "passive":
        return []
    name = state.player
    if card == "Scaenicus":
        result: list[Activate] = []
        for copy in copy_candidates(state, me):
            result += _for_effect(state, Activate(name, disc, die=die, copy=copy), copy)
        return result
    return _for_effect(state, Activate(name, disc, die=die), card)


def _for_effect(state: RomaState, base: Activate, card: str) -> list[Activate]:
    def replace(_: Activate, **choice: object) -> Activate:
        """The base activation with one choice (faster than dataclasses.replace)."""
        return Activate(base.player, base.disc, base.die, base.copy, **choice)  # type: ignore[arg-type]

    me, opp = state.active, state.opponent
    effect = CARDS[card].effect
    rest = list(state.dice or ())
    rest.remove(base.die if base.die is not None else base.disc)
    if effect == "forum":
        result = [replace(base, vp=(v,)) for v in sorted(set(rest))]
        if len(rest) == 2 and any(state.card_at(me, n) == "Templum" for n in neighbours(state, base.disc)):
            result.append(replace(base, vp=tuple(sorted(rest))))
        return result
    if effect in ("attack_opposite", "attack_opposite_with_boost"):
        return [base] if legal_targets(state, effect, base.disc) else []
    if effect in TARGET_KIND or effect in ATTACKS:
        return [replace(base, target=t) for t in legal_targets(state, effect, base.disc)]
    if effect == "adjust_unused_die":
        return [
            replace(base, change=(a, b))
            for a in sorted(set(rest))
            for b in (a - 1, a + 1)
            if 1 <= b <= 6
        ]
    if effect == "buy_vp_from_opponent":
        money = state.money[me] - (base.die or 0 if base.disc == BRIBE_DISC else 0)
        most = max(0, min(money // 2, state.vp[opp]))
        return [replace(base, buy=n) for n in sorted({0, 1, most}) if n <= most]
    if effect == "search_draw_pile":
        if state.draw == 0:
            return []
        unseen = state.unseen_counts()
        return [replace(base, take=c) for c in ORDER if unseen[c] > 0]
    if effect == "retrieve_character_from_discard":
        names = {c for c in state.discard if CARDS[c].kind == "character"}
        if state.unknown_discards:
            unseen = state.unseen_counts()
            names |= {c for c in ORDER if unseen[c] > 0 and CARDS[c].kind == "character"}
        return [replace(base, take=c) for c in sorted(names)]
    if effect in ("lay_free_buildings", "lay_free_characters"):
        kind = "building" if effect == "lay_free_buildings" else "character"
        result = [base]
        for c in sorted({c for c in state.hands[me] if CARDS[c].kind == kind}):
            result += [replace(base, lays=((c, d),)) for d in range(1, state.discs + 1)]
        return result
    if effect in ("rearrange_characters", "rearrange_buildings"):
        kind = "character" if effect == "rearrange_characters" else "building"
        board = state.boards[me]
        own = {d: c for d, c in enumerate(board, 1) if c is not None and CARDS[c].kind == kind}
        identity = tuple((c, d) for d, c in own.items())
        result = [replace(base, moves=identity)]
        for src, card in own.items():
            for dst in range(1, state.discs + 1):
                if dst == src:
                    continue
                new = dict(own)
                if dst in own:
                    new[src], new[dst] = own[dst], card
                else:
                    del new[src]
                    new[dst] = card
                result.append(replace(base, moves=tuple((c, d) for d, c in sorted(new.items()))))
        return result
    return [base]
