"""``db check`` covers the stored ratings (schema 4, issue 14): they are derived figures, so
``--quick`` compares them with a fresh fold of the finished games (per ruleset, in the order
played: ``store.statistics.fold_ratings``) and reports a rating that differs, a ranked seat
without one and one that no game gives; ``--full`` reports the same and rewrites them in one
transaction, after which a second full check is clean. On both engines."""

from __future__ import annotations

import json
import math
import random

from typer.testing import CliRunner

from assistant.cli.main import app
from assistant.service import games as play_service
from assistant.service import history
from assistant.service.tables import save_table, score_table
from assistant.store import queries
from assistant.store.db import Store
from db_support import folded_ratings, raw_sql

runner = CliRunner()


def _stored(url: str) -> list[tuple]:
    return raw_sql(url, "SELECT game_id, player_id, ruleset, mu, sigma, ordinal FROM ratings ORDER BY game_id, player_id")


def _history(url: str) -> dict[str, int]:
    """Twelve finished pebbles plays of five players and one game still running; the ids of
    the players by name."""
    rng = random.Random(7)
    store = Store.open(url)
    names = ["Ann", "Ben", "Cid", "Dee", "Eve"]
    for day in range(1, 13):
        seats = rng.sample(names, rng.randint(2, 4))
        loser = rng.choice(seats)
        table = {"game": "pebbles", "players": [{"name": n, "taken": rng.randint(0, 9), "lost": n == loser} for n in seats]}
        save_table(store, "pebbles", table, score_table("pebbles", table), date=f"2026-01-{day:02d}")
    play_service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "5"}, date="2026-01-20")  # game 13, running
    with store.read() as session:
        ids = {p.name: p.id for p in queries.players(session)}
    store.close()
    return ids


def _seated(url: str, game_id: int) -> list[tuple[int, str]]:
    return raw_sql(url, f"SELECT player_id, name FROM seats WHERE game_id = {game_id} ORDER BY position")


def test_db_check_finds_and_full_rewrites_wrong_missing_and_extra_ratings(db_url):
    people = _history(db_url)
    store = Store.open(db_url)
    healthy = history.check_database(store, full=False)
    assert healthy.ok and healthy.ratings_rewritten == 0
    before = _stored(db_url)
    assert before == folded_ratings(store) and len(before) > 12
    store.close()

    (changed, changed_name), (dropped, dropped_name) = _seated(db_url, 3)[0], _seated(db_url, 7)[-1]
    absent = next(name for name, pid in people.items() if pid not in {p for p, _ in _seated(db_url, 5)})
    raw_sql(
        db_url,
        f"UPDATE ratings SET mu = mu + 0.5 WHERE game_id = 3 AND player_id = {changed}",
        f"DELETE FROM ratings WHERE game_id = 7 AND player_id = {dropped}",
        # a rating of a player who did not sit in game 5, and one of the running game 13
        f"INSERT INTO ratings (game_id, player_id, ruleset, mu, sigma, ordinal) VALUES (5, {people[absent]}, 'pebbles', 25.0, 8.0, 1.0)",
        f"INSERT INTO ratings (game_id, player_id, ruleset, mu, sigma, ordinal) VALUES (13, {people['Ann']}, 'pebbles', 25.0, 8.0, 1.0)",
    )
    corrupted = _stored(db_url)

    quick = history.check_database(Store.open(db_url), full=False)
    assert not quick.ok and quick.ratings_rewritten == 0
    found = [p for p in quick.problems if "rating" in p]
    assert len(found) == 4, quick.problems
    wrong = next(p for p in found if p.startswith("game 3:"))
    assert changed_name in wrong and "is not the one the games give" in wrong and "mu " in wrong and "sigma " in wrong
    missing = next(p for p in found if p.startswith("game 7:"))
    assert dropped_name in missing and "no stored rating" in missing
    assert any(p.startswith("game 5:") and absent in p and "no ranked seat" in p for p in found)
    assert any(p.startswith("game 13:") and "Ann" in p for p in found)
    assert _stored(db_url) == corrupted  # --quick never writes

    store = Store.open(db_url)
    full = history.check_database(store, workers=1)
    assert [p for p in full.problems if "rating" in p] == found  # the same problems, reported
    assert full.ratings_rewritten == 4 and full.to_json()["ratings_rewritten"] == 4
    assert _stored(db_url) == folded_ratings(store) == before  # rewritten as the fold gives them
    again = history.check_database(store, workers=1)
    assert again.ok and again.ratings_rewritten == 0
    store.close()


def test_db_check_ratings_within_the_tolerance_and_of_another_ruleset(db_url):
    _history(db_url)
    pid = _seated(db_url, 4)[0][0]
    # a last-bit difference (far below 1e-9 relative) is no problem
    raw_sql(db_url, f"UPDATE ratings SET mu = mu * (1 + 1e-13), sigma = sigma * (1 - 1e-13) WHERE game_id = 4 AND player_id = {pid}")
    assert history.check_database(Store.open(db_url), full=False).ok
    # 1e-8 relative is
    raw_sql(db_url, f"UPDATE ratings SET sigma = sigma * (1 + 1e-8) WHERE game_id = 4 AND player_id = {pid}")
    found = history.check_database(Store.open(db_url), full=False).problems
    assert len(found) == 1 and found[0].startswith("game 4:") and "sigma" in found[0]
    # the right figures filed under another game type
    raw_sql(db_url, f"UPDATE ratings SET sigma = sigma / (1 + 1e-8) WHERE game_id = 4 AND player_id = {pid}", "UPDATE ratings SET ruleset = 'roma' WHERE game_id = 9")
    found = history.check_database(Store.open(db_url), full=False).problems
    assert found and all(p.startswith("game 9:") and "filed under roma" in p and "pebbles" in p for p in found)
    store = Store.open(db_url)
    assert history.check_database(store, workers=1).ratings_rewritten == len(found)
    stored, live = _stored(db_url), folded_ratings(store)
    assert [r[:3] for r in stored] == [r[:3] for r in live]
    assert all(math.isclose(a, b, rel_tol=1e-9) for s, f in zip(stored, live) for a, b in zip(s[3:], f[3:]))  # game 4's last bits kept
    assert stored != live
    assert history.check_database(store, full=False).ok
    store.close()


def test_db_check_many_wrong_ratings_are_counted_and_refolded(db_url, monkeypatch):
    _history(db_url)
    store = Store.open(db_url)
    before = _stored(db_url)
    raw_sql(db_url, "DELETE FROM ratings")
    monkeypatch.setattr(history, "RATING_PROBLEMS", 3)
    quick = history.check_database(store, full=False)
    assert len(quick.problems) == 4 and all("no stored rating" in p for p in quick.problems[:3])
    assert quick.problems[3] == f"stored ratings: {len(before) - 3} more differ from a fresh fold of the games (the first 3 are listed)"
    # past RATING_FIXES rows the full check refolds every ruleset instead of row by row
    monkeypatch.setattr(history, "RATING_FIXES", 5)
    full = history.check_database(store, workers=1)
    assert full.ratings_rewritten == len(before) and _stored(db_url) == before
    assert history.check_database(store, full=False).ok
    store.close()


def test_db_check_command_reports_and_rewrites_ratings(db_url):
    _history(db_url)
    raw_sql(db_url, "UPDATE ratings SET mu = 1.5 WHERE game_id = 2")
    quick = runner.invoke(app, ["db", "check", "--quick", "--json"])
    assert quick.exit_code == 1
    data = json.loads(quick.stdout)
    assert data["ok"] is False and data["ratings_rewritten"] == 0
    assert data["problems"] and all(p.startswith("game 2:") for p in data["problems"])
    full = runner.invoke(app, ["db", "check", "--full"])
    assert full.exit_code == 1 and "Traceback" not in full.output  # what was found is said
    assert f"rewrote {len(data['problems'])} stored rating" in full.stderr
    clean = runner.invoke(app, ["db", "check", "--full", "--json"])
    assert clean.exit_code == 0 and json.loads(clean.stdout) == {"ok": True, "problems": [], "filled": 0, "ratings_rewritten": 0}


def test_db_check_ratings_of_a_game_that_rates_no_one(db_url, monkeypatch):
    """A two-seat game that lost a rank rates no one: its stored ratings are reported (the
    seat without a rank has none to have, the other is of a game the fold passes), and so is
    every later rating the fold now gives differently; the full check rewrites them all."""
    _history(db_url)
    game = next(g for g in range(1, 13) if len(_seated(db_url, g)) == 2)
    (first, first_name), (second, second_name) = _seated(db_url, game)
    raw_sql(db_url, f"UPDATE seats SET rank = NULL WHERE game_id = {game} AND position = 0")
    monkeypatch.setattr(history, "RATING_PROBLEMS", 1000)  # every one listed
    store = Store.open(db_url)
    found = [p for p in history.check_database(store, full=False).problems if "rating" in p]
    assert f"game {game}: {first_name} has a stored rating but no ranked seat in a finished game" in found
    assert f"game {game}: {second_name} has a stored rating, but the game rates no one (fewer than two ranked seats)" in found
    later = [p for p in found if not p.startswith(f"game {game}:")]
    assert later and all("is not the one the games give" in p for p in later)
    assert all(int(p.split()[1].rstrip(":")) > game for p in later)
    full = history.check_database(store, workers=1)
    assert full.ratings_rewritten == len(found) and _stored(db_url) == folded_ratings(store)
    again = history.check_database(store, workers=1)
    assert again.ratings_rewritten == 0 and not [p for p in again.problems if "rating" in p]
    assert any("has no stored total or rank" in p for p in again.problems)  # the seat itself is still reported
    store.close()
