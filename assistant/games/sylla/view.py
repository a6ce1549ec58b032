"""What the table sees: the prompt (whose entry the game waits for, and what kind), the state
description for ``state`` and ``--json``, the events an entry set off, and the words worth
completing. Secret faces (denarii, token colours, votes so far) appear only with ``reveal``;
how many tokens each player holds and who has voted are public."""

from __future__ import annotations

from typing import Any

from assistant.core.protocol import Prompt
from assistant.games.sylla.components import TOKENS, event_names, token_name, works_by_id
from assistant.games.sylla.rules import setup
from assistant.games.sylla.rules.auction import COLOUR, describe_offer, name_of
from assistant.games.sylla.state import PHASE_NAMES, Player, State

STEP_TEXT = {
    "I.bid": ("bid, pass", "{actor} bids (total votes) or passes"),
    "I.token": ("takes", "the Consul {consul} takes a token and shows it"),
    "II.recruit": ("recruits", "{actor} recruits a character from the display"),
    "III.offer": ("offers", "{offerer} offers a tile (space 1-6)"),
    "III.bid": ("bids, passes", "{actor} bids cards or passes on {offer}"),
    "III.pay": ("pays", "{winner} taps {high} cards to pay for {offer}"),
    "III.insula": ("insula", "{winner} chooses the Insula's 2 tokens"),
    "III.crane": ("crane", "enter the colours of {winner}'s Crane card"),
    "IV.use": ("temple, tavern, done", "{actor} uses his Temple or Tavern, or says done"),
    "V.place": ("vestal, legionary", "{actor} places a cube"),
    "V.prevent": ("prevents", "the Consul {consul} chooses the tied event(s) to prevent"),
    "V.down": ("turns", "{pending} turn an item face down ({effect})"),
    "V.remove": ("removes", "the Consul {consul} chooses the prevented event that leaves"),
    "V.draw": ("event", "enter the event drawn into the empty slot"),
    "VI.work": ("work", "enter the Great Work now showing (next round's)"),
    "VI.vote": ("up, down, votes", "secret vote on {work}: {pending} (thumb and denarii in the fist, or votes ?)"),
    "VI.fists": ("fists", "the fists open: enter the votes entered as unknown ({unseen})"),
    "VII.crisis": ("tokens", "{crisis} crisis: {pending} show their {crisis} tokens"),
    "VII.tiles": ("tiles", "end of round: enter the 6 new building tiles, left to right"),
    "end.vote": ("up, down, votes", "Ecclesia: {pending} vote (thumb and denarii in the fist, or votes ?)"),
    "end.fists": ("fists", "Ecclesia: the fists open: enter the votes entered as unknown ({unseen})"),
    "end.free": ("frees", "{pending} free Slaves (2 denarii each)"),
    "end.tokens": ("tokens", "all reveal their tokens: {pending} show theirs (the final score waits for them)"),
}
"""Each step's entry verbs and the message the prompt shows."""


def expecting(state: State) -> Prompt:
    """Whose entry the game waits for, in which phase, and which verbs fit."""
    if state.phase == "over":
        return Prompt((), "game over", (), "the game is over")
    if state.phase == "setup":
        todo = setup.missing(state)
        return Prompt(awaited(state), "setup", tuple(todo), "setup: enter " + ", ".join(todo), words(state))
    verbs, text = STEP_TEXT[state.step]
    message = text.format(
        actor=state.actor, consul=state.consul, offerer=state.offerer, winner=state.high_bidder, high=state.high,
        offer=describe_offer(state) if state.phase == "III" else "", pending=", ".join(state.pending),
        effect=event_names().get(state.current_effect or "", ""),
        unseen=", ".join(n for n, (t, _) in state.votes.items() if t is None),
        crisis=token_name(state.crises[0]) if state.crises else "",
        work=works_by_id().get(state.work or "", {}).get("name", "Ecclesia"),
    )
    where = "end of the game" if state.phase == "end" else f"round {state.round}, phase {state.phase} ({PHASE_NAMES[state.phase]})"
    # the message names the phase too: `play` shows only the message at its prompt
    return Prompt(awaited(state), where, tuple(v.strip() for v in verbs.split(",")), f"{where}: {message}", words(state))


def awaited(state: State) -> tuple[str, ...]:
    """Whose entry the current step waits for (empty: the table's, or setup's shared entries)."""
    if state.phase == "over":
        return ()
    if state.phase == "setup":
        todo = setup.missing(state)
        return tuple(s for s in state.seats if not state.kept.get(s)) if todo == ["keeps"] else ()
    if state.step in ("I.token", "V.prevent", "V.remove"):
        return (state.consul or "",)
    if state.step == "III.offer":
        return (state.offerer or "",)
    if state.step in ("III.pay", "III.insula", "III.crane"):
        return (state.high_bidder or "",)
    if state.step in ("V.down", "VI.vote", "end.vote", "end.free", "VII.crisis", "end.tokens"):
        return tuple(state.pending)
    if state.step in ("V.draw", "VI.work", "VII.tiles", "VI.fists", "end.fists"):
        return ()
    return (state.actor or "",)


def words(state: State) -> tuple[str, ...]:
    """Names worth completing: players, events in the row, card and tile labels."""
    found = {*state.seats, *(event_names()[s.id] for s in state.events)}
    for p in state.players:
        found |= {c.label for c in p.cards} | {t.label for t in p.tiles}
    return tuple(sorted(found))


def completions(state: State) -> list[str]:
    """Words worth completing at the prompt now: verbs, players, names in play."""
    prompt = expecting(state)
    return sorted({*prompt.kinds, *prompt.players, *prompt.words})


def events(before: State, after: State) -> list[str]:
    """What the entry set off, as the public log recorded it (votes and screens stay hidden:
    the log never holds them)."""
    return list(after.log[len(before.log) :])


def tokens_text(p: Player) -> dict[str, str | int]:
    """His tokens as entered: the count of each kind where it is known, else its possible
    counts, and how many were entered as unknown."""
    out: dict[str, str | int] = {}
    for k in TOKENS:
        seen = p.token_range(k)
        out[k] = seen[0] if len(seen) == 1 else f"{seen[0]}-{seen[-1]}"
    if p.unknown:
        out["entered as ?"] = p.unknown
    return out


def describe(state: State, *, reveal: bool = False) -> dict[str, Any]:
    """The state as plain JSON data: round, Consul, ladder, events, tiles, works, players, the
    recent log. Denarii, tokens and the votes so far only with ``reveal``."""
    prompt = expecting(state)
    data: dict[str, Any] = {
        "phase": prompt.phase,
        "waiting": prompt.message,
        "round": state.round,
        "consul": state.consul,
        "famine": state.famine,
    }
    if state.board:
        data["ladder"] = {
            token_name(k): f"space {state.markers[k] + 1} of {len(state.board.ladder)}, worth {state.value(k)}"
            + (" (crisis zone)" if state.in_crisis(k) else "")
            for k in TOKENS
        }
    data["events"] = [
        f"{event_names()[s.id]} ({s.spec.icons} famine, {s.spec.fighters}, {s.spec.token or 'prestige'})"
        + (" cubes: " + ", ".join(f"{n} {c}" for n, c in s.cubes.items()) if s.cubes else "")
        for s in state.events
    ]
    data["tiles"] = [
        f"{i + 1}: {name_of(t)} ({COLOUR[state.board.spaces[i]] if state.board else '?'})"
        for i, t in enumerate(state.spaces) if t
    ]
    data["great work"] = works_by_id()[state.work]["name"] if state.work else None
    data["removed work"] = works_by_id()[state.work_removed]["name"] if state.work_removed else None
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "prestige": p.prestige,
            "set": p.set,
            "cards": [c.describe() for c in p.cards],
            "tiles": [t.describe() for t in p.tiles],
        }
        entry["tokens held"] = sum(p.tokens.values()) + p.unknown  # how many is public; the kinds are not
        if reveal:
            entry["denarii"] = p.money
            entry["tokens"] = tokens_text(p)
        players.append(entry)
    data["players"] = players
    if state.votes and state.step in ("VI.vote", "VI.fists", "end.vote", "end.fists"):
        data["voted"] = [n for n in state.seats if n in state.votes]
        if reveal:
            data["votes so far"] = {n: f"{t} {d}" if t is not None else "?" for n, (t, d) in state.votes.items()}
    data["log"] = list(state.log[-12:])
    return data
