"""Audit of the final-table reader (INTERFACES.md §1, rules 7w.table.*, 7w.setup.*): the ways
people outside the project write a finished table, and the problems it must name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.core.errors import TableError
from assistant.core.tablefile import load_table
from assistant.games.sevenwonders.table import read_table, score_table


def three(first: dict, **top: object) -> dict:
    """A 3-player table whose first city is ``first``; the two others hold nothing."""
    return {
        **top,
        "players": [
            {"name": "Ada", **first},
            {"name": "Bob", "wonder": "Rhodes", "side": "A"},
            {"name": "Cy", "wonder": "Ephesus", "side": "A"},
        ],
    }


def problems(table: dict) -> list[tuple[str | None, str, str]]:
    with pytest.raises(TableError) as err:
        read_table(table)
    return [(p.player, p.rule, p.message) for p in err.value.problems]


@pytest.mark.parametrize(
    "wonder, vp",
    [("Gizah B", 20), ("gizah b", 20), ("Gizah (B)", 20), ("Giza-B", 20), ("Pyramids side B", 20), ("Gizah A", 15)],
)
def test_7w_setup_wonders_side_written_with_the_board(wonder: str, vp: int) -> None:
    stages = 4 if vp == 20 else 3
    sheet = score_table(three({"wonder": wonder, "stages": stages}))
    assert sheet.points["Ada"]["wonder"] == vp


def test_7w_setup_wonders_side_in_name_and_key_must_agree() -> None:
    found = problems(three({"wonder": "Gizah B", "side": "A", "stages": 1}))
    assert [(who, rule) for who, rule, _ in found] == [("Ada", "7w.setup.wonders")]
    assert "side B" in found[0][2] and "'side' says A" in found[0][2]
    # the same side twice is fine
    assert score_table(three({"wonder": "Gizah B", "side": "b", "stages": 4})).points["Ada"]["wonder"] == 20


@pytest.mark.parametrize(
    "title, board_vp",
    [("The Pyramids of Giza", 3), ("the hanging gardens of babylon", 3), ("The Colossus of Rhodes", 3)],
)
def test_7w_names_board_titles(title: str, board_vp: int) -> None:
    t = three({"wonder": title, "side": "A", "stages": 1})
    t["players"][1]["wonder"] = "Alexandria"
    assert score_table(t).points["Ada"]["wonder"] == board_vp


def test_7w_setup_leaders_blank_semiramis_refused() -> None:
    found = problems(three({"wonder": "Gizah", "leaders": ["Szemirámisz", "Sappho"]}))
    assert [(who, rule) for who, rule, _ in found] == [("Ada", "7w.setup.leaders")]
    assert "blank leader card" in found[0][2]


def test_7w_table_format_optional_keys_absent() -> None:
    # Only names and boards: everything else is nothing, and leaders default to true.
    t = {"players": [{"name": n, "wonder": w} for n, w in (("Ada", "Gizah"), ("Bob", "Rome"), ("Cy", "Olympia"))]}
    out = score_table(t).to_json()
    assert [p["total"] for p in out["players"]] == [0, 0, 0]
    assert out["winners"] == ["Ada", "Bob", "Cy"]
    assert [p["rank"] for p in out["players"]] == [1, 1, 1]


def test_7w_table_format_empty_lists_and_json(tmp_path: Path) -> None:
    t = three({"wonder": "Babylon", "side": "A", "stages": 2, "cards": [], "leaders": [], "tokens": []}, game="7w", leaders=True)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(t), encoding="utf-8")
    sheet = score_table(load_table(path))
    # Babylon A's wildcard alone: one symbol, 1 VP of science
    assert sheet.points["Ada"]["wonder"] == 3 and sheet.points["Ada"]["science"] == 1
