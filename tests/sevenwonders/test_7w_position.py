"""A game picked up in progress (rule 7w.position): the position file read into a block of
``position …`` lines and continued; every refusal of an impossible position, each problem
listed with its player and rule; a position line after the first move refused; amend and
insert over a block; the points where a game can and cannot be picked up."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry, RecordError, TableError
from assistant.core.game import Game, rebuilt
from assistant.core.record import RecordLine, read_record, write_record
from assistant.core.tablefile import load_table
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.moves import SetPosition
from assistant.games.sevenwonders.simulate import check_invariants, random_game
from position_support import picked_up

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "7wonders-position.toml"

#: A hand-written position: three players without Leaders at the start of Age I's fourth turn.
HAND_WRITTEN = """
game = "7wonders"
leaders = false
age = "I"
turn = 4
discard = [1]

[[players]]
name = "Ann"
wonder = "Gizah A"
stages = 1
coins = 2
cards = ["Lumber Yard", "Stone Pit"]

[[players]]
name = "Ben"
wonder = "Rhodes"
side = "A"
coins = 6
cards = "Clay Pool, Altar, Stockade"

[[players]]
name = "Cleo"
wonder = "Babylon"
side = "A"
coins = 3
cards = ["Ore Vein", "Baths", "Apothecary"]
"""


def problems_of(data: dict) -> set[tuple[str | None, str]]:
    with pytest.raises(TableError) as info:
        RULESET.from_position(data)
    return {(p.player, p.rule) for p in info.value.problems}


def test_7w_position_hand_written_file_reads_and_plays_on() -> None:
    setup = RULESET.from_position(tomllib.loads(HAND_WRITTEN))
    assert setup.seats == ("Ann", "Ben", "Cleo")
    assert setup.options["leaders"] == "false" and setup.options["boards"] == "Gizah A, Rhodes A, Babylon A"
    assert setup.entries == (
        "position age I turn 4",
        "position discard I 1",
        "position Ann coins 2 stages 1 tokens none",
        "position Ann cards Lumber Yard, Stone Pit",
        "position Ben coins 6 stages 0 tokens none",
        "position Ben cards Clay Pool, Altar, Stockade",
        "position Cleo coins 3 stages 0 tokens none",
        "position Cleo cards Ore Vein, Baths, Apothecary",
    )
    game = picked_up(RULESET, tomllib.loads(HAND_WRITTEN))
    assert check_invariants(game.state) == []
    assert game.expecting().players == ("Ann", "Ben", "Cleo") and game.expecting().phase == "Age I, turn 4"
    # a few moves: turn 4 resolves, then turn 5
    game.push("Ann build Theater")
    game.push("Ben build Guard Tower")
    game.push("Cleo build Barracks")
    state = game.state
    assert state.turn == 5 and state.city("Ann").cards[-1] == "Theater" and state.city("Ann").coins == 2
    assert state.city("Cleo").cards[-1] == "Barracks" and state.city("Ben").cards[-1] == "Guard Tower"
    assert "discard pile 1" in RULESET.board(state)
    game.push("Ann sell")
    game.push("Ben sell")
    game.push("Cleo build Clay Pit")
    state = game.state
    assert state.turn == 6 and state.city("Ann").coins == 5 and state.city("Ben").coins == 9 and state.city("Cleo").coins == 2
    assert "discard pile 3" in RULESET.board(state)
    assert check_invariants(state) == []


def test_7w_position_example_file_reads_and_plays_on() -> None:
    data = load_table(EXAMPLE)
    game = picked_up(RULESET, data)
    assert RULESET.position(game.state) == {**data, "game": "7wonders"}
    assert game.expecting().phase == "Age II, turn 3"
    for entry in ("Ann build Sawmill", "Ben build Aqueduct", "Cleo sell", "Dan build Stables"):
        game.push(entry)
    state = game.state
    assert state.turn == 4 and "Sawmill" in state.city("Ann").cards and state.city("Cleo").coins == 3
    assert "Stables" in state.city("Dan").cards
    assert check_invariants(state) == []
    # the record of the picked-up game replays from its block
    text = write_record(game.to_record({"Date": "2026-12-01"}))
    assert Game.from_record(RULESET, read_record(text)).state == state


def test_7w_position_reads_back_at_a_recruitment_and_expects_those_with_leaders() -> None:
    """A Recruitment phase picked up: the prompt waits for every player holding a leader."""
    game = random_game(5, 3, {"leaders": "true"})
    index = next(i for i, s in enumerate(game.states) if s.phase == "recruit" and s.age == 2 and all(c is None for c in s.choices))
    data = RULESET.position(game.states[index])
    assert data["turn"] == "recruitment" and all(p["hand"] == 3 for p in data["players"])
    picked = picked_up(RULESET, data)
    assert RULESET.position(picked.state) == data
    assert picked.expecting().players == ("Ada", "Bob", "Cleo") and picked.expecting().kinds[0] == "recruit"
    assert RULESET.board(picked.state) == RULESET.board(game.states[index])


def test_7w_position_two_players_keep_the_free_city() -> None:
    game = random_game(2, 2, {"leaders": "true"})
    index = next(i for i, s in enumerate(game.states) if s.phase == "turn" and s.age == 2 and s.turn == 2 and all(c is None for c in s.choices))
    data = RULESET.position(game.states[index])
    assert [p["name"] for p in data["players"]] == ["Ada", "Bob"] and "free_city" in data
    picked = picked_up(RULESET, data)
    assert picked.state.seats == ("Ada", "Bob", "Free City") and picked.state.free_city
    assert RULESET.board(picked.state) == RULESET.board(game.states[index])


def test_7w_position_cannot_be_taken_mid_turn_or_before_the_boards() -> None:
    game = Game(RULESET, ["Ann", "Ben", "Cleo"], {"leaders": "false"})
    with pytest.raises(InvalidEntry) as info:
        RULESET.position(game.state)
    assert info.value.rule == "core.position" and "start of an Age turn" in (info.value.hint or "")
    for entry in ("Ann board Gizah A", "Ben board Rhodes A", "Cleo board Babylon A"):
        game.push(entry)
    assert RULESET.position(game.state)["turn"] == 1
    game.push("Ann build Lumber Yard")
    with pytest.raises(InvalidEntry) as info:
        RULESET.position(game.state)
    assert info.value.rule == "core.position" and "Ann" in info.value.message


def test_7w_position_refuses_an_impossible_position_listing_every_problem() -> None:
    data = tomllib.loads(HAND_WRITTEN)
    data["leaders"] = True
    data["turn"] = 3
    data["discard"] = [1, 2]  # Age II has not begun
    ann, ben, cleo = data["players"]
    ann["cards"] = ["Lumber Yard", "Lumber Yard", "Temple"]  # twice; an Age II card in Age I
    ann["stages"] = 4  # Gizah A has 3
    ann["tokens"] = [1]  # Age I's conflicts are not fought yet
    ann["hand"] = 2  # 4 drafted, one played before Age I: 3
    ben["leaders"] = ["Caesar", "Nero"]  # one Recruitment phase gives one
    ben["courtesan"] = "Caesar"  # no Courtesans Guild
    ben["free_build_used"] = True  # not Olympia A
    cleo["cards"] = ["Ore Vein", "Baths", "Apothecary", "Scriptorium", "Workshop"]  # 5 cards after 2 turns
    found = problems_of(data)
    expected = {
        ("Ann", "7w.build.unique"),
        ("Ann", "7w.wonder.order"),
        ("Ann", "7w.position"),
        ("Ann", "7w.military.resolve"),
        ("Ann", "7w.leaders.hand"),
        ("Ben", "7w.leaders.recruit"),
        ("Ben", "7w.guild.courtesans"),
        ("Ben", "7w.wonder.olympia.a"),
        ("Cleo", "7w.position"),
    }
    assert expected <= found, expected - found
    assert (None, "7w.position") in found  # the discard pile of an Age not begun


def test_7w_position_refuses_unreadable_files_with_every_problem() -> None:
    data = tomllib.loads(HAND_WRITTEN)
    data["age"] = 4
    data["turn"] = "recruitment"  # no Recruitment phase without Leaders
    data["crads"] = []
    data["players"][0]["cards"] = ["Lumber Yard", "Nothing Such"]
    data["players"][1]["wonder"] = "Gizah"  # Ann's board too
    data["players"][2]["hand"] = "many"
    found = problems_of(data)
    assert {(None, "7w.position"), ("Ann", "7w.names"), ("Ben", "7w.setup.wonders"), ("Cleo", "7w.leaders.hand")} <= found
    with pytest.raises(TableError) as info:
        RULESET.from_position(data)
    messages = " | ".join(p.message for p in info.value.problems)
    assert "'age' is 1, 2 or 3" in messages and "no Recruitment phase without Leaders" in messages and "crads" in messages


def test_7w_position_refuses_more_copies_than_the_decks_hold() -> None:
    data = tomllib.loads(HAND_WRITTEN)
    data["age"], data["turn"] = 3, 2
    data["discard"] = [3, 3]  # each city's seventh card of Ages I and II (7w.discard.pile)
    for player, cards in zip(data["players"], (["Altar", "Baths"], ["Altar", "Baths", "Loom"], ["Altar", "Loom", "Press"])):
        player["cards"] = cards
    data["players"][0]["cards"].append("Loom")
    with pytest.raises(TableError) as info:
        RULESET.from_position(data)
    messages = [str(p) for p in info.value.problems]
    # one Altar and one Baths at 3 players; Loom once in Age I and once in Age II
    assert any(m.startswith("Altar is in 3 cities") for m in messages)
    assert any(m.startswith("Baths is in 2 cities") for m in messages)
    assert any(m.startswith("Loom is in 3 cities") and "(Age II)" in m for m in messages)
    assert all(m.endswith("[7w.setup.decks]") for m in messages)
    # Loom written as the Age II copy in one city: only the third Loom is too many
    data["players"][1]["cards"] = ["Altar", "Baths", "Loom (Age II)"]
    with pytest.raises(TableError) as info:
        RULESET.from_position(data)
    assert any("Loom" in p.message for p in info.value.problems)
    data["players"][2]["cards"] = ["Altar", "Press"]
    with pytest.raises(TableError) as info:
        RULESET.from_position(data)
    assert not any("Loom" in p.message for p in info.value.problems)


def test_7w_position_courtesan_needs_a_neighbours_leader() -> None:
    game = random_game(5, 3, {"leaders": "true"})
    state = next(s for s in game.states if s.phase == "turn" and s.age == 3 and s.turn == 2 and all(c is None for c in s.choices))
    data = RULESET.position(state)
    data["players"][0]["cards"] = [c for c in data["players"][0]["cards"] if c != "Courtesans Guild"][:5] + ["Courtesans Guild"]
    data["players"][0]["courtesan"] = "Nebuchadnezzar"
    found = problems_of(data)
    assert ("Ada", "7w.courtesan.token") in found


def test_7w_position_after_the_first_move_is_refused() -> None:
    game = picked_up(RULESET, tomllib.loads(HAND_WRITTEN))
    game.push("Ann build Theater")
    before = game.state
    with pytest.raises(IllegalMove) as info:
        game.push("position Ann coins 5")
    assert info.value.rule == "7w.position" and "before the first move" in info.value.message
    assert "correct" in (info.value.hint or "")
    assert game.state == before


def test_7w_position_before_the_boards_are_known_is_refused() -> None:
    game = Game(RULESET, ["Ann", "Ben", "Cleo"], {"leaders": "false"})
    with pytest.raises(IllegalMove) as info:
        game.push("position Ann coins 5")
    assert info.value.rule == "7w.position" and "board" in (info.value.hint or "")


def test_7w_position_a_line_that_makes_the_position_impossible_is_refused_at_the_prompt() -> None:
    game = Game(RULESET, ["Ann", "Ben", "Cleo"], {"leaders": "false", "boards": "Gizah A, Rhodes A, Babylon A"})
    game.push("position age I turn 3")
    cases = {
        "position Ann stages 4": "7w.wonder.order",
        "position Ann cards Temple": "7w.position",
        "position Ann cards Baths, Altar, Theater": "7w.position",
        "position Ann tokens +1": "7w.military.resolve",
        "position Ann tokens 0": "7w.military.resolve",
        "position Ann hand 2": "7w.leaders.hand",
        "position Ann leaders Caesar": "7w.setup.leaders",
        "position discard II 1": "7w.position",
        "position age IV turn 1": "7w.position",
        "position age I recruitment": "7w.position",
    }
    for text, rule in cases.items():
        before = game.state
        with pytest.raises((IllegalMove, InvalidEntry)) as info:
            game.push(text)
        assert info.value.rule == rule, (text, info.value.rule, info.value.message)
        assert game.state == before
    game.push("position Ann cards Baths, Altar")
    with pytest.raises(IllegalMove) as info:
        game.push("position Ben cards Baths, Altar")  # one Baths and one Altar at 3 players
    assert info.value.rule == "7w.setup.decks"


def test_7w_position_notation_round_trips() -> None:
    game = picked_up(RULESET, tomllib.loads(HAND_WRITTEN))
    state = game.states[1]
    for text in (
        "position age II turn 3",
        "position age III recruitment",
        "position discard I 3, II 1",
        "position discard none",
        "position Ann cards Lumber Yard, Baths",
        "position Ann cards none",
        "position Ben leaders Caesar, Nero",
        "position Cleo coins 5 stages 1 tokens +1 -1 hand 2 courtesan none free-build used",
        "position Cleo courtesan Caesar",
    ):
        move = RULESET.parse(state, text)
        assert isinstance(move, SetPosition) and move.notation() == text
        assert RULESET.parse(state, move.notation()) == move
    # forgiving forms read as the canonical one
    assert RULESET.parse(state, "position age 2 turn 3").notation() == "position age II turn 3"
    assert RULESET.parse(state, "POSITION an tokens 1 -1 coins 4").notation() == "position Ann coins 4 tokens +1 -1"
    assert RULESET.parse(state, "position ann cards lumber, baths").notation() == "position Ann cards Lumber Yard, Baths"
    assert RULESET.parse(state, "position,ann;cards lumber yard,baths, loom ii").notation() == "position Ann cards Lumber Yard, Baths, Loom (Age II)"
    for bad in ("position", "position age II", "position Ann", "position Ann coins", "position Ann wealth 3", "position discard I"):
        with pytest.raises(InvalidEntry):
            RULESET.parse(state, bad)


def test_7w_position_lines_are_public_and_set_off_nothing() -> None:
    game = picked_up(RULESET, tomllib.loads(HAND_WRITTEN))
    for before, entry in zip(game.states, game.entries):
        assert RULESET.public_notation(before, entry.move) == entry.text
    assert all(RULESET.events(a, b) == [] for a, b in zip(game.states, game.states[1:]))
    assert not any(isinstance(m, SetPosition) for m in RULESET.legal_moves(game.state))
    assert "position" in RULESET.completions(game.state)  # still before the first move
    game.push("Ann build Theater")
    assert "position" not in RULESET.completions(game.state)


def test_7w_position_amend_and_insert_over_the_block() -> None:
    game = picked_up(RULESET, tomllib.loads(HAND_WRITTEN))
    game.push("Ann build Theater")
    ply = next(e.ply for e in game.entries if e.text.startswith("position Ann coins"))
    # amend a line of the block: the game replays with Ann's new coins
    amended = rebuilt(game, ply, [RecordLine("position Ann coins 7 stages 1 tokens none")], drop=1)
    assert amended.state.city("Ann").coins == 7 and amended.ply == game.ply
    # insert a line into the block: accepted, the rest replays
    inserted = rebuilt(game, ply, [RecordLine("position discard none")], drop=0)
    assert "discard pile 0" in RULESET.board(inserted.state) and inserted.ply == game.ply + 1
    # a line that makes the block impossible: the later line it contradicts is no longer
    # accepted, and the change is refused (the cards lines after it leave no room for 2 discards)
    with pytest.raises(RecordError) as info:
        rebuilt(game, ply, [RecordLine("position discard I 2")], drop=0)
    assert info.value.cause is not None and info.value.cause.rule == "7w.position"
    assert "discard pile" in info.value.message
    # insert a move before a position line: that line is no longer accepted (7w.position)
    with pytest.raises(RecordError) as info:
        rebuilt(game, ply, [RecordLine("Ann build Theater")], drop=0)
    assert info.value.cause is not None and info.value.cause.rule == "7w.position"
    # amend a line into an impossible one: refused with its own rule, nothing changed
    with pytest.raises(IllegalMove) as refused:
        rebuilt(game, ply, [RecordLine("position Ann coins 2 stages 4")], drop=1)
    assert refused.value.rule == "7w.wonder.order"


def test_7w_position_scores_what_was_scored_before_the_pick_up() -> None:
    """Conflict tokens, coins and stages of the position count in the score at once and at
    the end: the picked-up game's score sheet equals the original's."""
    game = random_game(11, 4, {"leaders": "true"})
    index = next(i for i, s in enumerate(game.states) if s.phase == "turn" and s.age == 3 and s.turn == 1 and all(c is None for c in s.choices))
    picked = picked_up(RULESET, RULESET.position(game.states[index]))
    assert RULESET.score(picked.state).totals == RULESET.score(game.states[index]).totals
    for before, entry in zip(game.states[index:], game.entries[index:]):
        picked.push(RULESET.public_notation(before, entry.move))
    assert picked.score().totals == game.score().totals and picked.outcome() == game.outcome()


def test_7w_position_block_of_the_guide_is_accepted() -> None:
    """The block shown in docs/position/7wonders.md reads, and plays on, at the example's table."""
    import re

    guide = (Path(__file__).resolve().parents[2] / "docs" / "position" / "7wonders.md").read_text(encoding="utf-8")
    block = re.findall(r"```\n(position .*?)```", guide, re.S)[0].strip().splitlines()
    game = Game(RULESET, ["Ann", "Ben", "Cleo", "Dan"], {"leaders": "true", "boards": "Halikarnassos B, Ephesus A, Olympia B, Alexandria B"})
    for line in block:
        game.push(line)
    assert game.state.city("Ben").age_two == ("Loom",) and game.state.named[1] == ("Loom",)
    assert RULESET.position(game.state)["players"][1]["cards"][-1] == "Loom (Age II)"
    game.push("Ann build Sawmill")
    assert not game.state.begun or game.state.choices[0] is not None
