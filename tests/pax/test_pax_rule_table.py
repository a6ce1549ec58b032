"""PAX's rules as a declared table (assistant.core.dispatch, assistant/games/pax/rules): every
entry kind has its rule, every phase (the state's phase and its steps) names the kinds it
takes, every entry legal or made in random games (from the setup and picked up from a
position) is of a kind its phase takes and every kind a phase takes is legal in it, an entry
of a kind its phase does not take is refused with the rule of that phase, and the table is
what decides it."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import get_args

import pytest
import registry_support
from registry_support import phases_taken

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.games.pax import RULESET, rules
from assistant.games.pax import moves as m
from assistant.games.pax.rules import POSITION_MOVES, TABLE, phase_of
from assistant.games.pax.simulate import random_game
from assistant.games.pax.state import PaxState

MOVE_TYPES = set(get_args(m.PaxMove))
TURN = (m.Draw, m.Buy, m.Play, m.End, m.Peek)
PHASES = {"start.new", "start", "start.hands", "market", "position", "turn.draw", "turn.actions", "refill", "reveal", "over"}


def picked_up_game(seed: int, plies: int = 80) -> Game:
    """The example position (examples/pax-position.toml) entered, then random legal play."""
    return registry_support.picked_up_game("pax", seed, plies)


@pytest.fixture(scope="module")
def played() -> list[Game]:
    return [random_game(seed, players) for seed in range(2) for players in (1, 2, 3, 4)] + [picked_up_game(0)]


def test_the_phases():
    assert set(TABLE.phases) == PHASES
    for phase, kinds in TABLE.phases.items():  # the rest: tests/test_rule_tables.py
        assert len(set(kinds)) == len(kinds), phase
    assert TABLE.phases["over"] == () and TABLE.anytime == ()
    assert set(TABLE.phases["position"]) == set(POSITION_MOVES)


def test_the_ruleset_declares_the_table_and_the_phases_are_the_states(played):
    assert RULESET.rule_table is TABLE
    for game in played:
        for state in game.states:
            assert RULESET.phase_of(state) == phase_of(state)
            assert phase_of(state).split(".")[0] == state.phase


def test_every_legal_move_and_every_entry_is_taken_by_its_phase(played):
    assert phases_taken(RULESET, played) == PHASES


def _tries(state: PaxState) -> list[object]:
    """Entries legal_moves does not list, tried at every position."""
    found: list[object] = [m.StartPlayer(seat) for seat in state.seats[:1]]
    for seat in state.seats:
        found += [m.Correct(seat, m.AUREI, "a test", change=1), m.Name(seat, "hand", None)]
    return found


def test_every_type_a_phase_takes_is_legal_in_it(played):
    """The table takes no more than the rules: each kind a phase takes is legal at some
    position of that phase (listed by legal_moves, made in a game, or tried)."""
    legal: dict[str, set[type]] = {}
    for game in played:
        for before, entry in zip(game.states, game.entries):
            legal.setdefault(phase_of(before), set()).add(type(entry.move))
        for state in game.states[:-1]:
            here = legal.setdefault(phase_of(state), set())
            here.update(type(move) for move in RULESET.legal_moves(state))
            here.update(type(move) for move in _tries(state) if rules.is_legal(state, move))  # type: ignore[arg-type]
    for kind in POSITION_MOVES[:-1]:  # a block may begin with any entry but the round entry
        legal["start.new"].add(kind)
    for phase, kinds in TABLE.phases.items():
        missing = sorted(k.__name__ for k in set(kinds) - legal.get(phase, set()))
        assert not missing, (phase, missing)


def expected_rule(state: PaxState, phase: str, move: object) -> str:
    """The rule that refuses an entry of the player to act whose kind ``phase`` does not take."""
    if phase in ("over", "position"):
        return {"over": "pax.winner", "position": "pax.position"}[phase]
    if isinstance(move, POSITION_MOVES):
        return "pax.position"
    if isinstance(move, TURN) and not phase.startswith("turn."):
        return "pax.round"
    if isinstance(move, m.Draw):  # after the draw
        assert state.turn is not None
        if state.turn.target == 0:
            return "pax.end.deck-empty"
        return "pax.open.action-order" if state.turn.bought or state.turn.played else "pax.turn.draw"
    if isinstance(move, m.Name):  # nothing entered as ? yet
        return "pax.hidden.name"
    if isinstance(move, TURN):  # buy, play or end before the draw is done
        return "pax.turn.draw"
    return {
        m.StartPlayer: "pax.setup.start-player",
        m.Keep: "pax.setup.hands",
        m.Market: "pax.setup.market",
        m.Refill: "pax.roundend.refill",
        m.Reveal: "pax.winner.reveal",
    }[type(move)]


def test_a_type_its_phase_does_not_take_is_refused_with_the_phases_rule(played):
    samples = {type(e.move): e.move for game in played for e in game.entries if not isinstance(e.move, POSITION_MOVES)}
    seat = played[0].seats[0]  # replaced below by the player to act
    samples.update({m.Name: m.Name(seat, "hand", None), m.Correct: m.Correct(seat, m.AUREI, "a test", change=1)})
    assert set(samples) == MOVE_TYPES - set(POSITION_MOVES)
    tried: set[tuple[str, str]] = set()
    for game in played:
        # a position entry names the seats of its own game: tried in that game only
        samples.update((type(e.move), e.move) for e in game.entries if isinstance(e.move, POSITION_MOVES))
        for state in game.states:
            phase = phase_of(state)
            for kind, move in samples.items():
                if TABLE.accepts(phase, move):
                    continue
                if "player" in {f.name for f in fields(move)} and not isinstance(move, POSITION_MOVES):  # type: ignore[arg-type]
                    move = replace(move, player=state.seats[state.current])  # type: ignore[type-var]
                with pytest.raises(IllegalMove) as refused:
                    RULESET.check(state, move)
                assert refused.value.rule == expected_rule(state, phase, move), (phase, move.notation(), refused.value.message)
                tried.add((phase, kind.__name__))
    assert {phase for phase, _ in tried} == PHASES
    assert len(tried) > 60


def test_the_table_decides(played, monkeypatch):
    """Take End out of the turn's actions: the table refuses it though its check would pass
    (``pax.round``, not taken now); put it back: it is legal again."""
    state = next(s for s in played[2].states if phase_of(s) == "turn.actions")
    end = m.End(state.seats[state.current])
    RULESET.check(state, end)
    phases = dict(TABLE.phases)
    phases["turn.actions"] = tuple(k for k in phases["turn.actions"] if k is not m.End)
    monkeypatch.setattr(rules, "TABLE", replace(TABLE, phases=phases))
    with pytest.raises(IllegalMove) as refused:
        RULESET.check(state, end)
    assert refused.value.rule == "pax.round" and "not taken now" in refused.value.message
    monkeypatch.undo()
    RULESET.check(state, end)


def test_the_turn_steps():
    game = random_game(0, 2)
    steps = [phase_of(s) for s in game.states]
    assert steps[0] == "start.new" and steps[-1] == "over"
    order = [p for i, p in enumerate(steps) if i == 0 or steps[i - 1] != p]
    for step in ("start.hands", "market", "turn.draw", "turn.actions", "refill"):
        assert step in order, (step, order)
    assert order.index("start.hands") < order.index("market") < order.index("turn.draw") < order.index("turn.actions")
