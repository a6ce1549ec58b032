"""Issue 23, 7 Wonders loose ends.

D8: a position file (rule 7w.position) whose conflict tokens no results of the conflicts
fought can give, or whose discard pile is smaller than the ends of the Ages over must have
left, is refused (7w.military.resolve, 7w.discard.pile); a consistent one is still accepted.

The score-pad form (``assistant add --pad``): a played game's score pad entered category by
category across the players, as the printed pad goes.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from assistant.core.errors import TableError
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.conflicts import possible
from assistant.games.sevenwonders.table import score_table
from position_support import picked_up

#: Four players without Leaders at the start of Age II: Age I's conflicts are over.
FOUR: dict[str, Any] = {
    "game": "7wonders",
    "leaders": False,
    "age": 2,
    "turn": 1,
    "discard": [4],
    "players": [
        {"name": "Eve", "wonder": "Gizah A", "coins": 3, "tokens": [1, 1], "cards": ["Lumber Yard"]},
        {"name": "Fay", "wonder": "Rhodes A", "coins": 3, "tokens": [-1], "cards": ["Stone Pit"]},
        {"name": "Gus", "wonder": "Ephesus A", "coins": 3, "tokens": [], "cards": ["Clay Pool"]},
        {"name": "Hal", "wonder": "Alexandria A", "coins": 3, "tokens": [-1], "cards": ["Ore Vein"]},
    ],
}


def four(**changes: Any) -> dict[str, Any]:
    """:data:`FOUR` with top-level keys changed, or a player's (``Gus={"tokens": [...]}``)."""
    data = copy.deepcopy(FOUR)
    for key, value in changes.items():
        player = next((p for p in data["players"] if p["name"] == key), None)
        if player is None:
            data[key] = value
        else:
            player.update(value)
    return data


def refused(data: dict[str, Any]) -> list[tuple[str | None, str, str]]:
    with pytest.raises(TableError) as info:
        RULESET.from_position(data)
    return [(p.player, p.rule, p.message) for p in info.value.problems]


# -- D8: conflict tokens ------------------------------------------------------------------
def test_d8_consistent_position_is_accepted_and_plays_on() -> None:
    """Eve beat Fay and Hal in Age I, Gus tied both: accepted, the game goes on."""
    game = picked_up(RULESET, four())
    assert game.expecting().phase == "Age II, turn 1"
    assert [c.tokens for c in game.state.cities] == [(1, 1), (-1,), (), (-1,)]


def test_d8_tokens_no_conflicts_can_give_are_refused() -> None:
    """The issue's example: the counts balance (3 Victories, 3 Defeats, at most 2 a city) but
    Gus's Defeat has no neighbour's Victory to match it, and Gus's Victory would give Fay or
    Hal a second Defeat."""
    data = four(Gus={"tokens": [1, -1]})
    problems = refused(data)
    assert [(p, r) for p, r, _ in problems] == [(None, "7w.military.resolve")]
    message = problems[0][2]
    assert "Eve +1 +1, Fay -1, Gus +1 -1, Hal -1" in message
    assert "each pair of neighbours fights once per Age" in message
    assert "Gus holds a Defeat token, but no neighbour holds a Victory token to match it" in message


def test_d8_tokens_refused_when_every_defeat_has_a_victorious_neighbour() -> None:
    """Eve's two Age I Victories are over Fay and Hal, so Hal holds a Defeat; Fay's second
    Defeat would need a Victory of Gus. Every Defeat has a neighbour with a Victory, the counts
    balance: still no results of Age I give these tokens."""
    data = four(Fay={"tokens": [-1, -1]}, Hal={"tokens": []})
    problems = refused(data)
    assert [(p, r) for p, r, _ in problems] == [(None, "7w.military.resolve")]
    assert "no results of the conflicts of Age I give these tokens" in problems[0][2]
    assert "no neighbour holds" not in problems[0][2]
    # Gus beat Fay too, and Hal (the tokens balance again): possible
    picked_up(RULESET, four(Fay={"tokens": [-1, -1]}, Gus={"tokens": [1, 1]}, Hal={"tokens": [-1, -1]}))


def test_d8_tokens_over_two_ages() -> None:
    """In Age III, Ages I and II are fought: Eve beat Fay twice."""
    data = four(age=3, turn=1, discard=[4, 4], Eve={"tokens": [1, 3]}, Fay={"tokens": [-1, -1]}, Hal={"tokens": []})
    picked_up(RULESET, data)
    data["players"][0]["tokens"] = [3, 3]  # two Age II Victories: over Fay and Hal, but Hal has no Defeat
    assert [(p, r) for p, r, _ in refused(data)] == [(None, "7w.military.resolve")]


def test_d8_tomyris_hands_her_defeat_to_the_winner() -> None:
    """Eve holding +1 -1 next to tie-less neighbours is possible only if she beat Tomyris's
    owner, who handed her the Defeat token."""
    data = four(Eve={"tokens": [1, -1]}, Fay={"tokens": []}, Hal={"tokens": []})
    assert [(p, r) for p, r, _ in refused(data)] == [(None, "7w.military.resolve")]
    with_leaders = copy.deepcopy(data)
    with_leaders["leaders"] = True
    for player, leaders in zip(with_leaders["players"], (["Caesar"], ["Tomyris"], ["Nero"], ["Midas"])):
        player["leaders"] = leaders
    picked_up(RULESET, with_leaders)


def test_d8_conflicts_search_directly() -> None:
    assert possible([[1, 1], [-1], [], [-1]], 1)
    assert not possible([[1, 1], [-1], [1, -1], [-1]], 1)
    assert not possible([[1, 1], [-1], [1, -1], [-1]], 3)  # no later Age helps: Fay and Hal never win
    assert not possible([[3], [-1], []], 1)  # an Age II Victory before Age II's conflicts
    assert possible([[1, -1], [], []], 1, [False, True, False])


def test_d8_final_table_refuses_the_same_tokens() -> None:
    """The final table's check is the same search over the three Ages."""
    table = {
        "game": "7wonders",
        "leaders": False,
        "players": [
            {"name": name, "wonder": board, "tokens": tokens}
            for name, board, tokens in (
                ("Eve", "Gizah", [1, 1]),
                ("Fay", "Rhodes", [-1]),
                ("Gus", "Ephesus", [1, -1]),
                ("Hal", "Alexandria", [-1]),
            )
        ],
    }
    with pytest.raises(TableError) as info:
        score_table(table)
    assert [p.rule for p in info.value.problems] == ["7w.military.resolve"]
    table["players"][2]["tokens"] = [1, -1, 3, 3]  # Gus lost to someone in Age II? no: he won both
    with pytest.raises(TableError):
        score_table(table)
    table["players"][2]["tokens"] = []
    assert score_table(table).points["Eve"]["military"] == 2


# -- D8: the discard pile -----------------------------------------------------------------
def test_d8_discard_pile_smaller_than_the_seventh_cards_is_refused() -> None:
    """Four cities discard their seventh card at the end of Age I: an Age II position with
    fewer than 4 Age I cards in the pile is impossible."""
    for pile in ([3], [], [0, 0, 0]):
        problems = refused(four(discard=pile))
        assert [(p, r) for p, r, _ in problems] == [(None, "7w.discard.pile")], pile
        assert "at least 4 of each Age over" in problems[0][2]
    picked_up(RULESET, four(discard=[9]))  # sold cards add to it: never too many here


def test_d8_discard_pile_counts_each_age_over() -> None:
    data = four(age=3, turn=1, discard=[9, 3])
    data["players"][0]["tokens"] = [1, 1, 3, 3]
    data["players"][1]["tokens"] = [-1, -1]
    data["players"][3]["tokens"] = [-1, -1]
    problems = refused(data)
    assert [(p, r) for p, r, _ in problems] == [(None, "7w.discard.pile")]
    assert "9 of Age I, 3 of Age II" in problems[0][2]
    data["discard"] = [9, 4]
    picked_up(RULESET, data)


def test_d8_discard_pile_allows_babylon_b_and_halikarnassos() -> None:
    """Babylon B's second stage may play the seventh card; Halikarnassos's stage takes a card
    back from the pile: conservative, the pile may be smaller by those."""
    babylon = four(discard=[3], Gus={"wonder": "Babylon B", "stages": 2})
    picked_up(RULESET, babylon)
    assert [(p, r) for p, r, _ in refused(four(discard=[2], Gus={"wonder": "Babylon B", "stages": 2}))] == [(None, "7w.discard.pile")]
    halikarnassos = four(discard=[3], Gus={"wonder": "Halikarnassos A", "stages": 2, "cards": ["Clay Pool", "Altar"]})
    picked_up(RULESET, halikarnassos)


def test_d8_discard_pile_two_players_count_the_free_city() -> None:
    """Two players: the two seventh cards and the Free City's last pile card."""
    data: dict[str, Any] = {
        "game": "7wonders",
        "leaders": False,
        "age": 2,
        "turn": 1,
        "discard": [2],
        "players": [
            {"name": "Ann", "wonder": "Gizah A", "coins": 3},
            {"name": "Ben", "wonder": "Rhodes A", "coins": 3},
        ],
        "free_city": {"wonder": "Ephesus A", "coins": 3},
    }
    problems = refused(data)
    assert [(p, r) for p, r, _ in problems] == [(None, "7w.discard.pile")]
    assert "at least 3 of each Age over" in problems[0][2]
    data["discard"] = [3]
    picked_up(RULESET, data)


# -- the score-pad form (assistant add, row by row) -------------------------------------------
SEVEN = ("military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders")


class Table:
    """The people at the table, as the form sees them: the answers they type in turn, the
    questions asked and the messages said, in order."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.questions: list[str] = []
        self.said: list[str] = []
        self.log: list[str] = []

    def ask(self, question: str) -> str:
        self.questions.append(question)
        self.log.append("? " + question)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def say(self, text: str) -> None:
        self.said.append(text)
        self.log.append(text)


def fill(table: Table, players: tuple[str, ...] = ("Ann", "Ben"), **kw: Any) -> dict[str, Any] | None:
    """The form of ``assistant add 7w`` for ``players``, fed by ``table`` (the checks ``add``
    gives it: the game's box check, the whole pad as ``add`` builds and checks it)."""
    from assistant.cli.scorepad import PadLayout, fill_pad
    from assistant.service import plays

    def check_pad(data: dict[str, Any]) -> Any:
        return plays.score_sheet(plays.build_sheet("7w", sheet=copy.deepcopy(data), **kw))

    return fill_pad(
        PadLayout.of(RULESET, players), ask=table.ask, say=table.say, check_box=RULESET.check_sheet_box, check_pad=check_pad
    )


def rows(ann: dict[str, int], ben: dict[str, int]) -> list[str]:
    """The answers of a pad typed row by row (Ann, then Ben in each row), Enter for a 0."""
    return [str(p.get(c, "")) if p.get(c) else "" for c in SEVEN for p in (ann, ben)]


def test_pad_form_goes_row_by_row_across_the_players() -> None:
    ann = {"military": 5, "treasury": 3, "wonder": 8, "civilian": 12, "science": 10}
    ben = {"military": 9, "wonder": 3, "science": 2}
    table = Table(*rows(ann, ben), "9", "2", "")
    data = fill(table)
    assert table.questions[:4] == ["military — Ann (0)", "military — Ben (0)", "treasury — Ann (0)", "treasury — Ben (0)"]
    assert table.questions[16:18] == ["coins — Ann (-)", "coins — Ben (-)"]
    assert table.questions[-1].startswith("log this play?")
    assert "military (red)" in table.said and "coins (the tie-break; Enter: not written)" in table.said
    # the running totals after each row
    assert "totals: Ann 5 · Ben 9" in table.said and "totals: Ann 8 · Ben 9" in table.said
    assert "checked: Ann 38 · Ben 14; Ann wins" in table.said
    assert data == {
        "players": [
            {"name": "Ann", **{c: ann.get(c, 0) for c in SEVEN}, "coins": 9},
            {"name": "Ben", **{c: ben.get(c, 0) for c in SEVEN}, "coins": 2},
        ]
    }


def test_pad_form_refuses_each_impossible_box_at_once() -> None:
    """Each box is checked as it is typed, with the rule and what is possible; asked again."""
    answers = ["19", "x", "5", "-7", "9"]  # military: Ann 19 (no), x (no), 5; Ben -7 (no), 9
    answers += ["3", ""]  # treasury
    answers += ["9", "", ""]  # wonder: Ann 9 (no board gives it), 8; Ben 0
    answers[-2] = "8"
    answers += ["", ""] * 3  # civilian, commercial, guilds
    answers += ["3", "10", "-1", ""]  # science: Ann 3 (no), 10; Ben -1 (no), 0
    answers += ["", ""]  # leaders
    answers += ["12", "10", ""]  # coins: Ann 12 (treasury 3 needs 9 to 11), 10; Ben not written
    answers += [""]  # log it
    table = Table(*answers)
    data = fill(table)
    refusals = [t for t in table.said if t.startswith("✗")]
    assert len(refusals) == 6, refusals
    assert "[7w.sheet.military]" in refusals[0] and "between -6 and 18" in refusals[0]
    assert "[7w.sheet.military]" in refusals[1]
    assert "[7w.sheet.wonder]" in refusals[2]
    assert "[7w.sheet.science]" in refusals[3] and "2 or 4 is" in refusals[3]
    assert "[7w.sheet.negative]" in refusals[4]
    assert "[7w.sheet.treasury]" in refusals[5] and "9 to 11" in refusals[5]
    assert "'x' is not a whole number; again" in table.said
    assert data is not None
    ann, ben = data["players"]
    assert (ann["military"], ann["wonder"], ann["science"], ann["coins"]) == (5, 8, 10, 10)
    assert (ben["military"], ben["science"]) == (9, 0) and "coins" not in ben


def test_pad_form_goes_back_one_answer() -> None:
    """'<' asks the box before again (its answer in brackets, kept by Enter), across rows."""
    table = Table("<", "5", "9", "3", "<", "<", "7", "", "3")
    table.answers += [""] * 13 + ["", "", ""]  # the rest at 0, coins not written, log it
    data = fill(table)
    assert "this is the first box: nothing to go back to" in table.said
    assert table.questions[:8] == [
        "military — Ann (0)",
        "military — Ann (0)",
        "military — Ben (0)",
        "treasury — Ann (0)",
        "treasury — Ben (0)",
        "treasury — Ann (3)",
        "military — Ben (9)",
        "treasury — Ann (3)",
    ]
    assert data is not None
    assert [(p["military"], p["treasury"]) for p in data["players"]] == [(5, 3), (7, 3)]


def test_pad_form_end_check_asks_the_coins_of_a_tie() -> None:
    """Tied for the most points without coins: the whole pad's check (7w.sheet.tiebreak) is
    shown at the end; the table fills the boxes it names, then logs it."""
    table = Table(*rows({"civilian": 10}, {"civilian": 10}), "", "")
    table.answers += ["y", "coins Ann", "1", "ben coins", "2", ""]
    data = fill(table)
    assert any("[7w.sheet.tiebreak]" in t for t in table.said)
    assert "log this play? Enter: yes" not in " ".join(table.questions[:19])
    assert "'y' is not a box: a row and a player, e.g. 'leaders Ann'" in table.said
    assert "checked: Ann 10 · Ben 10; Ben wins" in table.said
    assert data is not None and [p.get("coins") for p in data["players"]] == [1, 2]


def test_pad_form_quit_or_end_of_input_logs_nothing() -> None:
    table = Table("5", "quit")
    assert fill(table) is None and table.said[-1] == "nothing logged"
    table = Table("5", "9")
    assert fill(table) is None and table.said[-1] == "nothing logged"


def test_pad_form_command_stores_what_the_form_gave(monkeypatch: pytest.MonkeyPatch) -> None:
    """``assistant add 7w -p Ann -p Ben`` on a terminal: the form's pad is stored as ``add``
    stores a sheet (kind sheet, the same score), nothing when the table quits."""
    import json

    import rich.prompt
    from typer.testing import CliRunner

    from assistant.cli import plays as cli_plays
    from assistant.cli.main import app

    answers = rows({"military": 5, "science": 10}, {"military": 9}) + ["", "", ""]
    monkeypatch.setattr(cli_plays, "_is_terminal", lambda: True)
    monkeypatch.setattr(rich.prompt.Prompt, "ask", classmethod(lambda cls, q, **kw: answers.pop(0)))
    runner = CliRunner()
    done = runner.invoke(app, ["add", "7w", "-p", "Ann", "-p", "Ben", "--json"])
    assert done.exit_code == 0, done.output
    stored = json.loads(done.stdout[done.stdout.index("{"):])
    assert stored["kind"] == "sheet" and stored["winners"] == ["Ann"]
    assert stored["score"]["players"][0]["scores"]["science"] == 10 and not answers
    answers[:] = ["5", "quit"]
    quit_ = runner.invoke(app, ["add", "7w", "--pad", "-p", "Ann", "-p", "Ben"])
    assert quit_.exit_code == 1 and "nothing logged" in quit_.output
    # --pad without players asks them first
    answers[:] = ["Ann", "Ann, Ben", *rows({"military": 1}, {"military": -1}), "", "", ""]
    asked = runner.invoke(app, ["add", "7w", "--pad", "--json"])
    assert asked.exit_code == 0, asked.output
    assert "[core.players]" in asked.output
    games = json.loads(runner.invoke(app, ["games", "--json"]).stdout)
    assert len(games) == 2


def test_pad_form_command_refusals_off_a_terminal() -> None:
    from typer.testing import CliRunner

    from assistant.cli.main import app

    runner = CliRunner()
    off = runner.invoke(app, ["add", "7w", "--pad", "-p", "Ann", "-p", "Ben"])
    assert off.exit_code == 1 and "terminal" in off.output and "[core.sheet]" in off.output
    both = runner.invoke(app, ["add", "7w", "--pad", "--score", "Ann=5", "--score", "Ben=3"])
    assert both.exit_code == 1 and "leave out --score and --sheet" in both.output


@pytest.mark.skipif(__import__("sys").platform == "win32", reason="pseudo-terminal")
def test_pad_form_through_a_pseudo_terminal(tmp_path: Any) -> None:
    """As a person types at a terminal: row by row, a refusal, one answer back, logged."""
    import os
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, ASSISTANT_DB=str(tmp_path / "h.sqlite3"), COLUMNS="100", NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "assistant", "add", "7w", "--pad"], env=env, encoding="utf-8", timeout=30)
    child.expect("players in seating order")
    child.sendline("Ann, Ben")
    child.expect("military — Ann \\(0\\)")
    child.sendline("19")
    child.expect("7w.sheet.military")
    child.expect("military — Ann \\(0\\)")
    child.sendline("5")
    child.expect("military — Ben \\(0\\)")
    child.sendline("9")
    child.expect("totals: Ann 5 · Ben 9")
    child.expect("treasury — Ann \\(0\\)")
    child.sendline("<")
    child.expect("military — Ben \\(9\\)")
    child.sendline("7")
    for row in SEVEN[1:]:
        for name in ("Ann", "Ben"):
            child.expect(f"{row} — {name} \\(0\\)")
            child.sendline("10" if (row, name) == ("science", "Ann") else "")
    for name in ("Ann", "Ben"):
        child.expect(f"coins — {name} \\(-\\)")
        child.sendline("")
    child.expect("checked: Ann 15 · Ben 7; Ann wins")
    child.expect("log this play\\?")
    child.sendline("")
    child.expect("logged as game 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
