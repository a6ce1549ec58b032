"""What the PAX table sees: the prompt (whose entry, which kinds), the state as JSON-able data
(hands and Aurei only when revealed), the board at a glance in 80 columns, the legal entries
grouped in a few lines, the events an entry set off, and the words worth completing at the
prompt.
"""

from __future__ import annotations

from typing import Any

from assistant.core.wording import counted
from assistant.core.layout import wrap_items
from assistant.core.protocol import Prompt
from assistant.games.pax.components import CATEGORIES, Card, symbol_counts
from assistant.games.pax.legal import next_cards
from assistant.games.pax.moves import Draw, Placement
from assistant.games.pax.rules import is_legal, start_draw
from assistant.games.pax.rules.hints import aurei, free_destinations
from assistant.games.pax.rules.turn import play_cost, price, religion_level
from assistant.games.pax.scoring import ROME_CATEGORIES_NEEDED, FinalPlayer, rome_categories, score, solo_target, strengths
from assistant.games.pax.state import DECK, HAND, ROMAN, PaxState, TurnState


def _n(count: int, word: str, plural: str | None = None) -> str:
    """``1 card``, ``3 cards``: a count with its word in the right number.

    >>> _n(1, "card"), _n(3, "card"), _n(2, "Legion")
    ('1 card', '3 cards', '2 Legions')
    """
    return f"{count} {word}" if count == 1 else f"{count} {plural or word + 's'}"


def _listed(items: list[str], last: str) -> str:
    """``a, b or c`` (``last``: "or" or "and").

    >>> _listed(["hand", "deck", "a Legion"], "or"), _listed(["deck"], "and")
    ('hand, deck or a Legion', 'deck')
    """
    return ", ".join(items[:-1]) + f" {last} " + items[-1] if len(items) > 1 else "".join(items)


def expecting(state: PaxState) -> Prompt:
    """What the game waits for now: whose entry, the phase, the kinds of entry and the words
    (card categories, hand cards, Legions) worth completing."""
    who = state.seats[state.current]
    if state.phase == "start":
        drawn, plays = start_draw(state, state.kept)
        extra = f", plays {plays}" if plays else ""
        msg = f"{who} draws {drawn} starting cards, keeps 1{extra} and slides the rest under the deck"
        kinds: tuple[str, ...] = ("keep", "start") if state.kept == 0 and not state.solo else ("keep",)
        if state.ply == 0:
            kinds = (*kinds, "position")  # a game picked up in progress (pax.position)
        return Prompt((who,), "setup: starting cards", kinds, msg, CATEGORIES)
    if state.phase == "position":
        missing = [s for s in state.seats if f"player:{s}" not in state.picking]
        if missing:
            msg = f"the position of {_listed(missing, 'and')}, then Rome, the Legions, the deck and the round"
        else:
            msg = "Rome, the Legions and the deck, then the round: position round N start NAME turn NAME"
        words = ("rome", "legion", "deck", "round", "start", "turn", "primus", "aurei", "hand", "cards", *ROMAN[: len(state.legions)])
        return Prompt((), "picking up a game", ("position",), msg, words + CATEGORIES)
    if state.phase == "market":
        left = len(state.empty_legions())
        return Prompt((), "setup: market", ("market",), f"{_n(left, 'face-up card')} to lay under the Legions", CATEGORIES)
    if state.phase == "turn" and state.turn is not None:
        turn = state.turn
        phase = f"round {state.round}, {who}'s turn"
        if not turn.draw_done:
            kinds = ("draw", "peek") if not turn.placed else ("draw",)
            msg = _draw_message(state, who, turn)
        else:
            kinds = ("play", "end") if turn.bought or turn.played else ("buy", "play", "end")
            can = ["buy a group"] if "buy" in kinds and any(state.legions) else []
            can += ["play cards"] if state.players[turn.player].hand_size else []
            msg = f"{who} may " + _listed([*can, "end the turn"], "or")
            if turn.target == 0 and not turn.placed and not turn.empty_deck_paid:
                kinds = (*kinds, "peek")
                msg = (
                    f"the deck is empty: {who} takes 2 Aurei instead of drawing, then may buy, play, end"
                    " (or peek instead of the whole turn)"
                )
        # no card of the hand: completing it at the prompt would show the hand (pax.hidden)
        words = ROMAN[: len(state.legions)] + ("hand", "deck", "?")
        return Prompt((who,), phase, kinds, msg, words + CATEGORIES)
    if state.phase == "refill":
        empty = [ROMAN[i] for i in state.empty_legions()]
        where = f"Legion {empty[0]}" if len(empty) == 1 else "each of Legions " + ", ".join(empty)
        return Prompt((), f"end of round {state.round}", ("refill",), f"a face-up card under {where}", CATEGORIES)
    if state.phase == "reveal":
        return Prompt((), "game end", ("reveal",), f"turn up Rome's {_n(state.rome_hidden, 'hidden card')}", CATEGORIES)
    return Prompt((), "over")


def _draw_message(state: PaxState, who: str, turn: TurnState) -> str:
    """The prompt of the draw, saying only what is true now (issue 12): at the start of the
    turn ``Ann draws 3 cards: one each to hand, deck, a Legion (I, II, III)`` (fewer when the
    deck is short, ``pax.open.partial-draw``; or the alternative action); once some are
    entered, how many are left and where they may go."""
    free = free_destinations(state, turn)
    left = turn.target - len(turn.placed)
    if turn.placed:
        if left == 1:
            return f"{who} enters the last card of the draw: to {_listed(free, 'or')}"
        places = "one each to " + _listed(free, "and") if left == len(free) else "to " + _listed(free, "or")
        return f"{who} enters the {counted(left, 'card')} left of the draw: {places}"
    if turn.target >= 3:
        msg = f"{who} draws 3 cards: one each to " + _listed(free, "and")
    elif turn.target == 1:
        msg = f"{who} draws the last card of the deck: to " + _listed(free, "or")
    else:
        msg = f"{who} draws the last {counted(turn.target, 'card')} of the deck, each to a different place: " + ", ".join(free)
    return msg + _draw_note(turn.religion, turn.target) + "; or peek instead of the whole turn"


def _draw_note(religion: int, target: int) -> str:
    """How the draw goes with the player's Religion (``pax.cat.religion``), for as many cards
    as the deck gives (``pax.open.partial-draw``)."""
    level = religion_level(religion)
    if level == 6 and target > 1:
        return f"; with {religion} Religion symbols all {target} together, then place them"
    if level == 3 and target > 2:
        return (
            f"; with {religion} Religion symbols 2 together: first one of them under a Legion or the deck,"
            " then the third, then the hand"
        )
    if level == 3 and target == 2:
        return f"; with {religion} Religion symbols both together: first one of them under a Legion or the deck"
    return ""


def describe(state: PaxState, reveal: bool = False) -> dict[str, Any]:
    """The state as JSON-able data: the phase, the round, the deck, the Legions, Rome and the
    players' displays and hand sizes (``pax.hidden``). Each player's hand faces only with
    ``reveal`` (a card entered unknown shows as ``?``); the Aurei with ``reveal`` or once the
    game is over, when the rules reveal them (``pax.hidden.money``)."""
    prompt = expecting(state)
    players = []
    for i, p in enumerate(state.players):
        entry: dict[str, Any] = {
            "name": p.name,
            "display": {cat: {"cards": p.cards(cat), "symbols": p.symbols(cat)} for cat in CATEGORIES if p.cards(cat)},
            "limit": p.limit(),
            "primus_conspiratus": state.pc == i,
            "start_player": state.start == i,
            "hand_cards": p.hand_size,
        }
        if reveal or state.phase == "over":
            entry["aureus"] = "?" if p.aurei_unknown else p.aureus
        if reveal:
            entry["hand"] = [c.token() for c in p.hand] + ["?"] * p.unknown
        players.append(entry)
    data: dict[str, Any] = {
        "phase": prompt.phase,
        "waiting_for": prompt.message,
        "round": state.round,
        "deck": state.deck_left,
        "legions": {
            ROMAN[i]: {"cards": [c.token() for c in g], "value": state.legion_value(i)} for i, g in enumerate(state.legions)
        },
        "rome": {
            "face_up": [c.token() for c in state.all_rome()],
            "hidden": state.rome_hidden,
            "symbols": symbol_counts(state.all_rome()),
        },
        "players": players,
    }
    if state.solo:
        data["solo_level"] = state.level
        data["solo_goal"] = f"all 7 categories played and stronger than Rome in {solo_target(state.level)}"
    if state.events:
        data["last"] = list(state.events)
    return data


def events(before: PaxState, after: PaxState) -> list[str]:
    """What the entry did and set off (income, Rome's take at the end of a round, refills,
    the verdict), as the rules recorded it on the new state."""
    return list(after.events)


def completions(state: PaxState) -> list[str]:
    """Words worth completing at the prompt now: the entry kinds, the player, cards in hand,
    Legions, categories."""
    prompt = expecting(state)
    extra = ("correct", "because", "aurei", "card", "primus", *state.seats) if state.phase != "over" else ()
    return sorted({*prompt.kinds, *prompt.players, *prompt.words, *extra})


# -- the board at a glance --------------------------------------------------------------------
#: Columns of the default board; ``wide`` allows more.
WIDTH = 80
WIDE = 132
#: The one-letter form of each category in a short card token (``a3/2``, docs/notation/pax.md).
LETTER = {"wealth": "w", "fleet": "f", "army": "a", "religion": "r", "senator": "s", "estate": "e", "conspiracy": "c"}
#: The column heads of the strength grid.
HEAD = {"wealth": "Wea", "fleet": "Fle", "army": "Arm", "religion": "Rel", "senator": "Sen", "estate": "Est", "conspiracy": "Con"}
CELL = 5


def _token(card: Card, wide: bool) -> str:
    """A card as the board shows it: ``a3/2`` (value/symbols), ``army 3/2`` when ``wide``."""
    return card.token() if wide else f"{LETTER[card.category]}{card.value}/{card.symbols}"


def _by_category(cards: tuple[Card, ...], wide: bool) -> list[str]:
    """The cards grouped by category in category order, one item per category, each group
    in the order the cards came: ``w1/1 w2/2`` (the short tokens a player may type), or
    ``wealth 1/1 2/2`` when ``wide``."""
    items = []
    for cat in CATEGORIES:
        group = [c for c in cards if c.category == cat]
        if group and wide:
            items.append(cat + " " + " ".join(f"{c.value}/{c.symbols}" for c in group))
        elif group:
            items.append(" ".join(_token(c, wide) for c in group))
    return items


def _cell(symbols: int, strength: int) -> str:
    """One grid cell: the symbols, ``4+1`` with the Fleet/Army bonus, ``-`` for none."""
    if strength == symbols:
        return str(symbols) if symbols else "-"
    return f"{symbols}+{strength - symbols}"


def _grid(state: PaxState, reveal: bool, width: int) -> list[str]:
    """The strength grid: Rome and each player, one column per category (symbols, plus the
    Fleet/Army bonus of ``pax.cat.fleet``/``pax.cat.army``), the Fleet/Army limit, the hand
    size and, only once public or with ``reveal``, the Aurei (``pax.hidden.money``)."""
    money = reveal or state.phase == "over"
    tail_heads = ["limit", "hand"] + (["Aurei"] if money else [])
    tail_w = [7, 5, 6][: len(tail_heads)]
    figures_w = CELL * len(CATEGORIES) + sum(tail_w)
    # a name too long to stand beside its figures takes a line of its own (never cut)
    label_w = max([4] + [len(name) for name in state.seats if len(name) <= width - figures_w])

    def row(label: str, cells: list[str], tail: list[str]) -> list[str]:
        text = "".join(c.rjust(CELL) for c in cells) + "".join(t.rjust(w) for t, w in zip(tail, tail_w))
        if len(label) > label_w:
            return [label, (" " * label_w + text).rstrip()]
        return [(label.ljust(label_w) + text).rstrip()]

    rome_symbols = symbol_counts(state.all_rome())
    rome_strength = strengths(rome_symbols)
    lines = row("", [HEAD[c] for c in CATEGORIES], tail_heads)
    hidden = f"  + {_n(state.rome_hidden, 'hidden card')}" if state.rome_hidden else ""
    lines += [line + hidden for line in row("Rome", [_cell(rome_symbols[c], rome_strength[c]) for c in CATEGORIES], [])]
    for p in state.players:
        symbols = symbol_counts(p.display)
        strength = strengths(symbols)
        tail = [str(p.limit()), str(p.hand_size)] + ([p.aurei_text] if money else [])
        lines += row(p.name, [_cell(symbols[c], strength[c]) for c in CATEGORIES], tail)
    return lines


def _standing(state: PaxState) -> list[str]:
    """Where the verdict stands, saying only what is true now: at the end the verdict; while
    the game runs how Rome compares so far (its hidden cards not counted), never a winner."""
    if state.phase == "over":
        sheet = score(state)
        return [n for n in sheet.notes if "[pax.open.solo-points]" not in n]
    if state.phase not in ("turn", "refill", "reveal"):
        return []
    rome = symbol_counts(state.all_rome())
    if state.solo:
        p = state.players[0]
        s, r = strengths(symbol_counts(p.display)), strengths(rome)
        stronger = sum(1 for c in CATEGORIES if s[c] > r[c])
        played = sum(1 for c in CATEGORIES if p.symbols(c))
        return [
            f"so far {p.name} is stronger than Rome in {_n(stronger, 'category', 'categories')}"
            f" (needs {solo_target(state.level)}) and has played {played} of 7"
        ]
    players = [FinalPlayer(p.name, symbol_counts(p.display), 0, 0, False) for p in state.players]
    taken = len(rome_categories(rome, players))
    return [f"Rome leads {taken} of 7 categories so far (ties go to Rome); {ROME_CATEGORIES_NEEDED} at the end: Rome wins"]


def board(state: PaxState, *, reveal: bool = False, wide: bool = False) -> str:
    """The board at a glance, plain text in 80 columns (``wide``: 132, full card names): the
    round and whose turn, the deck; the start player and Primus Conspiratus; the strength grid
    of Rome and every player; each display's cards by category (value/symbols) and Rome's;
    the groups under the Legions with their printed value; how Rome stands so far. Hands and
    Aurei stay behind the screen (``pax.hidden``, ``pax.hidden.money``): the hand size only,
    the Aurei once the game is over, and with ``reveal`` both, a card entered unknown as ``?``.
    Names and figures are never cut: a long list wraps, a long name stands on its own line."""
    width = WIDE if wide else WIDTH
    prompt = expecting(state)
    phase = "game over" if state.phase == "over" else prompt.phase
    title = ["PAX", phase, f"deck {_n(state.deck_left, 'card')}"] + ([f"solitaire game {state.level}"] if state.solo else [])
    lines = wrap_items("", title, width, 0)
    if state.phase not in ("start",):
        holder = state.seats[state.pc] if state.pc is not None else "nobody yet"
        lines += wrap_items("", [f"start player {state.seats[state.start]}", f"Primus Conspiratus: {holder}"], width, 0)
    lines.append("")
    lines += _grid(state, reveal, width)
    lines.append("")
    indent = max([len("Legions")] + [len(name) for name in state.seats if len(name) <= 20]) + 2
    for p in state.players:
        lines += wrap_items(p.name, _by_category(p.display, wide) or ["no card played"], width, indent)
        if reveal and p.hand_size:
            hand = [_token(c, wide) for c in p.hand] + ["?"] * p.unknown
            lines += wrap_items(" " * indent + "hand", hand, width, indent + 5, sep=" ")
    rome = _by_category(state.all_rome(), wide) + ([f"{_n(state.rome_hidden, 'hidden card')}"] if state.rome_hidden else [])
    lines += wrap_items("Rome", rome or ["no card yet"], width, indent)
    if state.legions and state.phase != "start":
        groups = [
            f"{ROMAN[i]}: " + (" ".join(_token(c, wide) for c in g) + f" = {state.legion_value(i)}" if g else "empty")
            for i, g in enumerate(state.legions)
        ]
        lines += wrap_items("Legions", groups, width, indent)
    lines.append("")
    for text in _standing(state):
        lines += wrap_items("", text.split(" "), width, 0, sep=" ")
    lines.append("cards: value/symbols · grid: symbols (+1 Fleet per 3 Army, +1 Army per 3 Fleet)")
    return "\n".join(lines)


# -- the legal choices, grouped ----------------------------------------------------------------
def _legal_dests(state: PaxState, who: str, turn: TurnState) -> list[str]:
    """The places the next drawn card may go now (the Religion order of ``pax.cat.religion``
    included), found by asking the rules with ``?`` or a face the deck can still give (the
    faces themselves are not shown: a card slid under the deck is secret)."""
    free = [d for d in (HAND, DECK) if d not in turn.placed]
    if not any(p in ROMAN for p in turn.placed):
        free += list(ROMAN[: len(state.legions)])
    faces: list[Card] | None = None
    dests = []
    for dest in free:
        if dest in (HAND, DECK) and is_legal(state, Draw(who, (Placement(None, dest),))):
            dests.append(dest)
            continue
        if faces is None:
            faces = next_cards(state, turn.target)
        if any(is_legal(state, Draw(who, (Placement(card, dest),))) for card in faces):
            dests.append(dest)
    return dests


def legal_summary(state: PaxState) -> list[str]:
    """The legal entries grouped for a person (``legal``): a few lines of at most 80 columns,
    each an entry form with its choices (``draw ?|<card> hand|deck · draw <card> I|II|III``)
    and a short reason. Nothing secret: no face of a hand or of a card under the deck, and
    the prices of the groups rather than which ones the player's hidden Aurei can pay."""
    who = state.seats[state.current]
    lines: list[str] = []
    if state.phase == "over":
        return ["nothing more: the game is over (score shows the result)"]
    if state.phase == "position":
        return [
            "position NAME aurei N hand N cards <card>, …   (each player once)",
            "position rome <card>, … · position legion I|II|… <card>, … · position deck N",
            "position round N start NAME turn NAME primus NAME   (last: the turn begins)",
        ]
    if state.phase == "start":
        drawn, plays = start_draw(state, state.kept)
        if plays:
            lines.append(f"keep <card> play <card>, …   ({who} keeps 1 of {drawn} starting cards, plays {plays})")
        else:
            lines.append(f"keep ?|<card>   ({who} keeps 1 of {drawn} starting cards)")
        lines.append("  add 'return <card>, …' to name the cards slid under the deck (all of them)")
        if state.kept == 0 and not state.solo:
            lines += wrap_items("", ["start " + "|".join(state.seats), "(the first start player, before the first keep)"], WIDTH, 0, sep="   ")
    elif state.phase == "market":
        empty = ", ".join(ROMAN[i] for i in state.empty_legions())
        lines += _choice("market <card>, …", f"(a face-up card under each Legion, in order: {empty})")
    elif state.phase == "refill":
        emptied = [ROMAN[i] for i in state.empty_legions()]
        lines += _choice("refill " + ", ".join(f"{leg} <card>" for leg in emptied), "(a face-up card under each empty one)")
    elif state.phase == "reveal":
        lines.append(f"reveal <card>, …   (Rome's {_n(state.rome_hidden, 'hidden card')}, turned face up)")
    elif state.phase == "turn" and state.turn is not None:
        lines += _turn_summary(state, who, state.turn)
    return lines


def _choice(form: str, why: str) -> list[str]:
    """One entry form and, three spaces on, why or how (on the next line when the two do not
    fit 80 columns together)."""
    return wrap_items("", [form, why], WIDTH, 0, sep="   ")


def _turn_summary(state: PaxState, who: str, turn: TurnState) -> list[str]:
    """The legal entries of a turn, grouped: the draw with its places, or buy, play, end."""
    lines: list[str] = []
    if not turn.draw_done:
        dests = _legal_dests(state, who, turn)
        secret = [d for d in dests if d in (HAND, DECK)]
        legions = [d for d in dests if d in ROMAN]
        forms = ([f"draw ?|<card> {'|'.join(secret)}"] if secret else []) + ([f"draw <card> {'|'.join(legions)}"] if legions else [])
        left = turn.target - len(turn.placed)
        if left == 1:
            spread = "the last of the draw"
        else:
            spread = "one to each place" if left == len(free_destinations(state, turn)) else "each to a different place"
        lines += wrap_items("", [" · ".join(forms), f"({_n(left, 'card')}: {spread})"], WIDTH, 0, sep="   ")
        if not turn.placed:
            lines.append("peek   (instead of the whole turn: look at Rome's hidden cards, take 2 Aurei)")
        return lines
    player = state.players[turn.player]
    if turn.target == 0 and not (turn.bought or turn.played or turn.empty_deck_paid):
        lines.append(f"the deck is empty: {who} takes 2 Aurei instead of drawing, with the first entry")
    if not turn.bought and not turn.played:
        groups = [i for i, g in enumerate(state.legions) if g]
        if groups:
            buyable = "|".join(ROMAN[i] for i in groups)
            prices = "|".join(str(price(state, player, i)[2]) for i in groups)
            lines.append(f"buy {buyable}   (price {prices} Aurei, Wealth discount included)")
    if player.hand_size:
        cost = "is free" if not turn.played else f"costs {aurei(play_cost(len(turn.played), 1))}"
        lines.append(f"play <card>, …   ({who} holds {_n(player.hand_size, 'card')}; the next card played {cost})")
    lines.append("end   (the turn is over: income)")
    if turn.target == 0 and not (turn.bought or turn.played or turn.empty_deck_paid):
        lines.append("peek   (instead of the whole turn: look at Rome's hidden cards, take 2 Aurei)")
    return lines


# -- what statistics group a seat by ------------------------------------------------------------
def start_player(state: PaxState) -> str | None:
    """The start player of round 1 (``pax.setup.start-player``: the first seat listed unless
    the first entry is ``start NAME``), whoever holds Primus later; ``None`` for a game picked
    up after round 1."""
    return state.seats[state.first_start] if state.first_start is not None else None
