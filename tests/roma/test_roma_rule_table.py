"""Roma's rules as a declared table (assistant.core.dispatch, assistant/games/roma/rules): every
entry type has its rule, every phase names the entry types it takes, every entry legal or made
in random games (from the set-up and picked up from a position) is of a type its phase takes,
an entry of a type its phase does not take is refused with the rule of that phase, and the
table is what decides it."""

from __future__ import annotations

from dataclasses import replace

import pytest
import registry_support
from registry_support import phases_taken

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.games.roma import RULESET, rules
from assistant.games.roma import moves as m
from assistant.games.roma.rules import TABLE, phase_of
from assistant.games.roma.simulate import random_game

SETUP = (m.Start, m.Hand, m.Give, m.Place)
PHASES = {"setup.new", "setup.deal", "setup.swap", "setup.place", "position", "phase2", "phase3", "battle", "over"}


def picked_up_game(seed: int, plies: int = 60) -> Game:
    """The example position (examples/roma-position.toml) entered, then random legal play."""
    return registry_support.picked_up_game("roma", seed, plies)


def games() -> list[Game]:
    return [random_game(seed, 2, {"bribe": "on"} if seed % 2 else {}) for seed in range(4)] + [picked_up_game(0)]


@pytest.fixture(scope="module")
def played() -> list[Game]:
    return games()


def test_the_phases():
    assert set(TABLE.phases) == PHASES
    assert set(rules.REFUSALS) == PHASES  # each phase says how it refuses what it does not take
    for phase, kinds in TABLE.phases.items():  # the rest: tests/test_rule_tables.py
        assert len(set(kinds)) == len(kinds), phase
    assert TABLE.phases["over"] == () and TABLE.anytime == ()
    assert set(TABLE.phases["position"]) == set(m.POSITION_MOVES)


def test_the_ruleset_declares_the_table(played):
    assert RULESET.rule_table is TABLE
    for game in played:
        assert [RULESET.phase_of(s) for s in game.states] == [phase_of(s) for s in game.states]


def test_every_legal_move_and_every_entry_is_taken_by_its_phase(played):
    assert phases_taken(RULESET, played) == PHASES


def expected_rule(phase: str, move: m.RomaMove) -> str:
    """The rule that refuses an entry of the active player (or, in the set-up, of a seat)
    whose type ``phase`` does not take."""
    if phase in ("over", "position"):
        return {"over": "roma.end", "position": "roma.position"}[phase]
    if isinstance(move, m.POSITION_MOVES):
        return "roma.position"
    if phase.startswith("setup."):
        if isinstance(move, m.Holds):
            return "roma.hidden.named"
        step = {m.Hand: "roma.setup.hands", m.Give: "roma.setup.swap", m.Place: "roma.setup.place"}
        return step.get(type(move), "roma.setup")
    if isinstance(move, SETUP):
        return "roma.setup"
    if phase == "phase2" and not isinstance(move, m.Battle):
        return "roma.phase2.roll"
    return "roma.battle"


def test_a_type_its_phase_does_not_take_is_refused_with_the_phases_rule(played):
    samples = {type(e.move): e.move for game in played for e in game.entries}
    samples[m.Holds] = m.Holds("Ann", ("?",))
    tried: set[tuple[str, str]] = set()
    for game in played:
        for state in game.states:
            phase = phase_of(state)
            for kind, move in samples.items():
                if TABLE.accepts(phase, move):
                    continue
                if move.player:
                    move = replace(move, player=state.player if not phase.startswith("setup.") else state.seats[0])
                with pytest.raises(IllegalMove) as refused:
                    RULESET.check(state, move)
                assert refused.value.rule == expected_rule(phase, move), (phase, move.notation(), refused.value.message)
                tried.add((phase, kind.__name__))
    assert {phase for phase, _ in tried} == PHASES
    assert len(tried) > 50


def test_a_player_not_in_the_game_or_not_on_turn_is_refused_before_the_phase(played):
    state = next(s for s in played[0].states if phase_of(s) == "phase2")
    with pytest.raises(IllegalMove) as refused:
        RULESET.check(state, m.End("Zed"))
    assert refused.value.rule == "roma.turn" and "does not play" in refused.value.message
    other = state.seats[state.opponent]
    with pytest.raises(IllegalMove) as refused:
        RULESET.check(state, m.End(other))
    assert refused.value.rule == "roma.turn" and f"not {other}'s" in refused.value.message


def test_the_table_decides(played, monkeypatch):
    """Take End out of phase 3: the phase's refusal refuses it (no attack waits for the battle
    die, the refusal of what phase 3 does not take); put it back: it is legal again."""
    state = next(s for s in played[0].states if phase_of(s) == "phase3")
    end = m.End(state.player)
    RULESET.check(state, end)
    phases = dict(TABLE.phases)
    phases["phase3"] = tuple(k for k in phases["phase3"] if k is not m.End)
    monkeypatch.setattr(rules, "TABLE", replace(TABLE, phases=phases))
    with pytest.raises(IllegalMove) as refused:
        RULESET.check(state, end)
    assert refused.value.rule == "roma.battle"
    monkeypatch.undo()
    RULESET.check(state, end)


def test_phase_of_follows_the_set_up_steps():
    game = random_game(1, 2)
    steps = [phase_of(s) for s in game.states[:12]]
    assert steps[0] == "setup.new"
    order = [p for i, p in enumerate(steps) if i == 0 or steps[i - 1] != p]
    assert order[:5] == ["setup.new", "setup.deal", "setup.swap", "setup.place", "phase2"], order


def test_every_type_a_phase_takes_is_legal_in_it(played):
    """The table takes no more than the rules: each type a phase takes is legal at some
    position of that phase (as listed by legal_moves; a correction and ``holds``, which
    legal_moves does not list, tried; the position entries, as the picked-up game made them)."""
    legal: dict[str, set[type]] = {}
    for game in played:
        for before, entry in zip(game.states, game.entries):
            legal.setdefault(phase_of(before), set()).add(type(entry.move))
        for state in game.states[:-1]:
            phase = phase_of(state)
            legal.setdefault(phase, set()).update(type(move) for move in RULESET.legal_moves(state))
            seat = state.player if not phase.startswith("setup.") else state.seats[0]
            tries = (m.Correct(seat, "sestertii", "a test", amount=1), m.Holds(seat, ()), m.PositionDiscard(("?",)))
            for move in tries:
                try:
                    RULESET.check(state, move)
                except IllegalMove:
                    continue
                legal[phase].add(type(move))
    for phase, kinds in TABLE.phases.items():
        assert set(kinds) <= legal.get(phase, set()), (phase, sorted(k.__name__ for k in set(kinds) - legal.get(phase, set())))
