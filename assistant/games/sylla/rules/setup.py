"""Setup (sylla.setup): the state before the first entry, and the setup entries the table makes
in any order: the board, the Income tiles drawn, each player's kept characters, the event row,
the Great Work removed and the first one, the first 6 building tiles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import (
    ROMAN_OF,
    BoardSpec,
    CharacterSpec,
    buildings_by_id,
    check_board,
    check_character,
    check_event,
    check_icons_total,
    check_set_counts,
    event_names,
    facts,
    parse_board,
    type_labels,
    works_by_id,
)
from assistant.games.sylla.state import (
    AnyState,
    Card,
    Draft,
    DraftPlayer,
    DraftSlot,
    Player,
    State,
)

SETUP_ITEMS = ("board", "sets", "keeps", "events", "remove", "work", "tiles")


def initial(seats: Sequence[str], options: Mapping[str, str]) -> State:
    """The state before the first entry; a board given as an option is checked and placed."""
    state = State(seats=tuple(seats), options=MappingProxyType(dict(options)), players=tuple(Player(s) for s in seats)).edit()
    board = options.get("board", "ask")
    if board and board != "ask":
        spec = parse_board(board.split())
        try:
            check_board(spec)
        except IllegalMove as exc:
            raise InvalidEntry(exc.rule, exc.message, hint=exc.hint) from None
        place_board(state, spec)
    return state.freeze()


def place_board(state: Draft, spec: BoardSpec) -> None:
    """Put the board in play: the markers on the start space."""
    state.board = spec
    state.markers = {k: spec.start for k in ("civic", "health", "leisure")}


def notes_checks(state: State) -> bool:
    """Whether entered characters are checked against the research notes' facts too
    (option card_checks=notes, the default) or against the rulebook only."""
    return state.options.get("card_checks", "notes") != "rulebook"


def kept_count(state: State) -> int:
    """How many characters each player keeps at setup (4; 6 with 3 players)."""
    return int(facts()["characters"]["kept_at_setup"][str(len(state.seats))])


def missing(state: AnyState) -> list[str]:
    """The setup entries still awaited."""
    out: list[str] = []
    if state.board is None:
        out.append("board")
    if any(p.set is None for p in state.players):
        out.append("sets")
    if not all(state.kept.get(s) for s in state.seats):
        out.append("keeps")
    if not state.events:
        out.append("events")
    if state.work_removed is None:
        out.append("remove")
    if state.work is None:
        out.append("work")
    if all(t is None for t in state.spaces):
        out.append("tiles")
    return out


def add_character(state: Draft, player: DraftPlayer, spec: CharacterSpec, *, tapped: bool = False) -> Card:
    """Give ``player`` a card for ``spec``, labelled by type and count (Sen1, Sen2)."""
    n = sum(1 for c in player.cards if c.kind == spec.kind) + 1
    card = Card(f"{type_labels()[spec.kind]}{n}", spec.kind, spec.hexes, spec.christian, spec.set, tapped=tapped)
    player.cards.append(card)
    return card


def all_characters(state: State) -> list[CharacterSpec]:
    """Every character card in play (for the per-set and total counts)."""
    return [c.spec() for p in state.players for c in p.cards if c.kind != "crane"]


def check_tiles(state: State, move: m.TilesMove) -> None:
    """6 tiles are laid per round, from what is left of the pile (sylla.data.buildings)."""
    if len(move.tiles) != 6:
        raise IllegalMove("sylla.data.buildings", f"6 tiles go on the 6 building spaces, not {len(move.tiles)}",
                          hint="tiles stall field temple tavern insula crane")
    if state.tiles_out + 6 > buildings_total():
        raise IllegalMove("sylla.data.buildings", f"only {buildings_total() - state.tiles_out} building tiles are left in the pile")


def buildings_total() -> int:
    """How many building tiles the game has."""
    from assistant.games.sylla.components import building_data

    return int(building_data()["total_tiles"])


def check(state: State, move: object) -> None:
    """Judge a setup entry (sylla.setup.*, sylla.data.*); each is entered once. A game being
    picked up takes no setup entry but the board (rule sylla.position)."""
    if state.picked and not isinstance(move, m.BoardMove):
        raise IllegalMove("sylla.position", "the game is being picked up in progress: the position block is not finished",
                          hint="say where the game stands: position round N, phase P, consul NAME, ...")
    if isinstance(move, m.BoardMove):
        if state.board is not None:
            raise IllegalMove("sylla.data.ladder", "the board is already entered (or given as an option)")
        check_board(move.spec)
    elif isinstance(move, m.SetsMove):
        if any(p.set is not None for p in state.players):
            raise IllegalMove("sylla.setup.characters", "the Income tiles are already entered")
        names = [n for n, _ in move.sets]
        numerals = [v for _, v in move.sets]
        if sorted(names) != sorted(state.seats):
            raise IllegalMove("sylla.setup.characters", "give one Income tile for each player", hint="sets " + " ".join(f"{s}={ROMAN_OF[i + 1]}" for i, s in enumerate(state.seats)))
        if len(set(numerals)) != len(numerals):
            raise IllegalMove("sylla.setup.characters", "each Income tile I to IV exists once; two players cannot draw the same")
    elif isinstance(move, m.KeepMove):
        p = state.player(move.player)
        if p.set is None:
            raise IllegalMove("sylla.setup.characters", f"enter the Income tiles first: {p.name}'s characters come from his set", hint="sets Blue=I Red=II ...")
        if state.kept.get(p.name):
            raise IllegalMove("sylla.setup.characters", f"{p.name} has already chosen his characters",
                              hint="still to choose: " + (", ".join(s for s in state.seats if not state.kept.get(s)) or "nobody"))
        want = kept_count(state)
        if len(move.cards) != want:
            rule = "sylla.3p.setup" if len(state.seats) == 3 else "sylla.setup.characters"
            raise IllegalMove(rule, f"{p.name} keeps {want} characters of his set, not {len(move.cards)}")
        for spec in move.cards:
            if spec.set is not None and spec.set != p.set:
                raise IllegalMove("sylla.setup.characters", f"{p.name} drew set {ROMAN_OF[p.set]}; a card of set {ROMAN_OF[spec.set]} is not his",
                                  hint="enter the cards without a numeral, or with his")
            check_character(spec, p.name, notes=notes_checks(state))
        specs = [CharacterSpec(c.kind, c.christian, c.hexes, p.set) for c in move.cards]
        check_set_counts(all_characters(state), specs, p.name, notes=notes_checks(state))
    elif isinstance(move, m.EventsMove):
        if state.events:
            raise IllegalMove("sylla.setup.events", "the event row is already entered")
        ids = [e.id for e in move.events]
        if len(ids) != 4 or ids.count("decadence") != 1 or len(set(ids)) != 4:
            raise IllegalMove("sylla.setup.events", "the row holds Decadence and 3 different events drawn",
                              hint="events Decadence 0 L, Famine 1 V health, ...")
        for e in move.events:
            check_event(e)
        check_icons_total({e.id: e for e in move.events})
    elif isinstance(move, m.RemoveWorkMove):
        if state.work_removed is not None:
            raise IllegalMove("sylla.setup.greatworks", f"{works_by_id()[state.work_removed]['name']} is already the removed work")
        if move.work == state.work:
            raise IllegalMove("sylla.setup.greatworks", "the removed work cannot be round 1's work")
    elif isinstance(move, m.WorkMove):
        if state.work is not None:
            raise IllegalMove("sylla.setup.greatworks", f"round 1's work is already {works_by_id()[state.work]['name']}")
        if move.work == state.work_removed:
            raise IllegalMove("sylla.setup.greatworks", f"{works_by_id()[move.work]['name']} was removed from the game")
    elif isinstance(move, m.TilesMove):
        if any(t is not None for t in state.spaces):
            raise IllegalMove("sylla.setup.buildings", "the first 6 tiles are already entered")
        check_tiles(state, move)
    else:
        raise IllegalMove("sylla.setup", "the game is being set up; " + ", ".join(missing(state)) + " still to enter",
                          hint="see `assistant rules sylla sylla.setup`")


def apply(state: Draft, move: object) -> None:
    """Play a setup entry; the last one finishes the setup."""
    if isinstance(move, m.BoardMove):
        place_board(state, move.spec)
    elif isinstance(move, m.SetsMove):
        for name, n in move.sets:
            state.player(name).set = n
    elif isinstance(move, m.KeepMove):
        p = state.player(move.player)
        for spec in move.cards:
            add_character(state, p, CharacterSpec(spec.kind, spec.christian, spec.hexes, p.set))
        state.kept[p.name] = True
    elif isinstance(move, m.EventsMove):
        others = [e for e in move.events if e.id != "decadence"]
        dec = [e for e in move.events if e.id == "decadence"]
        state.events = [DraftSlot(e) for e in others + dec]
        for e in move.events:
            state.seen_events[e.id] = e
    elif isinstance(move, m.RemoveWorkMove):
        state.work_removed = move.work
    elif isinstance(move, m.WorkMove):
        state.work = move.work
    elif isinstance(move, m.TilesMove):
        state.spaces = list(move.tiles)
        state.tiles_out += 6
    if not missing(state):
        finish(state)


def finish(state: Draft) -> None:
    """All setup entries are in: starting money, the first Consul, round 1 (sylla.setup.consul)."""
    start = facts()["start"]
    for p in state.players:
        p.money = start["money"] + start["money_per_merchant"] * p.count("merchant")
        p.prestige = start["prestige"]
    first = min(state.players, key=lambda p: p.set or 9)
    state.consul = first.name
    state.round = 1
    state.note(f"setup done; {first.name} (tile {ROMAN_OF[first.set or 1]}) is the first Consul; events "
               + ", ".join(event_names()[s.id] for s in state.events)
               + "; tiles " + ", ".join(buildings_by_id()[t]["name"] for t in state.spaces if t))
    state.step = "done"
