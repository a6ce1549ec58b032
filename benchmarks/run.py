"""Run every benchmark script (``benchmarks/bench_*.py``) and print one line for each: its
summary line, and how long it took. Exits 1 when any script is over a goal or fails.

Run: python benchmarks/run.py [NAME ...]   (NAME: part of a script's name, e.g. roma)

Not part of the test suite: these machines are noisy, so run it on an idle machine.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(word in s.stem for word in argv)]
    failed = 0
    for script in scripts:
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
        took = time.perf_counter() - start
        lines = [line for line in proc.stdout.splitlines() if line.strip()]
        summary = lines[-1] if lines else "(no output)"
        if proc.returncode != 0:
            failed += 1
            if not lines or not summary.startswith(script.stem):
                tail = proc.stderr.strip().splitlines()[-1:] or ["exit status %d" % proc.returncode]
                summary = f"{script.stem}: FAILED: {tail[0]}"
        print(f"{summary}   [{took:.1f} s]", flush=True)
    print(f"{len(scripts) - failed} of {len(scripts)} benchmark scripts within their goals")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
