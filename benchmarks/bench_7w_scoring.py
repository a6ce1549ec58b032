"""Benchmark: 7 Wonders final-table scoring (validation + scoring) and scoring of already
validated cities (the tracked game's path). Prints medians in milliseconds.

Run: /work/venv/bin/python benchmarks/bench_7w_scoring.py
"""

from __future__ import annotations

from pathlib import Path

from assistant.core.tablefile import load_table
from assistant.games.sevenwonders.scoring import score_cities
from assistant.games.sevenwonders.table import read_table, score_table

from timing import median_ms  # noqa: E402  (benchmarks/timing.py)

ROOT = Path(__file__).resolve().parents[1]
TABLES = [
    ROOT / "examples" / "7wonders-final-table.toml",
    ROOT / "tests" / "tables" / "7wonders" / "five_players_rome_tomyris.toml",
    ROOT / "tests" / "tables" / "7wonders" / "seven_players_leaders_audit.toml",
    ROOT / "tests" / "tables" / "7wonders" / "three_players_leaders_audit.json",
]




def main() -> None:
    for path in TABLES:
        table = load_table(path)
        cities, _ = read_table(table)
        print(f"{path.name}: score_table {median_ms(lambda: score_table(table), 200, warm=True):.3f} ms, "
              f"score_cities {median_ms(lambda: score_cities(cities), 200, warm=True):.3f} ms (median of 200)")


if __name__ == "__main__":
    main()
