"""Phase V (sylla.phase5): cubes from usable Vestals and Legionaries placed one at a time from
the Consul clockwise on events showing the matching symbol; majority tokens and Decadence
prestige; the two events with most cubes are prevented (the Consul settles ties), the other two
happen top to bottom; one prevented event leaves (never Decadence) and a new one is drawn.
Disabling events turn items face down; removal turns them back up unless another visible event
can hold them (sylla.events.overlap)."""

from __future__ import annotations


from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import (
    check_event,
    check_icons_total,
    event_names,
    events_by_id,
    facts,
    token_name,
)
from assistant.games.sylla.state import AnyPlayer, AnyState, Card, Draft, DraftSlot, State, Tile, holders

SYMBOL = {"vestal": "V", "legionary": "L"}


def start(state: Draft) -> None:
    """Phase V begins: each player's cubes come from his usable Vestals and Legionaries (cubes with
    no event to go on stay unplaced)."""
    state.phase = "V"
    for slot in state.events:
        slot.cubes = {}
    for p in state.players:
        p.cubes = {"vestal": p.count("vestal", usable=True), "legionary": p.count("legionary", usable=True)}
        for source, n in p.cubes.items():
            if n and not targets(state, source):
                state.note(f"{p.name}'s {n} {source} cubes have no event to go on and stay unplaced")
                p.cubes[source] = 0
    assert state.consul is not None
    state.order = state.clockwise_from(state.consul)
    state.turn = 0
    state.step = "V.place"
    state.prevented = []
    state.effects = []
    state.current_effect = None
    seek_placer(state)


def targets(state: AnyState, source: str) -> list[str]:
    """The events in the row showing the symbol of a ``source`` cube (vestal or legionary)."""
    return [s.id for s in state.events if SYMBOL[source] in s.spec.fighters]


def has_cubes(p: AnyPlayer) -> bool:
    """Whether ``p`` still has a cube to place."""
    return any(n > 0 for n in p.cubes.values())


def seek_placer(state: Draft) -> None:
    """Move the turn to the next player (from the current one) who still has cubes."""
    n = len(state.order)
    for k in range(n):
        name = state.order[(state.turn + k) % n]
        if has_cubes(state.player(name)):
            state.turn = (state.turn + k) % n
            return
    after_placement(state)


def after_placement(state: Draft) -> None:
    """All cubes are placed: majority rewards, then the prevented events."""
    award_tokens(state)
    choose_prevented(state)


def award_tokens(state: Draft) -> None:
    """sylla.phase5.tokens: majority on each event takes its token; on Decadence, 1 prestige."""
    for slot in state.events:
        if not slot.total:
            continue
        best = max(slot.cubes.values())
        winners = [name for name in state.seats if slot.cubes.get(name, 0) == best]
        for name in winners:
            p = state.player(name)
            if slot.id == "decadence":
                p.prestige += 1
            else:
                assert slot.spec.token is not None
                p.tokens[slot.spec.token] += 1
                p.seen[slot.spec.token] += 1  # taken in the open
        reward = "1 prestige" if slot.id == "decadence" else f"a {token_name(slot.spec.token or 'civic')} token"
        state.note(f"{', '.join(winners)} take{'s' if len(winners) == 1 else ''} {reward} for {event_names()[slot.id]}")


def prevention_split(state: AnyState) -> tuple[list[str], list[str], int]:
    """(sure, tied, need): events surely prevented, those tied for the remaining places, and how
    many of the tied the Consul must pick."""
    counts = sorted((s.total for s in state.events), reverse=True)
    t = counts[1]
    sure = [s.id for s in state.events if s.total > t]
    tied = [s.id for s in state.events if s.total == t]
    return sure, tied, 2 - len(sure)


def choose_prevented(state: Draft) -> None:
    """The two events with most cubes are prevented; on a tie the Consul chooses (V.prevent)."""
    sure, tied, need = prevention_split(state)
    if len(tied) == need:
        set_prevented(state, sure + tied)
    else:
        state.prevented = sure
        state.step = "V.prevent"


def set_prevented(state: Draft, prevented: list[str]) -> None:
    """Record the prevented events and let the other two happen, top to bottom."""
    state.prevented = [s.id for s in state.events if s.id in prevented]
    state.effects = [s.id for s in state.events if s.id not in prevented]
    state.note("prevented: " + ", ".join(event_names()[e] for e in state.prevented)
               + "; happening: " + ", ".join(event_names()[e] for e in state.effects))
    run_effects(state)


def eligible(state: AnyState, p: AnyPlayer, event: str) -> list[Card | Tile]:
    """The face-up cards or tiles of ``p`` that ``event`` can turn face down."""
    target = events_by_id()[event].get("targets")
    if target == "christian":
        return [c for c in p.cards if c.christian and not c.down]
    if target == "senator" or target == "slave":
        return [c for c in p.cards if c.kind == target and not c.down]
    if target == "building":
        return [t for t in p.tiles if not t.down] + [c for c in p.cards if c.kind == "crane" and not c.down]
    if target == "stall":
        return [t for t in p.tiles if t.kind == "stall" and not t.down]
    return []


def _same(items: list[Card | Tile]) -> bool:
    keys = {(type(i).__name__, i.kind, getattr(i, "hexes", ""), getattr(i, "christian", False), getattr(i, "tapped", False)) for i in items}
    return len(keys) == 1


def run_effects(state: Draft) -> None:
    """The happening events act in order; a disabling event with a choice waits for the owners
    (V.down); then removal."""
    while state.effects:
        event = state.effects.pop(0)
        effect = events_by_id()[event]["effect"]
        state.current_effect = event
        if effect == "ladder":
            kind = events_by_id()[event]["marker"]
            state.markers[kind] = max(0, state.markers[kind] - 1)
            state.note(f"{event_names()[event]}: {token_name(kind)} marker 1 left")
        elif effect == "famine":
            state.famine = min(facts()["board"]["famine_high"], state.famine + 1)
            state.note(f"Famine: famine marker to {state.famine}")
        elif effect == "decadence":
            low = min(state.markers.values())
            moved = [k for k, v in state.markers.items() if v == low]
            for k in moved:
                state.markers[k] = max(0, state.markers[k] - 1)
            state.note("Decadence: " + ", ".join(token_name(k) for k in moved) + " 1 left")
        else:
            pending: list[str] = []
            for name in state.clockwise_from(state.consul or state.seats[0]):
                items = eligible(state, state.player(name), event)
                if not items:
                    continue
                if len(items) == 1 or _same(items):
                    turn_down(state, name, items[0], event)
                else:
                    pending.append(name)
            if pending:
                state.pending = pending
                state.step = "V.down"
                return
    state.current_effect = None
    removal(state)


def turn_down(state: Draft, name: str, item: Card | Tile, event: str) -> None:
    """``name``'s ``item`` turns face down for ``event`` (sylla.events.disable)."""
    state.player(name).set_down(item.label, True)
    state.note(f"{event_names()[event]}: {name}'s {item.label} face down")


def removal(state: Draft) -> None:
    """One prevented event leaves (never Decadence); the Consul chooses when the two tie (V.remove)."""
    prevented = state.prevented
    if "decadence" in prevented:
        remove(state, next(e for e in prevented if e != "decadence"))
        return
    a, b = (state.slot(e) for e in prevented)
    assert a is not None and b is not None
    if a.total != b.total:
        remove(state, a.id if a.total > b.total else b.id)
    else:
        state.step = "V.remove"


def remove(state: Draft, event: str) -> None:
    """sylla.phase5.removal: the event leaves; items it held turn face up unless another
    visible event can hold them (sylla.events.overlap)."""
    idx = next(i for i, s in enumerate(state.events) if s.id == event)
    state.events.pop(idx)
    state.removed_events.append(event)
    state.empty_slot = idx
    for slot in state.events:  # players take their cubes back
        slot.cubes = {}
    visible = state.visible()
    released: list[str] = []
    for p in state.players:
        items: list[Card | Tile] = [*p.cards, *p.tiles]
        for item in items:
            hold = holders(item)
            if item.down and event in hold and not any(h in visible for h in hold):
                p.set_down(item.label, False)
                released.append(f"{p.name}'s {item.label}")
    state.note(f"{event_names()[event]} leaves the game" + (": " + ", ".join(released) + " face up again" if released else ""))
    if state.round < facts()["start"]["rounds"]:
        state.step = "V.draw"
    else:
        state.step = "done"




def draw_hint(state: State) -> str:
    """``event NAME icons fighters token`` for one of the events still in the deck."""
    left = [i for i in event_names() if i not in state.seen_events]
    if not left:
        return "event NAME icons V|L|VL token"
    return f"event {event_names()[left[0]]} 0 V health  (name, famine icons, fighters, token colour; still in the deck: " + ", ".join(event_names()[i] for i in left) + ")"


def check(state: State, move: object) -> None:
    """Judge a cube, a prevention choice, an item turned down, a removal choice or a drawn event
    (sylla.phase5.*)."""
    step = state.step
    if step == "V.place":
        actor = state.actor
        if not isinstance(move, m.CubeMove):
            raise IllegalMove("sylla.phase5.placement", f"{actor} places a cube now", hint=f"{actor} legionary Decadence")
        if move.player != actor:
            raise IllegalMove("sylla.phase5.placement", f"it is {actor}'s turn to place a cube, not {move.player}'s (one at a time, clockwise from the Consul)",
                              hint=f"{actor} " + " or ".join(f"{k} ..." for k, n in state.player(actor or '').cubes.items() if n > 0))
        p = state.player(move.player)
        if p.cubes.get(move.source, 0) <= 0:
            other = [k for k, n in p.cubes.items() if n > 0]
            raise IllegalMove("sylla.phase5.cubes", f"{p.name} has no {move.source} cube left (cubes come from his usable {'Legionaries' if move.source == 'legionary' else 'Vestals'})",
                              hint=f"{p.name} {other[0]} " + " or ".join(event_names()[e] for e in targets(state, other[0])) if other else None)
        slot = state.slot(move.event)
        if slot is None:
            raise IllegalMove("sylla.phase5.placement", f"{event_names()[move.event]} is not in the event row",
                              hint="in play: " + ", ".join(event_names()[s.id] for s in state.events))
        if SYMBOL[move.source] not in slot.spec.fighters:
            ok = [event_names()[e] for e in targets(state, move.source)]
            raise IllegalMove("sylla.phase5.placement", f"{event_names()[move.event]} does not show the {move.source.capitalize()} symbol, so {p.name}'s {move.source} cube cannot go there",
                              hint="it can go on " + ", ".join(ok))
        return
    if step == "V.prevent":
        sure, tied, need = prevention_split(state)
        if not isinstance(move, m.PreventMove) or move.player != state.consul:
            who = f"{move.player} is not the Consul: " if isinstance(move, m.PreventMove) else ""
            raise IllegalMove("sylla.phase5.effects", f"{who}the Consul ({state.consul}) chooses which tied event{'s are' if need > 1 else ' is'} prevented",
                              hint=f"{state.consul} prevents " + " or ".join(event_names()[e] for e in tied))
        if len(move.events) != need or len(set(move.events)) != need or any(e not in tied for e in move.events):
            raise IllegalMove("sylla.phase5.effects", f"{state.consul} picks {need} of the tied events " + ", ".join(event_names()[e] for e in tied),
                              hint=f"{state.consul} prevents " + ", ".join(event_names()[e] for e in tied[:need]))
        return
    if step == "V.down":
        event = state.current_effect or ""
        if not isinstance(move, m.DownMove):
            raise IllegalMove("sylla.events.disable", f"{event_names()[event]} happens: " + ", ".join(state.pending) + " turn an item face down",
                              hint=f"{state.pending[0]} turns " + " or ".join(i.label for i in eligible(state, state.player(state.pending[0]), event)))
        if move.player not in state.pending:
            raise IllegalMove("sylla.events.disable", f"{move.player} has nothing (more) to turn face down for {event_names()[event]}",
                              hint="awaited: " + ", ".join(state.pending))
        p = state.player(move.player)
        labels = [i.label for i in eligible(state, p, event)]
        if move.label not in labels:
            raise IllegalMove("sylla.open.event-choice", f"{p.name}'s {move.label} is not a face-up item {event_names()[event]} can turn down",
                              hint="one of: " + ", ".join(labels))
        return
    if step == "V.remove":
        if not isinstance(move, m.RemoveEventMove) or move.player != state.consul:
            who = f"{move.player} is not the Consul: " if isinstance(move, m.RemoveEventMove) else ""
            raise IllegalMove("sylla.phase5.removal", f"{who}the prevented events tie; the Consul ({state.consul}) chooses which leaves",
                              hint=f"{state.consul} removes " + " or ".join(event_names()[e] for e in state.prevented))
        if move.event == "decadence":
            raise IllegalMove("sylla.events.decadence", "Decadence is never removed",
                              hint=f"{state.consul} removes " + " or ".join(event_names()[e] for e in state.prevented if e != "decadence"))
        if move.event not in state.prevented:
            raise IllegalMove("sylla.phase5.removal", f"{event_names()[move.event]} was not prevented; only a prevented event leaves",
                              hint=f"{state.consul} removes " + " or ".join(event_names()[e] for e in state.prevented if e != "decadence"))
        return
    if step == "V.draw":
        if not isinstance(move, m.EventsMove):
            raise IllegalMove("sylla.phase5.removal", "draw a new event into the empty slot and enter it", hint=draw_hint(state))
        if len(move.events) != 1:
            raise IllegalMove("sylla.phase5.removal", "one event is drawn into the empty slot", hint=draw_hint(state))
        spec = move.events[0]
        if spec.id in state.seen_events:
            left = [name for i, name in event_names().items() if i not in state.seen_events]
            raise IllegalMove("sylla.setup.events", f"{event_names()[spec.id]} has already been in play this game; each event exists once",
                              hint="still in the deck: " + ", ".join(left))
        check_event(spec)
        check_icons_total({**state.seen_events, spec.id: spec})


def apply(state: Draft, move: object) -> None:
    """Play a cube, a prevention choice, an item turned down, a removal choice or a drawn event."""
    if isinstance(move, m.CubeMove):
        p = state.player(move.player)
        p.cubes[move.source] -= 1
        slot = state.slot(move.event)
        assert slot is not None
        slot.cubes[p.name] = slot.cubes.get(p.name, 0) + 1
        state.turn = (state.turn + 1) % len(state.order)
        seek_placer(state)
    elif isinstance(move, m.PreventMove):
        set_prevented(state, state.prevented + list(move.events))
    elif isinstance(move, m.DownMove):
        p = state.player(move.player)
        item = next(i for i in eligible(state, p, state.current_effect or "") if i.label == move.label)
        turn_down(state, p.name, item, state.current_effect or "")
        state.pending.remove(p.name)
        if not state.pending:
            state.step = "V.effects"
            run_effects(state)
    elif isinstance(move, m.RemoveEventMove):
        remove(state, move.event)
    elif isinstance(move, m.EventsMove):
        spec = move.events[0]
        state.events.insert(state.empty_slot if state.empty_slot is not None else 0, DraftSlot(spec))
        state.seen_events[spec.id] = spec
        state.empty_slot = None
        state.note(f"{event_names()[spec.id]} is drawn into the event row")
        state.step = "done"
