"""First use by several windows at once (issue 10): 8 processes starting a game in one new
database file at the same moment all succeed. The schema and its ``schema_version`` are
created in one transaction by whichever process gets the write lock first; the others wait
for it and go on: no "database is busy", no exit 3, no "UNIQUE constraint failed:
meta.key", no stray ``*.bak``.

CI runs ``ASSISTANT_SOAK_CREATE`` rounds (default 2); the issue's acceptance is 20.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess

from assistant.store.models import SCHEMA_VERSION

from cli_support import cli_command

PROCESSES = 8
ROUNDS = int(os.environ.get("ASSISTANT_SOAK_CREATE", "2"))


def test_db_concurrent_create_eight_processes(tmp_path):
    env = {**os.environ, "NO_COLOR": "1"}
    failures: list[str] = []
    for round_ in range(ROUNDS):
        folder = tmp_path / f"round{round_}"
        folder.mkdir()
        path = folder / "history.sqlite3"
        argv = cli_command("new", "toy", "-p", "Ann", "-p", "Ben", "--db", str(path))
        procs = [subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(PROCESSES)]
        ids = []
        for proc in procs:
            out, err = proc.communicate(timeout=120)
            if proc.returncode != 0:
                failures.append(f"round {round_}: exit {proc.returncode}: {err.strip()[:300]}")
            else:
                ids.append(int(out.strip()))
        assert sorted(ids) == sorted(set(ids)), f"round {round_}: duplicate ids {ids}"
        conn = sqlite3.connect(path)
        assert conn.execute("SELECT value FROM meta").fetchall() == [(str(SCHEMA_VERSION),)]
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == len(ids)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        conn.close()
        assert sorted(p.name for p in folder.iterdir()) == ["history.sqlite3"], list(folder.iterdir())
    assert not failures, "\n".join(failures)
