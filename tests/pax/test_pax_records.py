"""Complete PAX game records (tests/records/pax/*.txt, INTERFACES.md §3) replay to their
expected final scores; the record written back replays the same; the notation guide's sample
record replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.core import Game, read_record, write_record
from assistant.games.pax import RULESET as R

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "pax").glob("*.txt"))


def test_pax_records_exist():
    assert len(RECORDS) >= 5


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_pax_record_replays_to_expected_score(path):
    text = path.read_text(encoding="utf-8")
    expect = json.loads(next(line for line in text.splitlines() if line.startswith("# expect:")).split(":", 1)[1])
    record = read_record(text)
    game = Game.from_record(R, record)
    assert game.outcome() is not None, "the record is not a complete game"
    data = game.score().to_json()
    assert {p["name"]: p["total"] for p in data["players"]} == expect["totals"]
    assert data["winners"] == expect["winners"]
    assert data["rome_wins"] == expect["rome_wins"]
    assert data == R.score_table(R.table_from_state(game.state)).to_json()
    again = Game.from_record(R, read_record(write_record(game.to_record(record.headers))))
    assert again.state == game.state


def test_pax_record_illegal_entry_names_ply_and_rule():
    path = ROOT / "tests" / "records" / "pax" / "two_players_beat_rome.txt"  # 3 Legions
    text = path.read_text(encoding="utf-8").replace(" buy I\n", " buy V\n", 1)
    from assistant.core.errors import RecordError

    with pytest.raises(RecordError) as exc:
        Game.from_record(R, read_record(text))
    assert exc.value.rule == "pax.setup.legions" and exc.value.ply is not None


def test_pax_notation_guide_sample_record_replays():
    guide = (ROOT / "docs" / "notation" / "pax.md").read_text(encoding="utf-8")
    sample = next(block for block in guide.split("```")[1::2] if block.lstrip().startswith("Game: pax"))
    game = Game.from_record(R, read_record(sample))
    assert game.state.round == 2 and game.state.pc == 1 and game.state.start == 1
    assert [c.token() for c in game.state.rome] == ["wealth 2/1", "army 4/1"]


def test_pax_bundled_example_record_replays():
    path = ROOT / "examples" / "pax-game-record.txt"
    game = Game.from_record(R, read_record(path.read_text(encoding="utf-8")))
    assert game.outcome() is not None and game.score().winners == ("Livinia",)


HAND_PLAYED = sorted((ROOT / "tests" / "records" / "pax").glob("*hand_played*.txt"))


def test_pax_hand_played_records_exist():
    assert len(HAND_PLAYED) >= 2


@pytest.mark.parametrize("path", HAND_PLAYED, ids=lambda p: p.stem)
def test_pax_hand_played_record_refusals_at_the_table(path):
    """The hand-played records note each mistake made at the table as
    ``# "ENTRY" refused: why [rule]``: at that point of the game the entry is refused with
    that rule, and the refusal says what is legal instead."""
    import re

    from assistant.core.errors import IllegalMove, InvalidEntry

    text = path.read_text(encoding="utf-8")
    record = read_record(text)
    body = text.split("\n\n", 1)[1]
    state = R.setup(list(record.players), {})
    checked = 0
    for line in body.splitlines():
        refusal = re.match(r'^# "([^"]+)" refused: .*\[([a-z.\-]+)\]$', line.strip())
        if refusal:
            entry, rule = refusal.groups()
            with pytest.raises((IllegalMove, InvalidEntry)) as exc:
                R.check(state, R.parse(state, entry))
            assert exc.value.rule == rule, (entry, exc.value)
            assert exc.value.hint, entry
            checked += 1
            continue
        entry = line.split("#", 1)[0].strip()
        if entry:
            move = R.parse(state, entry)
            R.check(state, move)
            state = R.apply(state, move)
    assert checked >= 8 and state.phase == "over"


@pytest.mark.parametrize("path", HAND_PLAYED, ids=lambda p: p.stem)
def test_pax_hand_played_record_money_ledger(path):
    """The hand-played records keep the money worked out by hand at the table in their
    comments (``# ... -> Marcus 4``, or ``-> 4`` for the player of the entry): after each such
    entry the program's Aurei are those of the hand ledger (pax.turn.buy, pax.turn.play,
    pax.turn.income, pax.turn.alternative, pax.end.deck-empty); and each group Rome took at an
    end of round (``# Rome takes II (religion 3/1, worth 3)``) is the one the program moved."""
    import re

    from assistant.games.pax.components import parse_token

    text = path.read_text(encoding="utf-8")
    record = read_record(text)
    state = R.setup(list(record.players), {})
    checked = 0
    taken = 0
    for line in text.split("\n\n", 1)[1].splitlines():
        entry, _, comment = line.partition("#")
        rome = re.match(r"^# Rome takes (?:Legion )?([IV]+) \((.*), worth (\d+)", line.strip())
        if rome:  # pax.roundend.rome: the group Rome took, as worked out at the table
            group = [c.token() for c in state.rome[taken:]]
            cards = [parse_token(t).token() for t in rome.group(2).split(", ")]
            assert sorted(group) == sorted(cards), line
            assert sum(c.value for c in state.rome[taken:]) == int(rome.group(3)), line
            taken = len(state.rome)
            checked += 1
        if not entry.strip():
            continue
        move = R.parse(state, entry.strip())
        R.check(state, move)
        state = R.apply(state, move)
        ledger = re.findall(r"-> (?:([A-Z][a-z]+) )?(\d+)\b", comment)
        if ledger:
            name, amount = ledger[-1]
            name = name if name in state.seats else move.player
            assert state.players[state.seats.index(name)].aureus == int(amount), (line, name)
            checked += 1
    assert checked >= 20
