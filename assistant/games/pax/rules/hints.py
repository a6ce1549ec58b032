"""What a refusal says instead: the entries the rules take now, in notation, and the phase in
words. Every rule module uses these for the ``hint`` of its :class:`IllegalMove`, so a refusal
always ends with what would be legal.
"""

from __future__ import annotations

from assistant.games.pax.state import DECK, HAND, ROMAN, PaxState, TurnState


def aurei(count: int) -> str:
    """``1 Aureus``, ``2 Aurei``: the money in messages.

    >>> aurei(1), aurei(3)
    ('1 Aureus', '3 Aurei')
    """
    return f"{count} Aureus" if count == 1 else f"{count} Aurei"


def free_destinations(state: PaxState, turn: TurnState) -> list[str]:
    """The places still free for a drawn card this turn (hand, deck, one Legion)."""
    free = [d for d in (HAND, DECK) if d not in turn.placed]
    if not any(p in ROMAN for p in turn.placed):
        free.append("a Legion (" + ", ".join(ROMAN[: len(state.legions)]) + ")")
    return free


def phase_text(state: PaxState) -> str:
    """What the table is doing now, in words (for "not now" refusals)."""
    if state.phase == "turn" and state.turn is not None:
        return f"it is {state.seats[state.turn.player]}'s turn (round {state.round})"
    return {
        "start": "the starting hands are being taken",
        "market": "the market is being laid out",
        "refill": "the round is over and the empty Legions are being refilled",
        "reveal": "the game is over and Rome's hidden cards are being revealed",
        "over": "the game is over",
        "position": "the position of a game picked up in progress is being entered",
    }.get(state.phase, state.phase)


def what_now(state: PaxState) -> str:
    """What can be entered now, in notation: the hint of a refusal says what is legal instead."""
    if state.phase == "over":
        return "nothing more: the game is over (assistant score shows the result)"
    who = state.seats[state.current]
    if state.phase == "position":
        missing = [s for s in state.seats if f"player:{s}" not in state.picking]
        first = f"position {missing[0]} aurei N hand N cards …, " if missing else ""
        return f"{first}position rome|legion|deck …, then position round N start NAME turn NAME (primus NAME)"
    if state.phase == "start":
        first = ", or start NAME" if state.kept == 0 and not state.solo else ""
        return f"{who} keep CARD{first}"
    if state.phase == "market":
        return f"market CARD, CARD, ... ({len(state.empty_legions())} Legions still need a card)"
    if state.phase == "refill":
        empty = ", ".join(ROMAN[i] for i in state.empty_legions())
        return f"refill LEGION CARD, ... (empty: {empty})"
    if state.phase == "reveal":
        return f"reveal CARD, ... (Rome has {state.rome_hidden} hidden card{'s' if state.rome_hidden != 1 else ''} left)"
    turn = state.turn
    if turn is None:
        return ""
    if not turn.draw_done:
        text = f"{who} draw CARD " + " or ".join(free_destinations(state, turn))
        return text + (f", or {who} peek instead of the whole turn" if not turn.placed else "")
    options = []
    if not turn.bought and not turn.played and any(state.legions):
        options.append(f"{who} buy LEGION")
    if state.players[turn.player].hand_size:
        options.append(f"{who} play CARD")
    options.append(f"{who} end")
    if turn.target == 0 and not (turn.bought or turn.played or turn.empty_deck_paid):
        options.append(f"{who} peek")
    return ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]
