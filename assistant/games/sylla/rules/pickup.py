"""Picking up a game in progress (rule sylla.position): the ``position …`` entries of a
position block put a new game where the table stands. Each entry is legal only before the
first move of the game; each sets one part of the state (the table, the event row, the Great
Works, the building spaces, the display, a player's figures, cards or buildings) and is
checked on its own; ``problems`` checks the whole position once the block is complete
(position.from_position reports every problem of a position file at once).

The pick-up points (``POINTS``) are those a table uses: a player's turn to bid in the election
or to recruit, an offer in phase III, the Great Work to reveal in phase VI (rounds 1-4), the
new tiles at the end of a round. What the block cannot know (the colour of a token nobody saw)
stays unknown, as when a Temple's token is entered as ``?`` (sylla.hidden.tokens)."""

from __future__ import annotations

from assistant.core.errors import IllegalMove, Problem
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import (
    ROMAN_OF,
    TOKENS,
    CharacterSpec,
    buildings_by_id,
    check_character,
    check_event,
    check_icons_total,
    check_set_counts,
    event_names,
    facts,
    type_labels,
    works_by_id,
)
from assistant.games.sylla.rules.auction import offers_limit
from assistant.games.sylla.rules.recruitment import display_size
from assistant.games.sylla.rules.setup import buildings_total, kept_count, notes_checks
from assistant.games.sylla.state import Card, Draft, DraftSlot, State, Tile

RULE = "sylla.position"
HINT = "see `assistant rules sylla sylla.position`"

POINTS: dict[str, str] = {
    "I.bid": "I", "II.recruit": "II", "III.offer": "III", "VI.work": "VI", "VII.tiles": "VII",
}
"""The steps a game can be picked up at, and the phase each is in."""
STEP_OF = {phase: step for step, phase in POINTS.items()}
WHEN = ("at the start of a player's turn in the election (phase I) or recruitment (phase II), when a tile is "
        "to be offered (phase III), when the next Great Work is to be revealed (phase VI, rounds 1-4), or when "
        "the new building tiles are to be laid at the end of a round")
"""When a game can be picked up, for messages."""


def refuse(message: str, hint: str | None = HINT) -> None:
    """Raise the refusal of a position entry."""
    raise IllegalMove(RULE, message, hint=hint)


# -- checking one entry ---------------------------------------------------------------------------
def check(state: State, move: object) -> None:
    """Judge one position entry: before the first move only, and what can be judged of it alone."""
    if state.moved:
        refuse("a position entry comes only before the first move of the game: it says where a game picked up in progress stands",
               "to put a figure right later, make a correction ('correct Blue prestige +2 because ...'), or amend the block")
    if isinstance(move, m.PositionTable):
        check_table(state, move)
    elif isinstance(move, m.PositionEvents):
        check_events(move)
    elif isinstance(move, m.PositionWorks):
        check_works(move)
    elif isinstance(move, m.PositionTiles):
        if len(move.spaces) != facts()["board"]["building_spaces"]:
            refuse(f"the board has 6 building spaces, not {len(move.spaces)}: give each, '-' for an empty one",
                   "position tiles Field, -, Market Stall, -, Bank, Statue")
    elif isinstance(move, m.PositionDisplay):
        check_display(state, move)
    elif isinstance(move, m.PositionPlayer):
        check_player(state, move)
    elif isinstance(move, m.PositionCards):
        check_cards(state, move)
    elif isinstance(move, m.PositionBuildings):
        for kind, _down in move.tiles:
            if buildings_by_id()[kind]["kind"] != "kept":
                refuse(f"a {buildings_by_id()[kind]['name']} acts when bought and is discarded; nobody keeps one",
                       "kept buildings: Market Stall, Field, Private Temple, Tavern")


def check_table(state: State, move: m.PositionTable) -> None:
    """Where the game stands: a round of the game, a pick-up point, a marker on its track."""
    rounds = facts()["start"]["rounds"]
    if not 1 <= move.round <= rounds:
        refuse(f"a game has rounds 1 to {rounds}, not {move.round}")
    if move.phase not in STEP_OF:
        refuse(f"a game is picked up only {WHEN}")
    if move.phase in ("VI", "VII") and move.round == rounds:
        refuse(f"in round {rounds} no Great Work is revealed and no tiles are laid; pick the game up earlier in the round", f"a game is picked up {WHEN}")
    if move.phase in ("I", "II", "III") and move.turn is None:
        refuse(f"say whose turn it is in phase {move.phase} ('turn NAME')", "position round 2, phase I, consul Blue, turn Red, ...")
    if move.phase in ("VI", "VII") and move.turn is not None:
        refuse(f"in phase {move.phase} the table enters what it reads off the components; nobody has the turn", "leave 'turn' out")
    if move.phase != "III" and move.offers:
        refuse("tiles are offered in phase III only", "leave 'offers' out")
    if move.phase == "III" and not 0 <= move.offers < offers_limit(state):
        refuse(f"{offers_limit(state)} tiles are offered a round with {len(state.seats)} players; after offer {move.offers} the phase is over",
               f"offers 0 to {offers_limit(state) - 1}")
    order = state.clockwise_from(move.consul)
    if move.high is not None:
        if move.phase != "I":
            refuse("a high bid stands only in the election (phase I)", "leave 'high' out")
        elif move.turn == move.consul:
            refuse(f"the Consul {move.consul} speaks first in the election, so no bid stands before his turn", "leave 'high' out")
        elif move.high_bidder not in order[: order.index(move.turn or move.consul)]:
            refuse(f"{move.high_bidder} has not spoken yet in this election: the bid to beat is one made before {move.turn}'s turn",
                   "high N NAME, NAME one of " + ", ".join(order[: order.index(move.turn or move.consul)]))
    elif move.phase == "I" and move.turn != move.consul:
        refuse(f"{move.turn} speaks after the Consul {move.consul}, so a bid stands: say it and who made it",
               "high 3 " + move.consul + " (the first speaker always offers his face-up Senators)")
    high = facts()["board"]["famine_high"]
    if not 0 <= move.famine <= high:
        refuse(f"the famine marker stands on 0 to {high}, not {move.famine}")
    if state.board is None:
        refuse("the board is not known yet: give it as the option board=... or enter it first", "board ladder=... crisis=N start=N spaces=...")
    assert state.board is not None
    for kind, space in zip(TOKENS, move.markers):
        if not 1 <= space <= len(state.board.ladder):
            refuse(f"the {kind} marker stands on a space of the ladder, 1 to {len(state.board.ladder)}, not {space}")


def check_events(move: m.PositionEvents) -> None:
    """The event row: 3 events and Decadence last, each once; the removed ones never Decadence."""
    ids = [e.id for e in move.row]
    if len(ids) != 4 or ids[-1] != "decadence" or len(set(ids)) != 4:
        refuse("the event row holds 3 different events and Decadence at the bottom, listed top to bottom",
               "position events Famine 1 V health, Flood 1 V health, Pillage 0 L leisure, Decadence 0 L")
    removed = [e.id for e in move.removed]
    twice = sorted({event_names()[e] for e in removed if removed.count(e) > 1 or e in ids})
    if twice:
        refuse("each event exists once: " + ", ".join(twice) + " cannot be both in the row and removed, or removed twice")
    if "decadence" in removed:
        refuse("Decadence is never removed", "leave it in the row, last")
    if len(removed) > facts()["start"]["rounds"]:
        refuse(f"one event leaves per round: at most {facts()['start']['rounds']} are removed")
    for e in (*move.row, *move.removed):
        check_event(e)
    check_icons_total({e.id: e for e in (*move.row, *move.removed)})


def check_works(move: m.PositionWorks) -> None:
    """The Great Works: each once (this round's, the built ones, the removed one)."""
    every = [move.work, *move.built, move.removed]
    twice = sorted({works_by_id()[w]["name"] for w in every if every.count(w) > 1})
    if twice:
        refuse("each Great Work is in one place: " + ", ".join(twice) + " is named twice")
    if len(move.built) >= facts()["start"]["rounds"]:
        refuse(f"one Great Work is built per round, so at most {facts()['start']['rounds'] - 1} before the last round")


def _characters(state: State, *, skip: str | None = None, display: bool = True) -> list[CharacterSpec]:
    """Every character in play (``skip``: not that player's) and, with ``display``, in the display."""
    out = [c.spec() for p in state.players if p.name != skip for c in p.cards if c.kind != "crane"]
    return out + (list(state.display or ()) if display else [])


def check_display(state: State, move: m.PositionDisplay) -> None:
    """The display: at most its size, each card possible, the sets' counts kept."""
    size = display_size(state)
    if len(move.cards) > size:
        refuse(f"the display holds {size} characters with {len(state.seats)} players, not {len(move.cards)}")
    for spec in move.cards:
        check_character(spec, "the display", notes=notes_checks(state))
    check_set_counts(_characters(state, display=False), list(move.cards), "the display", notes=notes_checks(state))


def check_player(state: State, move: m.PositionPlayer) -> None:
    """A player's figures: an Income tile nobody else has, token splits that add up."""
    if not 1 <= move.set <= 4:
        refuse(f"{move.player}'s Income tile is I to IV")
    other = next((p.name for p in state.players if p.name != move.player and p.set == move.set), None)
    if other:
        refuse(f"{other} already has Income tile {ROMAN_OF[move.set]}; each exists once", f"position {move.player} set <another numeral>, ...")
    if move.splits:
        if len(move.splits) == 1:
            refuse(f"a single split of {move.player}'s unseen tokens means their colours are known: count them with the seen ones",
                   f"position {move.player} ..., civic N health N leisure N")
        if len(set(move.splits)) != len(move.splits) or any(sum(s) != move.unseen for s in move.splits):
            refuse(f"each split of {move.player}'s {move.unseen} unseen tokens adds up to {move.unseen}, once each",
                   f"unseen {move.unseen} as 1 1 0 or 1 0 1 (civic, health, leisure)")


def check_cards(state: State, move: m.PositionCards) -> None:
    """A player's cards: each a possible character; the sets' counts and the Crane cards kept."""
    specs = [c.spec for c in move.cards if c.spec is not None]
    for spec in specs:
        check_character(spec, move.player, notes=notes_checks(state))
    check_set_counts(_characters(state, skip=move.player), specs, move.player, notes=notes_checks(state))
    total = facts()["characters"]["total"]
    if len(_characters(state, skip=move.player)) + len(specs) > total:
        refuse(f"the game has {total} characters; {move.player}'s would make more")
    cranes = sum(1 for c in move.cards if c.spec is None) + sum(
        1 for p in state.players if p.name != move.player for c in p.cards if c.kind == "crane")
    if cranes > facts()["cranes"]["total"]:
        refuse(f"the game has {facts()['cranes']['total']} Crane cards; {cranes} are in front of the players")


def check_block_done(state: State) -> None:
    """The first move after a position block typed at the prompt: the block must describe a
    possible position as a whole (what a position file is checked for); else the move is
    refused, naming what does not add up."""
    found = problems(state)
    if found:
        first = found[0]
        who = f"{first.player}: " if first.player else ""
        more = f" (and {len(found) - 1} more problem{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
        refuse(f"the position block does not add up: {who}{first.message}{more}",
               "put it right with position entries before the first move, or amend the block")


# -- playing one entry ----------------------------------------------------------------------------
def apply(state: Draft, move: object) -> None:
    """Set the part of the state the entry gives; the counters that follow from the parts are
    worked out again (``settle``)."""
    state.picked = True
    if isinstance(move, m.PositionTable):
        apply_table(state, move)
    elif isinstance(move, m.PositionEvents):
        state.events = [DraftSlot(e) for e in move.row]
        state.removed_events = [e.id for e in move.removed]
        state.seen_events = {e.id: e for e in (*move.row, *move.removed)}
    elif isinstance(move, m.PositionWorks):
        state.work, state.works_built, state.work_removed = move.work, list(move.built), move.removed
    elif isinstance(move, m.PositionTiles):
        state.spaces = list(move.spaces)
    elif isinstance(move, m.PositionDisplay):
        state.display = list(move.cards)
    elif isinstance(move, m.PositionPlayer):
        p = state.player(move.player)
        p.set, p.prestige = move.set, move.prestige
        p.money, p.money_unknown = move.denarii or 0, move.denarii is None
        p.tokens = dict(zip(TOKENS, move.tokens))
        p.unknown = move.unseen
        p.splits = frozenset(move.splits) if move.splits else None
        p.seen, p.seen_unknown, p.seen_splits = dict(p.tokens), p.unknown, p.splits
    elif isinstance(move, m.PositionCards):
        p = state.player(move.player)
        p.cards = []
        for card in move.cards:
            kind = card.spec.kind if card.spec is not None else "crane"
            n = sum(1 for c in p.cards if c.kind == kind) + 1
            if card.spec is not None:
                spec = card.spec
                p.cards.append(Card(f"{type_labels()[kind]}{n}", kind, spec.hexes, spec.christian, spec.set, card.tapped, card.down))
            else:
                p.cards.append(Card(f"Cra{n}", "crane", card.crane, tapped=card.tapped, down=card.down))
    elif isinstance(move, m.PositionBuildings):
        p = state.player(move.player)
        p.tiles = []
        for kind, down in move.tiles:
            n = sum(1 for t in p.tiles if t.kind == kind) + 1
            p.tiles.append(Tile(f"{kind.capitalize()}{n}", kind, down))
    settle(state)


def apply_table(state: Draft, move: m.PositionTable) -> None:
    """The round, the phase and its step, the Consul and the turn, the tracks."""
    state.round, state.phase, state.step = move.round, move.phase, STEP_OF[move.phase]
    state.consul = move.consul
    state.famine = move.famine
    state.markers = {k: space - 1 for k, space in zip(TOKENS, move.markers)}
    state.order = state.clockwise_from(move.consul)
    state.turn = state.order.index(move.turn) if move.turn is not None else 0
    state.high, state.high_bidder = (move.high, move.high_bidder) if move.high is not None else (-1, None)
    state.offers, state.offer_space = move.offers, None
    state.offerer = move.turn if move.phase == "III" else None
    state.votes, state.pending = {}, []
    state.kept = {s: True for s in state.seats}
    state.note(f"picked up in round {move.round}, phase {move.phase}")


def settle(state: Draft) -> None:
    """The counters that follow from the parts: Crane cards taken, building tiles laid out,
    bought and discarded (6 a round are laid out; bought ones lie in front of the players)."""
    state.cranes = sum(1 for p in state.players for c in p.cards if c.kind == "crane")
    state.tiles_out = 6 * state.round if state.round else 0
    on_spaces = sum(1 for t in state.spaces if t)
    state.tiles_bought = sum(len(p.tiles) for p in state.players) + state.cranes
    state.tiles_discarded = max(0, state.tiles_out - state.tiles_bought - on_spaces)


# -- the whole position -----------------------------------------------------------------------
def recruited(state: State, name: str) -> int:
    """How many characters ``name`` has recruited by this point: one a round, this round's
    once his turn in phase II has passed."""
    done = state.round - 1
    if state.phase in ("III", "VI", "VII") or (state.phase == "II" and state.order.index(name) < state.turn):
        done += 1
    return done


def problems(state: State) -> list[Problem]:
    """What makes a complete position impossible, every problem with its player and rule:
    how many characters each holds, the display's size, tapped cards outside phases III-VI,
    the events and Great Works gone by this round, the building tiles on the spaces and in front
    of the players."""
    out: list[Problem] = []
    if state.phase == "setup":
        return [Problem(RULE, "the position does not say where the game stands (round, phase, Consul)")]
    kept = kept_count(state)
    for p in state.players:
        characters = sum(1 for c in p.cards if c.kind != "crane")
        want = kept + recruited(state, p.name)
        if characters != want:
            out.append(Problem("sylla.phase2.recruit", f"holds {characters} characters; by round {state.round}, phase {state.phase} "
                               f"a player holds {want} ({kept} kept at setup and one recruited a round)", p.name))
        if state.phase in ("I", "II", "VII") and any(c.tapped for c in p.cards):
            out.append(Problem("sylla.roundend", f"has tapped cards in phase {state.phase}; cards are untapped at the end of each round "
                               "and tapped only to pay in phase III", p.name))
        if p.set is None:
            out.append(Problem(RULE, "has no Income tile (set) given", p.name))
    size = display_size(state)
    if state.phase in ("I", "II", "VII") and state.display is not None:  # entered before the tiles, or after
        want = size - (state.turn if state.phase == "II" else 0)
        if len(state.display) != want:
            out.append(Problem("sylla.phase2.recruit", f"the display holds {len(state.display)} characters; it holds {want} at this point "
                               f"({size} laid out, one taken per recruit)"))
    elif state.display is not None:
        out.append(Problem("sylla.phase2.recruit", f"a display lies out only from the end of a round to recruitment, not in phase {state.phase}"))
    gone = state.round - (0 if state.phase in ("VI", "VII") else 1)
    if len(state.removed_events) != gone:
        out.append(Problem("sylla.phase5.removal", f"{len(state.removed_events)} events are removed; one leaves each round, so {gone} by this point"))
    if len(state.events) != 4:
        out.append(Problem("sylla.setup.events", "the event row is not given: 3 events and Decadence"))
    built = state.round - (0 if state.phase == "VII" else 1)
    if state.work is None or state.work_removed is None:
        out.append(Problem("sylla.setup.greatworks", "the Great Works are not given: this round's, the built ones, the removed one"))
    elif len(state.works_built) != built:
        out.append(Problem("sylla.phase6.work", f"{len(state.works_built)} Great Works are built; one is built each round, so {built} by this point"))
    on_spaces = sum(1 for t in state.spaces if t)
    want_spaces = {"I": 6, "II": 6, "III": 6 - state.offers, "VI": 0, "VII": 0}[state.phase]
    if on_spaces != want_spaces:
        out.append(Problem("sylla.phase3.sequence", f"{on_spaces} building tiles lie on the spaces; in phase {state.phase}"
                           + (f" after {state.offers} offers" if state.phase == "III" else "") + f" there are {want_spaces}"))
    bought = sum(len(p.tiles) for p in state.players) + state.cranes
    auctions = offers_limit(state) * (state.round - (0 if state.phase in ("VI", "VII") else 1)) + (state.offers if state.phase == "III" else 0)
    if bought > auctions:
        out.append(Problem("sylla.phase3.sequence", f"{bought} kept buildings and Crane cards lie in front of the players; "
                           f"only {auctions} tiles have been offered so far"))
    if state.tiles_out > buildings_total():
        out.append(Problem("sylla.data.buildings", f"{state.tiles_out} tiles would have been laid out; the game has {buildings_total()}"))
    return out
