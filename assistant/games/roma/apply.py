"""What a (checked) Roma entry does to the table. The automatic steps happen here: Phase 1
(1 VP per empty own disc) when a turn begins, the reshuffle of the discard pile in the middle of
a draw, and the end of the game the moment a player has no VP or the stockpile is empty (the
last payout's shortfall is credited)."""

from __future__ import annotations

from dataclasses import replace

from assistant.games.roma.board import (
    ATTACKS,
    BRIBE_DISC,
    activation_die,
    defence,
    defence_text,
    effective_card,
    neighbours,
)
from assistant.games.roma.cards import CARDS
from assistant.games.roma.moves import (
    Activate,
    Battle,
    End,
    Give,
    Hand,
    Lay,
    Money,
    Place,
    Roll,
    RomaMove,
    Start,
    TakeCards,
)
from assistant.games.roma.state import PendingBattle, RomaState, remove_die, with_item, without

def apply(state: RomaState, move: RomaMove) -> RomaState:
    if state.in_setup:
        return _apply_setup(state, move)
    if isinstance(move, Roll):
        return replace(state, dice=tuple(sorted(move.dice)))
    if isinstance(move, End):
        return _end_turn(state)
    if isinstance(move, Battle):
        return _finish(_apply_battle(state, move))
    state = replace(state, acted=True)
    me = state.active
    if isinstance(move, Lay):
        board = state.boards[me]
        covered = board[move.disc - 1]
        state = replace(
            state,
            hands=with_item(state.hands, me, without(state.hands[me], (move.card,))),
            money=with_item(state.money, me, state.money[me] - CARDS[move.card].cost),
            boards=with_item(state.boards, me, with_item(board, move.disc - 1, move.card)),
        )
        if covered is not None:
            state = replace(state, discard=state.discard + (covered,))
        return state
    assert state.dice is not None
    if isinstance(move, Money):
        return replace(
            state,
            dice=remove_die(state.dice, move.die),
            money=with_item(state.money, me, state.money[me] + move.die),
        )
    if isinstance(move, TakeCards):
        return _apply_cards(state, move)
    assert isinstance(move, Activate)
    return _finish(_apply_activate(state, move))


def _apply_setup(state: RomaState, move: RomaMove) -> RomaState:
    if isinstance(move, Start):
        return replace(state, starter=state.index(move.player))
    i = state.index(move.player)
    if isinstance(move, Hand):
        return replace(
            state,
            dealt=with_item(state.dealt, i, True),
            hands=with_item(state.hands, i, tuple(move.cards)),
            draw=state.draw - len(move.cards),
        )
    if isinstance(move, Give):
        hands = with_item(state.hands, i, without(state.hands[i], move.cards))
        given = with_item(state.given, i, tuple(move.cards))
        if given[0] is not None and given[1] is not None:
            hands = (hands[0] + given[1], hands[1] + given[0])
            return replace(state, hands=hands, given=(None, None), swapped=True)
        return replace(state, hands=hands, given=given)
    assert isinstance(move, Place)
    board = [None] * state.discs
    for card, disc in move.placements:
        board[disc - 1] = card  # type: ignore[call-overload]
    state = replace(
        state,
        boards=with_item(state.boards, i, tuple(board)),
        hands=with_item(state.hands, i, ()),
        placed=with_item(state.placed, i, True),
    )
    if state.placed[0] and state.placed[1]:
        assert state.starter is not None
        state = replace(state, active=state.starter, turn=1)
        state = _finish(_phase_one(state))
    return state


def _phase_one(state: RomaState) -> RomaState:
    """1 VP per empty own disc goes back to the stockpile (never more than the player has, A5)."""
    me = state.active
    empty = state.empty_discs(me)
    owed = min(empty, state.vp[me])
    event = f"Phase 1: {state.seats[me]} has {empty} empty disc{'s' if empty != 1 else ''} and pays {owed} VP"
    return replace(
        state, vp=with_item(state.vp, me, state.vp[me] - owed), stockpile=state.stockpile + owed, last=event
    )


def _end_turn(state: RomaState) -> RomaState:
    me = state.active
    state = replace(
        state,
        active=1 - me,
        turn=state.turn + 1,
        dice=None,
        acted=False,
        essedum=0,
        battle=None,
        blocked=with_item(state.blocked, me, frozenset()),
    )
    return _finish(_phase_one(state))


def _finish(state: RomaState) -> RomaState:
    """The game ends at once when a player has no VP or the stockpile is empty."""
    if state.ended:
        return state
    for i in (0, 1):
        if state.vp[i] <= 0:
            return replace(state, ended=f"{state.seats[i]} has no VP left", battle=None)
    if state.stockpile <= 0:
        return replace(state, ended="the stockpile is empty", battle=None)
    return state


def gain_from_stockpile(state: RomaState, player: int, amount: int) -> RomaState:
    """VP from the stockpile; what it cannot pay is credited anyway (the last payout)."""
    paid = min(amount, state.stockpile)
    return replace(
        state,
        stockpile=state.stockpile - paid,
        credited=state.credited + amount - paid,
        vp=with_item(state.vp, player, state.vp[player] + amount),
    )


def take_from_opponent(state: RomaState, player: int, amount: int) -> RomaState:
    other = 1 - player
    paid = min(amount, state.vp[other])
    vp = with_item(state.vp, other, state.vp[other] - paid)
    vp = with_item(vp, player, vp[player] + paid)
    return replace(state, vp=vp)


def _apply_cards(state: RomaState, move: TakeCards) -> RomaState:
    me = state.active
    dice = remove_die(state.dice or (), move.die)
    draw, discard, unknown = state.draw, state.discard, state.unknown_discards
    wanted = move.die
    drawn = min(wanted, draw)
    draw -= drawn
    if drawn < wanted and (discard or unknown):
        draw = len(discard) + unknown
        discard, unknown = (), 0
        more = min(wanted - drawn, draw)
        draw -= more
        drawn += more
    unknown += drawn - 1 - len(move.discards)
    return replace(
        state,
        dice=dice,
        draw=draw,
        discard=discard + tuple(move.discards),
        unknown_discards=unknown,
        hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.keep,)))),
    )


def _discard_from_board(state: RomaState, owner: int, disc: int) -> RomaState:
    card = state.card_at(owner, disc)
    if card is None:
        return state
    board = with_item(state.boards[owner], disc - 1, None)
    return replace(state, boards=with_item(state.boards, owner, board), discard=state.discard + (card,))


def _apply_activate(state: RomaState, move: Activate) -> RomaState:
    me, opp = state.active, state.opponent
    die = activation_die(move)
    assert die is not None and state.dice is not None
    state = replace(state, dice=remove_die(state.dice, die))
    if move.disc == BRIBE_DISC:
        state = replace(state, money=with_item(state.money, me, state.money[me] - die))
    card = effective_card(state, move)
    assert card is not None
    effect = CARDS[card].effect
    if effect == "forum":
        dice = state.dice
        for v in move.vp:
            dice = remove_die(dice, v)
        gain = sum(move.vp)
        gain += 2 * sum(1 for d in neighbours(state, move.disc) if state.card_at(me, d) == "Basilica")
        return gain_from_stockpile(replace(state, dice=dice), me, gain)
    if effect == "vp_per_empty_opponent_disc":
        return gain_from_stockpile(state, me, state.empty_discs(opp))
    if effect == "vp_per_opponent_forum":
        forums = sum(1 for c in state.boards[opp] if c == "Forum")
        if state.mercatus == "stockpile":
            return gain_from_stockpile(state, me, forums)
        return take_from_opponent(state, me, forums)
    if effect == "steal_vp":
        return take_from_opponent(state, me, 1)
    if effect == "buy_vp_from_opponent":
        n = move.buy or 0
        money = with_item(state.money, me, state.money[me] - 2 * n)
        money = with_item(money, opp, money[opp] + 2 * n)
        return take_from_opponent(replace(state, money=money), me, n)
    if effect == "adjust_unused_die":
        assert move.change is not None
        a, b = move.change
        return replace(state, dice=tuple(sorted(remove_die(state.dice, a) + (b,))))
    if effect == "lower_opponent_defence":
        return replace(state, essedum=state.essedum + 1)
    if effect == "block_opponent_disc":
        assert move.target is not None
        return replace(state, blocked=with_item(state.blocked, opp, state.blocked[opp] | {move.target}))
    if effect in ("destroy_character_and_self", "destroy_building_and_self"):
        assert move.target is not None
        state = _discard_from_board(state, opp, move.target)
        return _discard_from_board(state, me, move.disc)
    if effect == "return_character_to_hand":
        assert move.target is not None
        target = state.card_at(opp, move.target)
        assert target is not None
        board = with_item(state.boards[opp], move.target - 1, None)
        return replace(
            state,
            boards=with_item(state.boards, opp, board),
            hands=with_item(state.hands, opp, tuple(sorted(state.hands[opp] + (target,)))),
        )
    if effect in ATTACKS:
        target = move.target if move.target is not None else move.disc
        return replace(
            state,
            battle=PendingBattle(card, move.disc, target, effect == "attack_opposite_with_boost"),
        )
    if effect == "search_draw_pile":
        assert move.take is not None
        return replace(
            state,
            draw=state.draw - 1,
            hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.take,)))),
        )
    if effect == "retrieve_character_from_discard":
        assert move.take is not None
        if move.take in state.discard:
            discard = list(state.discard)
            del discard[len(discard) - 1 - discard[::-1].index(move.take)]
            state = replace(state, discard=tuple(discard))
        else:
            state = replace(state, unknown_discards=state.unknown_discards - 1)
        return replace(state, hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.take,)))))
    if effect in ("lay_free_buildings", "lay_free_characters"):
        for c, d in move.lays:
            covered = state.card_at(me, d)
            board = with_item(state.boards[me], d - 1, c)
            state = replace(
                state,
                hands=with_item(state.hands, me, without(state.hands[me], (c,))),
                boards=with_item(state.boards, me, board),
                discard=state.discard + ((covered,) if covered else ()),
            )
        return state
    if effect in ("rearrange_characters", "rearrange_buildings"):
        kind = "character" if effect == "rearrange_characters" else "building"
        board = [c if c is not None and CARDS[c].kind != kind else None for c in state.boards[me]]
        covered: list[str] = []
        for c, d in move.moves:
            if board[d - 1] is not None:
                covered.append(board[d - 1])  # type: ignore[arg-type]
            board[d - 1] = c
        return replace(
            state, boards=with_item(state.boards, me, tuple(board)), discard=state.discard + tuple(covered)
        )
    raise AssertionError(f"unhandled effect {effect}")


def _apply_battle(state: RomaState, move: Battle) -> RomaState:
    b = state.battle
    assert b is not None and state.dice is not None
    total = move.roll
    if move.add is not None:
        total += move.add
        state = replace(state, dice=remove_die(state.dice, move.add))
    opp = state.opponent
    needed = defence(state, opp, b.target)
    won = total >= needed
    working = defence_text(state, opp, b.target)
    roll = f"{move.roll} + {move.add} = {total}" if move.add is not None else str(total)
    result = "is discarded" if won else "holds"
    event = f"{b.attacker} attacks {state.seats[opp]}'s {working}: battle {roll}, the card {result}"
    state = replace(state, battle=None, last=event)
    if won:
        state = _discard_from_board(state, opp, b.target)
    return state
