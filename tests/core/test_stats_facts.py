"""Seat facts and the start player, from the games themselves (issue 14): what each game says
of its seats (``Ruleset.seat_facts``, ``table_seat_facts``, ``start_player``) on recorded games
with answers checked by hand against the records, what the service stores with a finished
game (and forgets when an undo reopens it), ``stats --by`` over them, and the backfill of games
stored before schema 3. The storage tests run on SQLite and PostgreSQL (the ``engine``
fixture)."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from sqlmodel import select
from typer.testing import CliRunner

from assistant.cli.main import app
from assistant.core.errors import InvalidEntry, TableError
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games import get_ruleset
from assistant.service import import_records, undo
from assistant.service import stats as service
from assistant.store import statistics as sql
from assistant.store.db import Store
from assistant.store.models import Seat

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"
runner = CliRunner()


def _store() -> Store:
    return Store.open(os.environ["ASSISTANT_DB"])


def _game(game: str, name: str) -> Game:
    return Game.from_record(get_ruleset(game), read_record((RECORDS / game / name).read_text(encoding="utf-8")))


def _text(game: str, name: str) -> str:
    return (RECORDS / game / name).read_text(encoding="utf-8")


def _import(store: Store, game: str, name: str) -> int:
    (gid,) = import_records(store, _text(game, name))
    return gid


def _starts(store: Store, gid: int) -> list[bool | None]:
    with store.read() as session:
        return [s.start for s in session.exec(select(Seat).where(Seat.game_id == gid).order_by(Seat.position)).all()]


# -- the games ----------------------------------------------------------------------------------------
def test_7wonders_seat_facts_of_a_recorded_game():
    # Boards: Olympia A, Babylon B, Halikarnassos A; recruit lines 10, 11, 31-33, 55-56
    game = _game("7wonders", "three-players-leaders.txt")
    assert game.outcome() is not None
    assert game.ruleset.seat_facts(game.state) == [
        {"wonder": ["Olympia"], "side": ["A"], "leader": ["Varro", "Hammurabi"]},
        {"wonder": ["Babylon"], "side": ["B"], "leader": ["Pythagoras", "Vitruvius"]},
        {"wonder": ["Halikarnassos"], "side": ["A"], "leader": ["Nebuchadnezzar", "Midas", "Archimedes"]},
    ]
    assert game.ruleset.start_player(game.state) is None  # every turn is played at once
    assert game.ruleset.fact_keys == ("wonder", "side", "leader")


def test_7wonders_two_players_leave_the_free_city_out():
    game = _game("7wonders", "two-players-leaders.txt")
    facts = game.ruleset.seat_facts(game.state)
    assert len(game.state.seats) == 3 and len(facts) == 2  # Ann, Ben; the Free City has no seat
    assert facts[0]["wonder"] == ["Gizah"] and facts[1]["wonder"] == ["Rhodes"]


@pytest.mark.parametrize(
    ("game", "record", "start", "primus_at_end"),
    [
        ("roma", "hand_checked_battles.txt", "Ben", None),  # line 12: start Ben (the younger)
        ("roma", "hand_checked_short_game.txt", "Ann", None),  # line 12: start Ann
        ("pax", "four_players.txt", "Cy", "Dora"),  # line 9: start Cy; Primus passed on since
        ("pax", "three_players_hand_played.txt", "Ann", "Ben"),  # no start entry: the first listed
        ("pax", "two_players_hand_played.txt", "Marcus", "Marcus"),  # line 12: start Marcus
        ("sylla", "four_players_by_hand_options.txt", "Blue", None),  # sets Red=III Blue=I White=IV Black=II
        ("sylla", "three_players_by_hand.txt", "Ann", None),  # sets Ann=II Ben=III Cy=IV: lowest drawn
    ],
)
def test_start_player_of_a_recorded_game(game, record, start, primus_at_end):
    played = _game(game, record)
    assert played.outcome() is not None
    assert played.ruleset.start_player(played.state) == start
    if primus_at_end is not None:  # PAX: round 1's start player, not who holds Primus at the end
        assert played.state.seats[played.state.start] == primus_at_end
    assert played.ruleset.seat_facts(played.state) == [] and played.ruleset.fact_keys == ()


def test_start_player_unknown_before_the_start_is_said():
    roma = get_ruleset("roma")
    assert roma.start_player(roma.setup(["Ann", "Ben"], roma.check_options({}))) is None
    sylla = get_ruleset("sylla")
    assert sylla.start_player(sylla.setup(["A", "B", "C"], sylla.check_options({}))) is None


def test_pax_picked_up_after_round_1_has_no_start_player():
    pax = get_ruleset("pax")
    position = pax.from_position(tomllib.loads((ROOT / "examples" / "pax-position.toml").read_text(encoding="utf-8")))
    game = Game(pax, position.seats, position.options)
    for entry in position.entries:
        game.push(entry)
    assert game.state.round > 1 and pax.start_player(game.state) is None


def test_table_seat_facts_of_the_example_table():
    table = tomllib.loads((ROOT / "examples" / "7wonders-final-table.toml").read_text(encoding="utf-8"))
    ruleset = get_ruleset("7wonders")
    assert ruleset.table_seat_facts(table) == [
        {"wonder": ["Gizah"], "side": ["A"], "leader": ["Aristotle", "Midas"]},
        {"wonder": ["Babylon"], "side": ["B"], "leader": ["Nebuchadnezzar", "Zenobia"]},
        {"wonder": ["Olympia"], "side": ["B"], "leader": ["Varro", "Xenophon"]},
        {"wonder": ["Rhodes"], "side": ["A"], "leader": ["Cleopatra", "Caesar", "Alexander"]},
    ]
    # names as people write them, read by the table's own readers: side with the board, case
    table["players"][0] = {**table["players"][0], "wonder": "gizah a", "leaders": ["aristotle", "MIDAS"]}
    del table["players"][0]["side"]
    table["players"][1] = {**table["players"][1], "wonder": "Babylon (B)"}
    del table["players"][1]["side"]
    facts = ruleset.table_seat_facts(table)
    assert facts[0] == {"wonder": ["Gizah"], "side": ["A"], "leader": ["Aristotle", "Midas"]}
    assert facts[1]["wonder"] == ["Babylon"] and facts[1]["side"] == ["B"]
    two = tomllib.loads((ROOT / "examples" / "7wonders-2p-final-table.toml").read_text(encoding="utf-8"))
    assert [f["wonder"] for f in ruleset.table_seat_facts(two)] == [["Gizah"], ["Ephesus"]]  # no Free City
    with pytest.raises(TableError):
        ruleset.table_seat_facts({"players": [{"name": "A", "wonder": "Atlantis"}, {"name": "B"}, {"name": "C"}]})
    assert get_ruleset("roma").table_seat_facts({"players": []}) == []


# -- stored with a game, forgotten when it reopens ----------------------------------------------------
def test_stats_by_start_on_a_tracked_roma_game(engine):
    store = _store()
    (gid,) = import_records(store, _text("roma", "hand_checked_battles.txt"))
    assert _starts(store, gid) == [False, True]  # Ben started
    game = _game("roma", "hand_checked_battles.txt")
    ben_won = "Ben" in game.score().winners
    got = [(s.value, s.seats, s.wins) for s in service.by(store, "start", game="roma").splits]
    assert got == [("yes", 1, int(ben_won)), ("no", 1, int(not ben_won))]
    result = runner.invoke(app, ["stats", "roma", "--by", "start", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["splits"]
    assert [(r["value"], r["seats"]) for r in rows] == [("yes", 1), ("no", 1)]


def test_facts_and_start_cleared_by_an_undo_of_the_last_entry(engine):
    store = _store()
    seven, roma = _import(store, "7wonders", "three-players-leaders.txt"), _import(store, "roma", "hand_checked_short_game.txt")
    facts = service.game_facts(store, seven)
    assert (0, "wonder", "Olympia") in facts and (2, "leader", "Archimedes") in facts and len(facts) == 13
    assert _starts(store, roma) == [True, False]
    for gid in (seven, roma):
        undo(store, gid)
    assert service.game_facts(store, seven) == []
    assert _starts(store, roma) == [None, None]
    assert service.by(store, "wonder", game="7w").splits == ()
    # the last entry again: the game ends and its facts and start are written again
    from assistant.service import enter

    last = [line.text for line in read_record(_text("roma", "hand_checked_short_game.txt")).entries if line.text][-1]
    enter(store, roma, last)
    assert _starts(store, roma) == [True, False]


def test_by_takes_the_keys_the_game_declares(engine):
    store = _store()
    import_records(store, _text("7wonders", "three-players-leaders.txt"))
    assert {s.value for s in service.by(store, "leader").splits} >= {"Varro", "Midas"}  # --by leader alone: 7 Wonders
    assert {s.value for s in service.by(store, "Side", game="7w").splits} == {"A", "B"}
    with pytest.raises(InvalidEntry, match="--by takes seat, start, wonder, side, leader for 7wonders, not 'colour'"):
        service.by(store, "colour", game="7w")
    with pytest.raises(InvalidEntry, match=r"seat, start for roma, not 'wonder' \(wonder is stored by 7wonders only\)"):
        service.by(store, "wonder", game="roma")
    result = runner.invoke(app, ["stats", "--by", "colour"])
    assert result.exit_code == 1 and "--by takes seat, start; with a game also leader, side, wonder" in result.output
    assert "Traceback" not in result.output


# -- games stored before schema 3 -----------------------------------------------------------------------
def test_backfill_of_games_stored_without_facts_or_start(engine):
    store = _store()
    seven = _import(store, "7wonders", "three-players-leaders.txt")
    roma = _import(store, "roma", "hand_checked_battles.txt")
    sylla = _import(store, "sylla", "three_players_by_hand.txt")
    before = {gid: (service.game_facts(store, gid), _starts(store, gid)) for gid in (seven, roma, sylla)}
    with store.write() as session:  # as a schema 2 database left them
        for gid in (seven, roma, sylla):
            sql.write_facts(session, gid, [])
            for seat in session.exec(select(Seat).where(Seat.game_id == gid)).all():
                seat.start = None
                session.add(seat)
    assert service.game_facts(store, seven) == [] and _starts(store, roma) == [None, None]
    assert service.backfill_facts(store, [roma]) == 1  # only the games asked for
    assert _starts(store, roma) == before[roma][1] and service.game_facts(store, seven) == []
    assert service.backfill_facts(store) == 2  # the 7 Wonders facts and Sylla's first Consul
    assert {gid: (service.game_facts(store, gid), _starts(store, gid)) for gid in (seven, roma, sylla)} == before
    assert _starts(store, sylla) == [True, False, False]
    assert service.backfill_facts(store) == 0  # nothing left to fill: nothing replayed again
