"""The 2-player game (``7w.2p.*``): the Free City as the third city, the Free City card
changing hands, the holder's two choices, the Free City's own rules, its trading, conflicts
and score; with Leaders, the two players' Recruitment phases only. Each test is named after
the rule it checks; the numbers are worked out by hand in the comments."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry, TableError
from assistant.core.game import Game
from assistant.core.tablefile import load_table
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.legal import legal_moves_for
from assistant.games.sevenwonders.moves import Sell
from assistant.games.sevenwonders.simulate import check_invariants, random_game
from assistant.games.sevenwonders.state import FREE_CITY
from assistant.games.sevenwonders.table import score_table
from sw_scenario import play, put

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "7wonders-2p-final-table.toml"


def two(boards: str = "Gizah A, Rhodes B, Babylon A", leaders: bool = True, **options: str) -> Game:
    """A 2-player game (Ann, Ben, then the Free City) with these boards."""
    return Game(RULESET, ["Ann", "Ben"], {"leaders": "true" if leaders else "false", "boards": boards, **options})


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


# -- set-up ----------------------------------------------------------------------------------
def test_7w_2p_setup_free_city_is_the_third_city():
    game = two(leaders=False)
    state = game.state
    assert game.seats == ("Ann", "Ben")
    assert state.seats == ("Ann", "Ben", FREE_CITY) and state.players == ("Ann", "Ben")
    # neighbours: Ann's left is Ben, her right the Free City; the Free City's are both players
    assert (state.left(0), state.right(0)) == (1, 2)
    assert {state.left(2), state.right(2)} == {0, 1}
    assert [c.coins for c in state.cities] == [3, 3, 3]
    assert state.phase_label == "Age I, turn 1"


def test_7w_2p_setup_three_player_decks():
    game = two(leaders=False)
    err = illegal(game, "Ann build Excavation")  # a 4+ card: not in the 3-player deck
    assert err.rule == "7w.setup.decks"
    assert "at 3 players" in err.message


def test_7w_2p_setup_boards_entered():
    game = Game(RULESET, ["Ann", "Ben"], {"leaders": "false"})
    play(game, "Ann board Gizah A", "Ben board Rhodes B")
    assert game.state.phase == "boards"
    game.push("Free City board Babylon A")
    assert game.state.cities[2].wonder == "Babylon" and game.state.phase == "turn"


def test_7w_2p_setup_player_named_free_city():
    with pytest.raises(InvalidEntry) as info:
        Game(RULESET, ["Ann", "Free City"], {})
    assert info.value.rule == "7w.2p.setup"


def test_7w_setup_players_one_refused():
    with pytest.raises(InvalidEntry):
        Game(RULESET, ["Ann"], {})


# -- a turn -----------------------------------------------------------------------------------
def test_7w_2p_turn_holder_chooses_own_city_first():
    game = two(leaders=False)
    err = illegal(game, "Free City build Altar")
    assert err.rule == "7w.2p.turn"
    assert "Ann holds the Free City card" in err.message and err.hint
    assert game.expecting().players == ("Ann", "Ben")
    game.push("Ann build Baths")
    assert game.expecting().players == ("Ben", FREE_CITY)
    assert "Ann now chooses for the Free City" in game.expecting().message
    game.push("Free City build Altar")
    assert game.state.phase_label == "Age I, turn 1"  # Ben has not chosen yet
    game.push("Ben build Stone Pit")
    assert game.state.phase_label == "Age I, turn 2"
    assert [c.cards for c in game.state.cities] == [("Baths",), ("Stone Pit",), ("Altar",)]


def test_7w_2p_turn_card_changes_hands():
    game = two(leaders=False)
    assert game.state.seats[game.state.holder()] == "Ann"
    play(game, "Ann sell", "Free City build Altar", "Ben sell")
    assert game.state.seats[game.state.holder()] == "Ben"
    assert illegal(game, "Free City build Baths").rule == "7w.2p.turn"
    play(game, "Ann sell", "Ben sell", "Free City build Baths")
    assert game.state.seats[game.state.holder()] == "Ann"
    assert game.describe()["free_city_card"] == "Ann"


def test_7w_2p_turn_for_free_city_reads_the_same():
    game = two(leaders=False)
    game.push("Ann build Baths")
    assert RULESET.parse(game.state, "Ann for Free City build Altar") == RULESET.parse(game.state, "Free City build Altar")
    assert RULESET.parse(game.state, "fc build Altar") == RULESET.parse(game.state, "Free City build Altar")
    assert game.push("Ann for Free City build Altar").text == "Free City build Altar"


def test_7w_2p_turn_sixth_leaves_three_cards():
    """Turn 6: the holder's last card, the opponent's and the pile's last go to the discard
    pile unnamed, as a 3-player Age's three 7th cards."""
    game = two(leaders=False)
    for _ in range(6):
        holder = game.state.seats[game.state.holder()]
        other = "Ben" if holder == "Ann" else "Ann"
        play(game, f"{holder} sell", f"{other} sell", "Free City build " + pick_free(game))
    # the players' 12 unnamed sales, then the three leftover cards of turn 6
    assert game.state.age == 2 and game.state.pile_unknown[0] == 12 + 3


def pick_free(game: Game) -> str:
    """A card the Free City may build now (from the legal entries)."""
    for move in legal_moves_for(game.state, FREE_CITY):
        if type(move).__name__ == "Build" and move.pay is None and not move.free:
            return move.card
    raise AssertionError("no free build for the Free City")


def test_7w_2p_age_start_list():
    """Age I and III: the Free City's left neighbour (Ann); Age II: its right (Ben)."""
    state = two(leaders=False).state
    assert [state.first_holder(age) for age in (1, 2, 3)] == [0, 1, 0]


def test_7w_2p_age_start_example_option():
    game = two(leaders=False, free_city_first="example")
    assert [game.state.first_holder(age) for age in (1, 2, 3)] == [1, 0, 1]
    assert game.state.seats[game.state.holder()] == "Ben"
    assert illegal(game, "Free City build Altar").rule == "7w.2p.turn"


def test_7w_2p_age_start_age_two_holder():
    game = two(leaders=False)
    for _ in range(6):
        holder = game.state.seats[game.state.holder()]
        other = "Ben" if holder == "Ann" else "Ann"
        play(game, f"{holder} sell", f"{other} sell", "Free City build " + pick_free(game))
    assert game.state.phase_label == "Age II, turn 1"
    assert game.state.seats[game.state.holder()] == "Ben"


# -- the Free City's own rules ------------------------------------------------------------
def test_7w_2p_freecity_must_chain():
    game = two(leaders=False)
    put(game, FREE_CITY, cards=("Altar", "Clay Pool"))  # Babylon A + Clay Pool: its first stage is payable too
    from sw_scenario import set_state

    set_state(game, age=2)
    assert game.state.seats[game.state.holder()] == "Ben"  # Age II, turn 1
    game.push("Ben sell")
    for entry in ("Free City sell Temple", "Free City stage Temple"):
        err = illegal(game, entry)
        assert err.rule == "7w.2p.freecity"
        assert "chain" in err.message and err.hint == "Free City build Temple"
    game.push("Free City build Temple")


def test_7w_2p_freecity_no_sale_while_it_can_build():
    game = two(leaders=False)
    game.push("Ann sell")
    # Babylon A produces clay; Baths costs stone, bought from Ann (Gizah: stone) for 2 of its 3 coins
    err = illegal(game, "Free City sell Baths")
    assert err.rule == "7w.2p.freecity" and err.hint == "Free City build Baths"
    # a sale of a card it cannot build is still refused while its first stage (2 clay, hand: any card) ...
    put(game, FREE_CITY, coins=0)  # Babylon A stage 1: 2 clay; it has 1 clay and no coins to buy
    game.push("Free City sell Scriptorium")  # papyrus it cannot buy without coins: the sale stands
    assert game.state.choices[2] == Sell(FREE_CITY, "Scriptorium")


def test_7w_2p_freecity_no_sale_while_it_can_build_a_stage():
    game = two(leaders=False)
    put(game, FREE_CITY, cards=("Clay Pool",))  # 2 clay: Babylon A's first stage is payable
    game.push("Ann sell")
    err = illegal(game, "Free City sell")
    assert err.rule == "7w.2p.freecity" and err.hint == "Free City stage"
    sales = [m for m in legal_moves_for(game.state, FREE_CITY) if isinstance(m, Sell)]
    assert sales == []


def test_7w_2p_freecity_trading():
    """Ann (Gizah A: stone) builds Barracks (ore), buying ore from Ben (Rhodes B: ore), her
    left neighbour, for 2 coins; the Free City (Babylon A: clay) builds Baths (stone), buying
    stone from Ann, its left neighbour, for 2 coins. Ben sells his card for 3."""
    game = two(leaders=False)
    game.push("Ann build Barracks pay left 2")
    game.push("Free City build Baths pay right 0 left stone")  # stone from Ann: 2 coins to its left neighbour
    game.push("Ben sell")
    ann, ben, free = game.state.cities
    # Ann: 3 - 2 (to Ben) + 2 (from the Free City) = 3; Ben: 3 + 2 + 3 (sale) = 8; Free City 3 - 2 = 1
    assert (ann.coins, ben.coins, free.coins) == (3, 8, 1)


def test_7w_2p_freecity_conflicts():
    """End of Age I: Ann 2 shields, Ben 0, the Free City 1. Ann beats Ben (+1/-1) and the
    Free City (+1/-1); the Free City beats Ben (+1/-1)."""
    game = two(leaders=False)
    put(game, "Ann", cards=("Stockade", "Barracks"))
    put(game, FREE_CITY, cards=("Guard Tower",))
    from sw_scenario import set_state

    set_state(game, turn=6)
    assert game.state.seats[game.state.holder()] == "Ben"  # turn 6: the second holder
    play(game, "Ann sell", "Ben sell")
    game.push("Free City build " + pick_free(game))
    ann, ben, free = game.state.cities
    assert sorted(ann.tokens) == [1, 1] and sorted(ben.tokens) == [-1, -1] and sorted(free.tokens) == [-1, 1]


# -- Leaders ------------------------------------------------------------------------------------
def test_7w_2p_leaders_recruitment_two_players_only():
    game = two()
    state = game.state
    assert state.phase == "draft"  # 7w.leaders.draft first: the Free City drafts nothing
    assert game.expecting().players == ("Ann", "Ben")
    assert [c.coins for c in state.cities] == [6, 6, 3]
    assert [c.hand_size for c in state.cities] == [4, 4, 0]
    assert game.expecting().players == ("Ann", "Ben")
    err = illegal(game, "Free City recruit Caesar")
    assert err.rule == "7w.2p.leaders"
    err = illegal(game, "Free City leaders Caesar, Nero, Midas, Plato")
    assert err.rule == "7w.2p.leaders"
    play(game, "Ann leaders Caesar, Nero, Midas, Plato", "Ann recruit Caesar", "Ben sell")
    assert game.state.phase_label == "Age I, turn 1"
    assert game.state.city("Ann").leaders == ("Caesar",) and game.state.city("Ann").coins == 1


def test_7w_2p_leaders_free_city_coins_option():
    assert [c.coins for c in two(free_city_coins="6").state.cities] == [6, 6, 6]


def test_7w_2p_leaders_rome_not_the_free_city():
    with pytest.raises(InvalidEntry) as info:
        two("Gizah A, Rhodes B, Rome B")
    assert info.value.rule == "7w.2p.leaders"
    game = Game(RULESET, ["Ann", "Ben"], {})
    play(game, "Ann board Gizah A", "Ben board Rhodes B")
    err = illegal(game, "Free City board Rome B")
    assert err.rule == "7w.2p.leaders"
    assert two("Gizah A, Rhodes B, Rome B", free_city_rome="true").state.cities[2].wonder == "Rome"
    assert two("Rome B, Rhodes B, Gizah A").state.cities[0].wonder == "Rome"  # a player may have it


def test_7w_2p_leaders_rome_free_city_draws_nothing():
    """With free_city_rome=true a Rome B Free City takes its stage coins but no leaders."""
    game = two("Gizah A, Rhodes B, Rome B", free_city_rome="true")
    play(game, "Ann sell", "Ben sell")
    put(game, FREE_CITY, cards=("Lumber Yard", "Clay Pool"))  # Rome B stage 1: wood + clay
    play(game, "Ann sell", "Free City stage", "Ben sell")
    free = game.state.cities[2]
    assert free.stages == 1 and free.hand_size == 0 and free.coins == 3 + 5


# -- the score --------------------------------------------------------------------------------
def test_7w_2p_freecity_scored_but_not_a_player():
    game = random_game(3, 2, {"leaders": "true"})
    sheet = game.score()
    assert sheet.players == ("Ada", "Bob")
    assert FREE_CITY not in sheet.winners and FREE_CITY not in sheet.ranks
    free = sheet.to_json()["free_city"]
    assert free["name"] == FREE_CITY and free["total"] == sum(free["scores"].values())
    assert all(check_invariants(state) == [] for state in game.states)
    assert RULESET.score_table(RULESET.table_from_state(game.state)).to_json() == sheet.to_json()


# -- the final table --------------------------------------------------------------------------
def test_7w_2p_table_example_hand_scored():
    """examples/7wonders-2p-final-table.toml, scored by hand in docs/7wonders-2p.md."""
    sheet = score_table(load_table(EXAMPLE))
    assert sheet.points["Ann"] == {
        "military": 11, "treasury": 2, "wonder": 8, "civilian": 15,
        "commercial": 0, "guilds": 10, "science": 0, "leaders": 4,
    }
    assert sheet.points["Ben"] == {
        "military": 0, "treasury": 4, "wonder": 3, "civilian": 2,
        "commercial": 0, "guilds": 10, "science": 9, "leaders": 6,
    }
    assert dict(sheet.totals) == {"Ann": 50, "Ben": 34}
    assert sheet.winners == ("Ann",)
    assert sheet.extra["free_city"]["total"] == 24  # type: ignore[index]
    assert sheet.extra["free_city"]["scores"]["civilian"] == 16  # type: ignore[index]


def test_7w_2p_table_guilds_count_the_free_city():
    """Ann's Spies Guild counts the Free City's 4 red cards, her Strategists Guild its 3
    Defeat tokens; Ben's Workers and Magistrates count its brown (1) and blue (3) cards.
    Without those cards and tokens in the Free City: Spies 0, Strategists 3 (Ben's),
    Workers 2, Magistrates 4."""
    table = load_table(EXAMPLE)
    full = score_table(copy.deepcopy(table))
    assert full.details["Ann"]["guilds"] == "Strategists Guild 6, Spies Guild 4 = 10"
    assert full.details["Ben"]["guilds"] == "Workers Guild 3, Magistrates Guild 7 = 10"
    bare = copy.deepcopy(table)
    bare["free_city"]["cards"] = []
    bare["free_city"]["tokens"] = []
    # the tokens must still balance: take the Free City's conflicts off the players too
    bare["players"][0]["tokens"] = [1, 3]  # Ann beat Ben in Ages I and II; no Free City conflicts
    bare["players"][1]["tokens"] = [-1, -1]
    empty = score_table(bare)
    assert empty.points["Ann"]["guilds"] == 0 + 2  # Strategists: Ben's 2 Defeat tokens; Spies: 0
    assert empty.points["Ben"]["guilds"] == 2 + 4  # Workers: Ann's 2 brown; Magistrates: Ann's 4 blue


def test_7w_2p_table_conflicts_against_the_free_city():
    """The Victory and Defeat tokens are checked over the three pairs of neighbours: Ann
    cannot hold two Age I Victory tokens and the Free City one when she lost to it."""
    table = load_table(EXAMPLE)
    table["players"][0]["tokens"] = [1, 1, 3, 3, 5]  # Ann: beat both in Age I ...
    with pytest.raises(TableError) as info:
        score_table(table)  # ... but the Free City holds an Age I Victory token too, and Ben one Defeat
    assert any(p.rule == "7w.military.resolve" for p in info.value.problems)


def test_7w_2p_setup_table_needs_the_free_city():
    table = load_table(EXAMPLE)
    del table["free_city"]
    with pytest.raises(TableError) as info:
        score_table(table)
    assert [p.rule for p in info.value.problems] == ["7w.2p.setup"]


def test_7w_2p_leaders_table_free_city_has_none():
    table = load_table(EXAMPLE)
    table["free_city"]["leaders"] = ["Caesar"]
    with pytest.raises(TableError) as info:
        score_table(table)
    assert [(p.player, p.rule) for p in info.value.problems] == [(FREE_CITY, "7w.2p.leaders")]


def test_7w_2p_table_free_city_only_with_two_players():
    table = load_table(EXAMPLE)
    table["players"].append({"name": "Cleo", "wonder": "Olympia", "side": "A"})
    with pytest.raises(TableError) as info:
        score_table(table)
    assert "7w.2p.setup" in [p.rule for p in info.value.problems]


def test_7w_table_numbers_read_through_the_input_boundary():
    """Numbers written as text are read with core.inputs.signed: "+3", " 10 " and "-1" are
    numbers, full-width or 7-digit ones are not (and are refused by the checks)."""
    table = load_table(EXAMPLE)
    table["players"][0]["coins"] = " 7 "
    table["players"][0]["tokens"] = ["+1", "-1", "3", "+3", "5"]
    assert score_table(table).totals["Ann"] == 50
    table["players"][0]["coins"] = "７"
    with pytest.raises(TableError):
        score_table(table)
    table["players"][0]["coins"] = "1234567"
    with pytest.raises(TableError):
        score_table(table)


# -- the 2-player record, played through the table prompt ---------------------------------------
RECORD = ROOT / "tests" / "records" / "7wonders" / "two-players-leaders.txt"


def test_7w_2p_record_played_through_play(tmp_path: Path):
    """The record's entries typed one a line into ``assistant play`` (piped), as a table
    would: every entry accepted, the game finished with the hand-scored result (Ann 62, Ben
    53, the Free City 27 and not a winner), and the export gives the same entries back."""
    import json

    from assistant.core.record import read_record
    from cli_support import run_cli

    record = read_record(RECORD.read_text(encoding="utf-8"))
    entries = [e.text for e in Game.from_record(RULESET, record).entries]
    db = tmp_path / "table.db"
    made = run_cli(
        "new", "7wonders", "--player", "Ann", "--player", "Ben",
        "--option", "leaders=true", "--option", "boards=Gizah A, Rhodes A, Alexandria A", db=db,
    )
    assert made.returncode == 0, made.stderr
    played = run_cli("play", "1", db=db, input="\n".join(entries) + "\nquit\n")
    assert played.returncode == 0, played.stderr
    assert "✗" not in played.stdout + played.stderr
    score = json.loads(run_cli("score", "1", "--json", db=db).stdout)
    assert {p["name"]: p["total"] for p in score["players"]} == {"Ann": 62, "Ben": 53}
    assert score["winners"] == ["Ann"] and score["free_city"]["total"] == 27
    exported = read_record(run_cli("export", "1", db=db).stdout)
    assert [e.text for e in Game.from_record(RULESET, exported).entries] == entries
