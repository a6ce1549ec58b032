"""Roma's score: the VP each player holds are the whole score (no end-of-game bonus); the
player with more VP wins, equal VP is a draw.

>>> from assistant.games.roma.state import RomaState
>>> sheet = score(RomaState(seats=("Ann", "Ben"), vp=(12, 9)))
>>> sheet.totals["Ann"], sheet.winners
(12, ('Ann',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from assistant.core.protocol import Outcome
from assistant.core.scoresheet import ScoreSheet
from assistant.games.roma.state import RomaState

CATEGORIES = ("vp",)


def sheet(seats: Sequence[str], vp: Mapping[str, int], notes: Sequence[str] = ()) -> ScoreSheet:
    """The score sheet of players' VP: what the tracked score and the final table share."""
    points = {p: {"vp": vp[p]} for p in seats}
    return ScoreSheet.build("roma", seats, CATEGORIES, points, notes=notes)


def score(state: RomaState) -> ScoreSheet:
    """The score now, with a note per correction of VP (rule roma.correct), one for VP credited beyond the empty stockpile and one while the
    game is not over (the score is then provisional)."""
    notes = list(state.corrections)
    if state.credited:
        notes.append(f"{state.credited} VP credited beyond the empty stockpile (the last payout)")
    if not state.over:
        notes.append("provisional: the game is not over")
    return sheet(state.seats, dict(zip(state.seats, state.vp)), notes)


def outcome(state: RomaState) -> Outcome | None:
    """How the game ended and who won (``None`` while it goes on)."""
    if not state.over:
        return None
    winners = score(state).winners
    reason = state.ended + (" — a draw" if len(winners) > 1 else f" — {winners[0]} wins")
    return Outcome(reason, winners)
