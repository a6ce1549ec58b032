"""The legal entries now (:func:`legal_moves`): for hints, completion and random play.

Payments are listed as the Pareto-optimal affordable options of each build or stage (no
other legal payment costs at most as much on each side); stage markers and sales are listed
unnamed where the hand is unknown. Every listed entry passes :func:`rules.check`.
"""

from __future__ import annotations

from collections.abc import Iterator

from assistant.core.errors import IllegalMove

from assistant.games.sevenwonders import components, costs, deck, powers
from assistant.games.sevenwonders.moves import Build, CopyGuild, Courtesan, DraftPass, Keep, Move, Pay, Pick, Recruit, SetBoard, Sell, Stage
from assistant.games.sevenwonders.rules.legality import check_free_city, courtesan_targets, draws_from_box, leader_owner, rome_b_purse
from assistant.games.sevenwonders.rules.resolution import neighbour_guilds
from assistant.games.sevenwonders.state import SWState, awaited, next_extra


def legal_moves(state: SWState) -> Iterator[Move]:
    """Every legal entry of every awaited player (in the leader draft, the table's ``draft``
    that ends the pass too)."""
    for player in awaited(state):
        yield from legal_moves_for(state, player)
    if state.phase == "draft":
        yield DraftPass()


def legal_moves_for(state: SWState, player: str) -> Iterator[Move]:
    """The legal entries of one awaited player (payments listed as the Pareto-optimal
    options; unnamed stage markers)."""
    i = state.index(player)
    if state.phase == "boards":
        taken = {c.wonder for c in state.cities}
        for b in components.BOARD_NAMES:
            rome_ok = state.leaders_on and (not state.is_free_city(i) or state.option("free_city_rome", "false") == "true")
            if b not in taken and (rome_ok or b != "Rome"):
                yield SetBoard(player, b, "A")
                yield SetBoard(player, b, "B")
        return
    if state.phase == "draft":
        if state.choices[i] is None:
            yield Keep(player, None)
            for name in state.cities[i].offer:  # the known leaders of the hand drafted from
                yield Keep(player, name)
        return
    if state.phase == "recruit":
        yield from _recruit_moves(state, i)
        return
    if state.phase == "turn":
        if state.is_free_city(i):
            yield from _free_city_moves(state, i)
        else:
            yield from _card_moves(state, i)
        return
    if state.phase == "extra":
        step = next_extra(state)
        if step is None or step[0] != i:
            return
        kind = step[1]
        if kind == "seventh":
            yield from _card_moves(state, i)
        elif kind == "rome":
            yield Recruit(player, None)
            for name in leader_candidates(state, i):
                if powers.leader_cost(state, i, name) <= rome_b_purse(state, i):
                    yield Recruit(player, name)
        elif kind in ("halikarnassos", "solomon"):
            yield Pick(player, None)
            for name in deck.pile_candidates(state):
                if name not in state.cities[i].cards:
                    yield Pick(player, name)
        elif kind == "courtesan":
            for name in courtesan_targets(state, i):
                yield Courtesan(player, name)
        elif kind == "copy":
            yield CopyGuild(player, None)
            for name in neighbour_guilds(state, i):
                yield CopyGuild(player, name)


def leader_candidates(state: SWState, i: int) -> list[str]:
    """The leaders player ``i`` may hold now: the entered hand when it is complete, else every
    leader not known to be elsewhere (recruited, tucked, boxed, in another hand or chosen)."""
    city = state.cities[i]
    if city.hand is not None and len(city.hand) >= city.hand_size:
        return list(city.hand)
    out = []
    may_draw = draws_from_box(city)
    for leader in components.leaders():
        if leader.name in city.named_leaders or (leader.name in city.boxed and not may_draw):
            continue
        if leader_owner(state, leader.name, exclude=i, may_draw=may_draw):
            continue
        out.append(leader.name)
    return out


def _recruit_moves(state: SWState, i: int) -> Iterator[Move]:
    player = state.seats[i]
    city = state.cities[i]
    known = city.hand is not None and len(city.hand) >= city.hand_size
    for name in leader_candidates(state, i):
        if powers.leader_cost(state, i, name) <= city.spendable:
            yield Recruit(player, name)
    markers: list[str | None] = list(city.hand) if known and city.hand_size > 1 else [None]  # type: ignore[arg-type]
    if known and city.hand_size == 1:
        markers = [None]
    for marker in markers:
        yield Sell(player, marker)
    if city.stages < len(city.board.stages):
        q = costs.stage_quote(state, i, "7w.leaders.recruit.wonder")
        for option in q.options:
            for marker in markers:
                yield Stage(player, marker, costs.pay_or_none(Pay(option.left, option.right, option.bank_purchase)))


def _card_moves(state: SWState, i: int) -> Iterator[Build | Stage | Sell]:
    player = state.seats[i]
    city = state.cities[i]
    olympia = powers.olympia_free_ready(state, city)
    for name in deck.age_names(state, state.age):
        yield Sell(player, name)
        if name in city.cards:
            continue
        move = Build(player, name)
        if costs.free_reason(state, i, move) is not None:
            yield move
            continue
        if olympia:
            yield Build(player, name, None, True)
        for option in costs.build_quote(state, i, name).options:
            yield Build(player, name, costs.stored_pay(state, i, name, Pay(option.left, option.right, option.bank_purchase)))
    if city.stages < len(city.board.stages):
        for option in costs.stage_quote(state, i).options:
            yield Stage(player, None, costs.pay_or_none(Pay(option.left, option.right, option.bank_purchase)))


def _free_city_moves(state: SWState, i: int) -> Iterator[Move]:
    """The Free City's entries (``7w.2p.freecity``): those of any city, less the sales and
    stages its rules forbid (a chain it must take, a sale while something can be built)."""
    for move in _card_moves(state, i):
        try:
            check_free_city(state, i, move)
        except IllegalMove:
            continue
        yield move
