"""Correction entries (``pax.correct``): a physical mistake noticed late, recorded with its
reason. Not a turn: it changes what it says (a player's Aurei, where a card of a display lies
or what it shows, who holds Primus Conspiratus) and nothing else; the turn, the phase and what
is awaited stay as they were. A card correction applies to every reading of the deck
(``PaxState.others``) and may move Primus Conspiratus as the rule of ``pax.cat.primus-conspiratus``
then requires.
"""

from __future__ import annotations

from dataclasses import replace

from assistant.core.errors import IllegalMove
from assistant.games.pax.components import CATEGORIES, Card, category_total
from assistant.games.pax.deck import distinct, settle
from assistant.games.pax.moves import AUREI, CARD, Correct
from assistant.games.pax.rules.turn import pc_measure
from assistant.games.pax.state import PaxState, PlayerState, World

RULE = "pax.correct"


def _n_aurei(count: int) -> str:
    return f"{count} {'Aureus' if count == 1 else 'Aurei'}"


def _seat(state: PaxState, name: str) -> int:
    if name not in state.seats:
        raise IllegalMove(RULE, f"{name} is not a player", hint="the players are " + ", ".join(state.seats))
    return state.seats.index(name)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _recount(world: World, old: Card, new: Card) -> World | None:
    """``world`` with one seen ``old`` face read as ``new`` (``None``: no such world, every
    card of ``new``'s category is already elsewhere in it)."""
    seen = list(world.seen)
    seen[CATEGORIES.index(old.category)] -= 1
    seen[CATEGORIES.index(new.category)] += 1
    if seen[CATEGORIES.index(new.category)] > category_total(new.category):
        return None
    return replace(world, seen=tuple(seen))


def _pc_after(state: PaxState, players: tuple[PlayerState, ...]) -> int | None:
    """Who holds Primus Conspiratus once the displays are ``players``: the holder keeps it
    while nobody has more; otherwise the player with the most (the first in seat order when
    several tie: a ``primus`` correction then names the right one)."""
    measures = [pc_measure(state, p) for p in players]
    best = max(measures, default=0)
    if best == 0:
        return None
    if state.pc is not None and measures[state.pc] == best:
        return state.pc
    return measures.index(best)


def _card_result(state: PaxState, move: Correct) -> PaxState:
    """The state after a card correction (checked), without the bookkeeping of ``apply``."""
    assert move.card is not None
    index = _seat(state, move.player)
    player = state.players[index]
    if move.card not in player.display:
        shown = ", ".join(c.token() for c in player.display) or "no card"
        raise IllegalMove(
            RULE,
            f"{move.player}'s display holds no {move.card.token()}, so it cannot be moved",
            hint=f"{move.player}'s display: {shown}",
        )
    players = list(state.players)
    players[index] = replace(player, display=_without(player.display, move.card))
    worlds = state.worlds
    if move.to_player:
        target = _seat(state, move.to_player)
        if target == index:
            raise IllegalMove(RULE, f"the {move.card.token()} is already in {move.player}'s display",
                              hint=f"correct {move.player} card {move.card.token()} to OTHER PLAYER because ...")
        players[target] = replace(players[target], display=players[target].display + (move.card,))
    else:
        assert move.to_card is not None
        if move.to_card == move.card:
            raise IllegalMove(RULE, f"the card already reads {move.card.token()}: nothing to correct",
                              hint="give the face the card really shows, e.g. to fleet 3/2")
        players[index] = replace(players[index], display=players[index].display + (move.to_card,))
        kept = [w for w in (_recount(w, move.card, move.to_card) for w in worlds) if w is not None]
        if not kept:
            total = category_total(move.to_card.category)
            raise IllegalMove(
                RULE,
                f"{move.to_card.token()} cannot be: all {total} {move.to_card.category} cards are already"
                " elsewhere (hands, displays, Legions, Rome, or known under the deck)",
                hint="check the category of the card; another entry may have the wrong one",
            )
        worlds = distinct(kept)
    new_players = tuple(players)
    if not state.solo:
        for p in new_players:
            for cat in ("fleet", "army"):
                if p.symbols(cat) > p.limit():
                    raise IllegalMove(
                        RULE,
                        f"{p.name} would have {p.symbols(cat)} {cat.title()} symbols, over the limit of {p.limit()}"
                        " (the larger of the Estate and Conspiracy symbols, pax.cat.limit)",
                        hint="correct the Estate or Conspiracy card first if it lies in the wrong place",
                    )
    return settle(state, worlds, players=new_players, pc=_pc_after(state, new_players))


def check_correct(state: PaxState, move: Correct) -> None:
    """Judge a correction: a real player, a reason, Aurei never below zero, a card really in
    the display and a place it can be, Primus Conspiratus only to a player with the most."""
    index = _seat(state, move.player)
    if not move.reason.strip():
        raise IllegalMove(RULE, "a correction says why it is made", hint=f"correct {move.player} ... because REASON")
    if move.thing == AUREI:
        if move.change == 0:
            raise IllegalMove(RULE, "a change of 0 Aurei corrects nothing", hint="a change such as +1 or -2")
        player = state.players[index]
        if player.aureus + move.change < 0 and not player.aurei_unknown:
            raise IllegalMove(
                RULE,
                f"{move.player} cannot give back {_n_aurei(-move.change)}: the Aurei would go below zero",
                hint=f"count the Aurei behind {move.player}'s screen again; the change is entered, never the total",
            )
        return
    if move.thing == CARD:
        _card_result(state, move)
        return
    measures = [pc_measure(state, p) for p in state.players]
    if state.pc == index:
        raise IllegalMove(RULE, f"{move.player} already holds Primus Conspiratus: nothing to correct",
                          hint="name the player who should hold it")
    word = "Conspiracy cards" if state.pc_count == "cards" else "Conspiracy symbols"
    if measures[index] == 0 or measures[index] < max(measures):
        raise IllegalMove(
            RULE,
            f"{move.player} cannot hold Primus Conspiratus: it goes to the most {word}"
            f" ({move.player} {measures[index]}, the most {max(measures)})",
            hint="correct the Conspiracy cards first if one lies in the wrong display",
        )


def apply_correct(state: PaxState, move: Correct) -> PaxState:
    """The corrected state, with its event and its note for the score sheet."""
    index = state.seats.index(move.player)
    ply = state.ply + 1
    if move.thing == AUREI:
        player = state.players[index]
        new = replace(state, players=state.with_player(index, replace(player, aureus=player.aureus + move.change)))
        what = f"{move.player} {move.change:+d} {'Aureus' if abs(move.change) == 1 else 'Aurei'}"
    elif move.thing == CARD:
        assert move.card is not None
        new = _card_result(state, move)
        to = f"to {move.to_player}'s display" if move.to_player else f"read as {move.to_card.token() if move.to_card else ''}"
        what = f"{move.player}'s {move.card.token()} {to}"
    else:
        new = replace(state, pc=index)
        what = f"Primus Conspiratus to {move.player}"
    events = [f"correction: {what} (because {move.reason})"]
    if new.pc != state.pc and move.thing == CARD:
        holder = new.seats[new.pc] if new.pc is not None else "nobody"
        events.append(f"Primus Conspiratus now with {holder}")
        what += f"; Primus Conspiratus to {holder}"
    note = f"correction at ply {ply}: {what} ({move.reason}) [{RULE}]"
    return replace(new, events=tuple(events), corrections=state.corrections + (note,))
