"""What a (checked) Roma entry does to the table. The automatic steps happen here: Phase 1
(1 VP per empty own disc) when a turn begins, the reshuffle of the discard pile in the middle of
a draw, and the end of the game the moment a player has no VP or the stockpile is empty (the
last payout's shortfall is credited)."""

from __future__ import annotations

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
from assistant.games.roma.state import PendingBattle, RomaState, evolve, remove_die, with_item, without

def say(state: RomaState, text: str) -> RomaState:
    """Add a sentence to what the last entry did (shown with the next prompt)."""
    return evolve(state, last=f"{state.last}; {text}" if state.last else text)


def apply(state: RomaState, move: RomaMove) -> RomaState:
    if state.last:
        state = evolve(state, last="")
    if state.in_setup:
        return _apply_setup(state, move)
    if isinstance(move, Roll):
        return evolve(state, dice=tuple(sorted(move.dice)))
    if isinstance(move, End):
        return _end_turn(state)
    if isinstance(move, Battle):
        return _finish(_apply_battle(state, move))
    state = evolve(state, acted=True)
    me = state.active
    if isinstance(move, Lay):
        board = state.boards[me]
        covered = board[move.disc - 1]
        state = evolve(
            state,
            hands=with_item(state.hands, me, without(state.hands[me], (move.card,))),
            money=with_item(state.money, me, state.money[me] - CARDS[move.card].cost),
            boards=with_item(state.boards, me, with_item(board, move.disc - 1, move.card)),
        )
        if covered is not None:
            state = evolve(state, discard=state.discard + (covered,))
            state = say(state, f"{covered} on {state.player}'s disc {move.disc} is covered and goes to the discard pile")
        return state
    assert state.dice is not None
    if isinstance(move, Money):
        return evolve(
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
        return evolve(state, starter=state.index(move.player))
    i = state.index(move.player)
    if isinstance(move, Hand):
        return evolve(
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
            return evolve(state, hands=hands, given=(None, None), swapped=True)
        return evolve(state, hands=hands, given=given)
    assert isinstance(move, Place)
    board = [None] * state.discs
    for card, disc in move.placements:
        board[disc - 1] = card  # type: ignore[call-overload]
    state = evolve(
        state,
        boards=with_item(state.boards, i, tuple(board)),
        hands=with_item(state.hands, i, ()),
        placed=with_item(state.placed, i, True),
    )
    if state.placed[0] and state.placed[1]:
        assert state.starter is not None
        state = evolve(state, active=state.starter, turn=1)
        state = _finish(_phase_one(state))
    return state


def _phase_one(state: RomaState) -> RomaState:
    """1 VP per empty own disc goes back to the stockpile (never more than the player has, A5)."""
    me = state.active
    empty = state.empty_discs(me)
    owed = min(empty, state.vp[me])
    event = f"Phase 1: {state.seats[me]} has {empty} empty disc{'s' if empty != 1 else ''} and pays {owed} VP"
    if owed < empty:
        event += f" (owes {empty}, has only {state.vp[me]}: ruling A5)"
    state = evolve(state, vp=with_item(state.vp, me, state.vp[me] - owed), stockpile=state.stockpile + owed)
    return say(state, event)


def _end_turn(state: RomaState) -> RomaState:
    me = state.active
    state = evolve(
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
            return say(evolve(state, ended=f"{state.seats[i]} has no VP left", battle=None), "the game is over")
    if state.stockpile <= 0:
        return say(evolve(state, ended="the stockpile is empty", battle=None), "the game is over")
    return state


def gain_from_stockpile(state: RomaState, player: int, amount: int) -> RomaState:
    """VP from the stockpile; what it cannot pay is credited anyway (the last payout)."""
    paid = min(amount, state.stockpile)
    state = evolve(
        state,
        stockpile=state.stockpile - paid,
        credited=state.credited + amount - paid,
        vp=with_item(state.vp, player, state.vp[player] + amount),
    )
    if paid < amount:
        state = say(state, f"the stockpile pays only {paid}: {amount - paid} VP credited to {state.seats[player]} (the last payout)")
    return state


def take_from_opponent(state: RomaState, player: int, amount: int) -> RomaState:
    """VP from the opponent, never more than they have."""
    other = 1 - player
    paid = min(amount, state.vp[other])
    vp = with_item(state.vp, other, state.vp[other] - paid)
    vp = with_item(vp, player, vp[player] + paid)
    return evolve(state, vp=vp)


def _apply_cards(state: RomaState, move: TakeCards) -> RomaState:
    me = state.active
    dice = remove_die(state.dice or (), move.die)
    draw, discard, unknown = state.draw, state.discard, state.unknown_discards
    wanted = move.die
    drawn = min(wanted, draw)
    draw -= drawn
    reshuffled = ""
    if drawn < wanted and (discard or unknown):
        draw = len(discard) + unknown
        reshuffled = f"the draw pile ran out: the discard pile ({draw} cards) is shuffled into a new draw pile"
        discard, unknown = (), 0
        more = min(wanted - drawn, draw)
        draw -= more
        drawn += more
    unknown += drawn - 1 - len(move.discards)
    state = evolve(
        state,
        dice=dice,
        draw=draw,
        discard=discard + tuple(move.discards),
        unknown_discards=unknown,
        hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.keep,)))),
    )
    if reshuffled:
        state = say(state, reshuffled)
    if drawn < wanted:
        state = say(state, f"only {drawn} card{'s' if drawn != 1 else ''} could be drawn")
    return state


def _discard_from_board(state: RomaState, owner: int, disc: int) -> RomaState:
    card = state.card_at(owner, disc)
    if card is None:
        return state
    board = with_item(state.boards[owner], disc - 1, None)
    return evolve(state, boards=with_item(state.boards, owner, board), discard=state.discard + (card,))


def _apply_activate(state: RomaState, move: Activate) -> RomaState:
    me, opp = state.active, state.opponent
    name, other = state.seats[me], state.seats[opp]
    die = activation_die(move)
    assert die is not None and state.dice is not None
    state = evolve(state, dice=remove_die(state.dice, die))
    if move.disc == BRIBE_DISC:
        state = evolve(state, money=with_item(state.money, me, state.money[me] - die))
        state = say(state, f"{name} pays {die} sestertii on the bribe disc")
    card = effective_card(state, move)
    assert card is not None
    label = card if move.copy is None else f"Scaenicus (as {card})"
    effect = CARDS[card].effect
    if effect == "forum":
        dice = state.dice
        for v in move.vp:
            dice = remove_die(dice, v)
        basilicas = sum(1 for d in neighbours(state, move.disc) if state.card_at(me, d) == "Basilica")
        gain = sum(move.vp) + 2 * basilicas
        parts = [f"die {move.vp[0]}"] + [f"Templum die {v}" for v in move.vp[1:]]
        parts += ["2 Basilica"] * basilicas
        state = say(state, f"Forum: {name} +{gain} VP ({' + '.join(parts)})")
        return gain_from_stockpile(evolve(state, dice=dice), me, gain)
    if effect == "vp_per_empty_opponent_disc":
        empty = state.empty_discs(opp)
        state = say(state, f"{label}: {name} +{empty} VP from the stockpile ({other} has {empty} empty disc{'s' if empty != 1 else ''})")
        return gain_from_stockpile(state, me, empty)
    if effect == "vp_per_opponent_forum":
        forums = sum(1 for c in state.boards[opp] if c == "Forum")
        if state.mercatus == "stockpile":
            state = say(state, f"{label}: {name} +{forums} VP from the stockpile ({other} has {forums} Forum)")
            return gain_from_stockpile(state, me, forums)
        paid = min(forums, state.vp[opp])
        state = say(state, f"{label}: {name} takes {paid} VP from {other} ({other} has {forums} Forum)")
        return take_from_opponent(state, me, forums)
    if effect == "steal_vp":
        state = say(state, f"{label}: {name} takes 1 VP from {other}")
        return take_from_opponent(state, me, 1)
    if effect == "buy_vp_from_opponent":
        n = move.buy or 0
        money = with_item(state.money, me, state.money[me] - 2 * n)
        money = with_item(money, opp, money[opp] + 2 * n)
        state = say(state, f"{label}: {name} buys {n} VP from {other} for {2 * n} sestertii")
        return take_from_opponent(evolve(state, money=money), me, n)
    if effect == "adjust_unused_die":
        assert move.change is not None
        a, b = move.change
        state = say(state, f"{label}: {name}'s die {a} becomes {b}")
        return evolve(state, dice=tuple(sorted(remove_die(state.dice, a) + (b,))))
    if effect == "lower_opponent_defence":
        state = evolve(state, essedum=state.essedum + 1)
        return say(state, f"{label}: {other}'s cards have -{2 * state.essedum} defence until the end of this turn")
    if effect == "block_opponent_disc":
        assert move.target is not None
        state = say(state, f"{label}: {other}'s disc {move.target} is blocked during {other}'s next turn")
        return evolve(state, blocked=with_item(state.blocked, opp, state.blocked[opp] | {move.target}))
    if effect in ("destroy_character_and_self", "destroy_building_and_self"):
        assert move.target is not None
        victim = state.card_at(opp, move.target)
        own = state.card_at(me, move.disc)
        state = _discard_from_board(state, opp, move.target)
        state = say(state, f"{label}: {other}'s {victim} on disc {move.target} and {name}'s {own} go to the discard pile")
        return _discard_from_board(state, me, move.disc)
    if effect == "return_character_to_hand":
        assert move.target is not None
        target = state.card_at(opp, move.target)
        assert target is not None
        board = with_item(state.boards[opp], move.target - 1, None)
        state = say(state, f"{label}: {other}'s {target} on disc {move.target} goes back to {other}'s hand")
        return evolve(
            state,
            boards=with_item(state.boards, opp, board),
            hands=with_item(state.hands, opp, tuple(sorted(state.hands[opp] + (target,)))),
        )
    if effect in ATTACKS:
        target = move.target if move.target is not None else move.disc
        return evolve(
            state,
            battle=PendingBattle(label, move.disc, target, effect == "attack_opposite_with_boost"),
        )
    if effect == "search_draw_pile":
        assert move.take is not None
        # the card taken is not named in the report: the opponent does not see it
        state = say(state, f"{label}: {name} takes a card from the draw pile and shuffles it")
        return evolve(
            state,
            draw=state.draw - 1,
            hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.take,)))),
        )
    if effect == "retrieve_character_from_discard":
        assert move.take is not None
        if move.take in state.discard:
            discard = list(state.discard)
            del discard[len(discard) - 1 - discard[::-1].index(move.take)]
            state = evolve(state, discard=tuple(discard))
        else:
            state = evolve(state, unknown_discards=state.unknown_discards - 1)
        state = say(state, f"{label}: {name} takes {move.take} from the discard pile into hand")
        return evolve(state, hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.take,)))))
    if effect in ("lay_free_buildings", "lay_free_characters"):
        laid = ", ".join(f"{c} on disc {d}" for c, d in move.lays) or "nothing"
        state = say(state, f"{label}: {name} lays {laid} free")
        for c, d in move.lays:
            covered = state.card_at(me, d)
            board = with_item(state.boards[me], d - 1, c)
            state = evolve(
                state,
                hands=with_item(state.hands, me, without(state.hands[me], (c,))),
                boards=with_item(state.boards, me, board),
                discard=state.discard + ((covered,) if covered else ()),
            )
            if covered:
                state = say(state, f"{covered} on disc {d} is covered and goes to the discard pile")
        return state
    if effect in ("rearrange_characters", "rearrange_buildings"):
        kind = "character" if effect == "rearrange_characters" else "building"
        board = [c if c is not None and CARDS[c].kind != kind else None for c in state.boards[me]]
        covered: list[str] = []
        for c, d in move.moves:
            if board[d - 1] is not None:
                covered.append(board[d - 1])  # type: ignore[arg-type]
            board[d - 1] = c
        state = say(state, f"{label}: {name} lays out {kind}s again: " + ", ".join(f"{c} {d}" for c, d in move.moves))
        if covered:
            state = say(state, f"covered and discarded: {', '.join(covered)}")
        return evolve(
            state, boards=with_item(state.boards, me, tuple(board)), discard=state.discard + tuple(covered)
        )
    raise AssertionError(f"unhandled effect {effect}")


def _apply_battle(state: RomaState, move: Battle) -> RomaState:
    b = state.battle
    assert b is not None and state.dice is not None
    total = move.roll
    if move.add is not None:
        total += move.add
        state = evolve(state, dice=remove_die(state.dice, move.add))
    opp = state.opponent
    needed = defence(state, opp, b.target)
    won = total >= needed
    working = defence_text(state, opp, b.target)
    roll = f"{move.roll} + {move.add} = {total}" if move.add is not None else str(total)
    result = "is discarded" if won else "holds"
    event = f"{b.attacker} attacks {state.seats[opp]}'s {working}: battle {roll}, the card {result}"
    state = evolve(state, battle=None)
    state = say(state, event)
    if won:
        state = _discard_from_board(state, opp, b.target)
    return state
