"""A small made-up game used only by the tests to exercise the core, store and CLI.

"Pebbles": a pile of pebbles (option ``pile``, default 15); players take 1 to 3 in turn
(``take N``); whoever takes the last pebble loses. Each player may once per game ``pass``.
Score: pebbles taken, plus 10 for everyone but the loser; tie-break: fewer passes used.

It is also the worked example of docs/architecture.md ("Adding a game"): registered by
tests/conftest.py, it gets every generic test the registered games get (tests/registry_support.py).
A game written as one module keeps every role in it: the ruleset (:class:`Pebbles`), the
state and moves, the rule texts (:data:`RULES`), the final table (``score_table``,
``table_from_state``) and the random table of the conformance tests (:func:`random_game`,
:func:`check_invariants`). Pebbles has no secrets and cannot be picked up in progress (its
ruleset overrides neither ``public_notation`` nor ``position``), the two optional capabilities.

>>> game = random_game(1, 3)
>>> game.outcome() is not None, check_invariants(game.state)
(True, [])
>>> [entry.text for entry in random_game(3, 2, {"pile": "3"}).entries]
['Ann take 2', 'Ben pass', 'Ann pass', 'Ben take 1']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from assistant.core import (
    IllegalMove,
    InvalidEntry,
    OptionSpec,
    Outcome,
    Prompt,
    Ruleset,
    ScoreSheet,
    reading,
)
from assistant.core.dispatch import Rule, RuleTable
from assistant.core.game import Game
from assistant.core.inputs import number
from assistant.core.names import NameIndex
from assistant.core.rulebook import parse_rules

RULES = """# Pebbles
## toy.setup — The pile and the players
Two to five players sit around a pile of 1 to 100 pebbles (option pile, 15 by default). The
first player named begins; turns go round in seating order.
## toy.take — Taking pebbles
On your turn take 1, 2 or 3 pebbles from the pile, never more than are left.
## toy.pass — Passing
Each player may pass once per game instead of taking.
See also: toy.take
## toy.end — End
Whoever takes the last pebble loses.
## toy.score — Scoring
Each player scores a point per pebble taken, and 10 points unless they lost. A tie goes to
whoever did not pass.
See also: toy.end
## toy.table — The final table
A final table lists each player with the keys name, taken, lost and passed; any other key is
refused.
See also: toy.score
"""


@dataclass(frozen=True)
class Take:
    player: str
    count: int

    def notation(self) -> str:
        return f"{self.player} take {self.count}"


@dataclass(frozen=True)
class Pass:
    player: str

    def notation(self) -> str:
        return f"{self.player} pass"


#: any entry of the game: the move type the ruleset is generic over
PebbleMove = Take | Pass


@dataclass(frozen=True)
class PebbleState:
    seats: tuple[str, ...]
    pile: int
    turn: int = 0
    taken: tuple[int, ...] = ()
    passed: tuple[bool, ...] = ()
    loser: str | None = None
    start: int = 0  # the pebbles in the pile at the start

    @property
    def current(self) -> str:
        return self.seats[self.turn % len(self.seats)]


def _check_turn(state: PebbleState, move: Take | Pass) -> None:
    if move.player != state.current:
        raise IllegalMove("toy.take", f"it is {state.current}'s turn, not {move.player}'s")


def check_pass(state: PebbleState, move: Pass) -> None:
    _check_turn(state, move)
    if state.passed[state.seats.index(move.player)]:
        raise IllegalMove("toy.pass", f"{move.player} has already passed once", hint="take 1-3")


def apply_pass(state: PebbleState, move: Pass) -> PebbleState:
    i = state.seats.index(move.player)
    passed = tuple(True if j == i else p for j, p in enumerate(state.passed))
    return replace(state, turn=state.turn + 1, passed=passed)


def check_take(state: PebbleState, move: Take) -> None:
    _check_turn(state, move)
    if not 1 <= move.count <= 3:
        raise IllegalMove("toy.take", "take 1, 2 or 3 pebbles", hint="take 1")
    if move.count > state.pile:
        raise IllegalMove("toy.take", f"only {state.pile} pebbles are left", hint=f"take {state.pile}")


def apply_take(state: PebbleState, move: Take) -> PebbleState:
    i = state.seats.index(move.player)
    taken = tuple(t + move.count if j == i else t for j, t in enumerate(state.taken))
    pile = state.pile - move.count
    return replace(state, pile=pile, turn=state.turn + 1, taken=taken, loser=move.player if pile == 0 else None)


def phase_of(state: PebbleState) -> str:
    """``play`` until somebody took the last pebble, then ``over``."""
    return "over" if state.loser else "play"


#: the rules as data (assistant/core/dispatch.py): what each entry checks and does, and what
#: each phase takes
TABLE: RuleTable[PebbleState] = RuleTable(
    rules={Take: Rule(check_take, apply_take), Pass: Rule(check_pass, apply_pass)},
    phases={"play": (Take, Pass), "over": ()},
)


class Pebbles(Ruleset[PebbleState, PebbleMove]):
    name = "pebbles"
    title = "Pebbles"
    aliases = ("toy",)
    min_players = 2
    max_players = 5
    options = (OptionSpec("pile", "15", "pebbles in the pile at the start"),)

    def setup(self, seats, options):
        pile = number(options["pile"])
        if pile is None:
            raise InvalidEntry("toy.setup", "option pile must be a number")
        if not 1 <= pile <= 100:
            raise InvalidEntry("toy.setup", "option pile must be between 1 and 100")
        n = len(seats)
        return PebbleState(tuple(seats), pile, 0, (0,) * n, (False,) * n, start=pile)

    def expecting(self, state):
        if state.loser:
            return Prompt((), "over")
        return Prompt((state.current,), f"{state.pile} pebbles left", ("take", "pass"), f"{state.current} to take 1-3")

    def parse(self, state, text):
        words = text.split()
        seats = NameIndex([(s, ()) for s in state.seats], what="player", rule="toy.take")
        if words and words[0].lower() not in ("take", "pass"):
            player = seats.resolve(words[0])
            words = words[1:]
        else:
            player = state.current
        if not words:
            raise InvalidEntry("toy.take", "say 'take N' or 'pass'")
        verb = words[0].lower()
        if verb == "pass" and len(words) == 1:
            return Pass(player)
        if verb == "take" and len(words) == 2:
            return Take(player, reading.read_number(words[1], "the number of pebbles taken", "toy.take"))
        raise InvalidEntry("toy.take", f"cannot read '{text}'", hint="take N, or pass")

    rule_table = TABLE

    def phase_of(self, state):
        return phase_of(state)

    def check(self, state, move):
        if not TABLE.accepts(phase_of(state), move):
            raise IllegalMove("toy.end", "the game is over")
        TABLE.rule(move).check(state, move)

    def apply(self, state, move):
        return TABLE.rule(move).apply(state, move)

    def legal_moves(self, state):
        if state.loser:
            return []
        moves = [Take(state.current, n) for n in (1, 2, 3) if n <= state.pile]
        if not state.passed[state.seats.index(state.current)]:
            moves.append(Pass(state.current))
        return moves

    def outcome(self, state):
        if state.loser is None:
            return None
        return Outcome(f"{state.loser} took the last pebble", self.score(state).winners)

    def score(self, state, *, reveal=False):
        points = {
            p: {"taken": state.taken[i], "survived": 0 if p == state.loser or state.loser is None else 10}
            for i, p in enumerate(state.seats)
        }
        tiebreak = {p: (-int(state.passed[i]),) for i, p in enumerate(state.seats)}
        return ScoreSheet.build("pebbles", state.seats, ["taken", "survived"], points, tiebreak=tiebreak)

    def score_table(self, table):
        """The score of a final table (rule toy.table): each player's ``taken``, ``lost`` and
        ``passed``, scored and tie-broken as :meth:`score` does."""
        from assistant.core.tablefile import TableReader

        reader = TableReader("pebbles")
        players = reader.players(table, rule="toy.end", low=2, high=5)
        points = {}
        tiebreak = {}
        for p in players:
            name = p["name"]
            row = reader.keys(p, ["name", "taken", "lost", "passed"], rule="toy.table", player=name)
            points[name] = {
                "taken": reader.integer(row, "taken", rule="toy.take", player=name, high=100),
                "survived": 0 if reader.boolean(row, "lost", rule="toy.end", player=name) else 10,
            }
            tiebreak[name] = (-int(reader.boolean(row, "passed", rule="toy.score", player=name)),)
        reader.raise_if_problems()
        return ScoreSheet.build("pebbles", [p["name"] for p in players], ["taken", "survived"], points, tiebreak=tiebreak)

    def table_from_state(self, state):
        """The final table of a tracked game (rule toy.table), as :meth:`score_table` reads it."""
        return {
            "game": "pebbles",
            "players": [
                {"name": p, "taken": state.taken[i], "lost": p == state.loser, "passed": state.passed[i]}
                for i, p in enumerate(state.seats)
            ],
        }

    def describe(self, state, *, reveal=False):
        return {
            "phase": self.expecting(state).phase,
            "pile": state.pile,
            "players": [
                {"name": p, "taken": state.taken[i], "passed": state.passed[i]} for i, p in enumerate(state.seats)
            ],
        }

    def catalogue(self):
        return [{"name": "Pebble", "kind": "token", "copies": 100}]

    def rulebook(self):
        return parse_rules(RULES)


RULESET = Pebbles()

# -- the random table (the role of a game package's simulate.py) -----------------------------------

#: The seats of a random game, the first ``players`` of them.
SEATS = ("Ann", "Ben", "Cy", "Dora", "Eve")


def random_game(seed: int, players: int, options: Mapping[str, str] | None = None) -> Game:
    """A whole random game of ``players`` seats, the same for the same seed: each turn one of
    the legal moves at random. ``options`` are the ``--option`` values; without ``pile`` the
    seed chooses the pile (1 to 30), so that short and long games both come up."""
    rng = random.Random(seed)
    chosen = {"pile": str(rng.randint(1, 30)), **dict(options or {})}
    game = Game(RULESET, list(SEATS[:players]), chosen)
    while game.outcome() is None:
        move = rng.choice(list(RULESET.legal_moves(game.state)))
        game.push(move.notation())
    return game


def check_invariants(state: Any) -> list[str]:
    """What a state breaks of what Pebbles conserves (empty when all holds): every pebble is
    in the pile or taken, none twice; the loser is named exactly when the pile is empty; a
    player passes at most once (a flag per seat)."""
    broken: list[str] = []
    n = len(state.seats)
    if len(state.taken) != n or len(state.passed) != n:
        broken.append(f"{n} seats but {len(state.taken)} counts taken and {len(state.passed)} pass flags")
    if state.pile < 0 or min(state.taken, default=0) < 0:
        broken.append(f"negative pebbles: pile {state.pile}, taken {state.taken}")
    if state.pile + sum(state.taken) != state.start:
        broken.append(f"pile {state.pile} + taken {sum(state.taken)} != {state.start} at the start")
    if (state.loser is not None) != (state.pile == 0):
        broken.append(f"loser {state.loser!r} with {state.pile} pebbles left")
    if state.loser is not None and state.loser not in state.seats:
        broken.append(f"the loser {state.loser!r} is not a seat")
    return broken
