"""``pytest`` says why tests were skipped in one line per reason, not one per test (issue 23,
D19: 187 lines of "SKIPPED … no PostgreSQL server" before the result)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_pytest_skips_are_summed_up_by_reason():
    env = {k: v for k, v in os.environ.items() if k != "ASSISTANT_TEST_PG_URL"}  # the PostgreSQL half skips
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests/interop/test_interop.py", "-k", "round_trip"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    lines = done.stdout.splitlines()
    assert not [line for line in lines if line.startswith("SKIPPED")], done.stdout
    assert any(line.startswith("skipped 4: no PostgreSQL server") for line in lines), done.stdout
