"""The changes of the table every Roma rule shares: VP from the stockpile or the opponent, a
card from a board to the discard pile, the end of the game, and the report of what an entry did
by itself (``state.last``, shown with the next prompt)."""

from __future__ import annotations

from assistant.games.roma.state import RomaState, evolve, with_item


def say(state: RomaState, text: str, **changes: object) -> RomaState:
    """Add a sentence to what the last entry did (shown with the next prompt), with the
    other ``changes`` it reports made in the same copy of the state."""
    return evolve(state, last=f"{state.last}; {text}" if state.last else text, **changes)


def finish(state: RomaState) -> RomaState:
    """The game ends at once when a player has no VP or the stockpile is empty."""
    if state.ended:
        return state
    for i in (0, 1):
        if state.vp[i] <= 0:
            return say(state, "the game is over", ended=f"{state.seats[i]} has no VP left", battle=None)
    if state.stockpile <= 0:
        return say(state, "the game is over", ended="the stockpile is empty", battle=None)
    return state


def book(state: RomaState, player: int, cause: str, amount: int) -> RomaState:
    """Write a change of a player's VP into the VP ledger under its cause (``Forum``,
    ``empty discs``, ``taken by Tribunus Plebis``...), added to what that cause already moved:
    the score's working (issue 23, D15). Only the ledger: the VP themselves change where the
    rule moves them. Nothing is written for 0."""
    if not amount:
        return state
    causes = dict(state.vp_causes[player])
    causes[cause] = causes.get(cause, 0) + amount
    return evolve(state, vp_causes=with_item(state.vp_causes, player, tuple(causes.items())))


def gain_from_stockpile(state: RomaState, player: int, parts: tuple[tuple[str, int], ...]) -> RomaState:
    """VP from the stockpile, booked by cause (``parts``: ``(("Forum", 5), ("Basilica", 2))``);
    what the stockpile cannot pay is credited anyway (the last payout)."""
    amount = sum(n for _, n in parts)
    paid = min(amount, state.stockpile)
    state = evolve(
        state,
        stockpile=state.stockpile - paid,
        credited=state.credited + amount - paid,
        vp=with_item(state.vp, player, state.vp[player] + amount),
    )
    for cause, n in parts:
        state = book(state, player, cause, n)
    if paid < amount:
        state = say(state, f"the stockpile pays only {paid}: {amount - paid} VP credited to {state.seats[player]} (the last payout)")
    return state


def take_from_opponent(state: RomaState, player: int, amount: int, card: str) -> RomaState:
    """VP from the opponent by ``card``'s effect, never more than they have; booked as
    ``card`` for the taker and ``taken by card`` for the opponent."""
    other = 1 - player
    paid = min(amount, state.vp[other])
    vp = with_item(state.vp, other, state.vp[other] - paid)
    vp = with_item(vp, player, vp[player] + paid)
    state = book(evolve(state, vp=vp), player, card, paid)
    return book(state, other, f"taken by {card}", -paid)


def discard_from_board(state: RomaState, owner: int, disc: int) -> RomaState:
    """A card from a player's disc to the discard pile (nothing when the disc is empty)."""
    card = state.card_at(owner, disc)
    if card is None:
        return state
    board = with_item(state.boards[owner], disc - 1, None)
    return evolve(state, boards=with_item(state.boards, owner, board), discard=state.discard + (card,))
