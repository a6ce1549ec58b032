"""The end of the game (sylla.end): after round 5 the Ecclesia comes into being: one more
secret fist vote (thumb-down players give to the plebs), then the Christians, freeing the slaves
(each player enters how many), and the political result. Scoring itself is scoring.py's."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import facts
from assistant.games.sylla.rules.greatwork import check_vote, votes_of
from assistant.games.sylla.scoring import face_up, player_points, scores_ecclesia
from assistant.games.sylla.state import Player, State


def start(state: State) -> None:
    """After round 5 the Ecclesia vote begins; the Glory Path so far is kept for the final table."""
    state.phase = "end"
    for p in state.players:
        p.prestige_before_end = p.prestige
    state.step = "end.vote"
    state.pending = list(state.seats)
    state.votes = {}


def max_free(p: Player) -> int:
    """How many Slaves ``p`` can free: face-up Slaves, as far as his denarii pay."""
    return min(face_up(p, "slave"), p.money // facts()["end"]["slave_cost"])


def check(state: State, move: object) -> None:
    """Judge an Ecclesia vote or a number of Slaves freed (sylla.end.*)."""
    if state.step == "end.vote":
        check_vote(state, move, "sylla.end.ecclesia")
        return
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
            why = f"{p.name} has no face-up Slave he can pay to free ({face_up(p, 'slave')} face up, {p.money} denarii)"
            rule = "sylla.end.slaves"
        raise IllegalMove(rule, why, hint="awaited: " + ", ".join(state.pending))
    p = state.player(move.player)
    if move.count < 0 or move.count > face_up(p, "slave"):
        raise IllegalMove("sylla.end.slaves", f"{p.name} has {face_up(p, 'slave')} face-up Slaves, so cannot free {move.count}", hint=f"{p.name} frees {max_free(p)}")
    if 2 * move.count > p.money:
        raise IllegalMove("sylla.limits.money", f"freeing {move.count} Slaves costs {2 * move.count} denarii; {p.name} has {p.money}", hint=f"{p.name} frees {max_free(p)}")


def apply(state: State, move: object) -> None:
    """Play an Ecclesia vote or Slaves freed; the last one ends the game."""
    if isinstance(move, m.VoteMove):
        state.votes[move.player] = (move.thumb, move.denarii)
        state.pending.remove(move.player)
        if not state.pending:
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


def resolve_vote(state: State) -> None:
    """All Ecclesia votes are in: record thumbs and votes, pay the fists, and ask who may free Slaves."""
    for name in state.seats:
        thumb, denarii = state.votes[name]
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


def finish(state: State) -> None:
    """Everyone has freed his Slaves: the final prestige is scored and the game is over."""
    for p in state.players:
        p.prestige = sum(player_points(state, p).values())
    state.phase = "over"
    state.step = "over"
    state.note("final prestige: " + ", ".join(f"{p.name} {p.prestige}" for p in state.players))
