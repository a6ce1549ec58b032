"""The score-pad form of ``assistant add`` on a terminal (issue 23): the pad filled in as the
printed one is, row by row (category by category) and in each row every player in seating
order (``military — Ada``), then the tie-break row (7 Wonders: coins).

Why row by row: at the end of a game the table counts one category for everyone (all the
conflict tokens, then all the coins, ...), as the printed pad is laid out; the form follows
it, so an answer is never looked for in another column.

Each answer is checked at once: a whole number (Enter: the value in brackets, 0 for a new
box), then what the game can say of one box (``Ruleset.check_sheet_box`` where the game has
it: 7 Wonders' military -6 to 18, science sums, wonder stages, treasury = coins // 3); a
refused answer is asked again with the rule's reason. ``<`` (or ``back``) goes back one
answer. After each row the running totals are shown. At the end the whole pad is checked
the way ``add`` checks it (``check_pad``: the checks across players, such as 7 Wonders'
tie-break), and the table says whether to log it, changes a box (``science Ada``), goes back,
or quits without logging anything.

The rows come from the game's pad (``Ruleset.sheet_categories``, ``sheet_aliases``,
``sheet_tiebreak``), so the form serves every game with a score pad. Input and output are
the ``ask`` and ``say`` callables: the command gives rich's prompt and stderr messages, the
tests a list of answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from assistant.core.errors import AssistantError, Problem, TableError
from assistant.core.inputs import signed
from assistant.core.names import NameIndex

if TYPE_CHECKING:
    from assistant.core.protocol import AnyRuleset
    from assistant.core.scoresheet import ScoreSheet

#: answers that go back one answer, that quit, that say yes at the end
BACK = ("<", "back", "b")
QUIT = ("quit", "q", "exit")
YES = ("", "y", "yes", "ok", "log")

Ask = Callable[[str], str]
Say = Callable[[str], None]
BoxCheck = Callable[[str, str, int, Mapping[str, int]], list[Problem]]
PadCheck = Callable[[dict[str, Any]], "ScoreSheet"]


@dataclass(frozen=True)
class Box:
    """One box of the pad: a row (a category, or the tie-break) for one player.
    ``optional``: the tie-break, which may stay unwritten (Enter)."""

    row: str
    player: str
    optional: bool = False


@dataclass(frozen=True)
class PadLayout:
    """The pad of one play: its players in seating order, the game's rows (categories) and
    tie-break row (``""``: none), the rows' other names (``{"civilian": ("blue",)}``)."""

    players: tuple[str, ...]
    rows: tuple[str, ...]
    tiebreak: str = ""
    aliases: Mapping[str, Sequence[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, ruleset: AnyRuleset, players: Sequence[str]) -> PadLayout:
        """The layout of ``ruleset``'s pad (a game without rows is logged by its total)."""
        rows = tuple(ruleset.sheet_categories) or ("total",)
        return cls(tuple(players), rows, str(ruleset.sheet_tiebreak or ""), dict(ruleset.sheet_aliases))

    def boxes(self) -> tuple[Box, ...]:
        """Every box in the order asked: row by row, each row across the players."""
        boxes = [Box(row, player) for row in self.rows for player in self.players]
        if self.tiebreak:
            boxes += [Box(self.tiebreak, player, optional=True) for player in self.players]
        return tuple(boxes)

    def label(self, row: str) -> str:
        """A row as the form heads it: ``military (red)``, ``coins (the tie-break)``."""
        name = row.replace("_", " ")
        if row == self.tiebreak:
            return f"{name} (the tie-break; Enter: not written)"
        # the first other name that is not the row's own word again (wonder: not "wonders")
        other = [a for a in self.aliases.get(row, ()) if not (a.startswith(row) or row.startswith(a))]
        return f"{name} ({other[0]})" if other else name


def question(box: Box, value: int | None) -> str:
    """The prompt of a box, with the value Enter keeps: ``military — Ada (0)``."""
    shown = "-" if value is None else str(value)
    return f"{box.row.replace('_', ' ')} — {box.player} ({shown})"


def running_totals(layout: PadLayout, answers: Mapping[tuple[str, str], int | None]) -> str:
    """The totals so far, one per player: ``totals: Ada 5 · Bob 9``."""
    sums = {p: sum(v or 0 for (row, player), v in answers.items() if player == p and row in layout.rows) for p in layout.players}
    return "totals: " + " · ".join(f"{p} {sums[p]}" for p in layout.players)


def to_sheet(layout: PadLayout, answers: Mapping[tuple[str, str], int | None]) -> dict[str, Any]:
    """The answers as the mapping ``plays.build_sheet`` reads (a row left out is 0; an
    unwritten tie-break is left out)."""
    players = []
    for player in layout.players:
        item: dict[str, Any] = {"name": player}
        for row in layout.rows:
            item[row] = answers.get((row, player)) or 0
        if layout.tiebreak and answers.get((layout.tiebreak, player)) is not None:
            item[layout.tiebreak] = answers[(layout.tiebreak, player)]
        players.append(item)
    return {"players": players}


def find_box(layout: PadLayout, text: str) -> Box | None:
    """The box an answer like ``science Ada`` (or ``Ada green``, any case, unique prefixes
    and the rows' other names) names, or ``None``."""
    words = text.split()
    if len(words) < 2:
        return None
    rows = NameIndex([(r, tuple(layout.aliases.get(r, ()))) for r in (*layout.rows, *((layout.tiebreak,) if layout.tiebreak else ()))], what="row")
    people = NameIndex([(p, ()) for p in layout.players], what="player")
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        for row_text, player_text in ((first, second), (second, first)):
            row, player = rows.find(row_text), people.find(player_text)
            if row is not None and player is not None:
                return next(b for b in layout.boxes() if b.row == row and b.player == player)
    return None


def fill_pad(
    layout: PadLayout,
    *,
    ask: Ask,
    say: Say,
    check_box: BoxCheck | None = None,
    check_pad: PadCheck | None = None,
    title: str = "",
) -> dict[str, Any] | None:
    """Fill the pad box by box (see the module text) and give it as ``plays.build_sheet``
    reads it, or ``None`` when the table quits (``quit``, or the end of the input): nothing is
    logged then. ``check_box(player, row, value, written)``: the game's check of one box
    (``written``: that player's boxes so far); ``check_pad(sheet)``: the whole pad's check,
    raising the error ``add`` would (its result, a score sheet, is summed up before asking)."""
    boxes = layout.boxes()
    answers: dict[tuple[str, str], int | None] = {}
    say(
        f"{title + ' — ' if title else ''}the score pad row by row, each row for {', '.join(layout.players)}:"
        " Enter keeps the value in brackets, '<' goes back one answer, 'quit' logs nothing"
    )
    k = 0
    resume: int | None = None  # after changing one box from the end, back to the end
    headed = ""  # the row whose heading was said last
    while True:
        if k == len(boxes):
            step = final_step(layout, boxes, answers, ask=ask, say=say, check_pad=check_pad)
            if step is None:
                return None
            if step == len(boxes):
                return to_sheet(layout, answers)
            headed = ""
            if step >= 0:  # one box changed, then back to the end
                k, resume = step, len(boxes)
            else:  # back to the last box, going on from there
                k, resume = len(boxes) - 1, None
            continue
        box = boxes[k]
        if box.row != headed:
            say(layout.label(box.row))
            headed = box.row
        kept = answers.get((box.row, box.player), None if box.optional else 0)
        try:
            text = ask(question(box, kept)).strip()
        except EOFError:
            say("nothing logged")
            return None
        if text.casefold() in QUIT:
            say("nothing logged")
            return None
        if text.casefold() in BACK:
            if k == 0:
                say("this is the first box: nothing to go back to")
            else:
                k, resume = k - 1, None
            continue
        if text == "":
            value = kept
        else:
            value = signed(text)
            if value is None:
                say(f"'{text}' is not a whole number; again")
                continue
        if value is not None and check_box is not None:
            written = {row: v for (row, player), v in answers.items() if player == box.player and v is not None and row != box.row}
            problems = check_box(box.player, box.row, value, written)
            if problems:
                for problem in problems:
                    say(f"✗ {problem.message}   [{problem.rule}]")
                continue
        answers[(box.row, box.player)] = value
        if resume is not None:
            k, resume = resume, None
            continue
        k += 1
        if box.row in layout.rows and (k == len(boxes) or boxes[k].row != box.row):
            say(running_totals(layout, answers))


def final_step(
    layout: PadLayout,
    boxes: Sequence[Box],
    answers: Mapping[tuple[str, str], int | None],
    *,
    ask: Ask,
    say: Say,
    check_pad: PadCheck | None,
) -> int | None:
    """The end of the form: the whole pad checked and summed up; the answer says what next.
    ``len(boxes)``: log it; the index of a box to change, then come back here; ``-1``: back to
    the last box, going on from there; ``None``: quit."""
    problems: list[Problem] = []
    summary = ""
    example = f"{layout.rows[-1]} {layout.players[0]}"
    if check_pad is not None:
        try:
            scored = check_pad(to_sheet(layout, answers))
        except TableError as exc:
            problems = list(exc.problems) or [Problem(exc.rule or "core.sheet", exc.message)]
        except AssistantError as exc:
            problems = [Problem(exc.rule or "core.sheet", exc.message + (f" ({exc.hint})" if exc.hint else ""))]
        else:
            summary = summarize(scored)
    if problems:
        for problem in problems:
            who = f"{problem.player}: " if problem.player else ""
            say(f"✗ {who}{problem.message}   [{problem.rule}]")
        prompt = f"change a box ('{example}'), '<' for the last one, or 'quit'"
    else:
        say(summary or running_totals(layout, answers))
        prompt = f"log this play? Enter: yes · a box to change ('{example}') · '<' · 'quit'"
    while True:
        try:
            text = ask(prompt).strip()
        except EOFError:
            say("nothing logged")
            return None
        word = text.casefold()
        if word in QUIT:
            say("nothing logged")
            return None
        if not problems and word in YES:
            return len(boxes)
        if word in BACK:
            return -1
        box = find_box(layout, text)
        if box is not None:
            return list(boxes).index(box)
        say(f"'{text}' is not a box: a row and a player, e.g. '{example}'")


def summarize(scored: ScoreSheet) -> str:
    """A checked pad in one line: the totals and who wins."""
    totals = " · ".join(f"{p} {scored.totals[p]}" for p in scored.players)
    winners: Iterable[str] = scored.winners or ()
    won = " and ".join(winners) or "nobody"
    return f"checked: {totals}; {won} {'win' if len(scored.winners or ()) > 1 else 'wins'}"


def ask_players(ask: Ask, say: Say, check: Callable[[list[str]], Any]) -> list[str] | None:
    """The players in seating order, asked when the command line does not name them
    (commas between the names), checked by ``check`` (the game's seats); ``None``: quit."""
    while True:
        try:
            text = ask("players in seating order (commas between the names)").strip()
        except EOFError:
            return None
        if text.casefold() in QUIT:
            return None
        names = [n.strip() for n in text.split(",") if n.strip()]
        try:
            check(names)
        except AssistantError as exc:
            say(f"✗ {exc.message}   [{exc.rule or 'core.players'}]")
            continue
        return names


__all__ = ["BACK", "Box", "PadLayout", "ask_players", "fill_pad", "find_box", "question", "running_totals", "to_sheet"]
