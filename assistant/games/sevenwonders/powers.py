"""What a city's cards, stages and leaders let it do now: shields, leader costs, trading
prices, resource rebates, and which leaders act for it (recruited, or copied through the
Courtesan token, ``7w.guild.courtesans``).
"""

from __future__ import annotations

from assistant.games.sevenwonders import components, payment
from assistant.games.sevenwonders.state import City, SWState


def active_leaders(city: City) -> tuple[str, ...]:
    """The leaders whose abilities the city has: recruited ones plus the Courtesans' copy."""
    if city.courtesan:
        return (*city.leaders, city.courtesan)
    return city.leaders


def has_leader(city: City, name: str) -> bool:
    """Whether the city has this leader's ability: recruited, or copied with the Courtesan
    token."""
    return name in city.leaders or city.courtesan == name


def shields(city: City) -> int:
    """Military strength (``7w.military.strength``): red cards, Rhodes's stages, Hannibal
    and Caesar (recruited or copied)."""
    total = sum(components.card(name).shields for name in city.cards)
    total += sum(st.shields for st in city.built_stages())
    total += sum(components.leader(name).shields for name in active_leaders(city))
    return total


def is_rome(city: City, side: str) -> bool:
    """Whether the city is Rome on this side."""
    return city.wonder == "Rome" and city.side == side


def leader_cost(state: SWState, i: int, name: str, *, maecenas: bool = True) -> int:
    """The coins player ``i`` pays to recruit ``name`` now (``7w.leaders.cost``): Rome A and
    Maecenas make it 0; Rome B takes 2 off for its owner and 1 off for its neighbours."""
    city = state.cities[i]
    return payment.leader_cost(
        components.leader(name).cost,
        rome_a_owner=is_rome(city, "A"),
        maecenas=maecenas and has_leader(city, "Maecenas"),
        rome_b_owner=is_rome(city, "B"),
        rome_b_neighbour=any(is_rome(state.cities[j], "B") for j in {state.left(i), state.right(i)} - {i}),
    )


def chain_parent(city: City, card: components.Card) -> str | None:
    """An owned structure that makes ``card`` free (``7w.build.chain``), or ``None``."""
    for parent in card.chains_from:
        if parent in city.cards:
            return parent
    return None


def rebate_leader(city: City, card: components.Card | None) -> str | None:
    """The leader that takes one resource off this build (Archimedes green, Leonidas red,
    Hammurabi blue, Imhotep wonder stages; ``card`` None = a stage)."""
    wanted = {"green": "Archimedes", "red": "Leonidas", "blue": "Hammurabi"}
    name = "Imhotep" if card is None else wanted.get(card.color)
    if name and has_leader(city, name):
        return name
    return None


def trade_prices(state: SWState, i: int) -> dict[str, dict[str, int]]:
    """Price per unit by side and resource for player ``i`` now (``7w.commerce.price``):
    2, or 1 where a Trading Post, the Marketplace or Olympia B stage 1 built before this turn
    applies. Returns ``{"left": {res: price}, "right": {res: price}}``."""
    return price_table(*in_force(state, i))


def in_force(state: SWState, i: int) -> tuple[str, str, int, tuple[str, ...]]:
    """What sets player ``i``'s trading prices now: the board, the stages built before this
    turn and the commerce cards built before this turn (effects start the turn after)."""
    city = state.cities[i]
    stages = city.stages - 1 if city.stages and city.stage_turn == state.clock else city.stages
    traders = components.trading_cards()
    cards = tuple(name for name in city.cards if name in traders and name not in city.fresh)
    return city.wonder, city.side, stages, cards


def price_table(wonder: str, side: str, stages: int, cards: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """The prices set by a board with ``stages`` built and these cards in force (see
    :func:`trade_prices`)."""
    prices = {s: {r: 2 for r in components.RESOURCES} for s in ("left", "right")}
    effects: list[components.Effect] = []
    for name in cards:
        effects.extend(e for e in components.card(name).effects if e.type == "trade_discount")
    if wonder:
        for stage in components.wonder(wonder, side).stages[:stages]:
            effects.extend(e for e in stage.effects if e.type == "trade_discount")
    for effect in effects:
        for s in effect.neighbors:
            for res in effect.options:
                prices[s][res] = min(prices[s][res], effect.price or 1)
    return prices


def production(city: City, *, tradable_only: bool = False) -> tuple[dict[str, int], list[tuple[str, ...]]]:
    """A city's production as fixed units plus choice sets (``7w.production.sources``).
    With ``tradable_only``: what neighbours may buy (starting resource, brown and grey)."""
    fixed: dict[str, int] = {}
    choices: list[tuple[str, ...]] = []
    board = city.board
    if board.resource:
        fixed[board.resource] = fixed.get(board.resource, 0) + 1
    effects: list[components.Effect] = []
    for name in city.cards:
        effects.extend(components.card(name).effects)
    for stage in city.built_stages():
        effects.extend(stage.effects)
    for e in effects:
        if tradable_only and not e.tradable:
            continue
        if e.type == "produce":
            for res, n in e.resources:
                fixed[res] = fixed.get(res, 0) + n
        elif e.type == "produce_choice":
            choices.append(tuple(e.options))
    return fixed, choices


def olympia_free_ready(state: SWState, city: City) -> bool:
    """Olympia A's free build is available this turn (``7w.wonder.olympia.a``)."""
    for number, stage in enumerate(city.built_stages(), 1):
        if stage.has("free_build_once_per_age"):
            if number == city.stages and city.stage_turn == state.clock:
                return False
            return city.olympia_age != state.age
    return False


def babylon_seventh(city: City) -> bool:
    """Whether Babylon B's stage lets the city play the 7th card of each Age."""
    return city.has_stage_effect("play_seventh_card")
