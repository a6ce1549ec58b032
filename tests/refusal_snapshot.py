"""What each game refuses, as a snapshot to compare before and after a change that must not
change behaviour (a refactor): every candidate entry tried on every position of seeded random
games, and for each the engine's answer: accepted, or the rule id, message and hint of the
refusal. Not a test (nothing here is collected); run it on two checkouts and compare:

    python tests/refusal_snapshot.py before.jsonl          # on the old checkout
    python tests/refusal_snapshot.py after.jsonl           # on the new one
    diff before.jsonl after.jsonl && echo "the same refusals"

The candidates at a position are the entries actually made a few plies before and after it
(right words, wrong moment), each with its last word changed (a wrong name or number), and
the entry itself with a word left out: most of what a table mistypes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: game: the player counts and seeds played
TABLES = {"7wonders": ((3, 4), 3), "roma": ((2,), 6), "pax": ((2, 3), 3), "sylla": ((3, 4), 3)}


#: corrections tried at every position: with a reason, without one, and an odd reason
CORRECTIONS = {"7wonders": "coins", "roma": "vp", "pax": "aurei", "sylla": "prestige"}


def _corrections(game: str, seat: str) -> list[str]:
    thing = CORRECTIONS[game]
    return [f"correct {seat} {thing} +1 because the table says so", f"correct {seat} {thing} +1",
            f"correct {seat} {thing} +1 because", f"correct {seat} {thing} +1 because, well, x",
            f"correct {seat[:2]} {thing} -1 because a typo", f"correct {thing} +1 because nobody"]


def _candidates(texts: list[str], i: int) -> list[str]:
    near = texts[max(0, i - 3): i + 4]
    found: list[str] = []
    for text in near:
        words = text.split()
        found.append(text)
        if len(words) > 1:
            found.append(" ".join([*words[:-1], "x"]))
            found.append(" ".join([*words[:-1], "99"]))
            found.append(" ".join(words[:-1]))
    return list(dict.fromkeys(found))


def snapshot(out: Path) -> int:
    """Write the snapshot; returns how many answers it holds."""
    from importlib import import_module

    from assistant.core.errors import AssistantError
    from assistant.games import GAMES, get_ruleset

    count = 0
    with out.open("w", encoding="utf-8") as stream:
        for name, (counts, seeds) in TABLES.items():
            ruleset = get_ruleset(name)
            simulate = import_module(GAMES[name][0] + ".simulate")
            for players in counts:
                for seed in range(seeds):
                    game = simulate.random_game(seed, players)
                    texts = [entry.text for entry in game.entries]
                    for i, state in enumerate(game.states[:-1]):
                        for text in [*_candidates(texts, i), *_corrections(name, game.seats[i % len(game.seats)])]:
                            try:
                                ruleset.check(state, ruleset.parse(state, text))
                                answer: list[str | None] = ["ok"]
                            except AssistantError as exc:
                                answer = [exc.rule, exc.message, exc.hint]
                            stream.write(json.dumps([name, players, seed, i, text, *answer], ensure_ascii=False) + "\n")
                            count += 1
    return count


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tests/refusal_snapshot.py OUT.jsonl")
    print(f"{snapshot(Path(sys.argv[1]))} answers written to {sys.argv[1]}")
