"""An independent coin ledger for random base games (no Leaders): after every resolved turn
and every extra step, each city's coins must equal what the rulebook gives, worked out here
from the entries alone (prices stated in the entries, card coin costs, chains, sales, the coins
of Tavern, Vineyard, Bazar, Haven, Lighthouse, Chamber of Commerce, Arena and of the Ephesus
and Rhodes B stages, counted on the cities after the turn's cards are placed)."""

from __future__ import annotations

import random

import pytest

from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET, data
from assistant.games.sevenwonders.autoplay import choose
from assistant.games.sevenwonders.moves import Build, Pick, Sell, Stage

# RULES.md §10.1: coins printed on stages, (board, side, stage number) -> coins
STAGE_COINS = {("Ephesus", "A", 2): 9, ("Ephesus", "B", 1): 4, ("Ephesus", "B", 2): 4, ("Ephesus", "B", 3): 4,
               ("Rhodes", "B", 1): 3, ("Rhodes", "B", 2): 4}


def colour(cards: list[str], col: str) -> int:
    return sum(1 for c in cards if data.card(c).color == col)


def card_coins(name: str, me: list[str], left: list[str], right: list[str], stages: int) -> int:
    """RULES.md §8.2, counted after the turn's cards are placed."""
    if name == "Tavern":
        return 5
    if name == "Vineyard":
        return colour(me, "brown") + colour(left, "brown") + colour(right, "brown")
    if name == "Bazar":
        return 2 * (colour(me, "grey") + colour(left, "grey") + colour(right, "grey"))
    if name == "Haven":
        return colour(me, "brown")
    if name == "Lighthouse":
        return colour(me, "yellow")
    if name == "Chamber of Commerce":
        return 2 * colour(me, "grey")
    if name == "Arena":
        return 3 * stages
    return 0


def expected_coins(before, moves, pick: bool = False) -> list[int]:
    """Coins of every city once these simultaneous moves (or one discard-pile pick) resolve."""
    n = len(before.seats)
    coins = [c.coins for c in before.cities]
    cards = [list(c.cards) for c in before.cities]
    stages = [c.stages for c in before.cities]
    built: list[tuple[int, str]] = []
    for move in moves:
        i = before.seats.index(move.player)
        city = before.cities[i]
        left, right = (i + 1) % n, (i - 1) % n
        if isinstance(move, Sell):
            coins[i] += 3
        elif isinstance(move, Pick):
            if move.card:
                cards[i].append(move.card)
                built.append((i, move.card))
        elif isinstance(move, (Build, Stage)):
            if move.pay is not None:
                coins[i] -= move.pay.left + move.pay.right + move.pay.bank
                coins[left] += move.pay.left
                coins[right] += move.pay.right
            if isinstance(move, Build):
                card = data.card(move.card, age=before.age)
                chain = any(p in city.cards for p in card.chains_from)
                if not (chain or move.free or pick):
                    coins[i] -= card.cost.coins
                cards[i].append(card.name)
                built.append((i, card.name))
            else:
                stages[i] += 1
                coins[i] += STAGE_COINS.get((city.wonder, city.side, stages[i]), 0)
    for i, name in built:
        coins[i] += card_coins(name, cards[i], cards[(i + 1) % n], cards[(i - 1) % n], stages[i])
    return coins


@pytest.mark.parametrize("seed", range(10))
def test_7w_coin_ledger_random_base_games(seed: int) -> None:
    rng = random.Random(500 + seed)
    n = 3 + seed % 5
    boards = [b.name for b in data.boards() if b.name != "Rome"]
    rng.shuffle(boards)
    spec = ", ".join(f"{b} {rng.choice('AB')}" for b in boards[:n])
    game = Game(RULESET, ["Ada", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus"][:n], {"leaders": "false", "boards": spec})
    pending: list = []
    checked = 0
    while game.outcome() is None:
        before = game.state
        player = rng.choice(RULESET.awaited(before))
        move = choose(rng, list(RULESET.legal_moves_for(before, player)))
        game.push(move.notation())
        move = game.entries[-1].move
        after = game.state
        if before.phase == "turn":
            pending.append(move)
            if after.clock != before.clock or after.phase != "turn":
                got = [c.coins for c in after.cities]
                assert got == expected_coins(before, pending), (before.age, before.turn, pending)
                pending = []
                checked += 1
        elif before.phase == "extra":
            got = [c.coins for c in after.cities]
            assert got == expected_coins(before, [move], pick=isinstance(move, Pick)), (before.age, move)
            checked += 1
    assert checked >= 18
