"""Hand-played records with checkpoints worked out on paper: a comment line
``# check: Livia 8, Marcus 15, stockpile 13`` (or ``# check: money Livia 0, Marcus 3``, or
``# check: draw 38, discard 5``) states the VP and stockpile (the money, the piles) at that
point of the game, and the replay must agree; a
line ``# refused: "activate 3" [roma.cards.basilica]`` is a table's mistake at that point, which
must be refused citing that rule (and change nothing)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.core.errors import EntryError
from assistant.core.game import Game
from assistant.games.roma import RULESET

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "roma").glob("hand_played_*.txt"))
PAIR = re.compile(r"(\w+) (-?\d+)")
REFUSED = re.compile(r'# refused: "(.+?)" \[([\w.]+)\]')


def replay_with_checks(path: Path) -> tuple[Game, int]:
    header, _, body = path.read_text(encoding="utf-8").partition("\n\n")
    fields = dict(line.split(": ", 1) for line in header.splitlines())
    players = [p.strip() for p in fields["Players"].split(",")]
    options = dict(o.strip().split("=") for o in fields.get("Options", "").split(",") if o.strip())
    game = Game(RULESET, players, options)
    checks = 0
    for line in body.splitlines():
        text = line.strip()
        refused = REFUSED.match(text)
        if refused:
            entry, rule = refused.groups()
            before = game.state
            with pytest.raises(EntryError) as info:
                game.push(entry)
            assert info.value.rule == rule, f"{path.name}: {entry!r} refused by {info.value.rule}: {info.value}"
            assert game.state is before
            checks += 1
            continue
        if text.startswith("# check:"):
            claim = text[len("# check:") :].split("(")[0]
            state = game.state
            if claim.strip().startswith("draw"):
                expected = {name: int(n) for name, n in PAIR.findall(claim)}
                actual = {"draw": state.draw, "discard": len(state.discard) + state.unknown_discards}
            elif claim.strip().startswith("money"):
                expected = {name: int(n) for name, n in PAIR.findall(claim.replace("money", "", 1))}
                actual = {name: state.money[i] for i, name in enumerate(state.seats)}
            else:
                expected = {name: int(n) for name, n in PAIR.findall(claim)}
                actual = {name: state.vp[i] for i, name in enumerate(state.seats)}
                actual["stockpile"] = state.stockpile
            assert actual == expected, f"{path.name}, after entry {game.ply}: {text}"
            checks += 1
            continue
        entry = text.split("#", 1)[0].strip()
        if entry:
            game.push(entry)
    return game, checks


def test_roma_hand_played_records_exist():
    assert RECORDS


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_roma_hand_played_record_checkpoints(path):
    game, checks = replay_with_checks(path)
    assert checks >= 10
    assert game.outcome() is not None
