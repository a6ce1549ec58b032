"""Rule sylla.position: a Sylla game picked up in progress from a position file (TOML) or a
position block typed before the first move; every impossible position refused with each of its
problems; a position entry after the first move refused; amend and insert over a block."""

from __future__ import annotations

import re

import tomllib
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry, TableError
from assistant.core.game import Game
from assistant.core.tablefile import load_table
from assistant.games.sylla import RULESET
from assistant.games.sylla.simulate import check_invariants, random_game
from position_support import picked_up

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sylla-position.toml"

#: Round 2, phase I, three players: Red's turn to bid against Blue's 3 (2 Senators + 1 denarius).
ELECTION = """
game = "sylla"
round = 2
phase = "election"
consul = "Blue"
turn = "Red"
high_bid = 3
high_bidder = "Blue"
famine = 1
events = ["Famine 1 V health", "Imperial Cult 1 VL civic", "Pillage 0 L leisure", "Decadence 0 L"]
removed_events = ["Flood 1 V health"]
great_work = "Temple"
built_works = ["Senate"]
removed_work = "Pantheon"
spaces = ["Field", "Tavern", "Bank", "Insula", "Triumphal Arch", "Statue"]
display = ["legionary r IV", "slave ryg IV", "merchant g IV", "senator fish r IV", "vestal y IV"]

[options]
board = "ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"

[markers]
civic = 5
health = 4
leisure = 5

[[players]]
name = "Blue"
set = "I"
prestige = 11
denarii = 5
tokens = { civic = 1 }
cards = ["senator fish ry I", "senator g I", "merchant y I", "legionary r I", "vestal g I", "slave ryg I",
         "merchant fish r IV"]

[[players]]
name = "Red"
set = "II"
prestige = 10
denarii = 6
tokens = { health = 1 }
unseen = 1
cards = ["senator ry II", "merchant fish g II", "merchant y II", "legionary rg II", "vestal y II", "vestal r II",
         "senator y IV"]
buildings = ["Market Stall"]

[[players]]
name = "White"
set = "III"
prestige = 8
denarii = 4
cards = ["senator fish g III", "merchant r III", "legionary y III", "legionary g III", "vestal ry III",
         "slave fish ryg III", "vestal g IV"]
"""


def problems(data) -> list[tuple[str | None, str, str]]:
    """(player, rule, message) of every problem the file is refused for."""
    with pytest.raises(TableError) as err:
        RULESET.from_position(data)
    return [(p.player, p.rule, p.message) for p in err.value.problems]


def test_sylla_position_hand_written_file_read_and_continued():
    game = picked_up(RULESET, tomllib.loads(ELECTION))
    state = game.state
    assert check_invariants(state) == []
    assert RULESET.expecting(state).players == ("Red",)
    assert (state.high, state.high_bidder) == (3, "Blue")
    assert state.player("Red").seen_unknown == 1 and state.player("Red").tokens["health"] == 1
    game.push("Red bids 4")  # 2 face-up Senators + 2 denarii
    game.push("White passes")
    assert game.state.consul == "Red" and game.state.player("Red").money == 4
    game.push("Red takes civic")
    assert game.state.phase == "II" and RULESET.expecting(game.state).players == ("Red",)
    game.push("Red recruits slave ryg IV")  # from the display of the file
    game.push("White recruits 1")
    assert [c.label for c in game.state.player("White").cards][-1] == "Leg3"
    assert check_invariants(game.state) == []


def test_sylla_position_example_file_reads_and_plays_on():
    data = load_table(EXAMPLE)
    game = picked_up(RULESET, data)
    assert check_invariants(game.state) == []
    assert RULESET.from_position(RULESET.position(game.state)).entries == RULESET.from_position(data).entries
    again = RULESET.position(game.state)
    assert again["players"][1]["buildings"] == ["Field", "Private Temple"]
    assert again["phase"] == "III" and again["turn"] == "Red" and again["offers"] == 1
    assert RULESET.expecting(game.state).players == ("Red",)
    for text in ("Red offers 4", "White bids 1", "Black passes", "Blue passes", "Red passes", "White pays Leg1"):
        game.push(text)
    state = game.state
    assert state.player("White").money == 6 + 5  # the Bank
    assert RULESET.expecting(state).players == ("White",) and state.offers == 2
    assert check_invariants(state) == []
    assert RULESET.position(state)["turn"] == "White"
    assert picked_up(RULESET, RULESET.position(state)).state.player("White").money == 11


def test_sylla_position_reads_back_unseen_splits():
    game = random_game(1, 4)
    state = game.states[125]
    data = RULESET.position(state)
    assert any("unseen_splits" in p for p in data["players"])
    again = picked_up(RULESET, data)
    assert RULESET.position(again.state) == data
    assert RULESET.board(again.state) == RULESET.board(state)


def test_sylla_position_refuses_each_problem_of_the_entries():
    data = tomllib.loads(ELECTION)
    data["famine"] = 9
    data["players"][0]["cards"][1] = "vestal fish g I"  # no Christian Vestal (research notes)
    data["players"][1]["set"] = "I"  # Blue's
    data["players"][2]["buildings"] = ["Bank"]  # an instant tile
    data["players"][2]["colour"] = "red"  # no such key
    found = problems(data)
    rules = {(player, rule) for player, rule, _ in found}
    assert ("White", "sylla.position") in rules  # the key 'colour'
    assert ("Blue", "sylla.data.characters") in rules
    assert ("Red", "sylla.position") in rules  # Income tile I twice
    assert (None, "sylla.position") in rules  # the famine marker
    assert any("Bank" in message for _, _, message in found)
    assert len(found) >= 5


def test_sylla_position_refuses_each_problem_of_the_whole():
    data = tomllib.loads(ELECTION)
    data["players"][0]["cards"].pop()  # 6 characters in round 2
    data["players"][1]["cards"][0] = "senator ry II tapped"  # tapped in phase I
    data["removed_events"] = []  # one leaves each round
    data["built_works"] = []
    data["display"] = data["display"][:3]
    data["spaces"][0] = ""
    found = problems(data)
    rules = [(player, rule) for player, rule, _ in found]
    assert ("Blue", "sylla.phase2.recruit") in rules
    assert ("Red", "sylla.roundend") in rules
    for rule in ("sylla.phase5.removal", "sylla.phase6.work", "sylla.phase3.sequence"):
        assert (None, rule) in rules
    assert sum(1 for _, rule in rules if rule == "sylla.phase2.recruit") == 2  # Blue's cards, the display
    assert len(found) == 6


@pytest.mark.parametrize("change, word", [
    ({"round": 6}, "rounds 1 to 5"),
    ({"phase": "V"}, "picked up in phase I, II, III, VI or VII"),
    ({"turn": "Blue"}, "no bid stands"),
    ({"high_bidder": "White"}, "has not spoken"),
    ({"markers": {"civic": 12, "health": 4, "leisure": 5}}, "space of the ladder"),
    ({"events": ["Famine 1 V health", "Decadence 0 L", "Pillage 0 L leisure", "Imperial Cult 1 VL civic"]}, "Decadence at the bottom"),
    ({"removed_events": ["Famine 1 V health"]}, "each event exists once"),
    ({"removed_work": "Senate"}, "named twice"),
    ({"options": {"board": "ask"}}, "printed board"),
])
def test_sylla_position_refuses_an_impossible_table(change, word):
    data = tomllib.loads(ELECTION) | change
    found = problems(data)
    assert any(word in message for _, _, message in found), found


def test_sylla_position_entry_after_the_first_move_refused():
    game = picked_up(RULESET, load_table(EXAMPLE))
    block = list(e.text for e in game.entries)
    game.push("Red offers 4")
    with pytest.raises(IllegalMove) as err:
        game.push(block[0])
    assert err.value.rule == "sylla.position" and err.value.hint
    assert "position" not in RULESET.completions(game.state)
    fresh = Game(RULESET, ["Blue", "Red", "White"], {"board": load_table(EXAMPLE)["options"]["board"]})
    assert "position" in RULESET.completions(fresh.state)
    fresh.push("sets Blue=I Red=II White=III")
    with pytest.raises(IllegalMove) as err:
        fresh.push(block[0])
    assert err.value.rule == "sylla.position"


def test_sylla_position_typed_at_the_prompt_in_any_order():
    block = list(RULESET.from_position(tomllib.loads(ELECTION)).entries)
    game = Game(RULESET, ["Blue", "Red", "White"], {"board": "ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"})
    where, rest = block[-1], block[:-1]
    game.push(where)  # where the game stands first, the rest after
    for text in reversed(rest):
        game.push(text)
    assert RULESET.board(game.state) == RULESET.board(picked_up(RULESET, tomllib.loads(ELECTION)).state)
    assert check_invariants(game.state) == []


def test_sylla_position_block_unfinished_waits_for_the_table_line():
    block = list(RULESET.from_position(tomllib.loads(ELECTION)).entries)
    game = Game(RULESET, ["Blue", "Red", "White"], {"board": "ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"})
    game.push(block[0])
    prompt = RULESET.expecting(game.state)
    assert prompt.kinds == ("position",) and "position round" in prompt.message
    assert RULESET.legal_moves(game.state) == []
    with pytest.raises(IllegalMove) as err:
        game.push("sets Blue=I Red=II White=III")
    assert err.value.rule == "sylla.position"


def test_sylla_position_amend_and_insert_over_the_block():
    game = picked_up(RULESET, load_table(EXAMPLE))
    texts = [e.text for e in game.entries] + ["Red offers 4", "White bids 1"]

    def replay(entries):
        again = Game(RULESET, list(game.seats), dict(game.options))
        for text in entries:
            again.push(text)
        return again

    # amend: Blue's figures changed in the block; the later entries replay on the new position
    amended = [t.replace("prestige 17", "prestige 20") if t.startswith("position Blue set") else t for t in texts]
    assert replay(amended).state.player("Blue").prestige == 20
    # insert a position entry before the first move: it joins the block
    at = texts.index("Red offers 4")
    inserted = replay(texts[:at] + ["position Black buildings Field down"] + texts[at:])
    assert [t.label for t in inserted.state.player("Black").tiles] == ["Field1"]
    # insert one after the first move: refused, the game as it was
    with pytest.raises(IllegalMove) as err:
        replay(texts[: at + 1] + ["position Black buildings Field"] + texts[at + 1:])
    assert err.value.rule == "sylla.position"
    # delete the table line: the next move is refused until the block says where the game stands
    with pytest.raises(IllegalMove) as err:
        replay([t for t in texts if not t.startswith("position round")])
    assert err.value.rule == "sylla.position"


def test_sylla_position_not_at_a_pick_up_point():
    game = random_game(2, 3)
    state = next(s for s in game.states if s.step == "III.bid")
    with pytest.raises(InvalidEntry) as err:
        RULESET.position(state)
    assert err.value.rule == "core.position" and "phase III" in err.value.message


def test_sylla_position_notation_reads_back():
    game = picked_up(RULESET, tomllib.loads(ELECTION))
    for entry in game.entries:
        move = RULESET.parse(game.states[0], entry.text)
        assert move.notation() == entry.text
        # public as it stands but for the denarii behind the screen (sylla.components.hidden)
        public = re.sub(r"denarii \d+,", "denarii ?,", entry.text)
        assert RULESET.public_notation(game.states[entry.ply - 1], entry.move) == public
    assert RULESET.parse(game.states[0], "position round 2, phase election, consul bl, turn r, high 3 blue, famine 1, "
                         "civic 5, health 4, leisure 5").notation() == game.entries[-1].text
    with pytest.raises(InvalidEntry) as err:
        RULESET.parse(game.states[0], "position round 2, phase V, consul Blue")
    assert err.value.rule == "sylla.position"


def test_sylla_position_after_the_board_entry():
    """A game whose board is not an option enters it first; the block follows."""
    board = "ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"
    block = list(RULESET.from_position(tomllib.loads(ELECTION)).entries)
    game = Game(RULESET, ["Blue", "Red", "White"], {})
    game.push(f"board {board}")
    for text in block:
        game.push(text)
    assert RULESET.board(game.state) == RULESET.board(picked_up(RULESET, tomllib.loads(ELECTION)).state)
    with pytest.raises(IllegalMove) as err:
        game.push(f"board {board}")
    assert err.value.rule in ("sylla.phase1.election", "sylla.data.ladder")


def test_sylla_position_typed_block_that_does_not_add_up_refuses_the_first_move():
    block = list(RULESET.from_position(tomllib.loads(ELECTION)).entries)
    game = Game(RULESET, ["Blue", "Red", "White"], {"board": "ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"})
    for text in block:
        game.push(text.replace(", merchant fish r IV", "") if text.startswith("position Blue cards") else text)
    with pytest.raises(IllegalMove) as err:
        game.push("Red bids 4")
    assert err.value.rule == "sylla.position" and "Blue: holds 6 characters" in err.value.message
    game.push("position Blue cards senator fish ry I, senator g I, merchant y I, legionary r I, vestal g I, slave ryg I, "
              "merchant fish r IV")
    game.push("Red bids 4")
    assert check_invariants(game.state) == []
