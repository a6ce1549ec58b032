"""The stable interfaces of docs/interfaces.md, checked for every registered game
(tests/registry_support.py) through the command line: the catalogue (§2), final-table scoring
JSON (§1), records and replay (§3), rule texts, and the bundled examples the README points at.
The notation guide (docs/notation/<game>.md) ships with the game packages only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant.cli.main import app
from registry_support import games, packaged_games, rule_prefix, ruleset

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
runner = CliRunner()

#: the documented §1 categories of the example final tables (examples/*-final-table.toml): the
#: interface is pinned here, not read back from the program
CATEGORIES = {
    "7wonders": ["military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders"],
    "pax": ["played", "stronger", "fleet", "army", "primus_conspiratus", "money"],
    "sylla": ["prestige", "plebs", "christians", "slaves", "politics"],
}
RESOURCES = ["wood", "stone", "clay", "ore", "glass", "loom", "papyrus"]


def cli_json(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("game", games())
def test_interfaces_catalogue_objects_have_name_and_kind(game):
    items = cli_json("cards", game, "--json")
    assert items and all(isinstance(i["name"], str) and isinstance(i["kind"], str) for i in items)


def test_interfaces_7wonders_catalogue_shape():
    items = cli_json("cards", "7w", "--json")
    cards = [i for i in items if i["kind"] == "card"]
    leaders = [i for i in items if i["kind"] == "leader"]
    wonders = [i for i in items if i["kind"] == "wonder"]
    assert len(leaders) == 36 and len(wonders) == 16
    for card in cards:
        assert card["age"] in (1, 2, 3) and isinstance(card["color"], str)
        assert set(card["cost"]) == {"coins", *RESOURCES}
        assert isinstance(card["chains_from"], list)
        if card["color"] == "purple":
            assert card["copies"] is None
        else:
            assert set(card["copies"]) == {"3", "4", "5", "6", "7"}
    physical = sum(c["copies"]["7"] for c in cards if c["copies"])
    assert physical == 138  # + 10 base guilds = 148 physical Age cards
    assert all(set(l["cost"]) == {"coins"} for l in leaders)
    for wonder in wonders:
        assert wonder["side"] in ("A", "B") and "resource" in wonder
        assert all(set(s["cost"]) >= {"coins", *RESOURCES} for s in wonder["stages"])


def test_interfaces_roma_catalogue_shape():
    items = cli_json("cards", "roma", "--json")
    assert {i["kind"] for i in items} == {"character", "building"}
    assert sum(i["copies"] for i in items) == 52
    assert sum(i["copies"] for i in items if i["kind"] == "character") == 32
    for item in items:
        assert {"cost", "defence", "copies"} <= set(item)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*-final-table.toml")), ids=lambda p: p.name)
def test_interfaces_example_tables_score_with_the_documented_shape(path, tmp_path):
    game = path.name.split("-")[0]
    data = cli_json("score", game, "--from", str(path), "--json")
    assert data["game"] == game
    assert isinstance(data["winners"], list) and isinstance(data["notes"], list)
    ranks = []
    for player in data["players"]:
        assert set(player) == {"name", "scores", "total", "rank"}
        assert list(player["scores"]) == CATEGORIES[game]
        assert player["total"] == sum(player["scores"].values())
        ranks.append(player["rank"])
    assert min(ranks) == 1
    if game == "pax":
        assert isinstance(data["rome_wins"], bool)
    # JSON input with the same structure scores the same.
    import tomllib

    target = tmp_path / path.with_suffix(".json").name
    target.write_text(json.dumps(tomllib.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")
    assert cli_json("score", game, "--from", str(target), "--json") == data


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.name)
def test_interfaces_example_records_replay_and_round_trip(path, tmp_path):
    data = cli_json("replay", str(path), "--json")
    assert data["ok"] is True and data["ply"] > 0
    ids = cli_json("import", str(path), "--json")["ids"]
    exported = runner.invoke(app, ["export", str(ids[0])]).stdout
    again = tmp_path / "again.txt"
    again.write_text(exported, encoding="utf-8")
    assert cli_json("replay", str(again), "--json")["score"] == data["score"]


@pytest.mark.parametrize("game", packaged_games())
def test_interfaces_notation_guide_is_shown(game):
    """``assistant rules GAME notation`` shows docs/notation/<game>.md, which a game package
    ships (a game registered at run time has no way to give one)."""
    data = cli_json("rules", game, "notation", "--json")
    assert data["game"] == game and len(data["notation"]) > 500


@pytest.mark.parametrize("game", games())
def test_interfaces_every_game_has_rule_texts(game):
    """``assistant rules GAME`` lists the game's whole rulebook (``Ruleset.rulebook``), each
    rule once, under the game's one rule-id prefix (its name or an alias); that every rule id
    the game cites has a text is tests/test_rule_ids.py."""
    rules = cli_json("rules", game, "--json")
    assert rules, f"{game} has no rule texts"
    assert [r["id"] for r in rules] == [r.id for r in ruleset(game).rulebook()]
    prefix = rule_prefix(game) + "."
    assert all(r["id"].startswith(prefix) for r in rules)
    assert len({r["id"] for r in rules}) == len(rules)
    assert all(r["title"] and r["text"] for r in rules), "every rule has a title and a text"
