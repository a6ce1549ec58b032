"""The turn of PAX: the draw (3 cards to hand, deck and one Legion, by the Religion symbols),
buying one group, playing cards (each one more Aureus than the last, Fleet and Army within
the Estate/Conspiracy limit), ending with income, or the alternative action instead of the
whole turn; and the money that goes with it (prices, the Wealth discount, income, the empty
deck).

``check_*`` functions judge an entry (raise :class:`IllegalMove`, change nothing); ``apply_*``
functions return the new state of a checked entry. Where both need the same work (matching
drawn cards against the deck), a private function computes it and both call it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from assistant.core.wording import counted
from assistant.core.errors import IllegalMove
from assistant.games.pax.components import CATEGORIES, Card
from assistant.games.pax.deck import each, match, more_off, place_unknown, put_bottom, settle, unknown_hand
from assistant.games.pax.moves import Buy, Draw, End, Peek, Play
from assistant.games.pax.state import DECK, HAND, ROMAN, PaxState, PlayerState, TurnState, World
from assistant.games.pax.rules.hints import aurei, free_destinations, phase_text, what_now
from assistant.games.pax.rules.rounds import legion_index, next_turn

EMPTY_DECK_AUREI = 2
BASIC_INCOME = 2
PEEK_AUREI = 2


# -- the arithmetic of the turn ---------------------------------------------------------------
def religion_level(symbols: int) -> int:
    """0 (standard draw), 3 (two cards together) or 6 (all three together): ``pax.cat.religion``.

    >>> religion_level(2), religion_level(3), religion_level(7)
    (0, 3, 6)
    """
    return 6 if symbols >= 6 else 3 if symbols >= 3 else 0


def drawn_before(level: int, index: int, target: int) -> int:
    """How many cards are off the deck when the ``index``-th drawn card is placed
    (``pax.cat.religion``): one at a time; 2 together then the third; all 3 together."""
    if level == 0:
        return min(target, index + 1)
    if level == 3:
        return min(target, 2 if index == 0 else 3)
    return target


def price(state: PaxState, player: PlayerState, legion: int) -> tuple[int, int, int]:
    """(printed sum, Wealth discount, price to pay) for the group under a Legion
    (``pax.turn.buy``, ``pax.cat.wealth``)."""
    total = state.legion_value(legion)
    discount = player.symbols("wealth") // 3
    return total, discount, max(0, total - discount)


def play_cost(already: int, count: int) -> int:
    """The k-th card played in a turn costs k - 1 Aurei (``pax.turn.play``).

    >>> play_cost(0, 3), play_cost(2, 1)
    (3, 2)
    """
    return sum(range(already, already + count))


def income(player: PlayerState, played: Sequence[Card]) -> tuple[int, str]:
    """``pax.turn.income`` for the cards played this turn (display already includes them):
    the amount and why."""
    if not played:
        return BASIC_INCOME, "no card played: basic income 2"
    if any(card.category == "conspiracy" for card in played):
        return 0, "a Conspiracy card was played: no income"
    cats = sorted({card.category for card in played}, key=CATEGORIES.index)
    best = max(cats, key=lambda cat: (player.cards(cat), -CATEGORIES.index(cat)))
    amount = player.cards(best)
    why = f"{best} row holds {amount} card{'s' if amount != 1 else ''}"
    if any(card.category == "senator" for card in played):
        return amount + 1, why + ", +1 for the Senator"
    return amount, why


def pc_measure(state: PaxState, player: PlayerState) -> int:
    """What counts for Primus Conspiratus: Conspiracy symbols (or cards with option pc=cards)."""
    if state.pc_count == "cards":
        return player.cards("conspiracy")
    return player.symbols("conspiracy")


def update_pc(state: PaxState, players: tuple[PlayerState, ...], index: int) -> tuple[int | None, list[str]]:
    """``pax.cat.primus-conspiratus``: who holds the card once seat ``index`` played cards
    (``players`` as they are then; it moves at once to a player with more), and the event
    when it moved."""
    mine = pc_measure(state, players[index])
    if state.pc == index or mine == 0:
        return state.pc, []
    if state.pc is None or mine > pc_measure(state, players[state.pc]):
        before = state.seats[state.pc] if state.pc is not None else None
        text = f"{state.seats[index]} takes Primus Conspiratus" + (f" from {before}" if before else "")
        return index, [text]
    return state.pc, []


def empty_deck_due(turn: TurnState) -> int:
    """``pax.end.deck-empty``: the 2 Aurei a player takes instead of drawing, still to be paid
    with his first step of the turn."""
    return EMPTY_DECK_AUREI if turn.target == 0 and not turn.empty_deck_paid else 0


def _empty_deck_paid(state: PaxState, index: int, turn: TurnState) -> tuple[PlayerState, TurnState, list[str]]:
    """The player and turn once the empty-deck Aurei are paid (if due), with the event."""
    player = state.players[index]
    due = empty_deck_due(turn)
    if not due:
        return player, turn, []
    player = replace(player, aureus=player.aureus + due)
    return player, replace(turn, empty_deck_paid=True), [f"the deck is empty: {player.name} takes 2 Aurei instead of drawing"]


# -- whose turn -------------------------------------------------------------------------------
def _turn_of(state: PaxState, player: str) -> TurnState:
    """The turn in progress when it is ``player``'s (``pax.round``); raises otherwise."""
    if state.phase != "turn" or state.turn is None:
        raise IllegalMove("pax.round", f"{player} cannot act now: {phase_text(state)}", hint=what_now(state))
    turn = state.turn
    if state.seats[turn.player] != player:
        who = state.seats[turn.player]
        raise IllegalMove(
            "pax.round",
            f"it is {who}'s turn, not {player}'s (turns go clockwise from the start player)",
            hint=f"first finish {who}'s turn: {what_now(state)}",
        )
    return turn


def _require_draw_done(state: PaxState, player: str, turn: TurnState, doing: str) -> None:
    """The draw comes before buying, playing and ending (``pax.turn.draw``)."""
    if not turn.draw_done:
        left = turn.target - len(turn.placed)
        used = ", ".join(turn.placed) or "none"
        raise IllegalMove(
            "pax.turn.draw",
            f"{player} must finish the draw before {doing}: {left} more card{'s' if left != 1 else ''} to draw"
            f" (destinations used: {used})",
            hint=f"{player} draw CARD " + " or ".join(free_destinations(state, turn)),
        )


# -- the draw ---------------------------------------------------------------------------------
def _drawn(state: PaxState, move: Draw) -> tuple[tuple[World, ...], tuple[str, ...]]:
    """The worlds (window, deck, seen counts) and destinations used once the drawn cards are placed;
    raises when the draw cannot be (``pax.turn.draw``, ``pax.cat.religion``,
    ``pax.end.deck-empty``, ``pax.open.action-order``, ``pax.data.cards``)."""
    turn = _turn_of(state, move.player)
    if turn.target == 0:
        raise IllegalMove(
            "pax.end.deck-empty",
            f"the deck is empty, so {move.player} draws nothing and takes 2 Aurei instead",
            hint="buy LEGION, play CARD or end",
        )
    if turn.bought or turn.played:
        raise IllegalMove(
            "pax.open.action-order",
            f"{move.player} has already bought or played this turn; the draw comes first",
            hint=what_now(state),
        )
    if len(turn.placed) + len(move.placements) > turn.target:
        extra = "" if turn.target == 3 else f" (the deck held only {turn.target} when the draw began)"
        raise IllegalMove(
            "pax.turn.draw",
            f"{move.player} draws {counted(turn.target, 'card')} this turn{extra}; {len(turn.placed)} already placed,"
            f" {len(move.placements)} more entered",
            hint=f"enter {turn.target - len(turn.placed)} more card{'s' if turn.target - len(turn.placed) != 1 else ''}",
        )
    worlds = state.worlds
    placed = list(turn.placed)
    level = religion_level(turn.religion)
    for placement in move.placements:
        dest = placement.dest
        slot = "Legion" if dest in ROMAN else dest
        if dest in ROMAN:
            legion_index(state, dest)
        if any((p in ROMAN and slot == "Legion") or p == dest for p in placed):
            used = ", ".join(placed)
            raise IllegalMove(
                "pax.turn.draw",
                f"{move.player} already put a drawn card {'under a Legion' if slot == 'Legion' else 'in ' + dest}"
                f" this turn; each of the 3 cards goes to a different place (used: {used})",
                hint="the free places: " + ", ".join(free_destinations(state, replace(turn, placed=tuple(placed)))),
            )
        if level == 3 and turn.target >= 2 and not placed and dest == HAND:
            raise IllegalMove(
                "pax.cat.religion",
                f"with {turn.religion} Religion symbols {move.player} draws 2 cards together and must first put one"
                " under a Legion or under the deck; the hand is chosen after the third card",
                hint=f"{move.player} draw CARD deck, or CARD LEGION first",
            )
        out = drawn_before(level, len(placed), turn.target)
        waiting = worlds[0].window.to_place if worlds[0].window else 0  # the same in every world
        worlds = each(worlds, lambda w: more_off(w, out - len(placed) - waiting))
        card = placement.card
        if card is None:
            if dest not in (HAND, DECK):
                raise IllegalMove(
                    "pax.hidden",
                    f"a card put under Legion {dest} is seen by the whole table, so its face is entered, not ?",
                    hint=f"{move.player} draw CARD {dest}",
                )
            worlds = place_unknown(worlds, f"{move.player}'s draw", turn.player, dest, move.player)
        else:
            worlds = match(worlds, card, f"{move.player}'s draw")
            if dest == DECK:
                worlds = each(worlds, lambda w: replace(w, deck=put_bottom(w.deck, (card,))))
        placed.append(dest)
    return worlds, tuple(placed)


def check_draw(state: PaxState, move: Draw) -> None:
    """Judge drawn cards: the player's turn, before buying or playing, each to a free place in
    the order the Religion symbols allow, each a card that can be the one off the deck."""
    _drawn(state, move)


def apply_draw(state: PaxState, move: Draw) -> PaxState:
    """Put the drawn cards where the entry says (hand, under the deck, under a Legion)."""
    worlds, placed = _drawn(state, move)
    turn = state.turn
    assert turn is not None
    index = turn.player
    player = state.players[index]
    hand = player.hand + tuple(p.card for p in move.placements if p.dest == HAND and p.card is not None)
    unknown = player.unknown + sum(1 for p in move.placements if p.dest == HAND and p.card is None)
    legions = state.legions
    for p in move.placements:
        if p.dest in ROMAN and p.card is not None:
            i = ROMAN.index(p.dest)
            legions = tuple(g + (p.card,) if j == i else g for j, g in enumerate(legions))
    return settle(
        state,
        worlds,
        players=state.with_player(index, replace(player, hand=hand, unknown=unknown)),
        legions=legions,
        turn=replace(turn, placed=placed),
        events=(),
    )


# -- buying -----------------------------------------------------------------------------------
def _affordable_hint(state: PaxState, player: PlayerState, money: int) -> str:
    ok = [ROMAN[i] for i, g in enumerate(state.legions) if g and price(state, player, i)[2] <= money]
    return ("affordable: buy " + " or ".join(ok)) if ok else "no group is affordable now: play cards or end"


def _groups_hint(state: PaxState) -> str:
    """The groups there are, for a player whose Aurei are not known here (``aurei ?``)."""
    there = [ROMAN[i] for i, g in enumerate(state.legions) if g]
    return ("buy " + " or ".join(there)) if there else "no group lies under a Legion: play cards or end"


def check_buy(state: PaxState, move: Buy) -> None:
    """Judge a buy (``pax.turn.buy``): after the draw, once per turn, before playing, a group
    that lies there and that the player can pay (less the Wealth discount)."""
    turn = _turn_of(state, move.player)
    _require_draw_done(state, move.player, turn, "buying")
    if turn.bought:
        raise IllegalMove(
            "pax.turn.buy",
            f"{move.player} already bought the group under Legion {turn.bought}; one group per turn",
            hint=what_now(state),
        )
    if turn.played:
        raise IllegalMove(
            "pax.open.action-order",
            f"{move.player} has already played cards this turn; buying comes before playing",
            hint=what_now(state),
        )
    legion = legion_index(state, move.legion)
    player = state.players[turn.player]
    money = player.aureus + empty_deck_due(turn)
    if not state.legions[legion]:
        hint = _affordable_hint(state, player, money) if not player.aurei_unknown else _groups_hint(state)
        raise IllegalMove("pax.turn.buy", f"there is no card under Legion {move.legion} to buy", hint=hint)
    total, discount, cost = price(state, player, legion)
    if cost > money and not player.aurei_unknown:
        working = f"{total}" + (f" - {discount} Wealth discount = {cost}" if discount else "")
        raise IllegalMove(
            "pax.turn.buy",
            f"{move.player} cannot buy the group under Legion {move.legion}: it costs {working} Aurei"
            f", more than {move.player} has",
            hint=_affordable_hint(state, player, money),
        )


def apply_buy(state: PaxState, move: Buy) -> PaxState:
    """The group goes to the player's hand for its price."""
    turn = state.turn
    assert turn is not None
    index = turn.player
    player, turn, events = _empty_deck_paid(state, index, turn)
    legion = ROMAN.index(move.legion)
    total, discount, cost = price(state, player, legion)
    group = state.legions[legion]
    player = replace(player, aureus=player.aureus - cost, hand=player.hand + group)
    events.append(
        f"{move.player} buys {', '.join(c.token() for c in group)} for {aurei(cost)}"
        + (f" ({total} less {discount} for Wealth)" if discount else "")
    )
    return replace(
        state,
        players=state.with_player(index, player),
        legions=tuple(() if i == legion else g for i, g in enumerate(state.legions)),
        turn=replace(turn, bought=move.legion),
        events=tuple(events),
    )


# -- playing ----------------------------------------------------------------------------------
def _remove_cards(have: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``have`` without ``cards`` (as a multiset), or ``None`` when one is missing."""
    rest, missing = _split_hand(have, cards)
    return None if missing else rest


def _split_hand(have: tuple[Card, ...], cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """``have`` without those of ``cards`` it holds, and the cards it does not hold (they
    must come from the cards in hand entered unknown). A face entered for the hand is used
    first: that leaves every reading of the unknown cards open."""
    rest = list(have)
    missing: list[Card] = []
    for card in cards:
        if card in rest:
            rest.remove(card)
        else:
            missing.append(card)
    return tuple(rest), tuple(missing)


def _played(state: PaxState, index: int, cards: Sequence[Card]) -> tuple[tuple[Card, ...], int, tuple[World, ...]]:
    """The hand (entered faces), the count of unknown hand cards and the worlds once ``cards``
    left seat ``index``'s hand: a face not entered for that hand is one of the cards entered
    unknown, checked against every reading (``pax.hidden.hand``, ``pax.data.cards``)."""
    player = state.players[index]
    hand, missing = _split_hand(player.hand, cards)
    worlds = state.worlds
    if len(missing) > player.unknown:
        shown = ", ".join(c.token() for c in missing)
        raise IllegalMove(
            "pax.turn.play",
            f"{player.name} has no {shown} in hand: {player.name} holds {player.hand_size} card"
            f"{'s' if player.hand_size != 1 else ''}, {player.unknown} of them entered unknown",
            hint="check the faces; a card bought or entered for the hand is played by that face",
        )
    unknown = player.unknown
    for card in missing:
        worlds = unknown_hand(player.name, card, unknown, worlds, index, f"{player.name} plays {card.token()}", "pax.hidden.hand")
        unknown -= 1
    return hand, unknown, worlds


def _limit_hint(move: Play, after: PlayerState, hand: tuple[Card, ...], category: str) -> str:
    """What would make a refused Fleet/Army play legal. It names no card of the hand: the
    hand is secret (``pax.components.hidden``) and the screen is seen by the whole table."""
    keep = f"keep the {category.title()} card until the limit allows it: play other cards or end"
    return (
        f"Estate or Conspiracy cards played in the same entry raise the limit first"
        f" (e.g. {move.player} play ESTATE, {', '.join(c.token() for c in move.cards)}); or {keep}"
    )


def _play_hint(money: int, already: int) -> str:
    n = 0
    while play_cost(already, n + 1) <= money:
        n += 1
    return f"{n} card{'s' if n != 1 else ''} can be afforded now" if n else "no further card can be afforded: end the turn"


def check_play(state: PaxState, move: Play) -> None:
    """Judge a play (``pax.turn.play``, ``pax.cat.limit``): after the draw, cards in hand, paid
    for (0, 1, 2 ... Aurei), Fleet and Army within the limit with these cards out."""
    turn = _turn_of(state, move.player)
    _require_draw_done(state, move.player, turn, "playing")
    player = state.players[turn.player]
    hand, _unknown, _worlds = _played(state, turn.player, move.cards)
    money = player.aureus + empty_deck_due(turn)
    cost = play_cost(len(turn.played), len(move.cards))
    if cost > money and not player.aurei_unknown:
        nth = len(turn.played) + 1
        raise IllegalMove(
            "pax.turn.play",
            f"playing {len(move.cards)} more card{'s' if len(move.cards) != 1 else ''} costs {move.player} {aurei(cost)}"
            f" (card {nth} of the turn costs {nth - 1}, each next one 1 more), more than {move.player} has",
            hint=_play_hint(money, len(turn.played)),
        )
    after = PlayerState(player.name, money - cost, hand, player.display + move.cards, aurei_unknown=player.aurei_unknown)
    limit = after.limit()
    for cat in ("fleet", "army"):
        if any(c.category == cat for c in move.cards) and after.symbols(cat) > limit:
            raise IllegalMove(
                "pax.cat.limit",
                f"{move.player} may have at most {limit} {cat.title()} symbols (the larger of {after.symbols('estate')}"
                f" Estate and {after.symbols('conspiracy')} Conspiracy symbols); with these cards there would be"
                f" {after.symbols(cat)}",
                hint=_limit_hint(move, after, hand, cat),
            )


def apply_play(state: PaxState, move: Play) -> PaxState:
    """The cards go from hand to display for their cost; Primus Conspiratus may move."""
    turn = state.turn
    assert turn is not None
    index = turn.player
    hand, unknown, worlds = _played(state, index, move.cards)
    player, turn, events = _empty_deck_paid(state, index, turn)
    cost = play_cost(len(turn.played), len(move.cards))
    player = replace(player, aureus=player.aureus - cost, hand=hand, unknown=unknown, display=player.display + move.cards)
    players = state.with_player(index, player)
    events.append(f"{move.player} plays {', '.join(c.token() for c in move.cards)} for {aurei(cost)}")
    pc, more = update_pc(state, players, index)
    return settle(
        state, worlds, players=players, turn=replace(turn, played=turn.played + move.cards), pc=pc, events=tuple(events + more)
    )


# -- ending the turn, or the alternative action -----------------------------------------------
def check_end(state: PaxState, move: End) -> None:
    """Judge the end of a turn: the player's turn, after the draw."""
    turn = _turn_of(state, move.player)
    _require_draw_done(state, move.player, turn, "ending the turn")


def apply_end(state: PaxState, move: End) -> PaxState:
    """Income (``pax.turn.income``), then the next turn or the end of the round."""
    turn = state.turn
    assert turn is not None
    index = turn.player
    player, turn, events = _empty_deck_paid(state, index, turn)
    amount, why = income(player, turn.played)
    player = replace(player, aureus=player.aureus + amount)
    events.append(f"{move.player} earns {aurei(amount)} ({why})")
    return next_turn(replace(state, players=state.with_player(index, player), turn=turn), events)


def check_peek(state: PaxState, move: Peek) -> None:
    """Judge the alternative action (``pax.turn.alternative``): instead of the whole turn."""
    turn = _turn_of(state, move.player)
    if turn.placed or turn.bought or turn.played or turn.empty_deck_paid:
        raise IllegalMove(
            "pax.turn.alternative",
            f"{move.player} has already begun a normal turn; the alternative action replaces the whole turn",
            hint=what_now(state),
        )


def apply_peek(state: PaxState, move: Peek) -> PaxState:
    """2 Aurei and a look at Rome's hidden cards; then the next turn."""
    turn = state.turn
    assert turn is not None
    player = state.players[turn.player]
    player = replace(player, aureus=player.aureus + PEEK_AUREI)
    events = [f"{move.player} looks at Rome's hidden cards and takes 2 Aurei"]
    return next_turn(replace(state, players=state.with_player(turn.player, player)), events)
