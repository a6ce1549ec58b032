"""What the PAX table sees: the prompt (whose entry, which kinds), the state as JSON-able data
(hands and Aurei only when revealed), the events an entry set off, and the words worth
completing at the prompt.
"""

from __future__ import annotations

from typing import Any

from assistant.core.protocol import Prompt
from assistant.games.pax.components import CATEGORIES, symbol_counts
from assistant.games.pax.rules import start_draw
from assistant.games.pax.rules.hints import free_destinations
from assistant.games.pax.rules.turn import religion_level
from assistant.games.pax.scoring import solo_target
from assistant.games.pax.state import ROMAN, PaxState


def expecting(state: PaxState) -> Prompt:
    """What the game waits for now: whose entry, the phase, the kinds of entry and the words
    (card categories, hand cards, Legions) worth completing."""
    who = state.seats[state.current]
    if state.phase == "start":
        drawn, plays = start_draw(state, state.kept)
        extra = f", plays {plays}" if plays else ""
        msg = f"{who} draws {drawn} starting cards, keeps 1{extra} and slides the rest under the deck"
        kinds = ("keep", "start") if state.kept == 0 and not state.solo else ("keep",)
        return Prompt((who,), "setup: starting cards", kinds, msg, CATEGORIES)
    if state.phase == "market":
        left = len(state.empty_legions())
        return Prompt((), "setup: market", ("market",), f"{left} face-up card(s) under the Legions", CATEGORIES)
    if state.phase == "turn" and state.turn is not None:
        turn = state.turn
        phase = f"round {state.round}, {who}'s turn"
        if not turn.draw_done:
            left = turn.target - len(turn.placed)
            kinds: tuple[str, ...] = ("draw", "peek") if not turn.placed else ("draw",)
            msg = f"{who} draws {left} more card(s): to " + ", ".join(free_destinations(state, turn))
            if not turn.placed:
                msg += _draw_note(turn.religion, turn.target)
        else:
            kinds = ("play", "end") if turn.bought or turn.played else ("buy", "play", "end")
            msg = f"{who} may " + ", ".join(kinds)
            if turn.target == 0 and not turn.placed and not turn.empty_deck_paid:
                kinds = (*kinds, "peek")
                msg = (
                    f"the deck is empty: {who} takes 2 Aurei instead of drawing, then may buy, play, end"
                    " (or peek instead of the whole turn)"
                )
        # no card of the hand: completing it at the prompt would show the hand (pax.hidden)
        words = ROMAN[: len(state.legions)] + ("hand", "deck", "?")
        return Prompt((who,), phase, kinds, msg, words + CATEGORIES)
    if state.phase == "refill":
        empty = ", ".join(ROMAN[i] for i in state.empty_legions())
        return Prompt((), f"end of round {state.round}", ("refill",), f"a face-up card under Legion {empty}", CATEGORIES)
    if state.phase == "reveal":
        return Prompt((), "game end", ("reveal",), f"turn up Rome's {state.rome_hidden} hidden card(s)", CATEGORIES)
    return Prompt((), "over")


def _draw_note(religion: int, target: int) -> str:
    """How the draw goes (``pax.cat.religion``, ``pax.open.partial-draw``)."""
    note = ""
    if target < 3:
        note += f" (the deck holds only {target})"
    level = religion_level(religion)
    if level == 6 and target > 1:
        note += f"; with {religion} Religion symbols all 3 together, then place them"
    elif level == 3 and target > 1:
        note += (
            f"; with {religion} Religion symbols 2 together: first one of them under a Legion or the deck,"
            " then the third, then the hand"
        )
    return note


def describe(state: PaxState, reveal: bool = False) -> dict[str, Any]:
    """The state as JSON-able data: the phase, the round, the deck, the Legions, Rome and the
    players' displays and hand sizes (``pax.hidden``). Each player's hand faces only with
    ``reveal`` (a card entered unknown shows as ``?``); the Aurei with ``reveal`` or once the
    game is over, when the rules reveal them (``pax.hidden.money``)."""
    prompt = expecting(state)
    players = []
    for i, p in enumerate(state.players):
        entry: dict[str, Any] = {
            "name": p.name,
            "display": {cat: {"cards": p.cards(cat), "symbols": p.symbols(cat)} for cat in CATEGORIES if p.cards(cat)},
            "limit": p.limit(),
            "primus_conspiratus": state.pc == i,
            "start_player": state.start == i,
            "hand_cards": p.hand_size,
        }
        if reveal or state.phase == "over":
            entry["aureus"] = p.aureus
        if reveal:
            entry["hand"] = [c.token() for c in p.hand] + ["?"] * p.unknown
        players.append(entry)
    data: dict[str, Any] = {
        "phase": prompt.phase,
        "waiting_for": prompt.message,
        "round": state.round,
        "deck": state.deck_size,
        "legions": {
            ROMAN[i]: {"cards": [c.token() for c in g], "value": state.legion_value(i)} for i, g in enumerate(state.legions)
        },
        "rome": {
            "face_up": [c.token() for c in state.all_rome()],
            "hidden": state.rome_hidden,
            "symbols": symbol_counts(state.all_rome()),
        },
        "players": players,
    }
    if state.solo:
        data["solo_level"] = state.level
        data["solo_goal"] = f"all 7 categories played and stronger than Rome in {solo_target(state.level)}"
    if state.events:
        data["last"] = list(state.events)
    return data


def events(before: PaxState, after: PaxState) -> list[str]:
    """What the entry did and set off (income, Rome's take at the end of a round, refills,
    the verdict), as the rules recorded it on the new state."""
    return list(after.events)


def completions(state: PaxState) -> list[str]:
    """Words worth completing at the prompt now: the entry kinds, the player, cards in hand,
    Legions, categories."""
    prompt = expecting(state)
    return sorted({*prompt.kinds, *prompt.players, *prompt.words})
