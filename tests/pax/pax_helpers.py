"""Small builders for PAX rule tests: push entries through the ruleset, and put chosen cards
into a player's display or hand without playing a whole game up to that point."""

from __future__ import annotations

from dataclasses import replace

from assistant.core.errors import IllegalMove
from assistant.games.pax import RULESET
from assistant.games.pax.components import Card, parse_token
from assistant.games.pax.state import PaxState

R = RULESET


def cards(text: str) -> tuple[Card, ...]:
    """``"army 3/2, fleet 1"`` -> cards."""
    return tuple(parse_token(t) for t in text.split(",") if t.strip())


def push(state: PaxState, *texts: str) -> PaxState:
    for text in texts:
        move = R.parse(state, text)
        R.check(state, move)
        state = R.apply(state, move)
    return state


def refused(state: PaxState, text: str) -> IllegalMove:
    """The IllegalMove an entry raises (fails the test if it is accepted)."""
    move = R.parse(state, text)
    try:
        R.check(state, move)
    except IllegalMove as exc:
        return exc
    raise AssertionError(f"'{text}' was accepted")


def started(seats=("Ada", "Ben"), options=None, market="wealth 1/1, fleet 1/1, army 1/1, religion 1/1, senator 1/1") -> PaxState:
    """A game past its setup: each player kept an Estate 1/1, the market is laid out, the
    start player (the first seat) is to draw."""
    state = R.setup(list(seats), options or {})
    for _ in seats:
        state = push(state, "keep estate 1/1")
    n = len(state.legions)
    return push(state, "market " + ", ".join(t.strip() for t in market.split(",")[:n]))


def give(state: PaxState, name: str, *, display: str = "", hand: str = "", aureus: int | None = None) -> PaxState:
    """Add cards to a player's display and hand (and set his Aurei) directly."""
    i = state.seats.index(name)
    p = state.players[i]
    p = replace(p, display=p.display + cards(display), hand=p.hand + cards(hand))
    if aureus is not None:
        p = replace(p, aureus=aureus)
    players = tuple(p if j == i else q for j, q in enumerate(state.players))
    state = replace(state, players=players)
    if state.turn is not None and state.turn.player == i:
        state = replace(state, turn=replace(state.turn, religion=p.symbols("religion")))
    return state


def set_legions(state: PaxState, *groups: str) -> PaxState:
    return replace(state, legions=tuple(cards(g) for g in groups))


def aureus(state: PaxState, name: str) -> int:
    return state.players[state.seats.index(name)].aureus
