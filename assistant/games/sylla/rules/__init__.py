"""Sylla's rules: ``check`` judges an entry and ``apply`` plays it. Each phase's checks and
effects live in their own module here (setup, election, recruitment, auction, income, events,
greatwork, famine, endgame). :data:`TABLE` declares them as every game does
(:mod:`assistant.core.dispatch`): each entry type's check and apply, and the entry types each
phase takes; ``check`` and ``apply`` dispatch through it, and ``apply`` runs the automatic
steps (income, famine, crises, ...) until the game waits for someone's entry again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.core.dispatch import Rule, RuleTable
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
from assistant.games.sylla.state import AnyState, Draft, State

__all__ = ["PHASE_CHECKS", "PHASE_PLAYS", "TABLE", "apply", "check", "phase_of"]

Check = Callable[[State, object], None]
Play = Callable[[Draft, object], None]

PHASE_CHECKS: dict[str, Check] = {
    "setup": setup.check, "I": election.check, "II": recruitment.check, "III": auction.check, "IV": income.check,
    "V": events.check, "VI": greatwork.check, "VII": famine.check, "end": endgame.check,
}
"""Each phase's ``check``: it judges the entries the phase takes and refuses, in the phase's
own words, an entry of a type the phase does not take."""

PHASE_PLAYS: dict[str, Play] = {
    "setup": setup.apply, "I": election.apply, "II": recruitment.apply, "III": auction.apply, "IV": income.apply,
    "V": events.apply, "VI": greatwork.apply, "VII": famine.apply, "end": endgame.apply,
}
"""Each phase's ``apply``, playing a checked entry of a type the phase takes."""

NEXT_START = {
    "setup": election.start, "I": recruitment.start, "II": auction.start, "III": income.start,
    "IV": events.start, "V": greatwork.start, "VI": famine.start, "VII": election.start,
}


def phase_of(state: AnyState) -> str:
    """The phase ``state`` is in, as a key of ``TABLE.phases``: ``setup``, ``I`` to ``VII``,
    ``end`` (the Ecclesia, the Slaves freed, the tokens shown) and ``over``."""
    return state.phase


# -- the checks and plays of each entry type ------------------------------------------------------
def _check_in_phase(state: State, move: object) -> None:
    """An entry type more than one phase takes (a bid, a work, ...): the current phase's check."""
    PHASE_CHECKS[phase_of(state)](state, move)


def _play_in_phase(state: Draft, move: object) -> None:
    """An entry type more than one phase takes: the current phase's apply."""
    PHASE_PLAYS[phase_of(state)](state, move)


def _check_revealing(state: State, move: m.RevealingMove) -> None:
    """An entry with the token counts it reveals (``... | Red tokens health 2``): the counts
    first, then the entry, judged on the state the counts leave."""
    scratch = state
    for fact in move.shown:
        hidden.check_tokens(scratch, fact)
        draft = scratch.edit()
        hidden.take_tokens(draft, fact)
        scratch = draft.freeze()
    if isinstance(move.move, m.RevealingMove):
        raise IllegalMove("sylla.hidden.tokens", "one '|' list of counts per entry")
    check(scratch, move.move)


def _play_revealing(state: Draft, move: m.RevealingMove) -> None:
    for fact in move.shown:
        hidden.take_tokens(state, fact)
        hidden.see_tokens(state, fact)
    _play(state, move.move)


def _play_tokens(state: Draft, move: m.TokensMove) -> None:
    """Counts named: taken, shown to the table as far as a reveal shows them; the last ones a
    crisis or the end waited for let it go on."""
    hidden.take_tokens(state, move)
    hidden.see_tokens(state, hidden.public_counts(state, move))
    if state.step == "VII.crisis":
        famine.resume(state)
    elif state.step == "end.tokens":
        endgame.finish(state)


_RULES: dict[type, tuple[Callable[[State, Any], None], Callable[[Draft, Any], None]]] = {
    # setup (sylla.setup.*); the events, works and tiles come back later in the game
    m.BoardMove: (setup.check, setup.apply),
    m.SetsMove: (setup.check, setup.apply),
    m.KeepMove: (setup.check, setup.apply),
    m.EventsMove: (_check_in_phase, _play_in_phase),  # setup; V: the event drawn into the empty slot
    m.RemoveWorkMove: (setup.check, setup.apply),
    m.WorkMove: (_check_in_phase, _play_in_phase),  # setup; VI: next round's work revealed
    m.TilesMove: (_check_in_phase, _play_in_phase),  # setup; VII: the new tiles
    # I: the election; III: the auction
    m.BidMove: (_check_in_phase, _play_in_phase),
    m.PassMove: (_check_in_phase, _play_in_phase),
    m.TokenMove: (election.check, election.apply),
    # II: recruitment
    m.RecruitMove: (recruitment.check, recruitment.apply),
    # III: the buildings
    m.OfferMove: (auction.check, auction.apply),
    m.PayMove: (auction.check, auction.apply),
    m.InsulaMove: (auction.check, auction.apply),
    m.CraneMove: (auction.check, auction.apply),
    # IV: income
    m.TempleMove: (income.check, income.apply),
    m.TavernMove: (income.check, income.apply),
    m.DoneMove: (income.check, income.apply),
    # V: events
    m.CubeMove: (events.check, events.apply),
    m.PreventMove: (events.check, events.apply),
    m.DownMove: (events.check, events.apply),
    m.RemoveEventMove: (events.check, events.apply),
    # VI: the Great Work's vote; end: the Ecclesia
    m.VoteMove: (_check_in_phase, _play_in_phase),
    m.FistsMove: (_check_in_phase, _play_in_phase),
    m.FreeMove: (endgame.check, endgame.apply),
    # any phase until the game is over
    m.TokensMove: (hidden.check_tokens, _play_tokens),
    m.RevealingMove: (_check_revealing, _play_revealing),
    m.CorrectMove: (correct.check, correct.apply),
    m.DisplayMove: (recruitment.check_display, recruitment.apply_display),
    # the position block of a game picked up in progress (before the first move only)
    **{kind: (pickup.check, pickup.apply) for kind in m.POSITION_TYPES},
}


def _play(state: Draft, move: object) -> None:
    """Play a checked ``move`` on ``state`` itself (the rule's apply without the copy)."""
    _RULES[type(move)][1](state, move)


def _edited(play: Callable[[Draft, Any], None]) -> Callable[[State, Any], State]:
    """``play`` as a rule's apply: on a draft of the state (``State.edit``, the one way a
    state changes), followed by the steps every entry ends with (:func:`_settle`); the
    frozen result is returned and ``state`` itself is left as it was."""
    def apply_rule(state: State, move: object) -> State:
        draft = state.edit()
        play(draft, move)
        _settle(draft, state, move)
        return draft.freeze()
    return apply_rule


def _settle(draft: Draft, before: State, move: object) -> None:
    """What follows every entry: the position block ends with the first other entry (the
    board may come first: rule sylla.position); the automatic steps (income, famine,
    crises, ...) run until an entry is awaited again; what the rules revealed, the whole
    table saw."""
    draft.moved = before.moved or not isinstance(move, (*m.POSITION_TYPES, m.BoardMove))
    while draft.step == "done":
        NEXT_START[draft.phase](draft)
    for name, kind, count in draft.shown:
        draft.player(name).see_count(kind, count)


ANY_PHASE: tuple[type, ...] = (m.TokensMove, m.RevealingMove, m.CorrectMove, m.DisplayMove)
"""The entries every phase takes until the game is over: token counts named, an entry with the
counts it reveals, a correction, the character display (its check says when it may come)."""

TABLE: RuleTable[State] = RuleTable(
    rules={kind: Rule(judge, _edited(play)) for kind, (judge, play) in _RULES.items()},
    phases={
        "setup": (m.BoardMove, m.SetsMove, m.KeepMove, m.EventsMove, m.RemoveWorkMove, m.WorkMove, m.TilesMove, *ANY_PHASE),
        "I": (m.BidMove, m.PassMove, m.TokenMove, *ANY_PHASE),
        "II": (m.RecruitMove, *ANY_PHASE),
        "III": (m.OfferMove, m.BidMove, m.PassMove, m.PayMove, m.InsulaMove, m.CraneMove, *ANY_PHASE),
        "IV": (m.TempleMove, m.TavernMove, m.DoneMove, *ANY_PHASE),
        "V": (m.CubeMove, m.PreventMove, m.DownMove, m.RemoveEventMove, m.EventsMove, *ANY_PHASE),
        "VI": (m.WorkMove, m.VoteMove, m.FistsMove, *ANY_PHASE),
        "VII": (m.TilesMove, *ANY_PHASE),
        "end": (m.VoteMove, m.FistsMove, m.FreeMove, *ANY_PHASE),
        "over": (),
    },
    # a position entry is judged whenever it comes: before the first move only (sylla.position)
    anytime=m.POSITION_TYPES,
)
"""Sylla's rules as data: each entry type's check and apply, and the entry types each phase
takes (:func:`phase_of` names the phase). A phase's ``check`` refuses, in its own words, the
entries of a type it does not take."""


def check(state: State, move: object) -> None:
    """Raise IllegalMove (with its rule id) when ``move`` may not be entered now; never
    changes ``state``."""
    if not isinstance(move, m.MOVE_TYPES):
        raise IllegalMove("sylla.notation", "not a Sylla entry")
    if type(move) in TABLE.anytime:  # the position block: before the first move only (rule sylla.position)
        TABLE.rule(move).check(state, move)
        return
    phase = phase_of(state)
    if phase == "over":
        raise IllegalMove("sylla.end", "the game is over")
    if state.picked and not state.moved and not isinstance(move, m.BoardMove):  # the block is done: does it add up?
        pickup.check_block_done(state)
    if TABLE.accepts(phase, move):
        TABLE.rule(move).check(state, move)
    else:  # the phase says, in its own words, what it waits for
        PHASE_CHECKS[phase](state, move)


def apply(state: State, move: object) -> State:
    """The state after a checked ``move``, with the automatic steps that follow it run until
    an entry is awaited again. ``state`` itself is left as it was."""
    return TABLE.rule(move).apply(state, move)
