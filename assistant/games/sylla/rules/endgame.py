"""The end of the game (sylla.end): after round 5 the Ecclesia comes into being: one more
secret fist vote (thumb-down players give to the plebs), then the Christians, freeing the slaves
(each player enters how many), and the political result. Scoring itself is scoring.py's."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import TOKENS, facts
from assistant.games.sylla.rules.greatwork import check_vote, take_vote, votes_of
from assistant.games.sylla.scoring import face_up, player_points, scores_ecclesia
from assistant.games.sylla.state import AnyPlayer, Draft, State


def start(state: Draft) -> None:
    """After round 5 the Ecclesia vote begins; the Glory Path so far is kept for the final table."""
    state.phase = "end"
    for p in state.players:
        p.prestige_before_end = p.prestige
    state.step = "end.vote"
    state.pending = list(state.seats)
    state.votes = {}


def max_free(p: AnyPlayer) -> int:
    """How many Slaves ``p`` can free: face-up Slaves, as far as his denarii pay."""
    cost: int = facts()["end"]["slave_cost"]
    return min(face_up(p, "slave"), p.most_money // cost)


def check(state: State, move: object) -> None:
    """Judge an Ecclesia vote or a number of Slaves freed (sylla.end.*)."""
    if state.step in ("end.vote", "end.fists"):
        check_vote(state, move, "sylla.end.ecclesia")
        return
    if state.step == "end.tokens":
        raise IllegalMove(
            "sylla.end.politics", "all players reveal their tokens: " + ", ".join(state.pending) + " must show theirs",
            hint=f"{state.pending[0]} tokens civic 0 health 0 leisure 0",
        )
    if not isinstance(move, m.FreeMove):
        raise IllegalMove("sylla.end.slaves", ", ".join(state.pending) + " may free Slaves now", hint=f"{state.pending[0]} frees 0")
    if move.player not in state.pending:
        p = state.player(move.player)
        if not scores_ecclesia(state, p):
            why = f"{p.name} gave his Ecclesia vote to the plebs, so he frees no Slave (option ecclesia_vote=thumb-up)"
            rule = "sylla.open.ecclesia-vote"
        elif p.freed is not None and p.name not in state.pending and max_free(p) > 0:
            why, rule = f"{p.name} has already said how many Slaves he frees", "sylla.end.slaves"
        else:
            why = f"{p.name} has no face-up Slave he can pay to free ({face_up(p, 'slave')} face up, {p.money_text} denarii)"
            rule = "sylla.end.slaves"
        raise IllegalMove(rule, why, hint="awaited: " + ", ".join(state.pending))
    p = state.player(move.player)
    if move.count < 0 or move.count > face_up(p, "slave"):
        raise IllegalMove("sylla.end.slaves", f"{p.name} has {face_up(p, 'slave')} face-up Slaves, so cannot free {move.count}", hint=f"{p.name} frees {max_free(p)}")
    if not p.can_pay(2 * move.count):
        raise IllegalMove("sylla.limits.money", f"freeing {move.count} Slaves costs {2 * move.count} denarii; {p.name} has {p.money}", hint=f"{p.name} frees {max_free(p)}")


def apply(state: Draft, move: object) -> None:
    """Play an Ecclesia vote or Slaves freed; the last one ends the game."""
    if isinstance(move, (m.VoteMove, m.FistsMove)):
        if take_vote(state, move):
            resolve_vote(state)
        return
    assert isinstance(move, m.FreeMove)
    p = state.player(move.player)
    p.freed = move.count
    p.money -= facts()["end"]["slave_cost"] * move.count
    state.pending.remove(p.name)
    state.note(f"{p.name} frees {move.count} Slaves")
    if not state.pending:
        finish(state)


def resolve_vote(state: Draft) -> None:
    """All Ecclesia votes are in: record thumbs and votes, pay the fists, and ask who may free Slaves."""
    for name in state.seats:
        thumb, denarii = state.votes[name]
        assert denarii is not None
        p = state.player(name)
        p.thumb = thumb
        p.end_votes = votes_of(state, name, denarii)
        p.money -= denarii
        state.note(f"Ecclesia: {name} thumb {thumb} with {p.end_votes} votes")
    state.pending = []
    for p in state.players:
        p.denarii_at_freeing = p.money
        if not scores_ecclesia(state, p) or max_free(p) == 0:
            p.freed = 0
        else:
            state.pending.append(p.name)
    state.step = "end.free"
    if not state.pending:
        finish(state)


def finish(state: Draft) -> None:
    """Everyone has freed his Slaves: all reveal their tokens (sylla.end.politics), the final
    prestige is scored and the game is over. A player whose tokens were entered as unknown
    shows them first (``end.tokens``): the final score waits for them."""
    unsure = [p.name for p in state.players if not p.tokens_known()]
    if unsure:
        state.step = "end.tokens"
        state.pending = unsure
        return
    state.pending = []
    for p in state.players:
        state.shown += [(p.name, k, p.tokens[k]) for k in TOKENS]
    for p in state.players:
        p.prestige = sum(player_points(state, p).values())
    state.phase = "over"
    state.step = "over"
    state.note("final prestige: " + ", ".join(f"{p.name} {p.prestige}" for p in state.players))
