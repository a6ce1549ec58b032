"""Corrections (rule sylla.correct): a physical mistake noticed late, put right at any point
of the game once the set-up is done, without being an entry of play: whose turn it is and what
is awaited stay as they were. Prestige on the Glory Path and denarii behind the screen are
gained or lost; a token of a kind everyone saw (the Consul's, an event's reward) moves from the
player to another; a character or Crane card (or a kept building tile) is tapped, untapped,
turned face down or face up. Denarii stay secret: only the signed change is public, and a
refusal never says how many the player holds."""

from __future__ import annotations

from assistant.core.errors import IllegalMove
from assistant.games.sylla import moves as m
from assistant.games.sylla.state import AnyState, Draft, State

RULE = "sylla.correct"


def _refuse(reason: str, hint: str) -> None:
    raise IllegalMove(RULE, reason, hint=hint)


def view_awaited(state: State) -> tuple[str, ...]:
    """The players the game waits for (view.awaited; imported here to keep the modules apart)."""
    from assistant.games.sylla.view import awaited

    return tuple(awaited(state))


def _where(state: AnyState) -> str:
    """``round 2 phase IV`` (``set-up``): when a correction was made, for the score's notes."""
    return f"round {state.round} phase {state.phase}" if state.round else "set-up"


def check(state: State, move: m.CorrectMove) -> None:
    """Refuse a correction that cannot be true: a figure below zero, a token the player was not
    seen to hold, a card he has not, or a change that changes nothing."""
    if state.phase == "setup":
        _refuse("a correction is made once the set-up is done (starting denarii and prestige are set then)",
                "change the set-up entry instead: amend it")
    p = state.player(move.player)
    if move.thing in ("prestige", "denarii") and move.amount == 0:
        _refuse(f"a change of 0 {move.thing} changes nothing", f"correct {move.player} {move.thing} +1 because ...")
    if move.thing == "prestige":
        if p.prestige + move.amount < 0:
            _refuse(f"{move.player} has only {p.prestige} prestige on the Glory Path, not {-move.amount}",
                    f"at most: correct {move.player} prestige -{p.prestige} because ..." if p.prestige else "nothing to take")
    elif move.thing == "denarii":
        if p.money + move.amount < 0 and not p.money_unknown:  # the total stays behind the screen: the refusal does not name it
            _refuse(f"{move.player} cannot give back {-move.amount} denarii: his screen does not hold that many",
                    "ask the player to count behind his screen and correct by what is really missing")
        if move.amount < 0 and not p.money_unknown and p.money + move.amount < _promised(state, move.player):
            _refuse(f"{move.player} has promised denarii ({'his bid' if state.step == 'I.bid' else 'his fist'}) "
                    "that this loss would leave unpaid",
                    "correct the denarii once the bid or vote is paid")
    elif move.thing == "token":
        _check_token(state, move)
    else:
        _check_card(state, move)


def _promised(state: State, name: str) -> int:
    """The denarii ``name`` has promised and not yet paid: the election's standing bid beyond his
    face-up Senators, or the denarii in his fist before the fists are paid."""
    if state.step == "I.bid" and name == state.high_bidder:
        return max(0, state.high - state.player(name).count("senator", face_up=True))
    if state.step in ("VI.vote", "VI.fists", "end.vote", "end.fists"):
        return state.votes.get(name, (None, None))[1] or 0
    return 0


def _check_token(state: State, move: m.CorrectMove) -> None:
    if move.other == move.player:
        _refuse(f"a token moved from {move.player} to {move.player} changes nothing", "name the player who should have it")
    p = state.player(move.player)
    if p.seen[move.kind] < 1 or p.tokens[move.kind] < 1:
        _refuse(f"the table never saw {move.player} take a {move.kind} token in the open",
                "only a token of a kind shown to everyone (the Consul's, an event's reward) is corrected")


#: The waits whose awaited players' cards a correction leaves alone (it could leave them unable
#: to make the entry awaited: the winner tapping cards to pay, a player turning an item down).
_BUSY = {"III.pay": "pay for the tile", "V.down": "turn an item face down"}


def _check_card(state: State, move: m.CorrectMove) -> None:
    p = state.player(move.player)
    busy = _BUSY.get(state.step)
    if busy and move.player in (view_awaited(state)):
        _refuse(f"{move.player} must first {busy}: his cards are corrected after that entry",
                "enter the awaited entry first, then correct")
    if state.step in ("I.bid", "III.bid") and move.player == state.high_bidder and move.fix in ("tap", "down"):
        _refuse(f"{move.player}'s bid stands on his cards: they are corrected once the bidding is over",
                "finish the bidding first, then correct")
    item = p.card(move.card)
    tile = next((t for t in p.tiles if t.label.casefold() == move.card.casefold()), None)
    if item is None and tile is None:
        _refuse(f"{move.player} has no card or tile labelled {move.card}",
                "his labels: " + (", ".join([c.label for c in p.cards] + [t.label for t in p.tiles]) or "none"))
    if item is None:
        assert tile is not None
        if move.fix in ("tap", "untap"):
            _refuse(f"{tile.label} is a building tile: it is never tapped", f"correct {move.player} card {tile.label} down (or up) because ...")
        if tile.down == (move.fix == "down"):
            _refuse(f"{tile.label} is already face {'down' if tile.down else 'up'}", "nothing to correct")
        return
    now = {"tap": item.tapped, "untap": not item.tapped, "down": item.down, "up": not item.down}[move.fix]
    if now:
        said = {"tap": "tapped", "untap": "untapped", "down": "face down", "up": "face up"}[move.fix]
        _refuse(f"{item.label} is already {said}", "nothing to correct")


def apply(state: Draft, move: m.CorrectMove) -> None:
    """Make the (checked) correction on ``state`` itself: the log line, and a note for the score
    when it changes what the score counts (prestige, tokens, a card face up or down)."""
    p = state.player(move.player)
    when = _where(state)
    if move.thing == "prestige":
        p.prestige += move.amount
        if p.prestige_before_end is not None:
            p.prestige_before_end += move.amount
        said = f"{move.player} {move.amount:+d} prestige"
    elif move.thing == "denarii":
        p.money += move.amount
        said = f"{move.player} {move.amount:+d} denarii"
    elif move.thing == "token":
        q = state.player(move.other)
        for who, by in ((p, -1), (q, 1)):
            who.tokens[move.kind] += by
            who.seen[move.kind] += by
        said = f"a {move.kind} token from {move.player} to {move.other}"
    else:
        item = p.card(move.card)
        label = item.label if item is not None else next(t.label for t in p.tiles if t.label.casefold() == move.card.casefold())
        if move.fix in ("tap", "untap"):
            p.set_tapped(label, move.fix == "tap")
        else:
            p.set_down(label, move.fix == "down")
        said = f"{move.player}'s {label} {_done(move.fix)}"
    state.note(f"correction: {said} ({move.reason})")
    if move.thing != "denarii" and not (move.thing == "card" and move.fix in ("tap", "untap")):
        state.corrections = state.corrections + (f"correction in {when}: {said} ({move.reason})",)


def _done(fix: str) -> str:
    return {"tap": "tapped", "untap": "untapped", "down": "turned face down", "up": "turned face up"}[fix]
