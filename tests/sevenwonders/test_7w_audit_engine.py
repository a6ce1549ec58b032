"""Audit of the tracked game: a complete game written by hand (scores worked out from the
rules, not from the program), the mistakes a table makes while entering it, and the timing
and wording points found while playing it through the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.core.errors import AmbiguousEntry, IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.legal import legal_moves_for
from sw_scenario import play, put, set_state, start

ROOT = Path(__file__).resolve().parents[2]
RECORD = "tests/records/7wonders/three-players-by-hand.txt"
CATS = ("military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders")


def replay(upto: int | None = None) -> Game:
    """The hand-written game, whole or up to its ``upto``-th entry."""
    record = read_record((ROOT / RECORD).read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record)
    if upto is not None:
        while len(game.entries) > upto:
            game.pop()
    return game


def at(entry_text: str) -> Game:
    """The hand-written game just before the entry whose text starts with ``entry_text``."""
    game = replay()
    for k, entry in enumerate(game.entries):
        if entry.text.startswith(entry_text):
            return replay(k)
    raise AssertionError(entry_text)


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


# -- the hand-written game ------------------------------------------------------------------
# Worked out by hand (see the record's comments):
# Ada: tokens +1 +1 +3 +3 +5 -1 (Bob's Tomyris) -1 = 11; 29 coins = 9; Olympia A 3+7 = 10;
#   Statue 4 + Palace 8 = 12; Haven 3 brown + Lighthouse 5 yellow = 8; Spies Guild: Bob 1 red,
#   Cleo 4 red = 5; Zenobia 3.  Total 58.
# Bob: four Defeat tokens -4 (his Age III ones went to the winners); 4 coins = 1; Babylon B
#   stage 1 = 3; Theater 2; gears 4 + compasses 2 + tablets 2, Babylon's and the Scientists
#   Guild's wildcards both on gears: 36 + 4 + 4 + 7 x 2 = 58.  Total 60.
# Cleo: +1 -1 +3 -1 +5 -1 (Bob's Tomyris) +5 = 11; 8 coins = 2; Halikarnassos A 3+7 = 10;
#   Baths 3 + Altar 2 + Temple 3 + Pantheon 7 + Town Hall 6 = 21; compass + tablet = 2.
#   Total 46.
HAND_SCORES = {
    "Ada": (11, 9, 10, 12, 8, 5, 0, 3),
    "Bob": (-4, 1, 3, 2, 0, 0, 58, 0),
    "Cleo": (11, 2, 10, 21, 0, 0, 2, 0),
}


def test_7w_record_by_hand_replays_to_hand_scores():
    game = replay()
    assert game.outcome() is not None
    sheet = game.score()
    for player, points in HAND_SCORES.items():
        assert tuple(sheet.points[player][c] for c in CATS) == points, player
        assert sheet.totals[player] == sum(points)
    assert sheet.winners == ("Bob",)
    state = game.state
    assert [c.coins for c in state.cities] == [29, 4, 8]
    assert [c.tokens for c in state.cities] == [(1, 1, 3, 3, 5, -1, -1), (-1, -1, -1, -1), (1, -1, 3, -1, 5, -1, 5)]
    assert RULESET.score_table(RULESET.table_from_state(state)).to_json() == sheet.to_json()


def test_7w_record_by_hand_coins_at_the_end_of_each_age():
    """7w.commerce.coins-timing, 7w.military.leaders (Nero), 7w.leader.hatshepsut: the coins
    worked out by hand at the end of Ages I and II."""
    age2 = at("Ada recruit Caesar").state
    assert age2.phase == "recruit" and age2.age == 2
    assert [c.coins for c in age2.cities] == [13, 5, 6]
    assert [c.tokens for c in age2.cities] == [(1, 1), (-1, -1), (1, -1)]
    age3 = at("Ada recruit Zenobia").state
    assert [c.coins for c in age3.cities] == [18, 7, 5]


def test_7w_record_by_hand_courtesan_caesar_decides_age3():
    """7w.guild.courtesans / 7w.military.strength: the copied Caesar gives Cleo 10 shields
    against Ada's 9 in Age III's conflict."""
    from assistant.games.sevenwonders import powers

    before = at("Bob build University").state  # Babylon B's 7th card of Age III, last step
    ada, bob, cleo = before.cities
    assert (powers.shields(ada), powers.shields(bob), powers.shields(cleo)) == (9, 3, 10)
    assert cleo.courtesan == "Caesar"


# -- the mistakes made while entering it at the table ------------------------------------------
def test_7w_leaders_recruit_an_age_card_in_recruitment_names_who_is_missing():
    game = at("Bob recruit Croesus")
    err = illegal(game, "Bob build Clay Pool")
    assert err.rule == "7w.leaders.recruit"
    assert "Bob" in err.message and "Cleo" in err.message and "Bob recruit" in (err.hint or "")


def test_7w_turn_choose_twice_in_a_recruitment_phase():
    game = at("Cleo recruit Maecenas")
    err = illegal(game, "Bob recruit Nero")
    assert err.rule == "7w.turn.choose"
    assert "Recruitment" in err.message and "this turn" not in err.message
    assert "undo" in (err.hint or "")


def test_7w_names_typo_suggests_the_leader():
    game = at("Cleo recruit Maecenas")
    with pytest.raises(InvalidEntry) as info:
        game.push("Cleo recruit Maecenus")
    assert "Maecenas" in (info.value.hint or "")


def test_7w_leaders_hand_of_another_player_stays_hidden():
    """A leader recorded in someone's hand: the refusal does not tell whose hand it is."""
    game = at("Ada recruit Nero")
    err = illegal(game, "Bob recruit Caesar")
    assert err.rule == "7w.leaders.recruit"
    assert "Ada" not in err.message and "face down" in err.message  # 7w.secrets: not whose, nor how


def test_7w_build_cost_no_seller_at_the_table():
    game = at("Cleo build Apothecary")
    err = illegal(game, "Cleo build Scriptorium")
    assert err.rule == "7w.build.cost" and "papyrus" in err.message
    assert "Cleo sell" in (err.hint or "")


def test_7w_build_unique_on_babylon_seventh_card():
    game = at("Bob sell Sawmill")
    assert game.expecting().players == ("Bob",)
    err = illegal(game, "Bob build Glassworks")
    assert err.rule == "7w.build.unique" and "Glassworks" in err.message


def test_7w_discard_pile_pick_must_be_in_the_pile():
    game = at("Cleo pick Walls")
    err = illegal(game, "Cleo pick Sawmill")
    # 7w.secrets: the pile lies face down; the refusal does not list what it may hold
    assert err.rule == "7w.discard.pile" and "Walls" not in (err.hint or "") and "pick none" in (err.hint or "")
    err = illegal(game, "Ada build Archery Range")
    assert err.rule == "7w.wonder.halikarnassos" and "Cleo" in err.message


def test_7w_commerce_ambiguous_payment_asks_which():
    game = at("Ada build Spies Guild")
    with pytest.raises(AmbiguousEntry) as info:
        game.push("Ada build Spies Guild")
    assert set(info.value.candidates) == {"Ada build Spies Guild pay Bob 3 Cleo 2", "Ada build Spies Guild pay Bob 5"}


def test_7w_commerce_unique_cheapest_payment_is_taken():
    game = at("Bob build Dispensary")
    entry = game.push("Bob build Dispensary")  # Archimedes: one ore fewer; the other from Cleo at 1
    assert entry.text == "Bob build Dispensary pay left 1"


def test_7w_leaders_recruit_wonder_refused_proposes_the_leader_discard():
    game = start("Gizah A", "Rhodes A", "Ephesus B")
    err = illegal(game, "cleo stage Maecenas")
    assert err.rule == "7w.leaders.recruit.wonder"
    assert "cleo sell Maecenas" in (err.hint or "") and "7w.leaders.recruit.forced" in (err.hint or "")


# -- Olympia A's free build is never used or skipped silently --------------------------------
def test_7w_wonder_olympia_a_free_build_or_pay_is_asked():
    """Ada has Olympia A's free build this Age and Statue needs an ore bought from Cleo: the
    program asks whether she uses the free build instead of charging her."""
    game = at("Ada build Statue free")
    with pytest.raises(AmbiguousEntry) as info:
        game.push("Ada build Statue")
    assert info.value.rule == "7w.wonder.olympia.a"
    assert set(info.value.candidates) == {"Ada build Statue free", "Ada build Statue pay right 2"}
    entry = game.push("Ada build Statue pay right 2")
    assert entry.text == "Ada build Statue pay right 2"


def test_7w_wonder_olympia_a_free_build_unpayable_card_hint():
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=2)
    set_state(game, age=3)
    err = illegal(game, "ada build Palace")
    assert err.rule == "7w.build.cost" and "ada build Palace free" in (err.hint or "")


def test_7w_wonder_olympia_a_no_question_when_nothing_to_pay():
    """Building from own production costs nothing: the free build is kept, no question."""
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=2)
    entry = game.push("ada build Stockade")
    assert entry.text == "ada build Stockade"
    play(game, "bob sell", "cleo sell")
    assert game.state.city("ada").olympia_age == 0


def test_7w_wonder_olympia_a_coin_cost_is_asked_and_pay_0_replays():
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=2)
    with pytest.raises(AmbiguousEntry) as info:
        game.push("ada build Clay Pit")
    assert set(info.value.candidates) == {"ada build Clay Pit free", "ada build Clay Pit pay 0"}
    entry = game.push("ada build Clay Pit pay 0")
    assert entry.text == "ada build Clay Pit pay 0"
    assert RULESET.parse(game.states[-2], entry.text) == entry.move
    play(game, "bob sell", "cleo sell")
    assert game.state.city("ada").coins == 2 and game.state.city("ada").olympia_age == 0


def test_7w_wonder_olympia_a_legal_moves_replay():
    """legal_moves offers both readings, and each one's notation reads back to it."""
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=2)
    moves = [m for m in legal_moves_for(game.state, "ada") if getattr(m, "card", "") == "Clay Pit"]
    texts = {m.notation() for m in moves}
    assert {"ada build Clay Pit free", "ada build Clay Pit pay 0", "ada sell Clay Pit"} <= texts
    for m in moves:
        assert RULESET.parse(game.state, m.notation()) == m


# -- what a table needs to see ---------------------------------------------------------------
def test_7w_describe_military_and_coins_not_usable_yet():
    game = at("Bob build Theater")  # Babylon B's 7th card: Ada was paid 4 this very turn
    view = RULESET.describe(game.state)
    ada = view["players"][0]
    assert ada["military"] == 0 and ada["coins"] == 9 and ada["coins_received_this_turn"] == 4
    assert view["waiting for"] == "Bob"
    after = RULESET.describe(replay().state)
    assert [p["military"] for p in after["players"]] == [11, -4, 11]


def test_7w_wonder_rome_b_extra_recruit_prompt_lists_leaders():
    game = start("Rome B", "Rhodes A", "Babylon A")
    game.push("ada leaders Caesar, Nero, Midas, Plato")
    put(game, "ada", stages=1, coins=20, cards=("Stone Pit", "Clay Pool", "Loom"))
    play(game, "ada sell Midas", "bob sell", "cleo sell")
    play(game, "ada stage", "bob sell", "cleo sell")
    prompt = game.expecting()
    assert prompt.kinds == ("recruit",) and {"Caesar", "Nero", "Plato"} <= set(prompt.words)


# -- leaders back in the box: Rome B's draw can bring them back ------------------------------
def test_7w_wonder_rome_b_draw_can_bring_back_a_discarded_leader():
    """7w.wonder.rome.b: the 4 leaders are drawn from the box, which holds the leaders
    discarded for coins; one of them may then be recruited by Rome B's owner."""
    game = start("Rome B", "Rhodes A", "Babylon A")
    play(game, "ada sell", "bob sell Caesar", "cleo sell")
    put(game, "ada", coins=20, cards=("Lumber Yard", "Clay Pool"))
    play(game, "ada stage", "bob sell", "cleo sell")  # Rome B stage 1: 5 coins, 4 leaders drawn
    assert game.state.city("ada").hand_size == 7
    set_state(game, turn=6)
    put(game, "ada", cards=("Lumber Yard", "Clay Pool", "Stone Pit", "Loom"))
    play(game, "ada stage", "bob sell", "cleo sell")  # stage 2 on turn 6: extra leader
    game.push("ada recruit Caesar")
    assert "Caesar" in game.state.city("ada").leaders


def test_7w_leaders_discarded_leader_is_not_in_another_hand():
    game = start("Gizah A", "Rhodes A", "Babylon A")
    play(game, "ada sell", "bob sell Caesar", "cleo sell")
    play(game, *[f"{p} sell" for p in ("ada", "bob", "cleo")] * 6)
    err = illegal(game, "cleo recruit Caesar")
    # 7w.secrets: the refusal says the leader is face down elsewhere, not that bob sold it
    assert err.rule == "7w.leaders.recruit" and "face down" in err.message and "bob" not in err.message
    assert "discarded" not in err.message and "sold" not in err.message


def test_7w_marker_hidden_tucked_leader_not_revealed():
    """7w.faq.marker-hidden: a leader tucked under a stage stays secret; a refusal about it
    does not say who tucked it."""
    game = start("Gizah A", "Rhodes A", "Babylon A")
    put(game, "bob", cards=("Lumber Yard", "Timber Yard"))
    play(game, "ada sell", "bob stage Caesar", "cleo sell")
    play(game, *[f"{p} sell" for p in ("ada", "bob", "cleo")] * 6)
    err = illegal(game, "cleo recruit Caesar")
    assert err.rule == "7w.leaders.recruit" and "bob" not in err.message


def test_7w_setup_decks_last_copy_chosen_this_turn():
    """7w.setup.decks: at 3 players Baths exists once; two players cannot both choose it."""
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    game.push("ada build Baths")
    err = illegal(game, "bob sell Baths")
    assert err.rule == "7w.setup.decks" and "chosen by another player this turn" in err.message
    assert err.hint


def test_7w_setup_decks_guild_exists_once():
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=3, named=((), (), ("Spies Guild",)))
    err = illegal(game, "ada sell Spies Guild")
    assert err.rule == "7w.setup.decks" and "each guild exists once" in err.message


def test_7w_turn_choose_prompt_names_who_is_missing():
    game = start("Gizah A", "Rhodes A", "Babylon A")
    game.push("bob recruit Nero")
    assert "still to choose: ada, cleo" in game.expecting().message
    assert "Recruitment before Age I" in game.expecting().message
    play(game, "ada sell", "cleo sell", "cleo sell")
    assert game.expecting().message.startswith("Age I, turn 1, still to choose: ada, bob")


def test_7w_leaders_recruit_age_card_named_in_recruitment():
    game = start("Gizah A", "Rhodes A", "Babylon A")
    with pytest.raises(InvalidEntry) as info:
        game.push("ada sell Baths")
    assert info.value.rule == "7w.leaders.recruit" and "Recruitment phase before Age I" in info.value.message
    assert "ada sell <leader>" in (info.value.hint or "")


def test_7w_turn_actions_leader_named_in_an_age_turn():
    game = start("Gizah A", "Rhodes A", "Babylon A")
    play(game, "ada sell", "bob sell", "cleo sell")
    with pytest.raises(InvalidEntry) as info:
        game.push("ada sell Caesar")
    assert info.value.rule == "7w.turn.actions" and "Caesar is a leader" in info.value.message
    with pytest.raises(InvalidEntry) as info:
        game.push("ada build Bathz")
    assert "Baths" in (info.value.hint or "")


# -- the second hand-written game (4 players) ------------------------------------------------
RECORD4 = "tests/records/7wonders/four-players-by-hand.txt"
# Worked out by hand:
# Ada (Rome B): tokens -1, +3 +3, -1 +5 = 9; 51 coins = 17; stages 0 + 3 + 3 = 6; Gardens 5;
#   Lighthouse 6 yellow + Arena 3 stages + Haven 2 brown = 11; 2 tablets = 4; Amytis 2 x 3
#   stages + Nefertiti 4 = 10.  Total 62.
# Bob (Halikarnassos B): +1 -1, -1 -1, +5 +5 = 8; 0 coins; stages 2 + 1 + 0 = 3; Baths 3;
#   compasses 3, gears 3, tablet 1: 9 + 9 + 1 + 7 = 26.  Total 40.
# Cleo (Olympia B): +1 +1, +3 +3, -1 +5 = 12; 7 coins = 2; stage 2 = 5; Aqueduct 5; Builders
#   3 + 3 + 3 stages = 9, Shipowners 4 brown + 4 purple = 8, Magistrates 3 + 1 blue = 4,
#   Strategists 5 + 3 Defeat tokens = 8, copied Traders Guild: Dan's 4 yellow = 4 → 33.  Total 57.
# Dan (Ephesus A): five Defeat tokens -5; 28 coins = 9; 3 + 7 = 10; Courthouse 4 + Palace 8 +
#   Town Hall 6 = 18; Chamber of Commerce 2 grey x 2 = 4; Traders Guild: Ada's 6 yellow = 6;
#   1 tablet = 1; Plato: one set of the 7 colours = 7.  Total 50.
HAND4_SCORES = {
    "Ada": (9, 17, 6, 5, 11, 0, 4, 10),
    "Bob": (8, 0, 3, 3, 0, 0, 26, 0),
    "Cleo": (12, 2, 5, 5, 0, 33, 0, 0),
    "Dan": (-5, 9, 10, 18, 4, 6, 1, 7),
}


def replay4() -> Game:
    return Game.from_record(RULESET, read_record((ROOT / RECORD4).read_text(encoding="utf-8")))


def test_7w_record_by_hand_four_players_replays_to_hand_scores():
    game = replay4()
    assert game.outcome() is not None
    sheet = game.score()
    for player, points in HAND4_SCORES.items():
        assert tuple(sheet.points[player][c] for c in CATS) == points, player
    assert sheet.winners == ("Ada",)
    state = game.state
    assert [c.coins for c in state.cities] == [51, 0, 7, 28]
    assert state.city("Ada").leaders == ("Xenophon", "Caesar", "Amytis", "Vitruvius", "Nefertiti")
    assert state.city("Cleo").copied_guild == "Traders Guild"
    assert RULESET.score_table(RULESET.table_from_state(state)).to_json() == sheet.to_json()


def test_7w_record_by_hand_four_players_coins_by_age():
    game = replay4()
    ends = [s for s in game.states if s.phase == "recruit" and s.turn == 0 and all(c is None for c in s.choices)]
    by_age = {s.age: [c.coins for c in s.cities] for s in ends}
    assert by_age[2] == [13, 3, 0, 21]
    assert by_age[3] == [19, 1, 8, 37]


def test_7w_leaders_recruit_forced_hint_offers_only_what_is_possible():
    game = start("Gizah A", "Rhodes A", "Babylon A")
    put(game, "ada", coins=3)
    err = illegal(game, "ada recruit Caesar")
    assert err.rule == "7w.leaders.recruit.forced"
    assert err.hint == "ada sell Caesar (3 coins)"  # Gizah A's stage needs 2 stone: not possible
    put(game, "ada", coins=3, cards=("Stone Pit", "Quarry"))
    err = illegal(game, "ada recruit Caesar")
    assert "ada stage Caesar" in (err.hint or "")


def test_7w_wonder_olympia_a_free_build_not_for_a_stage():
    game = start("Olympia A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", stages=2)
    with pytest.raises(InvalidEntry) as info:
        game.push("ada stage free")
    assert info.value.rule == "7w.wonder.olympia.a" and "wonder stage" in info.value.message


def test_7w_guild_courtesans_copied_tomyris_acts_in_age3_conflict():
    """7w.guild.courtesans (reading used: the copy acts as if just recruited) and
    7w.military.leaders: Courtesans built on Age III's last turn, token on Cleo's Tomyris;
    Ada's Defeat token of that Age's conflict goes to the winner, Bob."""
    game = start("Gizah A", "Rhodes A", "Babylon A")
    put(game, "ada", cards=("Lumber Yard", "Clay Pool", "Glassworks", "Loom"), hand_size=0)
    put(game, "bob", cards=("Arsenal",), hand_size=0)
    put(game, "cleo", leaders=("Tomyris",), hand_size=0)
    set_state(game, phase="turn", age=3, turn=6, choices=(None,) * 3)
    play(game, "ada build Courtesans Guild", "bob sell", "cleo sell")
    assert game.expecting().players == ("ada",)
    game.push("ada courtesan Tomyris")
    state = game.state
    assert state.phase == "over"
    assert [c.tokens for c in state.cities] == [(), (5, -1, 5, -1), ()]


def test_7w_leaders_hand_entered_after_a_choice_must_hold_it():
    game = start("Gizah A", "Rhodes A", "Babylon A")
    game.push("ada recruit Nero")
    err = illegal(game, "ada leaders Caesar, Midas, Plato, Sappho")
    assert err.rule == "7w.leaders.hand" and "Nero" not in err.message  # the choice stays secret
    game.push("ada leaders Caesar, Nero, Plato, Sappho")
    play(game, "bob sell", "cleo sell")
    assert game.state.city("ada").hand == ("Caesar", "Plato", "Sappho")


def test_7w_turn_forced_discard_hint_names_the_card_and_a_payable_stage():
    """7w.turn.forced-discard: a build that cannot be paid proposes selling that card, and the
    stage when the next stage can be paid."""
    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    put(game, "ada", cards=("Quarry",))
    err = illegal(game, "ada build Scriptorium")
    assert err.rule == "7w.build.cost"
    assert err.hint == "ada sell Scriptorium (3 coins), or ada stage Scriptorium (next wonder stage); see 7w.turn.forced-discard"


def test_7w_every_refusal_has_a_known_rule_and_a_hint():
    """Random entries in states of a random game: every IllegalMove names a rule of the rule
    texts and says what is legal instead."""
    import random

    from assistant.games.sevenwonders import components
    from assistant.games.sevenwonders.simulate import random_game

    ids = {rule.id for rule in RULESET.rulebook()}
    names = [c.name for c in components.cards()] + [leader.name for leader in components.leaders()]
    verbs = ("build", "stage", "sell", "recruit", "pick", "courtesan", "copy")
    rng = random.Random(7)
    game = random_game(3, 4)
    refusals = 0
    for state in rng.sample(game.states, 25):
        for _ in range(20):
            text = f"{rng.choice(state.seats)} {rng.choice(verbs)} {rng.choice(names)}"
            try:
                RULESET.check(state, RULESET.parse(state, text))
            except IllegalMove as err:
                refusals += 1
                assert err.rule in ids or err.rule.startswith("core."), (text, err.rule)
                assert err.hint, (text, err.message)
            except (InvalidEntry, AmbiguousEntry):
                pass
    assert refusals > 100
