"""7 Wonders scoring benchmarks, checked on CPU time (wall time printed beside it).

Goals (the script exits 1 when a figure is over its goal), for each kept final table (the
example, a 5-player Rome/Tomyris table, the 7-player and 3-player audit tables):
- ``score_table`` (reading and validating the §1 table, then scoring it,
  ``assistant score 7wonders --from FILE``): median <= 10 ms;
- ``score_cities`` on the validated cities (what a tracked game's score runs): median <= 5 ms.

Run: python benchmarks/bench_7w_scoring.py
"""

from __future__ import annotations

from pathlib import Path

from assistant.core.tablefile import load_table
from assistant.games.sevenwonders.scoring import score_cities
from assistant.games.sevenwonders.table import read_table, score_table

from timing import Report, measure  # noqa: E402  (benchmarks/timing.py)

ROOT = Path(__file__).resolve().parents[1]
TABLES = [
    ROOT / "examples" / "7wonders-final-table.toml",
    ROOT / "tests" / "tables" / "7wonders" / "five_players_rome_tomyris.toml",
    ROOT / "tests" / "tables" / "7wonders" / "seven_players_leaders_audit.toml",
    ROOT / "tests" / "tables" / "7wonders" / "three_players_leaders_audit.json",
]


def main() -> int:
    report = Report("bench_7w_scoring")
    for path in TABLES:
        table = load_table(path)
        cities, _ = read_table(table)
        report.timing(f"{path.name}: score_table", measure(lambda: score_table(table), 200), 10)
        report.timing(f"{path.name}: score_cities", measure(lambda: score_cities(cities), 200), 5)
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
