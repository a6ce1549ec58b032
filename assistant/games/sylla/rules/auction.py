"""Phase III (sylla.phase3): building auctions. The Consul offers first, the last buyer offers
next; bids count usable cards showing the space's sale colour; the winner taps that many; the
tile acts at once (instant) or stays (kept). After 5 offers (3 players: 4) the rest is discarded."""

from __future__ import annotations


from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import buildings_by_id, facts
from assistant.games.sylla.state import AnyState, Card, Draft, State, Tile

COLOUR = {"r": "red", "y": "yellow", "g": "grey"}


def offers_limit(state: AnyState) -> int:
    """How many tiles are offered in a round (5; 4 with 3 players)."""
    return int(facts()["offers_per_round"][str(len(state.seats))])


def start(state: Draft) -> None:
    """Phase III begins: the Consul offers first."""
    state.phase = "III"
    state.step = "III.offer"
    state.offers = 0
    state.offerer = state.consul
    state.offer_space = None


def sale_colour(state: State) -> str:
    """The hexagon colour the offered tile's space sells for."""
    assert state.board is not None and state.offer_space is not None
    return state.board.spaces[state.offer_space - 1]


def payers(state: State, name: str, colour: str) -> list[Card]:
    """Usable cards (characters and Crane cards) showing the colour."""
    return [c for c in state.player(name).cards if c.usable and colour in c.hexes]




def check(state: State, move: object) -> None:
    """Judge an offer, bid, pass, payment, Insula or Crane entry (sylla.phase3.*)."""
    step = state.step
    if step == "III.offer":
        if not isinstance(move, m.OfferMove):
            raise IllegalMove("sylla.phase3.sequence", f"{state.offerer} offers a tile now", hint=f"{state.offerer} offers N (space 1-6)")
        if move.player != state.offerer:
            who = "the Consul" if state.offerer == state.consul and state.offers == 0 else "the last buyer"
            raise IllegalMove("sylla.phase3.sequence", f"{state.offerer} ({who}) offers the next tile, not {move.player}",
                              hint=f"{state.offerer} offers N (space " + ", ".join(str(i + 1) for i, t in enumerate(state.spaces) if t) + ")")
        if not 1 <= move.space <= 6 or state.spaces[move.space - 1] is None:
            free = [str(i + 1) for i, t in enumerate(state.spaces) if t]
            raise IllegalMove("sylla.phase3.sequence", f"space {move.space} holds no tile", hint="offer one of spaces " + ", ".join(free))
        return
    if step == "III.bid":
        if not isinstance(move, (m.BidMove, m.PassMove)):
            raise IllegalMove("sylla.phase3.auction", f"the auction of the {describe_offer(state)} is on: {state.actor} bids or passes",
                              hint=f"{state.actor} bids N, or {state.actor} passes")
        if move.player != state.actor:
            raise IllegalMove("sylla.phase3.auction", f"it is {state.actor}'s turn to bid, not {move.player}'s (from the offerer's left; the offerer bids last)",
                              hint=f"{state.actor} bids N, or {state.actor} passes")
        if isinstance(move, m.BidMove):
            colour = sale_colour(state)
            can = len(payers(state, move.player, colour))
            if move.amount < 1:
                raise IllegalMove("sylla.phase3.auction", "a bid is at least 1 card", hint=f"{move.player} passes")
            if move.amount > can:
                raise IllegalMove("sylla.phase3.auction",
                                  f"{move.player} has {can} usable cards showing {COLOUR[colour]}, so cannot bid {move.amount}",
                                  hint=f"bid at most {can}, or pass" if can > state.high else f"{move.player} passes")
            if move.amount <= max(state.high, 0):
                raise IllegalMove("sylla.open.building-raise", f"{move.player} must bid more than {state.high} ({state.high_bidder}'s bid)",
                                  hint=f"{move.player} bids {state.high + 1}" if can > state.high else f"{move.player} passes")
        return
    if step == "III.pay":
        if not isinstance(move, m.PayMove) or move.player != state.high_bidder:
            raise IllegalMove("sylla.phase3.payment", f"{state.high_bidder} won and taps {state.high} cards to pay",
                              hint=f"{state.high_bidder} pays " + " ".join(c.label for c in payers(state, state.high_bidder or '', sale_colour(state))[: state.high]))
        colour = sale_colour(state)
        if len(move.labels) != state.high:
            raise IllegalMove("sylla.phase3.payment", f"{move.player} bid {state.high}, so taps exactly {state.high} cards, not {len(move.labels)}",
                              hint="cards that can pay: " + " ".join(c.label for c in payers(state, move.player, colour)))
        if len(set(l.casefold() for l in move.labels)) != len(move.labels):
            raise IllegalMove("sylla.phase3.payment", f"{move.player} names a card twice; each tapped card pays 1",
                              hint="cards that can pay: " + " ".join(c.label for c in payers(state, move.player, colour)))
        p = state.player(move.player)
        for label in move.labels:
            card = p.card(label)
            if card is None:
                raise IllegalMove("sylla.phase3.payment", f"{p.name} has no card {label}", hint="his cards: " + ", ".join(c.label for c in p.cards))
            if card.down:
                raise IllegalMove("sylla.events.disable", f"{p.name}'s {card.label} is face down and cannot pay",
                                  hint="cards that can pay: " + " ".join(c.label for c in payers(state, p.name, colour)))
            if card.tapped:
                raise IllegalMove("sylla.phase3.payment", f"{p.name}'s {card.label} is already tapped this round",
                                  hint="cards that can pay: " + " ".join(c.label for c in payers(state, p.name, colour)))
            if colour not in card.hexes:
                raise IllegalMove("sylla.phase3.colour", f"{p.name}'s {card.label} shows no {COLOUR[colour]} hexagon ({card.hexes})",
                                  hint="pay with: " + " ".join(c.label for c in payers(state, p.name, colour)))
        return
    if step == "III.insula":
        if not isinstance(move, m.InsulaMove) or move.player != state.high_bidder:
            raise IllegalMove("sylla.buildings.insula", f"{state.high_bidder} chooses the Insula's 2 tokens", hint=f"{state.high_bidder} insula civic health")
        return
    if step == "III.crane":
        if not isinstance(move, m.CraneMove) or move.player != state.high_bidder:
            raise IllegalMove("sylla.data.cranes", f"enter the colours of the Crane card {state.high_bidder} takes", hint=f"{state.high_bidder} crane ry")


def apply(state: Draft, move: object) -> None:
    """Play an offer, bid, pass, payment, Insula or Crane entry; the next offer or the end of the
    phase follows."""
    if isinstance(move, m.OfferMove):
        state.offer_space = move.space
        assert state.offerer is not None
        state.order = state.clockwise_from(state.offerer)[1:] + [state.offerer]
        state.turn = 0
        state.high = 0
        state.high_bidder = None
        state.step = "III.bid"
        return
    if isinstance(move, (m.BidMove, m.PassMove)):
        if isinstance(move, m.BidMove):
            state.high = move.amount
            state.high_bidder = move.player
        state.turn += 1
        if state.turn < len(state.order):
            return
        if state.high_bidder is None:
            tile = take_tile(state)
            state.tiles_discarded += 1
            state.note(f"nobody bids on the {name_of(tile)}; it is discarded")
            next_offer(state)
        else:
            state.step = "III.pay"
        return
    if isinstance(move, m.PayMove):
        p = state.player(move.player)
        for label in move.labels:
            card = p.card(label)
            assert card is not None
            p.set_tapped(card.label, True)
        tile = take_tile(state)
        state.tiles_bought += 1
        state.note(f"{p.name} buys the {name_of(tile)} for {state.high}, tapping {' '.join(move.labels)}")
        acquire(state, p.name, tile)
        return
    if isinstance(move, m.InsulaMove):
        p = state.player(move.player)
        for k in move.kinds:
            p.hide_one()  # the table does not see the colour, typed or not
            if k is None:  # sylla.hidden.tokens: the colour stays behind his screen
                p.add_unknown(1)
            else:
                p.tokens[k] += 1
        state.note(f"{p.name} takes 2 tokens from the Insula")
        next_offer(state)
        return
    if isinstance(move, m.CraneMove):
        p = state.player(move.player)
        n = sum(1 for c in p.cards if c.kind == "crane") + 1
        p.cards.append(Card(f"Cra{n}", "crane", move.hexes, tapped=True))
        state.cranes += 1
        state.note(f"{p.name} takes a Crane card ({move.hexes}), tapped")
        next_offer(state)


def name_of(tile: str) -> str:
    """The printed name of a building tile id."""
    return str(buildings_by_id()[tile]["name"])


def take_tile(state: Draft) -> str:
    """Take the offered tile off its space and return its id."""
    assert state.offer_space is not None
    tile = state.spaces[state.offer_space - 1]
    assert tile is not None
    state.spaces[state.offer_space - 1] = None
    return tile


def acquire(state: Draft, name: str, tile: str) -> None:
    """sylla.buildings: kept tiles stay; instant tiles act and are discarded."""
    p = state.player(name)
    data = buildings_by_id()[tile]
    state.offerer = name
    if data["kind"] == "kept":
        n = sum(1 for t in p.tiles if t.kind == tile) + 1
        p.tiles.append(Tile(f"{tile.capitalize()}{n}", tile))
    elif tile == "arch" or tile == "statue":
        p.prestige += int(data["prestige"])
    elif tile == "bank":
        p.money += int(data["money"])
    elif tile == "insula":
        state.step = "III.insula"
        return
    elif tile == "crane":
        if state.cranes < facts()["cranes"]["total"]:
            state.step = "III.crane"
            return
        state.note("all 3 Crane cards are taken; this Crane gives nothing")
    next_offer(state)


def next_offer(state: Draft) -> None:
    """The next offer, or, after the round's last offer or the last tile, the rest discarded and
    the phase done."""
    state.offers += 1
    state.offer_space = None
    if state.offers >= offers_limit(state) or all(t is None for t in state.spaces):
        left = [name_of(t) for t in state.spaces if t]
        if left:
            state.note("discarded: " + ", ".join(left))
        state.tiles_discarded += len(left)
        state.spaces = [None] * 6
        state.step = "done"
    else:
        state.step = "III.offer"

def describe_offer(state: State) -> str:
    """``Field on space 3 (grey)``: the tile on offer, for prompts and messages."""
    if state.offer_space is None:
        return ""
    tile = state.spaces[state.offer_space - 1]
    return f"{name_of(tile or 'field')} on space {state.offer_space} ({COLOUR[sale_colour(state)]})" if tile else ""
