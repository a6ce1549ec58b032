"""The rules of PAX as state transitions: setup, the start player and starting hands, the
market, the turn (draw, buy, play, income, or the alternative action), the end of round
(Rome's take, the start player, the refill or the end of the game) and the final reveal.

Every ``do_*`` function validates while it computes and raises :class:`IllegalMove` with the
rule id of data/pax/rules.md; ``check`` runs it and throws the result away, ``apply`` keeps it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.games.pax.components import CATEGORIES, Card, cards_of, components, symbols_of
from assistant.games.pax.deck import extend, match, put_bottom, take_top
from assistant.games.pax.moves import (
    Buy,
    Draw,
    End,
    Keep,
    Market,
    PaxMove,
    Peek,
    Play,
    Refill,
    Reveal,
    StartPlayer,
)
from assistant.games.pax.state import DECK, HAND, ROMAN, DeckPart, PaxState, PlayerState, TurnState

EMPTY_DECK_AUREI = 2
BASIC_INCOME = 2
PEEK_AUREI = 2


# -- setup ------------------------------------------------------------------------------------
def setup(seats: Sequence[str], options: Mapping[str, str]) -> PaxState:
    """The table before the first entry (``pax.setup``, ``pax.solo.setup``): cards removed
    unseen, Rome's 3 face-down cards, 5 Aurei each, players + 1 Legions (3 in solitaire)."""
    data = components()
    n = len(seats)
    try:
        level = int(options.get("level", "1"))
    except ValueError:
        raise InvalidEntry("pax.solo.levels", "option level must be 1 to 5") from None
    if not 1 <= level <= 5:
        raise InvalidEntry("pax.solo.levels", "option level must be 1 to 5")
    if n == 1:
        removed = int(data["solo"]["set_aside"])
        legions = int(data["solo"]["legions"])
    else:
        removed = int(data["removed_at_setup"][str(n)])
        legions = n + 1
    hidden = int(data["rome_hidden_cards"])
    unknown = int(data["influence_cards"]) - removed - hidden
    players = tuple(PlayerState(name, int(data["start_aureus"])) for name in seats)
    return PaxState(
        seats=tuple(seats),
        players=players,
        phase="start",
        deck=(DeckPart(unknown=unknown),),
        legions=((),) * legions,
        removed=removed,
        rome_hidden=hidden,
        level=level,
        pc_count=options.get("pc", "symbols"),
        last_take=options.get("last_take", "yes") == "yes",
    )


def start_draw(state: PaxState, order: int) -> tuple[int, int]:
    """How many starting cards the ``order``-th player draws and how many he must play."""
    if state.solo:
        level = components()["solo"]["levels"][str(state.level)]
        return int(level["start_draw"]), int(level["start_play"])
    return 2 + order, 0


# -- helpers ----------------------------------------------------------------------------------
def _player(state: PaxState, name: str) -> int:
    return state.seats.index(name)


def _set_player(state: PaxState, index: int, player: PlayerState) -> PaxState:
    players = tuple(player if i == index else p for i, p in enumerate(state.players))
    return replace(state, players=players)


def _remove_cards(have: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``have`` without ``cards`` (as a multiset), or ``None`` when one is missing."""
    rest = list(have)
    for card in cards:
        if card not in rest:
            return None
        rest.remove(card)
    return tuple(rest)


def _legion_index(state: PaxState, label: str, rule: str) -> int:
    if label not in ROMAN or ROMAN.index(label) >= len(state.legions):
        labels = ", ".join(ROMAN[: len(state.legions)])
        raise IllegalMove(
            "pax.setup.legions",
            f"there is no Legion {label or '(none)'} in this game: {len(state.legions)} Legions lie out ({labels})",
            hint=f"use one of {labels}",
        )
    return ROMAN.index(label)


def pc_measure(state: PaxState, player: PlayerState) -> int:
    """What counts for Primus Conspiratus: Conspiracy symbols (or cards with option pc=cards)."""
    if state.pc_count == "cards":
        return player.cards("conspiracy")
    return player.symbols("conspiracy")


def update_pc(state: PaxState, index: int) -> tuple[PaxState, list[str]]:
    """``pax.cat.primus-conspiratus``: the card moves at once to a player with more."""
    mine = pc_measure(state, state.players[index])
    if state.pc == index or mine == 0:
        return state, []
    if state.pc is None or mine > pc_measure(state, state.players[state.pc]):
        before = state.seats[state.pc] if state.pc is not None else None
        text = f"{state.seats[index]} takes Primus Conspiratus" + (f" from {before}" if before else "")
        return replace(state, pc=index), [text]
    return state, []


def religion_level(symbols: int) -> int:
    """0 (standard draw), 3 (two cards together) or 6 (all three together)."""
    return 6 if symbols >= 6 else 3 if symbols >= 3 else 0


def price(state: PaxState, player: PlayerState, legion: int) -> tuple[int, int, int]:
    """(printed sum, Wealth discount, price to pay) for the group under a Legion."""
    total = state.legion_value(legion)
    discount = player.symbols("wealth") // 3
    return total, discount, max(0, total - discount)


def play_cost(already: int, count: int) -> int:
    """The k-th card played in a turn costs k - 1 Aurei (``pax.turn.play``)."""
    return sum(range(already, already + count))


def income(player: PlayerState, played: Sequence[Card]) -> tuple[int, str]:
    """``pax.turn.income`` for the cards played this turn (display already includes them)."""
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


def _who(state: PaxState, index: int) -> str:
    return state.seats[index]


def aurei(count: int) -> str:
    """``1 Aureus``, ``2 Aurei``."""
    return f"{count} Aureus" if count == 1 else f"{count} Aurei"


def what_now(state: PaxState) -> str:
    """What can be entered now, in notation: the hint of a refusal says what is legal instead."""
    if state.phase == "over":
        return "nothing more: the game is over (assistant score shows the result)"
    who = _who(state, state.current)
    if state.phase == "start":
        first = ", or start NAME" if state.kept == 0 and not state.solo else ""
        return f"{who} keep CARD{first}"
    if state.phase == "market":
        return f"market CARD, CARD, ... ({len(state.empty_legions())} Legions still need a card)"
    if state.phase == "refill":
        empty = ", ".join(ROMAN[i] for i in state.empty_legions())
        return f"refill LEGION CARD, ... (empty: {empty})"
    if state.phase == "reveal":
        return f"reveal CARD, ... (Rome has {state.rome_hidden} hidden card{'s' if state.rome_hidden != 1 else ''} left)"
    turn = state.turn
    if turn is None:
        return ""
    if not turn.draw_done:
        text = f"{who} draw CARD " + " or ".join(_free_destinations(state, turn))
        return text + (f", or {who} peek instead of the whole turn" if not turn.placed else "")
    options = []
    if not turn.bought and not turn.played and any(state.legions):
        options.append(f"{who} buy LEGION")
    if state.players[turn.player].hand:
        options.append(f"{who} play CARD")
    options.append(f"{who} end")
    if turn.target == 0 and not (turn.bought or turn.played or turn.empty_deck_paid):
        options.append(f"{who} peek")
    return ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]


# -- setup entries ----------------------------------------------------------------------------
def do_start(state: PaxState, move: StartPlayer) -> PaxState:
    if state.phase != "start" or state.kept:
        raise IllegalMove(
            "pax.setup.start-player",
            "the start player is chosen before anyone takes starting cards; it is too late now",
            hint=what_now(state),
        )
    return replace(state, start=_player(state, move.player), events=(f"{move.player} takes the Primus card",))


def do_keep(state: PaxState, move: Keep) -> PaxState:
    if state.phase != "start":
        raise IllegalMove(
            "pax.setup.hands",
            f"{move.player} cannot keep a starting card now: the starting hands are done",
            hint=what_now(state),
        )
    index = _player(state, move.player)
    if index != state.current:
        raise IllegalMove(
            "pax.setup.hands",
            f"{_who(state, state.current)} takes starting cards now, not {move.player}"
            " (clockwise from the start player)",
            hint=f"{_who(state, state.current)} keep CARD",
        )
    drawn, must_play = start_draw(state, state.kept)
    if len(move.played) != must_play:
        if state.solo:
            raise IllegalMove(
                "pax.solo.levels",
                f"in solitaire game {state.level} {move.player} plays {must_play} of the starting cards, not {len(move.played)}",
                hint=f"keep CARD play {', '.join(['CARD'] * must_play)}" if must_play else "keep CARD",
            )
        raise IllegalMove(
            "pax.setup.hands",
            f"{move.player} plays no card at setup; starting cards are kept or slid under the deck",
            hint=f"{move.player} keep CARD",
        )
    back = drawn - 1 - must_play
    if move.returned and len(move.returned) != back:
        raise IllegalMove(
            "pax.setup.hands",
            f"{move.player} drew {drawn} cards and slides {back} under the deck, not {len(move.returned)}",
            hint=f"list all {back} returned cards, or none (they stay unknown)",
        )
    window, deck = take_top(state.deck, drawn)
    seen = state.seen
    where = f"{move.player}'s starting cards"
    for card in (move.card, *move.played, *move.returned):
        window, deck, seen = match(window, deck, seen, card, where, rule="pax.setup.hands")
    deck = put_bottom(deck, move.returned, unknown=window.to_place)
    player = state.players[index]
    player = replace(player, hand=player.hand + (move.card,), display=player.display + move.played)
    new = replace(_set_player(state, index, player), deck=deck, seen=seen, kept=state.kept + 1)
    events = [f"{move.player} keeps 1 of {drawn} cards"]
    if move.played:
        events.append(f"{move.player} plays {', '.join(c.token() for c in move.played)} (free, limit ignored)")
        new, more = update_pc(new, index)
        events += more
    if new.kept == len(state.seats):
        new = replace(new, phase="market")
    return replace(new, events=tuple(events))


def do_market(state: PaxState, move: Market) -> PaxState:
    if state.phase != "market":
        raise IllegalMove(
            "pax.setup.market",
            f"the market is laid out once, after the starting hands; now {_phase_text(state)}",
            hint=what_now(state),
        )
    empty = state.empty_legions()
    if len(move.cards) > len(empty):
        raise IllegalMove(
            "pax.setup.market",
            f"only {len(empty)} Legion{'s' if len(empty) != 1 else ''} still need a card, not {len(move.cards)}",
            hint=f"market with {len(empty)} card{'s' if len(empty) != 1 else ''}, one per Legion in order",
        )
    window, deck = (state.window, state.deck) if state.window else take_top(state.deck, len(state.legions))
    seen = state.seen
    legions = list(state.legions)
    for card, legion in zip(move.cards, empty):
        window, deck, seen = match(window, deck, seen, card, f"the card for Legion {ROMAN[legion]}", rule="pax.setup.market")
        legions[legion] = (card,)
    new = replace(state, window=window, deck=deck, seen=seen, legions=tuple(legions), events=())
    if window.to_place == 0:
        new = replace(new, window=None, phase="turn", round=1, order_pos=0)
        new = replace(new, turn=new_turn(new, new.start), events=(f"round 1: {_who(new, new.start)} starts",))
    return new


# -- the turn ---------------------------------------------------------------------------------
def new_turn(state: PaxState, index: int) -> TurnState:
    player = state.players[index]
    return TurnState(player=index, target=min(3, state.deck_size), religion=player.symbols("religion"))


def _check_turn(state: PaxState, player: str) -> tuple[int, TurnState]:
    if state.phase != "turn" or state.turn is None:
        raise IllegalMove("pax.round", f"{player} cannot act now: {_phase_text(state)}", hint=_phase_hint(state))
    index = _player(state, player)
    if index != state.turn.player:
        raise IllegalMove(
            "pax.round",
            f"it is {_who(state, state.turn.player)}'s turn, not {player}'s (turns go clockwise from the start player)",
            hint=f"first finish {_who(state, state.turn.player)}'s turn: {what_now(state)}",
        )
    return index, state.turn


def _phase_text(state: PaxState) -> str:
    if state.phase == "turn" and state.turn is not None:
        return f"it is {_who(state, state.turn.player)}'s turn (round {state.round})"
    return {
        "start": "the starting hands are being taken",
        "market": "the market is being laid out",
        "refill": "the round is over and the empty Legions are being refilled",
        "reveal": "the game is over and Rome's hidden cards are being revealed",
        "over": "the game is over",
    }.get(state.phase, state.phase)


def _phase_hint(state: PaxState) -> str:
    return what_now(state)


def _require_draw_done(state: PaxState, player: str, turn: TurnState, doing: str) -> None:
    if not turn.draw_done:
        left = turn.target - len(turn.placed)
        used = ", ".join(turn.placed) or "none"
        raise IllegalMove(
            "pax.turn.draw",
            f"{player} must finish the draw before {doing}: {left} more card{'s' if left != 1 else ''} to draw"
            f" (destinations used: {used})",
            hint=f"{player} draw CARD " + " or ".join(_free_destinations(state, turn)),
        )


def _free_destinations(state: PaxState, turn: TurnState) -> list[str]:
    free = [d for d in (HAND, DECK) if d not in turn.placed]
    if not any(p in ROMAN for p in turn.placed):
        free.append("a Legion (" + ", ".join(ROMAN[: len(state.legions)]) + ")")
    return free


def _pay_empty_deck(state: PaxState, index: int, turn: TurnState) -> tuple[PaxState, TurnState, list[str]]:
    """``pax.end.deck-empty``: 2 Aurei instead of drawing, at the first step of the turn."""
    if turn.target == 0 and not turn.empty_deck_paid:
        p = state.players[index]
        state = _set_player(state, index, replace(p, aureus=p.aureus + EMPTY_DECK_AUREI))
        turn = replace(turn, empty_deck_paid=True)
        return state, turn, [f"the deck is empty: {p.name} takes 2 Aurei instead of drawing"]
    return state, turn, []


def do_draw(state: PaxState, move: Draw) -> PaxState:
    index, turn = _check_turn(state, move.player)
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
            f"{move.player} draws {turn.target} cards this turn{extra}; {len(turn.placed)} already placed,"
            f" {len(move.placements)} more entered",
            hint=f"enter {turn.target - len(turn.placed)} more card{'s' if turn.target - len(turn.placed) != 1 else ''}",
        )
    window, deck = state.window, state.deck
    seen = state.seen
    placed = list(turn.placed)
    player = state.players[index]
    legions = list(state.legions)
    level = religion_level(turn.religion)
    for placement in move.placements:
        dest = placement.dest
        slot = "Legion" if dest in ROMAN else dest
        if dest in ROMAN:
            _legion_index(state, dest, "pax.turn.draw")
        if any((p in ROMAN and slot == "Legion") or p == dest for p in placed):
            used = ", ".join(placed)
            raise IllegalMove(
                "pax.turn.draw",
                f"{move.player} already put a drawn card {'under a Legion' if slot == 'Legion' else 'in ' + dest}"
                f" this turn; each of the 3 cards goes to a different place (used: {used})",
                hint="the free places: " + ", ".join(_free_destinations(state, replace(turn, placed=tuple(placed)))),
            )
        if level == 3 and turn.target >= 2 and not placed and dest == HAND:
            raise IllegalMove(
                "pax.cat.religion",
                f"with {turn.religion} Religion symbols {move.player} draws 2 cards together and must first put one"
                " under a Legion or under the deck; the hand is chosen after the third card",
                hint=f"{move.player} draw CARD deck, or CARD LEGION first",
            )
        out = drawn_before(level, len(placed), turn.target)
        window, deck = extend(window, deck, out - len(placed) - (window.to_place if window else 0))
        window, deck, seen = match(window, deck, seen, placement.card, f"{move.player}'s draw")
        if dest == HAND:
            player = replace(player, hand=player.hand + (placement.card,))
        elif dest == DECK:
            deck = put_bottom(deck, (placement.card,))
        else:
            i = ROMAN.index(dest)
            legions[i] = legions[i] + (placement.card,)
        placed.append(dest)
    turn = replace(turn, placed=tuple(placed))
    new = replace(_set_player(state, index, player), deck=deck, seen=seen, legions=tuple(legions), turn=turn, events=())
    new = replace(new, window=None if window.to_place == 0 else window)
    return new


def drawn_before(level: int, index: int, target: int) -> int:
    """How many cards are off the deck when the ``index``-th drawn card is placed
    (``pax.cat.religion``): one at a time; 2 together then the third; all 3 together."""
    if level == 0:
        return min(target, index + 1)
    if level == 3:
        return min(target, 2 if index == 0 else 3)
    return target


def do_buy(state: PaxState, move: Buy) -> PaxState:
    index, turn = _check_turn(state, move.player)
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
    legion = _legion_index(state, move.legion, "pax.turn.buy")
    if not state.legions[legion]:
        raise IllegalMove("pax.turn.buy", f"there is no card under Legion {move.legion} to buy", hint=_affordable_hint(state, index, turn))
    state, turn, events = _pay_empty_deck(state, index, turn)
    player = state.players[index]
    total, discount, cost = price(state, player, legion)
    if cost > player.aureus:
        working = f"{total}" + (f" - {discount} Wealth discount = {cost}" if discount else "")
        raise IllegalMove(
            "pax.turn.buy",
            f"{move.player} cannot buy the group under Legion {move.legion}: it costs {working} Aurei"
            f" and {move.player} has {aurei(player.aureus)}",
            hint=_affordable_hint(state, index, turn),
        )
    group = state.legions[legion]
    legions = tuple(() if i == legion else g for i, g in enumerate(state.legions))
    player = replace(player, aureus=player.aureus - cost, hand=player.hand + group)
    turn = replace(turn, bought=move.legion)
    events.append(
        f"{move.player} buys {', '.join(c.token() for c in group)} for {aurei(cost)}"
        + (f" ({total} less {discount} for Wealth)" if discount else "")
    )
    return replace(_set_player(state, index, player), legions=legions, turn=turn, events=tuple(events))


def _affordable_hint(state: PaxState, index: int, turn: TurnState) -> str:
    player = state.players[index]
    money = player.aureus + (EMPTY_DECK_AUREI if turn.target == 0 and not turn.empty_deck_paid else 0)
    ok = [ROMAN[i] for i, g in enumerate(state.legions) if g and price(state, player, i)[2] <= money]
    return ("affordable: buy " + " or ".join(ok)) if ok else "no group is affordable now: play cards or end"


def do_play(state: PaxState, move: Play) -> PaxState:
    index, turn = _check_turn(state, move.player)
    _require_draw_done(state, move.player, turn, "playing")
    player = state.players[index]
    hand = _remove_cards(player.hand, move.cards)
    if hand is None:
        missing = Counter(move.cards) - Counter(player.hand)
        raise IllegalMove(
            "pax.turn.play",
            f"{move.player} has no {', '.join(c.token() for c in missing.elements())} in hand",
            hint=("in hand: " + ", ".join(c.token() for c in player.hand)) if player.hand else "the hand is empty",
        )
    state, turn, events = _pay_empty_deck(state, index, turn)
    player = state.players[index]
    cost = play_cost(len(turn.played), len(move.cards))
    if cost > player.aureus:
        nth = len(turn.played) + 1
        raise IllegalMove(
            "pax.turn.play",
            f"playing {len(move.cards)} more card{'s' if len(move.cards) != 1 else ''} costs {move.player} {aurei(cost)}"
            f" (card {nth} of the turn costs {nth - 1}, each next one 1 more); {move.player} has {player.aureus}",
            hint=_play_hint(player.aureus, len(turn.played)),
        )
    display = player.display + move.cards
    after = replace(player, aureus=player.aureus - cost, hand=hand, display=display)
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
    turn = replace(turn, played=turn.played + move.cards)
    new = replace(_set_player(state, index, after), turn=turn)
    events.append(f"{move.player} plays {', '.join(c.token() for c in move.cards)} for {aurei(cost)}")
    new, more = update_pc(new, index)
    return replace(new, events=tuple(events + more))


def _limit_hint(move: Play, after: PlayerState, hand: tuple[Card, ...], category: str) -> str:
    """What would make a refused Fleet/Army play legal: the Estate or Conspiracy cards left
    in hand, played in the same entry, when they raise the limit far enough."""
    raisers = [c for c in hand if c.category in ("estate", "conspiracy")]
    keep = f"keep the {category.title()} card until the limit allows it: play other cards or end"
    if not raisers:
        return f"{move.player} has no Estate or Conspiracy card in hand to raise the limit; {keep}"
    best = max(after.symbols("estate") + symbols_of(raisers, "estate"),
               after.symbols("conspiracy") + symbols_of(raisers, "conspiracy"))
    if best < after.symbols(category):
        return f"even with {', '.join(c.token() for c in raisers)} from the hand the limit would be {best}; {keep}"
    return f"play the Estate/Conspiracy cards in the same entry: {move.player} play " + ", ".join(
        c.token() for c in (*raisers, *move.cards)
    )


def _play_hint(money: int, already: int) -> str:
    n = 0
    while play_cost(already, n + 1) <= money:
        n += 1
    return f"{n} card{'s' if n != 1 else ''} can be afforded now" if n else "no further card can be afforded: end the turn"


def do_end(state: PaxState, move: End) -> PaxState:
    index, turn = _check_turn(state, move.player)
    _require_draw_done(state, move.player, turn, "ending the turn")
    state, turn, events = _pay_empty_deck(state, index, turn)
    player = state.players[index]
    amount, why = income(player, turn.played)
    player = replace(player, aureus=player.aureus + amount)
    events.append(f"{move.player} earns {aurei(amount)} ({why})")
    return next_turn(replace(_set_player(state, index, player), turn=turn), events)


def do_peek(state: PaxState, move: Peek) -> PaxState:
    index, turn = _check_turn(state, move.player)
    if turn.placed or turn.bought or turn.played or turn.empty_deck_paid:
        raise IllegalMove(
            "pax.turn.alternative",
            f"{move.player} has already begun a normal turn; the alternative action replaces the whole turn",
            hint=what_now(state),
        )
    player = state.players[index]
    player = replace(player, aureus=player.aureus + PEEK_AUREI)
    events = [f"{move.player} looks at Rome's hidden cards and takes 2 Aurei"]
    return next_turn(_set_player(state, index, player), events)


def next_turn(state: PaxState, events: list[str]) -> PaxState:
    """Pass the turn on clockwise, or end the round."""
    n = len(state.seats)
    if state.order_pos + 1 < n:
        pos = state.order_pos + 1
        new = replace(state, order_pos=pos)
        return replace(new, turn=new_turn(new, (state.start + pos) % n), events=tuple(events))
    return end_round(replace(state, turn=None), events)


# -- end of round -----------------------------------------------------------------------------
def richest_legion(state: PaxState) -> int | None:
    """``pax.roundend.rome``: the group of highest printed value; ties go to the lowest Legion."""
    best: int | None = None
    for i, group in enumerate(state.legions):
        if group and (best is None or state.legion_value(i) > state.legion_value(best)):
            best = i
    return best


def end_round(state: PaxState, events: list[str]) -> PaxState:
    """Rome takes the richest group, the PC holder becomes start player, then the refill or,
    when the deck cannot refill every empty Legion (or ran out), the end of the game."""
    events = list(events)
    skip_take = state.deck_size == 0 and not state.last_take
    legion = None if skip_take else richest_legion(state)
    if legion is not None:
        group = state.legions[legion]
        events.append(
            f"end of round {state.round}: Rome takes the group under Legion {ROMAN[legion]}"
            f" ({', '.join(c.token() for c in group)}; worth {state.legion_value(legion)})"
        )
        state = replace(
            state,
            rome=state.rome + group,
            legions=tuple(() if i == legion else g for i, g in enumerate(state.legions)),
        )
    elif skip_take:
        events.append(f"end of round {state.round}: the deck ran out; Rome takes nothing (option last_take=no)")
    else:
        events.append(f"end of round {state.round}: every Legion is empty; Rome takes nothing")
    if state.pc is not None and state.pc != state.start:
        state = replace(state, start=state.pc)
        events.append(f"{_who(state, state.pc)} holds Primus Conspiratus and becomes start player")
    empty = state.empty_legions()
    if state.deck_size == 0 or state.deck_size < len(empty):
        events.append(
            f"the deck ({state.deck_size} cards) cannot refill the {len(empty)} empty Legions: the game ends;"
            " reveal Rome's 3 hidden cards"
        )
        return replace(state, phase="reveal", order_pos=0, events=tuple(events))
    window, deck = take_top(state.deck, len(empty))
    labels = ", ".join(ROMAN[i] for i in empty)
    events.append(f"refill Legion{'s' if len(empty) != 1 else ''} {labels} from the deck")
    return replace(state, phase="refill", window=window, deck=deck, order_pos=0, events=tuple(events))


def do_refill(state: PaxState, move: Refill) -> PaxState:
    if state.phase != "refill" or state.window is None:
        raise IllegalMove(
            "pax.roundend.refill", f"no Legion is being refilled now: {_phase_text(state)}", hint=what_now(state)
        )
    window, deck, seen = state.window, state.deck, state.seen
    legions = list(state.legions)
    for card, label in zip(move.cards, move.legions):
        if not label:
            raise IllegalMove(
                "pax.roundend.refill", f"no empty Legion is left for {card.token()}", hint=what_now(state)
            )
        i = _legion_index(state, label, "pax.roundend.refill")
        if legions[i]:
            empty = [ROMAN[j] for j, g in enumerate(legions) if not g]
            raise IllegalMove(
                "pax.roundend.refill",
                f"Legion {label} is not empty; only empty Legions get a new card",
                hint="empty: " + (", ".join(empty) or "none"),
            )
        window, deck, seen = match(window, deck, seen, card, f"the new card for Legion {label}", rule="pax.roundend.refill")
        legions[i] = (card,)
    new = replace(state, window=window, deck=deck, seen=seen, legions=tuple(legions), events=())
    if window.to_place == 0:
        new = replace(new, window=None, phase="turn", round=state.round + 1, order_pos=0)
        new = replace(new, turn=new_turn(new, new.start), events=(f"round {new.round}: {_who(new, new.start)} starts",))
    return new


def do_reveal(state: PaxState, move: Reveal) -> PaxState:
    from assistant.games.pax.deck import add_seen, check_unseen

    if state.phase != "reveal":
        raise IllegalMove(
            "pax.winner.reveal",
            f"Rome's hidden cards are revealed at the end of the game; now {_phase_text(state)}",
            hint=what_now(state),
        )
    if len(move.cards) > state.rome_hidden:
        raise IllegalMove(
            "pax.winner.reveal",
            f"Rome has {state.rome_hidden} hidden card{'s' if state.rome_hidden != 1 else ''} left, not {len(move.cards)}",
            hint=what_now(state),
        )
    seen = state.seen
    for card in move.cards:
        check_unseen(seen, card, "Rome's hidden card")
        seen = add_seen(seen, card)
    hidden = state.rome_hidden - len(move.cards)
    new = replace(
        state, seen=seen, rome_hidden=hidden, rome_revealed=state.rome_revealed + move.cards, events=()
    )
    if hidden == 0:
        new = replace(new, phase="over")
    return new


# -- dispatch ---------------------------------------------------------------------------------
def transition(state: PaxState, move: PaxMove) -> PaxState:
    """The state after ``move``; raises IllegalMove when the rules forbid it."""
    if state.phase == "over":
        raise IllegalMove("pax.winner", "the game is over; no more entries are taken", hint=what_now(state))
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove("pax.notation", f"unknown entry {move!r}")
    return handler(state, move)


_HANDLERS = {
    StartPlayer: do_start,
    Keep: do_keep,
    Market: do_market,
    Draw: do_draw,
    Buy: do_buy,
    Play: do_play,
    End: do_end,
    Peek: do_peek,
    Refill: do_refill,
    Reveal: do_reveal,
}


def symbols_table(cards: Sequence[Card]) -> dict[str, int]:
    return {cat: symbols_of(tuple(cards), cat) for cat in CATEGORIES}


def cards_table(cards: Sequence[Card]) -> dict[str, int]:
    return {cat: cards_of(tuple(cards), cat) for cat in CATEGORIES}
