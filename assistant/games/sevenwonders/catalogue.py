"""The component catalogue of ``assistant cards 7wonders --json`` (INTERFACES.md §2).

One JSON object per component: every Age card name (Loom, Glassworks and Press once per
Age), the 14 guilds, the 36 leaders and the 16 board sides.

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

from typing import Any

from assistant.games.sevenwonders import data
from assistant.games.sevenwonders.data import Card, Effect, Leader, WonderSide


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
        side = {("right",): "the right neighbour", ("left",): "the left neighbour"}.get(e.neighbors, "both neighbours")
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
    return "; ".join(effect_text(e) for e in effects)


def card_entry(c: Card) -> dict[str, Any]:
    return {
        "name": c.name,
        "kind": "card",
        "id": c.id,
        "age": c.age,
        "color": c.color,
        "cost": c.cost.as_dict(),
        "copies": None if c.guild else {str(n): c.copies(n) for n in data.PLAYER_COUNTS},
        "players": list(c.players) if not c.guild else None,
        "chains_from": list(c.chains_from),
        "chains_to": list(c.chains_to),
        "guild": c.guild,
        "expansion": c.expansion,
        "effect": effects_text(c.effects),
        "aliases": list(c.aliases),
    }


def leader_entry(l: Leader) -> dict[str, Any]:
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


def wonder_entry(side: WonderSide, board: data.Board) -> dict[str, Any]:
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
    items: list[dict[str, Any]] = [card_entry(c) for c in data.cards()]
    items += [leader_entry(l) for l in data.leaders()]
    for b in data.boards():
        items += [wonder_entry(b.a, b), wonder_entry(b.b, b)]
    return items
