"""What the screens hide (sylla.components.hidden, sylla.hidden.*): the tokens a Temple or an
Insula gives may be entered as unknown (``Red temple ?``); the table learns a player's count of
a kind when the rules reveal it (a crisis of that kind, the end of the game) or when someone
names it later (``Red tokens health 2``). Each count is checked when it appears: it must fit
the tokens entered for that player, known and unknown, and every count shown before.

The secret fist votes are in rules.greatwork (``votes ?``, then ``fists ...``)."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import token_name
from assistant.games.sylla.state import AnyState, Draft, State


def check_tokens(state: State, move: m.TokensMove) -> None:
    """sylla.hidden.tokens: every count named fits what is known of the player's tokens
    (the known ones, how many unknown ones he got, the counts shown before, and the other
    counts of this entry). The reason does not repeat what was typed in secret."""
    p = state.player(move.player).edit()
    total = sum(p.tokens.values()) + p.unknown
    for kind, count in move.counts:
        if count not in p.token_range(kind):
            if count > total:
                why = f"he holds only {total} tokens in all"
            else:
                why = "that does not fit the tokens entered for him and the counts shown before"
            raise IllegalMove(
                "sylla.hidden.tokens", f"{p.name} cannot hold {count} {token_name(kind)} tokens: {why}",
                hint=f"check his tokens with 'state --reveal', or undo the entry that gave one",
            )
        p.narrow(kind, count)


def take_tokens(state: Draft, move: m.TokensMove) -> None:
    """Take the counts named as known (checked before)."""
    p = state.player(move.player)
    for kind, count in move.counts:
        p.narrow(kind, count)


def public_counts(state: AnyState, move: m.TokensMove) -> m.TokensMove:
    """The counts of a ``tokens`` entry the whole table sees: every one at the end, the crisis
    kind's in a crisis, none outside a reveal (sylla.components.hidden)."""
    if state.step == "end.tokens":
        return move
    if state.step == "VII.crisis" and state.crises:
        return m.TokensMove(move.player, tuple((k, n) for k, n in move.counts if k == state.crises[0]))
    return m.TokensMove(move.player, ())


def see_tokens(state: Draft, move: m.TokensMove) -> None:
    """The whole table learns the counts of ``move`` (Player.see_count)."""
    p = state.player(move.player)
    for kind, count in move.counts:
        p.see_count(kind, count)
