"""The legal entries of a PAX position, for hints, completion and the random table: every entry
the rules accept now, one card per entry where cards are entered (each face the next card could
show: a known one, or any face the category counts still allow; and ``?`` where the face is
secret, ``pax.hidden``). A card in hand entered as ``?`` is not listed as a play: its face is
not known until it is played.
"""

from __future__ import annotations

from assistant.games.pax.components import CATEGORIES, Card, all_tokens, category_total
from assistant.games.pax.deck import extend, take_top
from assistant.games.pax.moves import Buy, Draw, End, Keep, Market, PaxMove, Peek, Placement, Play, Refill, Reveal
from assistant.games.pax.rules import is_legal, start_draw
from assistant.games.pax.rules.turn import drawn_before, religion_level
from assistant.games.pax.state import DECK, HAND, ROMAN, PaxState, Window, World


def legal_moves(state: PaxState) -> list[PaxMove]:
    """Every legal entry now (each listed move passes ``check``)."""
    moves: list[PaxMove] = []
    who = state.seats[state.current]
    if state.phase == "start":
        drawn, plays = start_draw(state, state.kept)
        for card in next_cards(state, drawn):
            moves.append(Keep(who, card, (card,) * plays))
        if not plays:
            moves.append(Keep(who, None))  # pax.hidden: the kept card entered as ?
    elif state.phase == "market":
        moves += [Market((card,)) for card in next_cards(state, len(state.legions))]
    elif state.phase == "turn" and state.turn is not None:
        moves += _turn_moves(state, who)
    elif state.phase == "refill":
        legion = ROMAN[state.empty_legions()[0]]
        moves += [Refill((card,), (legion,)) for card in next_cards(state, 0)]
    elif state.phase == "reveal":
        moves += [Reveal((card,)) for card in all_tokens() if state.unseen(card.category) > 0]
    return [m for m in moves if is_legal(state, m)]


def next_cards(state: PaxState, count: int) -> list[Card]:
    """The faces the next card off the deck may show (``count``: how many come off together
    when no card is out yet), in every way the entries so far allow (``state.worlds``)."""
    faces: list[Card] = []
    for world in state.worlds:
        window = _window(state, world, count)
        faces += [c for c in dict.fromkeys(window.known) if c not in faces]
        if window.pool_take:
            faces += [c for c in dict.fromkeys(window.pool) if c not in faces]
        if window.unknown:
            faces += [
                c for c in all_tokens()
                if world.seen[CATEGORIES.index(c.category)] < category_total(c.category) and c not in faces
            ]
    return faces


def _window(state: PaxState, world: World, count: int) -> Window:
    """The cards off the deck of ``world`` when the next card is entered."""
    if state.phase == "turn" and state.turn is not None:
        turn = state.turn
        out = drawn_before(religion_level(turn.religion), len(turn.placed), turn.target)
        waiting = world.window.to_place if world.window else 0
        return extend(world.window, world.deck, out - len(turn.placed) - waiting)[0]
    return world.window if world.window is not None else take_top(world.deck, max(count, 1))[0]


def _turn_moves(state: PaxState, who: str) -> list[PaxMove]:
    """The candidate entries of a turn: a drawn card to each free place, or buys, plays, the
    end, the alternative action."""
    turn = state.turn
    assert turn is not None
    moves: list[PaxMove] = []
    if not turn.draw_done:
        dests = [d for d in (HAND, DECK) if d not in turn.placed]
        if not any(p in ROMAN for p in turn.placed):
            dests += list(ROMAN[: len(state.legions)])
        for card in next_cards(state, turn.target):
            moves += [Draw(who, (Placement(card, dest),)) for dest in dests]
        moves += [Draw(who, (Placement(None, dest),)) for dest in dests if dest in (HAND, DECK)]  # pax.hidden
        if not turn.placed:
            moves.append(Peek(who))
        return moves
    if not turn.bought and not turn.played:
        moves += [Buy(who, ROMAN[i]) for i, group in enumerate(state.legions) if group]
    hand = state.players[turn.player].hand
    moves += [Play(who, (card,)) for card in dict.fromkeys(hand)]
    moves.append(End(who))
    if turn.target == 0 and not (turn.bought or turn.played or turn.empty_deck_paid):
        moves.append(Peek(who))
    return moves
