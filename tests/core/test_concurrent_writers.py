"""Several people entering into one game at the same moment (a club's tables, simultaneous
7 Wonders turns), on SQLite and on a PostgreSQL server (the ``engine`` fixture, tests/conftest.py).

N processes of the command line wait at a start line (a file appearing), then all run
``move GAME "take 1"`` at once. Without ``--expect-ply`` every entry is still legal after the
others, so each is stored, one after the other; with ``--expect-ply`` (the ply all of them saw)
one is stored and every other gets the clear conflict (exit 1). Either way: nothing lost (every
process that said "stored" has its entry in the game, and the game holds nothing more), no
internal error (exit 3, a traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from assistant import service
from assistant.store import queries
from assistant.store.db import Store

from cli_support import BOOT, TESTS

# Waits for the start file, then runs the command line (tests/cli_support.py's BOOT).
RACER = "import os, sys, time\nwhile not os.path.exists({go!r}): time.sleep(0.002)\n" + BOOT


def race(db: str, gid: int, n: int, go: Path, *extra: str) -> list[tuple[int, str]]:
    """Start ``n`` writers, let them go at once; their (exit code, stderr)."""
    env = {**os.environ, "ASSISTANT_DB": db, "NO_COLOR": "1"}
    code = RACER.format(go=str(go), tests=str(TESTS))
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, "move", str(gid), "take 1", *extra],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(n)
    ]
    time.sleep(1.0 + 0.25 * n)  # every interpreter started and waiting at the line
    go.touch()
    results = []
    for proc in procs:
        _out, err = proc.communicate(timeout=120)
        results.append((proc.returncode, err))
    return results


@pytest.mark.parametrize("n", [2, 8])
@pytest.mark.parametrize("guarded", [False, True], ids=["unguarded", "expect-ply"])
def test_concurrent_writers_into_one_game(db_url, engine, tmp_path, n, guarded):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben", "Cleo"], {"pile": "100"})
    service.enter(store, gid, "take 1")
    store.close()
    extra = ("--expect-ply", "1") if guarded else ()

    results = race(db_url, gid, n, tmp_path / "go", *extra)

    codes = [code for code, _err in results]
    internal = [err for code, err in results if code not in (0, 1) or "Traceback" in err or "internal error" in err]
    assert internal == [], results
    stored = codes.count(0)
    conflicted = [err for code, err in results if code == 1]
    store = Store.open(db_url)
    loaded = service.read_game(store, gid)
    in_game = loaded.game.ply - 1
    lost = stored - in_game
    print(f"{engine}, {n} writers, {'--expect-ply' if guarded else 'unguarded'}: "
          f"stored {stored}, conflicted {len(conflicted)}, lost {lost}")
    assert lost == 0 and in_game == stored  # nothing lost, nothing stored twice
    if guarded:
        assert (stored, len(conflicted)) == (1, n - 1), results
        assert all("changed meanwhile" in err for err in conflicted), conflicted
    else:
        assert (stored, len(conflicted)) == (n, 0), results
    # the entries follow each other: players in turn, each at its own ply
    with store.read() as session:
        assert [e.ply for e in queries.entries(session, gid)] == list(range(1, in_game + 2))
    assert service.check_database(store).ok
    store.close()
