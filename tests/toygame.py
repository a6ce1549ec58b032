"""A small made-up game used only by the tests to exercise the core, store and CLI.

"Pebbles": a pile of pebbles (option ``pile``, default 15); players take 1 to 3 in turn
(``take N``); whoever takes the last pebble loses. Each player may once per game ``pass``.
Score: pebbles taken, plus 10 for everyone but the loser; tie-break: fewer passes used.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from assistant.core import (
    IllegalMove,
    InvalidEntry,
    OptionSpec,
    Outcome,
    Prompt,
    Ruleset,
    ScoreSheet,
)
from assistant.core.names import NameIndex
from assistant.core.rulebook import parse_rules

RULES = """# Pebbles
## toy.take — Taking pebbles
On your turn take 1, 2 or 3 pebbles from the pile, never more than are left.
## toy.pass — Passing
Each player may pass once per game instead of taking.
See also: toy.take
## toy.end — End
Whoever takes the last pebble loses.
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


@dataclass(frozen=True)
class PebbleState:
    seats: tuple[str, ...]
    pile: int
    turn: int = 0
    taken: tuple[int, ...] = ()
    passed: tuple[bool, ...] = ()
    loser: str | None = None

    @property
    def current(self) -> str:
        return self.seats[self.turn % len(self.seats)]


class Pebbles(Ruleset):
    name = "pebbles"
    title = "Pebbles"
    aliases = ("toy",)
    min_players = 2
    max_players = 5
    options = (OptionSpec("pile", "15", "pebbles in the pile at the start"),)

    def setup(self, seats, options):
        try:
            pile = int(options["pile"])
        except ValueError:
            raise InvalidEntry("toy.take", "option pile must be a number") from None
        if not 1 <= pile <= 100:
            raise InvalidEntry("toy.take", "option pile must be between 1 and 100")
        n = len(seats)
        return PebbleState(tuple(seats), pile, 0, (0,) * n, (False,) * n)

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
        if verb == "take" and len(words) == 2 and words[1].isdigit():
            return Take(player, int(words[1]))
        raise InvalidEntry("toy.take", f"cannot read '{text}'", hint="take N, or pass")

    def check(self, state, move):
        if state.loser:
            raise IllegalMove("toy.end", "the game is over")
        if move.player != state.current:
            raise IllegalMove("toy.take", f"it is {state.current}'s turn, not {move.player}'s")
        if isinstance(move, Pass):
            if state.passed[state.seats.index(move.player)]:
                raise IllegalMove("toy.pass", f"{move.player} has already passed once", hint="take 1-3")
            return
        if not 1 <= move.count <= 3:
            raise IllegalMove("toy.take", "take 1, 2 or 3 pebbles", hint="take 1")
        if move.count > state.pile:
            raise IllegalMove("toy.take", f"only {state.pile} pebbles are left", hint=f"take {state.pile}")

    def apply(self, state, move):
        i = state.seats.index(move.player)
        if isinstance(move, Pass):
            passed = tuple(True if j == i else p for j, p in enumerate(state.passed))
            return replace(state, turn=state.turn + 1, passed=passed)
        taken = tuple(t + move.count if j == i else t for j, t in enumerate(state.taken))
        pile = state.pile - move.count
        return replace(state, pile=pile, turn=state.turn + 1, taken=taken, loser=move.player if pile == 0 else None)

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
        from assistant.core.tablefile import TableReader

        reader = TableReader("pebbles")
        players = reader.players(table, rule="toy.end", low=2, high=5)
        points = {}
        for p in players:
            points[p["name"]] = {
                "taken": reader.integer(p, "taken", rule="toy.take", player=p["name"], high=100),
                "survived": 0 if reader.boolean(p, "lost", rule="toy.end", player=p["name"]) else 10,
            }
        reader.raise_if_problems()
        return ScoreSheet.build("pebbles", [p["name"] for p in players], ["taken", "survived"], points)

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
