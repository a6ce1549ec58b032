"""Roma's rules: ``check`` judges an entry (raises :class:`IllegalMove` citing a rule id of
``data/roma/rules.md``, naming the player and the thing, with a hint of what is legal instead;
it never changes anything) and ``apply`` plays a checked entry, with the automatic steps: Phase
1 when a turn begins, the reshuffle of the discard pile in the middle of a draw, and the end of
the game the moment a player has no VP or the stockpile is empty (the last payout's shortfall
is credited). The modules hold one topic each: ``setup``, ``turn`` (phases 1 and 2, the end of
a turn), ``actions`` (lay, money, cards), ``activation`` (the cards), ``battle``, and what
they share (``refusals``, ``ledger``); ``hidden`` names cards entered as unknown; ``correct``
puts right a physical mistake noticed late; ``pickup`` reads the position block of a game
picked up in progress.

Both verbs dispatch through :data:`TABLE` (:mod:`assistant.core.dispatch`): each entry type's
check and apply, and the entry types each phase (:func:`phase_of`) takes. An entry its phase
does not take is refused by the phase's refusal (:data:`REFUSALS`), with the rule the table
cites for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from assistant.core.dispatch import Rule, RuleTable
from assistant.core.errors import IllegalMove
from assistant.games.roma.moves import (
    POSITION_MOVES,
    Activate,
    Battle,
    Correct,
    End,
    Give,
    Hand,
    Holds,
    Lay,
    Money,
    Place,
    PositionDiscard,
    PositionPlayer,
    PositionTurn,
    Roll,
    RomaMove,
    Start,
    TakeCards,
)
from assistant.games.roma.rules import setup
from assistant.games.roma.rules.actions import (
    apply_cards,
    apply_lay,
    apply_money,
    check_cards,
    check_lay,
    check_money,
)
from assistant.games.roma.rules.activation import apply_activate, check_activate
from assistant.games.roma.rules.battle import apply_battle, check_battle
from assistant.games.roma.rules.correct import apply_correct, check_correct
from assistant.games.roma.rules.hidden import apply_holds, check_holds
from assistant.games.roma.rules.ledger import finish
from assistant.games.roma.rules.pickup import (
    apply_position,
    block_hint,
    check_position,
    may_pick_up,
)
from assistant.games.roma.rules.refusals import need_seat, need_turn, turn_hint
from assistant.games.roma.rules.turn import check_roll, end_turn
from assistant.games.roma.state import RomaState, evolve

__all__ = ["ACTIONS", "REFUSALS", "TABLE", "apply", "check", "phase_of"]

_M = TypeVar("_M", bound=RomaMove)
Check = Callable[[RomaState, _M], None]
Apply = Callable[[RomaState, _M], RomaState]


# -- the phases -------------------------------------------------------------------------------
def phase_of(state: RomaState) -> str:
    """Where the game stands, as a phase of :data:`TABLE`: ``setup.new`` (nothing entered: a
    position block may begin), ``setup.deal``, ``setup.swap``, ``setup.place`` (the steps of the
    set-up), ``position`` (a position block is open), ``phase2`` (the active player rolls; Phase
    1 is automatic and takes no entry), ``phase3`` (the dice are rolled: actions), ``battle``
    (an attack waits for the battle die), ``over``."""
    if state.over:
        return "over"
    if state.in_setup:
        if state.picking:
            return "position"
        if may_pick_up(state):
            return "setup.new"
        if not (state.dealt[0] and state.dealt[1]):
            return "setup.deal"
        return "setup.place" if state.swapped else "setup.swap"
    if state.battle is not None:
        return "battle"
    return "phase2" if state.dice is None else "phase3"


# -- the rules of each entry type ---------------------------------------------------------------
def _by_a_player(check: Check[_M]) -> Check[_M]:
    """``check`` for an entry that names a player of the game (rule roma.turn)."""

    def judge(state: RomaState, move: _M) -> None:
        need_seat(state, move)
        check(state, move)

    return judge


def _on_turn(check: Check[_M]) -> Check[_M]:
    """``check`` for an entry of the active player's turn (rule roma.turn)."""

    def judge(state: RomaState, move: _M) -> None:
        need_seat(state, move)
        need_turn(state, move)
        check(state, move)

    return judge


def _cleared_first(apply: Apply[_M]) -> Apply[_M]:
    """``apply`` on the state without the report of the previous entry."""

    def play(state: RomaState, move: _M) -> RomaState:
        return apply(_cleared(state), move)

    return play


def _acting(apply: Apply[_M]) -> Apply[_M]:
    """``apply`` for a Phase 3 action: the turn has acted (no re-roll after it)."""

    def play(state: RomaState, move: _M) -> RomaState:
        return apply(evolve(state, acted=True, last=""), move)

    return play


def _check_end(state: RomaState, move: End) -> None:
    """The active player may end the turn at any time after the roll."""


def _apply_end(state: RomaState, move: End) -> RomaState:
    """The turn passes (unused dice are lost) and the next player's Phase 1 follows."""
    return end_turn(_cleared(state))


def _apply_roll(state: RomaState, move: Roll) -> RomaState:
    """The three action dice (or the re-roll of a triple)."""
    return evolve(state, dice=tuple(sorted(move.dice)), last="")


def _apply_battle(state: RomaState, move: Battle) -> RomaState:
    """The battle die, then the end of the game if it emptied a VP pile."""
    return finish(apply_battle(_cleared(state), move))


def _apply_activate_finished(state: RomaState, move: Activate) -> RomaState:
    """An activation, then the end of the game if it emptied a VP pile or the stockpile."""
    return finish(apply_activate(state, move))


ACTIONS: dict[type[RomaMove], Rule[RomaState]] = {
    Lay: Rule(check_lay, apply_lay),
    Money: Rule(check_money, apply_money),
    TakeCards: Rule(check_cards, apply_cards),
    Activate: Rule(check_activate, _apply_activate_finished),
}
"""The Phase 3 actions (after the roll): move type -> (check, apply), as the action itself
judges and plays it; :data:`TABLE` adds the turn's check and the turn's bookkeeping."""

_POSITION = Rule(check_position, _cleared_first(apply_position))

RULES: dict[type[RomaMove], Rule[RomaState]] = {
    PositionPlayer: _POSITION,
    PositionDiscard: _POSITION,
    PositionTurn: _POSITION,
    Correct: Rule(_by_a_player(check_correct), _cleared_first(apply_correct)),
    Holds: Rule(_by_a_player(check_holds), _cleared_first(apply_holds)),
    Start: Rule(_by_a_player(setup.check_start), _cleared_first(setup.apply_start)),
    Hand: Rule(_by_a_player(setup.check_hand), _cleared_first(setup.apply_hand)),
    Give: Rule(_by_a_player(setup.check_give), _cleared_first(setup.apply_give)),
    Place: Rule(_by_a_player(setup.check_place), _cleared_first(setup.apply_place)),
    Roll: Rule(_on_turn(check_roll), _apply_roll),
    Battle: Rule(_on_turn(check_battle), _apply_battle),
    End: Rule(_on_turn(_check_end), _apply_end),
    **{kind: Rule(_on_turn(rule.check), _acting(rule.apply)) for kind, rule in ACTIONS.items()},
}


# -- what a phase does not take ---------------------------------------------------------------
#: the set-up's entries (and ``holds``): out of their step, their own check says why
_SETUP_CHECKS: dict[type, Callable[[RomaState, Any], None]] = {
    Start: setup.check_start,
    Hand: setup.check_hand,
    Give: setup.check_give,
    Place: setup.check_place,
    Holds: check_holds,
}


def _refuse_over(state: RomaState, move: RomaMove) -> NoReturn:
    """Nothing is taken after the end of the game (rule roma.end)."""
    raise IllegalMove("roma.end", f"the game is over ({state.ended}); no more entries are taken", hint="undo the last entry if it was a mistake")


def _refuse_in_block(state: RomaState, move: RomaMove) -> NoReturn:
    """Only position entries are taken until the block is closed (rule roma.position)."""
    raise IllegalMove(
        "roma.position",
        f"the position block is not finished: '{move.notation()}' comes after 'position turn N NAME'",
        hint=block_hint(state),
    )


def _refuse_in_setup(state: RomaState, move: RomaMove) -> NoReturn:
    """During the set-up: a position entry after the first entry (rule roma.position), an
    entry naming somebody not in the game, a set-up entry of another step or ``holds`` (its
    own check says why), an entry of the turns (rule roma.setup)."""
    if isinstance(move, POSITION_MOVES):
        check_position(state, move)
    need_seat(state, move)
    own = _SETUP_CHECKS.get(type(move))
    if own is not None:
        own(state, move)
    setup.refuse_unfinished(state)


def _refuse_out_of_turn(state: RomaState, move: RomaMove) -> None:
    """What every phase of the turns refuses first, in this order: a position entry (the game
    is under way), somebody not in the game, a set-up entry, an entry out of the active
    player's turn."""
    if isinstance(move, POSITION_MOVES):
        check_position(state, move)
    need_seat(state, move)
    if isinstance(move, (Start, Hand, Give, Place)):
        raise IllegalMove("roma.setup", f"the set-up is over; '{move.notation()}' is a set-up entry", hint=turn_hint(state))
    need_turn(state, move)


def _refuse_no_battle(state: RomaState) -> NoReturn:
    raise IllegalMove("roma.battle", "no attack is waiting for the battle die", hint=turn_hint(state))


def _refuse_in_battle(state: RomaState, move: RomaMove) -> NoReturn:
    """A pending attack takes the battle die first (rule roma.battle)."""
    _refuse_out_of_turn(state, move)
    b = state.battle
    assert b is not None
    raise IllegalMove(
        "roma.battle",
        f"{state.player}'s {b.attacker} attack on disc {b.target} waits for the battle die",
        hint="battle N (the white die)",
    )


def _refuse_before_roll(state: RomaState, move: RomaMove) -> NoReturn:
    """Phase 2: the dice are rolled before any action (rule roma.phase2.roll)."""
    _refuse_out_of_turn(state, move)
    if isinstance(move, Battle):
        _refuse_no_battle(state)
    raise IllegalMove("roma.phase2.roll", f"{state.player} must roll the three action dice first", hint="roll A B C")


def _refuse_after_roll(state: RomaState, move: RomaMove) -> NoReturn:
    """Phase 3: a battle die with no attack waiting (rule roma.battle)."""
    _refuse_out_of_turn(state, move)
    _refuse_no_battle(state)


REFUSALS: dict[str, Callable[[RomaState, RomaMove], NoReturn]] = {
    "over": _refuse_over,
    "position": _refuse_in_block,
    "setup.new": _refuse_in_setup,
    "setup.deal": _refuse_in_setup,
    "setup.swap": _refuse_in_setup,
    "setup.place": _refuse_in_setup,
    "phase2": _refuse_before_roll,
    "phase3": _refuse_after_roll,
    "battle": _refuse_in_battle,
}
"""Each phase's refusal of an entry type it does not take: the rule and words of the
refusal, in the order the rules apply (who plays, whose turn, then the phase)."""


# -- the table ------------------------------------------------------------------------------
#: taken at every step of the set-up: a correction (``holds`` is not: the set-up's cards are
#: named at the lay-out)
_IN_SETUP = (Correct,)
#: taken at every step of a turn: a correction, naming cards held unknown
_IN_TURN = (Correct, Holds)

TABLE: RuleTable[RomaState] = RuleTable(
    rules=RULES,
    phases={
        "setup.new": (Start, Hand, PositionPlayer, PositionDiscard, *_IN_SETUP),  # a block begins
        "setup.deal": (Start, Hand, *_IN_SETUP),
        "setup.swap": (Start, Give, *_IN_SETUP),
        "setup.place": (Start, Place, *_IN_SETUP),
        "position": POSITION_MOVES,
        "phase2": (Roll, *_IN_TURN),
        "phase3": (Roll, Lay, Money, TakeCards, Activate, End, *_IN_TURN),
        "battle": (Battle, *_IN_TURN),
        "over": (),
    },
)
"""Roma's rules as data: each entry type's check and apply, and what each phase takes. No
entry is taken in every phase (after the end nothing is, in an open position block only
position entries), so ``anytime`` is empty; a correction is taken in every other phase,
``holds`` once the set-up is over (the set-up's cards are named at the lay-out)."""


def check(state: RomaState, move: RomaMove) -> None:
    """Raise :class:`IllegalMove` when the rules forbid ``move`` now; return quietly when
    it is legal. Reads the state only."""
    phase = phase_of(state)
    if not TABLE.accepts(phase, move):
        REFUSALS[phase](state, move)
    TABLE.rule(move).check(state, move)


def apply(state: RomaState, move: RomaMove) -> RomaState:
    """The table after a checked entry, with the automatic steps it sets off (Phase 1 of the
    next turn, a reshuffle, the end of the game). ``state.last`` says what they did, and only
    for this entry: what the previous entry did is cleared first. ``ply`` counts the entries
    (the corrections' notes name theirs)."""
    new = TABLE.rule(move).apply(state, move)
    return evolve(new, ply=state.ply + 1)


def _cleared(state: RomaState) -> RomaState:
    """The state without the report of the previous entry."""
    return evolve(state, last="") if state.last else state
