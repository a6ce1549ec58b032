"""The history at scale (issue 14): entry counts kept by every write, lists paged newest first,
``players show`` from SQL aggregates, ``export --all`` streamed in constant memory, and ``db
check`` quick, full (in parallel) and resumable. Small histories here; the figures at 1k, 10k
and 100k games come from benchmarks/bench_history.py."""

from __future__ import annotations

import csv
import io
import json
import tracemalloc

import pytest
from typer.testing import CliRunner

from assistant import service
from assistant.cli.main import app
from assistant.service.games import edit
from assistant.service.history import checkpoint_path
from assistant.store.db import Store
from db_support import raw_sql


runner = CliRunner()


def record(date: str, players: tuple[str, ...] = ("Ann", "Ben"), entries: tuple[str, ...] = ("take 2", "take 1"), pile: int = 3) -> str:
    """A pebbles record: with the default pile of 3, ``take 2, take 1`` ends the game (the
    second player took the last pebble: the first scores 12, the second 1)."""
    return f"Game: pebbles\nPlayers: {', '.join(players)}\nOptions: pile={pile}\nDate: {date}\n\n" + "\n".join(entries) + "\n"


def history(store: Store, n: int, start: int = 1) -> None:
    """``n`` finished games on days 2026-01-01 on, Ann and Ben taking turns to sit first."""
    texts = [record(f"2026-{1 + (i // 28) % 12:02d}-{1 + i % 28:02d}", ("Ann", "Ben") if i % 2 else ("Ben", "Ann")) for i in range(start, start + n)]
    service.import_records(store, "\n%%\n".join(texts), allow_duplicate=True)


def stored_counts(url: str) -> list[tuple[int, int, int]]:
    return raw_sql(url, "SELECT g.id, g.entry_count, (SELECT count(*) FROM entries e WHERE e.game_id = g.id) FROM games g ORDER BY g.id")  # type: ignore[return-value]


def test_scale_entry_count_follows_every_write(db_url):
    store = Store.open(db_url)
    gid = service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "9"})
    for _ in range(3):
        service.enter(store, gid, "take 1")
    service.undo(store, gid, 1)  # Ann 1, Ben 1
    edit(store, gid, "amend", 1, "take 3")  # amend and insert rewrite the entries from a ply on
    edit(store, gid, "delete", 2)
    service.enter(store, gid, "take 2")  # Ann 3, Ben 2
    service.import_records(store, record("2026-02-01"))
    service.new_game(store, "pebbles", ["Ann", "Ben"])
    store.close()
    counts = stored_counts(db_url)
    assert [(g, c) for g, c, _ in counts] == [(1, 2), (2, 2), (3, 0)]
    assert all(stored == counted for _, stored, counted in counts)
    assert [g.entries for g in service.list_games(Store.open(db_url))] == [0, 2, 2]


# -- lists -------------------------------------------------------------------------------------------
def test_scale_games_are_paged_newest_first(db_url):
    store = Store.open(db_url)
    history(store, 9)
    service.import_records(store, record("2026-01-05", ("Cy", "Ann")), allow_duplicate=True)  # two games on one day
    every = service.list_games(store)
    assert [(g.date, g.id) for g in every] == sorted(((g.date, g.id) for g in every), reverse=True)
    assert len(every) == 10
    assert list(service.iter_games(store, page=3)) == every  # pages of 3 give the same list
    assert list(service.iter_games(store, page=3, limit=4)) == every[:4]
    assert service.list_games(store, limit=20) == every
    with_cy = service.list_games(store, player="Cy")
    assert [g.id for g in with_cy] == [10] and service.count_games(store, player="Cy") == 1
    assert service.count_games(store) == 10 and service.count_games(store, since="2026-01-06") == 5
    assert [g.id for g in service.iter_games(store, since="2026-01-06", page=1)] == [9, 8, 7, 6, 5]
    first = every[0]
    assert [p.name for p in first.players] == ["Ann", "Ben"] and first.entries == 2  # its seats, in order


def test_scale_games_command_cuts_the_list_and_says_so(db_url):
    store = Store.open(db_url)
    history(store, 55)
    store.close()
    listed = runner.invoke(app, ["games", "--json"])
    assert listed.exit_code == 0, listed.output
    assert len(json.loads(listed.stdout)) == 50  # not a terminal: 50 by default
    assert "50 of 55 games shown" in listed.stderr
    every = runner.invoke(app, ["games", "--json", "--all"])
    assert [g["id"] for g in json.loads(every.stdout)] == list(range(55, 0, -1))
    assert "shown" not in every.stderr
    few = runner.invoke(app, ["games", "--limit", "3"])
    assert few.exit_code == 0 and few.stdout.count("pebbles") == 3 and "shown" not in few.stderr
    table = runner.invoke(app, ["games", "--all"])
    assert table.stdout.count("pebbles") == 55
    none = runner.invoke(app, ["games", "--all", "--player", "Ann", "--since", "2030-01-01", "--json"])
    assert none.exit_code == 0 and json.loads(none.stdout) == []


# -- players show ------------------------------------------------------------------------------------
def test_scale_player_report_from_stored_figures(db_url):
    store = Store.open(db_url)
    # Ann: first seat in games 1 and 3 (wins, 12), second in game 2 (loses, 1); game 4 running
    service.import_records(
        store,
        "\n%%\n".join(
            [
                record("2026-03-01", ("Ann", "Ben")),
                record("2026-03-02", ("Ben", "Ann")),
                record("2026-03-03", ("Ann", "Cy")),
                record("2026-03-04", ("Ann", "Ben"), ("take 1",)),
            ]
        ),
    )
    report = service.player_report(store, "Ann")
    assert (report.played, report.finished, report.wins, report.win_rate) == (4, 3, 2, round(2 / 3, 3))
    (pebbles,) = report.by_game
    assert (pebbles.played, pebbles.finished, pebbles.wins, pebbles.average, pebbles.best) == (4, 3, 2, round(25 / 3, 1), 12)
    assert [(h.opponent, h.games, h.ahead, h.behind, h.tied) for h in report.head_to_head] == [("Ben", 2, 1, 1, 0), ("Cy", 1, 1, 0, 0)]
    assert [g.id for g in report.recent] == [4, 3, 2, 1]
    assert report.recent[0].status == "active" and report.recent[1].winner
    sheet = service.read_game(store, 1).sheet()
    assert set(report.category_averages["pebbles"]) == set(sheet.categories)
    assert sum(report.category_averages["pebbles"].values()) == pytest.approx(25 / 3, abs=0.2)


# -- export ------------------------------------------------------------------------------------------
def test_scale_export_all_streams_every_format(db_url, tmp_path):
    store = Store.open(db_url)
    history(store, 4)
    service.import_records(store, record("2026-05-01", entries=("take 1",)))  # a running game
    records = service.export_games(store, None, "record")
    assert records.count("Game: pebbles") == 5 and len(service.split_records(records)) == 5
    items = json.loads(service.export_games(store, None, "json"))
    assert [i["id"] for i in items] == [1, 2, 3, 4, 5]
    assert json.loads(service.export_games(store, [2], "json"))["id"] == 2  # one game: an object
    rows = list(csv.DictReader(io.StringIO(service.export_games(store, None, "csv"))))
    assert len(rows) == 10 and {r["game_id"] for r in rows} == {"1", "2", "3", "4", "5"}
    last = [r for r in rows if r["game_id"] == "5"]
    assert all(r["status"] == "active" and r["score"] == "" and r["winner"] == "" for r in last)
    first = [r for r in rows if r["game_id"] == "1"]
    sheet = service.read_game(store, 1).sheet()
    for r in first:
        assert int(r["score"]) == sheet.totals[r["player"]]
        assert all(int(r[c]) == sheet.points[r["player"]][c] for c in sheet.categories)
        assert r["winner"] == ("yes" if r["player"] in sheet.winners else "no")
    # the same through the command, to a file (written whole or not at all)
    out = tmp_path / "all.json"
    done = runner.invoke(app, ["export", "--all", "--format", "json", "--output", str(out)])
    assert done.exit_code == 0 and out.read_text(encoding="utf-8") == service.export_games(store, None, "json")
    piped = runner.invoke(app, ["export", "--all"])
    assert piped.exit_code == 0 and piped.stdout == records
    assert not list(tmp_path.glob("*.part"))
    again = Store.open(db_url)
    assert len(service.import_records(again, records, allow_duplicate=True)) == 5  # the records replay


def _export_peak(store: Store, fmt: str) -> int:
    """The peak of memory allocated while exporting every game, once the caches of a first
    export (statements, names: bounded) are warm."""
    for _ in service.export_stream(store, None, fmt):
        pass
    tracemalloc.start()
    try:
        for _ in service.export_stream(store, None, fmt):
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_scale_export_memory_does_not_grow_with_the_history(db_path, monkeypatch):
    from assistant.service import records
    from assistant.service.interop import exports

    monkeypatch.setattr(exports, "PAGE", 25)  # CSV is read a page of games at a time
    monkeypatch.setattr(records, "RECORD_PAGE", 25)  # records too (rows, seats and entries)
    monkeypatch.setattr(records, "JSON_CHUNK", 10)  # JSON on every core: a few chunks of games in flight
    monkeypatch.setattr(records.parallel, "workers", lambda wanted=None: 2)
    store = Store.open(str(db_path))
    history(store, 50)

    def peaks() -> dict[str, int]:
        found = {fmt: _export_peak(store, fmt) for fmt in ("record", "csv")}
        monkeypatch.setattr(records, "PARALLEL_FROM", 10**9)
        found["json"] = _export_peak(store, "json")  # one process: a game at a time
        monkeypatch.setattr(records, "PARALLEL_FROM", 1)
        found["json on every core"] = _export_peak(store, "json")  # at most 3 chunks a worker in flight
        return found

    small = peaks()
    history(store, 450, start=50)
    large = peaks()
    for fmt in small:  # ten times the games, not ten times the memory
        assert large[fmt] < small[fmt] * 2, (fmt, small[fmt], large[fmt])


# -- db check ----------------------------------------------------------------------------------------
def test_scale_quick_check_finds_stored_figures_that_disagree(db_url):
    store = Store.open(db_url)
    history(store, 3)
    assert service.check_database(store, full=False).ok
    store.close()
    raw_sql(db_url, "UPDATE seats SET total = total + 5 WHERE game_id = 2 AND position = 0", "UPDATE games SET entry_count = 7 WHERE id = 3")
    found = service.check_database(Store.open(db_url), full=False).problems
    assert any(p.startswith("game 2:") and "not the sum of the stored points" in p for p in found)
    assert "game 3: 7 entries counted in the games table, 2 stored" in found
    result = runner.invoke(app, ["db", "check", "--quick"])
    assert result.exit_code == 1 and "game 3: 7 entries" in result.stderr + result.stdout
    assert runner.invoke(app, ["db", "check", "--quick", "--resume"]).exit_code == 1  # refused: nothing to resume


def test_scale_full_check_replays_in_parallel_and_resumes(db_url):
    store = Store.open(db_url)
    history(store, 12)
    store.close()
    raw_sql(db_url, "UPDATE entries SET text = 'Ann take 3' WHERE game_id IN (4, 11) AND ply = 1")
    store = Store.open(db_url)
    inline = service.check_database(store, workers=1, chunk=3).problems
    assert [p.split(" ")[1] for p in inline] == ["4", "11"] and all("no longer replays" in p for p in inline)
    seen: list[tuple[int, int]] = []
    parallel = service.check_database(store, workers=2, chunk=3, progress=lambda done, total: seen.append((done, total)))
    assert parallel.problems == tuple(inline)
    assert seen[0] == (0, 12) and seen[-1] == (12, 12)
    # interrupted after the second task: the checkpoint keeps the games checked and game 4's problem
    calls: list[int] = []

    def stop(done: int, total: int) -> None:
        calls.append(done)
        if done >= 6:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        service.check_database(store, workers=1, chunk=3, progress=stop)
    path = checkpoint_path(store)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["done_to"] == 6 and saved["checked"] == 6 and len(saved["problems"]) == 1
    resumed: list[int] = []
    result = service.check_database(store, workers=1, chunk=3, resume=True, progress=lambda done, total: resumed.append(done))
    assert result.problems == tuple(inline)
    assert resumed[0] == 6 and resumed[-1] == 12  # the first six were not replayed again
    assert not path.exists()  # a completed check leaves no checkpoint
    again = service.check_database(store, workers=1, chunk=3, resume=True, progress=lambda done, total: resumed.append(-done))
    assert again.problems == tuple(inline) and -resumed[-1] == 12  # nothing to resume: a whole check


def test_scale_db_check_command_forms(db_url):
    store = Store.open(db_url)
    history(store, 3)
    store.close()
    for args in (["db", "check"], ["db", "check", "--full"], ["db", "check", "--quick"], ["db", "check", "--full", "--resume"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
        assert "healthy" in result.stdout + result.stderr
    assert "replayed 3 of 3 games" in runner.invoke(app, ["db", "check"]).stderr  # plain progress when piped
    refused = runner.invoke(app, ["db", "check", "--quick", "--full"])
    assert refused.exit_code == 1 and "Traceback" not in refused.output


def _facts_and_starts(url: str) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    facts = raw_sql(url, "SELECT game_id, position, key, value FROM seat_facts ORDER BY game_id, position, key, value")
    starts = raw_sql(url, 'SELECT game_id, position, "start" FROM seats ORDER BY game_id, position')
    return facts, starts


def test_scale_full_check_fills_in_the_seat_facts_of_games_stored_before_schema_3(db_url):
    from pathlib import Path

    records = Path(__file__).resolve().parents[1] / "records"
    store = Store.open(db_url)
    for game, name in (("7wonders", "three-players-leaders.txt"), ("roma", "hand_checked_battles.txt"), ("sylla", "three_players_by_hand.txt")):
        service.import_records(store, (records / game / name).read_text(encoding="utf-8"))
    history(store, 4)  # pebbles: no facts, no start player: never lacking
    store.close()
    before = _facts_and_starts(db_url)
    assert {f[0] for f in before[0]} == {1} and {s[0] for s in before[1] if s[2]} == {2, 3}  # 7 Wonders facts; Roma, Sylla starts
    lacking = ("DELETE FROM seat_facts", 'UPDATE seats SET "start" = NULL')  # as a schema 2 database left them
    raw_sql(db_url, *lacking)
    quick = service.check_database(Store.open(db_url), full=False)
    assert quick.ok and quick.filled == 0 and _facts_and_starts(db_url)[0] == []  # --quick never writes
    store = Store.open(db_url)
    first = service.check_database(store, workers=2, chunk=2)  # the facts come back from the workers' replays
    assert first.ok and first.filled == 3 and first.to_json() == {"ok": True, "problems": [], "filled": 3, "ratings_rewritten": 0}
    assert _facts_and_starts(db_url) == before
    assert service.check_database(store, workers=1, chunk=2).filled == 0  # nothing lacks them any more
    store.close()
    raw_sql(db_url, "DELETE FROM seat_facts")
    result = runner.invoke(app, ["db", "check", "--full"])
    assert result.exit_code == 0 and "filled in the seat facts of 1 game\n" in result.stderr
    assert _facts_and_starts(db_url) == before
    again = runner.invoke(app, ["db", "check", "--full", "--json"])
    assert again.exit_code == 0 and json.loads(again.stdout) == {"ok": True, "problems": [], "filled": 0, "ratings_rewritten": 0}
    assert "filled in" not in runner.invoke(app, ["db", "check"]).stderr


def test_scale_db_check_interrupted_says_how_to_resume(db_url, monkeypatch):
    store = Store.open(db_url)
    history(store, 2)
    store.close()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(service, "check_database", interrupted)
    result = runner.invoke(app, ["db", "check"])
    assert result.exit_code == 130 and "db check --resume" in result.stderr
