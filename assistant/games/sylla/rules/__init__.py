"""Sylla's rules: ``check`` judges an entry and ``apply`` plays it. Each phase's checks and
effects live in their own module here (setup, election, recruitment, auction, income, events,
greatwork, famine, endgame); this package dispatches an entry to the module of the current
phase and runs the automatic steps (income, famine, crises, ...) until the game waits for
someone's entry again."""

from __future__ import annotations

from types import ModuleType

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.rules import (
    auction,
    correct,
    election,
    endgame,
    events,
    famine,
    greatwork,
    hidden,
    income,
    pickup,
    recruitment,
    setup,
)
from assistant.games.sylla.state import State

__all__ = ["PHASES", "apply", "check"]

PHASES: dict[str, ModuleType] = {
    "setup": setup, "I": election, "II": recruitment, "III": auction, "IV": income, "V": events,
    "VI": greatwork, "VII": famine, "end": endgame,
}
"""The module holding each phase's ``check`` and ``apply``."""

NEXT_START = {
    "setup": election.start, "I": recruitment.start, "II": auction.start, "III": income.start,
    "IV": events.start, "V": greatwork.start, "VI": famine.start, "VII": election.start,
}


def check(state: State, move: object) -> None:
    """Raise IllegalMove (with its rule id) when ``move`` may not be entered now; never
    changes ``state``."""
    if not isinstance(move, m.MOVE_TYPES):
        raise IllegalMove("sylla.notation", "not a Sylla entry")
    if isinstance(move, m.POSITION_TYPES):  # before the first move only (rule sylla.position)
        pickup.check(state, move)
        return
    if state.phase == "over":
        raise IllegalMove("sylla.end", "the game is over")
    if state.picked and not state.moved and not isinstance(move, m.BoardMove):  # the block is done: does it add up?
        pickup.check_block_done(state)
    if isinstance(move, m.RevealingMove):  # the counts first, then the entry
        scratch = state.clone()
        for fact in move.shown:
            hidden.check_tokens(scratch, fact)
            hidden.take_tokens(scratch, fact)
        if isinstance(move.move, m.RevealingMove):
            raise IllegalMove("sylla.hidden.tokens", "one '|' list of counts per entry")
        check(scratch, move.move)
        return
    if isinstance(move, m.CorrectMove):
        correct.check(state, move)
        return
    if isinstance(move, m.TokensMove):
        hidden.check_tokens(state, move)
        return
    if isinstance(move, m.DisplayMove):
        recruitment.check_display(state, move)
        return
    PHASES[state.phase].check(state, move)


def apply(state: State, move: object) -> State:
    """The state after a checked ``move``, with the automatic steps that follow it run until
    an entry is awaited again. ``state`` itself is left as it was."""
    new = state.clone()
    play(new, move)
    # the position block ends with the first other entry (the board may come first: rule sylla.position)
    new.moved = state.moved or not isinstance(move, (*m.POSITION_TYPES, m.BoardMove))
    while new.step == "done":
        NEXT_START[new.phase](new)
    for name, kind, count in new.shown:  # what the rules revealed, the whole table saw
        new.player(name).see_count(kind, count)
    return new


def play(state: State, move: object) -> None:
    """Play a checked ``move`` on ``state`` itself (``apply`` runs the automatic steps after)."""
    if isinstance(move, m.POSITION_TYPES):
        pickup.apply(state, move)
        return
    if isinstance(move, m.RevealingMove):
        for fact in move.shown:
            hidden.take_tokens(state, fact)
            hidden.see_tokens(state, fact)
        play(state, move.move)
        return
    if isinstance(move, m.CorrectMove):
        correct.apply(state, move)
        return
    if isinstance(move, m.TokensMove):
        hidden.take_tokens(state, move)
        hidden.see_tokens(state, hidden.public_counts(state, move))
        if state.step == "VII.crisis":
            famine.resume(state)
        elif state.step == "end.tokens":
            endgame.finish(state)
        return
    if isinstance(move, m.DisplayMove):
        recruitment.apply_display(state, move)
        return
    PHASES[state.phase].apply(state, move)
