"""``assistant stats [GAME]``: leaderboards, high scores, wins by seat, start player, wonder,
side and leader, category averages and spread, ratings, streaks, head to head, and charts in
the terminal (``--chart``). The statistics come from :mod:`assistant.service.stats`; this
module prints them as plain rows (as ``games`` does) and draws the charts as plain text: no
colour codes, never wider than the terminal (80 columns when not on one).

Registered on the main typer app by :func:`register` (``main.py`` passes its error handler and
store opener), so that this module does not import ``main``.
"""

from __future__ import annotations

import math
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from assistant.cli import render
from assistant.cli.base import app, examples, open_store

if TYPE_CHECKING:
    from assistant.service.views import CategoryStat, PlayerRating, StatsView, WinSplit
    from assistant.store.db import Store

VIEWS = ("by", "categories", "ratings", "streaks", "versus", "high")


def chart_width() -> int:
    """The width of a chart: the terminal's when stdout is one, else 80."""
    if sys.stdout.isatty():
        return max(40, shutil.get_terminal_size((80, 24)).columns)
    return 80


def _bar_char() -> str:
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return "█" if encoding.startswith("utf") else "#"


def _num(value: Any, digits: int = 1) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _table(title: str | None, header: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> list[str]:
    lines = [render.safe(title)] if title else []
    return lines + render.grid(header, [[render.safe(c) for c in r] for r in rows], align, width=render.text_width())


# -- text views -------------------------------------------------------------------------------------
def leaderboard_lines(view: StatsView) -> list[str]:
    """Each leaderboard: the game's (games, wins, win rate, average, best) or, across games,
    games and wins only."""
    lines: list[str] = []
    for board in view.leaderboards or ():
        game = board[0].game if board else None
        if lines:
            lines.append("")
        if game is None:
            title = f"All games (games and wins; sorted by {view.sort if view.sort in ('wins', 'rate', 'played') else 'wins'})"
            rows = [[r.name, str(r.games), str(r.wins), _pct(r.win_rate)] for r in board]
            lines += _table(title, ["player", "games", "wins", "win rate"], rows, "lrrr")
        else:
            rows = [[r.name, str(r.games), str(r.wins), _pct(r.win_rate), _num(r.average), _num(r.best)] for r in board]
            lines += _table(f"{game} (sorted by {view.sort})", ["player", "games", "wins", "win rate", "average", "best"], rows, "lrrrrr")
    return lines


def high_lines(view: StatsView) -> list[str]:
    """The high scores, a table per game."""
    lines: list[str] = []
    games: list[str] = []
    for h in view.high_scores or ():
        if h.game not in games:
            games.append(h.game)
    for game in games:
        rows = [[str(h.place), h.name, str(h.total), "yes" if h.winner else "", h.date, str(h.id)] for h in view.high_scores or () if h.game == game]
        lines += ([""] if lines else []) + _table(f"High scores: {game}", ["#", "player", "total", "won", "date", "game"], rows, "rlrlll")
    return lines


def split_lines(splits: Sequence[WinSplit]) -> list[str]:
    """Wins by seat, start player or seat fact, a table per game."""
    lines: list[str] = []
    games: list[str] = []
    for s in splits:
        if s.game not in games:
            games.append(s.game)
    for game in games:
        mine = [s for s in splits if s.game == game]
        by = mine[0].by
        if by == "seat":
            header = ["players", "seat", "seats", "wins", "win rate", "fair share"]
            rows = [[str(s.players), s.value, str(s.seats), str(s.wins), _pct(s.win_rate), _pct(s.fair_share / s.seats)] for s in mine]
            align = "rrrrrr"
        elif by == "start":
            header = ["start player", "seats", "wins", "win rate", "fair share"]
            rows = [[s.value, str(s.seats), str(s.wins), _pct(s.win_rate), _pct(s.fair_share / s.seats)] for s in mine]
            align = "lrrrr"
        else:
            header = [by, "seats", "wins", "win rate", "fair share", "average", "best"]
            rows = [
                [s.value, str(s.seats), str(s.wins), _pct(s.win_rate), _pct(s.fair_share / s.seats), _num(s.average), _num(s.best)]
                for s in mine
            ]
            align = "lrrrrrr"
        lines += ([""] if lines else []) + _table(f"{game}: wins by {by}", header, rows, align)
    return lines


def category_lines(stats: Sequence[CategoryStat]) -> list[str]:
    """Per game, one row per player (the whole table first) and one column per category:
    ``average ±spread``."""
    lines: list[str] = []
    games: list[str] = []
    for c in stats:
        if c.game not in games:
            games.append(c.game)
    for game in games:
        mine = [c for c in stats if c.game == game]
        cats: list[str] = []
        who: list[str | None] = []
        for c in mine:
            if c.category not in cats:
                cats.append(c.category)
            if c.name not in who:
                who.append(c.name)
        cell = {(c.name, c.category): f"{c.average:.1f} ±{c.spread:.1f}" for c in mine}
        names = [render.safe(w) if w is not None else "whole table" for w in who]
        title: str | None = f"{game}: average points ±spread (std dev)"
        for group in _fitting(cats, names, cell, who):  # as many categories a table as the width holds
            rows = [[n, *[cell.get((w, k), "—") for k in group]] for n, w in zip(names, who)]
            header = ["player", *[k.replace("_", " ") for k in group]]
            lines += ([""] if lines else []) + _table(title, header, rows, "l" + "r" * len(group))
            title = None
    return lines


def _fitting(cats: Sequence[str], names: Sequence[str], cell: Mapping[tuple[str | None, str], str], who: Sequence[str | None]) -> list[list[str]]:
    """The categories in groups whose table (the player column, then theirs) fits the text
    width, in order: a game of eight categories is one table on a wide terminal and two on
    80 columns, the players repeated, rather than lines that wrap."""
    width = render.text_width()
    used = max(len("player"), *(len(n) for n in names))
    groups: list[list[str]] = [[]]
    for k in cats:
        column = max(len(k), *(len(cell.get((w, k), "—")) for w in who)) + 2
        if groups[-1] and used + column > width:
            groups.append([])
            used = max(len("player"), *(len(n) for n in names))
        groups[-1].append(k)
        used += column
    return groups


def rating_lines(ratings: Sequence[PlayerRating], player: str | None, *, every: bool = False) -> list[str]:
    """Current ratings per game (ordinal = mu - 3 sigma) and the history of one player (or
    of each, briefly: first and last; ``every``: each one's whole history)."""
    lines: list[str] = []
    games: list[str] = []
    for r in ratings:
        if r.game not in games:
            games.append(r.game)
    for game in games:
        mine = [r for r in ratings if r.game == game]
        rows = [[r.name, str(r.games), f"{r.ordinal:.2f}", f"{r.mu:.2f}", f"{r.sigma:.2f}"] for r in mine]
        lines += ([""] if lines else []) + _table(f"{game}: ratings (openskill Plackett-Luce)", ["player", "games", "ordinal", "mu", "sigma"], rows, "lrrrr")
        for r in mine:
            if player is not None and r.name != player:
                continue
            if player is None and not every and len(r.history) > 1:
                first, last = r.history[0], r.history[-1]
                lines.append(render.safe(f"  {r.name}: {first.ordinal:.2f} on {first.date} → {last.ordinal:.2f} on {last.date}"))
            elif player is not None or every:
                lines.append(render.safe(f"  history of {r.name}:"))
                lines += _table(None, ["date", "game", "ordinal", "mu", "sigma"], [[p.date, str(p.id), f"{p.ordinal:.2f}", f"{p.mu:.2f}", f"{p.sigma:.2f}"] for p in r.history], "lrrrr")
    return lines


def streak_lines(view: StatsView) -> list[str]:
    """Current and longest win streaks."""
    streaks = view.streaks or ()
    rows = [[s.name, str(s.current), str(s.longest), str(s.wins), str(s.games)] for s in streaks]
    title = f"{view.filters.game}: win streaks" if view.filters.game else "Win streaks (every game, in the order played)"
    return _table(title, ["player", "current", "longest", "wins", "games"], rows, "lrrrr")


def versus_lines(view: StatsView) -> list[str]:
    """The head-to-head matrix: a row per player, a column per opponent, each cell
    ``ahead-behind`` (ties left out) over the games they played together."""
    names = list(view.versus_names or ())
    cells = {(h.name, h.opponent): h for h in view.versus or ()}
    rows = []
    for name in names:
        row = [name]
        for other in names:
            h = cells.get((name, other))
            row.append("·" if name == other else (f"{h.ahead}-{h.behind}" + (f" ={h.tied}" if h.tied else "") if h else ""))
        rows.append(row)
    title = "Head to head: finished ahead-behind of each opponent (=ties)"
    lines = _table(title, ["player", *names], rows, "l" + "r" * len(names))
    if max(len(line) for line in lines) <= render.text_width():
        return lines
    pairs = [[h.name, h.opponent, str(h.games), str(h.ahead), str(h.behind), str(h.tied)] for h in view.versus or ()]
    return _table("Head to head (too many players for a matrix: one line per pair)", ["player", "opponent", "games", "ahead", "behind", "tied"], pairs, "llrrrr")


# -- charts (plain text) ----------------------------------------------------------------------------
def _bar(value: float, top: float, room: int, char: str) -> str:
    if top <= 0 or value <= 0:
        return ""
    return char * max(1, round(value / top * room))


def histogram(scores: Mapping[str, Sequence[int]], width: int, bins: int = 8) -> list[str]:
    """Each player's score distribution: the same score bands for everyone, one bar per band
    (its length the number of games)."""
    char = _bar_char()
    values = [v for vs in scores.values() for v in vs]
    if not values:
        return ["no finished games to draw"]
    low, high = min(values), max(values)
    step = max(1, math.ceil((high - low + 1) / bins))
    bands = [(low + i * step, low + (i + 1) * step - 1) for i in range((high - low) // step + 1)]
    label = max(len(f"{a}-{b}") for a, b in bands)
    most = max(sum(1 for v in vs if a <= v <= b) for vs in scores.values() for a, b in bands)
    room = max(5, width - label - 2 - 1 - len(str(most)) - 2)
    lines = ["Score distribution (games per band of total)"]
    for name, vs in scores.items():
        lines.append(render.safe(f"{name} ({len(vs)} games)"))
        for a, b in bands:
            n = sum(1 for v in vs if a <= v <= b)
            lines.append(f"  {f'{a}-{b}':>{label}} {_bar(n, most, room, char)} {n}".rstrip())
    return [line[:width] for line in lines]


def category_chart(stats: Sequence[CategoryStat], width: int) -> list[str]:
    """Grouped bars: per category, one bar per player's average (negative averages drawn
    as no bar, the figure printed)."""
    char = _bar_char()
    lines: list[str] = []
    for game in dict.fromkeys(c.game for c in stats):
        mine = [c for c in stats if c.game == game and c.name is not None]
        if not mine:
            continue
        names = list(dict.fromkeys(c.name for c in mine))
        cats = list(dict.fromkeys(c.category for c in mine))
        top = max((c.average for c in mine), default=0)
        label = max(len(n) for n in names)  # type: ignore[arg-type]
        figure = max(len(f"{c.average:.1f}") for c in mine)
        room = max(5, width - 4 - label - 1 - figure - 1)
        lines += ([""] if lines else []) + [render.safe(f"{game}: average points per category")]
        values = {(c.name, c.category): c.average for c in mine}
        for cat in cats:
            lines.append(render.safe(cat.replace("_", " ")))
            for n in names:
                v = values.get((n, cat))
                if v is None:
                    continue
                lines.append(render.safe(f"    {n:<{label}} {_bar(v, top, room, char)} {v:.1f}".rstrip()))
    return [line[:width] for line in lines] or ["no finished games to draw"]


MARKS = "*o+x#@%&=~"


def rating_chart(ratings: Sequence[PlayerRating], width: int, height: int = 12, *, player: str | None = None, most: int = 5) -> list[str]:
    """Each player's ordinal over the games of one game, in the order played: one mark per
    player (the legend under the chart), time across, rating up; the ``most`` best rated
    (``player``: that player alone)."""
    lines: list[str] = []
    for game in dict.fromkeys(r.game for r in ratings):
        mine = [r for r in ratings if r.game == game and r.history and (player is None or r.name == player)][:most]
        if not mine:
            continue
        order = sorted({(p.date, p.id) for r in mine for p in r.history})
        index = {key: i for i, key in enumerate(order)}
        values = [p.ordinal for r in mine for p in r.history]
        low, high = min(values), max(values)
        if high - low < 1e-9:
            high = low + 1
        axis = max(len(f"{high:.1f}"), len(f"{low:.1f}"))
        cols = max(10, width - axis - 2)
        grid = [[" "] * cols for _ in range(height)]
        for mark, r in zip(MARKS, mine):
            for p in r.history:
                x = round(index[(p.date, p.id)] / max(1, len(order) - 1) * (cols - 1))
                y = round((p.ordinal - low) / (high - low) * (height - 1))
                grid[height - 1 - y][x] = mark
        among = f", the {len(mine)} best rated" if player is None and len([r for r in ratings if r.game == game]) > len(mine) else ""
        lines += ([""] if lines else []) + [render.safe(f"{game}: rating (ordinal) over {len(order)} games{among}")]
        for i, row in enumerate(grid):
            tick = f"{high:.1f}" if i == 0 else f"{low:.1f}" if i == height - 1 else ""
            lines.append(f"{tick:>{axis}} |{''.join(row)}".rstrip())
        lines.append(" " * axis + " +" + "-" * cols)
        first, last = order[0][0], order[-1][0]
        lines.append(" " * (axis + 2) + first + (last.rjust(cols - len(first)) if cols > len(first) + len(last) else ""))
        legend = "  ".join(f"{m} {r.name}" for m, r in zip(MARKS, mine))
        lines += render.fit(render.safe(legend), width=width)
    return [line[:width] for line in lines] or ["no rated games to draw"]


# -- the command ------------------------------------------------------------------------------------
def stream_json(view: StatsView) -> None:
    """``--json`` of the ratings view, written a player at a time, each rating point on one
    line (``--history`` at 100,000 games writes some 330,000 of them: pretty-printed one value
    a line, that is 2.5 million lines and most of the time). Everything else is laid out as
    :func:`render.print_json` lays it out, and a character that is not printable is escaped
    the same way; the text parses to the same JSON."""
    import dataclasses
    import json

    out = sys.stdout

    def write(text: str) -> None:
        if not text.replace("\n", "").isprintable():  # a space is printable: what print_json lets through
            text = "".join(ch if ch.isprintable() or ch in " \n" else json.dumps(ch)[1:-1] for ch in text)
        out.write(text)

    mark = "\x00ratings\x00"
    head, tail = json.dumps({**dataclasses.replace(view, ratings=()).to_json(), "ratings": mark}, indent=2, ensure_ascii=False, default=str).split(json.dumps(mark))
    rated = view.ratings or ()
    write(head + ("[" if rated else "[]"))
    for i, r in enumerate(rated):
        data = r.to_json()
        points = data.pop("history")
        body = json.dumps({**data, "history": mark}, indent=2, ensure_ascii=False, default=str).replace("\n", "\n    ")
        before, after = body.split(json.dumps(mark))
        # one encoder call per player, then a point a line (a point holds a date and numbers only: no "}, {" inside)
        lines = "        " + json.dumps(points, ensure_ascii=False, default=str)[1:-1].replace("}, {", "},\n        {")
        write(("," if i else "") + "\n    " + before + ("[\n" + lines + "\n      ]" if points else "[]") + after)
    write(("\n  ]" if rated else "") + tail + "\n")
    out.flush()


def _usage(text: str) -> None:
    """A usage error: the message and exit code 2 (as typer's own)."""
    render.message(f"✗ {text}  (assistant stats --help)")
    raise typer.Exit(2)


@app.command(
    epilog=examples(
        "assistant stats                      # every game: wins and games, then each game's leaderboard",
        "assistant stats 7w --sort average",
        "assistant stats 7w --by wonder       # also: --by side, leader, seat, start",
        "assistant stats 7w --categories --chart",
        "assistant stats roma --ratings --player Ann",
        "assistant stats 7w --ratings --json --history   # every rating point, for a plot of your own",
        "assistant stats --streaks --since 2026-01-01",
        "assistant stats pax --versus --location Club",
        "assistant stats 7w --high --top 20",
        "assistant stats sylla --chart        # score distribution per player",
    )
)
def stats(
    game: Annotated[Optional[str], typer.Argument(metavar="[GAME]", help="7wonders (7w), roma, pax or sylla; all games when left out.", show_default=False)] = None,
    sort: Annotated[str, typer.Option(help="Order leaderboards by wins, rate, average, best or played.")] = "wins",
    by: Annotated[Optional[str], typer.Option("--by", help="Wins by seat, start (the start player), or for 7 Wonders wonder, side, leader.")] = None,
    categories: Annotated[bool, typer.Option("--categories", help="Average points per category and their spread (std dev), per player and for the whole table.")] = False,
    ratings: Annotated[bool, typer.Option("--ratings", help="openskill ratings per player and game (Plackett-Luce), from the whole history up to --until; --since, --player and --location choose whose rating points are shown, not how anyone is rated. Each player's first and latest point; --player: that player's every point.")] = False,
    history: Annotated[bool, typer.Option("--history", help="With --ratings: every rating point of every player (a long list on a long history: some 2 s at 100,000 games).")] = False,
    streaks: Annotated[bool, typer.Option("--streaks", help="Current and longest win streaks.")] = False,
    versus: Annotated[bool, typer.Option("--versus", help="Head to head: who finished ahead of whom, games together.")] = False,
    high: Annotated[bool, typer.Option("--high", help="High-score tables.")] = False,
    top: Annotated[Optional[int], typer.Option(help="How many high scores per game (5 in the summary, 10 with --high).", min=1, max=1000)] = None,
    chart: Annotated[bool, typer.Option("--chart", help="Draw it: score distribution (summary), category bars (--categories), rating over time (--ratings).")] = False,
    since: Annotated[Optional[str], typer.Option(help="Games played on or after this day (YYYY-MM-DD).")] = None,
    until: Annotated[Optional[str], typer.Option(help="Games played on or before this day (YYYY-MM-DD).")] = None,
    player: Annotated[Optional[str], typer.Option("--player", "-p", help="Only games this player sat in (tables by seat, fact and high scores: that player's own seats).")] = None,
    location: Annotated[Optional[str], typer.Option(help="Only games played at this location.")] = None,
    db: Annotated[Optional[str], typer.Option("--db", help="Database file or SQLAlchemy URL (overrides ASSISTANT_DB).", show_default=False)] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON (a stable shape) instead of tables.")] = False,
) -> None:
    """Statistics of finished games: leaderboards, high scores, wins by seat, start player,
    wonder, side and leader, category averages and spread, ratings, streaks, head to head.
    Scores of different games are never averaged together."""
    from assistant.service import stats as service

    chosen = [name for name, on in (("by", by is not None), ("categories", categories), ("ratings", ratings),
                                     ("streaks", streaks), ("versus", versus), ("high", high)) if on]
    if len(chosen) > 1:
        _usage(f"one view at a time: {', '.join('--' + c for c in chosen)}")
    view_name = chosen[0] if chosen else "summary"
    if history and view_name != "ratings":
        _usage("--history lists rating points: use it with --ratings")
    if chart and view_name not in ("summary", "categories", "ratings"):
        _usage(f"--chart draws the summary, --categories or --ratings, not --{view_name}")
    filters: dict[str, Any] = {"game": game, "since": since, "until": until, "player": player, "location": location}
    s = open_store(db)
    if view_name == "summary" and chart and not json_out:
        render.plain("\n".join(histogram(service.score_totals(s, **filters), chart_width())))
        return
    # every rating point only where shown: --history everyone's, --player that player's, --chart the best rated
    keep = "all" if history else "player" if player is not None else "best" if chart and not json_out else "ends"
    view = _stats_view(s, view_name, filters, by=by or "", sort=sort, top=top, keep=keep)
    if json_out and view_name == "ratings":
        stream_json(view)
    elif json_out:
        render.print_json(view.to_json())
    elif lines := _stats_lines(view, view_name, chart=chart, every=history):
        render.plain("\n".join(lines))
    else:
        render.message("no finished games match")


def _stats_view(s: Store, view_name: str, filters: dict[str, Any], *, by: str, sort: str, top: int | None, keep: str) -> StatsView:
    """The view ``stats`` shows (``view_name``: summary, by, categories, ratings, streaks,
    versus or high), read by the service with the filters."""
    from assistant.service import stats as service

    if view_name == "summary":
        return service.summary(s, sort=sort, top=top or 5, **filters)
    if view_name == "by":
        return service.by(s, by, **filters)
    if view_name == "ratings":
        return service.ratings(s, keep=keep, **filters)
    if view_name == "high":
        return service.high_scores(s, top=top or 10, **filters)
    read: dict[str, Callable[..., StatsView]] = {"categories": service.categories, "streaks": service.streaks, "versus": service.versus}
    return read[view_name](s, **filters)


def _stats_lines(view: StatsView, view_name: str, *, chart: bool, every: bool) -> list[str]:
    """The plain lines of a ``stats`` view (a chart with ``chart``); empty when nothing matched."""
    if view_name == "categories" and chart:
        return category_chart(view.categories or (), chart_width())
    if view_name == "ratings" and chart:
        return rating_chart(view.ratings or (), chart_width(), player=view.filters.player)
    if view_name == "summary":
        lines = leaderboard_lines(view)
        lines += ([""] if lines and view.high_scores else []) + high_lines(view)
        return lines + ([""] if lines and view.splits else []) + split_lines(view.splits or ())
    if view_name == "by":
        return split_lines(view.splits or ())
    if view_name == "categories":
        return category_lines(view.categories or ())
    if view_name == "ratings":
        return rating_lines(view.ratings or (), view.filters.player, every=every)
    if view_name == "streaks":
        return streak_lines(view) if view.streaks else []
    if view_name == "versus":
        return versus_lines(view) if view.versus else []
    return high_lines(view)
