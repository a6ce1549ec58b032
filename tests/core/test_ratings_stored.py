"""The stored ratings (schema 4): after every kind of write (a table saved, a tracked game
finished, undone and finished again, a play deleted, a play moved to another day, a late
play entered, two players merged) the ``ratings`` table is what the live fold says, on both
engines; ``stats --ratings`` reads it (filters choose the points shown, not the rating)."""

from __future__ import annotations

import os
import random


from assistant.service import games as play_service
from assistant.service import plays
from assistant.service import stats as service
from assistant.service.tables import save_table, score_table
from assistant.store import queries
from assistant.store import statistics as sql
from assistant.store.db import Store
from db_support import folded_ratings, live_ratings


def _store() -> Store:
    return Store.open(os.environ["ASSISTANT_DB"])


def _stored(store: Store) -> list[tuple]:
    with store.read() as session:
        rows = session.execute(
            sql.select(sql.Rating.game_id, sql.Rating.player_id, sql.Rating.ruleset, sql.Rating.mu, sql.Rating.sigma, sql.Rating.ordinal)
        ).all()
    return sorted(tuple(r) for r in rows)


def _views_agree(store: Store, engine: str) -> None:
    assert _stored(store) == folded_ratings(store)
    for keep, history in (("all", True), ("ends", False)):
        stored = service.ratings(store, keep=keep)  # read from the table
        with store.read() as session:
            live = live_ratings(sql.ranked_seats(session, sql.Scope()), history=history)
        assert stored.ratings == tuple(live)
        with store.read() as session:  # --until: the stored rows up to that day
            until = sql.Scope(until="2026-01-06")
            assert tuple(service.stored_ratings(session, until, keep=keep)) == tuple(
                live_ratings(sql.ranked_seats(session, until), history=history)
            )


def _table(rng: random.Random, names: list[str]) -> dict:
    seats = rng.sample(names, rng.randint(2, min(4, len(names))))
    loser = rng.choice(seats)
    return {"game": "pebbles", "players": [{"name": n, "taken": rng.randint(0, 9), "lost": n == loser} for n in seats]}


def test_stored_ratings_equal_the_live_fold_after_every_kind_of_write(engine):
    rng = random.Random(14)
    store = _store()
    names = ["Ann", "Ben", "Cid", "Dee", "Eve"]
    ids = []
    for day in range(1, 13):  # in order: each one the latest of its game
        table = _table(rng, names)
        ids.append(save_table(store, "pebbles", table, score_table("pebbles", table), date=f"2026-01-{day:02d}"))
    _views_agree(store, engine)
    assert len(_stored(store)) > 12

    # a late entry: a game played before most of them
    table = _table(rng, names)
    ids.append(save_table(store, "pebbles", table, score_table("pebbles", table), date="2026-01-03"))
    _views_agree(store, engine)

    # a tracked game finished by its entries (the latest), undone (reopened), finished again
    gid = play_service.new_game(store, "pebbles", ["Ann", "Ben"], {"pile": "2"}, date="2026-01-20")
    play_service.enter(store, gid, "take 1")
    play_service.enter(store, gid, "take 1")
    assert any(g == gid for g, *_ in _stored(store))
    _views_agree(store, engine)
    play_service.undo(store, gid)
    assert not any(g == gid for g, *_ in _stored(store))
    _views_agree(store, engine)
    play_service.enter(store, gid, "take 1")
    _views_agree(store, engine)

    # a date edit: an early game moved to the end and a late one moved to the start
    plays.edit_play(store, ids[1], date="2026-01-25")
    _views_agree(store, engine)
    plays.edit_play(store, ids[10], date="2025-12-31")
    _views_agree(store, engine)
    plays.edit_play(store, ids[4], time="21:00")  # the time of day orders one day's games
    _views_agree(store, engine)

    # deletes: the latest, then one in the middle
    plays.delete_play(store, ids[1])
    _views_agree(store, engine)
    plays.delete_play(store, ids[6])
    _views_agree(store, engine)

    # two players merged into one (never at one table): the games of both are rated again
    for day, seats in (("2026-01-05", ["Zed", "Ann"]), ("2026-01-07", ["Zee", "Ben"]), ("2026-01-08", ["Zed", "Cid"])):
        table = {"game": "pebbles", "players": [{"name": n, "taken": 3, "lost": i == 1} for i, n in enumerate(seats)]}
        save_table(store, "pebbles", table, score_table("pebbles", table), date=day)
    _views_agree(store, engine)
    with store.write() as session:
        people = {p.name: p for p in queries.players(session)}
        queries.merge(session, people["Zed"], people["Zee"])
    _views_agree(store, engine)
    store.close()


def test_a_finish_as_the_latest_game_rates_only_that_game(engine, monkeypatch):
    store = _store()
    rng = random.Random(3)
    for day in range(1, 6):
        table = _table(rng, ["Ann", "Ben", "Cid"])
        save_table(store, "pebbles", table, score_table("pebbles", table), date=f"2026-02-{day:02d}")
    folded: list[int] = []
    real = sql.fold_ratings

    def counting(seats, prior=None):  # type: ignore[no-untyped-def]
        for game, rated in real(seats, prior):
            folded.append(game[0][1])
            yield game, rated

    monkeypatch.setattr(sql, "fold_ratings", counting)
    table = _table(rng, ["Ann", "Ben", "Cid"])
    latest = save_table(store, "pebbles", table, score_table("pebbles", table), date="2026-02-10")
    assert folded == [latest]
    folded.clear()
    early = save_table(store, "pebbles", table, score_table("pebbles", table), date="2026-02-02")
    assert folded[0] == early and len(folded) == 5  # itself, the games of the 2nd (a later id) to the 10th
    monkeypatch.setattr(sql, "fold_ratings", real)
    _views_agree(store, engine)
    store.close()
