"""Roma's score: the VP each player holds are the whole score (no end-of-game bonus); the
player with more VP wins, equal VP is a draw. The working (``score --working``) is each
player's VP ledger: the VP they started with, then what each cause gave or took (the state's
``vp_causes``, written by the rules as the record is replayed), adding up to the total.

>>> from assistant.games.roma.state import RomaState
>>> state = RomaState(seats=("Ann", "Ben"), vp=(12, 9), vp_causes=((("Forum", 4), ("empty discs", -2)), ()))
>>> sheet = score(state)
>>> sheet.totals["Ann"], sheet.winners
(12, ('Ann',))
>>> sheet.details["Ann"]["vp"]
'start 10, Forum +4, empty discs -2 = 12'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from assistant.core.protocol import Outcome
from assistant.core.scoresheet import ScoreSheet
from assistant.games.roma.state import RomaState

CATEGORIES = ("vp",)


def sheet(
    seats: Sequence[str], vp: Mapping[str, int], notes: Sequence[str] = (), details: Mapping[str, Mapping[str, str]] | None = None
) -> ScoreSheet:
    """The score sheet of players' VP: what the tracked score and the final table share
    (``details``: the working, known only for a game played entry by entry)."""
    points = {p: {"vp": vp[p]} for p in seats}
    return ScoreSheet.build("roma", seats, CATEGORIES, points, notes=notes, details=details)


def ledger(state: RomaState, player: int) -> str:
    """One player's VP ledger as a line: where the VP came from and went, then the total,
    ``start 10, Forum +12, Basilica +4, Legat +3, empty discs -5, taken by Tribunus Plebis -2
    = 22``. The gains come first, then the losses, each in the order they first happened; a
    cause that came to 0 in all (a correction undone) is left out. What the player started
    with is the total less every change: 10 at the set-up, the position's VP for a game
    picked up in progress (``picked up with 14``)."""
    causes = state.vp_causes[player]
    start = state.vp[player] - sum(n for _, n in causes)
    parts = [f"{'picked up with' if state.block else 'start'} {start}"]
    parts += [f"{cause} {n:+d}" for cause, n in causes if n > 0]
    parts += [f"{cause} {n:+d}" for cause, n in causes if n < 0]
    return ", ".join(parts) + f" = {state.vp[player]}"


def score(state: RomaState) -> ScoreSheet:
    """The score now, with a note per correction of VP (rule roma.correct), one for VP credited beyond the empty stockpile and one while the
    game is not over (the score is then provisional)."""
    notes = list(state.corrections)
    if state.credited:
        notes.append(f"{state.credited} VP credited beyond the empty stockpile (the last payout)")
    if not state.over:
        notes.append("provisional: the game is not over")
    details = {name: {"vp": ledger(state, i)} for i, name in enumerate(state.seats)}
    return sheet(state.seats, dict(zip(state.seats, state.vp)), notes, details)


def outcome(state: RomaState) -> Outcome | None:
    """How the game ended and who won (``None`` while it goes on)."""
    if not state.over:
        return None
    winners = score(state).winners
    reason = state.ended + (" — a draw" if len(winners) > 1 else f" — {winners[0]} wins")
    return Outcome(reason, winners)
