"""Rendering for the terminal (rich) and for ``--json``. Only the cli package prints.

Data goes to stdout, messages and errors to stderr. Colour follows rich's detection, so
``NO_COLOR`` and ``TERM=dumb`` turn it off. One-line messages (the ✓ after an entry, a
refusal) are written without rich, so that the commands used at the table most often do not
pay for importing it.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.console import Console

    from assistant.core.errors import AssistantError
    from assistant.core.game import Game
    from assistant.core.protocol import Prompt, RuleText
    from assistant.core.scoresheet import ScoreSheet
    from assistant.service.views import GameSummary, LogTurn, PlayerReport, PlayerStats


@cache
def out() -> "Console":
    """The rich console for data on stdout (made once)."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def print_json(data: Any) -> None:
    """Stable JSON on stdout, no markup. A character that is not printable (a bidirectional
    control, a C1 control, bytes a non-UTF-8 terminal sent, echoed in a refusal) is written as
    a ``\\u`` escape, so the JSON neither steers the terminal nor fails to print."""
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    if not all(ch.isprintable() or ch in " \n" for ch in text):
        text = "".join(ch if ch.isprintable() or ch in " \n" else json.dumps(ch)[1:-1] for ch in text)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def safe(text: object) -> str:
    """User text fit for the terminal: control characters (escape sequences), line
    separators and bytes that are not UTF-8 written as escapes, so a message can neither
    steer the terminal nor fail to print."""
    from assistant.core.inputs import shown

    value = str(text)
    return shown(value, limit=10 * len(value) + 10)


_CODES = {"green": "32", "red": "31", "yellow": "33", "cyan": "36", "dim": "2", "bold red": "1;31", "": ""}


def _colour(stream: TextIO) -> bool:
    """Colour on a terminal unless NO_COLOR is set or TERM is dumb; FORCE_COLOR forces it."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _line(text: str, style: str = "", *, stream: TextIO | None = None) -> None:
    stream = stream or sys.stderr
    text = "\n".join(safe(part) for part in text.split("\n"))
    code = _CODES.get(style, "")
    if code and _colour(stream):
        text = f"\x1b[{code}m{text}\x1b[0m"
    stream.write(text + "\n")
    stream.flush()


def message(text: str, style: str = "") -> None:
    """A one-line message on stderr."""
    _line(text, style)


def wrapped(text: str, style: str = "") -> None:
    """A message on stderr in lines of at most 80 columns, broken between words."""
    _line("\n".join(fit(text)), style)


def success(text: str) -> None:
    """A one-line confirmation (✓) on stderr."""
    _line("✓ " + text, "green")


def warning(text: str) -> None:
    """A warning (!) on stderr, in lines of at most 80 columns."""
    _line("\n".join(fit("! " + text, indent="  ")), "yellow")


def events(lines: Sequence[str]) -> None:
    """What an entry set off by itself, one dim line each (broken within 80 columns), under the ✓."""
    for line in lines:
        _line("\n".join(fit("  · " + line, indent="    ")), "dim")


def escape(text: object) -> str:
    """Text from the history or the user, for rich: markup and control characters escaped."""
    from rich.markup import escape as escape_markup

    return escape_markup(safe(text))


_esc = escape


def where(exc: "AssistantError") -> str:
    """Where in a record an error is (``line 4, ply 3 'money 6': ``), or nothing."""
    from assistant.core.errors import RecordError

    if not isinstance(exc, RecordError):
        return ""
    parts = []
    if exc.line:
        parts.append(f"line {exc.line}")
    if exc.ply is not None:
        parts.append(f"ply {exc.ply}" + (f" '{safe(exc.entry)}'" if exc.entry else ""))
    return ", ".join(parts) + ": " if parts else ""


@cache
def _core_ids() -> frozenset[str]:
    """The ids of the program's own rules that have a text (``data/core/rules.md``)."""
    from assistant.core.rulebook import load_game_rules

    return frozenset(rule.id for rule in load_game_rules("core"))


def error(exc: "AssistantError", game: str | None = None, *, at_prompt: bool = False) -> None:
    """An error as one or a few lines: ✗ message [rule] → hint, and where to read the rule
    (at the ``play`` prompt, its own ``rules`` command rather than the shell's)."""
    stream = sys.stderr
    colour = _colour(stream)

    def paint(text: str, style: str) -> str:
        return f"\x1b[{_CODES[style]}m{text}\x1b[0m" if colour else text

    # on a terminal, broken between words within its width, so that the terminal never cuts a
    # rule id or a name (D24); into a file or a pipe, one line per part, as grep expects
    width = _terminal_width(stream)
    rule = f"[{safe(exc.rule)}]" if exc.rule else ""
    lines = fit(f"✗ {where(exc)}{safe(exc.message)}" + (f"  {rule}" if rule else ""), width)
    lines[0] = paint("✗", "bold red") + lines[0][1:]
    if rule:
        lines[-1] = lines[-1].replace(rule, paint(rule, "dim"))
    problems = getattr(exc, "problems", ())
    if len(problems) > 1:
        for problem in problems:
            lines += fit(f"  • {safe(problem)}", width, indent="    ")
    if exc.hint:
        hinted = fit(f"  → {safe(exc.hint)}", width, indent="    ")
        hinted[0] = hinted[0].replace("→", paint("→", "cyan"), 1)
        lines += hinted
    if exc.rule and game and "." in exc.rule and (not exc.rule.startswith("core.") or exc.rule in _core_ids()):
        command = f"rules {exc.rule}" if at_prompt else f"assistant rules {game} {exc.rule}"
        lines.append("  " + paint(f"read it: {command}", "dim"))
    stream.write("\n".join(lines) + "\n")
    stream.flush()


def _cell(value: Any) -> str:
    from assistant.core.protocol import described_text  # imported when a table is drawn, not at start-up

    return described_text(value)


def text_width(default: int = 100) -> int:
    """The width to fit a wide table to: the terminal's when stdout is one, else ``default``
    (piped output is not squeezed to 80 columns)."""
    if sys.stdout.isatty():
        import shutil

        return shutil.get_terminal_size((default, 24)).columns
    return default


def grid(
    header: Sequence[str],
    rows: Sequence[Sequence[str] | None],
    align: str = "",
    *,
    width: int | None = None,
    wrap: Sequence[int] | None = None,
    least: int = 16,
) -> list[str]:
    """Rows as plain text columns (two spaces apart, a rule under the header), never cut
    inside a word or a figure: ``align`` holds one letter per column (``l`` or ``r``). With
    ``width``, the columns in ``wrap`` (default: the last) are narrowed, the widest first,
    and their cells wrapped between words until each line fits or they are as narrow as
    their longest word (and ``least`` columns). A row ``None`` draws a rule (before a total)."""
    import textwrap

    count = len(header)
    align = (align or "").ljust(count, "l")
    wrap = [count - 1] if wrap is None else list(wrap)
    widths = [len(h) for h in header]
    floor = [len(h) for h in header]
    for row in rows:
        if row is None:
            continue
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
            floor[i] = max(floor[i], *(len(w) for w in cell.split() or [""]))
    floor = [max(f, min(least, w)) for f, w in zip(floor, widths)]
    if width is not None:
        while sum(widths) + 2 * (count - 1) > width:
            narrowable = [i for i in wrap if widths[i] > floor[i]]
            if not narrowable:
                break
            widest = max(narrowable, key=lambda i: widths[i])
            widths[widest] -= 1

    def line(cells: Sequence[str]) -> list[str]:
        pieces = [
            (textwrap.wrap(c, widths[i], break_long_words=False, break_on_hyphens=False) or [""]) if i in wrap else [c]
            for i, c in enumerate(cells)
        ]
        height = max(len(p) for p in pieces)
        out_lines = []
        for n in range(height):
            row = [p[n] if n < len(p) else "" for p in pieces]
            text = "  ".join(c.rjust(w) if a == "r" else c.ljust(w) for c, w, a in zip(row, widths, align))
            out_lines.append(text.rstrip())
        return out_lines

    total = sum(widths) + 2 * (count - 1)
    lines = line(header) + ["─" * total]
    for row in rows:
        lines += ["─" * total] if row is None else line(row)
    return lines


#: How the games' scoring notes a sheet of a game not over (the text view says it in a line of
#: its own; ``--json`` keeps the note).
PROVISIONAL_NOTE = "provisional: the game is not over"


def score_sheet(
    sheet: "ScoreSheet", title: str | None = None, *, provisional: bool = False, working: bool = False
) -> None:
    """Players as columns, categories as rows (like a paper score pad), totals and ranks, as
    plain rows that never wrap inside a figure. A provisional sheet names no winner and
    crowns nobody; ``working`` adds the breakdown lines (a long list: asked for only)."""
    lines: list[str] = []
    if title:
        lines.append(safe(title))
    crowned = () if provisional else sheet.winners
    # a city scored beside the players but not one of them (7 Wonders' Free City): a column of
    # its own, in parentheses, with no rank (issue 23, D20)
    sides = {k: v for k, v in sheet.extra.items() if isinstance(v, dict) and isinstance(v.get("scores"), dict) and "total" in v}
    header = ["", *[safe(p) + (" ★" if p in crowned else "") for p in sheet.players], *[f"({safe(str(v.get('name', k)))})" for k, v in sides.items()]]
    rows: list[Any] = [
        [safe(c.replace("_", " ")), *[str(sheet.points[p][c]) for p in sheet.players], *[str(v["scores"].get(c, "")) for v in sides.values()]]
        for c in sheet.categories
    ]
    rows += [None] if rows else []  # a play logged from totals has no category rows
    rows.append(["total", *[str(sheet.totals[p]) for p in sheet.players], *[str(v["total"]) for v in sides.values()]])
    rows.append(["rank", *[str(sheet.ranks[p]) for p in sheet.players], *["—" for _ in sides]])
    lines += grid(header, rows, "l" + "r" * (len(sheet.players) + len(sides)))
    for k, v in sheet.extra.items():
        if k not in sides:
            lines += fit(safe(f"{k.replace('_', ' ')}: {_cell(v)}"))
    if provisional:
        lines.append("provisional: no winner until the game is over")
    else:
        winners = ", ".join(sheet.winners) if sheet.winners else "nobody"
        lines.append(safe(f"Winner{'s' if len(sheet.winners) > 1 else ''}: {winners}"))
    for note in sheet.notes:
        if provisional:  # the line above says it already: keep only what the note adds
            note = note.removeprefix(PROVISIONAL_NOTE).removeprefix(";").strip()
            if not note:
                continue
        lines += fit(safe(f"  note: {note}"), indent="    ")
    details = {p: d for p, d in sheet.details.items() if d}
    if working and details:
        lines.append("working:")
        for p, d in details.items():
            for category, text in d.items():
                lines += fit(safe(f"  {p} · {category.replace('_', ' ')}: {text}"), indent="      ")
    plain("\n".join(lines))


def has_working(sheet: "ScoreSheet") -> bool:
    """Whether the sheet holds a breakdown (``--working`` prints it)."""
    return any(sheet.details.values())


def plain(text: str, *, stream: TextIO | None = None) -> None:
    """Plain lines on stdout (no markup, no wrapping by rich), user text made safe."""
    stream = stream or sys.stdout
    stream.write("\n".join(safe(part) for part in text.split("\n")) + "\n")
    stream.flush()


def board_text(game: Game, *, reveal: bool = False, wide: bool = False) -> str:
    """The game's board at a glance as the table sees it (``Game.board``), or with every
    hidden face with ``reveal``; trailing spaces trimmed."""
    from assistant.core.viewer import Viewer

    text = game.board(viewer=Viewer.revealing(reveal), wide=wide)
    return "\n".join(line.rstrip() for line in text.splitlines())


def legal_lines(summary: Sequence[str], moves: Sequence[str] | None = None) -> None:
    """``legal``: the grouped summary, or every move (``--all``), plain on stdout."""
    if moves is not None:
        if not moves:
            message("the game lists no moves here (enter what happened)")
        plain("\n".join("  " + m for m in moves)) if moves else None
        return
    if not summary:
        message("the game lists no moves here (enter what happened)")
        return
    plain("\n".join(summary))


def short_score(sheet: "ScoreSheet") -> str:
    """The running score on one line: ``Ann 12 · Ben 9``."""
    return " · ".join(f"{p} {sheet.totals[p]}" for p in sheet.players)


def described_state(data: Mapping[str, Any], prompt: "Prompt | None" = None) -> None:
    """A game's ``describe()`` output: the phase, a players table, the other keys."""
    from rich.table import Table

    console = out()
    phase = data.get("phase")
    if phase:
        console.print(f"[bold]{_esc(phase)}[/bold]")
    players = data.get("players")
    if isinstance(players, list) and players and all(isinstance(p, Mapping) for p in players):
        keys: list[str] = []
        for p in players:
            for k in p:
                if k not in keys:
                    keys.append(k)
        table = Table(show_header=True)
        for k in keys:
            table.add_column(k.replace("_", " "))
        for p in players:
            table.add_row(*[_esc(_cell(p.get(k))) for k in keys])
        console.print(table)
    for key, value in data.items():
        if key in ("phase", "players"):
            continue
        console.print(f"[dim]{_esc(key.replace('_', ' '))}:[/dim] {_esc(_cell(value))}")
    if prompt is not None:
        prompt_line(prompt)


def prompt_text(prompt: "Prompt") -> str:
    """What the game waits for, as one line of text (whose turn, the phase, the verbs)."""
    who = ", ".join(prompt.players) if prompt.players else "the table"
    kinds = f" ({' / '.join(prompt.kinds)})" if prompt.kinds else ""
    text = prompt.message or f"waiting for {who}{kinds}"
    if prompt.phase and prompt.phase.casefold() not in text.casefold():
        text = f"{prompt.phase} · {text}"
    return text


def _terminal_width(stream: TextIO) -> int | None:
    """The columns of the terminal ``stream`` writes to, or None when it is not a terminal."""
    try:
        if not stream.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    import shutil

    return max(40, shutil.get_terminal_size().columns)


def fit(text: str, width: int | None = 80, indent: str = "  ") -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken between words only (the later
    lines indented), so that no name or figure is cut; ``width`` None leaves it whole."""
    import textwrap

    if width is None:
        return [text]

    return textwrap.wrap(
        text, width=width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [""]


def prompt_line(prompt: "Prompt", *, to_stderr: bool = False, score: str = "") -> None:
    """What the game waits for (and, at the prompt, the running score ``Ann 12 · Ben 9``),
    within 80 columns: one line when it fits, else broken between words (stderr for
    commands whose stdout is data)."""
    text = prompt_text(prompt)
    stream = sys.stderr if to_stderr else sys.stdout
    arrow = "\x1b[36m→\x1b[0m" if _colour(stream) else "→"
    lines = fit(f"→ {safe(text)}" + (f" · score: {safe(score)}" if score else ""))
    if score and len(lines) > 1:  # the score on a line of its own rather than cut
        lines = [*fit(f"→ {safe(text)}"), *fit(f"  score: {safe(score)}", indent="    ")]
    lines[0] = arrow + lines[0][1:]
    stream.write("\n".join(lines) + "\n")
    stream.flush()


def games_table(rows: Sequence["GameSummary"], *, stream: TextIO | None = None, width: int | None = None) -> None:
    """The ``games`` list as plain rows (one per game), fitted to the width (``width``, else
    the terminal's) by wrapping the players, winners and location between entries, never
    inside a name and its figure; on stdout, or ``stream`` (a pager's input)."""
    if not rows:
        message("no games match")
        return
    plain("\n".join(games_lines(rows, width=width)), stream=stream)


#: Below this width ``games`` marks the winners in the players column (★) and leaves out the
#: winners and entries columns: on 80 columns a four-player game then takes two lines, not four.
GAMES_COMPACT_BELOW = 100


def games_lines(rows: Sequence["GameSummary"], *, width: int | None = None) -> list[str]:
    """The lines of :func:`games_table` (``rows`` not empty). Narrower than
    :data:`GAMES_COMPACT_BELOW` (an 80-column terminal), the winners are starred in the
    players column instead of a column of their own, and the entries column is left out."""
    width = width or text_width()
    compact = width < GAMES_COMPACT_BELOW
    star = " ★" if (getattr(sys.stdout, "encoding", None) or "utf-8").lower().startswith("utf") else " *"
    header = ["id", "date", "game", "status", "players", "location"] if compact else ["id", "date", "game", "status", "players", "winners", "entries", "location"]
    body = []
    for row in rows:
        won = set(row.winners) if compact else set()
        # a name and its total are kept together (no-break space), entries part at ", "
        players = ", ".join(
            safe((f"{p.name} {p.total}" if p.total is not None else p.name) + (star if p.name in won else "")).replace(" ", "\u00a0")
            for p in row.players
        )
        location = safe(row.location or "")
        if len(location) > 30:  # a long note, cut: 'show ID' prints it whole
            location = location[:29].rstrip() + "…"
        status = safe(row.status or "") + (f" ({row.kind})" if row.kind in ("table", "sheet", "totals") else "")
        cells = [str(row.id), safe(row.date or ""), safe(row.game or "?"), status, players]  # a damaged row may lack its game
        body.append(cells + [location] if compact else cells + [safe(", ".join(row.winners)), str(row.entries), location])
    # every column but the id, date, game and entries may wrap, down to its longest word: 80 columns hold it
    if compact:
        lines = grid(header, body, "rlllll", width=width, wrap=[3, 4, 5], least=8)
    else:
        lines = grid(header, body, "rlllllrl", width=width, wrap=[3, 4, 5, 7], least=8)
    return [line.replace("\u00a0", " ") for line in lines]


def log_text(turns: Sequence["LogTurn"]) -> list[str]:
    """``log``'s lines: a heading per turn (``── 5 · Age I, turn 4``: the number ``log --turn``
    takes; the set-up's headings unnumbered), then its entries numbered by ply, each with its
    comment."""
    lines: list[str] = []
    for turn in turns:
        if turn.heading:
            lines.append(safe(f"── {turn.number} · {turn.heading}" if turn.number else f"── {turn.heading}"))
        for item in turn.entries:
            comment = f"  # {item.comment}" if item.comment else ""
            lines.append(safe(f"{item.ply:>4}. {item.text}{comment}"))
    return lines


def player_report(report: "PlayerReport") -> None:
    """``players show``: one player's record as plain rows (as ``games``): per game, category
    averages per game, head-to-head, rival and nemesis, last games."""
    rate = f"{report.win_rate:.0%}" if report.win_rate is not None else "—"
    width = text_width()
    lines = [safe(f"{report.name}: {report.played} games, {report.finished} finished, {report.wins} won ({rate})")]
    if report.by_game:
        rows = [[safe(g.game), str(g.played), str(g.finished), str(g.wins), _percent(g.win_rate), _cell(g.average), _cell(g.best)] for g in report.by_game]
        lines += [""] + grid(["game", "played", "finished", "wins", "win rate", "average", "best"], rows, "lrrrrrr", width=width)
    for game_name, cats in report.category_averages.items():
        lines += [""] + fit(safe(f"average points in {game_name}: " + ", ".join(f"{c} {v}" for c, v in cats.items())), width=width)
    if report.head_to_head:
        rows = [[safe(h.opponent), str(h.games), str(h.ahead), str(h.behind), str(h.tied)] for h in report.head_to_head]
        lines += [""] + grid(["opponent", "games", "ahead", "behind", "tied"], rows, "lrrrr", width=width)
    if report.rival:
        lines.append(safe(f"rival (beaten most): {report.rival}"))
    if report.nemesis:
        lines.append(safe(f"nemesis (beaten by most): {report.nemesis}"))
    if report.recent:
        rows = [
            [str(r.id), safe(r.date), safe(r.game), safe(r.status), _cell(r.total), _cell(r.rank), "yes" if r.winner else ""]
            for r in report.recent
        ]
        lines += ["", "last games:"] + grid(["id", "date", "game", "status", "total", "rank", "won"], rows, "rllllrrl", width=width)
    plain("\n".join(lines))


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def players_table(rows: Sequence["PlayerStats"], *, per_game: bool) -> None:
    """``players`` as plain rows (as ``games``): games played and finished, wins, win rate;
    with one game its average and best total, else each game's average (never one average
    over different games)."""
    if not rows:
        message("no players yet")
        return
    if per_game:
        header = ["player", "played", "finished", "wins", "win rate", "average by game"]
        body = [
            [
                safe(r.name), str(r.played), str(r.finished), str(r.wins), _percent(r.win_rate),
                ", ".join(safe(f"{g} {_cell(v.get('average'))}").replace(" ", "\u00a0") for g, v in r.by_game.items()) or "—",
            ]
            for r in rows
        ]
        lines = grid(header, body, "lrrrrl", width=text_width(), wrap=[5])
    else:
        header = ["player", "played", "finished", "wins", "win rate", "average", "best"]
        body = [[safe(r.name), str(r.played), str(r.finished), str(r.wins), _percent(r.win_rate), _cell(r.average), _cell(r.best)] for r in rows]
        lines = grid(header, body, "lrrrrrr", width=text_width())
    plain("\n".join(line.replace("\u00a0", " ") for line in lines))


def rows_table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> None:
    """Rows of mappings as a table (the given columns, else every key of the first row)."""
    from rich.table import Table

    if not rows:
        message("nothing to show")
        return
    columns = list(columns or rows[0].keys())
    table = Table()
    for column in columns:
        table.add_column(column.replace("_", " "))
    for row in rows:
        table.add_row(*[_esc(_cell(row.get(c))) for c in columns])
    out().print(table)


def reflow(text: str) -> str:
    """Join the hard-wrapped lines of each paragraph so the terminal can wrap them; list
    items, tables and indented lines keep their breaks."""
    out_lines: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        keep = (
            not stripped
            or stripped[:2] in ("- ", "* ", "| ")
            or stripped.startswith(("|", ">", "```"))
            or line.startswith(("  ", "\t"))
            or (stripped.split(" ", 1)[0].rstrip(".)").isdigit() and stripped.split(" ", 1)[0][-1:] in ".)")
        )
        if out_lines and out_lines[-1].strip() and not keep and not out_lines[-1].lstrip().startswith("|"):
            out_lines[-1] = out_lines[-1].rstrip() + " " + stripped
        else:
            out_lines.append(line.rstrip())
    return "\n".join(out_lines)


def rule_texts(rules: Sequence[RuleText], *, full: bool = True) -> None:
    """Rule texts: in full, or one line each (id and title) when ``full`` is false."""
    console = out()
    if not full:
        for rule in rules:
            console.print(f"[bold]{_esc(rule.id)}[/bold]  {_esc(rule.title)}")
        return
    for i, rule in enumerate(rules):
        if i:
            console.print()
        console.print(f"[bold]{_esc(rule.title)}[/bold]  [dim]\\[{_esc(rule.id)}][/dim]")
        console.print(reflow(rule.text), markup=False)
        if rule.see_also:
            console.print(f"[dim]see also: {_esc(', '.join(rule.see_also))}[/dim]")
