"""How a 7 Wonders city can pay for a build: own production, purchases from the neighbours,
Bilkis's bank purchase and the one-resource rebates of the Leaders.

This module is pure and independent of the card data: the engine translates a city into
the small values below and asks :func:`quote` for every legal way to pay.

Rules implemented (ids of the rules digest):

* ``7w.build.cost``: the cost is the coins shown (to the bank) plus the resources shown.
* ``7w.production.sources`` / ``7w.production.choice``: fixed units plus "either/or" sources
  that give one unit of one of their types (brown a/b cards, Caravansery, Forum,
  Alexandria's stages). Resources are never spent, so the whole production is available for
  each build.
* ``7w.commerce.sellable``: a neighbour sells only its starting resource and its brown and
  grey cards; an a/b card sells either type whatever its owner uses it for; each unit is
  sold at most once in one purchase. The engine gives the neighbour's *sellable*
  production, which leaves out Caravansery, Forum and Alexandria.
* ``7w.commerce.price``: a price per side and per resource (2, or 1 with a Trading Post,
  the Marketplace or Olympia B stage 1); see :meth:`Prices.of`.
* ``7w.commerce.rules``: the buyer chooses the seller; buying only pays for this build, so
  own production comes first: a valid purchase never buys a unit the city could make
  while still paying the rest. Formally, a purchase is valid when together with own
  production it covers the cost and no bought unit can be dropped.
* ``7w.commerce.coins-timing``: everything is paid from the coins held at the start of the
  turn (the engine passes those coins).
* ``7w.commerce.bank``: with Bilkis, one unit of any resource from the bank for 1 coin.
* ``7w.leader.rulings`` (Archimedes, Leonidas, Hammurabi, Imhotep): the player ignores one
  unit of the cost, of their choice; the engine decides whether a rebate applies to this
  build and passes ``discount=1``.
* ``7w.leaders.cost``: leader costs are coins only; see :func:`leader_cost`.

The search is exact. The cost has at most a few units (7 for the Palace), so the solver
enumerates the *maximal* parts of the cost that own production (with the rebate) can cover,
and for each remaining part every split between the left neighbour, the right neighbour and
the bank. What each provider can cover is computed once per query as the set of
sub-multisets of the cost it can supply (a small search over its either/or sources that keeps
only maximal partial covers). Multisets of resources are packed into one integer (5 bits
per resource) so that the inner loop is a few integer operations.

>>> own = Production.of("wood", "glass")
>>> left = Production.of("wood")
>>> right = Production.of("papyrus")
>>> q = quote(Cost.of("wood", "wood", "glass", "papyrus"), own, left, right, coins=4)
>>> [p.describe() for p in q.options]
['left 2 + right 2 = 4 coins (wood from left, papyrus from right)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from typing import Literal

# ---------------------------------------------------------------------------------------
# Resources
# ---------------------------------------------------------------------------------------

#: The seven resources, in the fixed order used everywhere in this module.
RESOURCES: tuple[str, ...] = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
#: Raw materials (brown cards) and manufactured goods (grey cards), ``7w.terms.resources``.
RAW: frozenset[str] = frozenset(RESOURCES[:4])
MANUFACTURED: frozenset[str] = frozenset(RESOURCES[4:])
#: Other names players use for a resource.
ALIASES: Mapping[str, str] = {"textile": "loom", "cloth": "loom", "brick": "clay"}

_INDEX = {name: i for i, name in enumerate(RESOURCES)}

Side = Literal["left", "right"]
SIDES: tuple[Side, Side] = ("left", "right")


def resource(name: str) -> str:
    """The canonical name of a resource (``"Textile"`` -> ``"loom"``); ValueError if unknown."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in _INDEX:
        raise ValueError(f"unknown resource {name!r}; expected one of {', '.join(RESOURCES)}")
    return key


def _sorted_units(units: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted((resource(u) for u in units), key=_INDEX.__getitem__))


def describe_units(units: Sequence[str], *, ones: bool = False) -> str:
    """``("stone", "stone", "loom")`` -> ``"2 stone + loom"`` (``"2 stone + 1 loom"`` with
    ``ones``); ``()`` -> ``"nothing"``."""
    if not units:
        return "nothing"
    parts = []
    for name in RESOURCES:
        n = units.count(name)
        if n == 1:
            parts.append(f"1 {name}" if ones else name)
        elif n > 1:
            parts.append(f"{n} {name}")
    return " + ".join(parts)


# ---------------------------------------------------------------------------------------
# Packed multisets: 5 bits per resource (count 0..15 in the low 4 bits, bit 4 is a guard
# bit used by the component-wise comparison). Internal only.
# ---------------------------------------------------------------------------------------

_BITS = 5
_FIELD = 0b1111
_MAX_COUNT = 15
_UNIT = tuple(1 << (_BITS * i) for i in range(len(RESOURCES)))
_GUARD = sum(1 << (_BITS * i + 4) for i in range(len(RESOURCES)))
#: The count bits of every field.
_COUNTS = _GUARD >> 4 | _GUARD >> 3 | _GUARD >> 2 | _GUARD >> 1
_SHIFT = tuple(_BITS * i for i in range(len(RESOURCES)))


def _pack(units: Iterable[str]) -> int:
    v = 0
    for u in units:
        i = _INDEX[resource(u)]
        if _count(v, i) == _MAX_COUNT:
            raise ValueError(f"more than {_MAX_COUNT} units of {RESOURCES[i]}")
        v += _UNIT[i]
    return v


def _count(v: int, i: int) -> int:
    return (v >> (_BITS * i)) & _FIELD


@cache
def _unpack(v: int) -> tuple[str, ...]:
    out: list[str] = []
    for i, name in enumerate(RESOURCES):
        out.extend([name] * _count(v, i))
    return tuple(out)


def _leq(a: int, b: int) -> bool:
    """Every count of ``a`` is at most the count of ``b`` (no borrow crosses a guard bit)."""
    return ((b | _GUARD) - a) & _GUARD == _GUARD


@cache
def _size(v: int) -> int:
    """How many units ``v`` holds (cached: the same few vectors recur)."""
    return sum(_count(v, i) for i in range(len(RESOURCES)))


@cache
def _support(v: int) -> tuple[int, ...]:
    """The resource indices present in ``v`` (cached: the same few vectors recur)."""
    return tuple(i for i in range(len(RESOURCES)) if _count(v, i))


def _ge_mask(a: int, b: int) -> tuple[int, int]:
    """``(a | guards) - b`` (no borrow crosses a field) and the mask of the count bits of the
    fields where ``a`` holds at least as many as ``b``."""
    diff = (a | _GUARD) - b
    return diff, ((diff & _GUARD) >> 4) * _FIELD


def _meet(a: int, b: int) -> int:
    """Component-wise minimum.

    >>> _meet(_pack(["wood", "wood", "ore"]), _pack(["wood", "stone", "ore", "ore"])) == _pack(["wood", "ore"])
    True
    """
    _, ge = _ge_mask(a, b)
    return (b & ge) | (a & (_COUNTS ^ ge))


def _excess(a: int, b: int) -> int:
    """Component-wise ``max(0, a - b)``: what ``a`` needs beyond ``b``.

    >>> _excess(_pack(["wood", "wood", "ore"]), _pack(["wood", "stone"])) == _pack(["wood", "ore"])
    True
    """
    diff, ge = _ge_mask(a, b)
    return diff & ge


@cache
def _sub_vectors(v: int) -> tuple[int, ...]:
    """Every sub-multiset of ``v`` (``v`` included; cached)."""
    subs = [0]
    for i in _support(v):
        unit = _UNIT[i]
        subs = [s + k * unit for s in subs for k in range(_count(v, i) + 1)]
    return tuple(subs)


def _maximal(vectors: Iterable[int]) -> list[int]:
    """The elements of ``vectors`` not below another one (an antichain), sorted."""
    items = sorted(set(vectors), key=_size, reverse=True)
    kept: list[int] = []
    for v in items:
        if not any(_leq(v, w) for w in kept):
            kept.append(v)
    return sorted(kept)


def _max_covers(fixed: int, choices: Sequence[tuple[int, ...]], bound: int) -> list[int]:
    """The maximal sub-multisets of ``bound`` that ``fixed`` units plus ``choices`` (each one
    unit of one of its resource indices) can supply. Every coverable sub-multiset of
    ``bound`` lies below one of them (coverable multisets are closed downwards).

    Exact: each either/or source is given to every type it could still supply. A partial
    cover below another one is dropped, which is safe because whatever can be added to the
    smaller one can be added to (or is already in) the larger one.
    """
    states = {_meet(fixed, bound)}
    room = [(bound >> shift) & _FIELD for shift in _SHIFT]
    for choice in choices:
        grown: set[int] = set()
        for v in states:
            extended = False
            for i in choice:
                if (v >> _SHIFT[i]) & _FIELD < room[i]:
                    grown.add(v + _UNIT[i])
                    extended = True
            if not extended:
                grown.add(v)
        states = set(_maximal(grown)) if len(grown) > 1 else grown
        if states == {bound}:
            break
    return sorted(states)


def _downward(antichain: Iterable[int]) -> frozenset[int]:
    """Every multiset below an element of ``antichain``."""
    out: set[int] = set()
    for v in antichain:
        out.update(_sub_vectors(v))
    return frozenset(out)


# ---------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Production:
    """What a city produces each turn, or what a neighbour may sell.

    ``fixed`` lists units (``("stone", "stone", "ore")``, sorted in :data:`RESOURCES`
    order); ``choices`` lists either/or sources, each one unit of one of its types per build
    (a brown a/b card, Caravansery = all raw, Forum = all manufactured, an Alexandria stage).
    A choice of one type is stored as a fixed unit.

    For a city's own use, pass all its sources. For what a neighbour can sell, pass only its
    starting resource and its brown and grey cards (``7w.commerce.sellable``).

    >>> Production.of("stone", ("wood", "clay"), "stone").describe()
    '2 stone, wood/clay'
    """

    fixed: tuple[str, ...] = ()
    choices: tuple[frozenset[str], ...] = ()
    _packed: int = field(default=0, init=False, repr=False, compare=False)
    _choice_index: tuple[tuple[int, ...], ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fixed = list(self.fixed)
        choices: list[frozenset[str]] = []
        for choice in self.choices:
            names = frozenset(resource(r) for r in choice)
            if not names:
                raise ValueError("an either/or source needs at least one resource")
            if len(names) == 1:
                fixed.extend(names)
            else:
                choices.append(names)
        ordered = sorted(choices, key=lambda c: (len(c), sorted(_INDEX[r] for r in c)))
        object.__setattr__(self, "fixed", _sorted_units(fixed))
        object.__setattr__(self, "choices", tuple(ordered))
        object.__setattr__(self, "_packed", _pack(self.fixed))
        index = tuple(tuple(sorted(_INDEX[r] for r in c)) for c in self.choices)
        object.__setattr__(self, "_choice_index", index)

    @classmethod
    def of(cls, *units: str | Iterable[str]) -> Production:
        """Each argument is one source: a resource name (one fixed unit) or a collection of
        names (one unit of one of them)."""
        fixed: list[str] = []
        choices: list[frozenset[str]] = []
        for unit in units:
            if isinstance(unit, str):
                fixed.append(unit)
            else:
                choices.append(frozenset(unit))
        return cls(tuple(fixed), tuple(choices))

    @classmethod
    def from_parts(cls, fixed: Mapping[str, int], choices: Iterable[Iterable[str]] = ()) -> Production:
        """From counts (``{"stone": 2}``) and either/or sources (``[("wood", "clay")]``)."""
        units = [name for name, n in fixed.items() for _ in range(n)]
        return cls(tuple(units), tuple(frozenset(c) for c in choices))

    def __add__(self, other: Production) -> Production:
        return Production(self.fixed + other.fixed, self.choices + other.choices)

    @property
    def kinds(self) -> frozenset[str]:
        """Every resource type this production can give."""
        out = set(self.fixed)
        for choice in self.choices:
            out |= choice
        return frozenset(out)

    def can_supply(self, units: Iterable[str]) -> bool:
        """Whether these units can all be taken at once (each source gives one unit)."""
        want = _pack(units)
        return _max_covers(self._packed, self._choice_index, want) == [want]

    def describe(self) -> str:
        """``"2 stone, wood/clay"``: the production in words."""
        parts = []
        if self.fixed:
            parts.append(describe_units(self.fixed).replace(" + ", ", "))
        for choice in self.choices:
            parts.append("/".join(sorted(choice, key=_INDEX.__getitem__)))
        return ", ".join(parts) if parts else "nothing"


NOTHING = Production()

_RAW_PRICES = (2, 2, 2, 2)
_STANDARD = (2,) * len(RESOURCES)


@dataclass(frozen=True)
class Prices:
    """Coins per bought unit, per side, in :data:`RESOURCES` order (``7w.commerce.price``).
    Every price is at least 1 (rebates never stack below 1)."""

    left: tuple[int, ...] = _STANDARD
    right: tuple[int, ...] = _STANDARD

    def __post_init__(self) -> None:
        for side in (self.left, self.right):
            if len(side) != len(RESOURCES) or any(p < 1 for p in side):
                raise ValueError(f"prices need {len(RESOURCES)} values of at least 1: {side}")

    @classmethod
    def of(
        cls,
        *,
        west_trading_post: bool = False,
        east_trading_post: bool = False,
        marketplace: bool = False,
        olympia_b: bool = False,
    ) -> Prices:
        """Prices from the commerce effects in force this turn (built before this turn):
        West Trading Post = raw from the left at 1, East = raw from the right at 1,
        Marketplace = manufactured from both at 1, Olympia B stage 1 = raw from both at 1.

        >>> Prices.of(east_trading_post=True).price("right", "ore")
        1
        """
        left_raw = 1 if west_trading_post or olympia_b else 2
        right_raw = 1 if east_trading_post or olympia_b else 2
        made = 1 if marketplace else 2
        left = tuple(left_raw if r in RAW else made for r in RESOURCES)
        right = tuple(right_raw if r in RAW else made for r in RESOURCES)
        return cls(left, right)

    @classmethod
    def from_mapping(cls, prices: Mapping[str, Mapping[str, int]]) -> Prices:
        """From ``{"left": {"wood": 1, ...}, "right": {...}}``; missing resources cost 2."""
        left = tuple(prices.get("left", {}).get(r, 2) for r in RESOURCES)
        right = tuple(prices.get("right", {}).get(r, 2) for r in RESOURCES)
        return cls(left, right)

    def price(self, side: Side, name: str) -> int:
        """The price of one unit of ``name`` bought from ``side``."""
        table = self.left if side == "left" else self.right
        return table[_INDEX[resource(name)]]

    def _cost(self, side: Side, v: int) -> int:
        table = self.left if side == "left" else self.right
        return sum(_count(v, i) * table[i] for i in range(len(RESOURCES)))


STANDARD_PRICES = Prices()


@dataclass(frozen=True)
class Cost:
    """What a card, a wonder stage or a leader shows: coins (to the bank) and resources."""

    coins: int = 0
    resources: tuple[str, ...] = ()
    _packed: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.coins < 0:
            raise ValueError("a coin cost cannot be negative")
        object.__setattr__(self, "resources", _sorted_units(self.resources))
        object.__setattr__(self, "_packed", _pack(self.resources))  # validates the counts

    @classmethod
    def of(cls, *resources: str, coins: int = 0) -> Cost:
        """A cost from resource names (repeated for several units) and coins."""
        return cls(coins, tuple(resources))

    @classmethod
    def from_counts(cls, resources: Mapping[str, int], coins: int = 0) -> Cost:
        """A cost from resource counts (``{"stone": 2}``) and coins."""
        return cls(coins, tuple(name for name, n in resources.items() for _ in range(n)))

    def describe(self) -> str:
        """``"3 coins + 2 stone + loom"`` (``"nothing"`` for a free cost)."""
        parts = []
        if self.coins:
            parts.append(f"{self.coins} coin{'s' if self.coins != 1 else ''}")
        if self.resources:
            parts.append(describe_units(self.resources))
        return " + ".join(parts) if parts else "nothing"


# ---------------------------------------------------------------------------------------
# Outputs
# ---------------------------------------------------------------------------------------


class PaymentError(Exception):
    """A build or payment the rules forbid: ``rule`` is a digest rule id, ``reason`` a clause
    the engine puts after the player and the thing ("cannot build X: <reason>"), ``hint`` what
    would be legal instead (or None)."""

    def __init__(self, rule: str, reason: str, hint: str | None = None) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason
        self.hint = hint


class AmbiguousPayment(PaymentError):
    """Several payments fit what the user said and none is cheaper: the user must choose."""

    def __init__(self, rule: str, reason: str, candidates: tuple[Payment, ...]) -> None:
        super().__init__(rule, reason, hint="one of: " + "; ".join(c.describe(ways=1) for c in candidates))
        self.candidates = candidates


@dataclass(frozen=True)
class Purchase:
    """Which resources are bought from whom (sorted in :data:`RESOURCES` order)."""

    left: tuple[str, ...] = ()
    right: tuple[str, ...] = ()
    bank: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether nothing is bought."""
        return not (self.left or self.right or self.bank)

    def side(self, side: Side) -> tuple[str, ...]:
        """What is bought from one neighbour."""
        return self.left if side == "left" else self.right

    def describe(self) -> str:
        """``"wood from left, papyrus from right"``."""
        parts = []
        if self.left:
            parts.append(f"{describe_units(self.left)} from left")
        if self.right:
            parts.append(f"{describe_units(self.right)} from right")
        if self.bank:
            parts.append(f"{describe_units(self.bank)} from the bank")
        return ", ".join(parts) if parts else "no purchase"


@dataclass(frozen=True)
class Payment:
    """One way to pay, as coins: to the left neighbour, to the right neighbour and to the bank
    (``bank`` includes the printed coin cost ``coin_cost``; ``bank_purchase`` is the Bilkis
    part). :attr:`purchases` lists every valid purchase giving exactly these coins (usually
    one; built on first use, as the worst cases have hundreds).
    ``pareto``: no other valid payment is at most as much on all three amounts.
    ``affordable``: the total is at most the coins held at the start of the turn."""

    left: int
    right: int
    bank: int
    coin_cost: int
    pareto: bool = True
    affordable: bool = True
    #: the purchases as packed (left, right, bank) multisets; see :attr:`purchases`.
    packed: tuple[tuple[int, int, int], ...] = field(default=((0, 0, 0),), repr=False)

    @cached_property
    def purchases(self) -> tuple[Purchase, ...]:
        """Every valid purchase giving these coins, unpacked on first use."""
        return tuple(Purchase(_unpack(a), _unpack(b), _unpack(c)) for a, b, c in self.packed)

    @property
    def total(self) -> int:
        """All the coins paid (the printed coin cost included)."""
        return self.left + self.right + self.bank

    @property
    def bank_purchase(self) -> int:
        """The coins paid to the bank for Bilkis's purchase."""
        return self.bank - self.coin_cost

    @property
    def buys(self) -> bool:
        """Whether resources are bought at all."""
        return self.packed[0] != (0, 0, 0)

    def coins_to(self, side: Side) -> int:
        """The coins paid to one neighbour."""
        return self.left if side == "left" else self.right

    def amounts(self) -> str:
        """``"left 2 + right 2"`` (the coins of the purchase; the card's own cost apart)."""
        parts = []
        if self.left:
            parts.append(f"left {self.left}")
        if self.right:
            parts.append(f"right {self.right}")
        if self.bank_purchase:
            parts.append(f"bank {self.bank_purchase}")
        return " + ".join(parts) if parts else "no purchase"

    def describe(self, ways: int = 3) -> str:
        """``"left 2 + right 2 = 4 coins (wood from left, papyrus from right)"``; at most
        ``ways`` purchases are spelled out, then their number."""
        if not self.buys:
            if self.coin_cost:
                return f"no purchase ({self.coin_cost} coin{'s' if self.coin_cost != 1 else ''} to the bank)"
            return "no purchase"
        text = f"{self.amounts()} = {self.total} coin{'s' if self.total != 1 else ''}"
        detail = " or ".join(p.describe() for p in self.purchases[:ways])
        if len(self.packed) > ways:
            others = len(self.packed) - ways
            detail += f" or {others} other way{'s' if others != 1 else ''}"
        return f"{text} ({detail})"


@dataclass(frozen=True)
class Quote:
    """Every legal way to pay one cost now. Build it with :func:`quote`.

    * ``payments``: every valid payment (see the module docstring), cheapest first, with
      dominated and unaffordable ones flagged; empty if the resources cannot be had at all.
    * ``options``: the Pareto-optimal affordable payments (what to offer the user).
    * ``missing``: when no payment exists, what is lacking at best (one multiset per
      alternative, e.g. ``(("stone",), ("clay",))`` = short of 1 stone, or of 1 clay).
    """

    cost: Cost
    coins: int
    payments: tuple[Payment, ...]
    missing: tuple[tuple[str, ...], ...]
    bilkis: bool
    discount: int
    rule: str
    own: Production
    sellers: tuple[Production, Production]
    prices: Prices
    _own_max: tuple[int, ...] = field(default=(), repr=False, compare=False)

    @property
    def options(self) -> tuple[Payment, ...]:
        """The Pareto-optimal affordable payments (what to offer the user)."""
        return tuple(p for p in self.payments if p.pareto and p.affordable)

    @property
    def frontier(self) -> tuple[Payment, ...]:
        """Pareto-optimal payments whatever the coins held."""
        return tuple(p for p in self.payments if p.pareto)

    @property
    def payable(self) -> bool:
        """Whether some payment is possible with the coins held."""
        return bool(self.options)

    @property
    def resources_available(self) -> bool:
        """The resources can be had (maybe not with the coins held)."""
        return bool(self.payments)

    @property
    def cheapest(self) -> tuple[Payment, ...]:
        """The affordable payments of the lowest total (several = a real choice)."""
        options = self.options
        if not options:
            return ()
        low = min(p.total for p in options)
        return tuple(p for p in options if p.total == low)

    @property
    def cheapest_unique(self) -> bool:
        """Whether one affordable payment is cheaper than every other."""
        return len(self.cheapest) == 1

    @property
    def default(self) -> Payment | None:
        """The payment to take when the user states none: the unique cheapest, else None."""
        cheapest = self.cheapest
        return cheapest[0] if len(cheapest) == 1 else None

    @property
    def needs_purchase(self) -> bool:
        """Own production (with the rebate) does not cover the resources."""
        return not any(not p.buys for p in self.payments)

    def seller(self, side: Side) -> Production:
        """What one neighbour may sell."""
        return self.sellers[0] if side == "left" else self.sellers[1]

    def error(self) -> PaymentError | None:
        """Why the cost cannot be paid now (None if it can)."""
        if self.payable:
            return None
        if not self.payments:
            lacks = " or ".join(describe_units(m, ones=True) for m in self.missing)
            needed = describe_units(self.cost.resources)
            reason = f"it needs {needed} and lacks {lacks}, even buying every resource the neighbours sell"
            return PaymentError(self.rule, reason)
        low = min(self.payments, key=lambda p: (p.total, p.left, p.right, p.bank))
        if not low.buys:
            coin_word = "coin" if self.cost.coins == 1 else "coins"
            reason = f"costs {self.cost.coins} {coin_word} but only {_coins(self.coins)} held at the start of the turn"
            return PaymentError(self.rule, reason)
        reason = (
            f"the cheapest payment is {low.describe()}"
            + (f" plus {self.cost.coins} to the bank" if self.cost.coins else "")
            + f", but only {_coins(self.coins)} held at the start of the turn"
            + " (coins received this turn count from the next one)"
        )
        return PaymentError("7w.commerce.coins-timing", reason)

    def require(self) -> None:
        """Raise :class:`PaymentError` unless the cost can be paid."""
        err = self.error()
        if err is not None:
            raise err

    def hint(self, limit: int = 6) -> str | None:
        """The legal payments as text, for an error hint."""
        options = self.options
        if not options:
            return None
        text = "; ".join(p.describe(ways=1) for p in options[:limit])
        if len(options) > limit:
            text += f"; and {len(options) - limit} more"
        return "possible payments: " + text


# ---------------------------------------------------------------------------------------
# The solver
# ---------------------------------------------------------------------------------------

_ANY: tuple[int, ...] = tuple(range(len(RESOURCES)))


def _coins(n: int) -> str:
    """``"1 coin was"``, ``"3 coins were"``: coins held, for the refusals."""
    return f"{n} coin was" if n == 1 else f"{n} coins were"


def quote(
    cost: Cost,
    own: Production,
    left: Production,
    right: Production,
    *,
    coins: int,
    prices: Prices = STANDARD_PRICES,
    bilkis: bool = False,
    discount: int = 0,
    rule: str = "7w.build.cost",
) -> Quote:
    """Every valid way for a city to pay ``cost`` now.

    ``own``: everything the city produces (private sources included). ``left``/``right``:
    what each neighbour may sell. ``coins``: coins held at the start of the turn (or what is
    left of them for Babylon B's 7th card). ``bilkis``: the bank purchase is available (Bilkis
    in play and not used yet this turn). ``discount``: units of the cost the player may
    ignore (1 with Archimedes/Leonidas/Hammurabi/Imhotep for the matching build, else 0).
    ``rule``: the rule id cited when the resources cannot be had (``7w.wonder.stage`` for a
    stage, for instance).
    """
    if discount < 0:
        raise ValueError("discount cannot be negative")
    need = cost._packed
    own_choices = own._choice_index + (_ANY,) * discount
    own_max = _max_covers(own._packed, own_choices, need)
    left_family = _downward(_max_covers(left._packed, left._choice_index, need))
    right_family = _downward(_max_covers(right._packed, right._choice_index, need))

    found: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
    left_cost: dict[int, int] = {}
    right_cost: dict[int, int] = {}

    def record(bought_left: int, bought_right: int, bought_bank: int) -> None:
        lc = left_cost.get(bought_left)
        if lc is None:
            lc = left_cost[bought_left] = prices._cost("left", bought_left)
        rc = right_cost.get(bought_right)
        if rc is None:
            rc = right_cost[bought_right] = prices._cost("right", bought_right)
        key = (lc, rc, cost.coins + (1 if bought_bank else 0))
        found.setdefault(key, []).append((bought_left, bought_right, bought_bank))

    for covered in own_max:
        rest = need - covered
        for bought_left in _sub_vectors(rest):
            if bought_left not in left_family:
                continue
            remainder = rest - bought_left
            if remainder in right_family:
                record(bought_left, remainder, 0)
            if bilkis:
                for i in _support(remainder):
                    if remainder - _UNIT[i] in right_family:
                        record(bought_left, remainder - _UNIT[i], _UNIT[i])

    payments = _payments(found, cost.coins, coins)
    missing: tuple[tuple[str, ...], ...] = ()
    if not payments:
        missing = _missing(need, own, left, right, discount, bilkis)
    return Quote(
        cost=cost,
        coins=coins,
        payments=payments,
        missing=missing,
        bilkis=bilkis,
        discount=discount,
        rule=rule,
        own=own,
        sellers=(left, right),
        prices=prices,
        _own_max=tuple(own_max),
    )


def _payments(
    found: Mapping[tuple[int, int, int], list[tuple[int, int, int]]], coin_cost: int, coins: int
) -> tuple[Payment, ...]:
    """Group the purchases by coins, flag dominated and unaffordable ones, cheapest first."""
    keys = sorted(found, key=lambda k: (sum(k), k))
    out = []
    for key in keys:
        dominated = any(o != key and o[0] <= key[0] and o[1] <= key[1] and o[2] <= key[2] for o in keys)
        packed = tuple(sorted(found[key]))
        out.append(Payment(key[0], key[1], key[2], coin_cost, not dominated, sum(key) <= coins, packed))
    return tuple(out)


def _missing(
    need: int, own: Production, left: Production, right: Production, discount: int, bilkis: bool
) -> tuple[tuple[str, ...], ...]:
    """The least that stays uncovered with every source together, one entry per alternative."""
    everything = own + left + right
    choices = everything._choice_index + (_ANY,) * (discount + (1 if bilkis else 0))
    best = _max_covers(everything._packed, choices, need)
    top = max(_size(v) for v in best)
    lacking = {_unpack(need - v) for v in best if _size(v) == top}
    return tuple(sorted(lacking, key=lambda units: [_INDEX[u] for u in units]))


# ---------------------------------------------------------------------------------------
# Checking a payment the user states
# ---------------------------------------------------------------------------------------


def match_payment(
    q: Quote,
    *,
    left: int | None = None,
    right: int | None = None,
    bank_purchase: int | None = None,
    buy_left: Sequence[str] | None = None,
    buy_right: Sequence[str] | None = None,
    buy_bank: Sequence[str] | None = None,
) -> Payment:
    """The payment matching what the user said, or :class:`PaymentError` saying why none does.

    ``left``/``right``: coins to each neighbour; ``bank_purchase``: coins to the bank for
    Bilkis (the printed coin cost apart); ``buy_*``: the resources bought from each. ``None``
    means "not said" (anything fits); say ``0`` or ``()`` for "nothing". Any valid payment is
    accepted, not only the cheapest (the buyer chooses the seller, ``7w.commerce.rules``).
    Among the payments that fit, the cheapest is taken; several of the same lowest total raise
    :class:`AmbiguousPayment`. The returned payment keeps only the purchases that fit.
    Saying nothing at all thus means: the unique cheapest payment.
    """
    if not q.payments:
        q.require()
    wanted: dict[str, int | None] = {
        "left": None if buy_left is None else _pack(buy_left),
        "right": None if buy_right is None else _pack(buy_right),
        "bank": None if buy_bank is None else _pack(buy_bank),
    }

    def fits_buys(bought: tuple[int, int, int]) -> bool:
        return all(want is None or want == got for want, got in zip(wanted.values(), bought))

    def fits_coins(p: Payment) -> bool:
        return (
            (left is None or p.left == left)
            and (right is None or p.right == right)
            and (bank_purchase is None or p.bank_purchase == bank_purchase)
        )

    by_buys: list[Payment] = []
    if all(want is None for want in wanted.values()):
        by_buys = list(q.payments)
    else:
        for payment in q.payments:
            kept = tuple(u for u in payment.packed if fits_buys(u))
            if kept:
                by_buys.append(replace(payment, packed=kept))
    matches = [p for p in by_buys if fits_coins(p)]
    if matches:
        return _choose(q, matches)
    said = _said(left, right, bank_purchase, buy_left, buy_right, buy_bank)
    # Every channel (left, right, bank) closed by the statement: "no purchase at all".
    nothing_bought = (
        (left == 0 or (buy_left is not None and not buy_left))
        and (right == 0 or (buy_right is not None and not buy_right))
        and (not q.bilkis or bank_purchase == 0 or (buy_bank is not None and not buy_bank))
    )
    if nothing_bought and q.needs_purchase:
        cost = describe_units(q.cost.resources)
        raise PaymentError(q.rule, f"own production does not cover {cost}: resources must be bought", q.hint())
    stated_sides: tuple[tuple[Side, int | None], ...] = (("left", left), ("right", right))
    for side, said_coins in stated_sides:
        want = wanted[side]
        if want is not None and said_coins is not None:
            price = q.prices._cost(side, want)
            if price != said_coins:
                units = describe_units(_unpack(want))
                coin_word = "coin" if price == 1 else "coins"
                reason = f"{units} from the {side} neighbour costs {price} {coin_word}, not {said_coins}"
                raise PaymentError("7w.commerce.price", reason, q.hint())
    if by_buys and any(want is not None for want in wanted.values()):
        prices = "; ".join(p.describe(ways=1) for p in by_buys[:3])
        raise PaymentError("7w.commerce.price", f"{said} does not match the prices: {prices}", q.hint())
    bought_something = any(v for v in (left, right, bank_purchase)) or any(v for v in wanted.values())
    if bought_something and not q.needs_purchase:
        cost = describe_units(q.cost.resources)
        raise PaymentError(
            "7w.commerce.rules",
            f"own production covers {cost}: nothing is bought (a player buys only what the build lacks)",
            q.hint(),
        )
    _diagnose_buys(q, wanted)
    raise PaymentError(
        "7w.commerce.price",
        f"no valid payment matches {said} (each unit bought costs 2 coins, or 1 where a Trading Post,"
        " the Marketplace or Olympia B's first stage lowers it)",
        q.hint(),
    )


def _choose(q: Quote, matches: list[Payment]) -> Payment:
    affordable = [p for p in matches if p.affordable]
    if not affordable:
        low = min(matches, key=lambda p: p.total)
        reason = (
            f"paying {low.describe()}"
            + (f" plus {q.cost.coins} to the bank" if q.cost.coins and low.buys else "")
            + f" needs {low.total} coins, but only {_coins(q.coins)} held at the start of the turn"
        )
        rule = "7w.commerce.coins-timing" if low.buys else q.rule
        raise PaymentError(rule, reason, q.hint())
    keys = [(p.left, p.right, p.bank) for p in affordable]
    best = [
        p
        for p, k in zip(affordable, keys)
        if not any(o != k and o[0] <= k[0] and o[1] <= k[1] and o[2] <= k[2] for o in keys)
    ]
    least = min(p.total for p in best)
    cheapest = tuple(p for p in best if p.total == least)
    if len(cheapest) == 1:
        return cheapest[0]
    raise AmbiguousPayment(
        "7w.commerce.rules",
        f"{len(cheapest)} payments of {least} coins fit; say which neighbour to pay",
        cheapest,
    )


def _said(
    left: int | None,
    right: int | None,
    bank: int | None,
    buy_left: Sequence[str] | None,
    buy_right: Sequence[str] | None,
    buy_bank: Sequence[str] | None,
) -> str:
    parts = []
    for name, coins, units in (("left", left, buy_left), ("right", right, buy_right), ("bank", bank, buy_bank)):
        bits = []
        if coins:
            bits.append(f"{coins} coin{'s' if coins != 1 else ''}")
        if units is not None:
            bits.append(describe_units(_sorted_units(units)))
        if bits:
            parts.append(f"{name} " + " for ".join(bits))
    return "paying " + (", ".join(parts) if parts else "nothing")


def _diagnose_buys(q: Quote, wanted: Mapping[str, int | None]) -> None:
    """Raise the most precise reason why the stated purchases cannot be right."""
    bank = wanted["bank"]
    if bank is not None and bank:
        if not q.bilkis:
            reason = "buying from the bank needs Bilkis in play, and only once per turn"
            raise PaymentError("7w.commerce.bank", reason, q.hint())
        if _size(bank) > 1:
            raise PaymentError("7w.commerce.bank", "Bilkis buys only one resource from the bank per turn", q.hint())
    need = _pack(q.cost.resources)
    for side in SIDES:
        want = wanted[side]
        if not want:
            continue
        seller = q.seller(side)
        for i in _support(want):
            if RESOURCES[i] not in seller.kinds:
                raise PaymentError(
                    "7w.commerce.sellable",
                    f"the {side} neighbour has no {RESOURCES[i]} to sell (it sells {seller.describe()})",
                    q.hint(),
                )
        if not seller.can_supply(_unpack(want)):
            raise PaymentError(
                "7w.commerce.sellable",
                f"the {side} neighbour cannot sell {describe_units(_unpack(want))} at once: each of its units"
                f" is sold once per purchase (it sells {seller.describe()})",
                q.hint(),
            )
    stated = sum(v for v in wanted.values() if v)
    for i in _support(stated):
        if _count(stated, i) > _count(need, i):
            raise PaymentError(
                "7w.commerce.rules",
                f"the cost needs only {_count(need, i)} {RESOURCES[i]}; buy only what this build needs",
                q.hint(),
            )
    # Units the city makes itself: never bought from that side in any valid payment.
    for whose in ("left", "right", "bank"):
        want = wanted[whose]
        if not want:
            continue
        ever = 0  # a field is non-zero iff that resource is bought from this side somewhere
        column = ("left", "right", "bank").index(whose)
        for p in q.payments:
            for bought in p.packed:
                ever |= bought[column]
        for i in _support(want):
            if not (ever >> (_BITS * i)) & _FIELD and _own_makes(q, i):
                raise PaymentError(
                    "7w.commerce.rules",
                    f"the city makes {RESOURCES[i]} itself, and own production is used before buying",
                    q.hint(),
                )
    everything_said = (
        wanted["left"] is not None and wanted["right"] is not None and (wanted["bank"] is not None or not q.bilkis)
    )
    if everything_said:
        remaining = need - stated
        if not any(_leq(remaining, o) for o in q._own_max):
            short = min((_excess(remaining, o) for o in q._own_max), key=_size)
            purchase = describe_units(_unpack(stated))
            reason = f"after buying {purchase} the city still lacks {describe_units(_unpack(short), ones=True)}"
            raise PaymentError(q.rule, reason, q.hint())
        extra = [RESOURCES[i] for i in _support(stated) if any(_leq(remaining + _UNIT[i], o) for o in q._own_max)]
        if extra:
            raise PaymentError(
                "7w.commerce.rules",
                f"the city can make {' or '.join(extra)} itself while paying the rest; buy only what it lacks",
                q.hint(),
            )


def _own_makes(q: Quote, i: int) -> bool:
    return any(_count(o, i) for o in q._own_max)


# ---------------------------------------------------------------------------------------
# Leaders
# ---------------------------------------------------------------------------------------


def leader_cost(
    printed: int,
    *,
    rome_a_owner: bool = False,
    maecenas: bool = False,
    rome_b_owner: bool = False,
    rome_b_neighbour: bool = False,
) -> int:
    """Coins to recruit a leader (``7w.leaders.cost``): 0 for Rome A's owner or with Maecenas
    in play (recruited before this one); otherwise the printed cost minus 2 for Rome B's
    owner, minus 1 for a neighbour of Rome B, never below 0.

    >>> leader_cost(1, rome_b_owner=True), leader_cost(4, rome_b_neighbour=True)
    (0, 3)
    """
    if printed < 0:
        raise ValueError("a leader cost cannot be negative")
    if rome_a_owner or maecenas:
        return 0
    cost = printed - (2 if rome_b_owner else 0) - (1 if rome_b_neighbour else 0)
    return max(0, cost)
