"""End-of-game scoring of 7 Wonders + Leaders (rules ``7w.scoring.*``).

The input is the final table: one :class:`City` per player in seating order (clockwise;
the list wraps, so the first and last players are neighbours). Both the tracked game and
``assistant score 7wonders --from FILE`` end here, through :func:`score_cities`.

Categories (INTERFACES.md §1), every point counted once:

* ``military``: the conflict tokens held;
* ``treasury``: 1 VP per 3 coins;
* ``wonder``: VP printed on built stages;
* ``civilian``: VP printed on blue cards;
* ``commercial``: Haven, Lighthouse, Chamber of Commerce, Arena;
* ``guilds``: every guild's VP (Leaders guilds too) and the guild Olympia B copies;
* ``science``: c² + g² + t² + 7 per set, wildcards assigned for the best total;
* ``leaders``: every VP a leader's ability adds, recruited or copied by the Courtesans'
  Guild (fixed VP, per-colour counts, Alexander, Amytis, Midas, Justinian, Plato, and
  Aristotle's +3 per science set).

End-of-game choices (``7w.scoring.end-choices``): the Courtesans' copied leader and Olympia
B's copied guild may be given; when one is missing and it matters, the combination best for
that player is taken (science wildcards chosen with it) and a note says which.
Tie-break (``7w.scoring.tiebreak``): most coins; a tie on coins is a shared win.

>>> a = City("Ada", "Gizah", "A", 3, 14, (1, 3, 5, -1, -1, -1), ("Altar", "Aqueduct", "Town Hall"))
>>> b = City("Bob", "Rhodes", "A", 0, 3, (), ())
>>> c = City("Cy", "Ephesus", "A", 0, 3, (), ())
>>> sheet = score_cities([a, b, c])
>>> [sheet.points["Ada"][k] for k in ("military", "treasury", "wonder", "civilian")]
[6, 4, 15, 13]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product

from assistant.core.protocol import Outcome
from assistant.core.scoresheet import ScoreSheet
from assistant.games.sevenwonders import components
from assistant.games.sevenwonders.components import Card, Effect, Leader, Stage
from assistant.games.sevenwonders.science import ScienceResult, best_science
from assistant.games.sevenwonders.state import SWState

GAME = "7wonders"
CATEGORIES = ("military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders")
COMMERCIAL_CARDS = ("Haven", "Lighthouse", "Chamber of Commerce", "Arena")
#: ``City.courtesan`` when the Courtesans' Guild was built with no recruited leader next door:
#: the token was never placed, so nothing is copied (``None`` means "not said": the best copy).
NO_TOKEN = ""
#: how a final table writes NO_TOKEN (``courtesan = "none"``)
NO_TOKEN_WORDS = ("none", "no token", "nobody")


@dataclass(frozen=True)
class City:
    """One player's final city, with canonical names (see ``table.py`` for reading and
    validating user text into this).

    ``stages``: wonder stages built; ``tokens``: conflict tokens held (+1/+3/+5, -1);
    ``cards``: every Age card in the city, guilds included (not stage markers);
    ``leaders``: recruited (face-up) leaders; ``courtesan``: the neighbour's leader the
    Courtesans' Guild copies (``None``: not said, the best is taken; ``NO_TOKEN``: the token
    was never placed); ``copied_guild``: the neighbour's guild Olympia B copies.
    """

    name: str
    board: str
    side: str
    stages: int
    coins: int
    tokens: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()
    courtesan: str | None = None
    copied_guild: str | None = None

    def card_objects(self) -> tuple[Card, ...]:
        """The city's Age cards as component objects."""
        return tuple(components.card(n) for n in self.cards)

    def count_color(self, *colors: str) -> int:
        """Age cards of those colours in the city (never leaders, boards or copies)."""
        return sum(1 for c in self.card_objects() if c.color in colors)

    @property
    def victories(self) -> int:
        """Victory tokens held."""
        return sum(1 for t in self.tokens if t > 0)

    @property
    def defeats(self) -> int:
        """Defeat tokens held."""
        return sum(1 for t in self.tokens if t < 0)

    def has_card(self, name: str) -> bool:
        """Whether the city holds this structure."""
        return name in self.cards

    def built_stages(self) -> tuple[components.Stage, ...]:
        """The wonder stages built, in order."""
        return components.wonder(self.board, self.side).stages[: self.stages]


@dataclass(frozen=True)
class CityScore:
    """The score of one city: points per category, a readable working per category, and the
    end-of-game choices that were used."""

    points: dict[str, int]
    details: dict[str, str]
    courtesan: str | None
    copied_guild: str | None
    science: ScienceResult
    notes: tuple[str, ...] = field(default=())

    @property
    def total(self) -> int:
        """The city's total points."""
        return sum(self.points.values())


def neighbours(cities: Sequence[City], index: int) -> tuple[City, City]:
    """(left, right): left is the next seat clockwise, right the previous (``7w.terms.neighbours``)."""
    n = len(cities)
    return cities[(index + 1) % n], cities[(index - 1) % n]


def _cities_for(cities: Sequence[City], index: int, which: Sequence[str]) -> list[City]:
    left, right = neighbours(cities, index)
    chosen = {"self": cities[index], "left": left, "right": right}
    return [chosen[w] for w in which]


def count(effect: Effect, cities: Sequence[City], index: int) -> int:
    """The count an effect ``vp_per``/``coins_per`` multiplies, measured from ``index``."""
    total = 0
    for city in _cities_for(cities, index, effect.cities or ("self",)):
        what = effect.count
        if what == "cards":
            total += city.count_color(*effect.colors)
        elif what == "wonder_stages":
            total += city.stages
        elif what == "defeat_tokens":
            total += city.defeats
        elif what == "victory_tokens":
            total += city.victories
        elif what == "coin_sets_of_3":
            total += city.coins // 3
        elif what == "recruited_leaders":
            total += len(city.leaders)
        else:  # pragma: no cover - data error
            raise ValueError(f"unknown count {what!r}")
    return total


def guild_points(guild: Card, cities: Sequence[City], index: int) -> int:
    """End-of-game VP of a guild as if the city at ``index`` had built it (Olympia B's copy
    uses this too). Scientists (a wildcard) and Courtesans (a copy) give no VP here."""
    return sum(e.amount * count(e, cities, index) for e in guild.effects if e.type == "vp_per")


def leader_points(leader: Leader, cities: Sequence[City], index: int, science: ScienceResult) -> int:
    """End-of-game VP a leader's ability gives the city at ``index`` (``7w.leader.*``)."""
    city = cities[index]
    total = 0
    for e in leader.effects:
        if e.type == "vp":
            total += e.amount
        elif e.type == "vp_per":
            total += e.amount * count(e, cities, index)
        elif e.type == "vp_per_set":
            total += e.amount * min(city.count_color(col) for col in e.colors)
        elif e.type == "science_set_bonus":
            total += e.amount * science.sets
    return total


def _abilities(city: City, courtesan: str | None) -> list[Leader]:
    """The leaders whose abilities the city has: recruited ones, plus the copied one."""
    found = [components.leader(n) for n in city.leaders]
    if courtesan and city.has_card("Courtesans Guild"):
        found.append(components.leader(courtesan))
    return found


def _score_with(
    cities: Sequence[City], index: int, courtesan: str | None, copied: str | None
) -> CityScore:
    """The score of city ``index`` with the Courtesans' Guild copying ``courtesan`` and
    Olympia B copying the guild ``copied``: points and the working of each category."""
    city = cities[index]
    points: dict[str, int] = {}
    details: dict[str, str] = {}

    def put(category: str, value: int, parts: Sequence[str], *, total: bool = True) -> None:
        points[category] = value
        if parts:
            details[category] = ", ".join(parts) + (f" = {value}" if total else "")

    my_cards = city.card_objects()
    abilities = _abilities(city, courtesan)
    stages = city.built_stages()
    military = sum(city.tokens)
    put("military", military, [" ".join(f"{t:+d}" for t in city.tokens)] if city.tokens else [])
    put("treasury", city.coins // 3, [f"{city.coins} coins / 3"])
    wonder = sum(s.vp for s in stages)
    put("wonder", wonder, [f"{city.board} {city.side}, {len(stages)} stage(s): " + " + ".join(str(s.vp) for s in stages)] if stages else [])
    blue = [c for c in my_cards if c.color == "blue"]
    put("civilian", sum(c.vp for c in blue), [f"{c.name} {c.vp}" for c in blue])
    put("commercial", *_commercial(my_cards, cities, index))
    guilds, parts, wildcards = _guilds(my_cards, copied, cities, index)
    put("guilds", guilds, parts)
    science = _science(my_cards, abilities, stages, wildcards)
    points["science"] = science.points
    if any(science.counts):
        details["science"] = science.text()
    put("leaders", *_leaders(city, abilities, courtesan, cities, index, science))
    return CityScore(points, details, courtesan, copied, science)


def _commercial(my_cards: Sequence[Card], cities: Sequence[City], index: int) -> tuple[int, list[str]]:
    """Points of the yellow cards that count something (``vp_per``), with their working."""
    parts = []
    total = 0
    for c in my_cards:
        if c.color != "yellow":
            continue
        for e in c.effects:
            if e.type == "vp_per":
                n = count(e, cities, index)
                total += e.amount * n
                parts.append(f"{c.name} {e.amount} x {n}")
    return total, parts


def _guilds(my_cards: Sequence[Card], copied: str | None, cities: Sequence[City], index: int) -> tuple[int, list[str], int]:
    """Points of the guilds (Olympia B's copy included), their working, and the science
    wildcards among them (the Scientists Guild)."""
    parts = []
    total = 0
    wildcards = 0
    guilds = [(c, c.name) for c in my_cards if c.guild]
    if copied:
        copy = components.card(copied)
        guilds.append((copy, f"Olympia B copies {copy.name}"))
    for card, label in guilds:
        if card.science == "any":
            wildcards += 1
            parts.append(f"{label} (science wildcard)")
            continue
        vp = guild_points(card, cities, index)
        total += vp
        parts.append(f"{label} {vp}")
    return total, parts, wildcards


def _science(my_cards: Sequence[Card], abilities: Sequence[Leader], stages: Sequence[Stage], wildcards: int) -> ScienceResult:
    """The best science score: symbols of cards and leaders, the wildcards of guilds and
    wonder stages, and the leaders' set bonus."""
    fixed = {s: 0 for s in components.SYMBOLS}
    for c in my_cards:
        if c.science in fixed:
            fixed[c.science] += 1
    for ldr in abilities:
        if ldr.science in fixed:
            fixed[ldr.science] += 1
    wildcards += sum(1 for stage in stages for e in stage.effects if e.type == "science" and e.symbol == "any")
    set_bonus = sum(e.amount for ldr in abilities for e in ldr.effects if e.type == "science_set_bonus")
    return best_science(fixed, wildcards, set_bonus)


def _leaders(
    city: City, abilities: Sequence[Leader], courtesan: str | None, cities: Sequence[City], index: int, science: ScienceResult
) -> tuple[int, list[str]]:
    """Points of the leaders' abilities (the Courtesans' copy marked), with their working."""
    parts = []
    total = 0
    for ldr in abilities:
        vp = leader_points(ldr, cities, index, science)
        if vp:
            copied_mark = " (copied)" if ldr.name == courtesan and ldr.name not in city.leaders else ""
            parts.append(f"{ldr.name}{copied_mark} {vp}")
        total += vp
    return total, parts


def courtesan_options(cities: Sequence[City], index: int) -> list[str]:
    """Leaders the Courtesans' Guild of that city may copy: the neighbours' recruited ones."""
    left, right = neighbours(cities, index)
    out: list[str] = []
    for n in (*left.leaders, *right.leaders):
        if n not in out:
            out.append(n)
    return out


def copy_options(cities: Sequence[City], index: int) -> list[str]:
    """Guilds Olympia B's third stage may copy: the neighbours' guilds."""
    left, right = neighbours(cities, index)
    out: list[str] = []
    for city in (left, right):
        for c in city.card_objects():
            if c.guild and c.name not in out:
                out.append(c.name)
    return out


def can_copy_guild(city: City) -> bool:
    """Whether the city is Olympia B with its third stage built (it copies a neighbour's guild)."""
    return city.board == "Olympia" and city.side == "B" and city.stages >= 3


def score_city(cities: Sequence[City], index: int) -> CityScore:
    """Score one city, taking the given end-of-game choices or, when one is missing, the
    best for the player (choices that change nothing are not reported)."""
    city = cities[index]
    courtesans: list[str | None] = [city.courtesan]
    if city.courtesan is None and city.has_card("Courtesans Guild"):
        courtesans = [*courtesan_options(cities, index)] or [None]
    copies: list[str | None] = [city.copied_guild]
    if city.copied_guild is None and can_copy_guild(city):
        copies = [*copy_options(cities, index)] or [None]
    results = [_score_with(cities, index, cr, cg) for cr, cg in product(courtesans, copies)]
    best = max(results, key=lambda r: r.total)  # the first of equals: left neighbour first
    notes: list[str] = []
    if city.courtesan is None and best.courtesan is not None:
        totals = {_score_with(cities, index, cr, best.copied_guild).total for cr in (*courtesans, None)}
        if len(totals) > 1:
            notes.append(f"the Courtesans' Guild of {city.name} copies {best.courtesan} (best for {city.name})")
    if city.copied_guild is None and best.copied_guild is not None:
        totals = {_score_with(cities, index, best.courtesan, cg).total for cg in (*copies, None)}
        if len(totals) > 1:
            notes.append(f"Olympia B copies {best.copied_guild} (best for {city.name})")
    return CityScore(best.points, best.details, best.courtesan, best.copied_guild, best.science, tuple(notes))


def score_cities(cities: Sequence[City], *, extra_notes: Sequence[str] = (), free_city: bool = False) -> ScoreSheet:
    """The score sheet of a finished game (already validated cities, seating order).

    ``free_city``: a 2-player game whose last city is the Free City (``7w.2p.freecity``). It
    is scored like any city (and its cards, coins, stages and tokens count for the players'
    guilds, leaders and trading as a neighbour's do), but it is not a player: it is left out
    of the players, ranks and winners and reported under the sheet's ``free_city`` key."""
    players = cities[:-1] if free_city else cities
    points: dict[str, dict[str, int]] = {}
    details: dict[str, dict[str, str]] = {}
    notes: list[str] = list(extra_notes)
    results = [score_city(cities, i) for i in range(len(cities))]
    for city, result in zip(cities, results):
        points[city.name] = result.points
        details[city.name] = result.details
        notes.extend(result.notes)
    extra: dict[str, object] = {}
    if free_city:
        free = cities[-1]
        total = sum(points[free.name].values())
        extra["free_city"] = {"name": free.name, "scores": dict(points[free.name]), "total": total, "coins": free.coins}
        notes.append(f"{free.name} (scored, but not a player and cannot win): {total}")
        details.pop(free.name, None)
    names = [c.name for c in players]
    tiebreak = {c.name: (c.coins,) for c in players}
    return ScoreSheet.build(
        GAME,
        names,
        CATEGORIES,
        {name: points[name] for name in names},
        tiebreak=tiebreak,
        notes=notes,
        details={name: details[name] for name in names},
        extra=extra,
    )


# -- a tracked game -----------------------------------------------------------------------------
def cities_of(state: SWState) -> list[City]:
    """The tracked game's cities as final-table cities (what :func:`score` and
    ``table.table_from_state`` read)."""
    return [
        City(
            name=p,
            board=c.wonder,
            side=c.side,
            stages=c.stages,
            coins=c.coins,
            tokens=c.tokens,
            cards=c.cards,
            leaders=c.leaders,
            courtesan=c.courtesan,
            copied_guild=c.copied_guild,
        )
        for p, c in zip(state.seats, state.cities)
    ]


def score(state: SWState) -> ScoreSheet:
    """The score of a tracked game: the score of its cities as a final table would give it
    (provisional, with a note, before the end)."""
    if state.phase == "boards":
        return ScoreSheet.build(GAME, state.players, CATEGORIES, {}, notes=["the boards are not all known yet"])
    notes = [] if state.phase == "over" else ["provisional: the game is not over"]
    notes.extend(state.corrections)  # 7w.correct: each correction is part of the working
    return score_cities(cities_of(state), extra_notes=notes, free_city=state.free_city)


def outcome(state: SWState) -> Outcome | None:
    """``None`` while the game runs; after Age III's conflicts (and Olympia B's choice), the
    winners by score and tie-break."""
    if state.phase != "over":
        return None
    return Outcome("Age III's conflicts are resolved", score(state).winners)
