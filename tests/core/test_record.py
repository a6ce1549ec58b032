"""The record format (INTERFACES.md §3): reading, writing, exact round trip, replay."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.core.errors import IllegalMove, InvalidEntry, RecordError
from assistant.core.inputs import clean
from assistant.core.game import Game
from assistant.core.record import Record, RecordLine, read_record, write_record
from assistant.games import get_ruleset

RECORD = """Game: pebbles
Players: Ann, Ben, Cleo
Date: 2026-11-30
Location: Club
Options: pile=9
Event: autumn cup

Ann take 3  # a bold start
Ben pass
Cleo take 2
"""


def test_record_reads_headers_and_entries():
    rec = read_record(RECORD)
    assert rec.game == "pebbles"
    assert rec.players == ("Ann", "Ben", "Cleo")
    assert rec.headers["Location"] == "Club"
    assert rec.options == {"pile": "9"}
    assert [e.text for e in rec.entries] == ["Ann take 3", "Ben pass", "Cleo take 2"]
    assert rec.entries[0].comment == "a bold start"
    assert rec.entries[0].line == 8


def test_record_round_trip_exact():
    assert write_record(read_record(RECORD)) == RECORD


def test_record_missing_game_header():
    with pytest.raises(RecordError) as info:
        read_record("Players: A, B\n\ntake 1\n")
    assert "Game" in info.value.message


def test_record_bad_header_line_is_reported_with_its_line():
    with pytest.raises(RecordError) as info:
        read_record("Game: pebbles\nPlayers: A, B\nthis is not a header\n\ntake 1\n")
    assert info.value.line == 3


def test_record_duplicate_header():
    with pytest.raises(RecordError) as info:
        read_record("Game: pebbles\nGame: roma\nPlayers: A\n\n")
    assert info.value.line == 2


def test_record_replay_reports_ply_and_rule_of_first_illegal_entry():
    text = RECORD.replace("Cleo take 2", "Cleo take 4")
    with pytest.raises(RecordError) as info:
        Game.from_record(get_ruleset("pebbles"), read_record(text))
    err = info.value
    assert err.ply == 3 and err.entry == "Cleo take 4" and err.rule == "toy.take"
    assert err.to_json()["error"] == "illegal"
    assert err.line == 10


def test_record_replayed_state_equals_live_state():
    ruleset = get_ruleset("pebbles")
    live = Game(ruleset, ["Ann", "Ben", "Cleo"], {"pile": "9"})
    for text in ("take 3", "pass", "Cleo take 2", "take 1"):
        live.push(text)
    replayed = Game.from_record(ruleset, read_record(write_record(live.to_record({"Date": "2026-11-30"}))))
    assert replayed.state == live.state
    assert [e.text for e in replayed.entries] == [e.text for e in live.entries]


def test_record_undo_restores_previous_state():
    game = Game(get_ruleset("pebbles"), ["Ann", "Ben"], {})
    before = game.state
    game.push("take 2")
    game.pop()
    assert game.state == before and game.ply == 0
    with pytest.raises(IllegalMove) as info:
        game.pop()
    assert info.value.rule == "core.undo"


def test_record_illegal_push_changes_nothing():
    game = Game(get_ruleset("pebbles"), ["Ann", "Ben"], {"pile": "2"})
    before = game.state
    with pytest.raises(IllegalMove):
        game.push("take 3")
    assert game.state == before and game.ply == 0


def _stored(text: str) -> bool:
    """Whether ``text`` is as the input boundary stores it (what the program writes)."""
    try:
        return clean(text, "entry") == text
    except InvalidEntry:
        return False


_name = st.text(alphabet=st.characters(whitelist_categories=("L",)), min_size=1, max_size=8).filter(_stored)
_entry = st.text(alphabet=st.characters(blacklist_characters="#\n\r", blacklist_categories=("Cs", "Zl", "Zp", "Cc")), min_size=1, max_size=30).map(str.strip).filter(bool).filter(_stored).filter(lambda t: "#" not in t)
_comment = st.text(alphabet=st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs", "Zl", "Zp", "Cc")), max_size=20).map(str.strip).filter(_stored)


@settings(max_examples=200)
@given(
    players=st.lists(_name, min_size=1, max_size=7, unique=True),
    entries=st.lists(st.tuples(_entry, _comment), max_size=20),
    location=st.one_of(st.none(), _name),
)
def test_record_round_trip_property(players, entries, location):
    headers = {"Date": "2026-11-30"}
    if location:
        headers["Location"] = location
    rec = Record("roma", tuple(players), headers, tuple(RecordLine(t, c) for t, c in entries))
    text = write_record(rec)
    back = read_record(text)
    assert back.players == rec.players
    assert [(e.text, e.comment) for e in back.entries] == [(t, c) for t, c in entries]
    assert write_record(back) == text


@pytest.mark.parametrize("breaker", ["\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\x0b", "\x0c"])
def test_record_line_breaks_only_at_newline(breaker):
    """A character that ``str.splitlines`` treats as a line break is refused inside a line
    (it would split the record when read back), naming the line."""
    text = f"Game: roma\nPlayers: Ann, Ben\n\nhand Ann Legat  # a{breaker}b\n"
    with pytest.raises(RecordError) as info:
        read_record(text)
    assert info.value.line == 4 and info.value.rule == "core.input"
    assert "U+" in info.value.message


def test_record_crlf_reads_as_lf():
    text = "Game: roma\r\nPlayers: Ann, Ben\r\n\r\nmoney 6  # x\r\n"
    rec = read_record(text)
    assert [(e.text, e.comment) for e in rec.entries] == [("money 6", "x")]
