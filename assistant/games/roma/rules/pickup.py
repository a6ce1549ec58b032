"""A game picked up in progress (rule roma.position): the position block, ``position``
entries made before any other entry, puts a new game where the table stands at the start of a
turn. ``position NAME vp N money N hand N board CARD DISC ... blocked DISC ...`` gives one
player's side of the table, ``position discard CARD ...`` cards of the face-up discard pile,
and ``position turn N NAME`` closes the block: NAME plays turn N and rolls next (their Phase 1
is paid, counted in the VP given). The hands' faces stay unknown (``?``), as the table sees
them; the draw pile is what the 52 cards leave.

The checks keep every invariant of the game (the 36 VP, the 52 cards, the copies of each card)
true at every entry of the block, so a position that cannot exist is refused at the entry that
would make it, with the rule it breaks."""

from __future__ import annotations

from collections import Counter

from assistant.core.errors import IllegalMove
from assistant.core import wording
from assistant.games.roma.components import CARDS
from assistant.games.roma.moves import UNKNOWN, PositionDiscard, PositionPlayer, PositionTurn
from assistant.games.roma.rules.refusals import accounted, need_disc
from assistant.games.roma.state import TOTAL_VP, RomaState, evolve, pile_fields, with_item

RULE = "roma.position"

PositionMove = PositionPlayer | PositionDiscard | PositionTurn


def _refuse(reason: str, hint: str, rule: str = RULE) -> None:
    raise IllegalMove(rule, reason, hint=hint)


def may_pick_up(state: RomaState) -> bool:
    """Whether a position entry is taken now: only position entries were made so far, and
    the block is not closed."""
    return state.in_setup and state.ply == state.block


def block_hint(state: RomaState) -> str:
    """The next entry of an open block (or of one not begun)."""
    for i, name in enumerate(state.seats):
        if not state.picked[i]:
            return f"position {name} vp N money N hand N board CARD DISC ..."
    return f"position discard CARD ... (if any), then position turn N {state.seats[0]}|{state.seats[1]}"


def check_position(state: RomaState, move: PositionMove) -> None:
    """Refuse a position entry after the first other entry or after the block, and one that
    would make an impossible table: a player twice, no VP, the 36 VP or the 52 cards exceeded,
    more copies of a card than the box holds, a disc the table does not have."""
    if not may_pick_up(state):
        if not state.in_setup:
            reason = "the game is already under way: a position is given only before the first move"
        else:
            reason = "a position is given only before any other entry of the game"
        _refuse(reason, "start a new game with the position block first (new roma --position FILE); to put a figure right now: correct ...")
    if move.player and move.player not in state.seats:
        _refuse(f"'{move.player}' does not play in this game", "players: " + ", ".join(state.seats))
    if isinstance(move, PositionPlayer):
        _check_player(state, move)
    elif isinstance(move, PositionDiscard):
        _check_cards(state, Counter(c for c in move.cards if c != UNKNOWN), "on the discard pile")
        _check_count(state, len(move.cards), f"{len(move.cards)} discarded cards")
    else:
        _check_turn(state, move)


def _check_player(state: RomaState, move: PositionPlayer) -> None:
    i = state.index(move.player)
    name = move.player
    if state.picked[i]:
        _refuse(f"{name}'s position is already given in this block", f"amend that entry to change it; next: {block_hint(state)}")
    if move.vp < 1:
        _refuse(f"{name} cannot have {move.vp} VP: a player without VP has lost, and a finished game is not picked up", "VP 1 or more")
    other = state.vp[1 - i] if state.picked[1 - i] else 0
    if move.vp + other > TOTAL_VP - 1:
        both = f"{name} {move.vp}" + (f" + {state.seats[1 - i]} {other}" if other else "")
        _refuse(
            f"the players cannot hold {move.vp + other} VP ({both}): of the {TOTAL_VP} VP at least 1 is in the stockpile while the game goes on",
            f"at most {TOTAL_VP - 1 - other} VP for {name}",
        )
    discs = [d for _, d in move.board]
    for d in (*discs, *move.blocked):
        need_disc(state, d, RULE)
    for listed, what in ((discs, "holds two cards"), (list(move.blocked), "is blocked twice")):
        twice = sorted(d for d, n in Counter(listed).items() if n > 1)
        if twice:
            _refuse(f"{name}'s disc {twice[0]} {what}", "each disc once")
    _check_cards(state, Counter(c for c, _ in move.board), f"on {name}'s discs")
    _check_count(state, len(move.board) + move.hand, f"{name}'s {len(move.board)} cards on discs and {move.hand} in hand")


def _check_cards(state: RomaState, cards: Counter[str], where: str) -> None:
    """Refuse more copies of a card than the box holds, counting those already given."""
    for card, n in cards.items():
        if state.seen_count(card) + n > CARDS[card].copies:
            what = wording.a(card) if n == 1 else f"{n} × {card}"
            seen = state.seen_count(card)
            already = f": {accounted(state, card)}" if seen else f": the deck has only {CARDS[card].copies}"
            _refuse(f"{what} cannot be {where}{already}", "check the card's name", rule="roma.deck")


def _check_count(state: RomaState, n: int, what: str) -> None:
    """Refuse more cards than the 52 leave: the draw pile would be below zero."""
    if n > state.draw:
        _refuse(
            f"{what} are more than the deck leaves: {state.draw} of the 52 cards are not yet placed",
            "count the cards again; the draw pile holds what the 52 cards leave",
            rule="roma.deck",
        )


def _check_turn(state: RomaState, move: PositionTurn) -> None:
    missing = [name for i, name in enumerate(state.seats) if not state.picked[i]]
    if missing:
        _refuse(f"{' and '.join(missing)}'s position {'is' if len(missing) == 1 else 'are'} not given yet", block_hint(state))
    me = state.index(move.player)
    other = state.seats[1 - me]
    if state.blocked[1 - me]:
        _refuse(
            f"{other}'s disc {min(state.blocked[1 - me])} cannot be blocked at the start of {move.player}'s turn: "
            "a Praetorianus blocks a disc during its owner's next turn only",
            f"only the player to play, {move.player}, has blocked discs: amend {other}'s position without 'blocked'",
        )


def apply_position(state: RomaState, move: PositionMove) -> RomaState:
    """The table with the entry's part of the position laid out (checked before). The first
    entry of the block clears the set-up's 10 VP each: every VP is in the stockpile until a
    player's entry takes theirs. ``position turn`` ends the set-up: the turn awaits its roll."""
    if state.block == 0:
        state = evolve(state, vp=(0, 0), stockpile=TOTAL_VP)
    state = evolve(state, block=state.block + 1)
    if isinstance(move, PositionPlayer):
        i = state.index(move.player)
        board: list[str | None] = [None] * state.discs
        for card, disc in move.board:
            board[disc - 1] = card
        vp = with_item(state.vp, i, move.vp)
        return evolve(
            state,
            vp=vp,
            stockpile=TOTAL_VP - sum(vp),
            money=with_item(state.money, i, move.money),
            hands=with_item(state.hands, i, (UNKNOWN,) * move.hand),
            boards=with_item(state.boards, i, tuple(board)),
            blocked=with_item(state.blocked, i, frozenset(move.blocked)),
            draw=state.draw - move.hand - len(move.board),
            picked=with_item(state.picked, i, True),
            last=f"position: {move.player}'s side of the table",
        )
    if isinstance(move, PositionDiscard):
        return evolve(
            state,
            draw=state.draw - len(move.cards),
            **pile_fields(state.discard_pile() + tuple(move.cards)),  # bottom to top, '?' where typed (D29)
            last=f"position: {len(move.cards)} card{'s' if len(move.cards) != 1 else ''} on the discard pile",
        )
    me = state.index(move.player)
    return evolve(
        state,
        dealt=(True, True),
        swapped=True,
        placed=(True, True),
        active=me,
        turn=move.turn,
        last=f"picked up at turn {move.turn}: {move.player} to roll",
    )
