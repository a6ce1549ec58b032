"""What the table sees: the prompt (:func:`expecting`), the state as JSON (:func:`describe`,
hidden choices and hands only with ``reveal``), the board at a glance (:func:`board`), the
legal entries grouped for a person (:func:`legal_summary`), what an entry set off
(:func:`events`) and the words to complete at the prompt (:func:`completions`)."""

from __future__ import annotations

from typing import Any

from assistant.core.protocol import Prompt
from assistant.games.sevenwonders import components, deck, powers, scoring
from assistant.games.sevenwonders.legal import legal_moves_for
from assistant.games.sevenwonders.moves import Build, Chose, CopyGuild, Courtesan, Keep, Pick, Recruit, SetBoard, Sell, Stage
from assistant.games.sevenwonders.rules.legality import courtesan_targets
from assistant.games.sevenwonders.rules.resolution import neighbour_guilds
from assistant.games.sevenwonders.science import ScienceResult
from assistant.games.sevenwonders.secrets import public_state
from assistant.games.sevenwonders.scoring import NO_TOKEN
from assistant.games.sevenwonders.state import FREE_CITY, SKIP, City, SWState, awaited, next_extra

#: The kinds of entry each extra step takes.
KINDS = {
    "seventh": ("build", "stage", "sell"),
    "rome": ("recruit",),
    "halikarnassos": ("pick",),
    "solomon": ("pick",),
    "courtesan": ("courtesan",),
    "copy": ("copy",),
}
#: The prompt of each extra step.
STEP_TEXT = {
    "seventh": "{p} plays the 7th card (Babylon B): build, stage or sell",
    "rome": "{p} may recruit an extra leader (Rome B): recruit <leader> or recruit none",
    "halikarnassos": "{p} builds a card from the discard pile (Halikarnassos): pick <card> or pick none",
    "solomon": "{p} builds a card from the discard pile (Solomon): pick <card> or pick none",
    "courtesan": "{p} places the Courtesan token on a neighbour's leader: courtesan <leader>",
    "copy": "{p} names the neighbour's guild Olympia B copies: copy <guild>, or copy best",
}


def expecting(state: SWState) -> Prompt:
    """Whose entry the game waits for, in which phase, which kinds of entry and the names
    that may come next (for completion)."""
    players = awaited(state)
    if state.phase == "boards":
        if players == (FREE_CITY,):  # the players' boards are in: only the Free City's is missing (7w.2p.setup)
            message = f"7 Wonders {options_text(state)}; the Free City's board: Free City board <Wonder> <A|B>"
        else:
            message = f"7 Wonders {options_text(state)}; each player: <player> board <Wonder> <A|B>"
        return Prompt(players, state.phase_label, ("board",), message, components.BOARD_NAMES)
    # at the opening (the first Recruitment, Age I's first turn) the prompt says the options in play
    opening = f" · 7 Wonders {options_text(state)}" if state.age == 1 and state.turn <= 1 else ""
    if state.phase in ("draft", "recruit"):
        played = {name for c in state.cities for name in c.leaders}  # face up; the rest stays unsaid
        words: tuple[str, ...] = tuple(l.name for l in components.leaders() if l.name not in played)
        kinds: tuple[str, ...]
        if state.phase == "draft":
            kinds, asked = ("keep", "leaders", "draft"), f"still to keep: {', '.join(players)} ({draft_text(state)})"
        else:
            kinds = ("recruit", "stage", "sell", "leaders")
            asked = f"still to choose: {', '.join(players)} (recruit <leader>, stage <leader> or sell <leader>)"
        return Prompt(players, state.phase_label, kinds, f"{state.phase_label}, {asked}" + opening, words)
    if state.phase == "turn":
        words = tuple(deck.public_age_names(state, state.age))
        return Prompt(
            players,
            state.phase_label,
            ("build", "stage", "sell"),
            f"{state.phase_label}, still to choose: {', '.join(players)} (build <card>, stage or sell <card>)"
            + free_city_note(state)
            + opening,
            words,
        )
    if state.phase == "extra":
        step = next_extra(state)
        assert step is not None
        i, kind = step
        words = ()
        # completion words tell no secret face (7w.secrets): the pile as the table knows it,
        # the leaders not played rather than an entered hand
        if kind in ("halikarnassos", "solomon"):
            words = tuple(deck.public_pile_candidates(state))
        elif kind == "courtesan":
            words = tuple(courtesan_targets(state, i))
        elif kind == "copy":
            words = tuple(neighbour_guilds(state, i))
        elif kind == "seventh":
            words = tuple(deck.public_age_names(state, state.age))
        elif kind == "rome":
            played = {name for c in state.cities for name in c.leaders}
            words = tuple(l.name for l in components.leaders() if l.name not in played)
        return Prompt(players, state.phase_label, KINDS[kind], STEP_TEXT[kind].format(p=state.seats[i]), words)
    return Prompt((), "game over", (), "the game is over")


def draft_text(state: SWState) -> str:
    """What a pass of the draft asks (``7w.leaders.draft``): each player keeps one of the
    leaders in front of them, the rest goes to the right (the opponent with 2 players)."""
    size = next((state.cities[i].offer_size for i in state.drafters), 0)
    to = "the opponent" if state.free_city else "the right neighbour"
    return f"keep 1 of {size}, pass the rest to {to}: <player> keep <leader|?>; 'draft' ends the pass"


def free_city_note(state: SWState) -> str:
    """In a 2-player game's turn: who holds the Free City card and what they still choose
    (``7w.2p.turn``)."""
    holder = state.holder()
    if holder is None:
        return ""
    who = state.seats[holder]
    if state.choices[holder] is None:
        return f"; {who} holds the Free City card: {who}'s own choice first, then 'Free City build <card>'"
    if state.choices[-1] is None:
        return f"; {who} now chooses for the Free City: Free City build <card>, stage or sell <card>"
    return ""


def describe(state: SWState, *, reveal: bool = False) -> dict[str, Any]:
    """The state as JSON: each city's public counts, who has chosen, the discard pile's size;
    with ``reveal`` the pending choices, entered leader hands and the pile's cards too."""
    players = []
    for i, (p, c) in enumerate(zip(state.seats, state.cities)):
        info: dict[str, Any] = {"name": p}
        if c.wonder:
            info["board"] = f"{c.wonder} {c.side}"
            info["stages"] = f"{c.stages}/{len(c.board.stages)}"
            info["coins"] = c.coins
            if c.income:
                # received during the turn being resolved: usable from the next one
                info["coins_received_this_turn"] = c.income
            info["shields"] = powers.shields(c)
            info["military"] = sum(c.tokens)
            info["tokens"] = list(c.tokens)
            info["cards"] = list(c.cards)
            if state.leaders_on:
                info["leaders"] = list(c.leaders)
                info["leaders_in_hand"] = c.hand_size
                if state.phase == "draft" and not state.is_free_city(i):
                    info["draft_kept"] = c.kept_size
                    info["draft_hand"] = c.offer_size
                    if reveal and (c.kept or c.offer):
                        info["draft_kept_named"] = list(c.kept)
                        info["draft_hand_named"] = list(c.offer)
                if c.courtesan:
                    info["courtesan"] = c.courtesan
        if state.phase in ("turn", "recruit", "draft") and state.choices:
            choice = state.choices[i]
            info["chosen"] = choice is not None
            if reveal and choice is not None and choice != SKIP and not isinstance(choice, Chose):
                info["choice"] = choice.notation()
        if reveal and c.hand is not None:
            info["hand"] = list(c.hand)
        players.append(info)
    out: dict[str, Any] = {"phase": state.phase_label, "options": options_text(state), "players": players}
    if all(c.wonder for c in state.cities):  # the boards once all are known, never an empty value
        out["boards"] = ", ".join(f"{c.wonder} {c.side}" for c in state.cities)
    if state.free_city:
        holder = state.holder()
        out["free_city_card"] = state.seats[holder] if holder is not None else "nobody (outside the Age turns)"
    prompt = expecting(state)
    if prompt.message:
        out["waiting for"] = ", ".join(prompt.players) or "nobody"
    if reveal:
        out["discard_pile"] = [name for _, name in state.pile]
        out["discard_pile_unnamed"] = sum(state.pile_unknown)
    else:
        out["discard_pile_size"] = len(state.pile) + sum(state.pile_unknown)
    return out


def events(before: SWState, after: SWState) -> list[str]:
    """When a turn, a Recruitment phase or an extra step resolves: what each city gained
    (cards, stages, leaders, coins, conflict tokens). Nothing while choices are collected:
    they stay hidden until everyone has chosen. A correction says what it changed."""
    if after.corrections != before.corrections:
        return [after.corrections[-1]]
    if not after.begun:  # a board or a position line (7w.position): nothing is set off
        return []
    if before.phase == "draft" and (after.phase != "draft" or after.draft != before.draft):
        return draft_events(before, after)
    if before.phase == "boards" or before.phase == "draft" or (before.clock == after.clock and before.cities == after.cities):
        return []
    lines = []
    if before.clock != after.clock and before.phase in ("turn", "recruit"):
        lines.append(f"{before.phase_label} resolved")
    for name, old, new in zip(after.seats, before.cities, after.cities):
        parts = []
        built = [c for c in new.cards if c not in old.cards]
        if built:
            parts.append("built " + ", ".join(built))
        if new.stages > old.stages:
            parts.append(f"wonder stage {new.stages}")
        recruited = [leader for leader in new.leaders if leader not in old.leaders]
        if recruited:
            parts.append("recruited " + ", ".join(recruited))
        if new.coins != old.coins:
            parts.append(f"coins {old.coins} → {new.coins}")
        tokens = new.tokens[len(old.tokens) :]
        if tokens:
            parts.append("conflict tokens " + " ".join(f"{t:+d}" for t in tokens))
        if new.courtesan and new.courtesan != old.courtesan:
            parts.append(f"Courtesan token on {new.courtesan}")
        elif new.courtesan == NO_TOKEN and old.courtesan is None:
            parts.append("no recruited leader next door: the Courtesan token is not placed (7w.guild.courtesans)")
        j = after.seats.index(name)
        solomon_waits = after.phase == "extra" and j < len(after.due) and after.due[j].solomon
        if "Solomon" in recruited and not solomon_waits:
            parts.append("Solomon finds nothing he may take in the discard pile: his effect is lost (7w.leader.solomon)")
        if parts:
            lines.append(f"{name}: " + "; ".join(parts))
    if any(len(new.tokens) > len(old.tokens) for old, new in zip(before.cities, after.cities)) and (
        after.age != before.age or after.phase == "over"
    ):
        lines.append(conflict_summary(after, before.age))
    if after.phase != before.phase or after.age != before.age:
        lines.append("now: " + after.phase_label)
    return lines


def conflict_summary(state: SWState, age: int) -> str:
    """The conflicts of an Age in one line, each neighbour pair once (``7w.military.resolve``):
    ``Age I conflicts: Ada beats Bob and Dan; Cleo beats Bob; Dan and Cleo tie``.

    The shields are the cities' as the Age ended (the conflicts change no shield)."""
    beats: dict[str, list[str]] = {}
    ties: list[str] = []
    pairs = [(i, state.left(i)) for i in range(state.n)] if state.n > 2 else [(0, 1)]
    for i, j in pairs:
        mine, theirs = powers.shields(state.cities[i]), powers.shields(state.cities[j])
        if mine == theirs:
            ties.append(f"{state.seats[i]} and {state.seats[j]} tie")
        else:
            winner, loser = (i, j) if mine > theirs else (j, i)
            beats.setdefault(state.seats[winner], []).append(state.seats[loser])
    parts = [f"{who} beats {' and '.join(losers)}" for who, losers in beats.items()] + ties
    roman = {1: "I", 2: "II", 3: "III"}.get(age, str(age))
    return f"Age {roman} conflicts: " + "; ".join(parts)


def draft_events(before: SWState, after: SWState) -> list[str]:
    """A pass of the draft resolved: each hand passed on, the size of every hand (never a
    face, ``7w.secrets``); after the third, each player holds 4 leaders."""
    to = "the opponent" if before.free_city else "the right neighbour"
    if after.phase != "draft" and before.draft < 3:  # a Recruitment entry came first
        return ["the leader draft was played off the record: each player holds 4 leaders", "now: " + after.phase_label]
    lines = [f"leader draft, pass {before.draft} resolved: each kept a leader face down, passed the rest to {to}"]
    if after.phase == "draft":
        lines.append(f"now: {after.phase_label} (hands of {after.cities[0].offer_size})")
        return lines
    held = ", ".join(f"{p} {c.hand_size}" for i, (p, c) in enumerate(zip(after.seats, after.cities)) if i in after.drafters)
    lines.append(f"the draft is over: leaders held {held}")
    lines.append("now: " + after.phase_label)
    return lines


def completions(state: SWState) -> list[str]:
    """The words the prompt may complete now: verbs, players, card or leader names, payment
    words."""
    prompt = expecting(state)
    # before the first move a position block may still be typed (7w.position)
    block = ("position", "age", "turn", "discard", "cards", "leaders", "coins", "stages", "tokens", "hand") if not state.begun and state.phase != "boards" else ()
    return sorted({*prompt.kinds, *state.seats, *prompt.words, *block, "pay", "left", "right", "free", "correct", "because"})


# -- the board at a glance ----------------------------------------------------------------------
#: The most columns of a line of :func:`board` and :func:`legal_summary` (``wide`` aside).
WIDTH = 80
#: One letter per resource on the board (``makes WW S C/O``), explained in its last line.
LETTERS = {"wood": "W", "stone": "S", "clay": "C", "ore": "O", "glass": "G", "loom": "L", "papyrus": "P"}
LEGEND = "makes: W wood S stone C clay O ore G glass L loom P papyrus · mil: conflicts"
#: The option values that go without saying (anything else is named in the board's header).
OPTION_DEFAULTS = {"leaders": "true", "boards": "", "rome_b_coins": "start", "free_city_first": "list", "free_city_coins": "3", "free_city_rome": "false"}
#: The board's columns after the player's name and board: (header, width), right-aligned.
COLUMNS = (("stages", 6), ("coins", 5), ("shields", 7), ("mil", 3), ("VP", 3))
#: A name longer than this sits on a line of its own above its row.
NAME_COLUMN = 16


def options_text(state: SWState) -> str:
    """The options in play, as the table says them: ``with Leaders`` (or ``without
    Leaders``) and every option not at its default (``rome_b_coins=held``)."""
    parts = ["with Leaders" if state.leaders_on else "without Leaders"]
    for key, value in state.options:
        if key not in ("leaders", "boards") and value != OPTION_DEFAULTS.get(key, value):
            parts.append(f"{key}={value}")
    return ", ".join(parts)


def production_text(city: City) -> str:
    """What a city makes, one letter per unit: ``WW S O C/O G/L/P`` (fixed units, then each
    choice as its letters joined by ``/``); empty when it makes nothing."""
    fixed, choices = powers.production(city)
    parts = [LETTERS[res] * fixed[res] for res in components.RESOURCES if fixed.get(res)]
    order = components.RESOURCES.index
    parts += ["/".join(LETTERS[res] for res in sorted(options, key=order)) for options in choices]
    return " ".join(parts)


def science_text(result: ScienceResult) -> str:
    """A city's science symbols as built (wildcards apart): ``2 compass 1 gear +1 any``;
    empty without any."""
    counts = list(result.counts)
    for symbol in result.assigned:
        counts[components.SYMBOLS.index(symbol)] -= 1
    parts = [f"{n} {symbol}" for n, symbol in zip(counts, components.SYMBOLS) if n]
    if result.assigned:
        parts.append(f"+{len(result.assigned)} any")
    return " ".join(parts)


def wrap(parts: list[str], first: str, indent: str, width: int | None, sep: str = " · ") -> list[str]:
    """``parts`` joined with ``sep`` after ``first``, onto as many lines as ``width`` needs
    (continuation lines start with ``indent``); a part is never cut, one longer than a line
    is cut at its spaces. ``width`` None: one line."""
    if width is None:
        return [first + sep.join(parts)]
    lines: list[str] = []
    line = first
    fresh = True  # nothing after the line's prefix yet
    for part in parts:
        joined = part if fresh else sep + part
        if not fresh and len(line) + len(joined) > width:
            lines.append(line.rstrip())
            line, fresh, joined = indent, True, part
        if len(line) + len(joined) > width:  # one part longer than a line: break it at spaces
            for word in joined.split(" "):
                if len(line) + len(word) + 1 > width and line.strip():
                    lines.append(line.rstrip())
                    line = indent
                line += word + " "
            line = line.rstrip()
        else:
            line += joined
        fresh = False
    lines.append(line.rstrip())
    return lines


def header_lines(state: SWState, width: int | None) -> list[str]:
    """The board's first lines: the phase, the options in play, the discard pile, then who
    is still to choose (or the extra step awaited, or the winner)."""
    pile = len(state.pile) + sum(state.pile_unknown)
    head = [state.phase_label, options_text(state), f"discard pile {pile}"]
    holder = state.holder()
    if state.free_city and holder is not None:
        head.append(f"Free City card: {state.seats[holder]}")
    lines = wrap(head, "", "  ", width)
    players = awaited(state)
    if state.phase == "extra":
        step = next_extra(state)
        if step is not None:
            lines += wrap([STEP_TEXT[step[1]].format(p=state.seats[step[0]])], "waiting for: ", "  ", width)
    elif state.phase == "over":
        sheet = scoring.score(state)
        lines += wrap(list(sheet.winners), "won by ", "  ", width, sep=", ")
    elif players:
        verb = {"boards": "to enter a board", "draft": "still to keep"}.get(state.phase, "still to choose")
        lines += wrap(list(players), f"{verb}: ", "  ", width, sep=", ")
    return lines


def board(state: SWState, *, reveal: bool = False, wide: bool = False) -> str:
    """The board at a glance, plain text: a header (phase, options, discard pile, who is still
    to choose), a column header, then each city in seat order on two lines: name, board and
    side, stages built/total, coins, shields, conflict points, points so far and leaders; then
    what it makes (one letter a unit), its science symbols and leaders in hand; a last line
    explains the letters. Every line fits 80 columns (``wide``: one line a city, with its
    cards and conflict tokens); names and figures are never cut, a long list wraps.
    With ``reveal``: the pending choices and the entered leader hands too."""
    width = None if wide else WIDTH
    cities = scoring.cities_of(state)
    longest = max(len(p) for p in state.seats) if wide else NAME_COLUMN
    name_w = max(len("player"), *(len(p) for p in state.seats if len(p) <= longest))
    board_w = max(len("board"), *(len(f"{c.wonder} {c.side}") for c in state.cities))
    leaders_w = max(len(", ".join(c.leaders)) + (len(f", {c.courtesan} (Courtesan)") if c.courtesan else 0) for c in state.cities)
    lines = header_lines(state, width)
    columns = " ".join(f"{title:>{w}}" for title, w in COLUMNS)
    if state.phase == "boards":
        columns = ""
    elif state.leaders_on:
        columns += "  leaders"
    lines.append(f"{'player':<{name_w}} {'board':<{board_w}} {columns}".rstrip())
    for i, (name, city) in enumerate(zip(state.seats, state.cities)):
        shown = name if len(name) <= name_w else ""
        if not shown:
            lines.append(name)  # a long name on its own line, whole
        if state.phase == "boards":  # coins and leaders are dealt once every board is known
            lines.append(f"{shown:<{name_w}} {city.wonder + ' ' + city.side if city.wonder else '(board to enter)'}")
            continue
        result = scoring.score_city(cities, i)
        figures = (f"{city.stages}/{len(city.board.stages)}", city.coins, powers.shields(city), f"{sum(city.tokens):+d}", result.total)
        row = f"{shown:<{name_w}} {city.wonder + ' ' + city.side:<{board_w}} " + " ".join(f"{v:>{w}}" for v, (_, w) in zip(figures, COLUMNS))
        leaders = list(city.leaders) + ([f"{city.courtesan} (Courtesan)"] if city.courtesan else [])
        if wide and state.leaders_on:  # one line a city: the leaders as a column of their own
            lines.append(f"{row}  {', '.join(leaders):<{leaders_w}}")
        elif state.leaders_on and leaders:
            indent = " " * (len(row) + 2) if len(row) + 2 <= WIDTH - NAME_COLUMN else "    "
            lines += wrap(leaders, row + "  ", indent, width, sep=", ")
        else:
            lines.append(row.rstrip())
        details = []
        made = production_text(city)
        if made:
            details.append("makes " + made)
        science = science_text(result.science)
        if science:
            details.append("science " + science)
        if state.phase == "draft" and not state.is_free_city(i):
            details.append(f"draft: kept {city.kept_size}, drafting from {city.offer_size}")
            if reveal and city.kept:
                details.append("kept: " + ", ".join(city.kept) + (f" +{city.kept_size - len(city.kept)} unnamed" if city.kept_size > len(city.kept) else ""))
            if reveal and city.offer:
                details.append("drafting from: " + ", ".join(city.offer) + (f" +{city.offer_size - len(city.offer)} unnamed" if city.offer_size > len(city.offer) else ""))
        elif reveal and city.hand:
            unnamed = city.hand_size - len(city.hand)
            details.append("hand: " + ", ".join(city.hand) + (f" +{unnamed} unnamed" if unnamed > 0 else ""))
        elif state.leaders_on and city.hand_size and not state.is_free_city(i):
            details.append(f"hand {city.hand_size}")
        if reveal and state.phase in ("turn", "recruit", "draft") and state.choices:
            choice = state.choices[i]
            if choice is not None and choice != SKIP and not isinstance(choice, Chose):
                details.append("chose: " + choice.notation().removeprefix(name).strip())
        if wide:
            if city.tokens:
                details.append("tokens " + " ".join(f"{t:+d}" for t in city.tokens))
            if city.cards:
                details.append("cards " + ", ".join(city.cards))
        if details:
            if wide:
                lines[-1] += "  " + " · ".join(details)
            else:
                lines += wrap(details, "    ", "      ", width)
    if state.phase != "boards":
        lines.append(LEGEND)
    return "\n".join(lines)


# -- the legal entries, grouped ------------------------------------------------------------------
#: The verbs of :func:`legal_summary` in the order they are listed.
VERB_ORDER = ("board", "keep", "recruit", "build", "stage", "sell", "pick", "courtesan", "copy")
#: The most lines :func:`legal_summary` gives one player when few are awaited.
PLAYER_LINES = 3


def legal_summary(state: SWState) -> list[str]:
    """The legal entries grouped for a person: per awaited player, one group per verb, the
    names each verb may take joined by ``|`` (``Ada: build Baths|Altar|… · stage · sell
    <card>``); players with the same choices share a line (``Ada, Cleo: recruit <leader> ·
    sell <leader>``). Secrets are not named (:func:`legal_groups`); payments are left to the
    entry (a refusal names them). At most about 10 lines of 80 columns: each line of players
    gets ``10 // lines`` lines (1 to 3); a list that does not fit ends with ``… (+N)``, N
    the names left out."""
    state = public_state(state)  # what it lists tells no secret face (7w.secrets)
    players = awaited(state)
    if not players:
        return ["nothing to enter: the game is over" if state.phase == "over" else "nothing to enter now"]
    # players with the same choices share a line: "Ada, Cleo: recruit <leader> · sell <leader>"
    same: dict[tuple[tuple[str, tuple[str, ...]], ...], list[str]] = {}
    for player in players:
        key = tuple((verb, tuple(names)) for verb, names in legal_groups(state, player))
        same.setdefault(key, []).append(player)
    budget = max(1, min(PLAYER_LINES, 10 // len(same)))
    lines: list[str] = []
    for key, who in same.items():
        lines += player_summary(", ".join(who), [(verb, list(names)) for verb, names in key], budget)
    if state.phase == "draft":
        lines.append(f"table: draft (ends pass {state.draft}: everyone still to keep keeps a leader unsaid)")
    return lines


def legal_groups(state: SWState, player: str) -> list[tuple[str, list[str]]]:
    """One player's legal entries as ``(verb, names)``, verbs in :data:`VERB_ORDER`: a verb
    with no names is said alone (``stage``). What is secret is never named: the words
    ``<card>``/``<leader>`` stand for a card of the hand, a leader of the hand (even an
    entered one) or a card of the face-down discard pile. Boards, affordable Age cards and the
    neighbours' leaders and guilds are public and listed."""
    groups: dict[str, list[str]] = {}

    def add(verb: str, name: str | None = None) -> None:
        names = groups.setdefault(verb, [])
        if name is not None and name not in names:
            names.append(name)

    moves = list(legal_moves_for(state, player))
    for move in moves:
        if isinstance(move, SetBoard):
            add("board", move.wonder)
        elif isinstance(move, Keep):
            add("keep", "?")  # the hand drafted from is secret, even where entered
            add("keep", "<leader>")
        elif isinstance(move, Build):
            add("build", move.card + (" free" if move.free else ""))
        elif isinstance(move, (Stage, Sell)) and state.phase == "recruit":
            add(move_verb(move), "<leader>")  # the hand is secret, even when entered
        elif isinstance(move, Stage):
            add("stage")
        elif isinstance(move, Sell):
            add("sell", "<card>")
        elif isinstance(move, Recruit):
            add("recruit", "none" if move.leader is None else "<leader>")
        elif isinstance(move, Pick):
            add("pick", "none" if move.card is None else "<card>")  # the pile is face down
        elif isinstance(move, Courtesan):
            add("courtesan", move.leader)
        elif isinstance(move, CopyGuild):
            add("copy", move.guild or "best")
    order = [verb for verb in VERB_ORDER if verb in groups]
    if "build" in groups:  # what needs no purchase first: the likelier choices
        costless = {m.card for m in moves if isinstance(m, Build) and m.pay is None}
        groups["build"].sort(key=lambda name: name.removesuffix(" free") not in costless)
    return [(verb, groups[verb]) for verb in order]


def move_verb(move: Stage | Sell) -> str:
    """``stage`` or ``sell``."""
    return "stage" if isinstance(move, Stage) else "sell"


def player_summary(player: str, groups: list[tuple[str, list[str]]], budget: int) -> list[str]:
    """One awaited player's groups (or several players' same groups, ``player`` naming
    them) in at most ``budget`` lines of :data:`WIDTH` columns (continuation lines
    indented); when they do not fit, the longest list is cut, ending with ``… (+N)``."""
    if not groups:
        return [f"{player}: nothing legal now"]
    lengths = [len(names) for _, names in groups]
    longest = max(range(len(groups)), key=lambda k: lengths[k])
    for shown in range(lengths[longest], 0, -1):
        lines = flow(player, groups, longest, shown)
        if len(lines) <= budget and all(len(line) <= WIDTH for line in lines):
            return lines
    return [line if len(line) <= WIDTH else line[: WIDTH - 1] + "…" for line in flow(player, groups, longest, 1)[:budget]]


def flow(player: str, groups: list[tuple[str, list[str]]], longest: int, shown: int) -> list[str]:
    """The groups as lines of :data:`WIDTH` columns, broken between names (``|``) or groups
    (`` · ``), group ``longest`` cut to its first ``shown`` names."""
    atoms: list[str] = []  # each atom is written whole; a line may break before any of them
    for k, (verb, names) in enumerate(groups):
        cut = names[:shown] if k == longest else names
        left = len(names) - len(cut)
        sep = " · " if atoms else ""
        if not cut:
            atoms.append(sep + verb)
            continue
        atoms.append(f"{sep}{verb} {cut[0]}")
        atoms += ["|" + name for name in cut[1:]]
        if left:
            atoms.append(f"|… (+{left})")
        if verb == "board":
            atoms[-1] += " A|B"  # the sides stay with the last board named
    lines, line = [], f"{player}: "
    for atom in atoms:
        if len(line) + len(atom) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = "    " + atom.removeprefix(" · ")
        else:
            line += atom
    lines.append(line.rstrip())
    return lines


# -- what statistics group a seat by ------------------------------------------------------------
#: The seat facts a finished game stores (``stats 7w --by wonder|side|leader``).
FACT_KEYS = ("wonder", "side", "leader")


def seat_facts(state: SWState) -> list[dict[str, list[str]]]:
    """What the whole table saw of each player's city at the end: its board (``wonder``), the
    side played (``side``) and the recruited leaders (``leader``, face up in the city), one
    mapping per player in seat order; the Free City of a 2-player game has no seat and is
    left out. There is no start player: every turn is played at once (``start_player`` is the
    protocol's ``None``)."""
    return [
        {"wonder": [c.wonder] if c.wonder else [], "side": [c.side] if c.wonder else [], "leader": list(c.leaders)}
        for c in state.cities[: len(state.players)]
    ]
