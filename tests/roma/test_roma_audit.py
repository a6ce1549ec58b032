"""What a table sees after each entry and when an entry is refused: the automatic steps and
card effects are reported in the prompt, refusals say what is legal instead, hidden hands stay
hidden, and the prompt offers only cards that can really be activated."""

from __future__ import annotations

from assistant.games.roma import RULESET


def prompt(t) -> str:
    return RULESET.expecting(t.state).message


# -- the prompt offers only what the rules allow ------------------------------------------------
def test_roma_rulings_a14_prompt_leaves_out_cards_without_target(table):
    t = table({2: "Legionarius", 3: "Sicarius", 4: "Onager", 5: "Legat"}, {1: "Forum", 5: "Turris"}, dice=(2, 3, 5))
    # nothing opposite the Legionarius, no opposing character for the Sicarius
    message = prompt(t)
    assert "5 Legat" in message
    assert "Legionarius" not in message and "Sicarius" not in message


def test_roma_rulings_a16_prompt_leaves_out_aesculapinum_with_nothing_to_take(table):
    t = table({2: "Aesculapinum", 3: "Forum"}, {1: "Forum"}, dice=(2, 3, 5), discard=("Forum",))
    message = prompt(t)
    assert "3 Forum" in message and "Aesculapinum" not in message


def test_roma_cards_forum_prompt_needs_a_second_die(table):
    t = table({3: "Forum", 1: "Legat"}, {1: "Forum"}, dice=(3, 1, 1))
    t.play("activate 1", "money 1")
    assert "Forum" not in prompt(t)


def test_roma_phase2_reroll_prompt_mentions_the_triple(table):
    t = table({3: "Forum"}, {1: "Forum"})
    t.play("roll 4 4 4")
    assert "reroll" in prompt(t)
    t.play("money 4")
    assert "reroll" not in prompt(t)


# -- refusals say what is legal instead ------------------------------------------------------------
def test_roma_cards_basilica_refusal_names_player_and_hint(table):
    t = table({3: "Basilica", 2: "Forum"}, {1: "Forum"}, dice=(3, 2, 5))
    err = t.refuse("activate 3")
    assert err.rule == "roma.cards.basilica" and "Ann" in err.message
    assert err.hint and "activate: 2 Forum" in err.hint


def test_roma_cards_legionarius_wrong_target_hint(table):
    t = table({2: "Legionarius"}, {2: "Forum", 3: "Legat"}, dice=(2, 3, 5))
    err = t.refuse("activate 2 target 3")
    assert err.rule == "roma.cards.legionarius" and "Ann" in err.message
    assert err.hint and "activate 2" in err.hint


def test_roma_cards_praetorianus_blocked_refusal_hint(table):
    t = table({4: "Praetorianus"}, {3: "Legat", 2: "Forum"}, dice=(4, 1, 1))
    t.play("activate 4 target 3", "end", "roll 3 2 5")
    err = t.refuse("activate 3")
    assert err.rule == "roma.cards.praetorianus" and "Ben" in err.message
    assert err.hint and "activate: 2 Forum" in err.hint


def test_roma_setup_place_one_card_per_disc_hint():
    from assistant.core.errors import IllegalMove
    from assistant.core.game import Game

    game = Game(RULESET, ["Ann", "Ben"], {})
    for line in ("hand Ann Legat Forum Forum Turris", "hand Ben Consul Forum Basilica Nero",
                 "give Ann Legat Turris", "give Ben Consul Nero", "start Ann"):
        game.push(line)
    move = RULESET.parse(game.state, "place Ann Forum 1 Forum 2 Consul 3 Nero 3")
    try:
        RULESET.check(game.state, move)
    except IllegalMove as err:
        assert err.rule == "roma.setup.place" and err.hint and "place Ann" in err.hint
    else:
        raise AssertionError("two cards on disc 3 accepted")


def test_roma_refusals_of_extra_choices_have_hints(table):
    t = table({5: "Legat"}, {1: "Forum"}, dice=(5, 1, 2))
    err = t.refuse("activate 5 target 1")
    assert err.rule == "roma.cards.legat" and err.hint and "activate 5" in err.hint


# -- hidden hands --------------------------------------------------------------------------------
def test_roma_deck_hidden_hands_not_listed_in_refusals(table):
    t = table({1: "Forum"}, {1: "Forum"}, hands=(("Nero", "Turris"), ()), money=(20, 0), dice=(1, 2, 3))
    err = t.refuse("lay Legat 2")
    assert err.rule == "roma.actions.lay"
    assert "Nero" not in err.message + (err.hint or "") and "Turris" not in err.message + (err.hint or "")


# -- what happened is reported -------------------------------------------------------------------
def test_roma_phase1_vacant_reported_in_the_prompt(table):
    t = table({1: "Forum", 2: "Legat"}, {1: "Forum", 2: "Legat", 3: "Turris"}, dice=(1, 2, 3))
    t.play("end")
    assert "Ben" in prompt(t) and "pays 3 VP" in prompt(t)
    t.play("roll 1 2 3")
    assert "pays" not in prompt(t)


def test_roma_battle_result_reported(table):
    t = table({2: "Legionarius", 3: "Legionarius"}, {2: "Forum", 3: "Legat"}, dice=(2, 3, 5))
    t.play("activate 2", "battle 4")
    assert "Forum" in prompt(t) and "holds" in prompt(t)
    t.play("activate 3", "battle 2")
    assert "Legat" in prompt(t) and "discarded" in prompt(t)


def test_roma_actions_lay_cover_reported(table):
    t = table({5: "Turris"}, {1: "Forum"}, hands=(("Templum",), ()), money=(5, 0), dice=(1, 2, 3))
    t.play("lay Templum 5")
    assert "Turris" in prompt(t) and "discard" in prompt(t)


def test_roma_cards_effects_reported(table):
    t = table({1: "Legat", 2: "Forum", 3: "Basilica", 4: "Tribunus Plebis"}, {1: "Forum"}, dice=(1, 2, 4))
    t.play("activate 1")
    assert "+5 VP" in prompt(t)  # Ben has 5 empty discs
    t.play("activate 4")
    assert "1 VP" in prompt(t) and "Ben" in prompt(t)


def test_roma_end_credit_reported(table):
    t = table({2: "Forum"}, {1: "Forum"}, vp=(16, 15), stockpile=5, dice=(2, 6, 1))
    t.play("activate 2 vp 6")
    assert t.state.over and "credited" in prompt(t)


def test_roma_cards_scaenicus_battle_names_the_scaenicus(table):
    t = table({3: "Scaenicus", 1: "Centurio"}, {3: "Legat"}, dice=(3, 2, 5))
    t.play("activate 3 copy Centurio")
    assert "Scaenicus" in prompt(t)


# -- what people type at a table ---------------------------------------------------------------
def test_roma_notation_table_phrasings(table):
    t = table({1: "Forum", 2: "Velites", 4: "Legat"}, {1: "Forum", 3: "Consul"}, hands=(("Templum",), ()), money=(9, 0), dice=(1, 2, 4))
    read = lambda text: RULESET.parse(t.state, text).notation()  # noqa: E731
    assert read("lay Templum on 3") == "lay Templum 3"
    assert read("lay Templum disc 3") == "lay Templum 3"
    assert read("lay Templum at 3") == "lay Templum 3"
    assert read("activate disc 4") == "activate 4"
    assert read("money: 4") == "money 4"
    assert read("end turn") == "end"
    assert read("activate 4 Legat") == "activate 4"
    assert read("activate 4 (Legat)") == "activate 4"
    assert read("activate 2 Velites target 3") == "activate 2 target 3"
    assert read("activate 1 with 2") == "activate 1 vp 2"  # a Forum's second die


def test_roma_notation_card_named_after_the_disc_must_match(table):
    from assistant.core.errors import InvalidEntry

    t = table({1: "Forum", 4: "Legat"}, {1: "Forum"}, dice=(1, 2, 4))
    try:
        RULESET.parse(t.state, "activate 4 Forum")
    except InvalidEntry as err:
        assert err.rule == "roma.actions.activate" and "Legat" in str(err) and err.hint
    else:
        raise AssertionError("activate 4 Forum read although disc 4 holds a Legat")


def test_roma_cards_forum_with_a_second_die_of_a_pair(table):
    t = table({1: "Forum"}, {1: "Forum"}, dice=(1, 2, 2))
    assert RULESET.parse(t.state, "activate 1 with 2").notation() == "activate 1 vp 2"


def test_roma_notation_typo_in_the_verb(table):
    from assistant.core.errors import InvalidEntry

    t = table({2: "Forum"}, {1: "Forum"}, dice=(2, 3, 5))
    try:
        RULESET.parse(t.state, "activte 2 vp 3")
    except InvalidEntry as err:
        assert err.rule == "roma.notation" and "did you mean 'activate'" in (err.hint or "")
    else:
        raise AssertionError("a misspelt verb was read")


def test_roma_every_refusal_has_a_rule_and_a_hint():
    """A battery of entries tried in every position of a few random games: each refusal cites
    a rule of rules.md and says what is legal instead."""
    import random

    from assistant.core.errors import EntryError, IllegalMove
    from assistant.games.roma.simulate import random_game

    ids = {rule.id for rule in RULESET.rulebook()} | {"core.over"}
    battery = [
        "roll 1 2 3", "reroll 4 4 4", "end", "battle 3", "battle 2 add 6", "money 5", "cards 6 keep Nero",
        "cards 2 keep Forum discard Legat Turris", "lay Centurio 3", "lay Forum 7", "activate 1", "activate 2 vp 6 6",
        "activate 3 target 4", "activate 4 copy Legat", "activate 5 change 6 to 7", "activate 6 buy 9",
        "activate 1 take Forum", "activate 2 lay Forum 3", "activate 3 move Legat 1", "activate 7 die 6",
        "start Ann", "hand Ann Forum Forum Forum Forum", "give Ben Legat Nero", "place Ann Forum 1",
    ]
    rng = random.Random(7)
    refusals = 0
    for seed, options in ((3, {}), (4, {"bribe": "on"})):
        game = random_game(seed, 2, options, max_turns=12)
        for state in rng.sample(game.states, 40):
            for text in battery:
                try:
                    move = RULESET.parse(state, text)
                    RULESET.check(state, move)
                except IllegalMove as err:
                    refusals += 1
                    assert err.rule in ids, (text, err.rule)
                    assert err.hint, (text, err.rule, str(err))
                except EntryError as err:
                    assert err.rule in ids or err.rule.startswith("roma"), (text, err.rule)
    assert refusals > 500


def test_roma_cards_centurio_prompt_offers_the_added_die(table):
    t = table({2: "Centurio", 3: "Legionarius"}, {2: "Nero", 3: "Forum"}, dice=(2, 3, 5))
    t.play("activate 2")
    assert "battle N add D" in prompt(t) and "3, 5" in prompt(t)
    t.play("battle 1", "activate 3")
    assert "add" not in prompt(t).split(" — ")[-1]
