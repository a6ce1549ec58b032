"""Corrections (rule roma.correct): a physical mistake noticed late, put right at any point
after or during the set-up without being a turn. VP move between a player and the stockpile or
the other player (the 36 VP stay 36), sestertii are gained or lost (the bank has no limit), a
card moves between the player's discs and the discard pile (the 52 cards stay 52). Only public
things are corrected: a card on a disc or face up on the discard pile, never one in a hand."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.roma.board import BRIBE_DISC
from assistant.games.roma.moves import DISCARD, STOCKPILE, Correct
from assistant.games.roma.rules.ledger import book, finish, say
from assistant.games.roma.state import RomaState, evolve, pile_fields, with_item

RULE = "roma.correct"


def _refuse(reason: str, hint: str) -> None:
    raise IllegalMove(RULE, reason, hint=hint)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def check_correct(state: RomaState, move: Correct) -> None:
    """Refuse a correction that cannot be true: a figure below zero, VP from nowhere, a card
    that is not where it is said to be, or a place it cannot go."""
    me = state.index(move.player)
    if move.thing == "vp":
        _check_vp(state, me, move)
    elif move.thing == "sestertii":
        if state.money[me] + move.amount < 0:
            _refuse(
                f"{move.player} has only {_plural(state.money[me], 'sestertius', 'sestertii')}, not {-move.amount}",
                f"correct {move.player} sestertii -{state.money[me]} because ..." if state.money[me] else "nothing to take",
            )
    else:
        _check_card(state, me, move)


def _check_vp(state: RomaState, me: int, move: Correct) -> None:
    n = abs(move.amount)
    if move.other == move.player:
        _refuse(
            f"VP moved from {move.player} to {move.player} change nothing",
            f"say where the VP come from or go to: '{STOCKPILE}' or {state.seats[1 - me]}",
        )
    giver = (STOCKPILE if move.other == STOCKPILE else move.other) if move.amount > 0 else move.player
    if giver == STOCKPILE:
        if state.stockpile < n:
            _refuse(
                f"the stockpile holds only {state.stockpile} VP, not {n}",
                f"take the rest from {state.seats[1 - me]}: correct {move.player} vp +{n} from {state.seats[1 - me]} because ...",
            )
        return
    held = state.vp[state.index(giver)]
    if held < n:
        _refuse(f"{giver} has only {_plural(held, 'VP', 'VP')}, not {n}", f"at most {held} VP can come from {giver}")


def _check_card(state: RomaState, me: int, move: Correct) -> None:
    if state.in_setup:
        _refuse(
            "cards are corrected once both players have laid out their cards",
            "change the 'place' entry instead: amend PLY \"place ...\"",
        )
    if move.origin == move.dest:
        _refuse(f"the {move.card} would stay where it is", "from one place to another: a disc or 'discard'")
    for where in (move.origin, move.dest):
        if where != DISCARD and int(where) > state.discs:
            _refuse(
                f"there is no disc {where} at this table (disc {BRIBE_DISC} is the bribe disc, option bribe=on)",
                f"a disc between 1 and {state.discs}, or 'discard'",
            )
    battle = state.battle
    if battle is not None:
        busy = {str(battle.disc)} if me == state.active else {str(battle.target)}
        if busy & {move.origin, move.dest}:
            _refuse(
                f"{move.player}'s disc {', '.join(sorted(busy & {move.origin, move.dest}))} is in the battle waiting for its die",
                "enter the battle die first, then correct",
            )
    name = move.player
    if move.origin == DISCARD:
        if move.card not in state.discard:
            _refuse(
                f"no {move.card} lies face up on the discard pile",
                "only a card seen on the discard pile can come back from it",
            )
    else:
        held = state.card_at(me, int(move.origin))
        if held != move.card:
            holding = [str(d) for d, c in enumerate(state.boards[me], 1) if c == move.card]
            _refuse(
                f"{name}'s disc {move.origin} {'holds ' + held if held else 'is empty'}, not {move.card}",
                f"{name}'s {move.card} is on disc {holding[0]}" if holding else f"{name} has no {move.card} on a disc",
            )
    if move.dest != DISCARD:
        there = state.card_at(me, int(move.dest))
        if there is not None:
            _refuse(
                f"{name}'s disc {move.dest} holds {there}; a card is only moved to an empty disc",
                f"first: correct {name} card {there} from {move.dest} to discard because ...",
            )


def apply_correct(state: RomaState, move: Correct) -> RomaState:
    """The table with the correction made (checked before), the note the score shows for VP,
    and the end of the game when it leaves a player without VP or the stockpile empty."""
    me = state.index(move.player)
    if move.thing == "sestertii":
        state = evolve(state, money=with_item(state.money, me, state.money[me] + move.amount))
        return say(state, f"correction: {move.player} {move.amount:+d} sestertii")
    if move.thing == "card":
        boards = state.boards
        pile = state.discard_pile()  # the whole pile, so that the unnamed cards keep their places (D29)
        if move.origin == DISCARD:
            pile = _without_last(pile, move.card)
        else:
            boards = with_item(boards, me, with_item(boards[me], int(move.origin) - 1, None))
        if move.dest == DISCARD:
            pile = pile + (move.card,)
        else:
            boards = with_item(boards, me, with_item(boards[me], int(move.dest) - 1, move.card))
        state = evolve(state, boards=boards, **pile_fields(pile))
        return say(state, f"correction: {move.player}'s {move.card} from {_place(move.origin)} to {_place(move.dest)}")
    other = move.other
    vp = with_item(state.vp, me, state.vp[me] + move.amount)
    stockpile = state.stockpile
    if other == STOCKPILE:
        stockpile -= move.amount
        where = f"{'from' if move.amount > 0 else 'to'} the stockpile"
    else:
        o = state.index(other)
        vp = with_item(vp, o, vp[o] - move.amount)
        where = f"{'from' if move.amount > 0 else 'to'} {other}"
    note = f"correction at ply {state.ply + 1}: {move.player} {move.amount:+d} VP {where} ({move.reason})"
    state = evolve(state, vp=vp, stockpile=stockpile, corrections=state.corrections + (note,))
    state = book(state, me, "corrections", move.amount)
    if other != STOCKPILE:
        state = book(state, state.index(other), "corrections", -move.amount)
    state = say(state, f"correction: {move.player} {move.amount:+d} VP {where}")
    return finish(state)


def _place(where: str) -> str:
    return "the discard pile" if where == DISCARD else f"disc {where}"


def _without_last(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The discard pile without one copy of ``card`` (the topmost: the last laid there)."""
    i = len(cards) - 1 - cards[::-1].index(card)
    return cards[:i] + cards[i + 1 :]

