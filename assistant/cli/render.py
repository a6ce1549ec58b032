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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from assistant.core.errors import AssistantError
    from assistant.core.protocol import Prompt
    from assistant.core.scoresheet import ScoreSheet
    from assistant.service.views import GameSummary, LogLine, PlayerReport


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


_CODES = {"green": "32", "red": "31", "cyan": "36", "dim": "2", "bold red": "1;31", "": ""}


def _colour(stream: Any) -> bool:
    """Colour on a terminal unless NO_COLOR is set or TERM is dumb; FORCE_COLOR forces it."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _line(text: str, style: str = "", *, stream: Any = None) -> None:
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


def success(text: str) -> None:
    """A one-line confirmation (✓) on stderr."""
    _line("✓ " + text, "green")


def events(lines: Sequence[str]) -> None:
    """What an entry set off by itself, one dim line each, under the ✓."""
    for line in lines:
        _line("  · " + line, "dim")


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


def error(exc: "AssistantError", game: str | None = None) -> None:
    """An error as one or a few lines: ✗ message [rule] → hint, and where to read the rule."""
    stream = sys.stderr
    colour = _colour(stream)

    def paint(text: str, style: str) -> str:
        return f"\x1b[{_CODES[style]}m{text}\x1b[0m" if colour else text

    rule = "  " + paint(f"[{safe(exc.rule)}]", "dim") if exc.rule else ""
    lines = [f"{paint('✗', 'bold red')} {where(exc)}{safe(exc.message)}{rule}"]
    problems = getattr(exc, "problems", ())
    if len(problems) > 1:
        lines += [f"  • {safe(problem)}" for problem in problems]
    if exc.hint:
        lines.append(f"  {paint('→', 'cyan')} {safe(exc.hint)}")
    if exc.rule and game and "." in exc.rule and not exc.rule.startswith("core."):
        lines.append("  " + paint(f"read it: assistant rules {game} {exc.rule}", "dim"))
    stream.write("\n".join(lines) + "\n")
    stream.flush()


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_cell(v)}" for k, v in value.items()) or "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(v) for v in value) or "—"
    return str(value)


def score_sheet(sheet: "ScoreSheet", title: str | None = None) -> None:
    """Players as columns, categories as rows (like a paper score pad), totals and ranks."""
    from rich.table import Table

    table = Table(title=title, title_justify="left", show_footer=False)
    table.add_column("")
    for p in sheet.players:
        crown = " ★" if p in sheet.winners else ""
        table.add_column(_esc(p) + crown, justify="right")
    for category in sheet.categories:
        table.add_row(_esc(category), *[str(sheet.points[p][category]) for p in sheet.players])
    table.add_section()
    table.add_row("[bold]total[/bold]", *[f"[bold]{sheet.totals[p]}[/bold]" for p in sheet.players])
    table.add_row("rank", *[str(sheet.ranks[p]) for p in sheet.players])
    out().print(table)
    for k, v in sheet.extra.items():
        out().print(safe(f"{k.replace('_', ' ')}: {_cell(v)}"), markup=False)
    winners = ", ".join(sheet.winners) if sheet.winners else "nobody"
    out().print(f"[bold]Winner{'s' if len(sheet.winners) > 1 else ''}:[/bold] {_esc(winners)}")
    for note in sheet.notes:
        out().print(f"  [dim]note:[/dim] {_esc(note)}")
    details = {p: d for p, d in sheet.details.items() if d}
    if details:
        out().print("[dim]working:[/dim]")
        for p, d in details.items():
            for category, text in d.items():
                out().print(f"  [dim]{_esc(p)} · {_esc(category)}:[/dim] {_esc(text)}")


def plain(text: str, *, stream: Any = None) -> None:
    """Plain lines on stdout (no markup, no wrapping by rich), user text made safe."""
    stream = stream or sys.stdout
    stream.write("\n".join(safe(part) for part in text.split("\n")) + "\n")
    stream.flush()


def board_text(ruleset: Any, state: Any, *, reveal: bool = False, wide: bool = False) -> str:
    """The game's board at a glance (``Ruleset.board``), trailing spaces trimmed."""
    text = ruleset.board(state, reveal=reveal, wide=wide)
    return "\n".join(line.rstrip() for line in text.splitlines())


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


def fit(text: str, width: int = 80, indent: str = "  ") -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken between words only (the later
    lines indented), so that no name or figure is cut."""
    import textwrap

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


def games_table(rows: Sequence["GameSummary"]) -> None:
    """The ``games`` list as a table (one row per game)."""
    from rich.table import Table

    if not rows:
        message("no games match")
        return
    table = Table()
    for column in ("id", "date", "game", "status", "players", "winners", "entries", "location"):
        table.add_column(column, justify="right" if column in ("id", "entries") else "left")
    for row in rows:
        players = ", ".join(f"{p.name} {p.total}" if p.total is not None else p.name for p in row.players)
        table.add_row(
            str(row.id),
            row.date,
            row.game,
            row.status if row.kind != "table" else "finished (table)",
            _esc(players),
            _esc(", ".join(row.winners)),
            str(row.entries),
            _esc(row.location or ""),
        )
    out().print(table)


def log_lines(entries: Sequence["LogLine"]) -> None:
    """Entries numbered by ply, each with its comment."""
    for item in entries:
        comment = f"  # {item.comment}" if item.comment else ""
        out().print(safe(f"{item.ply:>4}. {item.text}{comment}"), markup=False)


def player_report(report: "PlayerReport") -> None:
    """``players show``: one player's record, tables per game, head-to-head and last games."""
    console = out()
    rate = f"{report.win_rate:.0%}" if report.win_rate is not None else "—"
    console.print(
        f"[bold]{_esc(report.name)}[/bold]: {report.played} games, {report.finished} finished, "
        f"{report.wins} won ({rate})"
    )
    rows_table([g.to_json() for g in report.by_game], ["game", "played", "finished", "wins", "win_rate", "average", "best"])
    for game_name, cats in report.category_averages.items():
        console.print(safe(f"average points in {game_name}: " + ", ".join(f"{c} {v}" for c, v in cats.items())), markup=False)
    if report.head_to_head:
        rows_table([h.to_json() for h in report.head_to_head], ["opponent", "games", "ahead", "behind", "tied"])
    if report.rival:
        console.print(safe(f"rival (beaten most): {report.rival}"), markup=False)
    if report.nemesis:
        console.print(safe(f"nemesis (beaten by most): {report.nemesis}"), markup=False)
    if report.recent:
        console.print("last games:", markup=False)
        rows_table([r.to_json() for r in report.recent], ["id", "date", "game", "status", "total", "rank", "winner"])


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


def rule_texts(rules: Sequence[Any], *, full: bool = True) -> None:
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
