"""The 7 Wonders (1st edition) + Leaders components, read once from ``data/7wonders/``.

Everything here is exact component data (``cards.json``, ``wonders.json``, ``leaders.json``,
written from the verified shared data): Age cards with their copies per player count, the 10
base and 4 Leaders guilds, the 8 boards with sides A and B, and the 36 leaders. Objects are
frozen dataclasses so that states and moves can hold them safely.

Name resolution goes through :class:`~assistant.core.names.NameIndex` (case, accents,
aliases such as the Hungarian names of the seed rulebook, unique prefixes):

>>> card("caravanserai").name
'Caravansery'
>>> card("Loom").age, card("Loom", age=2).age
(1, 2)
>>> total_copies("Loom", 3)
2
>>> leader("Arisztotelész").name, leader("Nagy Sándor").cost
('Aristotle', 3)
>>> board("Giza").name, len(board("Gizah").side("B").stages)
('Gizah', 4)
>>> len(deck(1, 4)), len(deck(3, 4)), len(guild_pool(leaders=True))
(28, 22, 14)

Conventions used across the package:

* resources: ``wood stone clay ore`` (raw, brown) and ``glass loom papyrus`` (manufactured, grey);
* colours: ``brown grey blue yellow green red purple`` (leaders are ``white``);
* science symbols: ``compass gear tablet`` (``any`` = a wildcard chosen at the end);
* "left"/"right" neighbours: seats are stored clockwise; left = next seat, right = previous.

The catalogue of ``assistant cards 7wonders --json`` (INTERFACES.md §2) is :func:`catalogue`:
one JSON object per component (every Age card name, Loom, Glassworks and Press once per Age;
the 14 guilds, the 36 leaders and the 16 board sides):

>>> items = catalogue()
>>> bazar = next(i for i in items if i["name"] == "Bazar")
>>> bazar["kind"], bazar["age"], bazar["color"], bazar["copies"]["7"], bazar["cost"]["coins"]
('card', 2, 'yellow', 2, 0)
>>> next(i for i in items if i["name"] == "Plato")["cost"]
{'coins': 4}
>>> [len(i["stages"]) for i in items if i["kind"] == "wonder" and i["name"] == "Gizah"]
[3, 4]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from assistant.core.names import NameIndex, normalize
from assistant.resources import load_json

GAME = "7wonders"

RAW = ("wood", "stone", "clay", "ore")
MANUFACTURED = ("glass", "loom", "papyrus")
RESOURCES = RAW + MANUFACTURED
COLORS = ("brown", "grey", "blue", "yellow", "green", "red", "purple")
SYMBOLS = ("compass", "gear", "tablet")
PLAYER_COUNTS = (3, 4, 5, 6, 7)
#: Leaders guilds that act on no leader: a final table without Leaders may list them as an
#: explicit house option (``leaders_guilds = true``, ``7w.setup.guilds``); a tracked game adds
#: the Leaders guilds only with Leaders.
BASE_OPTION_GUILDS = ("Gamers Guild", "Architects Guild")
BOARD_NAMES = ("Rhodes", "Alexandria", "Ephesus", "Babylon", "Olympia", "Halikarnassos", "Gizah", "Rome")

#: Other words users type for resources, colours and symbols.
RESOURCE_ALIASES: dict[str, tuple[str, ...]] = {
    "wood": ("timber", "lumber"),
    "stone": (),
    "clay": ("brick",),
    "ore": ("iron",),
    "glass": (),
    "loom": ("textile", "cloth", "silk"),
    "papyrus": ("paper",),
}
SYMBOL_ALIASES: dict[str, tuple[str, ...]] = {
    "compass": ("sextant", "academics"),
    "gear": ("wheel", "cog"),
    "tablet": ("stone tablet", "literature"),
}
COLOR_ALIASES: dict[str, tuple[str, ...]] = {
    "brown": ("raw", "raw material", "raw materials"),
    "grey": ("gray", "manufactured", "manufactured goods"),
    "blue": ("civilian", "civic"),
    "yellow": ("commercial", "commerce"),
    "green": ("science", "scientific"),
    "red": ("military",),
    "purple": ("guild", "guilds", "violet"),
}


# --------------------------------------------------------------------------------------
# Value objects
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cost:
    """Coins paid to the bank plus resources, as sorted ``(resource, count)`` pairs."""

    coins: int = 0
    resources: tuple[tuple[str, int], ...] = ()

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> "Cost":
        """A cost from its JSON object (missing keys are 0)."""
        data = data or {}
        res = tuple((r, int(data[r])) for r in RESOURCES if data.get(r))
        return cls(int(data.get("coins", 0)), res)

    def get(self, resource: str) -> int:
        """The units of one resource in the cost."""
        return dict(self.resources).get(resource, 0)

    def as_dict(self) -> dict[str, int]:
        """``{"coins": n, resource: n, ...}`` with every resource key (INTERFACES.md §2)."""
        out = {"coins": self.coins}
        out.update({r: self.get(r) for r in RESOURCES})
        return out

    @property
    def resource_count(self) -> int:
        """How many resource units the cost shows."""
        return sum(n for _, n in self.resources)

    @property
    def is_free(self) -> bool:
        """Whether the cost shows neither coins nor resources."""
        return self.coins == 0 and not self.resources

    def text(self) -> str:
        """``"2 stone + loom"``, ``"1 coin"`` or ``"free"``."""
        parts = [f"{n} {r}" if n > 1 else r for r, n in self.resources]
        if self.coins:
            parts.insert(0, f"{self.coins} coin" + ("s" if self.coins > 1 else ""))
        return " + ".join(parts) if parts else "free"


@dataclass(frozen=True)
class Effect:
    """One structured effect of a card, stage, board or leader.

    ``type`` is one of: ``produce`` (``resources``), ``produce_choice`` (``options``),
    ``vp``, ``shields``, ``coins`` (``amount``, ``when``), ``science`` (``symbol``),
    ``trade_discount`` (``options`` = resources, ``neighbors``, ``price``), ``coins_per`` /
    ``vp_per`` (``amount`` x count of ``count`` in ``cities``; ``count`` is ``cards`` (with
    ``colors``), ``wonder_stages``, ``defeat_tokens``, ``victory_tokens``, ``coin_sets_of_3``
    or ``recruited_leaders``), ``vp_per_set`` (``amount`` x min count over ``colors``),
    ``science_set_bonus``, ``resource_discount`` (``colors`` or ``target``), ``bank_purchase``,
    ``coins_on_event`` (``event``), ``free_leaders``, ``free_build`` (``colors``),
    ``build_from_discard``, ``defeat_token_redirect``, ``free_build_once_per_age``,
    ``play_seventh_card``, ``copy_neighbor_guild``, ``copy_neighbor_leader``,
    ``leader_cost_discount`` (``amount``, ``target`` self/neighbors), ``draw_leaders``,
    ``recruit_extra_leader``.
    """

    type: str
    amount: int = 0
    resources: tuple[tuple[str, int], ...] = ()
    options: tuple[str, ...] = ()
    tradable: bool = True
    symbol: str | None = None
    count: str | None = None
    colors: tuple[str, ...] = ()
    cities: tuple[str, ...] = ()
    neighbors: tuple[str, ...] = ()
    price: int = 0
    when: str = ""
    event: str = ""
    target: str = ""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Effect":
        """An effect from its JSON object in ``data/7wonders/``."""
        kind = data["type"]
        resources: tuple[tuple[str, int], ...] = ()
        options: tuple[str, ...] = tuple(data.get("options", ()))
        if kind == "produce":
            resources = tuple((r, int(n)) for r, n in data["resources"].items())
        elif kind == "trade_discount":
            options = tuple(data["resources"])
        return cls(
            type=kind,
            amount=int(data.get("amount", 0)),
            resources=resources,
            options=options,
            tradable=bool(data.get("tradable", True)),
            symbol=data.get("symbol"),
            count=data.get("count"),
            colors=tuple(data.get("colors", ())),
            cities=tuple(data.get("cities", ())),
            neighbors=tuple(data.get("neighbors", ())),
            price=int(data.get("price", 0)),
            when=data.get("when", ""),
            event=data.get("event", ""),
            target=data.get("target", ""),
        )


def _sum(effects: tuple[Effect, ...], kind: str) -> int:
    return sum(e.amount for e in effects if e.type == kind)


class HasEffects:
    """What cards, wonder stages and leaders read off their ``effects`` alike."""

    effects: tuple[Effect, ...]

    @property
    def vp(self) -> int:
        """Printed flat VP."""
        return _sum(self.effects, "vp")

    @property
    def shields(self) -> int:
        """Printed shields (military strength)."""
        return _sum(self.effects, "shields")

    @property
    def coins(self) -> int:
        """Coins taken once (when built or recruited)."""
        return _sum(self.effects, "coins")

    @property
    def science(self) -> str | None:
        """``compass``/``gear``/``tablet``, ``any`` (Scientists Guild) or ``None``."""
        for e in self.effects:
            if e.type == "science":
                return e.symbol
        return None

    def has(self, kind: str) -> bool:
        """Whether one of the effects is of this type."""
        return any(e.type == kind for e in self.effects)


@dataclass(frozen=True)
class Card(HasEffects):
    """An Age card (a structure), guilds included.

    ``players`` holds one entry per physical copy: the player count from which that copy is
    in the deck (empty for guilds, which are drawn: players + 2 of the pool). ``chains_from``
    are the earlier cards that make it free; ``chains_to`` the later cards it makes free.
    Loom, Glassworks and Press exist in Age I and in Age II: two ``Card`` objects (ids
    ``loom_1``/``loom_2``) with the same ``name``.
    """

    id: str
    name: str
    age: int
    color: str
    cost: Cost
    players: tuple[int, ...]
    chains_from: tuple[str, ...]
    chains_to: tuple[str, ...]
    effects: tuple[Effect, ...]
    guild: bool = False
    expansion: str = "base"
    requires_leaders: bool = False
    aliases: tuple[str, ...] = ()

    def copies(self, players: int) -> int:
        """Copies of this card in the deck of that player count (guilds: 1, the pool copy)."""
        if self.guild:
            return 1
        return sum(1 for mark in self.players if players >= mark)

    @property
    def rule(self) -> str:
        """The rule id that describes the card's kind."""
        if self.guild:
            return "7w.guild." + self.id.removesuffix("_guild")
        if self.color == "yellow":
            return "7w.cards.yellow"
        return "7w.cards.basic"


@dataclass(frozen=True)
class Stage(HasEffects):
    """A wonder stage: its position (1-based), cost and effects."""

    number: int
    cost: Cost
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class WonderSide:
    """One side (A or B) of a board: starting resource (``None`` for Rome), permanent board
    effects (Rome's leader rebates) and stages in building order."""

    board: str
    side: str
    resource: str | None
    stages: tuple[Stage, ...]
    board_effects: tuple[Effect, ...] = ()

    @property
    def label(self) -> str:
        """``"Gizah B"``: the board and side as players say it."""
        return f"{self.board} {self.side}"

    @property
    def rule(self) -> str:
        """The rule id describing this side (:func:`wonder_rule`)."""
        return wonder_rule(self.board, self.side)

    def stage(self, number: int) -> Stage:
        """Stage ``number`` (1-based)."""
        return self.stages[number - 1]


@dataclass(frozen=True)
class Board:
    """A wonder board with both sides."""

    id: str
    name: str
    title: str
    expansion: str
    a: WonderSide
    b: WonderSide
    aliases: tuple[str, ...] = ()

    @property
    def requires_leaders(self) -> bool:
        """Whether the board comes with Leaders (Rome)."""
        return self.expansion == "leaders"

    def side(self, side: str) -> WonderSide:
        """Side ``"A"`` or ``"B"`` (any case); ValueError otherwise."""
        s = side.strip().upper()
        if s == "A":
            return self.a
        if s == "B":
            return self.b
        raise ValueError(f"a board side is A or B, not {side!r}")


@dataclass(frozen=True)
class Leader(HasEffects):
    """A leader (white card). ``timing``: I (once when recruited), O (ongoing), E (end)."""

    id: str
    name: str
    cost: int
    timing: str
    effects: tuple[Effect, ...]
    hungarian: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def rule(self) -> str:
        """The rule id describing this leader (``7w.leader.<id>``)."""
        return f"7w.leader.{self.id}"


def wonder_rule(board_name: str, side: str) -> str:
    """The rule id of a board side: ``7w.wonder.rhodes`` (one text for both sides) or,
    for Babylon, Olympia and Rome, ``7w.wonder.babylon.b`` and the like."""
    key = {"Gizah": "gizah", "Halikarnassos": "halikarnassos"}.get(board_name, board_name.lower())
    if key in ("babylon", "olympia", "rome"):
        return f"7w.wonder.{key}.{side.lower()}"
    return f"7w.wonder.{key}"


# --------------------------------------------------------------------------------------
# Loading (cached)
# --------------------------------------------------------------------------------------


@cache
def cards() -> tuple[Card, ...]:
    """Every Age card entry: Ages I-III (Loom/Glassworks/Press twice), then the 10 base
    guilds and the 4 Leaders guilds."""
    raw = load_json(GAME, "cards.json")["cards"]
    return tuple(
        Card(
            id=c["id"],
            name=c["name"],
            age=int(c["age"]),
            color=c["color"],
            cost=Cost.from_json(c["cost"]),
            players=tuple(c["players"]),
            chains_from=tuple(c["chains_from"]),
            chains_to=tuple(c["chains_to"]),
            effects=tuple(Effect.from_json(e) for e in c["effects"]),
            guild=bool(c["guild"]),
            expansion=c["expansion"],
            requires_leaders=bool(c["requires_leaders"]),
            aliases=tuple(c["aliases"]),
        )
        for c in raw
    )


@cache
def boards() -> tuple[Board, ...]:
    """The 7 base boards and Rome (Leaders only)."""
    out = []
    for b in load_json(GAME, "wonders.json")["boards"]:
        sides = {}
        for s in ("A", "B"):
            d = b["sides"][s]
            sides[s] = WonderSide(
                board=b["name"],
                side=s,
                resource=d["resource"],
                stages=tuple(
                    Stage(i, Cost.from_json(st["cost"]), tuple(Effect.from_json(e) for e in st["effects"]))
                    for i, st in enumerate(d["stages"], 1)
                ),
                board_effects=tuple(Effect.from_json(e) for e in d["board_effects"]),
            )
        out.append(Board(b["id"], b["name"], b["title"], b["expansion"], sides["A"], sides["B"], tuple(b["aliases"])))
    return tuple(out)


def wonders() -> tuple[WonderSide, ...]:
    """All 16 board sides (Rhodes A, Rhodes B, ..., Rome A, Rome B)."""
    return tuple(side for b in boards() for side in (b.a, b.b))


@cache
def leaders() -> tuple[Leader, ...]:
    """The 36 leaders, alphabetical."""
    return tuple(
        Leader(
            id=l["id"],
            name=l["name"],
            cost=int(l["cost"]),
            timing=l["timing"],
            effects=tuple(Effect.from_json(e) for e in l["effects"]),
            hungarian=l["hungarian"],
            aliases=tuple(l["aliases"]),
        )
        for l in load_json(GAME, "leaders.json")["leaders"]
    )


# --------------------------------------------------------------------------------------
# Lookups
# --------------------------------------------------------------------------------------


@cache
def _cards_by_name() -> dict[str, tuple[Card, ...]]:
    out: dict[str, list[Card]] = {}
    for c in cards():
        out.setdefault(c.name, []).append(c)
    return {k: tuple(v) for k, v in out.items()}


def card_names() -> tuple[str, ...]:
    """Distinct card names (75 + 4 Leaders guilds)."""
    return tuple(_cards_by_name())


def card(name: str, age: int | None = None) -> Card:
    """The card called ``name`` (any alias or unique prefix); for Loom, Glassworks and Press
    the Age I card unless ``age`` is given. Raises InvalidEntry/AmbiguousEntry/KeyError."""
    versions = card_versions(name)
    if age is None:
        return versions[0]
    for c in versions:
        if c.age == age:
            return c
    raise KeyError(f"{versions[0].name} is not an Age {age} card")


def card_versions(name: str) -> tuple[Card, ...]:
    """Every card entry with that name (two for Loom, Glassworks, Press), by Age."""
    by_name = _cards_by_name()
    if name in by_name:  # fast path for canonical names
        return by_name[name]
    return by_name[card_index().resolve(name)]


def total_copies(name: str, players: int) -> int:
    """Physical copies of a card name in all decks at that player count (guilds: 1)."""
    return sum(c.copies(players) for c in card_versions(name))


def guilds(leaders: bool = True) -> tuple[Card, ...]:
    """The guild pool: 10 base guilds, plus the 4 Leaders guilds when ``leaders``."""
    return tuple(c for c in cards() if c.guild and (leaders or not c.requires_leaders))


def guild_pool(leaders: bool = True) -> tuple[Card, ...]:
    """Alias of :func:`guilds` (the pool players + 2 guilds are drawn from)."""
    return guilds(leaders)


def deck(age: int, players: int, leaders: bool = True) -> tuple[Card, ...]:
    """The Age deck at that player count, one entry per physical card, without guilds.

    Ages I and II hold 7 x players cards. The Age III deck returned here is its non-guild part
    (7 x players - (players + 2) cards); the players + 2 guilds are drawn at random from
    :func:`guilds` (``leaders`` decides the pool), which is a table entry, not data.
    """
    if players not in PLAYER_COUNTS:
        raise ValueError(f"7 Wonders decks exist for 3 to 7 players, not {players}")
    out: list[Card] = []
    for c in cards():
        if c.age == age and not c.guild:
            out.extend([c] * c.copies(players))
    return tuple(out)


def guild_count(players: int) -> int:
    """How many guilds go into the Age III deck (players + 2)."""
    return players + 2


@cache
def _boards_by_name() -> dict[str, Board]:
    return {b.name: b for b in boards()}


def board(name: str) -> Board:
    """A board by name or alias ("Giza", "Halicarnassus", "Róma"...)."""
    by_name = _boards_by_name()
    if name in by_name:
        return by_name[name]
    return by_name[board_index().resolve(name)]


def wonder(name: str, side: str) -> WonderSide:
    """A board side: ``wonder("Gizah", "B")``."""
    return board(name).side(side)


@cache
def _leaders_by_name() -> dict[str, Leader]:
    return {l.name: l for l in leaders()}


def leader(name: str) -> Leader:
    """A leader by English or Hungarian name, alias or unique prefix."""
    by_name = _leaders_by_name()
    if name in by_name:
        return by_name[name]
    return by_name[leader_index().resolve(name)]


def leader_by_id(leader_id: str) -> Leader:
    """The leader with this data id (``"nero"``); KeyError otherwise."""
    for l in leaders():
        if l.id == leader_id:
            return l
    raise KeyError(leader_id)


# --------------------------------------------------------------------------------------
# Name indexes
# --------------------------------------------------------------------------------------


def _aliases(canonical: str, aliases: tuple[str, ...]) -> list[str]:
    key = normalize(canonical)
    return [a for a in aliases if normalize(a) != key]


@cache
def card_index() -> NameIndex:
    """Age card names (guilds included) with their aliases."""
    entries = []
    for name, versions in _cards_by_name().items():
        entries.append((name, _aliases(name, versions[0].aliases)))
    return NameIndex(entries, what="card", rule="7w.names")


@cache
def guild_index(leaders: bool = True) -> NameIndex:
    """Guild names and aliases (the Leaders guilds with ``leaders``)."""
    return NameIndex([(g.name, _aliases(g.name, g.aliases)) for g in guilds(leaders)], what="guild", rule="7w.names")


@cache
def leader_index() -> NameIndex:
    """Leader names with their aliases (the Hungarian names too)."""
    return NameIndex([(l.name, _aliases(l.name, l.aliases)) for l in leaders()], what="leader", rule="7w.names")


@cache
def board_index() -> NameIndex:
    """Board names with their aliases."""
    return NameIndex([(b.name, _aliases(b.name, b.aliases)) for b in boards()], what="board", rule="7w.names")


@cache
def component_index() -> NameIndex:
    """Cards, leaders and boards together (for ``explain`` and free-text lookups)."""
    entries: list[tuple[str, list[str]]] = []
    for name, versions in _cards_by_name().items():
        entries.append((name, _aliases(name, versions[0].aliases)))
    entries += [(l.name, _aliases(l.name, l.aliases)) for l in leaders()]
    entries += [(b.name, _aliases(b.name, b.aliases)) for b in boards()]
    return NameIndex(entries, what="card, leader or board", rule="7w.names")


@cache
def resource_index() -> NameIndex:
    """Resource names with what users also call them (``textile``, ``brick``)."""
    return NameIndex(list(RESOURCE_ALIASES.items()), what="resource", rule="7w.terms.resources")


@cache
def symbol_index() -> NameIndex:
    """Science symbols with their other names."""
    return NameIndex(list(SYMBOL_ALIASES.items()), what="science symbol", rule="7w.scoring.science")


@cache
def color_index() -> NameIndex:
    """Card colours with their other names (``military``, ``guild``)."""
    return NameIndex(list(COLOR_ALIASES.items()), what="colour", rule="7w.terms.colours")


@cache
def producing_cards() -> frozenset[str]:
    """The names of the cards that produce resources (what a city's production depends on)."""
    return frozenset(c.name for c in cards() if c.has("produce") or c.has("produce_choice"))


@cache
def trading_cards() -> frozenset[str]:
    """The names of the cards that lower trading prices (Trading Posts, Marketplace)."""
    return frozenset(c.name for c in cards() if c.has("trade_discount"))


def kind_of(name: str) -> str:
    """``"card"``, ``"leader"`` or ``"board"`` for a canonical name from
    :func:`component_index`."""
    if name in _cards_by_name():
        return "card"
    if name in _leaders_by_name():
        return "leader"
    if name in _boards_by_name():
        return "board"
    raise KeyError(name)



# --------------------------------------------------------------------------------------
# The catalogue (INTERFACES.md §2)
# --------------------------------------------------------------------------------------
def effect_text(e: Effect) -> str:
    """One effect in plain words (used by the catalogue and by ``explain``)."""
    t = e.type
    if t == "produce":
        return "produces " + " + ".join(f"{n} {r}" if n > 1 else r for r, n in e.resources)
    if t == "produce_choice":
        text = "produces one of " + "/".join(e.options) + " each turn"
        return text + ("" if e.tradable else " (neighbours cannot buy it)")
    if t == "vp":
        return f"{e.amount} VP"
    if t == "shields":
        return f"{e.amount} shield" + ("s" if e.amount > 1 else "")
    if t == "science":
        return "science symbol of your choice (chosen at the end)" if e.symbol == "any" else f"{e.symbol} symbol"
    if t == "coins":
        when = "when recruited" if e.when == "on_recruit" else "when built"
        return f"{e.amount} coins {when}"
    if t == "trade_discount":
        one_side: dict[tuple[str, ...], str] = {("right",): "the right neighbour", ("left",): "the left neighbour"}
        side = one_side.get(e.neighbors, "both neighbours")
        return f"buy {'/'.join(e.options)} from {side} for {e.price} coin, from the next turn"
    if t in ("vp_per", "coins_per"):
        unit = "VP" if t == "vp_per" else "coins"
        what = {
            "cards": " and ".join(e.colors) + " card",
            "wonder_stages": "wonder stage built",
            "defeat_tokens": "Defeat token",
            "victory_tokens": "Victory token",
            "coin_sets_of_3": "3 coins",
            "recruited_leaders": "recruited leader",
        }[e.count or ""]
        where = _where(e.cities)
        when = "at the end" if t == "vp_per" else "once, when built"
        return f"{e.amount} {unit} per {what} {where}, {when}"
    if t == "vp_per_set":
        return f"{e.amount} VP per set of " + " + ".join(e.colors) + " cards in your city, at the end"
    if t == "science_set_bonus":
        return f"+{e.amount} VP per science set (compass + gear + tablet), at the end"
    if t == "resource_discount":
        what = "wonder stages" if e.target == "wonder_stages" else " and ".join(e.colors) + " structures"
        return f"{what} cost {e.amount} resource less (your choice)"
    if t == "bank_purchase":
        return f"once per turn buy one resource of any kind from the bank for {e.price} coin"
    if t == "coins_on_event":
        return {
            "buy_from_neighbour": "1 coin from the bank each time you buy from a neighbour (at most 1 per neighbour per turn)",
            "victory_token": "2 coins per Victory token won from now on",
            "chain_build": "2 coins each time you build a structure free through a chain",
            "yellow_build": "2 coins for each yellow structure you build from now on",
        }.get(e.event, e.event)
    return {
        "free_leaders": "recruit leaders for 0 coins",
        "free_build": "build " + " and ".join(e.colors or ("purple",)) + " cards without their resource cost",
        "build_from_discard": "build one card from the discard pile free",
        "defeat_token_redirect": "your Defeat tokens go to the neighbour who beat you",
        "free_build_once_per_age": "once per Age, build a structure from your hand free",
        "play_seventh_card": "play the seventh card of each Age instead of discarding it",
        "copy_neighbor_guild": "at the end, copy a guild built by a neighbour",
        "copy_neighbor_leader": "copy a leader recruited by a neighbour (Courtesan token)",
        "leader_cost_discount": f"leaders cost {e.amount} less for " + ("you" if e.target == "self" else "each neighbour"),
        "draw_leaders": f"draw {e.amount} leaders from the box into your hand",
        "recruit_extra_leader": "recruit one extra leader from your hand now (cost less 2)",
    }.get(t, t)


def _where(cities: tuple[str, ...]) -> str:
    s = set(cities)
    if s == {"self"}:
        return "in your city"
    if s == {"left", "right"}:
        return "in both neighbouring cities"
    if s == {"self", "left", "right"}:
        return "in your city and both neighbouring cities"
    return "in " + ", ".join(cities)


def effects_text(effects: tuple[Effect, ...]) -> str:
    """Several effects in plain words, separated by semicolons."""
    return "; ".join(effect_text(e) for e in effects)


def card_entry(c: Card) -> dict[str, Any]:
    """The catalogue object of an Age card or guild (INTERFACES.md §2)."""
    return {
        "name": c.name,
        "kind": "card",
        "id": c.id,
        "age": c.age,
        "color": c.color,
        "cost": c.cost.as_dict(),
        "copies": None if c.guild else {str(n): c.copies(n) for n in PLAYER_COUNTS},
        "players": list(c.players) if not c.guild else None,
        "chains_from": list(c.chains_from),
        "chains_to": list(c.chains_to),
        "guild": c.guild,
        "expansion": c.expansion,
        "effect": effects_text(c.effects),
        "aliases": list(c.aliases),
    }


def leader_entry(l: Leader) -> dict[str, Any]:
    """The catalogue object of a leader (INTERFACES.md §2)."""
    return {
        "name": l.name,
        "kind": "leader",
        "id": l.id,
        "cost": {"coins": l.cost},
        "timing": {"I": "immediate", "O": "ongoing", "E": "end of game"}[l.timing],
        "effect": effects_text(l.effects),
        "hungarian": l.hungarian,
        "aliases": list(l.aliases),
    }


def wonder_entry(side: WonderSide, board: Board) -> dict[str, Any]:
    """The catalogue object of one board side (INTERFACES.md §2)."""
    return {
        "name": side.board,
        "kind": "wonder",
        "side": side.side,
        "title": board.title,
        "expansion": board.expansion,
        "resource": side.resource,
        "board_effect": effects_text(side.board_effects) or None,
        "stages": [
            {"cost": st.cost.as_dict(), "effect": effects_text(st.effects)} for st in side.stages
        ],
        "aliases": list(board.aliases),
    }


def catalogue() -> list[dict[str, Any]]:
    """Every 7 Wonders component as INTERFACES.md §2 objects: cards, leaders, boards."""
    items: list[dict[str, Any]] = [card_entry(c) for c in cards()]
    items += [leader_entry(l) for l in leaders()]
    for b in boards():
        items += [wonder_entry(b.a, b), wonder_entry(b.b, b)]
    return items
