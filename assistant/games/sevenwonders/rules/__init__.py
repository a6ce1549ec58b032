"""The rules of a tracked game: :func:`check` judges an entry (raises IllegalMove, changes
nothing) and :func:`apply` changes the state (automatic steps included: the resolution of a
turn or phase once every choice is in, the extra steps skipped when they have no choice,
conflicts and the next Age).

Both dispatch through one declared table, :data:`TABLE` (:mod:`assistant.core.dispatch`):
each move type's check and apply, and per phase (:func:`phase_of`) the move types it takes.
An entry whose type the phase does not take is refused by :func:`refuse`.

* :mod:`.setup`: the state before the first entry;
* :mod:`.legality`: whether an entry is legal now, with the rule id and what is legal instead;
* :mod:`.resolution`: resolving turns, Recruitment phases and extra steps, the Ages' ends;
* :mod:`.corrections`: correction entries (``7w.correct``), taken at any point of the game;
* :mod:`.pickup`: the position block of a game picked up in progress (``7w.position``),
  taken before the first move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, NoReturn

from assistant.core.dispatch import Rule, RuleTable
from assistant.games.sevenwonders.moves import (
    Build,
    Chose,
    CopyGuild,
    Correct,
    Courtesan,
    DraftPass,
    Keep,
    LeaderHand,
    Move,
    Pick,
    Recruit,
    Reveal,
    Sealed,
    Sell,
    SetBoard,
    SetPosition,
    Stage,
)
from assistant.games.sevenwonders.rules import legality, pickup, resolution
from assistant.games.sevenwonders.rules.corrections import apply_correct, check_correct
from assistant.games.sevenwonders.rules.setup import normal_options, setup
from assistant.games.sevenwonders.state import SWState

# -- phases ---------------------------------------------------------------------------------
#: The suffix of a phase while the position block may still be entered: every board known,
#: no move made yet (``7w.position``).
POSITION_BLOCK = " (position block)"

#: The move types of the position block (before the first move) and the ones that begin the
#: game (any other).
BEFORE_PLAY = (SetBoard, SetPosition)


def phase_of(state: SWState) -> str:
    """The phase of ``state``, a key of ``TABLE.phases``: the play phase
    (:func:`legality.play_phase`: ``SWState.phase``, the draft's start told from the rest of
    it, each extra step by its kind), with :data:`POSITION_BLOCK` appended before the first
    move."""
    name = legality.play_phase(state)
    if state.begun or state.phase == "boards":
        return name
    return name + POSITION_BLOCK


#: Each play entry's apply (its check is :data:`legality.CHECKS`'s).
APPLIES: dict[type, Callable[[SWState, Any], SWState]] = {
    SetBoard: resolution.apply_board,
    LeaderHand: resolution.apply_leader_hand,
    Keep: resolution.apply_keep,
    DraftPass: resolution.apply_draft_pass,
    **{kind: resolution.apply_choice for kind in (Build, Stage, Sell, Recruit, Pick, Courtesan, CopyGuild)},
    Sealed: resolution.apply_sealed,
    Chose: resolution.apply_chose,
    Reveal: resolution.apply_reveal,
}

TABLE: RuleTable[SWState] = RuleTable(
    rules={
        **{kind: Rule(judge, APPLIES[kind]) for kind, judge in legality.CHECKS.items()},
        SetPosition: Rule(pickup.check, pickup.apply),
        Correct: Rule(check_correct, apply_correct),
    },
    phases={
        **legality.PLAY_PHASES,
        **{name + POSITION_BLOCK: (*kinds, SetPosition) for name, kinds in legality.PLAY_PHASES.items() if name != "boards"},
    },
    anytime=(Correct,),
)


def refuse(state: SWState, move: Move) -> NoReturn:
    """Refuse an entry whose type the phase does not take: a position line by its own rule
    (after the first move, or before the boards), any other as the play phase refuses it
    (:func:`legality.refuse`)."""
    if isinstance(move, SetPosition):
        pickup.check(state, move)
        legality.refuse_in_phase(state, move)
    legality.refuse(state, move)


def check(state: SWState, move: Move) -> None:
    """Raise IllegalMove unless ``move`` is legal now: refused when the phase does not take
    its type (:func:`refuse`), else judged by its rule's check."""
    if not TABLE.accepts(phase_of(state), move):
        refuse(state, move)
    TABLE.rule(move).check(state, move)


def apply(state: SWState, move: Move) -> SWState:
    """The state after a checked entry (counted in ``entries``; any entry but a board or a
    position line begins the game, after which no position line is taken)."""
    after = TABLE.rule(move).apply(state, move)
    begun = state.begun or not isinstance(move, BEFORE_PLAY)
    return replace(after, entries=state.entries + 1, begun=begun)


__all__ = ["TABLE", "apply", "check", "normal_options", "phase_of", "setup"]
