"""Phase VII (sylla.phase7): famine losses (less 2 per face-up Field, never below 0 prestige),
a crisis for each marker in the crisis zone (most tokens +3, fewest -3; all equal: nothing),
then the end of the round (sylla.roundend): untap, and the table enters the 6 new tiles."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import TOKENS, buildings_by_id, facts, token_name
from assistant.games.sylla.rules.setup import check_tiles
from assistant.games.sylla.state import State


def lose(state: State, name: str, amount: int) -> int:
    """sylla.limits.prestige-floor: prestige never below 0; returns what was really lost."""
    p = state.player(name)
    lost = min(p.prestige, max(0, amount))
    p.prestige -= lost
    return lost


def start(state: State) -> None:
    """Phase VII: famine losses, crises, then the end of the round (untap; new tiles awaited) or,
    after round 5, the end of the game."""
    state.phase = "VII"
    reduction = facts()["famine_field_reduction"]
    for p in state.players:
        loss = max(0, state.famine - reduction * p.face_up_tiles("field"))
        lost = lose(state, p.name, loss)
        state.note(f"famine {state.famine}: {p.name} loses {lost}")
    for kind in TOKENS:  # sylla.open.crisis-order
        if state.in_crisis(kind):
            crisis(state, kind)
    if state.round < facts()["start"]["rounds"]:
        for p in state.players:
            for c in p.cards:
                if c.tapped:
                    p.set_tapped(c.label, False)
        state.step = "VII.tiles"
    else:
        from assistant.games.sylla.rules.endgame import start as end_game

        end_game(state)  # sylla.open.round5-end: no end-of-round steps after round 5


def crisis(state: State, kind: str) -> None:
    """A crisis of ``kind``: most tokens +3 prestige, fewest -3 (sylla.phase7.crisis); all equal, nothing."""
    held = {p.name: p.tokens[kind] for p in state.players}
    most, fewest = max(held.values()), min(held.values())
    if most == fewest:
        state.note(f"{token_name(kind)} crisis: everyone holds {most}; no change")
        return
    pts = facts()["crisis_points"]
    for name, n in held.items():
        if n == most:
            state.player(name).prestige += pts
    for name, n in held.items():
        if n == fewest:
            lose(state, name, pts)
    state.note(f"{token_name(kind)} crisis: " + ", ".join(f"{n} {v}" for n, v in held.items()))


def check(state: State, move: object) -> None:
    """Only the 6 new building tiles are entered at the end of a round (sylla.roundend)."""
    if not isinstance(move, m.TilesMove):
        raise IllegalMove("sylla.roundend", "end of round: enter the 6 new building tiles, left to right", hint="tiles stall field temple tavern insula crane")
    check_tiles(state, move)


def apply(state: State, move: object) -> None:
    """Lay the new tiles and begin the next round."""
    assert isinstance(move, m.TilesMove)
    state.spaces = list(move.tiles)
    state.tiles_out += 6
    state.note("new tiles: " + ", ".join(buildings_by_id()[t]["name"] for t in move.tiles))
    state.round += 1
    state.step = "done"
