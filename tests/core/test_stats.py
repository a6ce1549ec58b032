"""``assistant stats`` and ``players`` on a small hand-made history with hand-worked answers.

The history is five final tables of the made-up game Pebbles (tests/toygame.py: a player's
total is the pebbles ``taken`` plus 10 unless ``lost``), saved through the service
(``save_table``), so each total is known by hand:

====  ==========  ========  =====================================  =========
game  date        location  seats in order (taken, lost) = total   winner
====  ==========  ========  =====================================  =========
G1    2026-01-01  Club      Ann (20) 30, Ben (10) 20, Cid (5, lost) 5      Ann
G2    2026-01-02  Club      Ben (15) 25, Ann (5) 15, Cid (10, lost) 10     Ben
G3    2026-01-03  Home      Ann (30) 40, Ben (11, lost) 11                 Ann
G4    2026-01-04  Home      Ann (25) 35, Cid (20, lost) 20                 Ann
G5    2026-01-05  Club      Ann (12) 22, Ben (12) 22, Cid (3, lost) 3      Ann, Ben
====  ==========  ========  =====================================  =========

G1 and G2 say who started (the first seat); seat facts ("wonder") are written by hand for
G1, G2 and G5. Every module test runs on SQLite and on PostgreSQL (the ``engine`` fixture).
"""

from __future__ import annotations

import json
import math
import os

import pytest
from typer.testing import CliRunner

from assistant.cli.main import app
from assistant.service import stats as service
from assistant.service.tables import save_table, score_table
from assistant.store import statistics as sql
from assistant.store.db import Store

runner = CliRunner()

GAMES = [
    ("2026-01-01", "Club", [("Ann", 20, False), ("Ben", 10, False), ("Cid", 5, True)]),
    ("2026-01-02", "Club", [("Ben", 15, False), ("Ann", 5, False), ("Cid", 10, True)]),
    ("2026-01-03", "Home", [("Ann", 30, False), ("Ben", 11, True)]),
    ("2026-01-04", "Home", [("Ann", 25, False), ("Cid", 20, True)]),
    ("2026-01-05", "Club", [("Ann", 12, False), ("Ben", 12, False), ("Cid", 3, True)]),
]
WONDERS = {0: ["Gizah", "Rhodes", "Babylon"], 1: ["Gizah", "Rhodes", "Babylon"], 4: ["Rhodes", "Gizah", "Babylon"]}


def _store() -> Store:
    return Store.open(os.environ["ASSISTANT_DB"])


@pytest.fixture
def history(engine) -> list[int]:
    """The five games above; returns their ids in order."""
    store = _store()
    ids = []
    for date, location, seats in GAMES:
        table = {"game": "pebbles", "players": [{"name": n, "taken": t, "lost": lost} for n, t, lost in seats]}
        ids.append(save_table(store, "pebbles", table, score_table("pebbles", table), date=date, location=location))
    from sqlmodel import select

    from assistant.store.models import Seat

    with store.write() as session:
        for gid in ids[:2]:  # G1 and G2: the first seat started
            for seat in session.exec(select(Seat).where(Seat.game_id == gid)).all():
                seat.start = seat.position == 0
                session.add(seat)
        for n, wonders in WONDERS.items():
            sql.write_facts(session, ids[n], [(i, "wonder", w) for i, w in enumerate(wonders)])
    return ids


def _cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def _json(*args: str):  # type: ignore[no-untyped-def]
    return json.loads(_cli(*args, "--json"))


def _board(view, game="pebbles"):  # type: ignore[no-untyped-def]
    return next(b for b in view.leaderboards if b and b[0].game == game)


# -- leaderboards -----------------------------------------------------------------------------------
def test_leaderboard_hand_worked(history):
    board = _board(service.summary(_store(), game="pebbles"))
    got = [(r.name, r.games, r.wins, r.win_rate, r.average, r.best) for r in board]
    # Ann: 30+15+40+35+22 = 142 over 5; Ben: 20+25+11+22 = 78 over 4; Cid: 5+10+20+3 = 38 over 4
    assert got == [("Ann", 5, 4, 0.8, 28.4, 40), ("Ben", 4, 2, 0.5, 19.5, 25), ("Cid", 4, 0, 0.0, 9.5, 20)]


@pytest.mark.parametrize(
    ("sort", "order"),
    [("wins", ["Ann", "Ben", "Cid"]), ("average", ["Ann", "Ben", "Cid"]), ("best", ["Ann", "Ben", "Cid"]),
     ("rate", ["Ann", "Ben", "Cid"]), ("played", ["Ann", "Ben", "Cid"])],
)
def test_leaderboard_sorts(history, sort, order):
    assert [r.name for r in _board(service.summary(_store(), game="pebbles", sort=sort))] == order


def test_sort_by_best_and_played_differ_from_wins(history):
    # From 2026-01-02 on: Ann 15, 40, 35, 22 (3 wins); Ben 25, 11, 22 (2 wins); Cid 10, 20, 3
    board = _board(service.summary(_store(), game="pebbles", sort="best", since="2026-01-02"))
    assert [(r.name, r.best) for r in board] == [("Ann", 40), ("Ben", 25), ("Cid", 20)]
    board = _board(service.summary(_store(), game="pebbles", sort="played", until="2026-01-04"))
    # G1-G4: Ann 4 games, Ben 3, Cid 3 (Ben ahead on wins)
    assert [(r.name, r.games) for r in board] == [("Ann", 4), ("Ben", 3), ("Cid", 3)]


def test_across_games_only_wins_and_counts(history):
    view = service.summary(_store())
    across = view.leaderboards[0]
    assert all(r.game is None and r.average is None and r.best is None for r in across)
    assert [(r.name, r.games, r.wins) for r in across] == [("Ann", 5, 4), ("Ben", 4, 2), ("Cid", 4, 0)]
    data = _json("stats")
    assert data["view"] == "summary" and data["leaderboards"][0][0]["average"] is None


def test_filters(history):
    def wins(**filters):  # type: ignore[no-untyped-def]
        return {r.name: (r.games, r.wins) for r in _board(service.summary(_store(), game="pebbles", **filters))}

    assert wins(since="2026-01-03") == {"Ann": (3, 3), "Ben": (2, 1), "Cid": (2, 0)}
    assert wins(until="2026-01-01") == {"Ann": (1, 1), "Ben": (1, 0), "Cid": (1, 0)}
    assert wins(location="club") == {"Ann": (3, 2), "Ben": (3, 2), "Cid": (3, 0)}
    assert wins(player="Cid") == {"Ann": (4, 3), "Ben": (3, 2), "Cid": (4, 0)}
    data = _json("stats", "pebbles", "--location", "Home", "--since", "2026-01-04")
    assert data["filters"] == {"game": "pebbles", "since": "2026-01-04", "until": None, "player": None, "location": "Home"}
    assert [(r["name"], r["games"]) for r in data["leaderboards"][0]] == [("Ann", 1), ("Cid", 1)]


def test_high_scores(history, engine):
    view = service.high_scores(_store(), top=5)
    got = [(h.place, h.name, h.total, h.winner, h.date) for h in view.high_scores]
    assert got == [
        (1, "Ann", 40, True, "2026-01-03"),
        (2, "Ann", 35, True, "2026-01-04"),
        (3, "Ann", 30, True, "2026-01-01"),
        (4, "Ben", 25, True, "2026-01-02"),
        (5, "Ann", 22, True, "2026-01-05"),  # tied with Ben in the same game: the earlier seat
    ]
    own = service.high_scores(_store(), top=2, player="Ben").high_scores
    assert [(h.name, h.total) for h in own] == [("Ben", 25), ("Ben", 22)]
    assert [h["total"] for h in _json("stats", "--high", "--top", "3")["high_scores"]] == [40, 35, 30]


# -- wins by seat, start player, seat facts --------------------------------------------------------
def test_by_seat(history):
    got = [(s.players, s.value, s.seats, s.wins, s.fair_share) for s in service.by(_store(), "seat", game="pebbles").splits]
    assert got == [
        (2, "1", 2, 2, 1.0), (2, "2", 2, 0, 1.0),
        (3, "1", 3, 3, 1.0), (3, "2", 3, 1, 1.0), (3, "3", 3, 0, 1.0),
    ]


def test_by_start(history):
    got = [(s.value, s.seats, s.wins, s.win_rate, s.fair_share) for s in service.by(_store(), "start", game="pebbles").splits]
    # start: Ann in G1 and Ben in G2, both won (2 thirds expected); not: 4 seats of G1/G2, no win;
    # unknown: G3, G4 (2 seats each), G5 (3 seats, 2 winners)
    assert got == [("yes", 2, 2, 1.0, 0.667), ("no", 4, 0, 0.0, 1.333), ("unknown", 7, 4, 0.571, 3.0)]


def test_by_wonder_hand_worked(history, monkeypatch):
    from assistant.games import get_ruleset

    monkeypatch.setattr(type(get_ruleset("pebbles")), "fact_keys", ("wonder", "side", "leader"))
    view = service.by(_store(), "wonder", game="pebbles")
    got = [(s.value, s.seats, s.wins, s.win_rate, s.average, s.best, s.fair_share) for s in view.splits]
    assert got == [
        ("Gizah", 3, 3, 1.0, 25.7, 30, 1.0),  # Ann 30 (G1), Ben 25 (G2), Ben 22 (G5): all won
        ("Rhodes", 3, 1, 0.333, 19.0, 22, 1.0),  # Ben 20, Ann 15, Ann 22 (won G5)
        ("Babylon", 3, 0, 0.0, 6.0, 10, 1.0),  # Cid 5, 10, 3
    ]
    ben = service.by(_store(), "wonder", game="pebbles", player="Ben").splits
    assert [(s.value, s.seats, s.wins) for s in ben] == [("Gizah", 2, 2), ("Rhodes", 1, 0)]


def test_by_refusals(history):
    result = runner.invoke(app, ["stats", "pebbles", "--by", "wonder"])
    assert result.exit_code == 1 and "7wonders only" in result.output
    result = runner.invoke(app, ["stats", "pebbles", "--by", "colour"])
    assert result.exit_code == 1 and "--by takes seat, start for pebbles, not 'colour'" in result.output
    result = runner.invoke(app, ["stats", "--ratings", "--streaks"])
    assert result.exit_code == 2 and "one view at a time" in result.output
    result = runner.invoke(app, ["stats", "--since", "2026-02-30"])
    assert result.exit_code == 1 and "2026-02-30" in result.output and "core.date" in result.output
    result = runner.invoke(app, ["stats", "--since", "2026-02-01", "--until", "2026-01-01"])
    assert result.exit_code == 1 and "after --until" in result.output
    result = runner.invoke(app, ["stats", "pebbles", "--sort", "luck"])
    assert result.exit_code == 1 and "--sort takes" in result.output
    result = runner.invoke(app, ["stats", "--player", "Zed"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    result = runner.invoke(app, ["stats", "chess"])
    assert result.exit_code == 1


# -- categories -------------------------------------------------------------------------------------
def test_categories_average_and_spread(history):
    stats = {(c.name, c.category): (c.count, c.average, c.spread) for c in service.categories(_store(), game="pebbles").categories}
    # Ann taken 20, 5, 30, 25, 12: mean 18.4, variance (5*2094 - 92^2)/25 = 80.24
    assert stats[("Ann", "taken")] == (5, 18.4, round(math.sqrt(80.24), 2))
    assert stats[("Ann", "survived")] == (5, 10.0, 0.0)
    assert stats[("Ben", "taken")] == (4, 12.0, round(math.sqrt(3.5), 2))  # 10, 15, 11, 12
    assert stats[("Ben", "survived")] == (4, 7.5, round(math.sqrt(18.75), 2))  # 10, 10, 0, 10
    assert stats[("Cid", "taken")] == (4, 9.5, round(math.sqrt(43.25), 2))  # 5, 10, 20, 3
    # the whole table: 13 seats, taken sum 178, squares 3218; survived 80, squares 800
    assert stats[(None, "taken")] == (13, 13.7, round(math.sqrt(10150 / 169), 2))
    assert stats[(None, "survived")] == (13, 6.2, round(math.sqrt(4000 / 169), 2))
    text = _cli("stats", "pebbles", "--categories")
    assert "whole table" in text and "18.4 ±9.0" in text
    first = _json("stats", "pebbles", "--categories")["categories"][0]
    assert first == {"game": "pebbles", "name": None, "category": "taken", "count": 13, "average": 13.7, "spread": 7.75}


def test_categories_of_two_games_from_results_alone_as_joined_to_their_games(history):
    """Without filters the figures come from ``results`` alone (its ruleset column, schema 5);
    with one they come from results joined to the games chosen: every game chosen, the same
    rows, game by game and across games."""
    from assistant.core.sheets import PlaySheet
    from assistant.service.plays import add_play

    seven = ("military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders")
    pad = {"Ann": dict.fromkeys(seven, 0) | {"military": 5, "science": 10}, "Ben": dict.fromkeys(seven, 0) | {"military": 9, "wonder": 3}}
    add_play(_store(), PlaySheet("7wonders", ("Ann", "Ben"), pad), date="2026-01-06", location="Club")
    with _store().read() as session:
        for ruleset in ("pebbles", "7wonders", None):
            alone = sorted(sql.categories(session, sql.Scope(ruleset=ruleset)))
            joined = sorted(sql.categories(session, sql.Scope(ruleset=ruleset, since="2026-01-01")))
            assert alone == joined, ruleset
            assert {r[0] for r in alone} == ({ruleset} if ruleset else {"pebbles", "7wonders"})
    figures = {(c.game, c.name, c.category): (c.count, c.average) for c in service.categories(_store()).categories}
    assert figures[("7wonders", "Ann", "science")] == (1, 10.0) and figures[("7wonders", None, "military")] == (2, 7.0)
    assert figures[("pebbles", "Ann", "taken")] == (5, 18.4) and ("pebbles", "Ann", "military") not in figures
    assert not {k for k in figures if k[0] == "7wonders" and k[1] == "Cid"}


def test_quick_check_finds_results_of_another_game(history):
    from sqlalchemy import create_engine, text

    from assistant.service.history import check_database

    assert check_database(_store(), full=False).ok
    url = os.environ["ASSISTANT_DB"]
    engine = create_engine(url if "://" in url else f"sqlite:///{url}")
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE results SET ruleset = 'roma' WHERE game_id = :g AND category = 'taken'"), {"g": history[1]})
    finally:
        engine.dispose()
    problems = check_database(_store(), full=False).problems
    assert f"game {history[1]} is pebbles but its stored results say roma" in problems and len(problems) == 1
    result = runner.invoke(app, ["db", "check", "--quick"])
    assert result.exit_code == 1 and f"game {history[1]} is pebbles but its stored results say roma" in result.output


# -- ratings ----------------------------------------------------------------------------------------
def test_ratings_match_openskill(history):
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, object] = {}
    for _date, _where, seats in GAMES:  # the order played; ranks as the games stored them
        totals = {n: t + (0 if lost else 10) for n, t, lost in seats}
        ranks = [1 + sum(1 for v in totals.values() if v > totals[n]) for n, _, _ in seats]
        teams = [[ratings.get(n) or model.rating(name=n)] for n, _, _ in seats]
        for (n, _, _), team in zip(seats, model.rate(teams, ranks=ranks)):
            ratings[n] = team[0]
    view = service.ratings(_store(), keep="all", game="pebbles")
    got = {r.name: r for r in view.ratings}
    for name, expected in ratings.items():
        assert got[name].mu == pytest.approx(expected.mu, abs=1e-3)  # type: ignore[attr-defined]
        assert got[name].sigma == pytest.approx(expected.sigma, abs=1e-3)  # type: ignore[attr-defined]
        assert got[name].ordinal == pytest.approx(expected.ordinal(), abs=1e-3)  # type: ignore[attr-defined]
    assert [r.name for r in view.ratings] == sorted(ratings, key=lambda n: -ratings[n].ordinal())  # type: ignore[attr-defined]
    assert [len(got[n].history) for n in ("Ann", "Ben", "Cid")] == [5, 4, 4]
    assert [p.date for p in got["Ben"].history] == ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05"]
    assert got["Ann"].history[-1].ordinal == got["Ann"].ordinal
    brief = {r.name: r for r in service.ratings(_store(), game="pebbles").ratings}  # the table's: first and latest
    assert {n: (r.mu, r.sigma, r.games) for n, r in brief.items()} == {n: (r.mu, r.sigma, r.games) for n, r in got.items()}
    assert {n: r.history for n, r in brief.items()} == {n: (r.history[0], r.history[-1]) for n, r in got.items()}
    assert "Ben: " in _cli("stats", "pebbles", "--ratings") and " on 2026-01-01 → " in _cli("stats", "pebbles", "--ratings")
    data = _json("stats", "pebbles", "--ratings")
    assert set(data["ratings"][0]) == {"game", "name", "games", "mu", "sigma", "ordinal", "history"}
    assert set(data["ratings"][0]["history"][0]) == {"date", "id", "mu", "sigma", "ordinal"}
    text = _cli("stats", "pebbles", "--ratings", "--player", "Cid")
    assert "history of Cid" in text and "2026-01-04" in text


# -- streaks and head to head -----------------------------------------------------------------------
def test_streaks(history):
    got = [(s.name, s.games, s.wins, s.longest, s.current) for s in service.streaks(_store(), game="pebbles").streaks]
    # Ann W L W W W; Ben L W L W; Cid L L L L
    assert got == [("Ann", 5, 4, 3, 3), ("Ben", 4, 2, 1, 1), ("Cid", 4, 0, 0, 0)]
    early = [(s.name, s.longest, s.current) for s in service.streaks(_store(), until="2026-01-02").streaks]
    assert early == [("Ben", 1, 1), ("Ann", 1, 0), ("Cid", 0, 0)]  # Ann W L; Ben L W
    data = _json("stats", "--streaks")
    assert data["streaks"][0] == {"game": None, "name": "Ann", "games": 5, "wins": 4, "longest": 3, "current": 3}


def test_head_to_head(history):
    view = service.versus(_store(), game="pebbles")
    cells = {(h.name, h.opponent): (h.games, h.ahead, h.behind, h.tied) for h in view.versus}
    assert cells[("Ann", "Ben")] == (4, 2, 1, 1)  # G1, G3 ahead; G2 behind; G5 tied
    assert cells[("Ben", "Ann")] == (4, 1, 2, 1)
    assert cells[("Ann", "Cid")] == (4, 4, 0, 0)
    assert cells[("Ben", "Cid")] == (3, 3, 0, 0)
    assert cells[("Cid", "Ben")] == (3, 0, 3, 0)
    assert len(cells) == 6
    text = _cli("stats", "--versus")
    row = next(line for line in text.splitlines() if line.startswith("Ann"))
    assert row.split() == ["Ann", "·", "2-1", "=1", "4-0"]
    data = _json("stats", "--versus", "--location", "Home")
    assert [v["name"] for v in data["versus"]] == ["Ann", "Ben", "Cid"]
    assert data["versus"][0]["opponents"][0] == {"name": "Ann", "opponent": "Ben", "games": 1, "ahead": 1, "behind": 0, "tied": 0}


# -- charts -----------------------------------------------------------------------------------------
def _chart_checks(text: str, *labels: str) -> None:
    assert "\x1b" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    for label in labels:
        assert label in text


def test_chart_score_distribution(history):
    text = _cli("stats", "pebbles", "--chart")
    _chart_checks(text, "Score distribution", "Ann (5 games)", "Ben (4 games)", "Cid (4 games)", "3-7")
    # bands of 5 from the lowest total (3): Ann's 40 is in 38-42 with 1 game
    assert any(line.strip().startswith("38-42") and line.rstrip().endswith(" 1") for line in text.splitlines())


def test_chart_categories_and_ratings(history):
    text = _cli("stats", "pebbles", "--categories", "--chart")
    _chart_checks(text, "average points per category", "taken", "survived", "Ann", "18.4")
    text = _cli("stats", "pebbles", "--ratings", "--chart")
    _chart_checks(text, "rating (ordinal) over 5 games", "* Ann", "o Ben", "+ Cid", "2026-01-01", "2026-01-05")
    result = runner.invoke(app, ["stats", "pebbles", "--streaks", "--chart"])
    assert result.exit_code == 2


def test_chart_wide_terminal_still_plain_when_piped(history, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # not a terminal: 80 columns whatever COLUMNS says
    monkeypatch.delenv("NO_COLOR", raising=False)
    text = _cli("stats", "pebbles", "--chart")
    _chart_checks(text, "Ann")


# -- players ----------------------------------------------------------------------------------------
def test_players_never_mix_games(history):
    store = _store()
    from pathlib import Path

    import tomllib

    table = tomllib.loads((Path(__file__).parents[2] / "examples" / "7wonders-final-table.toml").read_text())
    for player, name in zip(table["players"], ["Ann", "Ben", "Cid", "Dan"]):
        player["name"] = name
    sheet = score_table("7wonders", table)
    save_table(store, "7wonders", table, sheet, date="2026-01-06")
    rows = {r.name: r for r in service.players_table(store)}
    assert rows["Ann"].average is None and rows["Ann"].best is None  # no average over two games
    assert rows["Ann"].by_game["pebbles"] == {"games": 5, "wins": 4, "average": 28.4, "best": 40}
    assert rows["Ann"].by_game["7wonders"]["average"] == sheet.totals["Ann"]
    assert (rows["Ann"].played, rows["Ann"].finished) == (6, 6)
    text = _cli("players")
    assert "average by game" in text and "pebbles 28.4" in text and "│" not in text
    data = _json("players", "--game", "pebbles")
    assert {r["name"]: r["average"] for r in data} == {"Ann": 28.4, "Ben": 19.5, "Cid": 9.5}
    # the facts of a final table: wonder, side, leaders, canonical names
    facts = service.game_facts(store, "last")
    assert (0, "wonder", "Gizah") in facts and (0, "side", "A") in facts and (3, "wonder", "Rhodes") in facts
    assert any(key == "leader" for _, key, _ in facts)
    by_wonder = service.by(store, "wonder").splits  # --by wonder alone means 7 Wonders
    winner = next(n for n, p in enumerate(table["players"]) if p["name"] in sheet.winners)
    assert [(s.value, s.wins) for s in by_wonder if s.wins] == [(table["players"][winner]["wonder"], 1)]


def test_players_show_plain(history):
    text = _cli("players", "show", "Ann")
    assert "Ann: 5 games, 5 finished, 4 won (80%)" in text
    assert "│" not in text and "┃" not in text
    assert "opponent" in text and "last games:" in text


def test_facts_written_when_a_tracked_game_finishes(engine):
    """Importing a finished 7 Wonders record stores its results and seat facts (from the
    game's own description); --by side counts them."""
    from assistant.core.record import write_record
    from assistant.games.sevenwonders import simulate
    from assistant.service import import_records

    game = simulate.random_game(5, 3, {})
    store = _store()
    (gid,) = import_records(store, write_record(game.to_record({"Date": "2026-02-01"})))
    described = game.ruleset.describe(game.state, reveal=True)
    for i, player in enumerate(described["players"]):
        wonder, side = player["board"].rsplit(" ", 1)
        leaders = [(i, "leader", name) for name in player["leaders"]]
        assert sorted(f for f in service.game_facts(store, gid) if f[0] == i) == sorted([(i, "side", side), (i, "wonder", wonder), *leaders])
    sides = service.by(store, "side", game="7w").splits
    assert sum(s.seats for s in sides) == 3
    assert sum(s.wins for s in sides) == len(game.score().winners)


def test_versus_too_wide_for_a_matrix_is_a_list():
    from assistant.cli.stats import rating_chart, versus_lines
    from assistant.service.views import HeadToHeadOf, PlayerRating, RatingPoint, StatsFilters, StatsView

    names = [f"Player{n:02}" for n in range(14)]
    cells = tuple(HeadToHeadOf(o, 2, 1, 1, 0, name=n) for n in names for o in names if o != n)
    lines = versus_lines(StatsView("versus", StatsFilters(), versus=cells, versus_names=tuple(names)))
    assert "one line per pair" in lines[0] and len(lines) == 3 + 14 * 13
    assert max(len(line) for line in lines) <= 100
    rated = tuple(PlayerRating("roma", n, 1, 25.0, 8.0, float(i), (RatingPoint("2026-01-01", 1, 25.0, 8.0, float(i)),)) for i, n in enumerate(names))
    chart = "\n".join(rating_chart(rated, 80))
    assert "the 5 best rated" in chart and "Player00" in chart and "Player05" not in chart
    assert "Player07" in "\n".join(rating_chart(rated, 80, player="Player07"))


# -- the SQL aggregates against a plain Python fold on a random history -----------------------------
def _random_history() -> list[tuple[int, str, dict[str, tuple[int, int]]]]:
    """Forty Pebbles tables of 2 to 4 of five players on six days (many games a day: the
    order played is then the id), totals often tied; saved, returned as ``(id, date,
    {name: (taken, survived)})`` in the order saved."""
    import random

    rng = random.Random(14)
    names = ["Ann", "Ben", "Cid", "Dee", "Eve"]
    saved = []
    for _ in range(40):
        date = f"2026-02-0{rng.randint(1, 6)}"
        seats = rng.sample(names, rng.randint(2, 4))
        players = [{"name": n, "taken": rng.choice([3, 5, 8, 8, 12]), "lost": rng.random() < 0.3} for n in seats]
        table = {"game": "pebbles", "players": players}
        gid = save_table(_store(), "pebbles", table, score_table("pebbles", table), date=date, location="Club")
        saved.append((gid, date, {p["name"]: (p["taken"], 0 if p["lost"] else 10) for p in players}))
    return saved


def test_aggregates_match_a_python_fold(engine):
    saved = _random_history()
    played = sorted(saved, key=lambda g: (g[1], g[0]))  # day, then id (no time of day)
    # streaks: runs of wins (a shared best total is a win for each) in the order played
    runs: dict[str, list[int]] = {}
    for _gid, _date, seats in played:
        best = max(t + s for t, s in seats.values())
        for name, (t, s) in seats.items():
            runs.setdefault(name, []).append(int(t + s == best))
    expected = {}
    for name, wins in runs.items():
        longest = current = 0
        for w in wins:
            current = current + 1 if w else 0
            longest = max(longest, current)
        expected[name] = (len(wins), sum(wins), longest, current)
    for game in ("pebbles", None):
        got = {s.name: (s.games, s.wins, s.longest, s.current) for s in service.streaks(_store(), game=game).streaks}
        assert got == expected
    # head to head: ranks are 1 + the seats with a higher total
    pairs: dict[tuple[str, str], list[int]] = {}
    for _gid, _date, seats in saved:
        total = {n: t + s for n, (t, s) in seats.items()}
        for a in total:
            for b in total:
                if a != b:
                    cell = pairs.setdefault((a, b), [0, 0, 0, 0])
                    cell[0] += 1
                    cell[1 + (0 if total[a] > total[b] else 1 if total[a] < total[b] else 2)] += 1
    got_pairs = {(h.name, h.opponent): [h.games, h.ahead, h.behind, h.tied] for h in service.versus(_store()).versus}
    assert got_pairs == pairs
    # categories: each player's and the whole table's count, average and spread; with no
    # filter but the game (results read alone, schema 5) and with each filter (results joined
    # to the games they choose)
    def spread(xs: list[int]) -> float:
        mean = sum(xs) / len(xs)
        return round(math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs)), 2)

    chosen = {
        (): saved,
        (("since", "2026-02-04"),): [g for g in saved if g[1] >= "2026-02-04"],
        (("until", "2026-02-03"), ("location", "club")): [g for g in saved if g[1] <= "2026-02-03"],
        (("player", "Dee"),): [g for g in saved if "Dee" in g[2]],
    }
    for filters, games in chosen.items():
        points: dict[tuple[str | None, str], list[int]] = {}
        for _gid, _date, seats in games:
            for name, (t, s) in seats.items():
                for who in (name, None):
                    points.setdefault((who, "taken"), []).append(t)
                    points.setdefault((who, "survived"), []).append(s)
        expected_cats = {k: (len(v), round(sum(v) / len(v), 1), spread(v)) for k, v in points.items()}
        for game in ("pebbles", None):
            view = service.categories(_store(), game=game, **dict(filters))
            got_cats = {(c.name, c.category): (c.count, c.average, c.spread) for c in view.categories}
            assert got_cats == expected_cats, (filters, game)
            assert {c.game for c in view.categories} == {"pebbles"}
    # the board across games: games and wins summed from the per-game rows
    board = service.summary(_store()).leaderboards[0]
    assert {r.name: (r.games, r.wins, r.average, r.best) for r in board} == {n: (g, w, None, None) for n, (g, w, _, _) in expected.items()}
    assert [r.game for r in board] == [None] * len(board)


def test_ratings_keep_whole_histories_only_where_shown(history):
    whole = {r.name: r.history for r in service.ratings(_store(), keep="all", game="pebbles", player="Cid").ratings}  # Cid's games
    one = {r.name: r.history for r in service.ratings(_store(), keep="player", game="pebbles", player="Cid").ratings}
    assert one["Cid"] == whole["Cid"] and len(one["Cid"]) == 4
    assert {n: h for n, h in one.items() if n != "Cid"} == {n: (h[0], h[-1]) for n, h in whole.items() if n != "Cid"}
    # --json is written as it is encoded: the same text as every other view's JSON
    import io
    from contextlib import redirect_stdout

    from assistant.cli import render

    for args, keep in (((), "ends"), (("--history",), "all"), (("--player", "Cid"), "player")):
        expected = io.StringIO()
        with redirect_stdout(expected):
            render.print_json(service.ratings(_store(), keep=keep, player="Cid" if keep == "player" else None).to_json())
        assert json.loads(_cli("stats", "--ratings", "--json", *args)) == json.loads(expected.getvalue())
    ann = json.loads(_cli("stats", "--ratings", "--json", "--history"))["ratings"][0]
    assert ann["name"] == "Ann" and len(ann["history"]) == 5
    assert len(json.loads(_cli("stats", "--ratings", "--json"))["ratings"][0]["history"]) == 2  # first and latest


def test_streamed_json_escapes_as_print_json(capsys):
    from assistant.cli import render
    from assistant.cli.stats import stream_json
    from assistant.service.views import PlayerRating, RatingPoint, StatsFilters, StatsView

    point = RatingPoint("2026-01-01", 1, 25.0, 8.0, 1.0)
    odd = PlayerRating("pebbles", "A\u202en\u0085n", 2, 26.0, 7.0, 5.0, (point, point))  # a bidi and a C1 control
    view = StatsView("ratings", StatsFilters(None, None, None, None, None), ratings=(odd, odd))
    render.print_json(view.to_json())
    expected = capsys.readouterr().out
    stream_json(view)
    streamed = capsys.readouterr().out
    assert json.loads(streamed) == json.loads(expected) == view.to_json()
    assert "\\u202e" in streamed and "\u202e" not in streamed and "\x85" not in streamed
    assert '        {"date": "2026-01-01", "id": 1, "mu": 25.0, "sigma": 8.0, "ordinal": 1.0}' in streamed.splitlines()  # a point a line


def test_ratings_filters_choose_the_points_shown_not_the_rating(history):
    """A rating is the whole history's (up to --until): --location, --since and --player
    choose which games' points are shown and counted, and the rating shown is the one after
    the player's latest game among them (hand-checked on G3 and G4, the two Home games)."""
    every = {r.name: r for r in service.ratings(_store(), keep="all", game="pebbles").ratings}
    at = {p.id: p for r in every.values() for p in r.history if r.name == "Ann"}
    home = {r.name: r for r in service.ratings(_store(), keep="all", game="pebbles", location="home").ratings}
    assert {n: r.games for n, r in home.items()} == {"Ann": 2, "Ben": 1, "Cid": 1}
    g3, g4 = history[2], history[3]
    assert [p.id for p in home["Ann"].history] == [g3, g4]
    assert home["Ann"].history == (at[g3], at[g4])  # the same points as the whole history's
    assert (home["Ann"].mu, home["Ann"].ordinal) == (at[g4].mu, at[g4].ordinal)  # after her latest Home game
    assert home["Ann"].ordinal != every["Ann"].ordinal  # G5 came after: not counted here
    since = {r.name: r for r in service.ratings(_store(), game="pebbles", since="2026-01-04").ratings}
    assert {n: r.games for n, r in since.items()} == {"Ann": 2, "Ben": 1, "Cid": 2}
    assert all(since[n].ordinal == every[n].ordinal for n in since)  # nothing after: the current ratings
    cid = {r.name: r for r in service.ratings(_store(), keep="player", game="pebbles", player="Cid").ratings}
    assert len(cid["Cid"].history) == 4 and len(cid["Ann"].history) == 2  # Cid's every point, the others' ends
    assert cid["Ann"].games == 4  # Ann sat in all four of Cid's games
    text = _cli("stats", "pebbles", "--ratings", "--location", "Home")
    assert "Ann" in text and "2026-01-03 → " in text
    assert runner.invoke(app, ["stats", "pebbles", "--history"]).exit_code == 2  # --history is for --ratings


def test_category_table_splits_to_fit_the_width(monkeypatch):
    """Eight categories of ``average ±spread`` are 95 columns: on 80 they are two tables, the
    players repeated, every line within the width; the categories keep their order."""
    from assistant.cli import render
    from assistant.cli.stats import category_lines
    from assistant.service.views import CategoryStat

    cats = ["military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders"]
    stats = [CategoryStat("7wonders", who, k, 10, 10.4, 6.5) for who in (None, "Ann", "Bartholomew") for k in cats]
    monkeypatch.setattr(render, "text_width", lambda default=100: 80)
    lines = category_lines(stats)
    assert max(len(line) for line in lines) <= 80
    headers = [line.split() for line in lines if line.startswith("player")]
    assert len(headers) == 2 and [k for h in headers for k in h if k != "player"] == cats
    assert sum(1 for line in lines if line.startswith("Bartholomew")) == 2
    monkeypatch.setattr(render, "text_width", lambda default=100: 120)
    assert sum(1 for line in category_lines(stats) if line.startswith("player")) == 1
