"""Median time of one payment query (``payment.quote``) on worst-case 7 Wonders cities.

The worst cases combine the biggest costs (Palace: all 7 resources; Architects Guild:
3 ore + clay + loom + papyrus) with cities whose own production covers little but has
either/or sources, neighbours selling every either/or brown card of Age I plus grey cards and
Age II doubles, Bilkis and a one-resource rebate. Run: ``python benchmarks/bench_7w_payment.py``.
"""

from __future__ import annotations

import statistics
import time

from assistant.games.sevenwonders import payment
from assistant.games.sevenwonders.payment import Cost, Prices, Production, match_payment, quote

EITHER_OR = [("wood", "clay"), ("stone", "clay"), ("clay", "ore"), ("stone", "wood"), ("wood", "ore"), ("stone", "ore")]
PALACE = Cost.of("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
ARCHITECTS = Cost.of("ore", "ore", "ore", "clay", "loom", "papyrus")

NEIGHBOUR_ALL = Production.of("ore", *EITHER_OR, "glass", "loom", "papyrus", "wood", "wood", "stone", "stone")
NEIGHBOUR_CHOICES = Production.of("clay", *EITHER_OR, *EITHER_OR[:3], "glass", "papyrus")

CASES = {
    "palace, own nothing, full neighbours, Bilkis + rebate": (
        PALACE, Production(), NEIGHBOUR_ALL, NEIGHBOUR_CHOICES, True, 1),
    "palace, own Caravansery + Forum + 2 either/or, Bilkis + rebate": (
        PALACE, Production.of(("wood", "stone", "clay", "ore"), ("glass", "loom", "papyrus"), ("wood", "clay"), ("stone", "ore")),
        NEIGHBOUR_ALL, NEIGHBOUR_CHOICES, True, 1),
    "architects, own 2 either/or, Bilkis + rebate": (
        ARCHITECTS, Production.of(("clay", "ore"), ("wood", "ore")), NEIGHBOUR_ALL, NEIGHBOUR_CHOICES, True, 1),
    "palace, own nothing, both neighbours all either/or, Bilkis + rebate": (
        PALACE, Production(), NEIGHBOUR_CHOICES, NEIGHBOUR_CHOICES, True, 1),
}


def clear_caches() -> None:
    """Forget the small memo tables, as in a fresh process (one CLI command)."""
    payment._unpack.cache_clear()
    payment._support.cache_clear()
    payment._sub_vectors.cache_clear()


def bench(repeat: int = 200) -> None:
    prices = Prices.of(east_trading_post=True, marketplace=True)
    for name, (cost, own, left, right, bilkis, discount) in CASES.items():
        cold = []
        for _ in range(repeat // 4):
            clear_caches()
            start = time.perf_counter()
            quote(cost, own, left, right, coins=30, prices=prices, bilkis=bilkis, discount=discount)
            cold.append(time.perf_counter() - start)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            q = quote(cost, own, left, right, coins=30, prices=prices, bilkis=bilkis, discount=discount)
            times.append(time.perf_counter() - start)
        check = []
        first = q.options[0]
        bought = first.purchases[0]
        for _ in range(repeat):
            start = time.perf_counter()
            match_payment(q, left=first.left, right=first.right)
            match_payment(q, buy_left=bought.left, buy_right=bought.right, buy_bank=bought.bank)
            check.append(time.perf_counter() - start)
        print(
            f"{name}: quote median {statistics.median(times) * 1000:.2f} ms"
            f" (cold caches {statistics.median(cold) * 1000:.2f} ms), {len(q.payments)} valid payments,"
            f" {len(q.options)} Pareto options; 2 match_payment calls (coins; resources) median {statistics.median(check) * 1000:.3f} ms"
        )


def sweep(count: int = 400, seed: int = 1) -> None:
    """Random heavy cities (3-6 either/or cards, Age II doubles and grey cards on each side,
    private Caravansery/Forum at home, Bilkis and a rebate, random rebates), cold caches: the
    median and the slowest single query, to check the worst case rather than a chosen one."""
    import random

    rng = random.Random(seed)
    doubles = ["wood", "wood", "stone", "stone", "clay", "clay", "ore", "ore"]
    costs = [PALACE, ARCHITECTS, Cost.of("clay", "clay", "ore", "glass", "loom", "papyrus"),
             Cost.of("stone", "stone", "stone", "stone", "papyrus")]
    raw, made = ("wood", "stone", "clay", "ore"), ("glass", "loom", "papyrus")

    def neighbour() -> Production:
        units: list = [*rng.sample(EITHER_OR, rng.randint(3, 6)), *rng.sample(doubles, rng.randint(0, 4))]
        units += rng.sample(list(made), rng.randint(0, 3)) + [rng.choice(raw + made)]
        return Production.of(*units)

    times = []
    for _ in range(count):
        own = Production.of(*rng.sample(EITHER_OR, rng.randint(0, 3)), *([raw] if rng.random() < 0.5 else []),
                            *([made] if rng.random() < 0.5 else []))
        prices = Prices.of(east_trading_post=rng.random() < 0.5, west_trading_post=rng.random() < 0.5,
                           marketplace=rng.random() < 0.5)
        left, right, cost = neighbour(), neighbour(), rng.choice(costs)
        clear_caches()
        start = time.perf_counter()
        quote(cost, own, left, right, coins=40, prices=prices, bilkis=True, discount=1)
        times.append(time.perf_counter() - start)
    print(f"random heavy cities ({count}, cold caches): median {statistics.median(times) * 1000:.2f} ms,"
          f" slowest {max(times) * 1000:.2f} ms")


if __name__ == "__main__":
    bench()
    sweep()
