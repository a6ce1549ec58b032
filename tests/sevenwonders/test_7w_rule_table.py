"""The 7 Wonders rules as one declared table (``rules.TABLE``, issue 24): every move type has
its rule, every phase names move types of the table, every legal entry of random games is
taken by the phase it is entered in, and an entry the phase does not take is refused with
that phase's rule id."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET, legal, moves, rules
from assistant.games.sevenwonders.moves import (
    Build,
    Correct,
    DraftPass,
    Keep,
    Pick,
    Recruit,
    SetBoard,
    SetPosition,
)
from assistant.games.sevenwonders.simulate import random_game

TABLE = rules.TABLE

#: Every move type of moves.py (the dataclasses named in ``moves.Move``).
MOVE_TYPES = {
    obj
    for name, obj in vars(moves).items()
    if inspect.isclass(obj) and dataclasses.is_dataclass(obj) and obj.__module__ == moves.__name__ and obj in moves.Move.__args__
}


def test_7w_rule_table_has_a_rule_for_every_move_type() -> None:
    assert len(MOVE_TYPES) == 16
    assert set(TABLE.rules) == MOVE_TYPES
    assert RULESET.rule_table is TABLE


def test_7w_rule_table_phases_name_only_move_types_with_a_rule() -> None:
    for phase, kinds in TABLE.phases.items():
        assert set(kinds) <= set(TABLE.rules), phase
        assert len(set(kinds)) == len(kinds), phase
    assert TABLE.anytime == (Correct,)
    assert TABLE.accepted("over") == (Correct,)


@pytest.mark.parametrize(("players", "seed", "options", "draft"), [
    (2, 0, {}, True), (3, 1, {}, False), (4, 2, {"leaders": "false"}, True), (5, 3, {}, True), (7, 4, {}, True),
])
def test_7w_rule_table_takes_every_legal_entry_of_random_games(players: int, seed: int, options: dict[str, str], draft: bool) -> None:
    game = random_game(seed, players, options, draft=draft)
    seen: set[str] = set()
    for state in game.states:
        phase = RULESET.phase_of(state)
        assert phase in TABLE.phases
        seen.add(phase)
        for move in legal.legal_moves(state):
            assert TABLE.accepts(phase, move), (phase, move)
    for move, state in zip((e.move for e in game.entries), game.states):
        assert TABLE.accepts(rules.phase_of(state), move), (rules.phase_of(state), move)
    assert "over" in seen and "turn" in seen


def refusal(game: Game, move: object) -> IllegalMove:
    assert not TABLE.accepts(rules.phase_of(game.state), move)
    with pytest.raises(IllegalMove) as info:
        RULESET.check(game.state, move)
    return info.value


def test_7w_rule_table_phase_refuses_what_it_does_not_take() -> None:
    game = Game(RULESET, ["ada", "bob", "cleo"], {"leaders": "true"})
    assert rules.phase_of(game.state) == "boards"
    assert refusal(game, Build("ada", "Baths")).rule == "7w.setup.wonders"
    assert refusal(game, SetPosition("discard", discard=(1, 0, 0))).rule == "7w.position"
    for text in ("ada board Gizah A", "bob board Rhodes A", "cleo board Babylon A"):
        game.push(text)
    assert rules.phase_of(game.state) == "draft start (position block)"
    assert TABLE.accepts(rules.phase_of(game.state), Recruit("ada", "Nero"))  # the draft played off the record
    assert refusal(game, Build("ada", "Baths")).rule == "7w.leaders.draft"
    assert refusal(game, SetBoard("ada", "Rome", "A")).rule == "7w.setup.wonders"
    game.push("ada keep ?")
    assert rules.phase_of(game.state) == "draft"
    assert refusal(game, Recruit("bob", "Nero")).rule == "7w.leaders.draft"
    assert refusal(game, SetPosition("discard", discard=(1, 0, 0))).rule == "7w.position"
    for _ in range(3):
        game.push("draft")
    assert rules.phase_of(game.state) == "recruit"
    assert refusal(game, Build("ada", "Baths")).rule == "7w.leaders.recruit"
    assert refusal(game, Keep("ada", None)).rule == "7w.leaders.draft"
    assert refusal(game, DraftPass()).rule == "7w.leaders.draft"
    assert refusal(game, Pick("ada", "Baths")).rule == "7w.leaders.recruit"


def test_7w_rule_table_turn_and_end_refusals() -> None:
    game = random_game(0, 3, {"leaders": "false"})
    turn = next(s for s in game.states if s.phase == "turn" and s.begun)
    assert rules.phase_of(turn) == "turn"
    assert not TABLE.accepts("turn", Recruit("Ada", "Nero"))
    with pytest.raises(IllegalMove) as info:
        RULESET.check(turn, Recruit(turn.seats[0], "Nero"))
    assert info.value.rule == "7w.turn.actions"
    over = game.state
    assert rules.phase_of(over) == "over"
    with pytest.raises(IllegalMove) as info:
        RULESET.check(over, Build(over.seats[0], "Baths"))
    assert info.value.rule == "7w.end"
