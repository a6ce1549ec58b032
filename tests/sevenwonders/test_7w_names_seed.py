"""Every name of the seed Leaders rulebook resolves (7w.meta.seed-layout): the leader
headings as printed (capitals, 'HUNGARIAN (ENGLISH)'), the 4 Leaders guilds and Rome; and
what the data really says about science symbols (7w.cards.basic)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from assistant.games.sevenwonders import components

SEED = Path("/work/shared/seeds/000_1b1c332260a2f76a.txt")

# The leader headings of the seed, in its own spelling (pages 6-8 and the biographies).
SEED_LEADERS = {
    "NAGY SÁNDOR": "Alexander", "AMÜTHISZ": "Amytis", "ARKHIMÉDÉSZ": "Archimedes",
    "ARISZTOTELÉSZ": "Aristotle", "BILKÍSZ": "Bilkis", "JULIUS CAESAR": "Caesar",
    "KLEOPÁTRA": "Cleopatra", "KROISZOSZ": "Croesus", "EUKLEIDÉSZ": "Euclid",
    "HAMMURÁPI": "Hammurabi", "HANNIBAL": "Hannibal", "HATSHEPSUT": "Hatshepsut",
    "HIRÁM": "Hiram", "HÜPATIA": "Hypatia", "IMHOTEP": "Imhotep",
    "I. JUSTINIANUS": "Justinian", "LEÓNIDASZ": "Leonidas", "MAECENAS": "Maecenas",
    "MÍDÁSZ": "Midas", "NABUKODONOZOR": "Nebuchadnezzar", "NOFERTITI": "Nefertiti",
    "NERO": "Nero", "PERIKLÉSZ": "Pericles", "PHEIDIASZ": "Phidias", "PLATÓN": "Plato",
    "PRAXITELÉSZ": "Praxiteles", "PTOLEMAIOSZ": "Ptolemy", "PÜTHAGORASZ": "Pythagoras",
    "II. RAMSZESZ": "Ramses", "SALAMON": "Solomon", "SZAPPHÓ": "Sappho", "TOMYRIS": "Tomyris",
    "VARRO": "Varro", "VITRUVIUS": "Vitruvius", "XENOPHÓN": "Xenophon", "ZENOBIA": "Zenobia",
}
SEED_GUILDS = {
    "JÁTÉKOSOK CÉHE": "Gamers Guild", "KURTIZÁNOK CÉHE": "Courtesans Guild",
    "DIPLOMATÁK CÉHE": "Diplomats Guild", "MÉRNÖKÖK CÉHE": "Architects Guild",
    "Kurtizánok céhe": "Courtesans Guild", "Diplomaták céhe": "Diplomats Guild",
}
SEED_ROME = ["Róma", "Róma Kolosszeum", "Kolosszeum", "Rome", "Roma", "Colosseum"]


def test_7w_names_seed_covers_all_36_leaders() -> None:
    assert sorted(SEED_LEADERS.values()) == sorted(l.name for l in components.leaders())


@pytest.mark.parametrize("text,name", sorted(SEED_LEADERS.items()))
def test_7w_names_seed_leader_heading(text: str, name: str) -> None:
    assert components.leader(text).name == name
    assert components.component_index().resolve(text) == name
    assert components.leader(text.title()).name == name  # as typed at a table


@pytest.mark.parametrize("text,name", sorted(SEED_GUILDS.items()))
def test_7w_names_seed_guild(text: str, name: str) -> None:
    assert components.card(text).name == name
    assert components.component_index().resolve(text) == name


@pytest.mark.parametrize("text", SEED_ROME)
def test_7w_names_seed_rome(text: str) -> None:
    assert components.board(text).name == "Rome"
    assert components.component_index().resolve(text) == "Rome"


@pytest.mark.skipif(not SEED.exists(), reason="the seed rulebook is not in this checkout")
def test_7w_names_seed_headings_are_the_ones_tested() -> None:
    """Each 'HUNGARIAN (ENGLISH)' heading of the seed is in SEED_LEADERS (so none is missed)."""
    text = SEED.read_text(encoding="utf-8")
    headings = set(re.findall(r"([A-ZÁÉÍÓÖŐÚÜŰ][A-ZÁÉÍÓÖŐÚÜŰ. ]{2,}?) \(([A-Z][A-Za-z ]+)\)", text))
    assert len(headings) >= 30
    for hungarian, english in headings:
        hungarian = hungarian.strip()
        if hungarian == "PTOLEMAIOSZ PÜTHAGORASZ":  # two headings run together in the extraction
            continue
        assert hungarian in SEED_LEADERS, hungarian
        assert components.leader(english).name == SEED_LEADERS[hungarian]


def test_7w_cards_basic_science_symbols_in_the_decks() -> None:
    """7w.cards.basic: 4 green card *designs* carry each symbol; the physical copies follow
    the player marks: 4 of each at 3 players, 8 of each in the full 7-player set; plus one
    wildcard (Scientists Guild) and three leader symbols (Euclid, Pythagoras, Ptolemy)."""
    designs = Counter(c.science for c in components.cards() if c.color == "green")
    assert designs == {"compass": 4, "gear": 4, "tablet": 4}
    per_count = {}
    for n in (3, 4, 5, 6, 7):
        copies: Counter[str] = Counter()
        for age in (1, 2, 3):
            copies.update(c.science for c in components.deck(age, n) if c.color == "green")
        per_count[n] = dict(copies)
    assert per_count[3] == {"compass": 4, "gear": 4, "tablet": 4}
    assert per_count[7] == {"compass": 8, "gear": 8, "tablet": 8}
    assert per_count[4] == {"compass": 5, "gear": 4, "tablet": 6}
    assert per_count[5] == {"compass": 6, "gear": 6, "tablet": 6}
    assert per_count[6] == {"compass": 7, "gear": 6, "tablet": 7}
    assert [c.name for c in components.cards() if c.science == "any"] == ["Scientists Guild"]
    assert {l.name: l.science for l in components.leaders() if l.science} == {
        "Euclid": "compass", "Pythagoras": "gear", "Ptolemy": "tablet"}


# RULES.md §6.5, parent -> children, typed from the digest (independent of cards.json).
DIGEST_CHAINS = {
    "Baths": {"Aqueduct"}, "Altar": {"Temple"}, "Theater": {"Statue"},
    "Apothecary": {"Stables", "Dispensary"}, "Scriptorium": {"Courthouse", "Library"},
    "Workshop": {"Archery Range", "Laboratory"}, "Marketplace": {"Caravansery"},
    "East Trading Post": {"Forum"}, "West Trading Post": {"Forum"},
    "Temple": {"Pantheon"}, "Statue": {"Gardens"}, "Dispensary": {"Arena", "Lodge"},
    "Laboratory": {"Siege Workshop", "Observatory"}, "Library": {"Senate", "University"},
    "School": {"Academy", "Study"}, "Caravansery": {"Lighthouse"}, "Forum": {"Haven"},
    "Training Ground": {"Circus"}, "Walls": {"Fortifications"},
}


def test_7w_build_chain_data_equals_the_digest_both_ways() -> None:
    down = {c.name: set(c.chains_to) for c in components.cards() if c.chains_to}
    assert down == DIGEST_CHAINS
    up: dict[str, set[str]] = {}
    for parent, children in DIGEST_CHAINS.items():
        for child in children:
            up.setdefault(child, set()).add(parent)
    assert {c.name: set(c.chains_from) for c in components.cards() if c.chains_from} == up
    assert up["Forum"] == {"East Trading Post", "West Trading Post"}


SHARED = Path("/work/shared/games/7wonders")


@pytest.mark.skipif(not SHARED.exists(), reason="the shared research folder is not in this checkout")
def test_7w_data_equals_the_verified_shared_files() -> None:
    """data/7wonders is the verified research data: every Age card and guild (cost, copies
    per player count, colour, chains), every leader cost, every stage cost."""
    import json

    shared = json.loads((SHARED / "cards.json").read_text(encoding="utf-8"))["cards"]
    shared += json.loads((SHARED / "leaders_guilds.json").read_text(encoding="utf-8"))["guilds"]
    assert len(shared) == 82
    for entry in shared:
        card = components.card(entry["name"], age=entry.get("age", 3))
        cost = dict(entry["cost"].get("resources", {}))
        assert {k: v for k, v in card.cost.as_dict().items() if v and k != "coins"} == cost, card.name
        assert card.cost.coins == entry["cost"].get("coins", 0), card.name
        assert list(card.players) == (entry.get("players") or []), card.name
        assert card.color == entry.get("color", "purple"), card.name
        assert set(card.chains_from) == set(entry.get("chain_from", [])), card.name
    leaders = json.loads((SHARED / "leaders.json").read_text(encoding="utf-8"))["leaders"]
    assert {l["name"]: l["cost"]["coins"] for l in leaders} == {l.name: l.cost for l in components.leaders()}
    for board in json.loads((SHARED / "wonders.json").read_text(encoding="utf-8"))["wonders"]:
        for side, spec in board["sides"].items():
            ours = components.wonder(board["name"], side)
            assert [dict(s["cost"].get("resources", {})) for s in spec["stages"]] == [
                {k: v for k, v in st.cost.as_dict().items() if v and k != "coins"} for st in ours.stages
            ], (board["name"], side)
