"""Plays logged without tracking them (issue 14, ``assistant add``): each check of a score
pad per game with its rule id, the three text forms, totals, kinds shown, and the
interactive form through a pseudo-terminal. The command-line tests run on both engines."""

from __future__ import annotations

import json
import os
import sys

import pytest
from typer.testing import CliRunner

from assistant.cli.main import app
from assistant.core.errors import InvalidEntry, TableError
from assistant.core.sheets import PlaySheet, read_sheet
from assistant.service import plays

runner = CliRunner()

SEVEN = ("military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders")


def pad7(**rows: int) -> dict[str, int]:
    return {c: rows.get(c, 0) for c in SEVEN}


def rules_of(game: str, points: dict, **kw) -> list[str]:
    """The rule ids of every problem of a sheet (empty when accepted)."""
    sheet = PlaySheet(game, tuple(points), points, **kw)
    try:
        plays.score_sheet(sheet)
    except TableError as exc:
        return sorted({p.rule for p in exc.problems})
    return []


# -- 7 Wonders ------------------------------------------------------------------------------------------
GOOD7 = {"Ann": pad7(military=5, treasury=3, wonder=8, civilian=12, science=10), "Ben": pad7(military=9, science=2, wonder=3)}


def test_seven_accepts_a_pad_and_ranks_it() -> None:
    sheet = plays.score_sheet(PlaySheet("7wonders", ("Ann", "Ben"), GOOD7))
    assert sheet.totals == {"Ann": 38, "Ben": 14} and sheet.winners == ("Ann",)
    assert sheet.points["Ann"]["science"] == 10


@pytest.mark.parametrize(
    ("row", "rule"),
    [
        (pad7(military=19), "7w.sheet.military"),
        (pad7(military=-7), "7w.sheet.military"),
        (pad7(science=3), "7w.sheet.science"),
        (pad7(science=7), "7w.sheet.science"),
        (pad7(wonder=9), "7w.sheet.wonder"),
        (pad7(civilian=-1), "7w.sheet.negative"),
        (pad7(guilds=-2), "7w.sheet.negative"),
    ],
)
def test_seven_refuses_rows_no_city_can_score(row: dict, rule: str) -> None:
    assert rules_of("7wonders", {"Ann": row, "Ben": GOOD7["Ben"]}) == [rule]


def test_seven_accepts_every_edge() -> None:
    for military in (-6, 18, 17):
        assert rules_of("7wonders", {"Ann": pad7(military=military, science=9), "Ben": GOOD7["Ben"]}) == []
    for science in (20, 26, 0, 1):  # 2 2 2 + 3 sets... e.g. 3 3 1 = 9+9+1+7 = 26
        assert rules_of("7wonders", {"Ann": pad7(science=science), "Ben": GOOD7["Ben"]}) == []


def test_seven_treasury_follows_coins() -> None:
    assert rules_of("7wonders", GOOD7, tiebreak={"Ann": 12}) == ["7w.sheet.treasury"]
    assert rules_of("7wonders", GOOD7, tiebreak={"Ann": 9}) == []


def test_seven_tie_needs_coins_then_breaks_it() -> None:
    tied = {"Ann": pad7(civilian=20), "Ben": pad7(civilian=14, science=6 - 2)}
    tied["Ben"]["wonder"] = 2
    assert rules_of("7wonders", tied) == ["7w.sheet.tiebreak"]
    sheet = plays.score_sheet(PlaySheet("7wonders", ("Ann", "Ben"), tied, tiebreak={"Ann": 1, "Ben": 2}))
    assert sheet.winners == ("Ben",) and sheet.ranks == {"Ann": 2, "Ben": 1}
    shared = plays.score_sheet(PlaySheet("7wonders", ("Ann", "Ben"), tied, tiebreak={"Ann": 2, "Ben": 2}))
    assert shared.winners == ("Ann", "Ben")


def test_seven_tie_the_table_says_who_won_on_coins() -> None:
    """7w.sheet.tiebreak: without the coins, the table's word decides a tie for the most
    points (a BG Stats play, ``--winner``): the winner ranks first, the other tied second; a
    winner who is not among the tied still needs the coins; all of them: a shared win."""
    totals = {"Ann": 54, "Ben": 54, "Cy": 30}
    said = plays.score_sheet(PlaySheet("7wonders", ("Ann", "Ben", "Cy"), totals=totals, winners=("Ben",)))
    assert said.winners == ("Ben",) and said.ranks == {"Ann": 2, "Ben": 1, "Cy": 3}
    assert any("the table says Ben won on coins" in n for n in said.notes)
    both = plays.score_sheet(PlaySheet("7wonders", ("Ann", "Ben", "Cy"), totals=totals, winners=("Ann", "Ben")))
    assert both.winners == ("Ann", "Ben") and both.ranks == {"Ann": 1, "Ben": 1, "Cy": 3}
    with pytest.raises(TableError) as exc:
        plays.score_sheet(PlaySheet("7wonders", ("Ann", "Ben", "Cy"), totals=totals, winners=("Cy",)))
    assert [p.rule for p in exc.value.problems] == ["7w.sheet.tiebreak"]


def test_sheet_total_must_be_the_sum() -> None:
    sheet = PlaySheet("7wonders", ("Ann", "Ben"), GOOD7, totals={"Ann": 39})
    with pytest.raises(TableError) as exc:
        plays.score_sheet(sheet)
    assert [p.rule for p in exc.value.problems] == ["core.sheet"] and "not the sum" in exc.value.problems[0].message


def test_winner_said_must_match() -> None:
    sheet = PlaySheet("7wonders", ("Ann", "Ben"), GOOD7, winners=("Ben",))
    with pytest.raises(TableError) as exc:
        plays.score_sheet(sheet)
    assert exc.value.problems[0].rule == "core.sheet" and "Ann the winner" in exc.value.problems[0].message


# -- PAX --------------------------------------------------------------------------------------------------
def pax(**rows: int) -> dict[str, int]:
    return {c: rows.get(c, 0) for c in ("played", "stronger", "fleet", "army", "primus_conspiratus", "money")}


def test_pax_players_beat_rome_when_one_is_stronger_in_four() -> None:
    sheet = plays.score_sheet(PlaySheet("pax", ("Ann", "Ben"), {"Ann": pax(played=10, stronger=12, money=4), "Ben": pax(played=8, stronger=3)}))
    assert sheet.winners == ("Ann",) and sheet.extra["rome_wins"] is False


def test_pax_rome_wins_when_players_are_stronger_in_fewer_than_four() -> None:
    pads = {"Ann": pax(played=6, stronger=3, money=4), "Ben": pax(played=8, stronger=3, primus_conspiratus=1)}
    sheet = plays.score_sheet(PlaySheet("pax", ("Ann", "Ben"), pads))
    assert sheet.extra["rome_wins"] is True and sheet.winners == ("Ben",) and sheet.ranks["Ben"] == 1


def test_pax_verdict_asked_when_the_sheet_cannot_tell() -> None:
    pads = {"Ann": pax(played=6, stronger=6, money=4), "Ben": pax(played=8, stronger=6)}
    assert rules_of("pax", pads) == ["pax.sheet.rome"]
    assert plays.score_sheet(PlaySheet("pax", ("Ann", "Ben"), pads, rome_wins=False)).winners == ("Ann",)
    assert plays.score_sheet(PlaySheet("pax", ("Ann", "Ben"), pads, rome_wins=True)).winners == ()
    assert rules_of("pax", {"Ann": pax(played=10, stronger=12, money=4), "Ben": pax()}, rome_wins=True) == ["pax.sheet.rome"]


@pytest.mark.parametrize(
    ("row", "rule"),
    [
        (pax(played=3), "pax.sheet.played"),
        (pax(played=16), "pax.sheet.played"),
        (pax(played=4, stronger=4), "pax.sheet.stronger"),
        (pax(played=2, stronger=9), "pax.sheet.stronger"),
        (pax(played=2, fleet=0, army=3), "pax.sheet.fleet"),
        (pax(fleet=2), "pax.sheet.fleet"),
        (pax(played=2, primus_conspiratus=2), "pax.sheet.primus"),
        (pax(played=2, money=3), "pax.sheet.money"),
    ],
)
def test_pax_refuses_rows_the_scoring_cannot_give(row: dict, rule: str) -> None:
    other = pax(played=10, stronger=12, money=4)
    assert rule in rules_of("pax", {"Ann": row, "Ben": other})


def test_pax_one_primus_and_someone_has_the_most_money() -> None:
    assert rules_of("pax", {"Ann": pax(played=10, stronger=12, primus_conspiratus=1, money=4), "Ben": pax(played=2, primus_conspiratus=1)}) == ["pax.sheet.primus"]
    assert rules_of("pax", {"Ann": pax(played=10, stronger=12), "Ben": pax(played=2)}) == ["pax.sheet.money"]


# -- Sylla and Roma -----------------------------------------------------------------------------------------
def sylla(**rows: int) -> dict[str, int]:
    return {c: rows.get(c, 0) for c in ("prestige", "plebs", "christians", "slaves", "politics")}


@pytest.mark.parametrize(
    ("row", "rule"),
    [(sylla(christians=3), "sylla.sheet.christians"), (sylla(slaves=4), "sylla.sheet.slaves"), (sylla(prestige=-1), "sylla.sheet.negative")],
)
def test_sylla_refuses(row: dict, rule: str) -> None:
    assert rules_of("sylla", {"Ann": row, "Ben": sylla(prestige=3), "Cy": sylla(prestige=4)}) == [rule]


def test_sylla_ties_share() -> None:
    sheet = plays.score_sheet(PlaySheet("sylla", ("Ann", "Ben", "Cy"), {"Ann": sylla(prestige=30, slaves=6), "Ben": sylla(prestige=34, christians=2), "Cy": sylla(prestige=1)}))
    assert sheet.winners == ("Ann", "Ben")


def test_roma_end_and_draw() -> None:
    def roma(ann: int, ben: int) -> list[str]:
        sheet = PlaySheet("roma", ("Ann", "Ben"), totals={"Ann": ann, "Ben": ben})
        try:
            plays.score_sheet(sheet)
        except TableError as exc:
            return [p.rule for p in exc.problems]
        return []

    assert roma(22, 14) == [] and roma(0, 12) == [] and roma(24, 15) == []
    assert roma(10, 12) == ["roma.sheet.end"]
    assert roma(-1, 30) == ["roma.sheet.vp"]
    assert plays.score_sheet(PlaySheet("roma", ("Ann", "Ben"), totals={"Ann": 18, "Ben": 18})).winners == ("Ann", "Ben")


def test_player_count_is_the_games() -> None:
    with pytest.raises(InvalidEntry) as exc:
        plays.score_sheet(PlaySheet("roma", ("Ann", "Ben", "Cy"), totals={"Ann": 20, "Ben": 16, "Cy": 0}))
    assert exc.value.rule == "core.players"


# -- the text forms -----------------------------------------------------------------------------------------
LINES = "Ann: red=5 money=3 wonder=8 blue=12 science=10 coins=9  # Ann's pad\n\nBen: military=9 wonder=3 science=2 coins=2\n"
TOML = """game = "7w"
[[players]]
name = "Ann"
military = 5
treasury = 3
wonder = 8
civilian = 12
science = 10
coins = 9
[[players]]
name = "Ben"
scores = { military = 9, wonder = 3, science = 2 }
coins = 2
"""


@pytest.mark.parametrize("text", [LINES, TOML])
def test_forms_read_the_same(text: str) -> None:
    sheet = plays.build_sheet("7w", sheet=text)
    assert sheet.kind == "sheet" and sheet.players == ("Ann", "Ben") and sheet.tiebreak == {"Ann": 9, "Ben": 2}
    assert dict(sheet.points["Ann"]) == GOOD7["Ann"] and dict(sheet.points["Ben"]) == GOOD7["Ben"]


def test_json_form_reads_score_json_back() -> None:
    out = plays.score_sheet(plays.build_sheet("7w", sheet=LINES)).to_json()
    again = plays.build_sheet("7w", sheet=json.dumps(out))
    assert dict(again.points["Ann"]) == GOOD7["Ann"] and again.winners == ("Ann",)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ann military=5\n", "is not 'NAME: category"),
        ("Ann: military=five\n", "whole number"),
        ("Ann: military=5 military=6\n", "given twice"),
        ("Ann: militaryy=5 science=1\nBen: science=1\n", "category"),
        ("Ann: 5 things\n", "whole number"),
    ],
)
def test_form_refusals(text: str, words: str) -> None:
    with pytest.raises((InvalidEntry, TableError)) as exc:
        plays.build_sheet("7w", sheet=text)
    assert exc.value.rule == "core.sheet" or any(p.rule == "core.sheet" for p in getattr(exc.value, "problems", ()))
    assert words in str(exc.value) + " ".join(str(p) for p in getattr(exc.value, "problems", ()))


def test_read_sheet_line_form() -> None:
    assert read_sheet("Ann: 54\nBen: 48\n") == {"players": [{"name": "Ann", "total": 54}, {"name": "Ben", "total": 48}]}


# -- the command line (both engines) -----------------------------------------------------------------------
def cli(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_cli_add_totals_and_kinds_shown(engine: str) -> None:
    done = cli("add", "roma", "--score", "Ann=22", "--score", "Ben=14", "--date", "2026-11-30 20:15", "--duration", "1h30",
               "--location", "Club", "--note", "close one", "--start", "Ben", "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["kind"] == "totals" and data["winners"] == ["Ann"] and data["time"] == "20:15" and data["duration"] == 90
    assert data["score"]["players"][0]["total"] == 22
    shown = cli("show", str(data["id"]))
    assert "kind: totals" in shown.stdout and "duration: 1h30" in shown.stdout and "note: close one" in shown.stdout
    as_json = json.loads(cli("games", "--json").stdout)
    assert as_json[0]["kind"] == "totals" and as_json[0]["players"][0]["total"] == 22
    players = cli("players", "--json")
    assert players.exit_code == 0 and "Ann" in players.stdout


def test_cli_add_totals_score_table_has_no_empty_category_block(engine: str) -> None:
    """A play logged from its totals has no category rows: its score table goes straight from
    the players to the total, without an empty block between two rules."""
    done = cli("add", "7w", "--score", "Ada=50", "--score", "Bob=45", "--score", "Cleo=47")
    assert done.exit_code == 0, done.output
    lines = cli("show", "last").stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if "Ada ★" in line)
    assert set(lines[at + 1]) == {"─"} and lines[at + 2].split() == ["total", "50", "45", "47"]


def test_cli_add_sheet_from_stdin_and_refusal(engine: str) -> None:
    done = cli("add", "7w", "--sheet", "-", "--json", input=LINES)
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["kind"] == "sheet" and data["score"]["players"][0]["scores"]["science"] == 10
    bad = cli("add", "7w", "--sheet", "-", input="Ann: science=3\nBen: science=1\n")
    assert bad.exit_code == 1 and "7w.sheet.science" in bad.output
    tie = cli("add", "7w", "--score", "Ann=50", "--score", "Ben=50")
    assert tie.exit_code == 1 and "7w.sheet.tiebreak" in tie.output and "--coins" in tie.output
    broken = cli("add", "7w", "--score", "Ann=50", "--score", "Ben=50", "--coins", "Ann=3", "--coins", "Ben=4", "--json")
    assert broken.exit_code == 0 and json.loads(broken.stdout)["winners"] == ["Ben"]
    assert len(json.loads(cli("games", "--json").stdout)) == 2  # the refused ones wrote nothing


def test_cli_add_needs_a_terminal_for_the_form(engine: str) -> None:
    done = cli("add", "7w", "-p", "Ann", "-p", "Ben")
    assert done.exit_code == 1 and "terminal" in done.output


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminal")
def test_form_through_a_pty(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The pad row by row on a terminal (each row for every player, as the printed pad), then
    the coins; a wrong answer asked again; the pad checked, then logged on Enter."""
    pexpect = pytest.importorskip("pexpect")

    env = dict(os.environ, ASSISTANT_DB=str(tmp_path / "h.sqlite3"), COLUMNS="100", NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "assistant", "add", "7w", "-p", "Ann", "-p", "Ben"], env=env, encoding="utf-8", timeout=30)
    answers = {"Ann": {"military": "5", "science": "x", "civilian": "12"}, "Ben": {"military": "9", "science": "2"}}
    for row in (*SEVEN, "coins"):
        for name in ("Ann", "Ben"):
            child.expect(f"{row} — {name}")
            value = answers[name].get(row, "")
            child.sendline(value)
            if value == "x":
                child.expect("not a whole number")
                child.expect(f"{row} — {name}")
                child.sendline("10")
    child.expect("log this play")
    child.sendline("")
    child.expect("logged as game 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
