"""Reading an entry: the hand-written readers against a grammar library (run: python
benchmarks/bench_parsing.py).

The notations are read by hand-written readers (``notation.py`` of each game over
``assistant/core/reading.py``). A grammar library would trade them for a grammar per game; what
that costs the table is start-up, which every command pays. This script measures:
  * the readers: the median CPU time of ``parse`` per entry over a random game of each game
    (every entry read in the state before it): goal < 1 ms per entry;
  * when lark is installed (it is not a dependency: ``pip install lark`` to compare), its
    import in a fresh process and the building of one small entry grammar (a LALR parser for
    Roma's verbs), printed as notes: what a grammar-based reader would add to every command.
"""

from __future__ import annotations

import importlib
import importlib.util
import statistics
import subprocess
import sys
import time

from timing import Report, gc_paused

from assistant.core.game import Game
from assistant.games import GAMES as GAMES_MODULES
from assistant.games import get_ruleset

PER_ENTRY_GOAL_MS = 1.0
GAMES = {"7wonders": 3, "roma": 2, "pax": 3, "sylla": 4}

#: Roma's entries as a grammar, written for this comparison only (it is not used by the program)
ROMA_GRAMMAR = r"""
start: (NAME)? action
action: "roll" INT INT INT          -> roll
      | "lay" (card INT)+           -> lay
      | "money" INT                 -> money
      | "cards" INT ("keep" card)?  -> cards
      | "activate" INT field*       -> activate
      | "battle" INT                -> battle
      | "end"                       -> end
      | "correct" NAME WORD SIGNED "because" /.+/ -> correct
field: WORD "=" (INT | card)
card: WORD+
NAME: /[A-Z][a-z]+/
WORD: /[a-z][a-z_]*/
SIGNED: /[+-][0-9]+/
%import common.INT
%import common.WS
%ignore WS
"""


def parse_ms(game: str, players: int) -> tuple[float, int]:
    """The median CPU milliseconds of one ``parse`` over the entries of a random game."""
    played: Game = importlib.import_module(GAMES_MODULES[game][0] + ".simulate").random_game(1, players)
    rules = get_ruleset(game)
    pairs = list(zip(played.states, [entry.text for entry in played.entries]))
    times: list[float] = []
    with gc_paused():
        for state, text in pairs:
            start = time.process_time()
            rules.parse(state, text)
            times.append((time.process_time() - start) * 1000)
    return statistics.median(times), len(pairs)


def lark_import_ms() -> float:
    """Median wall milliseconds of ``import lark`` in a fresh process, less a bare interpreter."""
    def run(code: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return (time.perf_counter() - start) * 1000

    bare = statistics.median(run("pass") for _ in range(7))
    return statistics.median(run("import lark") for _ in range(7)) - bare


def lark_grammar_ms() -> float:
    """Median CPU milliseconds of building the LALR parser of :data:`ROMA_GRAMMAR`."""
    import lark

    times = []
    for _ in range(7):
        start = time.process_time()
        lark.Lark(ROMA_GRAMMAR, parser="lalr")
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    report = Report("bench_parsing")
    for game, players in GAMES.items():
        median, count = parse_ms(game, players)
        report.goal(f"{game} parse per entry ({count} entries)", median, PER_ENTRY_GOAL_MS)
    if importlib.util.find_spec("lark") is None:
        report.note("lark: not installed, not compared (pip install lark)")
    else:
        report.note(f"lark: import {lark_import_ms():.0f} ms (wall, fresh process); "
                    f"one small LALR entry grammar built in {lark_grammar_ms():.0f} ms (CPU)")
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
