"""The hidden-card bookkeeping against a physical deck: random games where a real shuffled deck
and discard pile are kept beside the engine (reshuffled when the draw pile runs out, A15).
Every card a real table could enter must be accepted, and the engine's counts of the draw and
discard piles must match the physical ones after every entry."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from assistant.core.game import Game
from assistant.games.roma import RULESET
from assistant.games.roma.board import effective_card
from assistant.games.roma.components import CARDS, ORDER
from assistant.games.roma.moves import Activate, Give, Hand, Place, Start, TakeCards
from assistant.games.roma.simulate import choose


def on_table(state) -> Counter:
    count: Counter = Counter()
    for board in state.boards:
        count.update(c for c in board if c)
    for hand in state.hands:
        count.update(hand)
    for gift in state.given:
        count.update(gift or ())
    return count


class PhysicalDeck:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.draw = [c for c in ORDER for _ in range(CARDS[c].copies)]
        rng.shuffle(self.draw)
        self.discard: list[str] = []

    def take_top(self, n: int) -> list[str]:
        drawn = []
        while len(drawn) < n:
            if not self.draw:
                if not self.discard:
                    break
                self.draw, self.discard = self.discard, []
                self.rng.shuffle(self.draw)
            drawn.append(self.draw.pop())
        return drawn


def physical_entry(state, moves, rng, deck: PhysicalDeck):
    """A move with the cards the physical deck really gives, or None to pick again."""
    kinds = {type(m) for m in moves}
    if Hand in kinds:
        who = next(m.player for m in moves if isinstance(m, Hand))
        return Hand(who, tuple(deck.take_top(4)))
    move = choose(state, moves, rng)
    if isinstance(move, TakeCards):
        drawn = deck.take_top(move.die)
        keep = rng.choice(drawn)
        rest = list(drawn)
        rest.remove(keep)
        deck.discard.extend(rest)
        named = tuple(rest) if rng.random() < 0.5 else ()
        return TakeCards(move.player, move.die, keep, named)
    if isinstance(move, Activate) and move.take is not None:
        card = effective_card(state, move)
        if card == "Haruspex":
            pick = rng.choice(deck.draw)
            deck.draw.remove(pick)
        else:
            characters = [c for c in deck.discard if CARDS[c].kind == "character"]
            if not characters:
                return None
            pick = rng.choice(characters)
            deck.discard.remove(pick)
        return Activate(move.player, move.disc, move.die, move.copy, take=pick)
    return move


@pytest.mark.parametrize("seed", range(25))
def test_roma_deck_physical_games(seed):
    rng = random.Random(1000 + seed)
    deck = PhysicalDeck(rng)
    game = Game(RULESET, ["Ann", "Ben"], {"bribe": "on"} if seed % 2 else {})
    while game.outcome() is None and game.state.turn < 150:
        state = game.state
        moves = list(RULESET.legal_moves(state))
        move = None
        while move is None:
            move = physical_entry(state, moves, rng, deck)
        before = on_table(state)
        game.push(move.notation())
        after = on_table(game.state)
        if not isinstance(move, (Hand, Give, Start, Place, TakeCards)) and not (
            isinstance(move, Activate) and move.take is not None
        ):
            deck.discard.extend((before - after).elements())
        elif isinstance(move, Activate):
            # a Haruspex or Aesculapinum only adds the taken card to a hand
            assert after - before == Counter([move.take])
        s = game.state
        assert s.draw == len(deck.draw), move.notation()
        assert len(s.discard) + s.unknown_discards == len(deck.discard), move.notation()
        assert not Counter(s.discard) - Counter(deck.discard)
        assert s.card_total() == 52
