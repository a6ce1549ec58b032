"""Phase VI (sylla.phase6): the round's Great Work is revealed (the table enters the one now
showing for next round), players vote in secret (one entry per player: thumb and denarii in the
fist, or ``votes ?``; the vote resolves when the last arrives, or, if some were entered as
unknown, when the fists open: ``fists ...``, sylla.hidden.votes), the plebs gift pays 1 prestige per 2 votes, the
work pays by competition rank and moves its marker by the total thumb-up votes."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import facts, token_name, works_by_id
from assistant.games.sylla.state import AnyState, Draft, State


def start(state: Draft) -> None:
    """Phase VI begins: the next Great Work is entered first (rounds 1-4), then the vote."""
    state.phase = "VI"
    state.votes = {}
    if state.round < facts()["start"]["rounds"]:
        state.step = "VI.work"
    else:
        open_vote(state)


def open_vote(state: Draft) -> None:
    """Every player votes in secret; the vote resolves when the last arrives."""
    state.step = "VI.vote"
    state.pending = list(state.seats)
    state.votes = {}


def votes_of(state: AnyState, name: str, denarii: int) -> int:
    """Usable Senators plus the denarii in the fist (sylla.phase6.vote)."""
    return state.player(name).count("senator", usable=True) + denarii


def check_vote(state: State, move: object, rule: str) -> None:
    """Judge a fist vote under ``rule``: one per player, denarii he has; or the fists opening
    (sylla.hidden.votes) once every player has voted, some as unknown."""
    if isinstance(move, m.FistsMove):
        check_fists(state, move)
        return
    if state.step in ("VI.fists", "end.fists"):
        unseen = [n for n, (t, _) in state.votes.items() if t is None]
        raise IllegalMove(
            "sylla.hidden.votes", "every player has voted; the fists open now: enter the votes entered as unknown",
            hint="fists " + ", ".join(f"{n} up 0" for n in unseen),
        )
    if not isinstance(move, m.VoteMove):
        raise IllegalMove(rule, "the vote is on: " + ", ".join(state.pending) + " still to vote", hint=f"{state.pending[0]} up 2, or {state.pending[0]} down 0")
    if move.player not in state.pending:
        raise IllegalMove(rule, f"{move.player} has already voted", hint="awaited: " + ", ".join(state.pending))
    if move.denarii is not None:
        check_fist(state, move.player, move.denarii)


def check_fist(state: State, name: str, denarii: int) -> None:
    """sylla.limits.money: the denarii in a fist are the player's own."""
    p = state.player(name)
    if denarii < 0 or not p.can_pay(denarii):
        raise IllegalMove("sylla.limits.money", f"{p.name} cannot put {denarii} denarii in his fist; he has {p.money}", hint=f"0 to {p.money}")


def check_fists(state: State, move: m.FistsMove) -> None:
    """sylla.hidden.votes: the fists open together once all have chosen. The entry names every
    vote entered as unknown and every player still to vote; it may repeat a vote typed before
    only as it was typed; each fist holds no more denarii than its owner has."""
    named = [n for n, _, _ in move.votes]
    twice = sorted({n for n in named if named.count(n) > 1})
    if twice:
        raise IllegalMove("sylla.hidden.votes", f"{', '.join(twice)} named twice")
    for name, thumb, denarii in move.votes:
        if name in state.votes:
            typed = state.votes[name]
            if typed[0] is not None and typed != (thumb, denarii):
                raise IllegalMove(
                    "sylla.hidden.votes", f"{name}'s vote was entered as {typed[0]} {typed[1]}, not {thumb} {denarii}",
                    hint=f"{name} {typed[0]} {typed[1]}, or undo his vote",
                )
        check_fist(state, name, denarii)
    left = [n for n in state.pending if n not in named] + [n for n, (t, _) in state.votes.items() if t is None and n not in named]
    if left:
        raise IllegalMove(
            "sylla.hidden.votes", "the fists open together: name " + ", ".join(left) + " too",
            hint=move.notation() + ", " + ", ".join(f"{n} up 0" for n in left),
        )


def take_vote(state: Draft, move: object) -> bool:
    """Record a vote or the opened fists; True when every vote is in and known (the vote
    resolves), else the step waits for more votes or for the fists (``*.fists``)."""
    if isinstance(move, m.FistsMove):
        for name, thumb, denarii in move.votes:
            state.votes[name] = (thumb, denarii)
            if name in state.pending:
                state.pending.remove(name)
    else:
        assert isinstance(move, m.VoteMove)
        state.votes[move.player] = (move.thumb, move.denarii)
        state.pending.remove(move.player)
    if state.pending:
        return False
    if any(t is None for t, _ in state.votes.values()):
        state.step = "VI.fists" if state.phase == "VI" else "end.fists"
        return False
    return True


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


def apply(state: Draft, move: object) -> None:
    """Play the revealed Great Work or a vote; the last vote resolves it."""
    if isinstance(move, m.WorkMove):
        state.next_work = move.work
        open_vote(state)
        return
    if take_vote(state, move):
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


def resolve(state: Draft) -> None:
    """All votes are in: pay the fists, the plebs' gift to thumbs down, the work's rewards to
    thumbs up, its marker moves; the next work comes up."""
    work = works_by_id()[state.work or ""]
    up: dict[str, int] = {}
    for name in state.seats:
        thumb, denarii = state.votes[name]
        assert denarii is not None
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
