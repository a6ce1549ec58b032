"""The entries the rules allow now, where they can be listed: bids, tokens, offers, payments,
building uses, cubes, choices of events and items, votes, Slaves freed. They drive hints,
completion and the random table of simulate.py. What the table reads off a component (the
board, characters drawn, an event, a Great Work, building tiles, a Crane's colours) cannot be
listed: the list is empty then."""

from __future__ import annotations

from itertools import combinations

from assistant.games.sylla import moves as m
from assistant.games.sylla.components import TOKENS, facts
from assistant.games.sylla.rules.auction import payers, sale_colour
from assistant.games.sylla.rules.election import senators
from assistant.games.sylla.rules.endgame import max_free
from assistant.games.sylla.rules.events import eligible, prevention_split, targets
from assistant.games.sylla.rules.income import tavern_targets, usable_tiles
from assistant.games.sylla.state import State


def legal_moves(state: State) -> list[m.SyllaMove]:
    """Every entry the player(s) awaited may make now, each of which passes ``check``."""
    lister = _BY_STEP.get(state.step)
    return lister(state) if lister else []


def _election_bid(state: State) -> list[m.SyllaMove]:
    name = state.actor or ""
    p = state.player(name)
    sen = senators(state, name)
    low = sen if state.turn == 0 else max(sen, state.high + 1)
    out: list[m.SyllaMove] = [m.BidMove(name, v) for v in range(low, sen + p.most_money + 1)]
    out.append(m.PassMove(name))
    return out


def _consul_token(state: State) -> list[m.SyllaMove]:
    return [m.TokenMove(state.consul or "", k) for k in TOKENS]


def _offer(state: State) -> list[m.SyllaMove]:
    return [m.OfferMove(state.offerer or "", i + 1) for i, t in enumerate(state.spaces) if t]


def _auction_bid(state: State) -> list[m.SyllaMove]:
    name = state.actor or ""
    can = len(payers(state, name, sale_colour(state)))
    out: list[m.SyllaMove] = [m.BidMove(name, v) for v in range(max(state.high, 0) + 1, can + 1)]
    return [*out, m.PassMove(name)]


def _pay(state: State) -> list[m.SyllaMove]:
    """One payment per distinct choice of cards (two alike cards make the same choice)."""
    name = state.high_bidder or ""
    cards = payers(state, name, sale_colour(state))
    seen: set[tuple[tuple[str, str, bool], ...]] = set()
    out: list[m.SyllaMove] = []
    for combo in combinations(cards, state.high):
        key = tuple(sorted((c.kind, c.hexes, c.christian) for c in combo))
        if key not in seen:
            seen.add(key)
            out.append(m.PayMove(name, tuple(c.label for c in combo)))
    return out


def _insula(state: State) -> list[m.SyllaMove]:
    return [m.InsulaMove(state.high_bidder or "", (a, b)) for i, a in enumerate(TOKENS) for b in TOKENS[i:]]


def _income_use(state: State) -> list[m.SyllaMove]:
    name = state.actor or ""
    p = state.player(name)
    out: list[m.SyllaMove] = [m.DoneMove(name)]
    kinds = {t.kind for t in usable_tiles(p)}
    if "temple" in kinds and p.can_pay(facts()["income"]["temple_cost"]):
        out += [m.TempleMove(name, k) for k in TOKENS]
    if "tavern" in kinds:
        out += [m.TavernMove(name, k, d) for k, d in tavern_targets(state, name)]
    return out


def _place(state: State) -> list[m.SyllaMove]:
    name = state.actor or ""
    p = state.player(name)
    return [m.CubeMove(name, src, e) for src, n in p.cubes.items() if n > 0 for e in targets(state, src)]


def _prevent(state: State) -> list[m.SyllaMove]:
    _sure, tied, need = prevention_split(state)
    return [m.PreventMove(state.consul or "", c) for c in combinations(tied, need)]


def _down(state: State) -> list[m.SyllaMove]:
    out: list[m.SyllaMove] = []
    for name in state.pending:
        out += [m.DownMove(name, i.label) for i in eligible(state, state.player(name), state.current_effect or "")]
    return out


def _remove(state: State) -> list[m.SyllaMove]:
    return [m.RemoveEventMove(state.consul or "", e) for e in state.prevented if e != "decadence"]


def _vote(state: State) -> list[m.SyllaMove]:
    """Each awaited player's thumb up or down with 0 to all his denarii (great work or Ecclesia)."""
    out: list[m.SyllaMove] = []
    for name in state.pending:
        money = state.player(name).most_money
        for thumb in ("up", "down"):
            out += [m.VoteMove(name, thumb, d) for d in range(0, money + 1)]
    return out


def _free(state: State) -> list[m.SyllaMove]:
    out: list[m.SyllaMove] = []
    for name in state.pending:
        out += [m.FreeMove(name, n) for n in range(0, max_free(state.player(name)) + 1)]
    return out


_BY_STEP = {
    "I.bid": _election_bid, "I.token": _consul_token, "III.offer": _offer, "III.bid": _auction_bid, "III.pay": _pay,
    "III.insula": _insula, "IV.use": _income_use, "V.place": _place, "V.prevent": _prevent, "V.down": _down,
    "V.remove": _remove, "VI.vote": _vote, "end.vote": _vote, "end.free": _free,
}
