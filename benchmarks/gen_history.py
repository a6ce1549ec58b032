"""Generate a realistic game history of N games for the history benchmarks (issue 14).

    python benchmarks/gen_history.py 10000            # /tmp/tc-history/history-10000.sqlite3
    python benchmarks/gen_history.py 1000 --out x.sqlite3 --seed 3 --force

The mix is what a club plays: 7 Wonders (3 to 7 players), Roma (2), PAX (2 to 4) and Sylla
(3 or 4), each a tracked game replayed from ``simulate.random_game`` seeds (about 150 entries a
game on average). A few dozen seeded games per game and table size are simulated once (the
templates); every stored game is one of them with its seats given to players of a club of 26
(whole-word renaming of the seat names in every entry), so the history replays under the rules
(``db check --full``) without simulating 100,000 games. Each template is replayed under two
renamings before use; one that does not replay is dropped (and said so). Most games are
finished (seats' totals, ranks and winners, results per category, as the game's own score
sheet gives them); some are still running or abandoned (a prefix of the entries).

Dates run over ten years, newest last, with a time of day, some with a location. Entries get
time stamps a few seconds apart. The rows are written with plain ``sqlite3`` executemany into a
schema made by the assistant itself (``Store.create``), in large transactions with the journal
off: about a minute for 100,000 games (15 million entries). A file made before with the same
N, seed and generator version is reused (``--force`` makes it again).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sqlite3
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.core.game import Game  # noqa: E402
from assistant.core.names import normalize  # noqa: E402
from assistant.core.record import RecordLine  # noqa: E402
from assistant.service.stats import facts_from_state  # noqa: E402

#: Bump when the generated content changes: files of another version are made again.
GEN_VERSION = "2"  # 2: seat facts and seats.start
FOLDER = Path("/tmp/tc-history")
NOW = datetime(2026, 11, 30, 12, 0)
#: The club: names that are no word of any game's notation.
CLUB = (
    "Alice", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiroshi", "Ines", "Jonas",
    "Kofi", "Lena", "Mateo", "Nadia", "Olek", "Priya", "Quentin", "Rosalind", "Sven", "Tomasz",
    "Ulla", "Viktor", "Wanda", "Ximena", "Yusuf", "Zoltan",
)  # fmt: skip
#: (game, players, weight): how often a club plays each game at each table size.
MIX = (
    ("7wonders", 3, 5), ("7wonders", 4, 9), ("7wonders", 5, 7), ("7wonders", 6, 4), ("7wonders", 7, 3),
    ("roma", 2, 16),
    ("pax", 2, 6), ("pax", 3, 8), ("pax", 4, 6),
    ("sylla", 3, 10), ("sylla", 4, 12),
)  # fmt: skip
LOCATIONS = (None, None, "Club", "Club", "Club", "Ann's kitchen", "Café Meeple", "Online")
TEMPLATES_PER_VARIANT = 8


@dataclass(frozen=True)
class Template:
    """One simulated game: its rules, seats, options, entries and final sheet."""

    ruleset: str
    version: str
    seats: tuple[str, ...]
    options: dict[str, str]
    texts: tuple[str, ...]
    totals: dict[str, int]
    ranks: dict[str, int]
    winners: frozenset[str]
    points: dict[str, dict[str, int]]
    #: What the end state says of the seats (``service.stats.facts_from_state``): the
    #: ``seat_facts`` rows by position and the start player's position; a renamed copy keeps
    #: both, positions being positions.
    facts: tuple[tuple[int, str, str], ...] = ()
    start: int | None = None

    def renamed(self, names: Sequence[str]) -> tuple[str, ...]:
        """The entries with each seat's name replaced by ``names`` (seat order)."""
        mapping = dict(zip(self.seats, names))
        pattern = re.compile(r"\b(" + "|".join(re.escape(s) for s in sorted(self.seats, key=len, reverse=True)) + r")\b")
        return tuple(pattern.sub(lambda m: mapping[m.group(1)], text) for text in self.texts)


def simulate(game: str, players: int, seed: int) -> Game:
    """A whole random game from the game's own simulator."""
    if game == "7wonders":
        from assistant.games.sevenwonders.simulate import random_game
    elif game == "roma":
        from assistant.games.roma.simulate import random_game  # type: ignore[no-redef]
    elif game == "pax":
        from assistant.games.pax.simulate import random_game  # type: ignore[no-redef]
    else:
        from assistant.games.sylla.simulate import random_game  # type: ignore[no-redef]
    return random_game(seed, players)


def replays(template: Template, names: Sequence[str]) -> bool:
    """Whether the template's entries, renamed, replay to the same end."""
    from assistant.games import get_ruleset

    try:
        game = Game(get_ruleset(template.ruleset), list(names), template.options)
        game.extend([RecordLine(text, "", 0) for text in template.renamed(names)])
    except Exception:  # noqa: BLE001 - any refusal drops the template
        return False
    return game.outcome() is not None


def make_templates(seed: int, per_variant: int = TEMPLATES_PER_VARIANT, *, say=print) -> dict[tuple[str, int], list[Template]]:  # type: ignore[no-untyped-def]
    """``per_variant`` templates per (game, table size), each checked under two renamings."""
    rng = random.Random(seed)
    found: dict[tuple[str, int], list[Template]] = {}
    dropped = 0
    for game_name, players, _ in MIX:
        for k in range(per_variant):
            game = simulate(game_name, players, seed * 1000 + k)
            if game.outcome() is None:  # a Roma game cut at its turn limit
                dropped += 1
                continue
            sheet = game.score()
            facts, start = facts_from_state(game.ruleset, game.seats, game.state)
            template = Template(
                game.ruleset.name,
                game.ruleset.version,
                tuple(game.seats),
                {k2: str(v) for k2, v in game.options.items()},
                tuple(e.text for e in game.entries),
                dict(sheet.totals),
                dict(sheet.ranks),
                frozenset(sheet.winners),
                {p: dict(c) for p, c in sheet.points.items()},
                tuple(facts),
                start,
            )
            if all(replays(template, rng.sample(CLUB, players)) for _ in range(2)):
                found.setdefault((game_name, players), []).append(template)
            else:
                dropped += 1
    if dropped:
        say(f"  {dropped} simulated games dropped (unfinished, or not replaying once renamed)")
    return found


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")  # SQLAlchemy's SQLite DateTime format


@dataclass(frozen=True)
class Planned:
    """One generated game as drawn: its template, players in seat order, entries (a prefix
    when not finished), status, start, seconds between entries and location."""

    gid: int
    template: Template
    names: tuple[str, ...]
    texts: tuple[str, ...]
    status: str
    start: datetime
    step: float
    location: str | None


def plan(n: int, seed: int, templates: dict[tuple[str, int], list[Template]]) -> Iterator[Planned]:
    """The games of a history of ``n``, drawn in order from ``seed``: the same games every
    time."""
    variants = [(g, p, w) for g, p, w in MIX if (g, p) in templates]
    rng = random.Random(seed)
    # some members come often, some rarely
    weights = [rng.choice((1, 2, 4, 8)) for _ in CLUB]
    first_day = NOW - timedelta(days=3650)
    for gid in range(1, n + 1):
        game_name, players, _ = rng.choices(variants, weights=[w for _, _, w in variants])[0]
        template = rng.choice(templates[(game_name, players)])
        names: list[str] = []
        while len(names) < players:
            name = rng.choices(CLUB, weights=weights)[0]
            if name not in names:
                names.append(name)
        texts = template.renamed(names)
        roll = rng.random()
        status = "finished" if roll < 0.94 else ("active" if roll < 0.98 else "abandoned")
        if status != "finished":
            texts = texts[: rng.randrange(1, len(texts))]
        day = first_day + timedelta(days=3650 * (gid - 1) / max(n, 1))
        start = day.replace(hour=rng.choice((14, 17, 18, 19, 19, 20, 20, 21)), minute=rng.choice((0, 15, 30, 45)))
        step = rng.uniform(8.0, 40.0)  # seconds between entries
        yield Planned(gid, template, tuple(names), texts, status, start, step, rng.choice(LOCATIONS))


def generate(path: Path, n: int, seed: int = 1, *, say=print) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Write a history of ``n`` games into a new file ``path``; returns its figures."""
    from assistant.store.db import Store

    started = time.perf_counter()
    templates = make_templates(seed, say=say)
    simulated = time.perf_counter() - started
    path.parent.mkdir(parents=True, exist_ok=True)
    for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        leftover.unlink(missing_ok=True)
    Store.open(str(path)).create().close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("PRAGMA cache_size=-200000")
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO players (id, name, key, created) VALUES (?, ?, ?, ?)",
        [(i + 1, name, normalize(name), _stamp(NOW)) for i, name in enumerate(CLUB)],
    )
    player_id = {name: i + 1 for i, name in enumerate(CLUB)}
    games, seats, entries, results, facts = [], [], [], [], []
    entry_total = 0
    seat_id = entry_id = result_id = 0
    for g in plan(n, seed, templates):
        gid, template, names, texts, status, start, step = g.gid, g.template, g.names, g.texts, g.status, g.start, g.step
        end = start + timedelta(seconds=step * len(texts))
        games.append(
            (
                gid, template.ruleset, template.version, json.dumps(template.options), "{}", status, "tracked", None,
                start.date().isoformat(), start.strftime("%H:%M"), None, g.location, None, len(texts),
                "generated", f"gen-{seed}-{gid}", _stamp(start), _stamp(end), _stamp(end) if status == "finished" else None,
            )
        )  # fmt: skip
        by_seat = dict(zip(template.seats, names))
        for position, seat_name in enumerate(template.seats):
            name = by_seat[seat_name]
            seat_id += 1
            if status == "finished":
                started_it = None if template.start is None else position == template.start
                seats.append(
                    (seat_id, gid, position, name, player_id[name], started_it, template.totals.get(seat_name),
                     template.ranks.get(seat_name), seat_name in template.winners)
                )  # fmt: skip
                for category, points in template.points.get(seat_name, {}).items():
                    result_id += 1
                    results.append((result_id, gid, player_id[name], template.ruleset, category, points))
            else:
                seats.append((seat_id, gid, position, name, player_id[name], None, None, None, None))
        if status == "finished":
            facts.extend((gid, *fact) for fact in template.facts)
        for ply, text in enumerate(texts, 1):
            entry_id += 1
            entries.append((entry_id, gid, ply, text, "", _stamp(start + timedelta(seconds=step * ply))))
        entry_total += len(texts)
        if gid % 2000 == 0 or gid == n:
            _flush(conn, games, seats, entries, results, facts)
            if gid % 20000 == 0:
                say(f"  {gid} games written ({time.perf_counter() - started:.0f} s)")
    conn.execute(
        "INSERT INTO meta (key, value) VALUES ('generated', ?)", (f"{n}:{seed}:{GEN_VERSION}",)
    )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()
    # the stored ratings (schema 4), as a write through the assistant leaves them: one fold
    from assistant.store.statistics import rerate

    with Store.open(str(path)).write() as session:
        rated = rerate(session)
    say(f"  {rated:,} stored ratings folded")
    return {
        "games": n,
        "entries": entry_total,
        "entries_per_game": entry_total / max(n, 1),
        "seconds": time.perf_counter() - started,
        "simulated_s": simulated,
        "mb": path.stat().st_size / 1e6,
    }


def facts_only(path: Path, *, say=print) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Write the seat facts and start players into a history this script generated before it
    wrote them (version 1), without replaying its 100,000 games: every stored game is a renamed
    template, and facts and start are by position, so the finished games are grouped by their
    entries with the seat names taken out (game, options, number of entries, first, middle and
    last entry) and two games of each group (one if alone) are replayed from their stored
    entries (``service.stats.facts_from_state``); a group whose two replays disagree, or a
    replay that fails, stops it with nothing written."""
    from assistant.games import get_ruleset

    started = time.perf_counter()
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'generated'").fetchone()
        if not row or row[0].count(":") != 2:
            raise SystemExit(f"{path} is not a history made by this script (no 'generated' in meta)")
        n, seed, version = row[0].split(":")
        if version == GEN_VERSION:
            say(f"{path} has its seat facts already (generator version {version})")
            return {"games": 0, "seconds": 0.0}
        names: dict[int, list[str]] = {}
        for gid, name in conn.execute("SELECT game_id, name FROM seats ORDER BY game_id, position"):
            names.setdefault(gid, []).append(name)
        sampled: dict[int, list[str]] = {}
        query = (
            "SELECT g.id, e.text FROM games g JOIN entries e ON e.game_id = g.id AND e.ply IN (1, g.entry_count / 2, g.entry_count) "
            "WHERE g.status = 'finished' AND g.kind = 'tracked' ORDER BY g.id, e.ply"
        )
        for gid, text in conn.execute(query):
            sampled.setdefault(gid, []).append(text)
        groups: dict[tuple[object, ...], list[int]] = {}
        games = {gid: (ruleset, options, count) for gid, ruleset, options, count in conn.execute("SELECT id, ruleset, options, entry_count FROM games")}
        for gid, texts in sampled.items():
            seats = names[gid]
            pattern = re.compile(r"\b(" + "|".join(re.escape(s) for s in sorted(seats, key=len, reverse=True)) + r")\b")
            denamed = tuple(pattern.sub(lambda m: f"<{seats.index(m.group(1))}>", t) for t in texts)
            groups.setdefault((*games[gid], len(seats), denamed), []).append(gid)

        def replay(gid: int) -> tuple[tuple[tuple[int, str, str], ...], int | None]:
            ruleset, options, _ = games[gid]
            rules = get_ruleset(ruleset)
            game = Game(rules, names[gid], json.loads(options or "{}"))
            entries = conn.execute("SELECT text, comment FROM entries WHERE game_id = ? ORDER BY ply", (gid,))
            game.extend([RecordLine(text, comment or "", 0) for text, comment in entries])
            facts, start = facts_from_state(rules, names[gid], game.state)
            return tuple(facts), start

        facts: list[tuple[int, int, str, str]] = []
        starts: list[tuple[int, int]] = []
        replayed = 0
        for key, members in groups.items():
            found = {replay(gid) for gid in {members[0], members[-1]}}
            replayed += len({members[0], members[-1]})
            if len(found) != 1:
                raise SystemExit(f"games {members[0]} and {members[-1]} ({key[0]}) look alike but say different facts: nothing written")
            (rows, start), = found
            for gid in members:
                facts.extend((gid, *fact) for fact in rows)
                if start is not None:
                    starts.append((start, gid))
        conn.execute("PRAGMA synchronous=OFF")
        conn.execute("BEGIN")
        conn.execute("DELETE FROM seat_facts")
        conn.executemany("INSERT INTO seat_facts (game_id, position, key, value) VALUES (?, ?, ?, ?)", facts)
        conn.executemany('UPDATE seats SET "start" = (position = ?) WHERE game_id = ?', starts)
        conn.execute("UPDATE meta SET value = ? WHERE key = 'generated'", (f"{n}:{seed}:{GEN_VERSION}",))
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
    finally:
        conn.close()
    return {
        "finished": len(sampled), "groups": len(groups), "replayed": replayed,
        "facts": len(facts), "starts": len(starts), "seconds": round(time.perf_counter() - started, 1),
    }  # fmt: skip


def _flush(conn: sqlite3.Connection, games: list, seats: list, entries: list, results: list, facts: list) -> None:  # type: ignore[type-arg]
    conn.executemany(
        'INSERT INTO games (id, ruleset, ruleset_version, options, headers, status, kind, table_json, date, "time", '
        "duration, location, note, entry_count, source, source_id, created, updated, finished) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        games,
    )
    conn.executemany(
        'INSERT INTO seats (id, game_id, position, name, player_id, "start", total, rank, winner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        seats,
    )
    conn.executemany("INSERT INTO entries (id, game_id, ply, text, comment, created) VALUES (?, ?, ?, ?, ?, ?)", entries)
    conn.executemany("INSERT INTO results (id, game_id, player_id, ruleset, category, points) VALUES (?, ?, ?, ?, ?, ?)", results)
    conn.executemany("INSERT INTO seat_facts (game_id, position, key, value) VALUES (?, ?, ?, ?)", facts)
    for rows in (games, seats, entries, results, facts):
        rows.clear()


def history(n: int, seed: int = 1, *, out: Path | None = None, force: bool = False, say=print) -> Path:  # type: ignore[no-untyped-def]
    """The path of a generated history of ``n`` games: reused when one with the same
    figures exists, else made now."""
    path = out or FOLDER / f"history-{n}.sqlite3"
    if path.exists() and not force:
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                row = conn.execute("SELECT value FROM meta WHERE key = 'generated'").fetchone()
                version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            finally:
                conn.close()
        except sqlite3.Error:
            row = version = None
        from assistant.store.models import SCHEMA_VERSION

        if row and row[0] == f"{n}:{seed}:{GEN_VERSION}" and version and version[0] == str(SCHEMA_VERSION):
            return path
    say(f"generating {n} games into {path}")
    figures = generate(path, n, seed, say=say)
    say(
        f"  {figures['games']} games, {figures['entries']} entries ({figures['entries_per_game']:.0f} a game), "
        f"{figures['mb']:.0f} MB in {figures['seconds']:.0f} s (simulation {figures['simulated_s']:.0f} s)"
    )
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="?", default=0, help="how many games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help=f"the file (default {FOLDER}/history-N.sqlite3)")
    parser.add_argument("--force", action="store_true", help="make it again even if it exists")
    parser.add_argument("--facts-only", type=Path, metavar="FILE", help="write the seat facts and start players into a history generated without them, and stop")
    args = parser.parse_args(argv)
    if args.facts_only:
        figures = facts_only(args.facts_only)
        print(f"{args.facts_only}: {figures}")
        return 0
    if args.n < 1:
        parser.error("N must be at least 1")
    print(history(args.n, args.seed, out=args.out, force=args.force))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
