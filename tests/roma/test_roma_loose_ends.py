"""Roma's loose ends of issue 23, each with the test that failed before its fix:

* D15: ``score --working`` shows each player's VP ledger (where the VP came from and went);
* D26: the legal choices of a Forum read at once (``vp 1|4 (1 or 4 VP), vp 1 4 (...)``);
* D29: the discard pile keeps the order of discarding, unnamed cards where they were discarded;
* missing: the face-up discard pile on the ordinary board, within 80 columns.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant.cli.main import app
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.roma import RULESET

from .conftest import make_table

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "roma").glob("*.txt"))
GUIDE = ROOT / "docs" / "notation" / "roma.md"
runner = CliRunner()


def _piles_lines(text: str) -> list[str]:
    """The board's lines from the piles' line down to the blank line before the discs."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("stockpile "))
    return lines[start : lines.index("", start)]


# -- D15: the VP ledger -------------------------------------------------------------------------
def test_roma_d15_working_is_a_vp_ledger_by_cause():
    """A Forum with a Templum and a Basilica beside it, Phase 1 and a correction: each VP is
    booked under its cause, for both players, and the ledger adds up to the total."""
    t = make_table({1: "Basilica", 2: "Forum", 3: "Templum"}, {1: "Forum"}, dice=(2, 4, 5))
    t.play("activate 2 vp 5 4")  # Forum: die 5, the Templum's 4, 2 for the Basilica
    t.play("end")  # Ben's Phase 1: 5 empty discs, 5 VP
    t.play("correct Ann vp +2 from Ben because the Forum paid twice")
    assert t.vp == (10 + 11 + 2, 10 - 5 - 2)
    sheet = RULESET.score(t.state)
    assert sheet.details["Ann"]["vp"] == "start 10, Forum +5, Templum +4, Basilica +2, corrections +2 = 23"
    assert sheet.details["Ben"]["vp"] == "start 10, empty discs -5, corrections -2 = 3"


def test_roma_d15_taken_by_a_card_a_copy_and_a_position():
    """VP taken from the opponent are booked for both (a Scaenicus copying the Tribunus
    Plebis as such); a game picked up in progress starts from the position's VP."""
    t = make_table({1: "Scaenicus", 2: "Tribunus Plebis"}, {1: "Forum"}, dice=(1, 2, 5))
    t.play("activate 1 copy Tribunus Plebis", "activate 2")
    sheet = RULESET.score(t.state)
    assert sheet.details["Ann"]["vp"] == "start 10, Scaenicus as Tribunus Plebis +1, Tribunus Plebis +1 = 12"
    assert sheet.details["Ben"]["vp"] == "start 10, taken by Scaenicus as Tribunus Plebis -1, taken by Tribunus Plebis -1 = 8"
    game = Game(RULESET, ["Ann", "Ben"], {})
    for entry in ("position Ann vp 14 money 3 hand 2 board Forum 1", "position Ben vp 11 money 0 hand 2 board Legat 2", "position turn 9 Ann"):
        game.push(entry)
    assert RULESET.score(game.state).details["Ann"]["vp"] == "picked up with 14 = 14"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_roma_d15_ledger_adds_up_on_every_record(path):
    """On every record the causes account for every VP: 10 at the start plus the changes make
    the total, for both players."""
    game = Game.from_record(RULESET, read_record(path.read_text()))
    state = game.state
    for i in (0, 1):
        assert 10 + sum(n for _, n in state.vp_causes[i]) == state.vp[i]
        assert RULESET.score(state).details[state.seats[i]]["vp"].startswith("start 10, ")


def test_roma_d15_score_working_at_the_command_line():
    """``score ID --working`` adds the ledger under the table; ``score ID`` only says how to
    see it (on stderr)."""
    path = ROOT / "tests" / "records" / "roma" / "hand_played_mercator_finish.txt"
    assert runner.invoke(app, ["import", str(path)]).exit_code == 0
    short = runner.invoke(app, ["score", "last"])
    worked = runner.invoke(app, ["score", "last", "--working"])
    assert short.exit_code == worked.exit_code == 0, worked.output
    assert "working:" not in short.stdout and "score last --working" in short.stderr
    assert short.stdout != worked.stdout and "working:" in worked.stdout
    text = " ".join(worked.stdout.split("working:")[1].split())  # the lines as one, unwrapped
    assert "Ann · vp: start 10, " in text and "Ben · vp: start 10, " in text
    assert "Mercator +9" in text and "taken by Mercator -9" in text and "empty discs -" in text
    shown = GUIDE.read_text(encoding="utf-8").split("```\nworking:\n")[1].split("```")[0]
    assert shown in worked.stdout  # the guide shows this game's working as printed


# -- D26: the Forum's choices -----------------------------------------------------------------------
def test_roma_d26_forum_choices_read_at_once():
    """``activate 2 Forum vp 4|5|4 5`` was hard to read: the dice to keep as VP, what each
    gains (the Basilica's 2 counted), then the pair with the Templum; every choice shown is
    typed as shown."""
    t = make_table({1: "Basilica", 2: "Forum", 3: "Templum"}, {1: "Forum"}, dice=(2, 4, 5))
    summary = RULESET.legal_summary(t.state)
    shown = "activate 2 Forum vp 4|5 (6 or 7 VP), vp 4 5 (11 VP with the Templum)"
    assert shown in " ".join(summary) and f"\n{shown}\n" in GUIDE.read_text(encoding="utf-8")
    assert all(len(line) <= 80 for line in summary)
    for entry in ("activate 2 vp 4", "activate 2 vp 5", "activate 2 vp 4 5"):
        move = RULESET.parse(t.state, entry)
        RULESET.check(t.state, move)
    plain = make_table({2: "Forum"}, {1: "Forum"}, dice=(1, 2, 4))
    assert "activate 2 Forum vp 1|4 (1 or 4 VP)" in " ".join(RULESET.legal_summary(plain.state))


# -- D29: the discard pile in order -------------------------------------------------------------
def test_roma_d29_discard_pile_keeps_the_order_of_discarding():
    """Two cards discarded unnamed, then a Sicarius' victim and the Sicarius itself: the pile
    (``board --wide``, ``state --json``, the position) lists them as they were discarded, not
    the unnamed cards last; taking one back leaves the others in place."""
    t = make_table({1: "Sicarius", 2: "Aesculapinum"}, {1: "Legat"}, dice=(1, 2, 3))
    t.play("cards 3 keep Forum", "activate 1 target 1")
    assert t.state.discard_pile() == ("?", "?", "Legat", "Sicarius")
    assert "discard pile 4: ?, ?, Legat, Sicarius" in RULESET.board(t.state, wide=True)
    assert RULESET.describe(t.state)["discard_pile"] == ["?", "?", "Legat", "Sicarius"]
    t.play("activate 2 take Legat", "end")
    assert t.state.discard_pile() == ("?", "?", "Sicarius")
    assert RULESET.position(t.state)["discard"] == ["?", "?", "Sicarius"]


def test_roma_d29_correction_and_position_keep_the_order():
    """A card corrected onto the pile goes on top; a position's pile is kept as typed."""
    t = make_table({1: "Forum"}, {1: "Legat"}, dice=(2, 4, 5))
    t.play("cards 2 keep Nero", "correct Ann card Forum from 1 to discard because the Onager destroyed it")
    assert t.state.discard_pile() == ("?", "Forum")
    game = Game(RULESET, ["Ann", "Ben"], {})
    for entry in ("position discard Forum ? Velites ?", "position Ann vp 14 money 3 hand 2 board Forum 1",
                  "position Ben vp 11 money 0 hand 2 board Legat 2", "position turn 9 Ann"):
        game.push(entry)
    assert game.state.discard_pile() == ("Forum", "?", "Velites", "?")


# -- missing: the discard pile on the board -----------------------------------------------------
def test_roma_missing_discard_pile_on_the_ordinary_board():
    """The face-up discard pile is public (the Aesculapinum takes from it): the board names
    its cards without ``wide``, on the piles' line when they fit."""
    t = make_table({1: "Forum"}, {1: "Legat"}, discard=("Legat", "Nero"), dice=(1, 2, 3))
    assert _piles_lines(RULESET.board(t.state)) == ["stockpile 16 VP · draw pile 48 · discard pile 2: Legat, Nero"]


def test_roma_missing_long_discard_pile_stays_in_80_columns():
    """A long pile takes one more line at most: the newest cards that fit, the older ones
    counted; ``wide`` still names them all."""
    pile = ("Tribunus Plebis", "Legat", "Nero", "Sicarius", "Aesculapinum", "Consiliarius", "Praetorianus",
            "Legionarius", "Architectus", "Centurio", "Velites", "Gladiator")
    t = make_table({1: "Forum"}, {1: "Legat"}, discard=pile, dice=(1, 2, 3))
    lines = _piles_lines(RULESET.board(t.state))
    assert lines[0] == f"stockpile 16 VP · draw pile {t.state.draw} · discard pile 12:"
    assert len(lines) == 2 and len(lines[1]) <= 80
    assert lines[1].startswith("  … ") and " older, " in lines[1] and lines[1].endswith("Velites, Gladiator")
    older = int(lines[1].split()[1])
    assert lines[1] == "  … " + f"{older} older, " + ", ".join(pile[older:])
    assert ", ".join(pile) in RULESET.board(t.state, wide=True)
    empty = make_table({1: "Forum"}, {1: "Legat"}, dice=(1, 2, 3))
    assert len(RULESET.board(t.state).split("\n")) == len(RULESET.board(empty.state).split("\n")) + 1
