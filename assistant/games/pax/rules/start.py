"""The start of PAX: the table before the first entry, the first start player, the starting
hands (2, 3, 4, 5 cards from the start player; the solitaire levels' draws and plays) and the
market (the first face-up card under each Legion).

``check_*`` functions judge an entry (raise :class:`IllegalMove`, change nothing); ``apply_*``
functions return the new state of a checked entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from assistant.core.wording import counted
from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.games.pax.components import Card, components
from assistant.games.pax.deck import each, match, off_top, place_unknown, put_bottom, settle
from assistant.games.pax.moves import Keep, Market, StartPlayer
from assistant.games.pax.state import ROMAN, DeckPart, PaxState, PlayerState, World
from assistant.games.pax.rules.hints import phase_text, what_now
from assistant.games.pax.rules.rounds import start_round
from assistant.games.pax.rules.turn import update_pc


def setup(seats: Sequence[str], options: Mapping[str, str]) -> PaxState:
    """The table before the first entry (``pax.setup``, ``pax.solo.setup``): cards removed
    unseen, Rome's 3 face-down cards, 5 Aurei each, players + 1 Legions (3 in solitaire)."""
    data = components()
    n = len(seats)
    try:
        level = int(options.get("level", "1"))
    except ValueError:
        raise InvalidEntry("pax.solo.levels", "option level must be 1 to 5") from None
    if not 1 <= level <= 5:
        raise InvalidEntry("pax.solo.levels", "option level must be 1 to 5")
    if n == 1:
        removed = int(data["solo"]["set_aside"])
        legions = int(data["solo"]["legions"])
    else:
        removed = int(data["removed_at_setup"][str(n)])
        legions = n + 1
    hidden = int(data["rome_hidden_cards"])
    unknown = int(data["influence_cards"]) - removed - hidden
    players = tuple(PlayerState(name, int(data["start_aureus"])) for name in seats)
    return PaxState(
        seats=tuple(seats),
        players=players,
        phase="start",
        deck=(DeckPart(unknown=unknown),),
        legions=((),) * legions,
        removed=removed,
        rome_hidden=hidden,
        level=level,
        pc_count=options.get("pc", "symbols"),
        last_take=options.get("last_take", "yes") == "yes",
        card_checks=options.get("card_checks", "notes"),
    )


def start_draw(state: PaxState, order: int) -> tuple[int, int]:
    """How many starting cards the ``order``-th player draws and how many he must play
    (``pax.setup.hands``; the solitaire levels of ``pax.solo.levels``)."""
    if state.solo:
        level = components()["solo"]["levels"][str(state.level)]
        return int(level["start_draw"]), int(level["start_play"])
    return 2 + order, 0


# -- the start player -------------------------------------------------------------------------
def check_start(state: PaxState, move: StartPlayer) -> None:
    """The start player is chosen before anyone takes starting cards (``pax.setup.start-player``)."""
    if state.phase != "start" or state.kept:
        raise IllegalMove(
            "pax.setup.start-player",
            "the start player is chosen before anyone takes starting cards; it is too late now",
            hint=what_now(state),
        )


def apply_start(state: PaxState, move: StartPlayer) -> PaxState:
    """``move.player`` takes the Primus card."""
    first = state.seats.index(move.player)
    return replace(state, start=first, first_start=first, events=(f"{move.player} takes the Primus card",))


# -- the starting hands -----------------------------------------------------------------------
def _kept(state: PaxState, move: Keep) -> tuple[int, tuple[World, ...]]:
    """How many cards were drawn, and the worlds (deck and seen counts) once the kept, played
    and returned cards are matched against them; raises when the entry cannot be
    (``pax.setup.hands``, ``pax.solo.levels``, ``pax.data.cards``)."""
    if state.phase != "start":
        raise IllegalMove(
            "pax.setup.hands",
            f"{move.player} cannot keep a starting card now: the starting hands are done",
            hint=what_now(state),
        )
    current = state.seats[state.current]
    if move.player != current:
        raise IllegalMove(
            "pax.setup.hands",
            f"{current} takes starting cards now, not {move.player} (clockwise from the start player)",
            hint=f"{current} keep CARD",
        )
    drawn, must_play = start_draw(state, state.kept)
    if len(move.played) != must_play:
        if state.solo:
            raise IllegalMove(
                "pax.solo.levels",
                f"in solitaire game {state.level} {move.player} plays {must_play} of the starting cards, not {len(move.played)}",
                hint=f"keep CARD play {', '.join(['CARD'] * must_play)}" if must_play else "keep CARD",
            )
        raise IllegalMove(
            "pax.setup.hands",
            f"{move.player} plays no card at setup; starting cards are kept or slid under the deck",
            hint=f"{move.player} keep CARD",
        )
    back = drawn - 1 - must_play
    if move.returned and len(move.returned) != back:
        raise IllegalMove(
            "pax.setup.hands",
            f"{move.player} drew {counted(drawn, 'card')} and slides {back} under the deck, not {len(move.returned)}",
            hint=f"list all {back} returned cards, or none (they stay unknown)",
        )
    worlds = each(state.worlds, lambda w: off_top(w, drawn))
    where = f"{move.player}'s starting cards"
    known = (move.card,) if move.card is not None else ()
    for card in (*known, *move.played, *move.returned):
        worlds = match(worlds, card, where, rule="pax.setup.hands")
    if move.card is None:
        worlds = place_unknown(worlds, where, state.current, "hand", "", rule="pax.setup.hands")
    return drawn, each(worlds, lambda w: replace(w, deck=put_bottom(w.deck, move.returned, unknown=_left(w)), window=None))


def _left(world: World) -> int:
    """The cards off the deck nobody entered (they go back under the deck unseen)."""
    return world.window.to_place if world.window else 0


def check_keep(state: PaxState, move: Keep) -> None:
    """Judge a starting hand: the right player, the right number of cards played (solitaire)
    and returned, and cards that can be the ones drawn."""
    _kept(state, move)


def apply_keep(state: PaxState, move: Keep) -> PaxState:
    """The kept card goes to hand, the played ones to the display (which may hand out Primus
    Conspiratus), the rest under the deck; after the last player the market comes."""
    drawn, worlds = _kept(state, move)
    index = state.current
    player = state.players[index]
    if move.card is None:
        player = replace(player, unknown=player.unknown + 1, display=player.display + move.played)
    else:
        player = replace(player, hand=player.hand + (move.card,), display=player.display + move.played)
    players = state.with_player(index, player)
    events = [f"{move.player} keeps 1 of {counted(drawn, 'card')}"]
    pc = state.pc
    if move.played:
        events.append(f"{move.player} plays {', '.join(c.token() for c in move.played)} (free, limit ignored)")
        pc, more = update_pc(state, players, index)
        events += more
    return settle(
        state,
        worlds,
        players=players,
        kept=state.kept + 1,
        phase="market" if state.kept + 1 == len(state.seats) else state.phase,
        pc=pc,
        events=tuple(events),
    )


# -- the market -------------------------------------------------------------------------------
def _laid(state: PaxState, move: Market) -> tuple[tuple[World, ...], tuple[tuple[Card, ...], ...]]:
    """The worlds (window, deck, seen counts) and Legions once the market cards are laid;
    raises when they cannot be (``pax.setup.market``, ``pax.data.cards``)."""
    if state.phase != "market":
        raise IllegalMove(
            "pax.setup.market",
            f"the market is laid out once, after the starting hands; now {phase_text(state)}",
            hint=what_now(state),
        )
    empty = state.empty_legions()
    if len(move.cards) > len(empty):
        raise IllegalMove(
            "pax.setup.market",
            f"only {len(empty)} Legion{'s' if len(empty) != 1 else ''} still need a card, not {len(move.cards)}",
            hint=f"market with {len(empty)} card{'s' if len(empty) != 1 else ''}, one per Legion in order",
        )
    count = len(state.legions)
    worlds = state.worlds if state.window else each(state.worlds, lambda w: off_top(w, count))
    legions = list(state.legions)
    for card, legion in zip(move.cards, empty):
        worlds = match(worlds, card, f"the card for Legion {ROMAN[legion]}", rule="pax.setup.market")
        legions[legion] = (card,)
    return worlds, tuple(legions)


def check_market(state: PaxState, move: Market) -> None:
    """Judge market cards: no more than the empty Legions, each one a card off the deck."""
    _laid(state, move)


def apply_market(state: PaxState, move: Market) -> PaxState:
    """Lay the cards under the Legions in order; once all have one, round 1 begins."""
    worlds, legions = _laid(state, move)
    if not _left(worlds[0]):
        return start_round(state, worlds, legions, 1)
    return settle(state, worlds, legions=legions, events=())
