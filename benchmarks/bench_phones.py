"""From a phone's entry to every open page updated (run: python benchmarks/bench_phones.py).

``assistant serve`` runs in its own process on a temporary SQLite history holding the 7-player
7 Wonders game with Leaders (tests/records/7wonders/seven-players-leaders.txt) up to Age I,
turn 2. Seven phones join with their codes, and eight pages are open (the seven phones and the
board), each on its event stream, as browsers keep them. Then each phone in turn enters its
seat's choice of that turn, as the record has it. For each entry: the wall time from the POST
to the moment every page has heard ``changed`` and fetched its live part again; the server's
CPU time for it (the entry and the eight page parts): the CPU of the 7 rounds (each 1.2 s)
less what the server spends listening with nothing entered (measured first, over 5 s, and
printed: one read of the game's mark every 0.4 s, and the event streams), over 7. CPU times
are read from /proc in clock ticks (10 ms), hence the mean over the rounds.

Goals: every page updated within 1 s of an entry (wall, median over the 7 entries), at most
50 ms of server CPU per entry. Also printed: the server's memory (VmRSS) with 8 pages open.
"""

from __future__ import annotations

import http.client
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from timing import Report, percentile

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "7wonders" / "seven-players-leaders.txt"
TURN = "# Age I, turn 2"
#: The command line of the CLI in this interpreter.
CLI = [sys.executable, "-c", "from assistant.cli.main import run; run()"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Page(threading.Thread):
    """An open page: listens to /events and, on each ``changed``, fetches its live part."""

    def __init__(self, port: int, part: str, cookie: str | None) -> None:
        super().__init__(daemon=True)
        self.port, self.part, self.cookie = port, part, cookie
        self.updated: list[float] = []
        self.ready = threading.Event()

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"seat={self.cookie}"} if self.cookie else {}

    def run(self) -> None:
        stream = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        stream.request("GET", "/events", headers=self.headers())
        answer = stream.getresponse()
        fetch = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        self.ready.set()
        while True:
            line = answer.readline()
            if not line:
                return
            if line.startswith(b"event: changed"):
                fetch.request("GET", self.part, headers=self.headers())
                fetch.getresponse().read()
                self.updated.append(time.perf_counter())


def post(port: int, path: str, fields: dict[str, str], cookie: str | None = None) -> http.client.HTTPResponse:
    from urllib.parse import urlencode

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/x-www-form-urlencoded"}
    if cookie:
        headers["Cookie"] = f"seat={cookie}"
    connection.request("POST", path, urlencode(fields), headers)
    answer = connection.getresponse()
    answer.read()
    return answer


def main() -> int:
    report = Report("bench_phones")
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    cut = next(n for n, line in enumerate(lines) if TURN in line)
    turn = [line.split("#")[0].strip() for line in lines[cut : cut + 7]]
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "history.sqlite3")
        env = {**os.environ, "ASSISTANT_DB": db, "NO_COLOR": "1"}
        (Path(folder) / "game.txt").write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
        subprocess.run([*CLI, "import", str(Path(folder) / "game.txt")], env=env,
                       check=True, capture_output=True)
        port = free_port()
        server = subprocess.Popen([*CLI, "serve", "1", "--host", "127.0.0.1",
                                   "--port", str(port)], env=env, stderr=subprocess.PIPE, text=True)
        try:
            codes: dict[str, str] = {}
            for line in server.stderr:  # type: ignore[union-attr]
                if "·" in line and line.startswith("  "):
                    codes = dict(re.findall(r"(\w+) ([A-Z0-9]{6})", line))
                    break
            if len(codes) != 7:
                raise SystemExit(f"the server gave no code for every seat: {codes}")
            time.sleep(0.5)
            cookies: dict[str, str] = {}
            for seat, code in codes.items():
                answer = post(port, "/join", {"code": code})
                cookies[seat] = re.search(r"seat=([^;]+)", answer.getheader("set-cookie") or "").group(1)  # type: ignore[union-attr]
            pages = [Page(port, "/board", None)] + [Page(port, "/me/part", cookie) for cookie in cookies.values()]
            for page in pages:
                page.start()
                page.ready.wait(10)
            time.sleep(1.0)
            report.note(f"server memory with {len(pages)} pages open: {rss_mb(server.pid):.1f} MB (VmRSS)")
            idle_from, idle_start = cpu_seconds(server.pid), time.perf_counter()
            time.sleep(5.0)
            idle = (cpu_seconds(server.pid) - idle_from) / (time.perf_counter() - idle_start)  # CPU s per s
            report.note(f"server CPU with {len(pages)} pages listening and nothing entered: {idle * 1000:.0f} ms per second")
            latencies = []
            rounds_from, rounds_start = cpu_seconds(server.pid), time.perf_counter()
            for entry in turn:
                seat = entry.split()[0]
                me = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                me.request("GET", "/me", headers={"Cookie": f"seat={cookies[seat]}"})
                asked = re.search(r'name="asked" value="([^"]*)"', me.getresponse().read().decode()).group(1)  # type: ignore[union-attr]
                seen = [len(page.updated) for page in pages]
                start = time.perf_counter()
                answer = post(port, "/me/entry", {"entry": entry, "asked": asked.replace("&#x27;", "'")}, cookies[seat])
                if answer.status != 303:
                    raise SystemExit(f"{entry!r} was refused ({answer.status})")
                deadline = start + 10
                while any(len(page.updated) <= n for page, n in zip(pages, seen)) and time.perf_counter() < deadline:
                    time.sleep(0.005)
                done = max(page.updated[n] for page, n in zip(pages, seen))
                time.sleep(0.9)  # the rest of the round: polls with nothing new
                latencies.append((done - start) * 1000)
            spent = cpu_seconds(server.pid) - rounds_from - idle * (time.perf_counter() - rounds_start)  # less idle
            wall = sorted(latencies)[len(latencies) // 2]
            report.goal("an entry to all 8 pages updated (median wall)", wall, 1000.0, wall_ms=wall)
            report.note(f"slowest of the {len(turn)} entries: {max(latencies):.0f} ms; 90th percentile {percentile(latencies, 0.9):.0f} ms")
            report.goal("server CPU per entry (the entry and 8 pages redrawn; mean of 7)", max(spent, 0.0) * 1000 / len(turn), 50.0)
        finally:
            server.terminate()
            server.wait(20)
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())
