"""Picking up a game in progress (rule roma.position, issue 12): a position file read into the
position block and played on; every problem of an impossible file listed with its player and
rule; the block's entries typed at the prompt, each refusal with its rule; a position entry
after the first move refused; amend and insert over a block; the view at and after the block;
the score and end of a picked-up game; the example file."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from assistant.core.errors import EntryError, IllegalMove, InvalidEntry, RecordError, TableError
from assistant.core.game import Game, rebuilt
from assistant.core.record import RecordLine, read_record, write_record
from assistant.core.tablefile import load_table
from assistant.games.roma import RULESET
from assistant.games.roma.moves import PositionDiscard, PositionPlayer, PositionTurn
from assistant.games.roma.simulate import check_invariants
from position_support import picked_up

ROOT = Path(__file__).resolve().parents[2]

FILE = """
game = "Roma"
mercatus = "stock"            # a unique prefix of 'stockpile'
turn = 9
to_play = "ann"               # any case
discard = ["forum", "Velite", "?"]

[[players]]
name = "Ann"
vp = 12
sestertii = 4                 # the final table's alias of money
hand = 2
board = { 1 = "Forum", 2 = "legat", 4 = "Turris" }

[[players]]
name = "Ben"
VP = 15
money = 2
hand = 3
board = { 1 = "Nero", 3 = "Forum", 6 = "Praetorianus" }
"""

BLOCK = (
    "position Ann vp 12 money 4 hand 2 board Forum 1 Legat 2 Turris 4",
    "position Ben vp 15 money 2 hand 3 board Nero 1 Forum 3 Praetorianus 6",
    "position discard Forum Velites ?",
    "position turn 9 Ann",
)


def _picked(entries=BLOCK, options=None) -> Game:
    game = Game(RULESET, ["Ann", "Ben"], dict(options or {}))
    for text in entries:
        game.push(text)
    return game


def _problems(data: dict) -> list[tuple[str | None, str, str]]:
    with pytest.raises(TableError) as info:
        RULESET.from_position(data)
    return [(p.player, p.rule, p.message) for p in info.value.problems]


def _file(**changes) -> dict:
    data = tomllib.loads(FILE)
    for key, value in changes.items():
        if key.startswith("ann_") or key.startswith("ben_"):
            player = data["players"][0 if key.startswith("ann_") else 1]
            if value is None:
                player.pop(key[4:], None)
            else:
                player[key[4:]] = value
        elif value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


# -- the file read and played on --------------------------------------------------------------
def test_roma_position_hand_written_file_read_and_continued():
    setup = RULESET.from_position(tomllib.loads(FILE))
    assert setup.seats == ("Ann", "Ben")
    assert setup.options == {"bribe": "off", "mercatus": "stockpile"}
    assert setup.entries == BLOCK
    game = picked_up(RULESET, tomllib.loads(FILE))
    state = game.state
    assert check_invariants(state) == []
    assert not state.in_setup and state.player == "Ann" and state.turn == 9 and state.dice is None
    assert state.vp == (12, 15) and state.stockpile == 9 and state.money == (4, 2)
    assert state.hands == (("?", "?"), ("?", "?", "?"))
    assert state.discard == ("Forum", "Velites") and state.unknown_discards == 1
    assert state.draw == 52 - 6 - 5 - 3
    # Ann rolls, takes money, scores with her Forum, lays an unknown hand card, ends
    for text in ("roll 1 3 5", "money 3", "activate 1 vp 5", "lay Legionarius 3", "end"):
        game.push(text)
    state = game.state
    assert state.vp == (17, 15 - 3) and state.money == (3, 2)  # Forum: 5 VP; Ben's Phase 1: 3 empty discs
    assert state.hands[0] == ("?",) and state.boards[0][2] == "Legionarius"
    assert state.player == "Ben" and state.turn == 10
    assert check_invariants(state) == []
    # the position of the picked-up game reads back as the file says it
    again = RULESET.position(game.states[len(BLOCK)])
    assert RULESET.from_position(again).entries == BLOCK


def test_roma_position_example_file_reads_and_plays_on():
    data = load_table(ROOT / "examples" / "roma-position.toml")
    setup = RULESET.from_position(data)
    game = picked_up(RULESET, data)
    assert check_invariants(game.state) == []
    assert RULESET.position(game.state) == data
    assert game.expecting().players == ("Ben",) and game.state.turn == 14
    assert game.state.blocked[1] == frozenset({2})
    for text in ("roll 2 4 6", "money 4", "activate 6 change 2 to 1", "activate 1 target 1", "battle 6", "end"):
        game.push(text)
    assert game.state.boards[0][0] is None and game.state.discard[-1] == "Forum"  # Legionarius beat Ann's Forum
    assert game.state.player == "Ann" and check_invariants(game.state) == []
    with pytest.raises(IllegalMove) as info:  # Ben's disc 2 was blocked for his turn only
        _picked([*setup.entries, "roll 2 4 6", "activate 2"])
    assert info.value.rule == "roma.cards.praetorianus"


def test_roma_position_json_file_reads_like_toml(tmp_path):
    path = tmp_path / "position.json"
    import json

    path.write_text(json.dumps(tomllib.loads(FILE)), encoding="utf-8")
    assert RULESET.from_position(load_table(path)).entries == BLOCK


def test_roma_position_bribe_disc_and_long_discard_pile():
    data = _file(bribe=True, discard=["?"] * 25 + ["Forum"], ann_board={"1": "Forum", "7": "Legat"})
    setup = RULESET.from_position(data)
    assert setup.options["bribe"] == "on"
    assert [e for e in setup.entries if e.startswith("position discard")] == [
        "position discard " + " ".join(["?"] * 20),
        "position discard " + " ".join(["?"] * 5) + " Forum",
    ]
    game = _picked(setup.entries, setup.options)
    assert game.state.discs == 7 and game.state.boards[0][6] == "Legat"
    assert game.state.unknown_discards == 25 and game.state.discard == ("Forum",)
    assert check_invariants(game.state) == []
    assert RULESET.position(game.state)["discard"] == ["?"] * 25 + ["Forum"]  # in the file's order (issue 23, D29)


# -- an impossible file: every problem listed ----------------------------------------------------
def test_roma_position_impossible_file_lists_every_problem():
    data = _file(
        game="pax",
        stockpile=3,
        to_play="Carl",
        turn=0,
        colour="red",
        discard=["Forum", "Forum", "Forum", "Nero", "Dragon"],
        ann_vp=0,
        ann_board={"1": "Forum", "7": "Legat", "9": "Turris", "2": "Forum"},
        ann_blocked=[3],
        ann_sestertii=-1,
        ben_VP=None,
        ben_hand="three",
        ben_board={"1": "Nero"},
        ben_cash=4,
    )
    problems = _problems(data)
    expected = [
        (None, "roma.position", "unknown key 'colour'"),
        (None, "roma.position", "this is a position of 'pax', not of Roma"),
        ("Ann", "roma.position", "'vp' cannot be below 1"),
        ("Ann", "roma.position", "'money' cannot be below 0"),
        ("Ann", "roma.bribe", "board: there is no disc 7 without the bribe disc"),
        ("Ann", "roma.position", "board: there is no disc '9' (discs 1 to 6)"),
        ("Ben", "roma.position", "unknown key 'cash'"),
        ("Ben", "roma.position", "'vp' is missing"),
        ("Ben", "roma.position", "'hand' must be a whole number"),
        (None, "roma.position", "discard: there is no Roma card called 'Dragon'"),
        (None, "roma.position", "'turn' cannot be below 1"),
        (None, "roma.position", "'to_play': 'Carl' is not one of the players (Ann, Ben)"),
        (None, "roma.position", "'stockpile' is 3 VP"),
        (None, "roma.deck", "2 × Nero on the discs and the discard pile: the deck has only 1"),
    ]
    for player, rule, words in expected:
        assert any(p == player and r == rule and words in m for p, r, m in problems), (player, rule, words, problems)


@pytest.mark.parametrize(
    "changes, player, rule, words",
    [
        ({"ann_vp": 30}, None, "roma.position", "the players hold 45 VP"),
        ({"ann_vp": 0}, "Ann", "roma.position", "'vp' cannot be below 1"),
        ({"ben_VP": None}, "Ben", "roma.position", "'vp' is missing"),
        ({"ann_board": {"7": "Legat"}}, "Ann", "roma.bribe", "no disc 7 without the bribe disc"),
        ({"ann_board": {"0": "Legat"}}, "Ann", "roma.position", "there is no disc '0'"),
        ({"ann_board": {"1": "Nero"}}, None, "roma.deck", "2 × Nero"),
        ({"discard": ["Forum"] * 5}, None, "roma.deck", "7 × Forum on the discs and the discard pile: the deck has only 6"),
        ({"ann_board": {"1": "Zeus"}}, "Ann", "roma.position", "no Roma card called 'Zeus'"),
        ({"ben_hand": 45}, None, "roma.deck", "56 cards on the discs, in the hands and on the discard pile"),
        ({"draw_pile": 30}, None, "roma.deck", "'draw_pile' is 30 cards, but the 52 cards leave 38"),
        ({"stockpile": 10}, None, "roma.position", "'stockpile' is 10 VP, but the 36 VP leave 9"),
        ({"to_play": None}, None, "roma.position", "'to_play' is missing"),
        ({"turn": None}, None, "roma.position", "'turn' is missing"),
        ({"ben_blocked": [2]}, "Ben", "roma.position", "only the player to play (Ann) can have blocked discs"),
        ({"ann_blocked": [2, 2]}, "Ann", "roma.position", "blocked: disc 2 is given twice"),
        ({"bribe": "maybe"}, None, "roma.position", "'bribe' is true or false"),
        ({"mercatus": "bank"}, None, "roma.position", "'mercatus' is 'opponent' or 'stockpile'"),
        ({"players": [{"name": "Ann", "vp": 3}]}, None, "roma.position", "1 players listed; this game takes 2 to 2"),
        ({"ann_cards": ["Legat"]}, "Ann", "roma.position", "unknown key 'cards'"),
        ({"ann_name": "A" * 61, "to_play": "Ben"}, "A" * 20 + "…", "roma.position", "at most 60 characters"),
    ],
)
def test_roma_position_impossible_file_refused(changes, player, rule, words):
    problems = _problems(_file(**changes))
    assert any(p == player and r == rule and words in m for p, r, m in problems), problems


def test_roma_position_of_a_game_not_at_the_start_of_a_turn():
    game = _picked()
    assert RULESET.position(game.state)["to_play"] == "Ann"
    for text, words in (("roll 1 3 5", "in the middle of turn 9"),):
        game.push(text)
        with pytest.raises(InvalidEntry) as info:
            RULESET.position(game.state)
        assert info.value.rule == "core.position" and words in info.value.message
    fresh = Game(RULESET, ["Ann", "Ben"], {})
    with pytest.raises(InvalidEntry) as info:
        RULESET.position(fresh.state)
    assert info.value.rule == "core.position" and "set-up" in info.value.message
    record = read_record((ROOT / "examples" / "roma-short-game.txt").read_text(encoding="utf-8"))
    over = Game.from_record(RULESET, record)
    with pytest.raises(InvalidEntry) as info:
        RULESET.position(over.state)
    assert "over" in info.value.message


# -- the block typed at the prompt ----------------------------------------------------------------
def _refused(entries: list[str], text: str, options=None) -> EntryError:
    game = _picked(entries, options)
    before = game.state
    with pytest.raises(EntryError) as info:
        game.push(text)
    assert game.state == before
    return info.value


@pytest.mark.parametrize(
    "entries, text, rule, words",
    [
        (BLOCK[:1], "position Ann vp 10", "roma.position", "Ann's position is already given"),
        ([], "position Ann vp 0", "roma.position", "Ann cannot have 0 VP"),
        (BLOCK[:1], "position Ben vp 24", "roma.position", "the players cannot hold 36 VP (Ben 24 + Ann 12)"),
        ([], "position Ann vp 36", "roma.position", "the players cannot hold 36 VP"),
        (BLOCK[:1], "position Ben vp 5 board Forum 1 Forum 2 Forum 3 Forum 4 Forum 5 Forum 6", "roma.deck", "6 × Forum cannot be on Ben's discs"),
        (BLOCK[:2], "position discard Nero", "roma.deck", "a Nero cannot be on the discard pile"),
        ([], "position Ann vp 5 board Legat 7", "roma.position", "there is no disc 7"),
        ([], "position Ann vp 5 board Legat 1 Forum 1", "roma.position", "Ann's disc 1 holds two cards"),
        ([], "position Ann vp 5 blocked 2 2", "roma.position", "Ann's disc 2 is blocked twice"),
        ([], "position Ann vp 5 hand 53", "roma.notation", "from 0 to 52"),
        (BLOCK[:1], "position Ben vp 5 hand 48", "roma.deck", "are more than the deck leaves: 47 of the 52 cards"),
        (BLOCK[:1], "position turn 9 Ann", "roma.position", "Ben's position is not given yet"),
        (["position Ann vp 5 blocked 3", "position Ben vp 5"], "position turn 2 Ben", "roma.position", "Ann's disc 3 cannot be blocked"),
        (BLOCK[:2], "roll 1 2 3", "roma.position", "the position block is not finished"),
        (BLOCK[:2], "correct Ann vp +1 from stockpile because x", "roma.position", "the position block is not finished"),
        (BLOCK[:1], "start Ann", "roma.position", "the position block is not finished"),
        (["start Ann"], "position Ann vp 10", "roma.position", "only before any other entry"),
        (BLOCK, "position turn 10 Ben", "roma.position", "the game is already under way"),
        ([], "position Carl vp 4", "roma.turn", "Carl is not a player"),
        ([], "position Ann 12", "roma.position", "say what the number is"),
        ([], "position Ann money 3", "roma.position", "needs the VP"),
        ([], "position turn Ann", "roma.position", "the turn's number and the player"),
        ([], "position turn 3 Carl", "roma.turn", "Carl is not a player"),
        ([], "position discard", "roma.position", "names the face-up cards"),
        ([], "position Ann vp 4 board ? 1", "roma.hidden.public", "named, not '?'"),
    ],
)
def test_roma_position_block_refusals(entries, text, rule, words):
    error = _refused(list(entries), text)
    assert error.rule == rule, error.message
    assert words in error.message, error.message
    assert error.hint or isinstance(error, InvalidEntry)


def test_roma_position_after_the_first_move_is_refused():
    game = Game(RULESET, ["Ann", "Ben"], {})
    game.push("hand Ann ? ? ? ?")
    with pytest.raises(IllegalMove) as info:
        game.push("position Ann vp 10")
    assert info.value.rule == "roma.position" and "before any other entry" in info.value.message
    picked = _picked()
    picked.push("roll 1 2 3")
    for text in ("position Ann vp 10", "position discard Forum", "position turn 3 Ben"):
        with pytest.raises(IllegalMove) as info:
            picked.push(text)
        assert info.value.rule == "roma.position" and "already under way" in info.value.message


def test_roma_position_notation_round_trips_and_forgiving_forms():
    game = Game(RULESET, ["Ann", "Ben"], {})
    state = game.state
    for text, move in (
        ("position ann sestertii 4 VP 12 hand 2 board legat on 2 forum disc 1", PositionPlayer("Ann", 12, 4, 2, (("Forum", 1), ("Legat", 2)))),
        ("Ben position vp 3 board Tribunus Plebis 4 blocked 5 1", PositionPlayer("Ben", 3, 0, 0, (("Tribunus Plebis", 4),), (1, 5))),
        ("position discard forum ? velite", PositionDiscard(("Forum", "?", "Velites"))),
        ("position turn 12 ben to play", PositionTurn("Ben", 12)),
    ):
        parsed = RULESET.parse(state, text)
        assert parsed == move
        assert RULESET.parse(state, move.notation()) == move
        assert RULESET.public_notation(state, move) == move.notation()
    for text in BLOCK:
        assert RULESET.parse(state, text).notation() == text


# -- amend, insert, the record ------------------------------------------------------------------
def _played() -> Game:
    game = _picked()
    for text in ("roll 1 3 5", "money 3", "activate 1 vp 5", "end"):
        game.push(text)
    return game


def test_roma_position_amend_a_block_entry_replays_the_rest():
    game = _played()
    fixed = rebuilt(game, 1, [RecordLine("position Ann vp 10 money 4 hand 2 board Forum 1 Legat 2 Turris 4")], drop=1)
    assert fixed.state.vp == (15, 12) and fixed.state.stockpile == 9
    assert check_invariants(fixed.state) == []
    # an amend that makes a later entry illegal is refused, naming that entry
    with pytest.raises(RecordError) as info:
        rebuilt(game, 1, [RecordLine("position Ann vp 10 money 4 hand 2 board Turris 4")], drop=1)
    assert info.value.ply == 7 and info.value.rule == "roma.actions.activate"
    with pytest.raises(IllegalMove) as info:  # Ben's line amended into a second one of Ann's
        rebuilt(game, 2, [RecordLine("position Ann vp 10")], drop=1)
    assert info.value.rule == "roma.position" and "already given" in info.value.message


def test_roma_position_insert_over_a_block():
    game = _played()
    # a discard line inserted into the block
    more = rebuilt(game, 4, [RecordLine("position discard Templum")], drop=0)
    assert more.state.discard == ("Forum", "Velites", "Templum") and more.state.draw == game.state.draw - 1
    # a position line after the first move, or a move inside the block: refused
    for at, text in ((6, "position discard Templum"), (3, "roll 1 2 3"), (2, "correct Ann vp +1 from stockpile because x")):
        with pytest.raises(EntryError) as info:
            rebuilt(game, at, [RecordLine(text)], drop=0)
        assert info.value.rule == "roma.position", (at, text)
    # a set-up entry before the block is taken, and then the block is not
    with pytest.raises(RecordError) as info:
        rebuilt(game, 1, [RecordLine("start Ann")], drop=0)
    assert info.value.rule == "roma.position" and info.value.ply == 1
    # deleting the closing line leaves an open block: the next move is refused
    with pytest.raises(RecordError) as info:
        rebuilt(game, 4, [], drop=1)
    assert info.value.rule == "roma.position" and info.value.ply == 5


def test_roma_position_record_and_public_record_replay():
    game = _played()
    text = write_record(game.to_record({}))
    again = Game.from_record(RULESET, read_record(text))
    assert again.state == game.state
    public = Game.from_record(RULESET, game.to_public_record({}))
    assert [e.text for e in public.entries][: len(BLOCK)] == list(BLOCK)
    assert RULESET.board(public.state) == RULESET.board(game.state)


# -- the view at and after the block -------------------------------------------------------------
def test_roma_position_view_during_and_after_the_block():
    fresh = Game(RULESET, ["Ann", "Ben"], {})
    assert "position" in RULESET.completions(fresh.state)
    game = _picked(BLOCK[:1])
    prompt = game.expecting()
    assert prompt.kinds == ("position",) and prompt.players == ("Ann", "Ben")
    assert "position Ben vp N" in prompt.message
    assert RULESET.legal_moves(game.state) == []
    assert {"position", "turn", "discard"} <= set(RULESET.completions(game.state))
    assert "correct" not in RULESET.completions(game.state)
    assert RULESET.board(game.state).split("\n")[0] == "Roma · set-up · next: position"
    game = _picked(BLOCK[:3])
    assert "position turn N Ann|Ben" in game.expecting().message
    game = _picked()
    prompt = game.expecting()
    assert prompt.players == ("Ann",) and prompt.kinds == ("roll",)
    assert prompt.message.startswith("picked up at turn 9: Ann to roll")
    assert "position" not in RULESET.completions(game.state)
    assert RULESET.board(game.state).split("\n")[0] == "Roma · turn 9 · Ann to play · phase 2: roll"
    described = RULESET.describe(game.state)
    assert described["active"] == "Ann" and described["players"][1]["hand_size"] == 3
    assert "hand" not in described["players"][0]
    assert RULESET.legal_moves(game.state)


# -- score and end of a picked-up game ------------------------------------------------------------
def test_roma_position_score_and_end_of_a_picked_up_game():
    game = _picked(
        (
            "position Ann vp 20 money 1 hand 1 board Forum 2 Legat 1 Turris 3 Nero 4 Consul 5 Templum 6",
            "position Ben vp 15 money 0 hand 4 board Forum 2",
            "position turn 21 Ann",
        )
    )
    assert game.state.stockpile == 1
    sheet = game.score()
    assert sheet.totals == {"Ann": 20, "Ben": 15} and "provisional: the game is not over" in sheet.notes
    game.push("roll 2 4 6")
    game.push("activate 2 vp 6")  # 6 VP: the stockpile pays 1, the other 5 are credited
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("Ann",)
    assert game.state.vp == (26, 15) and game.state.stockpile == 0
    assert check_invariants(game.state) == []
    final = RULESET.table_from_state(game.state)
    assert RULESET.score_table(final).totals == game.score().totals


def test_roma_position_guide_shows_the_example_and_its_block():
    """docs/position/roma.md: its file is the example file, its block what that file gives."""
    guide = (ROOT / "docs" / "position" / "roma.md").read_text(encoding="utf-8")
    data = load_table(ROOT / "examples" / "roma-position.toml")
    shown_file = guide.split("```toml\n")[1].split("```")[0]
    assert tomllib.loads(shown_file) == data
    shown_block = guide.split("## The position block")[1].split("```\n")[1].split("```")[0]
    assert tuple(shown_block.strip().split("\n")) == RULESET.from_position(data).entries
    for line in guide.split("\n"):
        if line.startswith("| `position"):
            text = line.split("`")[1]
            assert RULESET.parse(Game(RULESET, ["Ann", "Ben"], {}).state, text).notation() == text
