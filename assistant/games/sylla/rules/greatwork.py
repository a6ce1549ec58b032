"""Phase VI (sylla.phase6): the round's Great Work is revealed (the table enters the one now
showing for next round), players vote in secret (one entry per player: thumb and denarii in the
fist; the vote resolves when the last arrives), the plebs gift pays 1 prestige per 2 votes, the
work pays by competition rank and moves its marker by the total thumb-up votes."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import facts, token_name, works_by_id
from assistant.games.sylla.state import State


def start(state: State) -> None:
    """Phase VI begins: the next Great Work is entered first (rounds 1-4), then the vote."""
    state.phase = "VI"
    state.votes = {}
    if state.round < facts()["start"]["rounds"]:
        state.step = "VI.work"
    else:
        open_vote(state)


def open_vote(state: State) -> None:
    """Every player votes in secret; the vote resolves when the last arrives."""
    state.step = "VI.vote"
    state.pending = list(state.seats)
    state.votes = {}


def votes_of(state: State, name: str, denarii: int) -> int:
    """Usable Senators plus the denarii in the fist (sylla.phase6.vote)."""
    return state.player(name).count("senator", usable=True) + denarii


def check_vote(state: State, move: object, rule: str) -> None:
    """Judge a fist vote under ``rule``: one per player, denarii he has."""
    if not isinstance(move, m.VoteMove):
        raise IllegalMove(rule, "the vote is on: " + ", ".join(state.pending) + " still to vote", hint=f"{state.pending[0]} up 2, or {state.pending[0]} down 0")
    if move.player not in state.pending:
        raise IllegalMove(rule, f"{move.player} has already voted", hint="awaited: " + ", ".join(state.pending))
    p = state.player(move.player)
    if move.denarii < 0 or move.denarii > p.money:
        raise IllegalMove("sylla.limits.money", f"{p.name} cannot put {move.denarii} denarii in his fist; he has {p.money}", hint=f"0 to {p.money}")


def check(state: State, move: object) -> None:
    """Judge the revealed Great Work or a vote (sylla.phase6.*)."""
    if state.step == "VI.work":
        if not isinstance(move, m.WorkMove):
            raise IllegalMove("sylla.phase6.reveal", "enter the Great Work now showing on the pile (next round's)", hint="work Senate")
        used = {state.work_removed, state.work, *state.works_built}
        if move.work in used:
            why = "was removed at setup" if move.work == state.work_removed else "is this round's work" if move.work == state.work else "is already built"
            left = [w["name"] for i, w in works_by_id().items() if i not in used]
            raise IllegalMove("sylla.setup.greatworks", f"{works_by_id()[move.work]['name']} {why}", hint="one of: " + ", ".join(left))
        return
    check_vote(state, move, "sylla.phase6.vote")


def apply(state: State, move: object) -> None:
    """Play the revealed Great Work or a vote; the last vote resolves it."""
    if isinstance(move, m.WorkMove):
        state.next_work = move.work
        open_vote(state)
        return
    assert isinstance(move, m.VoteMove)
    state.votes[move.player] = (move.thumb, move.denarii)
    state.pending.remove(move.player)
    if not state.pending:
        resolve(state)
        state.step = "done"


def rank_rewards(votes: dict[str, int], ranks: list[int]) -> dict[str, int]:
    """Competition ranking among players with at least 1 vote (sylla.phase6.ranking)."""
    ranked = {n: v for n, v in votes.items() if v >= 1}
    out: dict[str, int] = {}
    for name, v in ranked.items():
        place = 1 + sum(1 for w in ranked.values() if w > v)
        out[name] = ranks[place - 1] if place <= len(ranks) else 0
    return out


def resolve(state: State) -> None:
    """All votes are in: pay the fists, the plebs' gift to thumbs down, the work's rewards to
    thumbs up, its marker moves; the next work comes up."""
    work = works_by_id()[state.work or ""]
    up: dict[str, int] = {}
    for name in state.seats:
        thumb, denarii = state.votes[name]
        p = state.player(name)
        v = votes_of(state, name, denarii)
        p.money -= denarii
        if thumb == "down":
            gain = v // facts()["end"]["plebs_votes_per_prestige"]
            p.prestige += gain
            state.note(f"{name}: thumb down, {v} votes, +{gain} prestige from the plebs")
        else:
            up[name] = v
    rewards: dict[str, int] = {}
    if "ranks" in work:
        rewards = rank_rewards(up, list(work["ranks"]))
    elif "thresholds" in work:
        for name, v in up.items():
            rewards[name] = next((pts for need, pts in work["thresholds"] if v >= need), 0)
    for name, pts in rewards.items():
        state.player(name).prestige += pts
    total = sum(up.values())
    state.note(f"{work['name']}: thumb up " + (", ".join(f"{n} {v} votes +{rewards.get(n, 0)}" for n, v in up.items()) or "nobody"))
    ladder = work.get("ladder")
    if ladder:
        steps = total // ladder["per"]
        if ladder["marker"] == "famine":
            state.famine = max(0, state.famine - steps)
            state.note(f"famine {steps} down to {state.famine}")
        else:
            assert state.board is not None
            top = len(state.board.ladder) - 1
            state.markers[ladder["marker"]] = min(top, state.markers[ladder["marker"]] + steps)
            state.note(f"{token_name(ladder['marker'])} marker {steps} right ({total} votes)")
    if state.work:
        state.works_built.append(state.work)
    state.work = state.next_work
    state.next_work = None
