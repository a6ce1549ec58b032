"""The end of the game (sylla.end): after round 5 the Ecclesia comes into being: one more
secret fist vote (thumb-down players give to the plebs), then the Christians, freeing the slaves
(each player enters how many), and the political result. Scoring itself is scoring.py's."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import TOKENS, facts
from assistant.games.sylla.greatwork import check_vote, votes_of
from assistant.games.sylla.scoring import final_points
from assistant.games.sylla.state import Player, State


def start(state: State) -> None:
    state.phase = "end"
    for p in state.players:
        p.prestige_before_end = p.prestige
    state.step = "end.vote"
    state.pending = list(state.seats)
    state.votes = {}


def scores_ecclesia(state: State, p: Player) -> bool:
    return state.options.get("ecclesia_vote", "all") == "all" or p.thumb == "up"


def face_up(p: Player, kind: str | None = None, christian: bool | None = None) -> int:
    return sum(
        1 for c in p.cards
        if c.kind != "crane" and not c.down and (kind is None or c.kind == kind) and (christian is None or c.christian == christian)
    )


def max_free(p: Player) -> int:
    return min(face_up(p, "slave"), p.money // facts()["end"]["slave_cost"])


def check(state: State, move: object) -> None:
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


def points(state: State, p: Player) -> dict[str, int]:
    """The five categories of a player once the game is over (or as it stands at the end)."""
    assert state.board is not None
    values = {k: state.value(k) for k in TOKENS}
    return final_points(
        prestige=p.prestige_before_end if p.prestige_before_end is not None else p.prestige,
        christians=face_up(p, christian=True),
        christian_slaves=face_up(p, "slave", christian=True),
        slaves=face_up(p, "slave"),
        freed=p.freed or 0,
        tokens=p.tokens,
        values=values,
        plebs_votes=p.end_votes if p.thumb == "down" else 0,
        scores_ecclesia=scores_ecclesia(state, p),
        christian_slave=state.options.get("christian_slave", "both"),
    )


def finish(state: State) -> None:
    for p in state.players:
        p.prestige = sum(points(state, p).values())
    state.phase = "over"
    state.step = "over"
    state.note("final prestige: " + ", ".join(f"{p.name} {p.prestige}" for p in state.players))


def legal(state: State) -> list[object]:
    if state.step == "end.vote":
        from assistant.games.sylla.greatwork import legal_votes

        return legal_votes(state)
    out: list[object] = []
    for name in state.pending:
        p = state.player(name)
        out += [m.FreeMove(name, n) for n in range(0, max_free(p) + 1)]
    return out
