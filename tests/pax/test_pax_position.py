"""A PAX game picked up in progress (issue 12, data/pax/rules.md ``pax.position``): a position
file read into a block of ``position`` entries and played on; every problem of an impossible
position listed with its player and rule; the block refused after the first move, after its
round entry and when another entry interrupts it; amend and insert over the block; the
example file; the pick-up points of a tracked game; what stays unknown (hands, the deck) is
checked when it comes into play."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from assistant.core.errors import EntryError, IllegalMove, InvalidEntry, RecordError, TableError
from assistant.core.game import Game, rebuilt
from assistant.core.record import RecordLine, read_record, write_record
from assistant.core.tablefile import load_table
from assistant.games.pax import RULESET as R
from assistant.games.pax.simulate import check_invariants, random_game
from position_support import picked_up

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pax-position.toml"
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "position" / "pax.md"

#: A hand-written 2-player position in round 3: Ann's turn begins, Ben holds Primus Conspiratus.
FILE = """
game = "PAX"
Round = 3
start-player = "ben"         # any case, a unique beginning
turn = "An"
deck = 38

[rome]
cards = ["army 4/1", "senator 3/1"]

[legions]
I = ["fleet 1/1"]
"2" = "estate 2/1, wealth 1/1"
III = []

[[players]]
name = "Ann"
aurei = 4
hand = 2
display = ["estate 3/2", "fleet 2/1", "wealth 2/1"]

[[players]]
name = "Ben"
aureus = 7
hand = 1
cards = "conspiracy 2/1, senator 1/1"
PC = true
"""


def problems(data: dict) -> list[str]:
    """Every problem listed for a position file (fails the test when it is accepted)."""
    with pytest.raises(TableError) as info:
        R.from_position(data)
    return [str(p) for p in info.value.problems]


def test_pax_position_file_read_and_played_on() -> None:
    data = tomllib.loads(FILE)
    setup = R.from_position(data)
    assert setup.seats == ("Ann", "Ben") and setup.options == {}
    assert setup.entries == (
        "position Ann aurei 4 hand 2 cards estate 3/2, fleet 2/1, wealth 2/1",
        "position Ben aurei 7 hand 1 cards conspiracy 2/1, senator 1/1",
        "position rome army 4/1, senator 3/1",
        "position legion I fleet 1/1",
        "position legion II estate 2/1, wealth 1/1",
        "position deck 38",
        "position round 3 start Ben turn Ann primus Ben",
    )
    game = picked_up(R, data)
    state = game.state
    assert not check_invariants(state)
    assert state.phase == "turn" and state.round == 3 and state.seats[state.current] == "Ann"
    assert state.seats[state.start] == "Ben" and state.pc == 1 and state.deck_size == 38
    assert R.expecting(state).players == ("Ann",) and "draw" in R.expecting(state).kinds
    board = R.board(state)
    assert "round 3, Ann's turn" in board and "Primus Conspiratus: Ben" in board and "deck 38 cards" in board
    assert "Aurei" not in board and "Aurei" in R.board(state, reveal=True)  # behind the screen until revealed
    # Ann's turn: the hand cards are unknown until played; the last of the round ends it
    for text in ("Ann draw army 2/1 III, ? hand, ? deck", "Ann play religion 3/1, fleet 1/1", "Ann end"):
        game.push(text)
    ann = game.state.players[0]
    assert ann.aureus == 4 - 1 + 2 and ann.hand_size == 1 and ann.symbols("fleet") == 2
    # Ann was the last of round 3 (Ben started it): Rome takes the richest group, then the refill
    assert any("Rome takes the group under Legion II" in e for e in game.last_events())
    assert game.state.phase == "refill"
    game.push("refill II senator 2/1")
    assert game.state.round == 4 and game.state.seats[game.state.current] == "Ben"
    game.push("Ben peek")
    assert game.state.players[1].aureus == 9 and game.state.seats[game.state.current] == "Ann"
    assert not check_invariants(game.state)
    # the record of the picked-up game replays, and its public copy is the same game
    text = write_record(game.to_record())
    assert Game.from_record(R, read_record(text)).state == game.state
    # the public copy of the block hides the Aurei behind the screens (pax.hidden.money), and
    # nothing else of it: the rest lies on the table
    public = [text.replace("aurei 4 ", "aurei ? ").replace("aurei 7 ", "aurei ? ") for text in setup.entries]
    assert game.public_texts()[:7] == public


def test_pax_position_reads_back() -> None:
    """The position of the picked-up game is the file, in the form position() writes."""
    game = picked_up(R, tomllib.loads(FILE))
    data = R.position(game.state)
    assert data["players"][0] == {
        "name": "Ann", "aureus": 4, "hand": 2, "cards": ["wealth 2/1", "fleet 2/1", "estate 3/2"], "primus_conspiratus": False,
    }
    assert data["legions"] == {"I": ["fleet 1/1"], "II": ["estate 2/1", "wealth 1/1"], "III": []}
    assert (data["round"], data["start_player"], data["turn"], data["deck"]) == (3, "Ben", "Ann", 38)
    again = picked_up(R, json.loads(json.dumps(data)))
    assert R.position(again.state) == data and R.board(again.state) == R.board(game.state)


def test_pax_position_example_file_reads_and_plays_on() -> None:
    data = load_table(EXAMPLE)
    game = picked_up(R, data)
    assert not check_invariants(game.state)
    assert game.state.seats == ("Livia", "Decimus", "Marcus") and game.state.seats[game.state.current] == "Livia"
    assert R.position(game.state)["deck"] == [30, "Marcus", 2]
    for text in ("Livia draw fleet 2/1 II, ? hand, ? deck", "Livia buy I", "Livia play estate 1/1, army 2/1", "Livia end"):
        game.push(text)
    assert game.state.players[0].aureus == 6 - 3 - 1 + 3
    assert any("Rome takes the group under Legion II" in e for e in game.last_events())
    game.push("Marcus deck was religion 1/1")  # the card Marcus slid under unnamed, named now
    game.push("refill I wealth 2/2, II army 1/1, III estate 4/1")
    assert game.state.phase == "turn" and game.state.round == 5 and game.state.seats[game.state.current] == "Decimus"
    assert not check_invariants(game.state)


def test_pax_position_every_problem_listed() -> None:
    data = tomllib.loads(FILE)
    data.update({"level": 3, "colour": "red", "turn": "Zed", "deck": 40})
    data["rome"]["cards"] = ["army 4/1"] * 9 + ["senator 5/1"]
    data["legions"]["V"] = ["wealth 1/1"]
    ann, ben = data["players"]
    ann.update({"display": ["fleet 2/1", "fleet 1/1", "estate 1/1", "army 1/1", "army 2/1"], "aurei": -1, "PC": True})
    ben["hand"] = ["army 2/1"]
    found = problems(data)
    expected = [
        "unknown key 'colour'",
        "'level' is for the solitaire game only (one player) [pax.solo.levels]",
        "Ann: 'aureus' cannot be below 0 (it is -1) [pax.hidden.money]",
        "Ben: 'hand' is how many cards the player holds: their faces stay secret [pax.position]",
        "Primus Conspiratus is held by Ann and Ben; there is one such card [pax.cat.primus-conspiratus]",
        "'turn': there is no player called 'Zed'",
        "Ann: Ann has 2 Fleet symbols, over the limit of 1",
        "the position shows more army cards face up than the 10 the deck holds",
        "no senator card has the value 5",
        "there is no Legion V in this game: 3 Legions lie out (I, II, III) [pax.setup.legions]",
    ]
    for text in expected:
        assert any(text in line for line in found), (text, found)
    assert "'turn'" in " ".join(found)  # without a turn there is no round entry to judge yet


def test_pax_position_totals_and_primus_checked_at_the_round_entry() -> None:
    data = tomllib.loads(FILE)
    data["deck"] = 40
    data["players"][1].pop("PC")
    data["players"][0]["cards"] = data["players"][0].pop("display") + ["conspiracy 1/1"] * 1
    found = problems(data)
    assert any("the deck holds 40 cards as entered, but the rest of the position leaves 37" in p for p in found), found
    assert any("Ann played Conspiracy" in p or "Ben played Conspiracy" in p for p in found), found
    data = tomllib.loads(FILE)
    data["players"][0]["hand"] = 60
    assert any("but PAX has 74 [pax.position]" in p for p in problems(data))
    data = tomllib.loads(FILE)
    data["players"][0]["cards"] = ["conspiracy 1/2", "conspiracy 2/1"]
    data["players"][0].pop("display")
    assert any("Ben cannot hold Primus Conspiratus: it goes to the most Conspiracy symbols (Ben 1, the most 3)" in p
               for p in problems(data))
    data = tomllib.loads(FILE)
    data["Round"] = 1
    assert problems(data) == [
        "Rome shows 2 face-up cards in round 1, but it takes a group only at the end of a round [pax.roundend.rome]"
    ]
    data = tomllib.loads(FILE)
    data["game"] = "roma"
    del data["Round"]
    found = problems(data)
    assert any("not of PAX" in p for p in found) and any("'round' is missing [pax.round]" in p for p in found)


def test_pax_position_entry_after_the_first_move_refused() -> None:
    game = Game(R, ["Ann", "Ben"], {})
    game.push("start Ben")
    with pytest.raises(IllegalMove) as info:
        game.push("position Ann aurei 5 hand 1")
    exc = info.value
    assert exc.rule == "pax.position" and "before its first move" in exc.message and exc.hint
    game = Game(R, ["Ann", "Ben"], {})
    game.push("keep ?")
    with pytest.raises(IllegalMove) as info:
        game.push("position round 1 start Ann turn Ann")
    assert info.value.rule == "pax.position" and "1 entry of play already" in info.value.message


def test_pax_position_block_order_refusals() -> None:
    data = tomllib.loads(FILE)
    entries = R.from_position(data).entries
    game = Game(R, ["Ann", "Ben"], {})
    game.push(entries[0])
    for text, needle in (
        (entries[0], "Ann's position is given already"),
        ("Ann draw ? hand", "the position block of this game is not finished"),
        ("correct Ann aurei +1 because late", "the position block of this game is not finished"),
        ("position round 3 start Ben turn Ann", "the position of Ben is missing"),
        ("position legion IV army 1/1", "there is no Legion IV"),
    ):
        with pytest.raises(IllegalMove) as info:
            game.push(text)
        assert needle in info.value.message, (text, info.value.message)
        assert info.value.hint
    for text in entries[1:]:
        game.push(text)
    with pytest.raises(IllegalMove) as info:
        game.push("position legion III army 1/1")
    assert info.value.rule == "pax.position" and "ended with its 'position round' entry" in info.value.message
    assert R.legal_moves(game.prefix(3).state) == []  # the block is typed, never listed
    assert not any(m.notation().startswith("position") for m in R.legal_moves(R.setup(["Ann", "Ben"], {})))


def test_pax_position_unreadable_entries() -> None:
    state = R.setup(["Ann", "Ben"], {})
    for text, needle in (
        ("position Ann hand 2", "Aurei are missing"),
        ("position Ann aurei x", "is a whole number"),
        ("position Ann aurei 3 cards ? hand", "face up"),
        ("position round 2 start Ann", "names the player whose turn it is"),
        ("position", "position of what?"),
    ):
        with pytest.raises(InvalidEntry) as info:
            R.parse(state, text)
        assert needle in info.value.message and info.value.rule == "pax.position", text


def test_pax_position_amend_and_insert_over_the_block() -> None:
    game = picked_up(R, tomllib.loads(FILE))
    game.push("Ann draw army 2/1 III, ? hand, ? deck")
    game.push("Ann end")
    # amend Ann's Aurei in the block: the later entries replay on it
    new = rebuilt(game, 1, [RecordLine("position Ann aurei 9 hand 2 cards estate 3/2, fleet 2/1, wealth 2/1", "", 0)], drop=1)
    assert new.state.players[0].aureus == game.state.players[0].aureus + 5 and new.ply == game.ply
    # amend the round entry: now it is Ben's turn, so Ann's entries no longer fit
    with pytest.raises(RecordError) as info:
        rebuilt(game, 7, [RecordLine("position round 3 start Ben turn Ben primus Ben", "", 0)], drop=1)
    assert info.value.ply == 8
    # insert a Legion before the round entry: accepted, the deck as entered no longer adds up
    with pytest.raises(RecordError) as info:
        rebuilt(game, 6, [RecordLine("position legion III army 1/1", "", 0)], drop=0)
    assert "the rest of the position leaves 37" in str(info.value.cause.message)
    # a position entry inserted after the first move, or after the round entry, is refused
    for at in (8, 9):
        with pytest.raises(EntryError) as exc:
            rebuilt(game, at, [RecordLine("position legion III army 1/1", "", 0)], drop=0)
        assert exc.value.rule == "pax.position"
    # and deleting the round entry leaves a block that the next move cannot follow
    with pytest.raises(RecordError):
        rebuilt(game, 7, [], drop=1)


def test_pax_position_pick_up_points() -> None:
    """Picked up at the start of a turn or at the refill that ends a round, nowhere else; the
    rest of the game replays as the table saw it, to the same end."""
    from assistant.games.pax.position import pick_up_point

    game = random_game(5, 3)
    points = {i: pick_up_point(s) for i, s in enumerate(game.states) if pick_up_point(s)}
    starts = [i for i, s in enumerate(game.states) if s.phase == "turn" and s.turn and not s.turn.placed
              and not s.turn.bought and not s.turn.played and s.window is None]
    assert [i for i, kind in points.items() if kind == "turn"] == starts and len(starts) > 10
    assert sum(1 for kind in points.values() if kind == "refill") > 5
    for i, state in enumerate(game.states):
        if i in points:
            continue
        with pytest.raises(InvalidEntry) as info:
            R.position(state)
        assert info.value.rule == "core.position" and "start of a turn" in info.value.message and info.value.hint
    for at in (starts[len(starts) // 2], next(i for i, kind in points.items() if kind == "refill")):
        again = picked_up(R, R.position(game.states[at]))
        assert R.board(again.state) == R.board(game.states[at])
        for before, entry in zip(game.states[at:], game.entries[at:]):
            again.push(R.public_notation(before, entry.move))
        assert again.outcome() == game.outcome() and R.score(again.state).totals == R.score(game.state).totals
        assert not check_invariants(again.state)


def test_pax_position_at_the_refill() -> None:
    """``refill = true``: round 3 is over, Rome took Legion II; the empty Legions are refilled
    next, then the start player begins round 4."""
    data = tomllib.loads(FILE)
    del data["turn"]
    data.update({"refill": True, "deck": 38})
    data["legions"]["2"] = []
    data["rome"]["cards"] += ["estate 2/1", "wealth 1/1"]
    setup = R.from_position(data)
    assert setup.entries[-1] == "position round 3 start Ben refill primus Ben"
    game = picked_up(R, data)
    assert game.state.phase == "refill" and R.expecting(game.state).kinds == ("refill",)
    assert game.state.deck_size == 36 and R.position(game.state) == R.position(picked_up(R, R.position(game.state)).state)
    assert not check_invariants(game.state)
    game.push("refill II army 2/1, III religion 1/1")
    assert game.state.phase == "turn" and game.state.round == 4 and game.state.seats[game.state.current] == "Ben"
    data["turn"] = "Ann"
    assert any("nobody's turn has begun" in p for p in problems(data))
    del data["turn"]
    data["legions"]["III"] = ["army 1/1"]
    data["legions"]["2"] = ["army 2/1"]
    assert any("at a refill a Legion is empty" in p for p in problems(data))
    data = tomllib.loads(FILE)
    del data["turn"]
    data.update({"refill": True, "deck": 0, "Round": 9})
    data["players"][0]["hand"] = 40
    assert any("the deck (0 cards) cannot refill the 1 empty Legion, so the game is over" in p for p in problems(data))


def test_pax_position_solitaire() -> None:
    data = {
        "game": "pax", "level": 4, "round": 6, "start_player": "Solo", "turn": "Solo",
        "rome": {"cards": ["army 2/1", "fleet 1/1", "senator 4/2"]},
        "legions": {"I": ["wealth 1/1"], "II": [], "III": ["estate 2/1"]},
        "players": [{"name": "Solo", "aureus": 2, "hand": 1, "cards": ["army 1/1", "army 2/2", "fleet 1/1", "religion 3/1"]}],
    }
    game = picked_up(R, data)
    assert game.state.level == 4 and game.state.deck_size == 74 - 30 - 3 - 3 - 2 - 1 - 4
    assert not check_invariants(game.state)  # solitaire: the first plays ignore the limit
    assert R.position(game.state)["level"] == 4


def test_pax_position_guide_example_gives_the_block_shown() -> None:
    """docs/position/pax.md: its TOML example reads into exactly the block the page shows."""
    text = GUIDE.read_text(encoding="utf-8")
    toml_block = text.split("```toml\n", 1)[1].split("```", 1)[0]
    entries = text.split("The example above gives:\n\n```\n", 1)[1].split("```", 1)[0].splitlines()
    assert R.from_position(tomllib.loads(toml_block)).entries == tuple(entries)
    notation = (GUIDE.parents[1] / "notation" / "pax.md").read_text(encoding="utf-8")
    assert "```\n" + "\n".join(entries) + "\n```" in notation  # the notation guide shows the same block
    game = picked_up(R, tomllib.loads(toml_block))
    assert not check_invariants(game.state) and R.position(game.state)["deck"] == 38
