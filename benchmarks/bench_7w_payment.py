"""7 Wonders payment solver benchmarks (``payment.quote``), checked on CPU time (wall time
printed beside it).

The worst cases combine the biggest costs (Palace: all 7 resources; Architects Guild:
3 ore + clay + loom + papyrus) with cities whose own production covers little but has
either/or sources, neighbours selling every either/or brown card of Age I plus grey cards and
Age II doubles, Bilkis and a one-resource rebate.

Goals (the script exits 1 when a figure is over its goal):
- each chosen worst case, one query with cold memo tables: median <= 5 ms; the two
  ``match_payment`` calls that check a stated payment against it: median <= 1 ms;
- the sweep of 400 random heavy cities (3-6 either/or cards, Age II doubles and grey cards
  on each side, private Caravansery/Forum at home, Bilkis and a rebate, random rebates),
  cold memo tables, each query's median of 5 runs: the slowest city <= 5 ms.

Run: python benchmarks/bench_7w_payment.py
"""

from __future__ import annotations

import random

from assistant.games.sevenwonders import payment
from assistant.games.sevenwonders.payment import Cost, Prices, Production, match_payment, quote

from timing import Report, measure  # noqa: E402  (benchmarks/timing.py)

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
    payment._size.cache_clear()


def bench(report: Report) -> None:
    """The chosen worst cases: a query with cold memo tables, then checking stated payments."""
    prices = Prices.of(east_trading_post=True, marketplace=True)
    for name, (cost, own, left, right, bilkis, discount) in CASES.items():
        def cold() -> None:
            clear_caches()
            quote(cost, own, left, right, coins=30, prices=prices, bilkis=bilkis, discount=discount)

        report.timing(f"quote: {name}", measure(cold, 40), 5)
        q = quote(cost, own, left, right, coins=30, prices=prices, bilkis=bilkis, discount=discount)
        first = q.options[0]
        bought = first.purchases[0]

        def check() -> None:
            match_payment(q, left=first.left, right=first.right)
            match_payment(q, buy_left=bought.left, buy_right=bought.right, buy_bank=bought.bank)

        report.timing(f"  2 match_payment ({len(q.payments)} valid payments, {len(q.options)} options)", measure(check, 100), 1)


def sweep(report: Report, count: int = 400, seed: int = 1) -> None:
    """Random heavy cities, cold memo tables: the slowest city (median of 5 runs each), to
    check the worst case rather than a chosen one."""
    rng = random.Random(seed)
    doubles = ["wood", "wood", "stone", "stone", "clay", "clay", "ore", "ore"]
    costs = [PALACE, ARCHITECTS, Cost.of("clay", "clay", "ore", "glass", "loom", "papyrus"),
             Cost.of("stone", "stone", "stone", "stone", "papyrus")]
    raw, made = ("wood", "stone", "clay", "ore"), ("glass", "loom", "papyrus")

    def neighbour() -> Production:
        units: list = [*rng.sample(EITHER_OR, rng.randint(3, 6)), *rng.sample(doubles, rng.randint(0, 4))]
        units += rng.sample(list(made), rng.randint(0, 3)) + [rng.choice(raw + made)]
        return Production.of(*units)

    timings = []
    for _ in range(count):
        own = Production.of(*rng.sample(EITHER_OR, rng.randint(0, 3)), *([raw] if rng.random() < 0.5 else []),
                            *([made] if rng.random() < 0.5 else []))
        prices = Prices.of(east_trading_post=rng.random() < 0.5, west_trading_post=rng.random() < 0.5,
                           marketplace=rng.random() < 0.5)
        left, right, cost = neighbour(), neighbour(), rng.choice(costs)

        def cold() -> None:
            clear_caches()
            quote(cost, own, left, right, coins=40, prices=prices, bilkis=True, discount=1)

        timings.append(measure(cold, 5, warm=False))
    timings.sort(key=lambda t: t.cpu_ms)
    report.note(f"random heavy cities ({count}, cold memo tables): median city {timings[count // 2].cpu_ms:.3f} ms CPU")
    report.timing("random heavy cities: slowest city", timings[-1], 5)


def main() -> int:
    report = Report("bench_7w_payment")
    bench(report)
    sweep(report)
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
