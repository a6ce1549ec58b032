"""Name matching: case and accents, aliases, unique prefixes, ambiguity, "did you mean"."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.core.errors import AmbiguousEntry, InvalidEntry
from assistant.core.names import NameIndex, normalize

CARDS = NameIndex(
    [
        ("Caravansery", ["Caravanserai", "Karavánszeráj"]),
        ("Baths", ["Fürdő"]),
        ("Barracks", []),
        ("East Trading Post", []),
        ("West Trading Post", []),
        ("Scientists Guild", ["Tudósok céhe"]),
    ],
    what="card",
    rule="test.names",
)


def test_names_case_and_accents():
    assert CARDS.resolve("BATHS") == "Baths"
    assert CARDS.resolve("furdo") == "Baths"
    assert CARDS.resolve("tudosok cehe") == "Scientists Guild"


def test_names_aliases_and_spellings():
    assert CARDS.resolve("caravanserai") == "Caravansery"
    assert CARDS.resolve("Scientists' Guild") == "Scientists Guild"
    assert CARDS.resolve("scientistsguild") == "Scientists Guild"


def test_names_unique_prefix():
    assert CARDS.resolve("carav") == "Caravansery"
    assert CARDS.resolve("east") == "East Trading Post"
    assert CARDS.resolve("scien") == "Scientists Guild"


def test_names_ambiguous_prefix_lists_candidates():
    with pytest.raises(AmbiguousEntry) as info:
        CARDS.resolve("ba")
    assert set(info.value.candidates) == {"Baths", "Barracks"}
    assert info.value.rule == "test.names"


def test_names_word_prefix_when_no_name_prefix():
    with pytest.raises(AmbiguousEntry) as info:
        CARDS.resolve("trading")
    assert set(info.value.candidates) == {"East Trading Post", "West Trading Post"}


def test_names_unknown_suggests():
    with pytest.raises(InvalidEntry) as info:
        CARDS.resolve("Barraks")
    assert "Barracks" in (info.value.hint or "")
    assert info.value.rule == "test.names"


def test_names_unknown_without_suggestion():
    with pytest.raises(InvalidEntry) as info:
        CARDS.resolve("zzzz")
    assert info.value.hint is None
    assert "zzzz" in info.value.message


def test_names_resolve_leading_takes_longest_name():
    assert CARDS.resolve_leading(["east", "trading", "post", "pay", "2"]) == ("East Trading Post", 3)
    assert CARDS.resolve_leading(["baths", "pay", "left"]) == ("Baths", 1)


def test_names_resolve_leading_missing():
    with pytest.raises(InvalidEntry):
        CARDS.resolve_leading([])


@given(st.sampled_from(CARDS.canonical))
def test_names_every_canonical_resolves_to_itself(name):
    assert CARDS.resolve(name) == name
    assert CARDS.resolve(name.upper()) == name


@given(st.text())
def test_names_normalize_is_idempotent(text):
    assert normalize(normalize(text)) == normalize(text)
