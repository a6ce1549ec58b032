"""Helpers for tests that run the command line in a separate process, and a made-up game with
a secret ("gems") for the tests of what the command line shows and hides."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, fields, replace
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

# Runs the CLI in a fresh interpreter with the tests' made-up games registered.
BOOT = (
    "import sys; sys.path.insert(0, {tests!r}); import toygame, cli_support; "
    "from assistant.games import register; register(toygame.RULESET); cli_support.register_gems(); "
    "from assistant.cli.main import run; sys.argv = ['assistant'] + sys.argv[1:]; run()"
)


def cli_command(*args: str) -> list[str]:
    """The command line that runs the CLI in a fresh interpreter with the toy games."""
    return [sys.executable, "-c", BOOT.format(tests=str(TESTS)), *args]


def run_cli(*args: str, db: Path, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess:
    """Run the CLI in a separate process against the database ``db``."""
    env = {**os.environ, "ASSISTANT_DB": str(db), "NO_COLOR": "1"}
    return subprocess.run(cli_command(*args), env=env, capture_output=True, text=True, timeout=timeout, **kwargs)


def terminal_env(db: Path, tmp_path: Path, *, columns: int = 80, lines: int = 24, **extra: str) -> dict[str, str]:
    """The environment of the CLI on a pseudo-terminal of ``columns`` x ``lines``: the database
    ``db``, no colour, no cursor-position request to answer (prompt_toolkit), the prompt's
    history file under ``tmp_path``; ``extra`` set on top."""
    return {
        **os.environ,
        "ASSISTANT_DB": str(db),
        "NO_COLOR": "1",
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "COLUMNS": str(columns),
        "LINES": str(lines),
        **extra,
    }


# -- a made-up game with a secret --------------------------------------------------------------------
GEMS = ("ruby", "jade", "onyx", "opal", "pearl")

GEM_RULES = """# Gem pebbles
## gems.hide — Hiding a gem
Once per game each player may hide one gem (ruby, jade, onyx, opal or pearl) in their fist:
'Ann hides ruby', or 'Ann hides ?' when the table does not say which. The gem is secret.
## gems.unique — One of each gem
There is one gem of each kind: a gem already hidden by someone cannot be hidden again.
"""


def _gem_classes():  # type: ignore[no-untyped-def]
    """Pebbles (tests/toygame.py) with a secret: each player may hide one gem. The public form
    of ``Ann hides ruby`` is ``Ann hides ?``; ``describe`` shows the gem only with reveal."""
    import toygame

    from assistant.core import IllegalMove, InvalidEntry
    from assistant.core.names import NameIndex
    from assistant.core.rulebook import parse_rules

    @dataclass(frozen=True)
    class Hide:
        player: str
        gem: str  # "?" when typed as unknown

        def notation(self) -> str:
            return f"{self.player} hides {self.gem}"

    @dataclass(frozen=True)
    class GemState(toygame.PebbleState):
        hidden: tuple[str, ...] = ()  # "" nothing hidden, "?" unknown, else the gem

    class GemPebbles(toygame.Pebbles):
        name = "gems"
        title = "Gem pebbles"
        aliases = ("gem-pebbles",)

        def setup(self, seats, options):  # type: ignore[no-untyped-def]
            base = super().setup(seats, options)
            values = {f.name: getattr(base, f.name) for f in fields(base)}
            return GemState(**values, hidden=("",) * len(seats))

        def parse(self, state, text):  # type: ignore[no-untyped-def]
            words = text.split()
            if len(words) == 3 and words[1].lower() in ("hides", "hide"):
                seats = NameIndex([(s, ()) for s in state.seats], what="player", rule="gems.hide")
                gem = words[2].lower()
                if gem != "?" and gem not in GEMS:
                    raise InvalidEntry("gems.hide", f"there is no gem '{gem}'", hint="ruby, jade, onyx, opal, pearl or ?")
                return Hide(seats.resolve(words[0]), gem)
            return super().parse(state, text)

        def check(self, state, move):  # type: ignore[no-untyped-def]
            if not isinstance(move, Hide):
                return super().check(state, move)
            if state.loser:
                raise IllegalMove("toy.end", "the game is over")
            if state.hidden[state.seats.index(move.player)]:
                raise IllegalMove("gems.hide", f"{move.player} has already hidden a gem")
            if move.gem != "?" and move.gem in state.hidden:
                owner = state.seats[state.hidden.index(move.gem)]
                raise IllegalMove("gems.unique", f"the {move.gem} is already in {owner}'s fist")
            return None

        def apply(self, state, move):  # type: ignore[no-untyped-def]
            if not isinstance(move, Hide):
                return super().apply(state, move)
            i = state.seats.index(move.player)
            return replace(state, hidden=tuple(move.gem if j == i else h for j, h in enumerate(state.hidden)))

        def public_notation(self, state, move):  # type: ignore[no-untyped-def]
            if isinstance(move, Hide):
                return f"{move.player} hides ?"
            return move.notation()

        def describe(self, state, *, reveal=False):  # type: ignore[no-untyped-def]
            data = super().describe(state, reveal=reveal)
            for player, gem in zip(data["players"], state.hidden):
                player["gem"] = (gem if reveal else "?") if gem else "-"
            return data

        def rulebook(self):  # type: ignore[no-untyped-def]
            return [*super().rulebook(), *parse_rules(GEM_RULES)]

    return GemPebbles()


def register_gems():  # type: ignore[no-untyped-def]
    """Register the made-up game with a secret ("gems") and return its ruleset."""
    from assistant.games import register

    ruleset = _gem_classes()
    register(ruleset)
    return ruleset
