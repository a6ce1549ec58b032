"""Phase I (sylla.phase1): the First Consul election in one round of bids, the Consul's token,
then the famine advance by the icons of the events in play."""

from __future__ import annotations

from assistant.core.wording import counted
from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import facts, token_name
from assistant.games.sylla.state import AnyState, Draft, State


def start(state: Draft) -> None:
    """Phase I begins: one round of bids from the Consul clockwise."""
    state.phase = "I"
    state.step = "I.bid"
    assert state.consul is not None
    state.order = state.clockwise_from(state.consul)
    state.turn = 0
    state.high = -1
    state.high_bidder = None


def senators(state: AnyState, name: str) -> int:
    """Face-up Senators vote in the election (the rulebook asks only 'face up')."""
    return state.player(name).count("senator", face_up=True)


def check(state: State, move: object) -> None:
    """Judge a bid, pass or the Consul's token (sylla.phase1.*)."""
    if state.step == "I.token":
        if not isinstance(move, m.TokenMove):
            raise IllegalMove("sylla.phase1.respublica", f"the new Consul {state.consul} takes his token now", hint=f"{state.consul} takes civic")
        if move.player != state.consul:
            raise IllegalMove("sylla.phase1.respublica", f"only the Consul ({state.consul}) takes a token, not {move.player}",
                              hint=f"{state.consul} takes civic, health or leisure")
        return
    if not isinstance(move, (m.BidMove, m.PassMove)):
        raise IllegalMove("sylla.phase1.election", f"the election is on: {state.actor} bids or passes", hint=f"{state.actor} bids N, or {state.actor} passes")
    if move.player != state.actor:
        raise IllegalMove("sylla.phase1.election", f"it is {state.actor}'s turn to bid, not {move.player}'s (one pass around the table from the Consul)",
                          hint=f"{state.actor} bids N, or {state.actor} passes")
    if isinstance(move, m.PassMove):
        return
    p = state.player(move.player)
    sen = senators(state, p.name)
    if move.amount < sen:
        raise IllegalMove("sylla.phase1.election", f"{p.name}'s bid counts all his {sen} face-up Senators, so it is at least {sen}",
                          hint=f"{p.name} bids {max(sen, state.high + 1)}")
    denarii = move.amount - sen
    if denarii > p.money and not p.money_unknown:
        best = sen + p.money
        legal = best > state.high or state.turn == 0
        raise IllegalMove("sylla.limits.money", f"{p.name} would add {denarii} denarii to his {sen} face-up Senator{'s' if sen != 1 else ''} but has {p.money}",
                          hint=f"{p.name} bids {best} at most" if legal else f"{p.name} passes")
    if state.turn > 0 and move.amount <= state.high:
        best = sen + p.most_money
        hint = f"{p.name} bids {max(sen, state.high + 1)}" if best > state.high else f"{p.name} passes"
        raise IllegalMove("sylla.phase1.election", f"{p.name} must bid more than {state.high} votes ({state.high_bidder}'s bid) or pass", hint=hint)


def apply(state: Draft, move: object) -> None:
    """Play a bid, pass or token; after the last bid the winner pays and becomes Consul, after the
    token famine advances."""
    if isinstance(move, m.TokenMove):
        p = state.player(move.player)
        p.tokens[move.kind] += 1
        p.seen[move.kind] += 1  # the Consul shows it to everyone
        state.note(f"{p.name} takes a {token_name(move.kind)} token")
        advance_famine(state)
        state.step = "done"
        return
    if isinstance(move, m.BidMove):
        state.high = move.amount
        state.high_bidder = move.player
    elif isinstance(move, m.PassMove) and state.turn == 0:
        # sylla.open.consul-opening-bid: the first speaker always offers his Senators.
        state.high = senators(state, move.player)
        state.high_bidder = move.player
    state.turn += 1
    if state.turn < len(state.order):
        return
    winner = state.high_bidder
    assert winner is not None
    paid = state.high - senators(state, winner)
    state.player(winner).money -= paid
    state.consul = winner
    state.note(f"{winner} is First Consul with {state.high} votes, paying {paid} denarii")
    state.step = "I.token"


def advance_famine(state: Draft) -> None:
    """The famine marker advances by the famine icons of the events in play (capped at its high end)."""
    icons = sum(s.spec.icons for s in state.events)
    high = facts()["board"]["famine_high"]
    before = state.famine
    state.famine = min(high, state.famine + icons)
    state.note(f"famine {before} -> {state.famine} ({counted(icons, 'icon')} in play)")
