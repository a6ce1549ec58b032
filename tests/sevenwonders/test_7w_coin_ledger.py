"""Independent checks of random games, worked out here from the rules and the entries alone:

* a coin ledger (base games and Leaders games): after every resolved turn, Recruitment phase
  and extra step, each city's coins equal the rulebook's (stated prices, card coin costs,
  chains, sales, yellow-card and stage coins, leader costs with Rome and Maecenas, Croesus,
  Hatshepsut, Xenophon, Vitruvius, Nero);
* every Age's conflict tokens (shields of red cards, Rhodes, Hannibal, Caesar; Tomyris);
* every paid build or stage can be paid exactly as stated, and every build the search can pay
  from the coins held is accepted.
"""

from __future__ import annotations

import random

import pytest

from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET, components
from assistant.games.sevenwonders.legal import legal_moves_for
from assistant.games.sevenwonders.state import awaited
from assistant.games.sevenwonders.simulate import choose
from assistant.games.sevenwonders.moves import Build, Pick, Sell, Stage

# RULES.md §10.1: coins printed on stages, (board, side, stage number) -> coins
STAGE_COINS = {("Ephesus", "A", 2): 9, ("Ephesus", "B", 1): 4, ("Ephesus", "B", 2): 4, ("Ephesus", "B", 3): 4,
               ("Rhodes", "B", 1): 3, ("Rhodes", "B", 2): 4}


def colour(cards: list[str], col: str) -> int:
    return sum(1 for c in cards if components.card(c).color == col)


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
                card = components.card(move.card, age=before.age)
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
    boards = [b.name for b in components.boards() if b.name != "Rome"]
    rng.shuffle(boards)
    spec = ", ".join(f"{b} {rng.choice('AB')}" for b in boards[:n])
    game = Game(RULESET, ["Ada", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus"][:n], {"leaders": "false", "boards": spec})
    pending: list = []
    checked = 0
    while game.outcome() is None:
        before = game.state
        player = rng.choice(awaited(before))
        move = choose(rng, list(legal_moves_for(before, player)))
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


# -- with Leaders -----------------------------------------------------------------------------
# RULES.md §11.2 and §10.7: printed leader costs, and the coins leaders give.
LEADER_COST = {l.name: l.cost for l in components.leaders()}
STAGE_COINS_ROME = {("Rome", "B", 1): 5}


def in_play(city) -> set[str]:
    return set(city.leaders) | ({city.courtesan} if city.courtesan else set())


def recruit_cost(before, i: int, leader: str, *, extra: bool = False) -> int:
    """RULES.md §4.5: Rome A or Maecenas (already in play) 0; Rome B -2; next to Rome B -1."""
    city = before.cities[i]
    n = len(before.seats)
    if (city.wonder, city.side) == ("Rome", "A") or "Maecenas" in in_play(city):
        return 0
    cost = LEADER_COST[leader]
    if (city.wonder, city.side) == ("Rome", "B"):
        cost -= 2
    elif any((before.cities[j].wonder, before.cities[j].side) == ("Rome", "B") for j in {(i + 1) % n, (i - 1) % n} - {i}):
        cost -= 1
    return max(cost, 0)


def expected_coins_leaders(before, moves, *, step: str = "", sides_done=None) -> list[int]:
    """As :func:`expected_coins`, plus recruitments, Croesus, Hatshepsut, Xenophon,
    Vitruvius and Rome B's first stage. ``step``: the extra step being resolved."""
    from assistant.games.sevenwonders.moves import Courtesan, Recruit

    n = len(before.seats)
    coins = [c.coins for c in before.cities]
    cards = [list(c.cards) for c in before.cities]
    stages = [c.stages for c in before.cities]
    built: list[tuple[int, str]] = []
    for move in moves:
        i = before.seats.index(move.player)
        city = before.cities[i]
        left, right = (i + 1) % n, (i - 1) % n
        leaders = in_play(city)
        if isinstance(move, Sell):
            coins[i] += 3
        elif isinstance(move, Recruit):
            if move.leader:
                coins[i] -= recruit_cost(before, i, move.leader)
                coins[i] += 6 if move.leader == "Croesus" else 0
        elif isinstance(move, Courtesan):
            coins[i] += 6 if move.leader == "Croesus" else 0
        elif isinstance(move, Pick):
            if move.card:
                cards[i].append(move.card)
                built.append((i, move.card))
                if components.card(move.card).color == "yellow" and "Xenophon" in leaders:
                    coins[i] += 2
        elif isinstance(move, (Build, Stage)):
            if move.pay is not None:
                coins[i] -= move.pay.left + move.pay.right + move.pay.bank
                coins[left] += move.pay.left
                coins[right] += move.pay.right
                if "Hatshepsut" in leaders:
                    done = (sides_done or {}).get(i, set())
                    coins[i] += (move.pay.left > 0 and "left" not in done) + (move.pay.right > 0 and "right" not in done)
            if isinstance(move, Build):
                card = components.card(move.card, age=before.age)
                chain = any(p in city.cards for p in card.chains_from)
                if not (chain or move.free or (card.guild and "Ramses" in leaders)):
                    coins[i] -= card.cost.coins
                cards[i].append(card.name)
                built.append((i, card.name))
                coins[i] += 2 if card.color == "yellow" and "Xenophon" in leaders else 0
                coins[i] += 2 if chain and "Vitruvius" in leaders else 0
            else:
                stages[i] += 1
                key = (city.wonder, city.side, stages[i])
                coins[i] += STAGE_COINS.get(key, 0) + STAGE_COINS_ROME.get(key, 0)
    for i, name in built:
        coins[i] += card_coins(name, cards[i], cards[(i + 1) % n], cards[(i - 1) % n], stages[i])
    return coins


def nero(before, after, coins: list[int]) -> list[int]:
    """RULES.md §9.3: 2 coins per Victory token won while Nero (or his copy) is in play.
    The conflicts come after every extra step of turn 6 (§5.8), so a Nero recruited in one
    (Rome B's extra leader) or copied by the Courtesans then is in play for that Age's
    conflicts: he is looked up in the city *after* the entry."""
    out = list(coins)
    for i, (old, new) in enumerate(zip(before.cities, after.cities)):
        won = sum(1 for t in new.tokens[len(old.tokens):] if t > 0)
        if won and "Nero" in in_play(new):
            out[i] += 2 * won
    return out


def coins_paid(before, i: int, move) -> int:
    """The coins player ``i`` pays for ``move`` (to the bank and the neighbours)."""
    from assistant.games.sevenwonders.moves import Recruit

    city = before.cities[i]
    if isinstance(move, Recruit):
        return recruit_cost(before, i, move.leader) if move.leader else 0
    if not isinstance(move, (Build, Stage)):
        return 0
    paid = move.pay.total if move.pay is not None else 0
    if isinstance(move, Build):
        card = components.card(move.card, age=before.age)
        chain = any(p in city.cards for p in card.chains_from)
        if not (chain or move.free or (card.guild and "Ramses" in in_play(city))):
            paid += card.cost.coins
    return paid


def leaders_game(rng: random.Random, n: int, need: str | None = None, anywhere: bool = False) -> Game:
    """A new Leaders game of ``n`` players on shuffled boards and sides; ``need`` puts that
    board in play if the shuffle left it out (at a random seat when ``anywhere``, else first)."""
    boards = [b.name for b in components.boards()]
    rng.shuffle(boards)
    if need and need not in boards[:n]:
        boards.insert(rng.randrange(n) if anywhere else 0, need)
    spec = ", ".join(f"{b} {rng.choice('AB')}" for b in boards[:n])
    return Game(RULESET, ["Ada", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus"][:n], {"leaders": "true", "boards": spec})


@pytest.mark.parametrize("seed", range(12))
def test_7w_coin_ledger_random_leaders_games(seed: int) -> None:
    rng = random.Random(900 + seed)
    n = 3 + seed % 5
    game = leaders_game(rng, n, need="Rome", anywhere=True)
    assert check_ledger(game, rng) >= 21


def check_ledger(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end with random legal entries drawn with ``rng`` (as
    ``simulate.random_game`` does) and check every city's coins after each resolved turn,
    Recruitment phase and extra step; returns how many were checked.

    Also RULES.md §7.6 (``7w.commerce.coins-timing``): every payment of a turn or phase, its
    extra steps included (Babylon B's 7th card, Rome B's extra leader), comes out of the
    coins held at its start less what was already paid in it."""
    from assistant.games.sevenwonders.moves import Pay

    pending: list = []
    sides: dict[int, set[str]] = {}
    held: list[int] = []  # coins at the start of the current turn or phase, less payments
    checked = 0
    while game.outcome() is None:
        before = game.state
        player = rng.choice(awaited(before))
        move = choose(rng, list(legal_moves_for(before, player)))
        if before.phase in ("turn", "recruit") and not pending:
            held = [c.coins for c in before.cities]
        if before.phase in ("turn", "recruit", "extra"):
            i = before.seats.index(move.player)
            paid = coins_paid(before, i, move)
            assert paid <= held[i], (before.phase_label, move.notation(), paid, held[i])
            held[i] -= paid
        game.push(move.notation())
        move = game.entries[-1].move
        after = game.state
        got = [c.coins for c in after.cities]
        if before.phase in ("turn", "recruit"):
            pending.append(move)
            if after.clock != before.clock or after.phase != before.phase:
                expected = nero(before, after, expected_coins_leaders(before, pending))
                assert got == expected, (before.phase_label, pending)
                sides = {}
                for m in pending:
                    pay = getattr(m, "pay", None) or Pay()
                    sides[before.seats.index(m.player)] = {s for s, v in (("left", pay.left), ("right", pay.right)) if v}
                pending = []
                checked += 1
        elif before.phase == "extra":
            expected = nero(before, after, expected_coins_leaders(before, [move], sides_done=sides))
            assert got == expected, (before.phase_label, move)
            checked += 1
    return checked


# -- conflicts ----------------------------------------------------------------------------------
# RULES.md §9 and the rulebook's card list: shields of red cards, Rhodes' stages, leaders.
RED_SHIELDS = {"Stockade": 1, "Barracks": 1, "Guard Tower": 1, "Walls": 2, "Training Ground": 2,
               "Stables": 2, "Archery Range": 2, "Fortifications": 3, "Arsenal": 3, "Siege Workshop": 3,
               "Circus": 3}
STAGE_SHIELDS = {("Rhodes", "A", 2): 2, ("Rhodes", "B", 1): 1, ("Rhodes", "B", 2): 1}
VICTORY = {1: 1, 2: 3, 3: 5}


def shields(city) -> int:
    total = sum(RED_SHIELDS.get(c, 0) for c in city.cards)
    total += sum(STAGE_SHIELDS.get((city.wonder, city.side, k), 0) for k in range(1, city.stages + 1))
    leaders = in_play(city)
    return total + ("Hannibal" in leaders) + 2 * ("Caesar" in leaders)


def conflict_tokens(state, age: int) -> list[list[int]]:
    """The tokens each city takes at the end of ``age`` (Tomyris hands hers to the winner)."""
    n = len(state.seats)
    out: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        j = (i + 1) % n
        a, b = shields(state.cities[i]), shields(state.cities[j])
        if a == b:
            continue
        win, lose = (i, j) if a > b else (j, i)
        out[win].append(VICTORY[age])
        out[win if "Tomyris" in in_play(state.cities[lose]) else lose].append(-1)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_7w_military_resolve_random_leaders_games(seed: int) -> None:
    """Every Age's conflicts in random Leaders games against the rules worked out here."""
    rng = random.Random(1300 + seed)
    n = 3 + seed % 5
    game = leaders_game(rng, n, need="Rhodes")
    ages = []
    while game.outcome() is None:
        before = game.state
        player = rng.choice(awaited(before))
        game.push(choose(rng, list(legal_moves_for(before, player))).notation())
        after = game.state
        if any(a.tokens != b.tokens for b, a in zip(before.cities, after.cities)):
            new = [sorted(a.tokens[len(b.tokens):]) for b, a in zip(before.cities, after.cities)]
            assert new == [sorted(t) for t in conflict_tokens(after, before.age)], before.age
            ages.append(before.age)
    assert ages == [1, 2, 3]


# -- payments ---------------------------------------------------------------------------------
RAW = ("wood", "stone", "clay", "ore")
MADE = ("glass", "loom", "papyrus")
# RULES.md §10.1: Alexandria's stages produce one resource of a kind, never sold
ALEXANDRIA = {("A", 2): RAW, ("B", 1): RAW, ("B", 2): MADE}
REBATE = {"green": "Archimedes", "red": "Leonidas", "blue": "Hammurabi"}


def sources(city, sellable_only: bool) -> list[tuple[str, ...]]:
    """One entry per unit a city can make each turn (a tuple of the types it may be)."""
    out: list[tuple[str, ...]] = []
    if city.wonder and components.wonder(city.wonder, city.side).resource:
        out.append((components.wonder(city.wonder, city.side).resource,))
    for name in city.cards:
        for e in components.card(name).effects:
            if e.type == "produce":
                out += [(r,) for r, k in e.resources for _ in range(k)]
            elif e.type == "produce_choice" and (e.tradable or not sellable_only):
                out.append(tuple(e.options))
    if not sellable_only and city.wonder == "Alexandria":
        out += [ALEXANDRIA[(city.side, k)] for k in range(1, city.stages + 1) if (city.side, k) in ALEXANDRIA]
    return out


def price(buyer, side: str, resource: str) -> int:
    """RULES.md §7.4, rebates built before this turn only."""
    active = [c for c in buyer.cards if c not in buyer.fresh]
    if resource in MADE:
        return 1 if "Marketplace" in active else 2
    olympia_b = buyer.wonder == "Olympia" and buyer.side == "B" and buyer.stages >= 1
    post = "West Trading Post" if side == "left" else "East Trading Post"
    return 1 if post in active or olympia_b else 2


def payable_as(before, i: int, units: list[str], pay, *, discount: bool, bilkis: bool) -> bool:
    """Whether the cost units can be covered so that exactly ``pay`` goes to each side."""
    n = len(before.seats)
    city = before.cities[i]
    slots = [("own", s) for s in sources(city, False)]
    slots += [("left", s) for s in sources(before.cities[(i + 1) % n], True)]
    slots += [("right", s) for s in sources(before.cities[(i - 1) % n], True)]
    if bilkis:
        slots.append(("bank", RAW + MADE))
    if discount:
        slots.append(("own", RAW + MADE))
    target = {"left": pay.left, "right": pay.right, "bank": pay.bank}

    def search(k: int, used: frozenset[int], spent: dict[str, int]) -> bool:
        if any(spent[s] > target[s] for s in spent):
            return False
        if k == len(units):
            return spent == target
        for j, (who, kinds) in enumerate(slots):
            if j in used or units[k] not in kinds:
                continue
            cost = {"own": 0, "bank": 1}.get(who) if who in ("own", "bank") else price(city, who, units[k])
            nxt = dict(spent)
            if who != "own":
                nxt[who] += cost
            if search(k + 1, used | {j}, nxt):
                return True
        return False

    return search(0, frozenset(), {"left": 0, "right": 0, "bank": 0})


@pytest.mark.parametrize("seed", range(8))
def test_7w_commerce_random_payments_are_possible(seed: int) -> None:
    """Every paid build and stage of random Leaders games: its coins to the left, to the right
    and to the bank can be matched by an assignment of the cost to own production (private
    sources included), what each neighbour sells at the rebated prices, Bilkis and a rebate."""
    from assistant.games.sevenwonders.moves import Pay

    rng = random.Random(1700 + seed)
    n = 3 + seed % 5
    game = leaders_game(rng, n)
    checked = 0
    while game.outcome() is None:
        before = game.state
        player = rng.choice(awaited(before))
        game.push(choose(rng, list(legal_moves_for(before, player))).notation())
        move = game.entries[-1].move
        if before.phase not in ("turn", "recruit") or not isinstance(move, (Build, Stage)):
            continue
        i = before.seats.index(move.player)
        city = before.cities[i]
        leaders = in_play(city)
        if isinstance(move, Build):
            card = components.card(move.card, age=before.age)
            if move.free or any(p in city.cards for p in card.chains_from) or (card.guild and "Ramses" in leaders):
                continue
            cost, discount = card.cost, REBATE.get(card.color) in leaders
        else:
            cost = components.wonder(city.wonder, city.side).stages[city.stages].cost
            discount = "Imhotep" in leaders
        units = [r for r, k in cost.resources for _ in range(k)]
        pay = move.pay or Pay()
        assert payable_as(before, i, units, pay, discount=discount, bilkis="Bilkis" in leaders), (move, city)
        assert pay.total + cost.coins <= city.coins
        checked += 1
    assert checked >= 20


def cheapest(before, i: int, units: list[str], *, discount: bool, bilkis: bool) -> int | None:
    """The fewest coins covering the units by the same sources as :func:`payable_as`."""
    n = len(before.seats)
    city = before.cities[i]
    slots = [("own", s) for s in sources(city, False)]
    slots += [("left", s) for s in sources(before.cities[(i + 1) % n], True)]
    slots += [("right", s) for s in sources(before.cities[(i - 1) % n], True)]
    if bilkis:
        slots.append(("bank", RAW + MADE))
    if discount:
        slots.append(("own", RAW + MADE))
    best: list[int | None] = [None]

    def search(k: int, used: frozenset[int], spent: int) -> None:
        if best[0] is not None and spent >= best[0]:
            return
        if k == len(units):
            best[0] = spent
            return
        for j, (who, kinds) in enumerate(slots):
            if j not in used and units[k] in kinds:
                cost = 0 if who == "own" else 1 if who == "bank" else price(city, who, units[k])
                search(k + 1, used | {j}, spent + cost)

    search(0, frozenset(), 0)
    return best[0]


@pytest.mark.parametrize("seed", range(4))
def test_7w_build_cost_payable_builds_are_accepted(seed: int) -> None:
    """The other way round: a build the independent search can pay from the coins held at the
    start of the turn is never refused for its cost."""
    from assistant.core.errors import AmbiguousEntry, IllegalMove

    rng = random.Random(2100 + seed)
    n = 3 + seed % 5
    game = leaders_game(rng, n)
    tried = 0
    while game.outcome() is None:
        state = game.state
        waiting = awaited(state)
        if state.phase == "turn" and rng.random() < 0.3:
            player = rng.choice(waiting)
            i = state.seats.index(player)
            city = state.cities[i]
            leaders = in_play(city)
            for card in rng.sample([c for c in components.deck(state.age, n) if c.name not in city.cards], 6):
                if any(p in city.cards for p in card.chains_from) or (card.guild and "Ramses" in leaders):
                    continue
                units = [r for r, k in card.cost.resources for _ in range(k)]
                best = cheapest(state, i, units, discount=REBATE.get(card.color) in leaders, bilkis="Bilkis" in leaders)
                if best is None or best + card.cost.coins > city.coins:
                    continue
                try:
                    game.push(f"{player} build {card.name}")
                    game.pop()
                except AmbiguousEntry:
                    pass
                except IllegalMove as err:
                    assert err.rule not in ("7w.build.cost", "7w.commerce.coins-timing", "7w.commerce.sellable"), (card.name, err)
                tried += 1
        game.push(choose(rng, list(legal_moves_for(state, rng.choice(waiting)))).notation())
    assert tried >= 20
