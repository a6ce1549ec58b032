"""Correction entries (``7w.correct``): a physical mistake noticed late, set right in the
tracked game without undoing anything.

A correction is not a turn: it changes only what it says (coins, a wonder stage count, a
conflict token, an Age card moved between a city and the discard pile or between two cities),
never whose turn it is or what is awaited. It is checked so that every invariant of
:func:`simulate.check_invariants` still holds: no figure below zero, a stage count within the
board, tokens of the printed values from an Age whose conflicts are over, a card really where
it is said to be and never twice in one city; the deck accounting does not change (a moved
card stays named from its Age deck). A choice already entered this turn must still be legal
after the correction, or the correction is refused (change the choice first). "When built"
effects are not replayed: a stage corrected or a card moved brings no coins by itself
(correct the coins too).

Corrections are taken from the first Age on (not while boards are entered). A finished game
takes no more entries (``core.over``): a correction is inserted before its last entry
(``insert PLY``) and changes the final score.
"""

from __future__ import annotations

from dataclasses import replace

from assistant.core.errors import IllegalMove
from assistant.games.sevenwonders import deck
from assistant.games.sevenwonders.moves import DISCARD, Correct
from assistant.games.sevenwonders.state import AGE_VICTORY, SKIP, SWState

RULE = "7w.correct"
#: The conflict token values (``7w.military.resolve``): Victory of Age I, II, III and Defeat.
TOKEN_VALUES = (1, 3, 5, -1)


def conflicts_done(state: SWState, age: int) -> bool:
    """Whether the conflicts of Age ``age`` have been resolved."""
    return state.phase == "over" or state.age > age or (state.phase == "extra" and state.turn == 7)


def token_possible(state: SWState, value: int) -> bool:
    """Whether a token of this value can have been handed out yet."""
    if value == -1:
        return conflicts_done(state, 1)
    ages = [age for age, points in AGE_VICTORY.items() if points == value]
    return bool(ages) and conflicts_done(state, ages[0])


def card_age(state: SWState, name: str) -> int:
    """The Age a card in play was named from (the latest one naming it)."""
    ages = [age for age in (1, 2, 3) if name in state.named[age - 1]]
    return ages[-1] if ages else state.age


def check_correct(state: SWState, move: Correct) -> None:
    """Raise IllegalMove (rule ``7w.correct``) unless the correction can be made now."""
    if move.player not in state.seats:
        raise IllegalMove("core.players", f"{move.player} does not play in this game", hint="the players: " + ", ".join(state.seats))
    if state.phase == "boards":
        raise IllegalMove(RULE, "nothing can be corrected before every board is known: the game has not started", hint="enter the boards first")
    if not move.reason.strip():
        raise IllegalMove(RULE, "a correction says why it is made", hint=f"{move.notation().split(' because')[0]} because <reason>")
    i = state.index(move.player)
    city = state.cities[i]
    who = move.player
    if move.thing == "coins":
        if move.delta == 0:
            raise IllegalMove(RULE, "a correction of 0 coins changes nothing", hint=f"correct {who} coins +1 because ...")
        if city.coins + move.delta < 0:
            raise IllegalMove(RULE, f"{who} holds {city.coins} coins: {move.delta} would leave fewer than none", hint=f"at most correct {who} coins -{city.coins}")
    elif move.thing == "stage":
        most = len(city.board.stages)
        if move.delta == 0:
            raise IllegalMove(RULE, "a correction of 0 stages changes nothing", hint=f"correct {who} stage +1 because ...")
        if not 0 <= city.stages + move.delta <= most:
            raise IllegalMove(
                RULE,
                f"{who} has {city.stages} of the {most} stages of {city.board.label}: {move.delta:+d} would make {city.stages + move.delta}",
                hint=f"a stage count between 0 and {most}",
            )
    elif move.thing == "token":
        for value in (move.old, move.new):
            if value is not None and value not in TOKEN_VALUES:
                raise IllegalMove(RULE, f"there is no conflict token of {value}", hint="Victory 1, 3 or 5 (Ages I, II, III), Defeat -1")
        if move.old is None and move.new is None:
            raise IllegalMove(RULE, "name the token added or removed", hint=f"correct {who} token add 1 because ...")
        if move.old is not None and move.old not in city.tokens:
            held = ", ".join(str(t) for t in city.tokens) or "none"
            raise IllegalMove(RULE, f"{who} holds no {move.old} token (tokens held: {held})", hint=f"correct {who} token add <value> because ...")
        if move.new is not None and not token_possible(state, move.new):
            raise IllegalMove(RULE, f"no {move.new} token has been handed out yet: that Age's conflicts are still to come", hint="a Victory token of an Age whose conflicts are over")
        if move.old == move.new:
            raise IllegalMove(RULE, "the token would stay the same", hint=f"correct {who} token {move.old} to <other value> because ...")
    elif move.thing == "card":
        check_card(state, i, move)
    else:
        raise IllegalMove(RULE, f"'{move.thing}' cannot be corrected", hint="coins, stage, token or card")
    check_pending(state, apply_correct(state, move), move)


def check_card(state: SWState, i: int, move: Correct) -> None:
    """A card moved: it is where it is said to be, and the city it goes to does not hold it."""
    name = move.card or ""
    who = move.player
    if move.to is None:  # from the discard pile into the player's city
        if not deck.pile_sources(state, name):
            # the pile lies face down (7w.secrets): the refusal never lists what it holds
            raise IllegalMove(
                RULE,
                f"{name} cannot be in the discard pile: every copy its Age deck holds is accounted for elsewhere",
                hint="check the card's name ('state --reveal' shows the cards of the pile the game knows)",
            )
        if name in state.cities[i].cards:
            raise IllegalMove(RULE, f"{who}'s city already holds {name}: a city never holds a structure twice")
        return
    if name not in state.cities[i].cards:
        raise IllegalMove(
            RULE,
            f"{who}'s city holds no {name}",
            hint=(f"correct <player> card {name} to ... (the city that holds it)" if name else "name a card of the city"),
        )
    if move.to == DISCARD:
        return
    if move.to not in state.seats:
        raise IllegalMove("core.players", f"{move.to} is not a player in this game", hint="the players: " + ", ".join(state.seats))
    if move.to == who:
        raise IllegalMove(RULE, f"{name} is already in {who}'s city", hint=f"correct {who} card {name} to <other player> because ...")
    if name in state.city(move.to).cards:
        raise IllegalMove(RULE, f"{move.to}'s city already holds {name}: a city never holds a structure twice")


def check_pending(before: SWState, after: SWState, move: Correct) -> None:
    """Every choice already entered this turn must still be legal after the correction."""
    if after.phase not in ("turn", "recruit"):
        return
    from assistant.games.sevenwonders.rules.legality import check

    for i, choice in enumerate(after.choices):
        if choice is None or choice == SKIP:
            continue
        cleared = replace(after, choices=tuple(None if k == i else c for k, c in enumerate(after.choices)))
        try:
            check(cleared, choice)
        except IllegalMove as exc:
            raise IllegalMove(
                RULE,
                f"{before.seats[i]}'s choice already entered this turn would no longer be legal: {exc.message}",
                hint="change that choice first (amend it), or enter the correction once the turn has resolved",
            ) from None


def apply_correct(state: SWState, move: Correct) -> SWState:
    """The state after a checked correction: only what it says changes, plus its note for the
    score sheet."""
    i = state.index(move.player)
    city = state.cities[i]
    who = move.player
    if move.thing == "coins":
        coins = city.coins + move.delta
        state = state.with_city(i, replace(city, coins=coins, income=min(city.income, coins)))
        unit = "coin" if abs(move.delta) == 1 else "coins"
        what = f"{who} {move.delta:+d} {unit}"
    elif move.thing == "stage":
        state = state.with_city(i, replace(city, stages=city.stages + move.delta))
        unit = "stage" if abs(move.delta) == 1 else "stages"
        what = f"{who} {move.delta:+d} wonder {unit} (now {city.stages + move.delta})"
    elif move.thing == "token":
        tokens = list(city.tokens)
        if move.old is not None:
            tokens.remove(move.old)
        if move.new is not None:
            tokens.append(move.new)
        state = state.with_city(i, replace(city, tokens=tuple(tokens)))
        what = f"{who} conflict token " + move.change
    else:
        name = move.card or ""
        if move.to is None:
            state = from_pile(state, name)
            state = state.with_city(i, replace(city, cards=(*city.cards, name)))
            what = f"{name} from the discard pile to {who}'s city"
        else:
            age = card_age(state, name)
            state = state.with_city(i, replace(city, cards=tuple(c for c in city.cards if c != name), fresh=tuple(c for c in city.fresh if c != name)))
            if move.to == DISCARD:
                state = replace(state, pile=(*state.pile, (age, name)))
                what = f"{name} from {who}'s city to the discard pile"
            else:
                k = state.index(move.to)
                other = state.cities[k]
                state = state.with_city(k, replace(other, cards=(*other.cards, name)))
                what = f"{name} from {who}'s city to {move.to}'s"
    note = f"correction at ply {state.entries + 1}: {what} ({move.reason})"
    return replace(state, corrections=(*state.corrections, note))


def from_pile(state: SWState, name: str) -> SWState:
    """The state with a card called ``name`` taken out of the discard pile: the last named copy
    (public from now on, if it was sold face down with its name), else one of the pile's
    unnamed cards, which is then known to be this card (``7w.secrets``: the public replay, in
    which the sale was unnamed, takes the same card)."""
    pile = list(state.pile)
    secret = list(state.secret_named)
    named = [list(x) for x in state.named]
    unknown = list(state.pile_unknown)
    spots = [k for k, (_, card) in enumerate(pile) if card == name]
    if spots:
        age, _ = pile.pop(spots[-1])
        if (age, name) in secret:
            secret.remove((age, name))
    else:
        age = next(a for a, known in deck.pile_sources(state, name) if not known)
        unknown[age - 1] -= 1
        named[age - 1].append(name)
    return replace(
        state,
        pile=tuple(pile),
        secret_named=tuple(secret),
        named=(tuple(named[0]), tuple(named[1]), tuple(named[2])),
        pile_unknown=(unknown[0], unknown[1], unknown[2]),
    )
