"""What the table sees: the prompt (:func:`expecting`), the state as JSON (:func:`describe`,
hidden choices and hands only with ``reveal``), what an entry set off (:func:`events`) and
the words to complete at the prompt (:func:`completions`)."""

from __future__ import annotations

from typing import Any

from assistant.core.protocol import Prompt
from assistant.games.sevenwonders import components, deck, powers
from assistant.games.sevenwonders.legal import leader_candidates
from assistant.games.sevenwonders.rules.legality import courtesan_targets
from assistant.games.sevenwonders.rules.resolution import neighbour_guilds
from assistant.games.sevenwonders.scoring import NO_TOKEN
from assistant.games.sevenwonders.state import SKIP, SWState, awaited, next_extra

#: The kinds of entry each extra step takes.
KINDS = {
    "seventh": ("build", "stage", "sell"),
    "rome": ("recruit",),
    "halikarnassos": ("pick",),
    "solomon": ("pick",),
    "courtesan": ("courtesan",),
    "copy": ("copy",),
}
#: The prompt of each extra step.
STEP_TEXT = {
    "seventh": "{p} plays the 7th card (Babylon B): build, stage or sell",
    "rome": "{p} may recruit an extra leader (Rome B): recruit <leader> or recruit none",
    "halikarnassos": "{p} builds a card from the discard pile (Halikarnassos): pick <card> or pick none",
    "solomon": "{p} builds a card from the discard pile (Solomon): pick <card> or pick none",
    "courtesan": "{p} places the Courtesan token on a neighbour's leader: courtesan <leader>",
    "copy": "{p} names the neighbour's guild Olympia B copies: copy <guild>, or copy best",
}


def expecting(state: SWState) -> Prompt:
    """Whose entry the game waits for, in which phase, which kinds of entry and the names
    that may come next (for completion)."""
    players = awaited(state)
    if state.phase == "boards":
        return Prompt(players, state.phase_label, ("board",), "each player: <player> board <Wonder> <A|B>", components.BOARD_NAMES)
    if state.phase == "recruit":
        played = {name for c in state.cities for name in (*c.named_leaders, *c.boxed)}
        words = tuple(l.name for l in components.leaders() if l.name not in played)
        return Prompt(
            players,
            state.phase_label,
            ("recruit", "stage", "sell", "leaders"),
            f"{state.phase_label}, still to choose: {', '.join(players)}"
            " (recruit <leader>, stage <leader> or sell <leader>)",
            words,
        )
    if state.phase == "turn":
        words = tuple(deck.age_names(state, state.age))
        return Prompt(
            players,
            state.phase_label,
            ("build", "stage", "sell"),
            f"{state.phase_label}, still to choose: {', '.join(players)} (build <card>, stage or sell <card>)"
            + free_city_note(state),
            words,
        )
    if state.phase == "extra":
        step = next_extra(state)
        assert step is not None
        i, kind = step
        words: tuple[str, ...] = ()
        if kind in ("halikarnassos", "solomon"):
            words = tuple(deck.pile_candidates(state))
        elif kind == "courtesan":
            words = tuple(courtesan_targets(state, i))
        elif kind == "copy":
            words = tuple(neighbour_guilds(state, i))
        elif kind == "seventh":
            words = tuple(deck.age_names(state, state.age))
        elif kind == "rome":
            words = tuple(leader_candidates(state, i))
        return Prompt(players, state.phase_label, KINDS[kind], STEP_TEXT[kind].format(p=state.seats[i]), words)
    return Prompt((), "game over", (), "the game is over")


def free_city_note(state: SWState) -> str:
    """In a 2-player game's turn: who holds the Free City card and what they still choose
    (``7w.2p.turn``)."""
    holder = state.holder()
    if holder is None:
        return ""
    who = state.seats[holder]
    if state.choices[holder] is None:
        return f"; {who} holds the Free City card: {who}'s own choice first, then 'Free City build <card>'"
    if state.choices[-1] is None:
        return f"; {who} now chooses for the Free City: Free City build <card>, stage or sell <card>"
    return ""


def describe(state: SWState, *, reveal: bool = False) -> dict[str, Any]:
    """The state as JSON: each city's public counts, who has chosen, the discard pile's size;
    with ``reveal`` the pending choices, entered leader hands and the pile's cards too."""
    players = []
    for i, (p, c) in enumerate(zip(state.seats, state.cities)):
        info: dict[str, Any] = {"name": p}
        if c.wonder:
            info["board"] = f"{c.wonder} {c.side}"
            info["stages"] = f"{c.stages}/{len(c.board.stages)}"
            info["coins"] = c.coins
            if c.income:
                # received during the turn being resolved: usable from the next one
                info["coins_received_this_turn"] = c.income
            info["shields"] = powers.shields(c)
            info["military"] = sum(c.tokens)
            info["tokens"] = list(c.tokens)
            info["cards"] = list(c.cards)
            if state.leaders_on:
                info["leaders"] = list(c.leaders)
                info["leaders_in_hand"] = c.hand_size
                if c.courtesan:
                    info["courtesan"] = c.courtesan
        if state.phase in ("turn", "recruit") and state.choices:
            choice = state.choices[i]
            info["chosen"] = choice is not None
            if reveal and choice is not None and choice != SKIP:
                info["choice"] = choice.notation()
        if reveal and c.hand is not None:
            info["hand"] = list(c.hand)
        players.append(info)
    out: dict[str, Any] = {"phase": state.phase_label, "players": players}
    if state.free_city:
        holder = state.holder()
        out["free_city_card"] = state.seats[holder] if holder is not None else "nobody (outside the Age turns)"
    prompt = expecting(state)
    if prompt.message:
        out["waiting for"] = ", ".join(prompt.players) or "nobody"
    if reveal:
        out["discard_pile"] = [name for _, name in state.pile]
        out["discard_pile_unnamed"] = sum(state.pile_unknown)
    else:
        out["discard_pile_size"] = len(state.pile) + sum(state.pile_unknown)
    return out


def events(before: SWState, after: SWState) -> list[str]:
    """When a turn, a Recruitment phase or an extra step resolves: what each city gained
    (cards, stages, leaders, coins, conflict tokens). Nothing while choices are collected:
    they stay hidden until everyone has chosen."""
    if before.phase == "boards" or (before.clock == after.clock and before.cities == after.cities):
        return []
    lines = []
    if before.clock != after.clock and before.phase in ("turn", "recruit"):
        lines.append(f"{before.phase_label} resolved")
    for name, old, new in zip(after.seats, before.cities, after.cities):
        parts = []
        built = [c for c in new.cards if c not in old.cards]
        if built:
            parts.append("built " + ", ".join(built))
        if new.stages > old.stages:
            parts.append(f"wonder stage {new.stages}")
        recruited = [leader for leader in new.leaders if leader not in old.leaders]
        if recruited:
            parts.append("recruited " + ", ".join(recruited))
        if new.coins != old.coins:
            parts.append(f"coins {old.coins} → {new.coins}")
        tokens = new.tokens[len(old.tokens) :]
        if tokens:
            parts.append("conflict tokens " + " ".join(f"{t:+d}" for t in tokens))
        if new.courtesan and new.courtesan != old.courtesan:
            parts.append(f"Courtesan token on {new.courtesan}")
        elif new.courtesan == NO_TOKEN and old.courtesan is None:
            parts.append("no recruited leader next door: the Courtesan token is not placed (7w.guild.courtesans)")
        j = after.seats.index(name)
        solomon_waits = after.phase == "extra" and j < len(after.due) and after.due[j].solomon
        if "Solomon" in recruited and not solomon_waits:
            parts.append("Solomon finds nothing he may take in the discard pile: his effect is lost (7w.leader.solomon)")
        if parts:
            lines.append(f"{name}: " + "; ".join(parts))
    if after.phase != before.phase or after.age != before.age:
        lines.append("now: " + after.phase_label)
    return lines


def completions(state: SWState) -> list[str]:
    """The words the prompt may complete now: verbs, players, card or leader names, payment
    words."""
    prompt = expecting(state)
    return sorted({*prompt.kinds, *state.seats, *prompt.words, "pay", "left", "right", "free"})
