"""The position block of a game picked up in progress (``pax.position``): the ``position …``
entries that put a new game where the table stands, before its first move. One entry per
player (Aurei, cards in hand, display), Rome's face-up cards, the group under each Legion, the
deck (optional) and, last, ``position round …`` (the round, the start player, whose turn
begins, who holds Primus Conspiratus), which closes the block: the game then goes on from the
start of that turn, or, with ``refill``, from the refill at the end of that round.

What the table cannot see stays unknown, as with a face entered ``?`` (``pax.hidden``): the
faces of the cards in hand (unseen cards, ``World.fresh``), the faces in the deck (unseen, a
card a player slid under unnamed keeps its owner so that it can be named later) and Rome's 3
hidden cards.

:func:`problems` lists everything wrong with one entry (every problem, so that the position
file reader of ``position.py`` can report them all at once); :func:`check_position` raises the
first; :func:`apply_position` returns the new state.
"""

from __future__ import annotations

from dataclasses import replace

from assistant.core.errors import IllegalMove
from assistant.games.pax.components import CARD_RULE, CATEGORIES, Card, category_total, check_card, deck_size
from assistant.games.pax.deck import each, off_top, settle
from assistant.games.pax.moves import (
    PositionDeck,
    PositionEntry,
    PositionLegion,
    PositionPlayer,
    PositionRome,
    PositionRound,
)
from assistant.games.pax.rules.hints import what_now
from assistant.games.pax.rules.rounds import legion_index, new_turn
from assistant.games.pax.rules.turn import pc_measure
from assistant.games.pax.state import ROMAN, DeckPart, PaxState, PlayerState

RULE = "pax.position"
#: What a refusal of the block says about its form.
BLOCK_HINT = (
    "one entry per player (position NAME aurei N hand N cards …), then position rome …, position legion I …,"
    " position deck N, and last position round N start NAME turn NAME"
)


def topic(move: PositionEntry) -> str:
    """What the entry sets, as ``PaxState.picking`` remembers it (``player:Ann``, ``legion:II``)."""
    if isinstance(move, PositionPlayer):
        return f"player:{move.player}"
    if isinstance(move, PositionLegion):
        return f"legion:{move.legion}"
    if isinstance(move, PositionRome):
        return "rome"
    if isinstance(move, PositionDeck):
        return "deck"
    return "round"


def _said(name: str) -> str:
    """A topic in words, for refusals (``player:Ann`` -> ``Ann's position``)."""
    kind, _, what = name.partition(":")
    if kind == "player":
        return f"{what}'s position"
    if kind == "legion":
        return f"the group under Legion {what}"
    return {"rome": "Rome's cards", "deck": "the deck"}.get(kind, "the round entry")


def public_faces(state: PaxState) -> dict[str, int]:
    """The cards per category lying face up: displays, Rome's cards, the Legions."""
    cards: list[Card] = list(state.rome) + list(state.rome_revealed)
    for group in state.legions:
        cards += group
    for player in state.players:
        cards += player.display
    return {cat: sum(1 for c in cards if c.category == cat) for cat in CATEGORIES}


def others_count(state: PaxState) -> int:
    """Every card the position holds outside the deck: removed at setup, Rome's hidden and
    face-up cards, the Legions, the hands and the displays."""
    return (
        state.removed + state.rome_hidden + len(state.rome) + len(state.rome_revealed)
        + sum(len(g) for g in state.legions) + sum(p.hand_size + len(p.display) for p in state.players)
    )


def _block(state: PaxState, move: PositionEntry) -> list[IllegalMove]:
    """Where the entry stands in the block: before the first move, before the round entry
    that closes the block, each thing once."""
    if state.ply != len(state.picking):
        played = state.ply - len(state.picking)
        return [IllegalMove(
            RULE,
            f"a game is picked up before its first move; this game has {played} entr{'y' if played == 1 else 'ies'}"
            " of play already",
            hint="start a new game from the position (assistant new pax --position FILE), or amend the entries instead",
        )]
    if "round" in state.picking:
        return [IllegalMove(
            RULE,
            "the position block ended with its 'position round' entry; the game is under way",
            hint="enter the players, Rome, the Legions and the deck before the round entry (insert it there); now "
            + what_now(state),
        )]
    name = topic(move)
    if name in state.picking:
        return [IllegalMove(RULE, f"{_said(name)} is given already in this block", hint="amend that entry to change it")]
    return []


def _copies(state: PaxState, cards: tuple[Card, ...]) -> list[IllegalMove]:
    """The categories of ``cards`` that would lie face up more often than the deck holds them."""
    faces = public_faces(state)
    found = []
    for cat in dict.fromkeys(c.category for c in cards):
        if faces[cat] > category_total(cat):
            found.append(IllegalMove(
                CARD_RULE,
                f"the position shows more {cat} cards face up than the {category_total(cat)} the deck holds"
                " (displays, Rome's cards and the Legions together)",
                hint="check the categories of the cards entered",
            ))
    return found


def _faces(state: PaxState, cards: tuple[Card, ...]) -> list[IllegalMove]:
    """Every face judged as an entered card (``pax.data.cards``, under ``card_checks``)."""
    found = []
    for card in dict.fromkeys(cards):
        try:
            check_card(card, notes=state.notes_checks)
        except IllegalMove as exc:
            found.append(exc)
    return found


def _primus(state: PaxState, holder: int | None) -> list[IllegalMove]:
    """Primus Conspiratus with a player of the most Conspiracy; nobody only before any is played
    (``pax.cat.primus-conspiratus``)."""
    measures = [pc_measure(state, p) for p in state.players]
    word = "Conspiracy cards" if state.pc_count == "cards" else "Conspiracy symbols"
    rule = "pax.cat.primus-conspiratus"
    if holder is None:
        if any(measures):
            most = [state.seats[i] for i, m in enumerate(measures) if m == max(measures)]
            return [IllegalMove(
                rule,
                f"{most[0]} played Conspiracy, so some player holds Primus Conspiratus",
                hint=f"add primus NAME to the round entry (a player with the most {word}: {', '.join(most)})",
            )]
        return []
    if measures[holder] == 0 or measures[holder] < max(measures):
        return [IllegalMove(
            rule,
            f"{state.seats[holder]} cannot hold Primus Conspiratus: it goes to the most {word}"
            f" ({state.seats[holder]} {measures[holder]}, the most {max(measures)})",
            hint="name the holder among the players with the most Conspiracy",
        )]
    return []


def problems(state: PaxState, move: PositionEntry, *, totals: bool = True) -> list[IllegalMove]:
    """Everything that forbids ``move`` now, in order (empty when it is legal). ``totals``
    ``False`` leaves out whether the cards add up to the game's 74 (a file reader that could
    not read some cards knows they would not)."""
    found = _block(state, move)
    if found:
        return found
    if not isinstance(move, PositionRound):
        found += _faces(state, move.cards if not isinstance(move, PositionDeck) else ())
    if isinstance(move, PositionPlayer):
        after = _set(state, move)
        if not state.solo:
            player = after.players[after.seats.index(move.player)]
            for cat in ("fleet", "army"):
                if player.symbols(cat) > player.limit():
                    found.append(IllegalMove(
                        "pax.cat.limit",
                        f"{move.player} has {player.symbols(cat)} {cat.title()} symbols, over the limit of {player.limit()}"
                        f" (the larger of {player.symbols('estate')} Estate and {player.symbols('conspiracy')}"
                        " Conspiracy symbols)",
                        hint="check the Fleet, Army, Estate and Conspiracy cards of that display",
                    ))
        found += _copies(after, move.cards)
    elif isinstance(move, PositionRome):
        found += _copies(_set(state, move), move.cards)
    elif isinstance(move, PositionLegion):
        try:
            legion_index(state, move.legion)
        except IllegalMove as exc:
            return found + [exc]
        found += _copies(_set(state, move), move.cards)
    elif isinstance(move, PositionDeck):
        most = deck_size() - state.removed - state.rome_hidden
        if move.size > most:
            found.append(IllegalMove(
                RULE,
                f"the deck cannot hold {move.size} cards: {deck_size()} cards less {state.removed} removed at setup"
                f" and Rome's {state.rome_hidden} hidden ones leave at most {most}",
                hint="count the deck again",
            ))
    else:
        found += _closing(state, move, totals)
    return found


def _closing(state: PaxState, move: PositionRound, totals: bool) -> list[IllegalMove]:
    """The round entry: every player given, the cards adding up to the game's 74, the deck as
    counted, a round from 1, Primus Conspiratus with the most Conspiracy."""
    found: list[IllegalMove] = []
    missing = [s for s in state.seats if f"player:{s}" not in state.picking]
    if missing:
        found.append(IllegalMove(
            RULE,
            "the position of " + " and ".join(missing) + " is missing (Aurei, cards in hand, display)",
            hint=f"position {missing[0]} aurei N hand N cards …, before the round entry",
        ))
    if move.round < 1:
        found.append(IllegalMove("pax.round", "the rounds are counted from 1", hint="position round 1 …"))
    elif move.round == 1 and state.rome and not move.refill:
        found.append(IllegalMove(
            "pax.roundend.rome",
            f"Rome shows {len(state.rome)} face-up card{'s' if len(state.rome) != 1 else ''} in round 1, but it takes"
            " a group only at the end of a round",
            hint="check the round, or Rome's cards",
        ))
    outside = others_count(state)
    left = deck_size() - outside
    if totals and left < 0:
        found.append(IllegalMove(
            RULE,
            f"the position holds {outside} cards besides the deck ({state.removed} removed at setup, Rome's"
            f" {state.rome_hidden} hidden and {len(state.rome)} face-up cards, the Legions, hands and displays),"
            f" but PAX has {deck_size()}",
            hint="count the hands, displays and groups again",
        ))
    elif totals and "deck" in state.picking and state.deck_size != left:
        found.append(IllegalMove(
            RULE,
            f"the deck holds {state.deck_size} cards as entered, but the rest of the position leaves {left} of the"
            f" {deck_size()} cards for it",
            hint="count the deck, the hands, the displays and the groups again",
        ))
    if move.refill:
        empty = state.empty_legions()
        if not empty:
            found.append(IllegalMove(
                "pax.roundend.refill",
                "at a refill a Legion is empty: Rome has just taken its group, or every Legion was empty",
                hint="leave out the group Rome took (position legion …), or give whose turn begins instead of refill",
            ))
        elif totals and 0 <= left < len(empty):
            found.append(IllegalMove(
                "pax.end.trigger",
                f"the deck ({left} card{'s' if left != 1 else ''}) cannot refill the {len(empty)} empty"
                f" Legion{'s' if len(empty) != 1 else ''}, so the game is over, not at a refill",
                hint="reveal Rome's hidden cards and score the final table instead",
            ))
    holder = state.seats.index(move.primus) if move.primus else None
    found += _primus(state, holder)
    return found


def check_position(state: PaxState, move: PositionEntry) -> None:
    """Judge a position entry: raises the first of its :func:`problems`."""
    found = problems(state, move)
    if found:
        raise found[0]


def _set(state: PaxState, move: PositionEntry) -> PaxState:
    """``state`` with what the entry gives, and nothing derived yet."""
    if isinstance(move, PositionPlayer):
        index = state.seats.index(move.player)
        player = PlayerState(move.player, move.aureus or 0, (), move.cards, move.hand, aurei_unknown=move.aureus is None)
        return replace(state, players=state.with_player(index, player))
    if isinstance(move, PositionRome):
        return replace(state, rome=move.cards)
    if isinstance(move, PositionLegion):
        i = ROMAN.index(move.legion)
        if i >= len(state.legions):
            return state
        return replace(state, legions=tuple(move.cards if j == i else g for j, g in enumerate(state.legions)))
    if isinstance(move, PositionDeck):
        parts = tuple(DeckPart(unknown=p) if isinstance(p, int) else DeckPart(unknown=1, owner=p) for p in move.parts)
        return replace(state, deck=parts)
    return state


def _derived(state: PaxState) -> PaxState:
    """What follows from the block so far: the faces seen (those lying face up), the deck (as
    entered, or what the other cards leave), every card in hand an unseen card of one reading."""
    counts = public_faces(state)
    deck = state.deck
    if "deck" not in state.picking:
        left = max(0, deck_size() - others_count(state))
        deck = (DeckPart(unknown=left),) if left else ()
    return replace(
        state,
        seen=tuple(counts[cat] for cat in CATEGORIES),
        deck=deck,
        window=None,
        others=(),
        held=(),
        fresh=tuple(p.unknown for p in state.players),
    )


def apply_position(state: PaxState, move: PositionEntry) -> PaxState:
    """The state with the entry's part of the position; the round entry closes the block and
    the turn it names begins (``pax.round``)."""
    if not state.picking:
        state = replace(state, phase="position", kept=len(state.seats))
    name = topic(move)
    state = _derived(replace(_set(state, move), picking=state.picking + (name,)))
    if not isinstance(move, PositionRound):
        return replace(state, events=())
    n = len(state.seats)
    start = state.seats.index(move.start)
    pc = state.seats.index(move.primus) if move.primus else None
    # round 1's start player is known only when the game is picked up during round 1 (at its
    # end, before the refill, Primus may already have passed to the PC holder)
    state = replace(state, first_start=start if move.round == 1 and not move.refill else None)
    if move.refill:
        # the round is over: the cards for the empty Legions come off the deck (pax.roundend.refill)
        empty = state.empty_legions()
        worlds = each(state.worlds, lambda w: off_top(w, len(empty)))
        labels = ", ".join(ROMAN[i] for i in empty)
        return settle(
            state, worlds, phase="refill", round=move.round, start=start, order_pos=0, pc=pc, turn=None,
            events=(f"the game is picked up at the end of round {move.round}: refill Legion{'s' if len(empty) != 1 else ''}"
                    f" {labels} from the deck",),
        )
    turn = state.seats.index(move.turn)
    state = replace(state, phase="turn", round=move.round, start=start, order_pos=(turn - start) % n, pc=pc)
    return replace(
        state,
        turn=new_turn(state, turn),
        events=(f"the game is picked up in round {move.round}: {move.turn}'s turn begins",),
    )
