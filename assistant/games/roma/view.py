"""What the Roma table sees: the prompt (whose entry, which verbs, what the last entry did by
itself), the state as JSON-able data (hands only with ``reveal``), the events of an entry and
the words worth completing."""

from __future__ import annotations

from typing import Any

from assistant.core.protocol import Prompt
from assistant.games.roma import board, legal
from assistant.games.roma.components import CARDS, ORDER
from assistant.games.roma.scoring import outcome
from assistant.games.roma.state import RomaState


def expecting(state: RomaState) -> Prompt:
    """The prompt, led by what the last entry did by itself (Phase 1, a battle, an effect)."""
    prompt = _expecting(state)
    if state.last:
        text = f"{state.last} — {prompt.message}" if prompt.message else state.last
        prompt = Prompt(prompt.players, prompt.phase, prompt.kinds, text, prompt.words)
    return prompt


def _expecting(state: RomaState) -> Prompt:
    if state.over:
        return Prompt((), f"over: {state.ended}")
    if state.in_setup:
        hint = board.setup_hint(state)
        kinds = []
        if state.starter is None:
            kinds.append("start")
        if not (state.dealt[0] and state.dealt[1]):
            kinds.append("hand")
        elif not state.swapped:
            kinds.append("give")
        elif state.starter is not None:
            kinds.append("place")
        if "place" in kinds:
            who: tuple[str, ...] = (board.placing_player(state),)
        else:
            who = state.seats
        return Prompt(who, "set-up", tuple(kinds), hint, words=card_words(state))
    name = state.player
    phase = f"turn {state.turn}, {name}"
    if state.battle is not None:
        b = state.battle
        target = board.defence_text(state, state.opponent, b.target)
        message = f"{name}'s {b.attacker} attacks {state.seats[state.opponent]}'s {target}: enter the battle die"
        if b.boost and state.dice:
            message += f" (the Centurio may add an unused die, {board.die_text(state.dice)}: 'battle N add D')"
        return Prompt((name,), phase + ", battle", ("battle",), message)
    if state.dice is None:
        return Prompt((name,), phase + ", phase 2", ("roll",), f"{name}: roll the three action dice")
    kinds = ["lay", "money", "cards", "activate", "end"]
    triple = ""
    if board.may_reroll(state):
        kinds.insert(0, "reroll")
        triple = " (a triple: 'reroll A B C' allowed before any action)"
    return Prompt(
        (name,),
        phase + ", phase 3",
        tuple(kinds),
        f"{name}: dice left {board.die_text(state.dice)}{triple}; {state.money[state.active]} sestertii"
        + (f"; activate: {', '.join(usable)}" if (usable := legal.activatable(state)) else ""),
        words=card_words(state),
    )


def card_words(state: RomaState) -> tuple[str, ...]:
    """Card names to complete: every card, not only those in play (completing from the hands
    would show the hidden cards)."""
    return ORDER


def describe(state: RomaState, reveal: bool = False) -> dict[str, Any]:
    """The state as JSON-able data: each player's VP, money, board and hand size (the hand
    itself only with ``reveal``, as typed: ``?`` for a card entered as unknown; during the
    set-up also the dealt and given cards as typed), the piles, whose turn and the dice left
    (at the end too: the dice the last turn left unused)."""
    players = []
    for i, name in enumerate(state.seats):
        cards = {str(d): c for d, c in enumerate(state.boards[i], 1) if c}
        entry: dict[str, Any] = {
            "name": name,
            "vp": state.vp[i],
            "money": state.money[i],
            "board": cards,
            "hand_size": len(state.hands[i]),
        }
        if reveal:
            entry["hand"] = list(state.hands[i])  # as typed: '?' for a card entered as unknown
            if state.in_setup and state.deals[i]:
                entry["dealt"] = list(state.deals[i])
            if state.in_setup and state.gifts[i]:
                entry["gave"] = list(state.gifts[i])
        if state.blocked[i]:
            entry["blocked_discs"] = sorted(state.blocked[i])
        changed = {
            str(d): board.defence(state, i, d)
            for d, c in enumerate(state.boards[i], 1)
            if c and not state.in_setup and board.defence(state, i, d) != CARDS[c].defence
        }
        if changed:
            entry["defence"] = changed  # only where Turris or Essedum change the printed value
        players.append(entry)
    data: dict[str, Any] = {
        "phase": expecting(state).phase,
        "players": players,
        "stockpile": state.stockpile,
        "draw_pile": state.draw,
        "discard_pile": list(state.discard) + (["?"] * state.unknown_discards),
    }
    if state.credited:
        data["credited"] = state.credited
    if state.last:
        data["last"] = state.last
    if state.starter is not None:
        data["start_player"] = state.seats[state.starter]
    if not state.in_setup and not state.over:
        data["active"] = state.player
        data["dice_left"] = list(state.dice) if state.dice is not None else None
    elif state.over and state.dice is not None:
        data["dice_left"] = list(state.dice)  # the dice the last turn left unused
        if state.essedum:
            data["essedum"] = f"-{2 * state.essedum} defence to {state.seats[state.opponent]}'s cards this turn"
        if state.battle is not None:
            target = board.defence_text(state, state.opponent, state.battle.target)
            data["battle"] = f"{state.battle.attacker} attacks {target}"
    if state.over:
        data["result"] = outcome(state).to_json()  # type: ignore[union-attr]
    return data


def events(before: RomaState, after: RomaState) -> list[str]:
    """None as separate events: what an entry sets off by itself (Phase 1, a battle, a card's
    effect) is told at the head of the next prompt (``after.last``) and in ``describe``."""
    return []


def completions(state: RomaState) -> list[str]:
    """The words worth completing now: the verbs accepted, the players awaited, card names,
    and ``holds`` once a hand holds a card typed as unknown (rule roma.hidden.named)."""
    prompt = expecting(state)
    named = ("holds",) if not state.in_setup and any("?" in hand for hand in state.hands) else ()
    return sorted({*prompt.kinds, *prompt.players, *prompt.words, *named})
