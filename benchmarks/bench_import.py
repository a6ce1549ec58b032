"""Import of a 5,000-play BG Stats backup (run: python benchmarks/bench_import.py).

The backup is written here, shaped like the real ones issue 22 looked at: 5,000 plays over 40
games, one in five of them 7 Wonders (3 to 7 players, one in four with the Leaders expansion,
some scores kept as calculator text like ``30+21+10``), Roma, PAX and 36 other games (their
plays only counted), 60 players, a few locations. ``assistant import`` runs in its own process
on an empty SQLite history; the figures are its CPU time (user + system) and its peak memory
(ru_maxrss), then the same again for a second import of the same file (every play held).

Goals: the first import within 20 s of CPU, the second within 10 s; at most 400 MB at peak.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import Report

CLI = [sys.executable, "-c", "from assistant.cli.main import run; run()"]
PLAYS = 5_000


def backup(seed: int = 7) -> dict:
    """A BG Stats backup of ``PLAYS`` plays (the shape of docs/interop.md)."""
    rng = random.Random(seed)
    games = [{"id": 1, "uuid": "g-1", "name": "7 Wonders", "bggId": 68448}, {"id": 2, "uuid": "g-2", "name": "7 Wonders: Leaders", "bggId": 92539},
             {"id": 3, "uuid": "g-3", "name": "Roma", "bggId": 0}, {"id": 4, "uuid": "g-4", "name": "PAX", "bggId": 0}]
    games += [{"id": n, "uuid": f"g-{n}", "name": f"Some other game {n}", "bggId": 1000 + n} for n in range(5, 41)]
    players = [{"id": n, "uuid": f"u-{n}", "name": f"Player {n}"} for n in range(1, 61)]
    plays = []
    for k in range(PLAYS):
        kind = rng.random()
        day = f"20{rng.randint(15, 25)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        if kind < 0.2:
            game, seats, expansions = 1, rng.randint(3, 7), ([{"gameRefId": 2, "bggId": 92539}] if rng.random() < 0.25 else [])
        elif kind < 0.3:
            game, seats, expansions = 3, 2, []
        elif kind < 0.35:
            game, seats, expansions = 4, rng.randint(2, 4), []
        else:
            game, seats, expansions = rng.randint(5, 40), rng.randint(1, 6), []
        who = rng.sample(range(1, 61), seats)
        scores = []
        for n, person in enumerate(who):
            if game == 3:
                points = 36 - 20 if n else 20  # Roma: the two hold all 36 VP at the end
            else:
                points = rng.randint(20, 70)
            text = str(points) if rng.random() < 0.8 or game == 3 else f"{points - 10}+10"  # calculator text
            scores.append({"playerRefId": person, "score": text, "winner": False, "seatOrder": n + 1, "points": points})
        best = max(s["points"] for s in scores)
        for s in scores:
            s["winner"] = s.pop("points") == best
        plays.append({"uuid": f"p-{k}", "playDate": f"{day} 20:{rng.randint(0, 59):02d}:00", "durationMin": rng.randint(20, 120),
                      "gameRefId": game, "expansionPlays": expansions, "playerScores": scores})
    return {"userInfo": {"meRefId": 1}, "players": players, "locations": [], "games": games, "plays": plays}


def run_import(path: Path, env: dict[str, str]) -> tuple[float, float, str]:
    """CPU seconds and peak MB of one ``assistant import`` (its own process), and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([*CLI, "import", str(path), "--json"], env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, after.ru_maxrss / 1024, done.stdout


def main() -> int:
    report = Report("bench_import")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "BGStatsExport.json"
        path.write_text(json.dumps(backup()), encoding="utf-8")
        env = {**os.environ, "ASSISTANT_DB": str(Path(folder) / "history.sqlite3"), "NO_COLOR": "1"}
        cpu, peak, out = run_import(path, env)
        first = json.loads(out)
        report.note(f"{PLAYS} plays: {first['stored']} stored, {sum(first['other_games'].values())} of other games, "
                    f"{len(first['refused'])} refused; file {path.stat().st_size / 1e6:.1f} MB")
        report.goal("first import, CPU", cpu * 1000, 20_000)
        report.note(f"first import, peak memory: {peak:.0f} MB, goal <= 400 MB: {'ok' if peak <= 400 else 'OVER'}")
        if peak > 400:
            report.over.append("first import, peak memory")
        cpu, peak, out = run_import(path, env)
        report.note(f"second import: {json.loads(out)['duplicates']} plays already in the history")
        report.goal("second import, CPU", cpu * 1000, 10_000)
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
