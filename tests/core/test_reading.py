"""The entry readers every game's notation shares (assistant/core/reading.py): numbers in one
wording, the words of each key of a ``key value`` block, names one after the other."""

import doctest

import pytest

from assistant.core import reading
from assistant.core.errors import AmbiguousEntry, InvalidEntry
from assistant.core.names import NameIndex
from assistant.core.reading import read_names, read_number, read_pairs

RULE = "test.reading"


def refusal(call, *args, **kwargs) -> InvalidEntry:
    with pytest.raises(InvalidEntry) as caught:
        call(*args, **kwargs)
    assert caught.value.rule == RULE
    return caught.value


def test_reading_doctests():
    failures, tried = doctest.testmod(reading, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 8


# -- numbers ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("word", "kwargs", "value"),
    [("0", {}, 0), ("007", {}, 7), ("6", {"low": 1, "high": 6}, 6), ("-3", {"signed": True}, -3), ("999999", {}, 999999)],
)
def test_reading_number_read(word, kwargs, value):
    assert read_number(word, "a die value", RULE, **kwargs) == value


@pytest.mark.parametrize(
    ("word", "kwargs", "message"),
    [
        ("x", {}, "a bid is a whole number, not 'x'"),
        ("", {}, "a bid is a whole number, not nothing"),
        ("²", {}, "a bid is a whole number, not '²'"),
        ("3.5", {}, "a bid is a whole number, not '3.5'"),
        ("+2", {}, "a bid is a whole number, not '+2'"),
        ("-2", {}, "a bid is 0 or more, not -2"),
        ("--2", {"signed": True}, "a bid is a whole number, not '--2'"),
        ("9", {"low": 1, "high": 6}, "a bid is from 1 to 6, not 9"),
        ("0", {"low": 1, "high": 6}, "a bid is from 1 to 6, not 0"),
        ("9", {"signed": True, "high": 5}, "a bid is at most 5, not 9"),
        ("1234567", {"high": 36}, "a bid is from 0 to 36, not '1234567'"),
        ("1234567", {}, "a bid is a whole number of at most 6 digits, not '1234567'"),
    ],
)
def test_reading_number_refused_in_one_wording(word, kwargs, message):
    assert refusal(read_number, word, "a bid", RULE, **kwargs).message == message


def test_reading_number_keeps_the_games_rule_and_hint():
    err = refusal(read_number, "x", "a die value", RULE, hint="money 6")
    assert (err.rule, err.hint, err.kind) == (RULE, "money 6", "invalid")


def test_reading_number_shows_a_long_word_cut():
    err = refusal(read_number, "y" * 80, "a bid", RULE)
    assert len(err.message) < 80 and err.message.endswith("…'")


# -- key value blocks ---------------------------------------------------------------------------
KEYS = {"coins": "coins", "coin": "coins", "stages": "stages", "tokens": "tokens", "board": "board", "copy": "copy", "refill": "refill"}


def pairs(text: str, **kwargs):
    kwargs.setdefault("stray", "cannot read '{word}'")
    return read_pairs(text.split(), KEYS, RULE, **kwargs)


def test_reading_pairs_groups_the_words_of_each_key_in_order():
    assert pairs("stages 1 coin 5 tokens +1 -1") == {"stages": ["1"], "coins": ["5"], "tokens": ["+1", "-1"]}
    assert list(pairs("tokens coins 2")) == ["tokens", "coins"]
    assert pairs("") == {}


def test_reading_pairs_reads_key_equals_value():
    assert pairs("coins=5 stages=1") == {"coins": ["5"], "stages": ["1"]}
    assert pairs("coins 5 a=b") == {"coins": ["5", "a=b"]}  # not a key: a word as typed


def test_reading_pairs_refuses_a_key_twice_and_a_stray_word():
    assert refusal(pairs, "coins 5 Coins 6").message == "'Coins' is given twice"
    err = refusal(pairs, "coins 5 coin 6", twice="{key} is said twice", hint="h", twice_hint="h2")
    assert (err.message, err.hint) == ("coins is said twice", "h2")
    err = refusal(pairs, "5 coins 3", hint="coins 5")
    assert (err.message, err.hint) == ("cannot read '5'", "coins 5")
    assert refusal(pairs, "refill x", alone=("refill",)).message == "cannot read 'x'"


def test_reading_pairs_keeps_the_words_before_any_key_when_asked():
    assert read_pairs(["2", "5", "copy", "Legat"], KEYS, RULE, stray=None) == {"": ["2", "5"], "copy": ["Legat"]}


def test_reading_pairs_again_and_glue():
    assert pairs("copy Scaenicus copy Legat", again=("copy",)) == {"copy": ["Scaenicus", "Legat"]}
    assert refusal(pairs, "copy Scaenicus copy Legat").message == "'copy' is given twice"
    glued = pairs("board Coins 1 stages 2", glue=lambda key, words: key == "board" and bool(words) and not words[-1].isdigit())
    assert glued == {"board": [], "coins": ["1"], "stages": ["2"]}  # nothing to glue to yet
    glued = pairs("board Forum coins 1", glue=lambda key, words: key == "board" and bool(words) and not words[-1].isdigit())
    assert glued == {"board": ["Forum", "coins", "1"]}


def test_reading_pairs_folds_as_told():
    assert pairs("COINS 5") == {"coins": ["5"]}
    assert refusal(pairs, "COINS 5", fold=str.__str__).message == "cannot read 'COINS'"


def test_reading_pairs_templates_take_a_literal_name():
    name = reading.literal("Ann {1}")
    err = refusal(pairs, "coins 1 coins 2", twice=f"{name}'s {{key}} is given twice")
    assert err.message == "Ann {1}'s coins is given twice"


# -- names one after the other --------------------------------------------------------------------
CARDS = NameIndex([("Stone Pit", ["Kőbánya"]), ("Baths", []), ("Barracks", []), ("Stockade", [])], what="card", rule=RULE)


def test_reading_names_one_after_the_other():
    assert read_names(CARDS, ["stone", "pit", "baths", "kobanya"]) == ("Stone Pit", "Baths", "Stone Pit")
    assert read_names(CARDS, []) == ()


def test_reading_names_unknown_marks():
    assert read_names(CARDS, ["?", "baths", "?"], unknown="?") == ("?", "Baths", "?")
    assert read_names(CARDS, ["stone", "?", "pit"], unknown="?")[:2] == ("Stone Pit", "?")
    with pytest.raises(InvalidEntry):
        read_names(CARDS, ["?"])  # without ``unknown``, '?' is a name like any other


def test_reading_names_refuse_with_did_you_mean():
    err = refusal(read_names, CARDS, ["baths", "barraks"])
    assert err.message == "there is no card called 'barraks'" and err.hint == "did you mean Barracks?"
    with pytest.raises(AmbiguousEntry):
        read_names(CARDS, ["ba"])


def test_reading_names_work_is_linear():
    """Each name is looked up in a window of NAME_WORDS words, however long the entry."""
    words = ["baths"] * 400
    assert read_names(CARDS, words) == ("Baths",) * 400
