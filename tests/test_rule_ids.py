"""Rule ids, for every registered game (tests/registry_support.py): a refusal names a rule id
(``IllegalMove(rule, ...)``, a table's ``Problem``), ``assistant rules GAME ID`` shows its text,
and a test checks the rule.

Every rule id the game's source cites as a string literal (``"roma.actions.activate"``, under
the game's one prefix; every file of its package, sub-packages included, or its one module):

* has a text in the game's rulebook (``Ruleset.rulebook()``: ``data/<game>/rules.md``);
* is checked by a test whose name holds the id, dots and hyphens as underscores
  (``7w.sheet.tiebreak`` -> ``test_7w_sheet_tiebreak_...``), in any test file under tests/.

And every ``See also`` of the rulebook names a rule of the game (or of the program's own,
``data/core/rules.md``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.core.rulebook import load_game_rules
from registry_support import cited_rule_ids, games, rule_slug, ruleset

TESTS = Path(__file__).resolve().parent
TEST_NAME = re.compile(r"^\s*(?:async\s+)?def\s+(test_\w+)", re.M)


def all_test_names() -> list[str]:
    """The name of every test function under tests/."""
    names: list[str] = []
    for path in sorted(TESTS.rglob("test_*.py")):
        names += TEST_NAME.findall(path.read_text(encoding="utf-8"))
    return names


def has_test(rule: str, names: list[str]) -> bool:
    """Whether one of the test ``names`` holds ``rule`` between underscores or at an end
    (``test_7w_build_cost_paid`` holds ``7w.build.cost``; ``test_7w_builder`` holds no
    ``7w.build``)."""
    pattern = re.compile(rf"(?:^|_){re.escape(rule_slug(rule))}(?:_|$)")
    return any(pattern.search(name) for name in names)


@pytest.mark.parametrize("game", games())
def test_rule_ids_cited_by_the_game_have_a_text(game: str) -> None:
    cited = cited_rule_ids(game)
    assert cited, f"{game}: its source cites no rule id"
    book = {rule.id for rule in ruleset(game).rulebook()}
    missing = {rule: where for rule, where in sorted(cited.items()) if rule not in book}
    assert not missing, f"{game}: rule ids cited without a text in its rulebook (data/{game}/rules.md): {missing}"


@pytest.mark.parametrize("game", games())
def test_rule_ids_cited_by_the_game_have_a_test(game: str) -> None:
    names = all_test_names()
    untested = {rule: where for rule, where in sorted(cited_rule_ids(game).items()) if not has_test(rule, names)}
    assert not untested, (
        f"{game}: rule ids cited with no test named after them (test_{{id with _ for . and -}}_...): "
        + ", ".join(f"{rule} ({where})" for rule, where in untested.items())
    )


@pytest.mark.parametrize("game", games())
def test_rule_ids_see_also_targets_exist(game: str) -> None:
    book = ruleset(game).rulebook()
    known = {rule.id for rule in book} | {rule.id for rule in load_game_rules("core")}
    dangling = sorted((rule.id, target) for rule in book for target in rule.see_also if target not in known)
    assert not dangling, f"{game}: 'See also' names no rule: {dangling}"


def test_rule_ids_a_test_name_holds_the_whole_id() -> None:
    """The matching above: the whole id, dots and hyphens as underscores, between underscores."""
    names = ["test_7w_build_cost_is_checked", "test_sylla_data_building_slots", "test_roma_actions", "test_7w_builder"]
    assert has_test("7w.build.cost", names) and has_test("sylla.data.building-slots", names)
    assert has_test("roma.actions", names)
    assert not has_test("roma.actions.activate", names) and not has_test("7w.build", ["test_7w_builder"])
