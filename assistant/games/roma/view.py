"""What the Roma table sees: the prompt (whose entry, which verbs, what the last entry did by
itself), the state as JSON-able data (hands only with ``reveal``), the board at a glance in 80
columns (:func:`board_text`), the legal choices grouped in a few lines (:func:`legal_summary`),
the events of an entry and the words worth completing."""

from __future__ import annotations

from typing import Any

from assistant.core.protocol import Prompt
from assistant.games.roma import board, legal
from assistant.games.roma.components import CARDS, ORDER
from assistant.games.roma.moves import Activate, Roll, TakeCards
from assistant.games.roma.rules.pickup import block_hint, may_pick_up
from assistant.games.roma.scoring import outcome
from assistant.games.roma.state import RomaState


def expecting(state: RomaState) -> Prompt:
    """The prompt, led by what the last entry did by itself (Phase 1, a battle, an effect)."""
    prompt = _expecting(state)
    if state.last:
        text = f"{state.last} — {prompt.message}" if prompt.message else state.last
        prompt = Prompt(prompt.players, prompt.phase, prompt.kinds, text, prompt.words, event=state.last if prompt.message else "")
    return prompt


def _expecting(state: RomaState) -> Prompt:
    if state.over:
        return Prompt((), f"over: {state.ended}")
    if state.picking:
        return Prompt(state.seats, "set-up, position", ("position",), "position block: " + block_hint(state), words=card_words(state))
    if state.in_setup:
        hint = board.setup_hint(state)
        kinds = []
        if state.starter is None:
            kinds.append("start")
        if not (state.dealt[0] and state.dealt[1]):
            kinds.append("hand")
        elif not state.swapped:
            kinds.append("give")
        elif state.starter is not None:
            kinds.append("place")
        if "place" in kinds:
            who: tuple[str, ...] = (board.placing_player(state),)
        else:
            who = state.seats
        return Prompt(who, "set-up", tuple(kinds), hint, words=card_words(state))
    name = state.player
    phase = f"turn {state.turn}, {name}"
    if state.battle is not None:
        b = state.battle
        target = board.defence_text(state, state.opponent, b.target)
        message = f"{name}'s {b.attacker} attacks {state.seats[state.opponent]}'s {target}: enter the battle die"
        if b.boost and state.dice:
            message += f" (the Centurio may add an unused die, {board.die_text(state.dice)}: 'battle N add D')"
        return Prompt((name,), phase + ", battle", ("battle",), message)
    if state.dice is None:
        return Prompt((name,), phase + ", phase 2", ("roll",), f"{name}: roll the three action dice")
    money = board.sestertii(state.money[state.active])
    if not state.dice:
        # no die left: a card may still be laid, else the turn ends (the one thing to say)
        if not state.money[state.active] and not state.hands[state.active]:  # nothing to lay (D23): only 'end'
            return Prompt((name,), phase + ", phase 3", ("end",), f"{name}: no dice left and nothing to lay: 'end'")
        return Prompt((name,), phase + ", phase 3", ("lay", "end"), f"{name}: no dice left; {money}; lay a card or 'end'", words=card_words(state))
    kinds = ["lay", "money", "cards", "activate", "end"]
    triple = ""
    if board.may_reroll(state):
        kinds.insert(0, "reroll")
        triple = " (a triple: 'reroll A B C' allowed before any action)"
    return Prompt(
        (name,),
        phase + ", phase 3",
        tuple(kinds),
        f"{name}: dice left {board.die_text(state.dice)}{triple}; {money}"
        + (f"; activate: {', '.join(usable)}" if (usable := legal.activatable(state)) else ""),
        words=card_words(state),
    )


def card_words(state: RomaState) -> tuple[str, ...]:
    """Card names to complete: every card, not only those in play (completing from the hands
    would show the hidden cards)."""
    return ORDER


def describe(state: RomaState, reveal: bool = False) -> dict[str, Any]:
    """The state as JSON-able data: each player's VP, money, board and hand size (the hand
    itself only with ``reveal``, as typed: ``?`` for a card entered as unknown; during the
    set-up also the dealt and given cards as typed), the piles, whose turn and the dice left
    (at the end too: the dice the last turn left unused)."""
    players = []
    for i, name in enumerate(state.seats):
        cards = {str(d): c for d, c in enumerate(state.boards[i], 1) if c}
        entry: dict[str, Any] = {
            "name": name,
            "vp": state.vp[i],
            "money": state.money[i],
            "board": cards,
            "hand_size": len(state.hands[i]),
        }
        if reveal:
            entry["hand"] = list(state.hands[i])  # as typed: '?' for a card entered as unknown
            if state.in_setup and state.deals[i]:
                entry["dealt"] = list(state.deals[i])
            if state.in_setup and state.gifts[i]:
                entry["gave"] = list(state.gifts[i])
        if state.blocked[i]:
            entry["blocked_discs"] = sorted(state.blocked[i])
        changed = {
            str(d): board.defence(state, i, d)
            for d, c in enumerate(state.boards[i], 1)
            if c and not state.in_setup and board.defence(state, i, d) != CARDS[c].defence
        }
        if changed:
            entry["defence"] = changed  # only where Turris or Essedum change the printed value
        players.append(entry)
    data: dict[str, Any] = {
        "phase": expecting(state).phase,
        "players": players,
        "stockpile": state.stockpile,
        "draw_pile": state.draw,
        "discard_pile": list(state.discard_pile()),  # bottom to top, in the order of discarding (D29)
    }
    if state.credited:
        data["credited"] = state.credited
    if state.last:
        data["last"] = state.last
    if state.starter is not None:
        data["start_player"] = state.seats[state.starter]
    if not state.in_setup and not state.over:
        data["active"] = state.player
        data["dice_left"] = list(state.dice) if state.dice is not None else None
    elif state.over and state.dice is not None:
        data["dice_left"] = list(state.dice)  # the dice the last turn left unused
        if state.essedum:
            data["essedum"] = f"-{2 * state.essedum} defence to {state.seats[state.opponent]}'s cards this turn"
        if state.battle is not None:
            target = board.defence_text(state, state.opponent, state.battle.target)
            data["battle"] = f"{state.battle.attacker} attacks {target}"
    if state.over:
        data["result"] = outcome(state).to_json()  # type: ignore[union-attr]
    return data


def events(before: RomaState, after: RomaState) -> list[str]:
    """None as separate events: what an entry sets off by itself (Phase 1, a battle, a card's
    effect) is told at the head of the next prompt (``after.last``) and in ``describe``."""
    return []


def completions(state: RomaState) -> list[str]:
    """The words worth completing now: the verbs accepted, the players awaited, card names,
    ``holds`` once the set-up is over and a hand holds a card (rule roma.hidden.named: a card
    typed as unknown may be named; offered whether or not the faces were typed, since that is
    not something the table sees, rule roma.hidden), and ``correct`` while the game runs
    (rule roma.correct)."""
    prompt = expecting(state)
    named = ("holds",) if not state.in_setup and any(state.hands) else ()
    fix = ("correct",) if not state.over and not state.picking else ()
    pick = ("position", "discard", "turn") if may_pick_up(state) else ()
    return sorted({*prompt.kinds, *prompt.players, *prompt.words, *named, *fix, *pick})


# -- the board at a glance ---------------------------------------------------------------------
WIDTH = 80
_CARD = max(len(name) for name in ORDER)  # 15: 'Tribunus Plebis', so no card name is cut


def board_text(state: RomaState, *, reveal: bool = False, wide: bool = False) -> str:
    """The board as the table sees it across the dice discs: one line per disc, the first
    player's card on the left facing the second player's on the right, each with its defence
    now (``6=5+1``: printed 5, +1 for another own Turris; ``-2`` per Essedum activation of the
    attacker this turn, a ``def:`` line says so when it happens). Laid out down the screen,
    the rows leave room for every card name whole (no abbreviations). Above: whose turn, the
    phase and the dice left, then each player's VP, sestertii and hand size (the cards only
    with ``reveal``, on a line of their own), the stockpile and the piles; below: a pending
    battle, the result at the end. The discard pile's cards (public, face up: the Aesculapinum
    takes from them) follow the piles, bottom to top as discarded; ``wide`` lists them all on
    one line, else the oldest are left out when they do not fit (:func:`_piles`). Plain text;
    at most 80 columns unless ``wide`` (a long list wraps onto more lines, never cut)."""
    width = 10**6 if wide else WIDTH
    lines = [*_wrap(_status(state), width)]
    names = max(len(name) for name in state.seats)
    for i, name in enumerate(state.seats):
        lines += _wrap(f"{name:<{names}}  " + " · ".join(_figures(state, i)), width, indent=names + 2, sep=" · ")
        if reveal:
            lines += _hidden(state, i, names + 2, width)
    lines += _piles(state, wide)
    lines.append("")
    lines += _discs(state)
    lines += _wrap(_legend(state), width, indent=5, sep=", ") if _legend(state) else []
    if state.battle is not None:
        b = state.battle
        target = f"{b.target} {state.card_at(state.opponent, b.target)}, def {board.defence(state, state.opponent, b.target)}"
        lines += _wrap(f"battle: {state.player}'s {b.attacker} (disc {b.disc}) attacks {state.seats[state.opponent]}'s disc {target}", width)
    if state.over:
        result = outcome(state)
        assert result is not None
        lines += _wrap(f"over: {result.reason}", width, indent=2)
    return "\n".join(lines)


def _piles(state: RomaState, wide: bool) -> list[str]:
    """The stockpile, the draw pile and the face-up discard pile with its cards, bottom to top
    in the order they were discarded (``?``: a card nobody named, where it was discarded,
    issue 23 D29). On one line when it fits (always with ``wide``); else the cards go on a
    line of their own under it, and when even that is too short for them the oldest are
    counted instead of named (``… 9 older, Legat, ?, Nero``): the board gains one line at
    most, so that it still fits a 24-line terminal (issue 23: the discard pile on the board)."""
    pile = state.discard_pile()
    head = f"stockpile {state.stockpile} VP · draw pile {state.draw} · discard pile {len(pile)}"
    if not pile:
        return [head]
    whole = f"{head}: {', '.join(pile)}"
    if wide or len(whole) <= WIDTH:
        return [whole]
    shown = list(pile)
    older = 0
    while len("  " + ", ".join(([f"… {older} older"] if older else []) + shown)) > WIDTH:
        shown.pop(0)
        older += 1
    return [f"{head}:", "  " + ", ".join(([f"… {older} older"] if older else []) + shown)]


def _status(state: RomaState) -> str:
    """The first line: whose turn, which phase, the dice left."""
    if state.over:
        return f"Roma · game over after turn {state.turn}"
    if state.in_setup:
        prompt = _expecting(state)
        return f"Roma · set-up · next: {' or '.join(prompt.kinds)}" + (f" ({', '.join(prompt.players)})" if len(prompt.players) == 1 else "")
    if state.battle is not None:
        step = "battle die"
    elif state.dice is None:
        step = "phase 2: roll"
    else:
        step = "phase 3"
    dice = "" if state.dice is None else f" · dice left {' '.join(map(str, state.dice))}" if state.dice else " · no dice left"
    return f"Roma · turn {state.turn} · {state.player} to play · {step}{dice}"


def _figures(state: RomaState, i: int) -> list[str]:
    """One player's public figures: VP, sestertii, hand size, blocked discs, the turn."""
    figures = [f"{state.vp[i]} VP", board.sestertii(state.money[i]), f"hand {len(state.hands[i])}"]
    if state.blocked[i]:
        figures.append("blocked: disc " + ", ".join(map(str, sorted(state.blocked[i]))))
    if not state.in_setup and not state.over and i == state.active:
        figures.append("to play")
    return figures


def _hidden(state: RomaState, i: int, indent: int, width: int) -> list[str]:
    """What only ``reveal`` shows of a player, under the player's line: the hand as typed
    (``?`` for a card entered as unknown), during the set-up the dealt and given cards."""
    shown = [("hand", state.hands[i])]
    if state.in_setup:
        shown += [("dealt", state.deals[i]), ("gave", state.gifts[i])]
    lines = []
    for label, cards in shown:
        if cards:
            lines += _wrap(" " * indent + f"{label}: " + ", ".join(cards), width, indent=indent + len(label) + 2, sep=", ")
    return lines


def _turris(state: RomaState, owner: int, disc: int) -> int:
    """The defence a card on ``disc`` gains from its owner's other Turris cards (A7)."""
    return sum(1 for d, c in enumerate(state.boards[owner], 1) if c == "Turris" and d != disc)


def _defence(state: RomaState, owner: int, disc: int) -> str:
    """A card's defence for the board: ``5``, or with its working ``6=5+1`` (Turris) and
    ``4=5+1-2`` (Essedum); printed only during the set-up (no modifier applies yet)."""
    card = state.card_at(owner, disc)
    assert card is not None
    printed = CARDS[card].defence
    if state.in_setup:
        return str(printed)
    turris = _turris(state, owner, disc)
    essedum = 2 * state.essedum if owner != state.active and not state.over else 0
    if not turris and not essedum:
        return str(printed)
    working = f"{printed}" + (f"+{turris}" if turris else "") + (f"-{essedum}" if essedum else "")
    return f"{printed + turris - essedum}={working}"


def _legend(state: RomaState) -> str:
    """What the worked defences mean, when one is shown: ``def: +1 per other own Turris,
    -2 on Ben's cards per Essedum activated this turn``."""
    if state.in_setup:
        return ""
    parts = []
    if any(_turris(state, o, d) for o in (0, 1) for d, c in enumerate(state.boards[o], 1) if c):
        parts.append("+1 per other own Turris")
    if state.essedum and not state.over:
        parts.append(f"-2 on {state.seats[state.opponent]}'s cards per Essedum this turn")
    return "def: " + ", ".join(parts) if parts else ""


def _discs(state: RomaState) -> list[str]:
    """The two rows of cards facing each other across the discs, one line per disc."""
    left, right = state.seats
    side = _CARD + 1 + 9  # card name and defence
    head = f"{left:>{_CARD}} {'def':>9}{'disc':^13}{'def':<9} {right}"
    if len(head) > WIDTH:  # very long names: each on its own line, whole
        head = f"left: {left}\nright: {right}\n{'def':>{side}}{'disc':^13}def"
    lines = head.split("\n")
    for disc in range(1, state.discs + 1):
        cells = []
        for owner in (0, 1):
            card = state.card_at(owner, disc)
            cells.append(("·", "") if card is None else (card, _defence(state, owner, disc)))
        label = f"{disc} bribe" if disc == board.BRIBE_DISC else str(disc)
        (lc, ld), (rc, rd) = cells
        lines.append(f"{lc:>{_CARD}} {ld:>9} │ {label:^7} │ {rd:<9} {rc}".rstrip())
    return lines


def _wrap(text: str, width: int, indent: int = 2, sep: str = " ") -> list[str]:
    """``text`` cut into lines of at most ``width`` columns between the items ``sep`` joins
    (a name or figure is never cut: an item longer than the line stays whole on its own
    line); the first line keeps its leading spaces, the lines after it are indented by
    ``indent`` and a cut line keeps the separator's mark (``,``, ``·``) at its end."""
    if len(text) <= width:
        return [text]
    body = text.lstrip(" ")
    mark = sep.rstrip()
    lines: list[str] = []
    line = text[: len(text) - len(body)]
    start = len(line)
    for item in body.split(sep):
        if len(line) > start and len(line) + len(sep) + len(item) + len(mark) > width:
            lines.append(line + mark)
            line, start = " " * indent, indent
        line += (sep if len(line) > start else "") + item
    lines.append(line)
    return lines


# -- the legal choices, grouped ----------------------------------------------------------------
def legal_summary(state: RomaState) -> list[str]:
    """The legal entries grouped for a person, packed into at most about 10 lines of at most
    80 columns, in the order a turn is usually played: ``money 2|5 · cards 2|5 keep <card> ·
    activate 2 Forum vp 5 (5 VP) · lay <card> 1-6 · end``. Each ``activate`` group can be typed as
    shown with one of its choices. A hand's faces are never named (the screen is shared):
    a card to lay or keep is ``<card>``."""
    if state.over:
        return []
    return _pack(_setup_parts(state) if state.in_setup else _turn_parts(state))


def _setup_parts(state: RomaState) -> list[str]:
    """The set-up entries awaited, as patterns."""
    prompt = _expecting(state)
    parts = []
    for kind in prompt.kinds:
        if kind == "start":
            parts.append("start " + "|".join(state.seats) + " (the younger player)")
        elif kind == "hand":
            who = next(s for i, s in enumerate(state.seats) if not state.dealt[i])
            parts.append(f"hand {who} <4 cards> (or hand {who} ? ? ? ?)")
        elif kind == "give":
            who = next(s for i, s in enumerate(state.seats) if state.given[i] is None)
            parts.append(f"give {who} <2 cards> (or give {who} ? ?)")
        elif kind == "place":
            parts.append(f"place {prompt.players[0]} <card> <disc> ×4 (discs 1-{state.discs})")
        elif kind == "position":
            parts.append(block_hint(state))
    return parts


def _turn_parts(state: RomaState) -> list[str]:
    """A turn's choices, each part one kind of entry."""
    name = state.player
    if state.battle is not None:
        parts: list[str] = ["battle 1-6"]
        if state.battle.boost and state.dice:
            parts.append("battle 1-6 add " + "|".join(map(str, sorted(set(state.dice)))) + " (Centurio)")
        return parts
    if state.dice is None:
        return [f"roll A B C ({name}'s three action dice, e.g. roll 3 4 6)"]
    moves = legal.legal_moves(state)
    parts = []
    dice = "|".join(map(str, sorted(set(state.dice))))
    if any(isinstance(m, Roll) for m in moves):
        parts.append("reroll A B C (the triple rolled again)")
    if state.dice:
        parts.append(f"money {dice}")
    if any(isinstance(m, TakeCards) for m in moves):
        parts.append(f"cards {dice} keep <card>")
    parts += _activation_parts(state, [m for m in moves if isinstance(m, Activate)])
    cheapest = min(card.cost for card in CARDS.values())
    money = state.money[state.active]
    if state.hands[state.active] and money >= cheapest:
        # the hand is not named (the screen is shared): the cost bound is public
        parts.append(f"lay <card> 1-{state.discs} (cost ≤ {money})")
    parts.append("end")
    return parts


def _activation_parts(state: RomaState, moves: list[Activate]) -> list[str]:
    """One part per activation (disc, bribe die, copied card) with its choices merged:
    ``activate 4 Nero target 2|5``, ``activate 2 Forum vp 3|5 (3 or 5 VP), vp 3 5 (8 VP with the
    Templum)``."""
    groups: dict[tuple[int, int | None, str | None, str | None], list[Activate]] = {}
    for move in moves:
        groups.setdefault((move.disc, move.die, move.copy, move.via), []).append(move)
    me = state.active
    parts = []
    for (disc, die, copy, via), variants in groups.items():
        card = state.card_at(me, disc)
        text = f"activate {disc} {card}"
        if die is not None:
            text += f" die {die}"
        if copy is not None:
            text += f" copy {via} {copy}" if via else f" copy {copy}"
        effect = CARDS[copy or card or ""].effect if (copy or card) in CARDS else ""
        text += _choices(state, variants, effect)
        parts.append(text)
    return parts


def _choices(state: RomaState, variants: list[Activate], effect: str) -> str:
    """The choices of one activation, merged (``target 2|5``); a hand's cards as ``<card>``."""
    first = variants[0]
    if first.target is not None:
        return " target " + "|".join(str(m.target) for m in variants)
    if first.vp:
        return _forum_choices(state, first.disc, variants)
    if first.change is not None:
        by_die: dict[int, list[str]] = {}
        for m in variants:
            assert m.change is not None
            by_die.setdefault(m.change[0], []).append(str(m.change[1]))
        return " change " + ", ".join(f"{a} to {'|'.join(bs)}" for a, bs in by_die.items())
    if first.buy is not None:
        most = max(m.buy or 0 for m in variants)
        return f" buy 0-{most}" if most else " buy 0"
    if first.take is not None:
        # the choices are public only while no discard is unnamed: else which characters
        # may lie there depends on the hands, which the screen does not show
        takes = [m.take for m in variants if m.take is not None]
        if effect == "search_draw_pile":
            return " take <card>"
        if state.unknown_discards or len(takes) > 4:
            return " take <character>"
        return " take " + "|".join(takes)
    if effect in ("lay_free_buildings", "lay_free_characters"):
        kind = "building" if effect == "lay_free_buildings" else "character"
        return f" [lay <{kind}> <disc> …]"
    if effect in ("rearrange_characters", "rearrange_buildings"):
        kind = "character" if effect == "rearrange_characters" else "building"
        return f" move <{kind}> <disc> …"
    return ""


def _forum_choices(state: RomaState, disc: int, variants: list[Activate]) -> str:
    """A Forum's choices in words a player reads at once (issue 23, D26: ``vp 1|4|1 4`` was
    hard to read): the dice it may keep as VP with what each one gains, then the pair a
    Templum beside it adds, ``vp 1|4 (1 or 4 VP), vp 1 4 (5 VP with the Templum)``; with a
    Basilica beside it the gains count its 2 VP. Each choice is typed as shown (``vp 4``,
    ``vp 1 4``)."""
    bonus = 2 * sum(1 for d in board.neighbours(state, disc) if state.card_at(state.active, d) == "Basilica")
    singles = [m.vp[0] for m in variants if len(m.vp) == 1]
    pairs = [m.vp for m in variants if len(m.vp) > 1]
    parts = []
    if singles:
        gains = " or ".join(str(v + bonus) for v in singles)
        parts.append("vp " + "|".join(map(str, singles)) + f" ({gains} VP)")
    for pair in pairs:
        parts.append("vp " + " ".join(map(str, pair)) + f" ({sum(pair) + bonus} VP with the Templum)")
    return " " + ", ".join(parts)


def _pack(parts: list[str], width: int = WIDTH, most: int = 10) -> list[str]:
    """Parts joined by `` · `` into lines of at most ``width`` columns (a part is never cut;
    one longer than a line stands alone), at most ``most`` lines."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    if len(lines) > most:
        lines = lines[: most - 1] + [f"… and {len(lines) - most + 1} more lines of choices ('legal' lists every entry)"]
    return lines


def start_player(state: RomaState) -> str | None:
    """The start player named by the ``start`` entry (``roma.setup.start``: the younger
    player, who lays out first and plays the first turn); ``None`` before it, and for a game
    picked up in progress (its position block does not say who started)."""
    return state.seats[state.starter] if state.starter is not None else None
