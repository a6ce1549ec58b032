"""Every game's rules as one declared table (assistant/core/dispatch.py): what each move type
checks and does, and which move types each phase takes. Over every registered game (the toy
game included): the table has a rule for every move type of the game's ``Ruleset[State,
Move]``, every entry of a random game was one its phase takes, as is every move it lists as
legal, and an entry of a type its phase does not take is refused, whatever the game."""

from __future__ import annotations

from typing import get_args, get_origin

import pytest
from registry_support import CHECKLIST, games, phases_taken, random_game, ruleset

from assistant.core.dispatch import RuleTable
from assistant.core.errors import EntryError
from assistant.core.protocol import Ruleset

SEEDS = range(6)


def _table(game: str) -> RuleTable:
    table = ruleset(game).rule_table
    if not isinstance(table, RuleTable):
        pytest.fail(f"{game}: its Ruleset has no rule_table; declare the rules as a RuleTable ({CHECKLIST})")
    if type(ruleset(game)).phase_of is Ruleset.phase_of:
        pytest.fail(f"{game}: its Ruleset does not say which phase a state is in (phase_of) ({CHECKLIST})")
    return table


def _move_types(game: str) -> set[type]:
    """The move types of the game's ``Ruleset[State, Move]`` (the members of its Move union)."""
    base = next(b for b in getattr(type(ruleset(game)), "__orig_bases__", ()) if get_origin(b) is Ruleset)
    moves = get_args(base)[1]
    return set(get_args(moves) or (moves,))


@pytest.mark.parametrize("game", games())
def test_rule_tables_every_game_declares_a_complete_table(game):
    table = _table(game)
    assert set(table.rules) == _move_types(game), f"{game}: the table's move types are not the Ruleset's Move union"
    for kind, rule in table.rules.items():
        assert callable(getattr(kind, "notation", None)), f"{game}: {kind.__name__} is not a move type"
        assert callable(rule.check) and callable(rule.apply), f"{game}: {kind.__name__}'s rule"
    for phase, kinds in [*table.phases.items(), ("(anytime)", table.anytime)]:
        missing = [kind.__name__ for kind in kinds if kind not in table.rules]
        assert not missing, f"{game}: phase {phase} takes {missing}, which have no rule"
    taken = {kind for kinds in table.phases.values() for kind in kinds} | set(table.anytime)
    unused = sorted(kind.__name__ for kind in set(table.rules) - taken)
    assert not unused, f"{game}: no phase takes {unused}"


@pytest.mark.parametrize("game", games())
def test_rule_tables_every_entry_of_a_random_game_is_taken_by_its_phase(game):
    table, rules = _table(game), ruleset(game)
    seen = phases_taken(rules, [random_game(game, seed) for seed in SEEDS])
    assert seen <= set(table.phases), f"{game}: phases {seen - set(table.phases)} are not declared"
    assert len(seen) > 1 or len(table.phases) == 1, f"{game}: the random games stayed in phase {seen}"


@pytest.mark.parametrize("game", games())
def test_rule_tables_an_entry_its_phase_does_not_take_is_refused(game):
    table, rules = _table(game), ruleset(game)
    tried = 0
    for seed in SEEDS:
        played = random_game(game, seed)
        moves = [entry.move for entry in played.entries]
        for state in played.states[:: max(1, len(played.states) // 25)]:
            phase = rules.phase_of(state)
            strangers = {type(m): m for m in moves if not table.accepts(phase, m)}
            for move in strangers.values():
                tried += 1
                with pytest.raises(EntryError):
                    rules.check(state, move)
    assert tried, f"{game}: no entry of a type its phase does not take was tried"
