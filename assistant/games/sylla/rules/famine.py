"""Phase VII (sylla.phase7): famine losses (less 2 per face-up Field, never below 0 prestige),
a crisis for each marker in the crisis zone (most tokens +3, fewest -3), then the end of the
round (sylla.roundend): untap, and the table enters the 6 new tiles.

All equal in a crisis (sylla.open.crisis-all-equal, option ``crisis_all_equal``): by default
each player is both "most" and "fewest", as the seed's letter says: +3, then -3 (a Field with
points left spares the -3); ``crisis_all_equal=nothing``: nobody gains or loses.

Fields (sylla.buildings.field, option ``fields``): by default they spare the points lost in
the whole phase, famine first, then the crises' losses in their order (the Field's printed
text: "Famine and Crisis"); ``fields=famine`` spares famine losses only.

A crisis needs every player's count of its kind: a player whose tokens were entered as unknown
shows it first (step ``VII.crisis``, ``Blue tokens civic 2``; sylla.hidden.tokens)."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import TOKENS, buildings_by_id, facts, token_name
from assistant.games.sylla.rules.setup import check_tiles
from assistant.games.sylla.state import Draft, State


def lose(state: Draft, name: str, amount: int) -> int:
    """sylla.limits.prestige-floor: prestige never below 0; returns what was really lost."""
    p = state.player(name)
    lost = min(p.prestige, max(0, amount))
    p.prestige -= lost
    return lost


def start(state: Draft) -> None:
    """Phase VII: famine losses, crises, then the end of the round (untap; new tiles awaited) or,
    after round 5, the end of the game."""
    state.phase = "VII"
    reduction = facts()["famine_field_reduction"]
    both = fields_reading(state.options) == "famine-and-crisis"
    state.field_left = {}
    for p in state.players:
        capacity = reduction * p.face_up_tiles("field")
        loss = max(0, state.famine - capacity)
        lost = lose(state, p.name, loss)
        state.note(f"famine {state.famine}: {p.name} loses {lost}")
        if both and capacity > state.famine:
            state.field_left[p.name] = capacity - state.famine
    state.crises = [kind for kind in TOKENS if state.in_crisis(kind)]  # sylla.open.crisis-order
    resume(state)


FIELDS_DEFAULT = "famine-and-crisis"
"""The seed's reading of the Field (sylla.buildings.field): it spares famine and crisis losses."""


def fields_reading(options: dict[str, str]) -> str:
    """The ``fields`` option: ``famine-and-crisis`` (default) or ``famine``."""
    return options.get("fields", FIELDS_DEFAULT)


CRISIS_ALL_EQUAL_DEFAULT = "both"
"""The seed's letter (sylla.open.crisis-all-equal): with every count equal, each player holds
the most and the fewest tokens, so gains 3 and loses 3."""


def crisis_all_equal_reading(options: dict[str, str]) -> str:
    """The ``crisis_all_equal`` option: ``both`` (default, +3 and -3) or ``nothing``."""
    return options.get("crisis_all_equal", CRISIS_ALL_EQUAL_DEFAULT)


def resume(state: Draft) -> None:
    """Resolve the crises still due, in order; wait for the tokens of players whose count of
    the crisis kind is not known (``VII.crisis``); then end the round or the game."""
    while state.crises:
        kind = state.crises[0]
        unsure = [p.name for p in state.players if len(p.token_range(kind)) > 1]
        if unsure:
            state.step = "VII.crisis"
            state.pending = unsure
            return
        crisis(state, kind)
        state.crises.pop(0)
    state.pending = []
    state.field_left = {}
    if state.round < facts()["start"]["rounds"]:
        for p in state.players:
            for c in p.cards:
                if c.tapped:
                    p.set_tapped(c.label, False)
        state.step = "VII.tiles"
    else:
        from assistant.games.sylla.rules.endgame import start as end_game

        end_game(state)  # sylla.open.round5-end: no end-of-round steps after round 5


def crisis(state: Draft, kind: str) -> None:
    """A crisis of ``kind``: most tokens +3 prestige, fewest -3 (sylla.phase7.crisis), gains
    before losses (sylla.open.crisis-order). All equal (sylla.open.crisis-all-equal): each
    player is both, +3 then -3 (Fields may spare the -3), unless ``crisis_all_equal=nothing``."""
    held = {p.name: p.token_range(kind)[0] for p in state.players}
    state.shown += [(name, kind, n) for name, n in held.items()]  # every player reveals that kind
    most, fewest = max(held.values()), min(held.values())
    if most == fewest and crisis_all_equal_reading(state.options) == "nothing":
        state.note(f"{token_name(kind)} crisis: everyone holds {most}; no change (crisis_all_equal=nothing)")
        return
    if most == fewest:
        state.note(f"{token_name(kind)} crisis: everyone holds {most}, so each has the most (+3) and the fewest (-3)")
    pts = facts()["crisis_points"]
    for name, n in held.items():
        if n == most:
            state.player(name).prestige += pts
    for name, n in held.items():
        if n == fewest:
            spared = min(pts, state.field_left.get(name, 0))
            if spared:
                state.field_left[name] -= spared
                state.note(f"{name}'s Fields spare {spared} of the {token_name(kind)} crisis loss")
            lose(state, name, pts - spared)
    state.note(f"{token_name(kind)} crisis: " + ", ".join(f"{n} {v}" for n, v in held.items()))


def check(state: State, move: object) -> None:
    """Only the 6 new building tiles are entered at the end of a round (sylla.roundend); during
    a crisis only the tokens it reveals (``tokens``, checked in rules.hidden)."""
    if state.step == "VII.crisis":
        kind = state.crises[0]
        raise IllegalMove(
            "sylla.phase7.crisis", f"{token_name(kind)} crisis: all reveal their {token_name(kind)} tokens; "
            + ", ".join(state.pending) + " must show theirs",
            hint=f"{state.pending[0]} tokens {kind} 0",
        )
    if not isinstance(move, m.TilesMove):
        raise IllegalMove("sylla.roundend", "end of round: enter the 6 new building tiles, left to right", hint="tiles stall field temple tavern insula crane")
    check_tiles(state, move)


def apply(state: Draft, move: object) -> None:
    """Lay the new tiles and begin the next round."""
    assert isinstance(move, m.TilesMove)
    state.spaces = list(move.tiles)
    state.tiles_out += 6
    state.note("new tiles: " + ", ".join(buildings_by_id()[t]["name"] for t in move.tiles))
    state.round += 1
    state.step = "done"
