"""The round of PAX: whose turn comes next, the end of the round (Rome takes the richest group,
the holder of Primus Conspiratus becomes start player, then the refill or the end of the game),
the refill of the empty Legions, and the final reveal of Rome's hidden cards.

``check_*`` functions judge an entry (raise :class:`IllegalMove`, change nothing); ``apply_*``
functions return the new state of a checked entry.
"""

from __future__ import annotations

from dataclasses import replace

from assistant.core.errors import IllegalMove
from assistant.games.pax.components import Card
from assistant.games.pax.deck import each, match, off_top, reveal, settle
from assistant.games.pax.moves import Refill, Reveal
from assistant.games.pax.state import ROMAN, PaxState, TurnState, World
from assistant.games.pax.rules.hints import phase_text, what_now


def new_turn(state: PaxState, index: int) -> TurnState:
    """The turn of seat ``index`` as it begins: it draws 3 cards (fewer when the deck is short)
    by the Religion symbols it has now (``pax.turn.draw``, ``pax.cat.religion``)."""
    player = state.players[index]
    return TurnState(player=index, target=min(3, state.deck_size), religion=player.symbols("religion"))


def next_turn(state: PaxState, events: list[str]) -> PaxState:
    """Pass the turn on clockwise, or end the round (``pax.round``)."""
    n = len(state.seats)
    if state.order_pos + 1 < n:
        pos = state.order_pos + 1
        return replace(state, order_pos=pos, turn=new_turn(state, (state.start + pos) % n), events=tuple(events))
    return end_round(state, events)


def richest_legion(state: PaxState) -> int | None:
    """``pax.roundend.rome``: the group of highest printed value; ties go to the lowest Legion."""
    best: int | None = None
    best_value = 0
    for i, group in enumerate(state.legions):
        if group:
            value = state.legion_value(i)
            if best is None or value > best_value:
                best, best_value = i, value
    return best


def end_round(state: PaxState, events: list[str]) -> PaxState:
    """Rome takes the richest group, the PC holder becomes start player, then the refill or,
    when the deck cannot refill every empty Legion (or ran out), the end of the game."""
    events = list(events)
    rome = state.rome
    legions = state.legions
    start = state.start
    skip_take = state.deck_size == 0 and not state.last_take
    legion = None if skip_take else richest_legion(state)
    if legion is not None:
        group = legions[legion]
        events.append(
            f"end of round {state.round}: Rome takes the group under Legion {ROMAN[legion]}"
            f" ({', '.join(c.token() for c in group)}; worth {state.legion_value(legion)})"
        )
        rome = rome + group
        legions = tuple(() if i == legion else g for i, g in enumerate(legions))
    elif skip_take:
        events.append(f"end of round {state.round}: the deck ran out; Rome takes nothing (option last_take=no)")
    else:
        events.append(f"end of round {state.round}: every Legion is empty; Rome takes nothing")
    if state.pc is not None and state.pc != start:
        start = state.pc
        events.append(f"{state.seats[state.pc]} holds Primus Conspiratus and becomes start player")
    empty = [i for i, group in enumerate(legions) if not group]
    deck_size = state.deck_size
    if deck_size == 0 or deck_size < len(empty):
        events.append(
            f"the deck ({deck_size} cards) cannot refill the {len(empty)} empty Legions: the game ends;"
            " reveal Rome's 3 hidden cards"
        )
        return replace(
            state, rome=rome, legions=legions, start=start, turn=None, phase="reveal", order_pos=0, events=tuple(events)
        )
    worlds = each(state.worlds, lambda w: off_top(w, len(empty)))
    labels = ", ".join(ROMAN[i] for i in empty)
    events.append(f"refill Legion{'s' if len(empty) != 1 else ''} {labels} from the deck")
    return settle(
        state, worlds, rome=rome, legions=legions, start=start, turn=None, phase="refill", order_pos=0, events=tuple(events)
    )


def legion_index(state: PaxState, label: str) -> int:
    """The index of Legion ``label``; raises when this game has no such Legion
    (``pax.setup.legions``: players + 1 Legions, 3 in solitaire)."""
    if label not in ROMAN or ROMAN.index(label) >= len(state.legions):
        labels = ", ".join(ROMAN[: len(state.legions)])
        raise IllegalMove(
            "pax.setup.legions",
            f"there is no Legion {label or '(none)'} in this game: {len(state.legions)} Legions lie out ({labels})",
            hint=f"use one of {labels}",
        )
    return ROMAN.index(label)


def start_round(state: PaxState, worlds: tuple[World, ...], legions: tuple[tuple[Card, ...], ...], round_: int) -> PaxState:
    """The state once the face-up cards are all placed: the window is closed and the start
    player begins round ``round_`` (after the market, or after a refill)."""
    new = settle(state, worlds, legions=legions, phase="turn", round=round_, order_pos=0)
    return replace(new, turn=new_turn(new, new.start), events=(f"round {round_}: {new.seats[new.start]} starts",))


# -- refill -----------------------------------------------------------------------------------
def _refilled(state: PaxState, move: Refill) -> tuple[tuple[World, ...], tuple[tuple[Card, ...], ...]]:
    """The worlds (window, deck, seen counts) and Legions after the refill; raises when it
    cannot be (``pax.roundend.refill``)."""
    if state.phase != "refill" or state.window is None:
        raise IllegalMove(
            "pax.roundend.refill", f"no Legion is being refilled now: {phase_text(state)}", hint=what_now(state)
        )
    worlds = state.worlds
    legions = list(state.legions)
    for card, label in zip(move.cards, move.legions):
        if not label:
            raise IllegalMove(
                "pax.roundend.refill", f"no empty Legion is left for {card.token()}", hint=what_now(state)
            )
        i = legion_index(state, label)
        if legions[i]:
            empty = [ROMAN[j] for j, g in enumerate(legions) if not g]
            raise IllegalMove(
                "pax.roundend.refill",
                f"Legion {label} is not empty; only empty Legions get a new card",
                hint="empty: " + (", ".join(empty) or "none"),
            )
        worlds = match(worlds, card, f"the new card for Legion {label}", rule="pax.roundend.refill")
        legions[i] = (card,)
    return worlds, tuple(legions)


def check_refill(state: PaxState, move: Refill) -> None:
    """Judge a refill: only empty Legions, cards that can be the ones off the deck."""
    _refilled(state, move)


def apply_refill(state: PaxState, move: Refill) -> PaxState:
    """Lay the new cards; once every empty Legion has one, the next round begins."""
    worlds, legions = _refilled(state, move)
    window = worlds[0].window
    if window is None or window.to_place == 0:
        return start_round(state, worlds, legions, state.round + 1)
    return settle(state, worlds, legions=legions, events=())


# -- reveal -----------------------------------------------------------------------------------
def _revealed(state: PaxState, move: Reveal) -> tuple[World, ...]:
    """The worlds (seen counts) once the cards are turned up; raises when they cannot be Rome's
    hidden cards (``pax.winner.reveal``, ``pax.data.cards``)."""
    if state.phase != "reveal":
        raise IllegalMove(
            "pax.winner.reveal",
            f"Rome's hidden cards are revealed at the end of the game; now {phase_text(state)}",
            hint=what_now(state),
        )
    if len(move.cards) > state.rome_hidden:
        raise IllegalMove(
            "pax.winner.reveal",
            f"Rome has {state.rome_hidden} hidden card{'s' if state.rome_hidden != 1 else ''} left, not {len(move.cards)}",
            hint=what_now(state),
        )
    worlds = state.worlds
    for card in move.cards:
        worlds = reveal(worlds, card, "Rome's hidden card")
    return worlds


def check_reveal(state: PaxState, move: Reveal) -> None:
    """Judge a reveal: at the game end, no more cards than Rome hides, each one still unseen."""
    _revealed(state, move)


def apply_reveal(state: PaxState, move: Reveal) -> PaxState:
    """Turn up Rome's cards; the game is over once all are revealed."""
    hidden = state.rome_hidden - len(move.cards)
    return settle(
        state,
        _revealed(state, move),
        rome_hidden=hidden,
        rome_revealed=state.rome_revealed + move.cards,
        phase="over" if hidden == 0 else state.phase,
        events=(),
    )
