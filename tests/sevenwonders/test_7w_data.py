"""Component data of 7 Wonders + Leaders (data/7wonders/*.json via components.py)."""

from __future__ import annotations

import pytest

from assistant.core.names import normalize
from assistant.games.sevenwonders import components


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_7w_setup_decks_sizes(players: int) -> None:
    assert len(components.deck(1, players)) == 7 * players
    assert len(components.deck(2, players)) == 7 * players
    # Age III: the non-guild cards plus players + 2 guilds make 7 per player.
    assert len(components.deck(3, players)) + components.guild_count(players) == 7 * players


def test_7w_setup_decks_physical_cards() -> None:
    # 49 / 49 / 40 non-guild cards at 7 players, and 10 base guilds: 148 physical cards.
    assert [len(components.deck(a, 7)) for a in (1, 2, 3)] == [49, 49, 40]
    assert len(components.guilds(leaders=False)) == 10
    assert len(components.guilds(leaders=True)) == 14
    assert sum(len(components.deck(a, 7)) for a in (1, 2, 3)) + len(components.guilds(False)) == 148


def test_7w_setup_decks_no_brown_grey_in_age3() -> None:
    assert not [c.name for c in components.deck(3, 7) if c.color in ("brown", "grey")]


def test_7w_setup_guilds_leaders_pool() -> None:
    new = {c.name for c in components.guilds(True)} - {c.name for c in components.guilds(False)}
    assert new == {"Gamers Guild", "Courtesans Guild", "Diplomats Guild", "Architects Guild"}
    assert all(c.age == 3 and c.color == "purple" for c in components.guilds(True))


def test_7w_cards_counts_from_marks() -> None:
    # copies follow the 3+ ... 7+ marks: Caravansery 3+, 5+, 6+.
    cara = components.card("Caravansery")
    assert [cara.copies(n) for n in (3, 4, 5, 6, 7)] == [1, 1, 2, 3, 3]
    assert [components.card("Vineyard").copies(n) for n in (3, 4, 5, 6, 7)] == [1, 1, 1, 2, 2]
    assert [components.card("Forum").copies(n) for n in (3, 4, 5, 6, 7)] == [1, 1, 1, 2, 3]
    assert [components.card("Arsenal").copies(n) for n in (3, 4, 5, 6, 7)] == [1, 2, 2, 2, 3]
    assert components.card("Tavern").copies(3) == 0


def test_7w_build_unique_names_across_ages() -> None:
    twice = {n for n in components.card_names() if len(components.card_versions(n)) > 1}
    assert twice == {"Loom", "Glassworks", "Press"}
    assert components.total_copies("Loom", 3) == 2
    assert components.total_copies("Loom", 7) == 4
    assert components.card("Press", age=2).id == "press_2"


def test_7w_cards_basic_science_symbols() -> None:
    from collections import Counter

    symbols = Counter(c.science for c in components.cards() if c.color == "green")
    assert symbols == Counter({"compass": 4, "gear": 4, "tablet": 4})
    assert components.card("Scientists Guild").science == "any"


def test_7w_build_chain_both_directions() -> None:
    by_name = {c.name: c for c in components.cards()}
    for c in components.cards():
        for parent in c.chains_from:
            assert c.name in by_name[parent].chains_to, (parent, c.name)
            assert by_name[parent].age < c.age
        for child in c.chains_to:
            assert c.name in by_name[child].chains_from, (c.name, child)
    assert set(components.card("Forum").chains_from) == {"East Trading Post", "West Trading Post"}
    assert components.card("Scriptorium").chains_to == ("Courthouse", "Library")
    assert all(not by_name[n].cost.coins for c in components.cards() for n in c.chains_to)


def test_7w_build_cost_examples() -> None:
    assert components.card("Library").cost.as_dict()["stone"] == 2
    assert components.card("Library").cost.get("loom") == 1
    assert components.card("Clay Pit").cost.coins == 1
    assert components.card("Palace").cost.resource_count == 7
    assert components.card("Architects Guild").cost.get("ore") == 3
    assert components.card("Courtesans Guild").cost.text() == "wood + clay + glass + loom"


def test_7w_wonder_boards() -> None:
    assert len(components.boards()) == 8
    assert len(components.wonders()) == 16
    assert sum(s.vp for s in components.wonder("Gizah", "B").stages) == 20
    assert [st.cost.text() for st in components.wonder("Rhodes", "B").stages] == ["3 stone", "4 ore"]
    assert components.wonder("Rome", "A").resource is None
    assert components.board("Rome").requires_leaders
    starts = {b.name: b.a.resource for b in components.boards()}
    assert starts == {
        "Rhodes": "ore", "Alexandria": "glass", "Ephesus": "papyrus", "Babylon": "clay",
        "Olympia": "wood", "Halikarnassos": "loom", "Gizah": "stone", "Rome": None,
    }
    totals = {s.label: sum(st.vp for st in s.stages) for s in components.wonders()}
    assert totals["Babylon B"] == 3 and totals["Rome A"] == 10 and totals["Rome B"] == 6
    assert components.wonder("Olympia", "B").stage(3).has("copy_neighbor_guild")


def test_7w_leaders_data() -> None:
    assert len(components.leaders()) == 36
    costs = {l.name: l.cost for l in components.leaders()}
    assert costs["Pericles"] == 6 and costs["Plato"] == 4 and costs["Hatshepsut"] == 2
    assert costs["Maecenas"] == 1 and costs["Caesar"] == 5
    assert "Semiramis" not in costs
    assert components.leader("Euclid").science == "compass"
    assert components.leader("Caesar").shields == 2
    assert components.leader("Cleopatra").vp == 5


@pytest.mark.parametrize(
    "text,name",
    [
        ("Bazaar", "Bazar"), ("caravanserai", "Caravansery"), ("Theatre", "Theater"),
        ("theater", "Theater"), ("Craftsmen's Guild", "Craftsmens Guild"), ("townhall", "Town Hall"),
        ("Kurtizánok céhe", "Courtesans Guild"), ("mernokok cehe", "Architects Guild"),
        ("Diplomaták céhe", "Diplomats Guild"), ("Játékosok céhe", "Gamers Guild"),
        ("spies", "Spies Guild"), ("Aquaduct", "Aqueduct"),
    ],
)
def test_7w_names_card_aliases(text: str, name: str) -> None:
    assert components.card(text).name == name


@pytest.mark.parametrize(
    "text,name",
    [
        ("Nagy Sándor", "Alexander"), ("Amüthisz", "Amytis"), ("Arkhimédész", "Archimedes"),
        ("Arisztotelész", "Aristotle"), ("Bilkísz", "Bilkis"), ("Julius Caesar", "Caesar"),
        ("Kleopátra", "Cleopatra"), ("Kroiszosz", "Croesus"), ("Eukleidész", "Euclid"),
        ("Hammurápi", "Hammurabi"), ("Hirám", "Hiram"), ("Hüpatia", "Hypatia"),
        ("I. Justinianus", "Justinian"), ("Leónidasz", "Leonidas"), ("Mídász", "Midas"),
        ("Nabukodonozor", "Nebuchadnezzar"), ("Nofertiti", "Nefertiti"), ("Periklész", "Pericles"),
        ("Pheidiasz", "Phidias"), ("Platón", "Plato"), ("Praxitelész", "Praxiteles"),
        ("Ptolemaiosz", "Ptolemy"), ("Püthagorasz", "Pythagoras"), ("II. Ramszesz", "Ramses"),
        ("Salamon", "Solomon"), ("Szapphó", "Sappho"), ("Xenophón", "Xenophon"),
    ],
)
def test_7w_names_leader_hungarian(text: str, name: str) -> None:
    assert components.leader(text).name == name


@pytest.mark.parametrize(
    "text,name",
    [("Giza", "Gizah"), ("Halicarnassus", "Halikarnassos"), ("Róma", "Rome"), ("Roma", "Rome"),
     ("Kolosszeum", "Rome"), ("Ephesos", "Ephesus"), ("Rhodos", "Rhodes")],
)
def test_7w_names_board_aliases(text: str, name: str) -> None:
    assert components.board(text).name == name


def test_7w_names_every_name_resolves_and_no_alias_is_shared() -> None:
    owners: dict[str, str] = {}
    items = [(n, components.card_versions(n)[0].aliases) for n in components.card_names()]
    items += [(l.name, l.aliases) for l in components.leaders()]
    items += [(b.name, b.aliases) for b in components.boards()]
    index = components.component_index()
    for canonical, aliases in items:
        for text in (canonical, *aliases):
            key = normalize(text)
            assert owners.setdefault(key, canonical) == canonical, (text, owners[key], canonical)
            assert index.resolve(text) == canonical


def test_7w_names_unknown_suggests() -> None:
    from assistant.core.errors import InvalidEntry

    with pytest.raises(InvalidEntry) as err:
        components.card("Barraks")
    assert "Barracks" in (err.value.hint or "")


@pytest.mark.parametrize("module", ["components", "science", "scoring", "table", "texts", "moves", "notation", "simulate"])
def test_7w_module_doctests(module: str) -> None:
    import doctest
    import importlib

    mod = importlib.import_module(f"assistant.games.sevenwonders.{module}")
    result = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
