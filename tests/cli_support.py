"""Helpers for tests that run the command line in a separate process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

# Runs the CLI in a fresh interpreter with the tests' made-up game registered.
BOOT = (
    "import sys; sys.path.insert(0, {tests!r}); import toygame; "
    "from assistant.games import register; register(toygame.RULESET); "
    "from assistant.cli.main import run; sys.argv = ['assistant'] + sys.argv[1:]; run()"
)


def cli_command(*args: str) -> list[str]:
    """The command line that runs the CLI in a fresh interpreter with the toy game."""
    return [sys.executable, "-c", BOOT.format(tests=str(TESTS)), *args]


def run_cli(*args: str, db: Path, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess:
    """Run the CLI in a separate process against the database ``db``."""
    env = {**os.environ, "ASSISTANT_DB": str(db), "NO_COLOR": "1"}
    return subprocess.run(cli_command(*args), env=env, capture_output=True, text=True, timeout=timeout, **kwargs)
