"""What the table sees: the prompt (whose entry the game waits for, and what kind), the state
description for ``state`` and ``--json``, the events an entry set off, and the words worth
completing. Secret faces (denarii, token colours, votes so far) appear only with ``reveal``;
how many tokens each player holds and who has voted are public."""

from __future__ import annotations

from typing import Any

from assistant.core.layout import wrap_items
from assistant.core.protocol import Prompt
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import ROMAN_OF, TOKENS, event_names, token_name, works_by_id
from assistant.games.sylla.legal import legal_moves
from assistant.games.sylla.rules import setup
from assistant.games.sylla.rules.auction import COLOUR, describe_offer, name_of
from assistant.games.sylla.rules.election import senators
from assistant.games.sylla.rules.income import usable_tiles
from assistant.games.sylla.state import AnyPlayer, Card, PHASE_NAMES, Player, State

STEP_TEXT = {
    "I.bid": ("bid, pass", "{actor} bids (total votes) or passes"),
    "I.token": ("takes", "the Consul {consul} takes a token and shows it"),
    "II.recruit": ("recruits", "{actor} recruits a character from the display"),
    "III.offer": ("offers", "{offerer} offers a tile (space 1-6)"),
    "III.bid": ("bids, passes", "{actor} bids cards or passes on {offer}"),
    "III.pay": ("pays", "{winner} taps {high} cards to pay for {offer}"),
    "III.insula": ("insula", "{winner} chooses the Insula's 2 tokens"),
    "III.crane": ("crane", "enter the colours of {winner}'s Crane card"),
    "IV.use": ("temple, tavern, done", "{actor} uses their Temple or Tavern, or says done"),
    "V.place": ("vestal, legionary", "{actor} places a cube"),
    "V.prevent": ("prevents", "the Consul {consul} chooses the tied event(s) to prevent"),
    "V.down": ("turns", "{pending} turn an item face down ({effect})"),
    "V.remove": ("removes", "the Consul {consul} chooses the prevented event that leaves"),
    "V.draw": ("event", "enter the event drawn into the empty slot"),
    "VI.work": ("work", "enter the Great Work now showing (next round's)"),
    "VI.vote": ("up, down, votes", "secret vote on {work}: {pending} (thumb and denarii in the fist, or votes ?)"),
    "VI.fists": ("fists", "the fists open: enter the votes entered as unknown (fists NAME up|down N, …; {unseen})"),
    "VII.crisis": ("tokens", "{crisis} crisis: {pending} show their {crisis} tokens"),
    "VII.tiles": ("tiles", "end of round: enter the 6 new building tiles, left to right"),
    "end.vote": ("up, down, votes", "Ecclesia: {pending} vote (thumb and denarii in the fist, or votes ?)"),
    "end.fists": ("fists", "Ecclesia: the fists open: enter the votes entered as unknown (fists NAME up|down N, …; {unseen})"),
    "end.free": ("frees", "{pending} free Slaves (2 denarii each)"),
    "end.tokens": ("tokens", "all reveal their tokens: {pending} show theirs (the final score waits for them)"),
}
"""Each step's entry verbs and the message the prompt shows."""


def expecting(state: State) -> Prompt:
    """Whose entry the game waits for, in which phase, and which verbs fit."""
    if state.phase == "over":
        return Prompt((), "game over", (), "the game is over")
    if state.phase == "setup" and state.picked:  # rule sylla.position: the block goes on
        return Prompt((), "setup", ("position",), "picking up the game: enter the rest of the position block, "
                      "with where the game stands (position round N, phase P, consul NAME, ...)", words(state))
    if state.phase == "setup":
        todo = setup.missing(state)
        return Prompt(awaited(state), "setup", tuple(todo), "setup: enter " + ", ".join(todo), words(state))
    verbs, text = STEP_TEXT[state.step]
    message = text.format(
        actor=state.actor, consul=state.consul, offerer=state.offerer, winner=state.high_bidder, high=state.high,
        offer=describe_offer(state) if state.phase == "III" else "",
        pending=", ".join(to_show(state) if state.step in ("VII.crisis", "end.tokens") else state.pending),
        effect=event_names().get(state.current_effect or "", ""),
        unseen=_fist_voters(state),
        crisis=token_name(state.crises[0]) if state.crises else "",
        work=works_by_id().get(state.work or "", {}).get("name", "Ecclesia"),
    )
    where = "end of the game" if state.phase == "end" else f"round {state.round}, phase {state.phase} ({PHASE_NAMES[state.phase]})"
    # the message names the phase too: `play` shows only the message at its prompt
    return Prompt(awaited(state), where, tuple(v.strip() for v in verbs.split(",")), f"{where}: {message}", words(state))


def awaited(state: State) -> tuple[str, ...]:
    """Whose entry the current step waits for (empty: the table's, or setup's shared entries)."""
    if state.phase == "over":
        return ()
    if state.phase == "setup":
        todo = setup.missing(state)
        return tuple(s for s in state.seats if not state.kept.get(s)) if todo == ["keeps"] and not state.picked else ()
    if state.step in ("I.token", "V.prevent", "V.remove"):
        return (state.consul or "",)
    if state.step == "III.offer":
        return (state.offerer or "",)
    if state.step in ("III.pay", "III.insula", "III.crane"):
        return (state.high_bidder or "",)
    if state.step in ("VII.crisis", "end.tokens"):
        return tuple(to_show(state))
    if state.step in ("V.down", "VI.vote", "end.vote", "end.free"):
        return tuple(state.pending)
    if state.step in ("V.draw", "VI.work", "VII.tiles", "VI.fists", "end.fists"):
        return ()
    return (state.actor or "",)


def words(state: State) -> tuple[str, ...]:
    """Names worth completing: players, events in the row, card and tile labels."""
    found = {*state.seats, *(event_names()[s.id] for s in state.events)}
    for p in state.players:
        found |= {c.label for c in p.cards} | {t.label for t in p.tiles}
    return tuple(sorted(found))


def completions(state: State) -> list[str]:
    """Words worth completing at the prompt now: verbs, players, names in play."""
    prompt = expecting(state)
    fix = {"correct"} if state.phase not in ("setup", "over") else set()  # rule sylla.correct
    if not state.moved:  # rule sylla.position: a position block may open a game
        fix.add("position")
    return sorted({*prompt.kinds, *prompt.players, *prompt.words, *fix})


def events(before: State, after: State) -> list[str]:
    """What the entry set off, as the public log recorded it (votes and screens stay hidden:
    the log never holds them)."""
    return list(after.log[len(before.log) :])


def tokens_text(p: AnyPlayer) -> dict[str, str | int]:
    """His tokens as entered: the count of each kind where it is known, else its possible
    counts, and how many were entered as unknown."""
    out: dict[str, str | int] = {}
    for k in TOKENS:
        seen = p.token_range(k)
        out[k] = seen[0] if len(seen) == 1 else f"{seen[0]}-{seen[-1]}"
    if p.unknown:
        out["entered as ?"] = p.unknown
    return out


def describe(state: State, *, reveal: bool = False) -> dict[str, Any]:
    """The state as plain JSON data: round, Consul, ladder, events, tiles, works, players, the
    recent log. Denarii, tokens and the votes so far only with ``reveal``."""
    prompt = expecting(state)
    data: dict[str, Any] = {
        "phase": prompt.phase,
        "waiting": prompt.message,
        "round": state.round,
        "consul": state.consul,
        "famine": state.famine,
    }
    if state.board:
        data["ladder"] = {
            token_name(k): f"space {state.markers[k] + 1} of {len(state.board.ladder)}, worth {state.value(k)}"
            + (" (crisis zone)" if state.in_crisis(k) else "")
            for k in TOKENS
        }
    data["events"] = [
        f"{event_names()[s.id]} ({s.spec.icons} famine, {s.spec.fighters}, {s.spec.token or 'prestige'})"
        + (" cubes: " + ", ".join(f"{n} {c}" for n, c in s.cubes.items()) if s.cubes else "")
        for s in state.events
    ]
    data["tiles"] = [
        f"{i + 1}: {name_of(t)} ({COLOUR[state.board.spaces[i]] if state.board else '?'})"
        for i, t in enumerate(state.spaces) if t
    ]
    data["great work"] = works_by_id()[state.work]["name"] if state.work else None
    data["removed work"] = works_by_id()[state.work_removed]["name"] if state.work_removed else None
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "prestige": p.prestige,
            "set": p.set,
            "cards": [c.describe() for c in p.cards],
            "tiles": [t.describe() for t in p.tiles],
        }
        entry["tokens held"] = sum(p.tokens.values()) + p.unknown  # how many is public; the kinds are not
        if reveal:
            entry["denarii"] = "?" if p.money_unknown else p.money
            entry["tokens"] = tokens_text(p)
        players.append(entry)
    data["players"] = players
    if state.votes and state.step in ("VI.vote", "VI.fists", "end.vote", "end.fists"):
        data["voted"] = [n for n in state.seats if n in state.votes]
        if reveal:
            data["votes so far"] = {n: f"{t} {d}" if t is not None else "?" for n, (t, d) in state.votes.items()}
    data["log"] = list(state.log[-12:])
    return data


def to_show(state: State) -> list[str]:
    """Who is asked to show tokens now (a crisis: its kind; the end: every kind), as the table
    sees it: each player whose count the whole table does not know (``Player.public``). The
    game itself waits only for counts it does not know, which depends on whether the tokens
    were typed or entered as unknown; what the screen asks for may not (sylla.components.hidden),
    and a count typed before may be shown again, the same."""
    if state.step == "VII.crisis" and state.crises:
        kind = state.crises[0]
        return [p.name for p in state.players if len(p.public().token_range(kind)) > 1]
    return [p.name for p in state.players if not p.public().tokens_known()]


def _fist_voters(state: State) -> str:
    """Who may be named when the fists open: every voter, since which votes were typed and
    which entered as unknown is not something the table sees (sylla.hidden.votes); a vote
    typed before may be repeated, the same."""
    return "any of " + ", ".join(n for n in state.seats if n in state.votes) + "; a vote typed before may be repeated"


# -- the board at a glance ---------------------------------------------------------------------
#: Columns of the default board; ``wide`` allows more.
WIDTH = 80
WIDE = 132
#: The short name of each token kind on the board.
SHORT = {"civic": "Civic", "health": "Health", "leisure": "Leisure"}


def _card(card: Card) -> str:
    """A character as the board shows it: ``Sen1 ry fish``, ``tapped`` or ``down`` added."""
    flags = [card.hexes] + (["fish"] if card.christian else [])
    flags += ["tapped"] if card.tapped else []
    flags += ["down"] if card.down else []
    return f"{card.label} {' '.join(flags)}"


def _ladder(state: State) -> list[str]:
    """The Res Publica ladder with its printed values, the crisis zone, and where each
    token kind's marker stands with the prestige a token of that kind is worth there."""
    if state.board is None:
        return ["Res Publica: the board is not entered yet"]
    ladder = state.board.ladder
    zone = f"crisis zone: the first {state.board.crisis} spaces" if state.board.crisis != 1 else "crisis zone: space 1"
    lines = wrap_items("Res Publica ladder", [" ".join(map(str, ladder)), f"({zone})"], WIDTH, 19, sep=" ")
    if state.markers:
        lines += wrap_items("  per token", [
            f"{SHORT[k]} {state.value(k)} (space {state.markers[k] + 1}" + (", crisis)" if state.in_crisis(k) else ")")
            for k in TOKENS
        ], WIDTH, 12)
    return lines


def _events(state: State, width: int) -> list[str]:
    """The event row, top to bottom: name, famine icons, fighters, token colour, the cubes on
    it; in phase V which events are prevented (they do not happen)."""
    items = [f"{i + 1} {_event_item(state, i)}" for i in range(len(state.events))]
    lines = wrap_items("events", items or ["not entered yet"], width, 8)
    if items:
        lines += wrap_items("", ["(famine icons, fighters V Vestal L Legionary, token; [cubes])"], width, 8)
    return lines


def _token_kinds(p: AnyPlayer) -> str:
    """His tokens by kind as far as they are known: ``Civic 2 Health 0 Leisure 1``, with
    ``+ 2 unseen`` for tokens whose colour is not known, or each kind's possible counts
    (``Health 0-2``) once a reveal has told something of them."""
    if p.unknown and p.splits is None:
        return " ".join(f"{SHORT[k]} {p.tokens[k]}" for k in TOKENS) + f" + {p.unknown} unseen"
    return " ".join(f"{SHORT[k]} {v}" for k, v in tokens_text(p).items() if k in TOKENS)


def _player_lines(state: State, p: Player, reveal: bool, width: int, indent: int) -> list[str]:
    """A player: prestige, tokens held and their kinds as far as the table knows them (a
    Temple's or an Insula's colour is secret until a reveal, sylla.components.hidden; all of
    them with ``reveal``), denarii only with ``reveal``, the Consul, his set; then his
    characters and his buildings."""
    held = sum(p.tokens.values()) + p.unknown
    figures = [f"{p.prestige} prestige", f"{held} token" + ("" if held == 1 else "s")]
    if held:
        figures.append(_token_kinds(p if reveal else p.public()))  # as far as the table knows them
    if reveal:
        figures.append(f"{p.money_text} denarii")
    if p.name == state.consul:
        figures.append("Consul")
    if p.set is not None:
        figures.append(f"set {ROMAN_OF.get(p.set, p.set)}")
    lines = wrap_items(p.name, figures, width, indent)
    cards = [_card(c) for c in p.cards]
    lines += wrap_items(" " * indent, cards or ["no characters yet"], width, indent)
    if p.tiles:
        lines += wrap_items(" " * indent, [t.label + (" down" if t.down else "") for t in p.tiles], width, indent)
    return lines


def board(state: State, *, reveal: bool = False, wide: bool = False) -> str:
    """The board at a glance (issue 23, D9): every public fact of :func:`board_wide` in at most
    80 columns and few enough lines that, for 4 players, the board, the prompt line and the
    input line fit an 80x24 terminal (the heading, whose entry the game waits for, stays on
    screen). Dense: the heading and the message share a flow; the ladder, its markers, famine
    and the works share one; tiles on offer by their short names; each player one flow of
    figures, characters and buildings, with marks instead of words (a one-line key at the
    end). ``wide``: :func:`board_wide`, the same facts spelled out in 132 columns. Secret
    faces only with ``reveal``; names and figures are never cut."""
    if wide:
        return board_wide(state, reveal=reveal)
    width = WIDTH
    lines = _heading(state, width)
    lines += _flow("ladder", [(" · ", item) for item in _ladder_items(state)], width, 2)
    row: list[tuple[str, str]] = [(" · ", _event_item(state, i)) for i in range(len(state.events))] or [(" ", "not entered yet")]
    offered = [f"{i + 1} {t.capitalize()}" + (f" {state.board.spaces[i]}" if state.board else "")
               for i, t in enumerate(state.spaces) if t]
    row += [(" · tiles: " if n == 0 else ", ", item) for n, item in enumerate(offered)]
    if state.votes and state.step in ("VI.vote", "VI.fists", "end.vote", "end.fists"):
        if reveal:
            said = [f"{n} " + (f"{t} {d}" if t is not None else "?") for n, (t, d) in state.votes.items()]
        else:
            said = [n for n in state.seats if n in state.votes]
        row += [(" · voted: " if n == 0 else ", ", item) for n, item in enumerate(said)]
    lines += _flow("events", row, width, 2)
    names = max([4] + [len(n) for n in state.seats if len(n) <= 12])  # the figures line up after names
    for p in state.players:
        lines += _player_flow(state, p, reveal, width, names)
    lines.append(KEY)
    return "\n".join(lines)


KEY = "key: r/y/g hexagons · + Christian · * tapped · (…) face down · C/H/L/? tokens"
"""The marks of the normal board, in one line: hexagon and building space colours; Christian,
tapped, face down; tokens held by kind (Civic Spirit, Health, Leisure, colour not seen). An
event reads: name, famine icons, fighters (V Vestal, L Legionary), token kind, [cubes]."""


def _heading(state: State, width: int) -> list[str]:
    """Where the game stands and what it waits for: ``round 2, phase III (buildings) · Ann
    offers a tile (space 1-6)``, word-wrapped (the Consul is marked on his player's line);
    when that takes more than 2 lines, the message's closing bracket (how to enter it, which
    ``legal`` and the prompt line say in full) is left out."""
    prompt = expecting(state)
    message = prompt.message.split(": ", 1)[-1] if prompt.message.startswith(prompt.phase + ": ") else prompt.message
    head = prompt.phase + " ·" if message != prompt.message else ""
    lines = _flow(head, [(" ", word) for word in message.split(" ")], width, 2)
    if len(lines) > 2 and message.endswith(")") and " (" in message:
        short = message[: message.rindex(" (")]
        lines = _flow(head, [(" ", word) for word in short.split(" ")], width, 2)
    return lines


def _flow(head: str, parts: list[tuple[str, str]], width: int, indent: int) -> list[str]:
    """``head`` and the parts on one flow, each part ``(joint, text)``: the joint stands between
    it and the part before on the same line and is left out at the start of a line (its words
    kept: `` · tiles: `` starts a line as ``tiles:``). Unlike :func:`wrap_items` a long head
    does not stand alone; continuation lines are indented by ``indent``; no text is cut, no
    line longer than ``width`` unless one text alone is."""
    lines: list[str] = []
    line = head
    for joint, text in parts:
        if line == head:
            joint = " " if head else ""
        if len(line) + len(joint) + len(text) > width and line.strip():
            lines.append(line.rstrip())
            line, joint = " " * indent, joint.strip(" ·,") + " " if joint.strip(" ·,") else ""
        line += joint + text
    lines.append(line.rstrip())
    return [line for line in lines if line.strip()]


def _ladder_items(state: State) -> list[str]:
    """The Res Publica ladder's printed values and crisis zone, each marker with the prestige a
    token of its kind is worth there, famine, the Great Work of the round and those built."""
    items: list[str] = []
    if state.board is None:
        items.append("(the board is not entered yet)")
    else:
        zone = "1" if state.board.crisis == 1 else f"1-{state.board.crisis}"
        items.append(" ".join(map(str, state.board.ladder)) + f" (crisis zone {zone})")
        if state.markers:
            items += [f"{SHORT[k]} {state.value(k)} (space {state.markers[k] + 1}" + (", crisis)" if state.in_crisis(k) else ")")
                      for k in TOKENS]
    items.append(f"famine {state.famine}")
    if state.work:
        items.append(f"Great Work {works_by_id()[state.work]['name']}")
    if state.works_built:
        items.append("built " + ", ".join(works_by_id()[w]["name"] for w in state.works_built))
    return items


def _event_item(state: State, index: int) -> str:
    """An event of the row: name, famine icons, fighters, token kind, ``[cubes]``, and in phase V
    whether it is prevented or happening."""
    s = state.events[index]
    text = f"{event_names()[s.id]} {s.spec.icons} {s.spec.fighters}" + (f" {s.spec.token}" if s.spec.token else "")
    if s.cubes:
        text += " [" + ", ".join(f"{who} {n}" for who, n in s.cubes.items()) + "]"
    if state.phase == "V" and s.id in state.prevented:
        text += " prevented"
    elif state.phase == "V" and s.id == state.current_effect:
        text += " happening"
    return text


def _mark(card: Card) -> str:
    """A character on the normal board: ``Sen1 ry+*`` (``+`` Christian, ``*`` tapped), in
    brackets when face down: ``(Mer2 g+)``; a Slave without his hexagons, always ``ryg``:
    ``Sla1+``."""
    hexes = "" if card.kind == "slave" and card.hexes == "ryg" else f" {card.hexes}"  # a Slave shows ryg (sylla.data.characters)
    text = f"{card.label}{hexes}" + ("+" if card.christian else "") + ("*" if card.tapped else "")
    return f"({text})" if card.down else text


def _token_letters(p: AnyPlayer) -> str:
    """His tokens by kind as far as they are known, by initials: ``C2 H0 L1`` (Civic Spirit,
    Health, Leisure), ``?2`` for tokens whose colour is not known, a kind's possible counts
    (``H0-2``) once a reveal has told something of them."""
    if p.unknown and p.splits is None:
        return " ".join(f"{SHORT[k][0]}{p.tokens[k]}" for k in TOKENS) + f" ?{p.unknown}"
    return " ".join(f"{SHORT[k][0]}{v}" for k, v in tokens_text(p).items() if k in TOKENS)


def _player_flow(state: State, p: Player, reveal: bool, width: int, names: int) -> list[str]:
    """A player on one flow, his name padded to ``names`` columns: prestige, tokens held and
    their kinds as far as the table knows them (a Temple's or an Insula's colour is secret
    until a reveal, sylla.components.hidden; all with ``reveal``), denarii only with
    ``reveal``, his set, Consul; then his characters and his buildings (``(Field1)`` face
    down)."""
    held = sum(p.tokens.values()) + p.unknown
    figures = [f"{p.prestige} prestige", f"{held} token" + ("" if held == 1 else "s")
               + (f" ({_token_letters(p if reveal else p.public())})" if held else "")]
    if reveal:
        figures.append(f"{p.money_text} denarii")
    if p.set is not None:
        figures.append(f"set {ROMAN_OF.get(p.set, p.set)}")
    if p.name == state.consul:
        figures.append("Consul")
    figures[-1] += ":"
    parts = [(" · ", f) for f in figures]
    things = [_mark(c) for c in p.cards] + [f"({t.label})" if t.down else t.label for t in p.tiles]
    parts += [(" " if n == 0 else ", ", t) for n, t in enumerate(things or ["no characters yet"])]
    return _flow(p.name.ljust(names), parts, width, 2)


def board_wide(state: State, *, reveal: bool = False) -> str:
    """The board in full (``board --wide``), plain text in 132 columns: the round, phase and
    whose entry the game waits for; the Res Publica ladder with each marker and what a token
    is worth there, the famine track, the Great Work of the round and those built; the event
    row (cubes, prevented events); the building tiles on offer; then each player's prestige,
    tokens held (kinds as far as the table knows them), the Consul, his characters (tapped,
    face down) and buildings. What is behind the screens (denarii, the colours of a Temple's
    or an Insula's tokens, fist votes) shows only with ``reveal``: without it the
    board of a game equals the board of its public record. Names and figures are never cut.
    Spelled out, one item a line: the normal board (:func:`board`) says the same in fewer lines."""
    width = WIDE
    prompt = expecting(state)
    title = ["SYLLA", prompt.phase] + ([f"Consul {state.consul}"] if state.consul else [])
    lines = wrap_items("", title, width, 0)
    message = prompt.message.split(": ", 1)[-1] if state.phase not in ("over", "setup") else prompt.message
    lines += wrap_items("", message.split(" "), width, 2, sep=" ")
    lines.append("")
    lines += _ladder(state)
    works = [f"famine {state.famine}"]
    if state.work:
        works.append(f"Great Work: {works_by_id()[state.work]['name']}")
    if state.works_built:
        works.append("built: " + ", ".join(works_by_id()[w]["name"] for w in state.works_built))
    lines += wrap_items("", works, width, 2)
    lines += _events(state, width)
    offered = [f"{i + 1} {name_of(t)}" + (f" ({COLOUR[state.board.spaces[i]]})" if state.board else "")
               for i, t in enumerate(state.spaces) if t]
    if offered:
        lines += wrap_items("tiles", offered, width, 8)
    if state.votes and state.step in ("VI.vote", "VI.fists", "end.vote", "end.fists"):
        if reveal:
            said = [f"{n} " + (f"{t} {d}" if t is not None else "?") for n, (t, d) in state.votes.items()]
        else:
            said = [n for n in state.seats if n in state.votes]
        lines += wrap_items("voted", said, width, 8)
    lines.append("")
    indent = max([6] + [len(n) for n in state.seats if len(n) <= 16]) + 2
    for p in state.players:
        lines += _player_lines(state, p, reveal, width, indent)
    lines.append("cards: hexagons r red, y yellow, g grey · fish: Christian")
    if not reveal:
        lines.append("denarii and token colours are behind the screens (--reveal shows them)")
    return "\n".join(lines)


# -- the legal choices, grouped ----------------------------------------------------------------
def _alts(words: list[str]) -> str:
    """Choices joined by ``|`` (each once, in order)."""
    return "|".join(dict.fromkeys(words))


def legal_summary(state: State) -> list[str]:
    """The legal entries grouped for a person (``legal``): a few lines of at most 80 columns,
    each an entry form with its choices (``Black bids 1|2 · passes``). Nothing behind the
    screens: no range that would show a player's denarii (bids and votes say what they are
    made of), no token colour, no vote."""
    width = WIDTH
    if state.phase == "over":
        return ["nothing more: the game is over (score shows the result)"]
    if state.phase == "setup" and state.picked:
        return wrap_items("", ["position round N, phase P, consul NAME, ...", "(the rest of the position block; see docs/position/sylla.md)"], width, 0, sep="   ")
    if state.phase == "setup":
        todo = setup.missing(state)
        said = wrap_items("", ["setup: enter " + ", ".join(todo), "(any order; see the notation guide)"], width, 0, sep="   ")
        if "board" in todo:  # the guided form (assistant/cli/setup_form.py, issue 23)
            said.append("board: `setup` at the play prompt asks for it, one question at a time")
        return said
    step = state.step
    moves = legal_moves(state)
    lines: list[str] = []
    if step == "I.bid":
        name = state.actor or ""
        sen = senators(state, name)
        low = sen if state.turn == 0 else max(sen, state.high + 1)
        lines.append(f"{name} bids <votes> · passes   (at least {low}: {sen} face-up Senator votes + denarii)")
    elif step == "I.token":
        lines.append(f"{state.consul} takes " + _alts([SHORT[k].lower() for k in TOKENS]) + "   (shown to all)")
    elif step == "II.recruit":
        lines.append(f"{state.actor} recruits <type> <hexagons> [fish] [set]   (or a display number)")
    elif step == "III.offer":
        spaces = [f"{i + 1}" for i, t in enumerate(state.spaces) if t]
        lines.append(f"{state.offerer} offers " + _alts(spaces) + "   (a space with a tile)")
    elif step == "III.bid":
        bids = [str(mv.amount) for mv in moves if isinstance(mv, m.BidMove)]
        lines.append(f"{state.actor} " + " · ".join((["bids " + _alts(bids)] if bids else []) + ["passes"]))
    elif step == "III.pay":
        pays = [" ".join(mv.labels) for mv in moves if isinstance(mv, m.PayMove)]
        head = f"{state.high_bidder} pays"
        lines += wrap_items(head, pays[:12] + ([f"… {len(pays) - 12} more"] if len(pays) > 12 else []), width, len(head) + 1, sep=" | ")
    elif step == "III.insula":
        lines.append(f"{state.high_bidder} insula <token> <token> · insula ? ?   (the colours are secret)")
    elif step == "III.crane":
        lines.append(f"{state.high_bidder} crane <colours>   (the Crane card's hexagons, e.g. ry)")
    elif step == "IV.use":
        name = state.actor or ""
        kinds = {t.kind for t in usable_tiles(state.player(name))}
        forms = []
        if "temple" in kinds:
            forms.append("temple <token>|?   (2 denarii for a token; the colour is secret)")
        taverns = [f"{k} {d}" for mv in moves if isinstance(mv, m.TavernMove) for k, d in [(mv.marker, mv.direction)]]
        if taverns:
            forms.append("tavern " + _alts(taverns))
        forms.append("done")
        lines += [f"{name} {f}" for f in forms]
    elif step == "V.place":
        by_cube: dict[str, list[str]] = {}
        for mv in moves:
            if isinstance(mv, m.CubeMove):
                by_cube.setdefault(mv.source, []).append(event_names()[mv.event])
        for cube, events_ in by_cube.items():
            head = f"{state.actor} {cube}"
            lines += wrap_items(head, [_alts(events_)], width, len(head) + 1)
    elif step == "V.prevent":
        chosen = [mv.events for mv in moves if isinstance(mv, m.PreventMove)]
        tied = _alts([event_names()[e] for c in chosen for e in c])
        need = len(chosen[0]) if chosen else 1
        if need == 1:
            lines.append(f"{state.consul} prevents {tied}")
        else:
            lines += wrap_items("", [f"{state.consul} prevents {need} of {tied}", "(names joined by commas)"], width, 0, sep="   ")
    elif step == "V.down":
        by_player: dict[str, list[str]] = {}
        for mv in moves:
            if isinstance(mv, m.DownMove):
                by_player.setdefault(mv.player, []).append(mv.label)
        for name, labels in by_player.items():
            lines += wrap_items(f"{name} turns", [_alts(labels)], width, len(name) + 7)
    elif step == "V.remove":
        lines.append(f"{state.consul} removes " + _alts([event_names()[mv.event] for mv in moves if isinstance(mv, m.RemoveEventMove)]))
    elif step == "V.draw":
        lines.append("event <name> <famine icons> <fighters> <token>   (the event drawn)")
    elif step == "VI.work":
        lines.append("work <name>   (the Great Work now showing: next round's)")
    elif step in ("VI.vote", "end.vote"):
        lines += wrap_items("", ["<player> up|down <denarii> · <player> votes ?", f"(to vote: {', '.join(state.pending)}; the fist is secret)"], width, 0, sep="   ")
    elif step in ("VI.fists", "end.fists"):
        lines += wrap_items("", ["fists <player> up|down <denarii>, …", f"({_fist_voters(state)})"], width, 0, sep="   ")
    elif step == "VII.crisis":
        kind = SHORT[state.crises[0]].lower() if state.crises else "<token>"
        lines += wrap_items("", [f"<player> tokens {kind} <count>", f"(to show: {', '.join(to_show(state))})"], width, 0, sep="   ")
    elif step == "VII.tiles":
        lines.append("tiles <tile>, <tile>, …   (the 6 new building tiles, left to right)")
    elif step == "end.free":
        lines += wrap_items("", ["<player> frees <count>", f"(to say: {', '.join(state.pending)}; 2 denarii per Slave)"], width, 0, sep="   ")
    elif step == "end.tokens":
        lines += wrap_items("", ["<player> tokens civic <n> health <n> leisure <n>", f"(to show: {', '.join(to_show(state))})"], width, 0, sep="   ")
    return lines[:10] or [prompt_line(state)]


def prompt_line(state: State) -> str:
    """The prompt's message, for a step without a listed form."""
    return expecting(state).message


# -- what statistics group a seat by ------------------------------------------------------------
def start_player(state: State) -> str | None:
    """The first Consul, who speaks first in round 1's election (``sylla.setup.consul``: the
    holder of Income tile I; with three players, of the lowest numeral drawn,
    ``sylla.open.3p-consul``), known once the setup is done (or the position block gave each
    player's Income tile); ``None`` before."""
    if state.consul is None or any(p.set is None for p in state.players):
        return None
    return min(state.players, key=lambda p: p.set or 9).name
