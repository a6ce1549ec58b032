"""Phase IV (sylla.phase4.income): 3 denarii for the Income tile, 1 per usable Merchant, 2 per
face-up Market Stall (paid by the program); then, from the Consul clockwise, owners of face-up
Private Temples and Taverns use each tile once or say ``done``."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import TOKENS, facts, token_name
from assistant.games.sylla.state import AnyPlayer, AnyState, Draft, State, Tile


def start(state: Draft) -> None:
    """Phase IV: income is paid, then the owners of usable Temples and Taverns act in turn."""
    state.phase = "IV"
    assert state.consul is not None
    inc = facts()["income"]
    for name in state.clockwise_from(state.consul):
        p = state.player(name)
        merchants = p.count("merchant", usable=True)
        stalls = p.face_up_tiles("stall")
        gain = inc["tile"] + inc["merchant"] * merchants + inc["stall"] * stalls
        p.money += gain
        p.used = []
        state.note(f"{name} earns {gain} (3 + {merchants} Merchants + {stalls} Stalls)")
    state.tavern_moved = {}
    state.order = [n for n in state.clockwise_from(state.consul) if usable_tiles(state.player(n))]
    state.turn = 0
    state.step = "IV.use"
    skip_idle(state)


def usable_tiles(p: AnyPlayer) -> list[Tile]:
    """``p``'s face-up Temples and Taverns not used yet this phase."""
    return [t for t in p.tiles if t.kind in ("temple", "tavern") and not t.down and t.label not in p.used]


def tavern_targets(state: AnyState, name: str) -> list[tuple[str, str]]:
    """(marker, direction) pairs a Tavern of ``name`` may do now (sylla.buildings.tavern.rules)."""
    assert state.board is not None
    top = len(state.board.ladder) - 1
    out: list[tuple[str, str]] = []
    for k in TOKENS:
        if state.tavern_moved.get(k, name) != name:
            continue
        pos = state.markers[k]
        if pos < top:
            out.append((k, "up"))
        if pos > 0:
            out.append((k, "down"))
        if pos in (0, top):
            out.append((k, "hold"))
    return out


def can_act(state: AnyState, name: str) -> bool:
    """Whether ``name`` can still use a Temple (with 2 denarii) or a Tavern."""
    p = state.player(name)
    for t in usable_tiles(p):
        if t.kind == "temple" and p.can_pay(facts()["income"]["temple_cost"]):
            return True
        if t.kind == "tavern" and tavern_targets(state, name):
            return True
    return False


def skip_idle(state: Draft) -> None:
    """Skip players who cannot act; the phase is done when nobody is left."""
    while state.turn < len(state.order) and not can_act(state, state.order[state.turn]):
        state.turn += 1
    if state.turn >= len(state.order):
        state.step = "done"


def check(state: State, move: object) -> None:
    """Judge a Temple, Tavern or done entry (sylla.phase4.income, sylla.buildings.*)."""
    actor = state.actor
    if not isinstance(move, (m.TempleMove, m.TavernMove, m.DoneMove)):
        raise IllegalMove("sylla.phase4.income", f"income: {actor} uses their Temple or Tavern, or says done", hint=f"{actor} done")
    if move.player != actor:
        raise IllegalMove("sylla.phase4.income", f"it is {actor}'s turn to use his buildings, not {move.player}'s (clockwise from the Consul)",
                          hint=f"{actor} temple ..., {actor} tavern ..., or {actor} done")
    p = state.player(move.player)
    if isinstance(move, m.TempleMove):
        if not [t for t in usable_tiles(p) if t.kind == "temple"]:
            raise IllegalMove("sylla.open.temple-multiple", f"{p.name} has no face-up Private Temple left to use this phase", hint=f"{p.name} done")
        cost = facts()["income"]["temple_cost"]
        if not p.can_pay(cost):
            raise IllegalMove("sylla.limits.money", f"{p.name} has {p.money} denarii; the Temple costs {cost}", hint=f"{p.name} done")
    if isinstance(move, m.TavernMove):
        if not [t for t in usable_tiles(p) if t.kind == "tavern"]:
            raise IllegalMove("sylla.open.tavern-multiple", f"{p.name} has no face-up Tavern left to use this phase", hint=f"{p.name} done")
        other = state.tavern_moved.get(move.marker)
        if other is not None and other != p.name:
            raise IllegalMove("sylla.buildings.tavern.rules", f"{other} already moved the {token_name(move.marker)} marker with a Tavern this phase",
                              hint="move another marker: " + ", ".join(f"{k} {d}" for k, d in tavern_targets(state, p.name)))
        if (move.marker, move.direction) not in tavern_targets(state, p.name):
            assert state.board is not None
            pos = state.markers[move.marker]
            why = "is not at an end of the ladder, so it must move up or down" if move.direction == "hold" else f"cannot go {move.direction} from space {pos + 1} of {len(state.board.ladder)}"
            raise IllegalMove("sylla.open.tavern-direction", f"the {token_name(move.marker)} marker {why}",
                              hint=", ".join(f"{k} {d}" for k, d in tavern_targets(state, p.name) if k == move.marker) or None)


def apply(state: Draft, move: object) -> None:
    """Play a Temple, Tavern or done entry; the turn passes when the player can do nothing more."""
    p = state.player(move.player)  # type: ignore[attr-defined]
    if isinstance(move, m.DoneMove):
        state.turn += 1
        skip_idle(state)
        return
    if isinstance(move, m.TempleMove):
        tile = next(t for t in usable_tiles(p) if t.kind == "temple")
        p.used.append(tile.label)
        p.money -= facts()["income"]["temple_cost"]
        p.hide_one()  # the table does not see the colour, typed or not
        if move.kind is None:  # sylla.hidden.tokens: the colour stays behind his screen
            p.add_unknown(1)
        else:
            p.tokens[move.kind] += 1
        state.note(f"{p.name} uses {tile.label}: 2 denarii for a token")
    elif isinstance(move, m.TavernMove):
        tile = next(t for t in usable_tiles(p) if t.kind == "tavern")
        p.used.append(tile.label)
        state.markers[move.marker] += {"up": 1, "down": -1, "hold": 0}[move.direction]
        state.tavern_moved[move.marker] = p.name
        state.note(f"{p.name} uses {tile.label}: {token_name(move.marker)} {move.direction}")
    if not can_act(state, p.name):
        state.turn += 1
        skip_idle(state)
