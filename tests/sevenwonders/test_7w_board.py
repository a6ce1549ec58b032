"""The board at a glance (``RULESET.board``) and the grouped legal entries
(``RULESET.legal_summary``), issue 12: at every position of every record and of random games,
no line longer than 80 columns, every player's name and figures whole, nothing secret without
``reveal``; and one known position as the table sees it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sevenwonders.rules.resolution import skip_draft
from assistant.games.sevenwonders import RULESET, powers, scoring
from assistant.games.sevenwonders.simulate import random_game
from assistant.games.sevenwonders.state import SKIP, SWState
from assistant.games.sevenwonders.view import LEGEND

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests/records/7wonders").glob("*.txt"))


def replay(path: Path) -> Game:
    return Game.from_record(RULESET, read_record(path.read_text(encoding="utf-8")))


def positions(game: Game) -> list[SWState]:
    """The start, about every tenth position and the end."""
    states = game.states
    return [*states[:: max(1, len(states) // 10)], states[-1]]


def city_rows(state: SWState, text: str) -> dict[str, list[str]]:
    """Each city's lines of the board (its name to the next city's), in seat order."""
    lines = text.splitlines()
    rows: dict[str, list[str]] = {}
    at = 3 if lines[1].startswith(("still", "waiting", "won", "to enter")) else 2
    for k, name in enumerate(state.seats):
        start = next(j for j in range(at, len(lines)) if lines[j].startswith(name))
        nxt = state.seats[k + 1] if k + 1 < state.n else None
        end = next((j for j in range(start + 1, len(lines)) if nxt and lines[j].startswith(nxt)), len(lines))
        rows[name] = [line for line in lines[start:end] if line != LEGEND]
        at = end
    return rows


def check_board(state: SWState) -> None:
    """The promises of the board and the legal summary at one position."""
    text = RULESET.board(state)
    for line in [*text.splitlines(), *RULESET.board(state, reveal=True).splitlines()]:
        assert len(line) <= 80, line
    summary = RULESET.legal_summary(state)
    assert 1 <= len(summary) <= 10, summary
    for line in summary:
        assert len(line) <= 80, line
    cities = scoring.cities_of(state)
    for i, (name, lines) in enumerate(city_rows(state, text).items()):
        city = state.cities[i]
        assert lines[0].startswith(name)
        if state.phase == "boards":  # nothing dealt yet: the board when entered
            assert city.wonder in lines[0] if city.wonder else "(board to enter)" in lines[0]
            continue
        words = " ".join(lines).split()
        figures = [f"{city.stages}/{len(city.board.stages)}", str(city.coins), str(powers.shields(city))]
        figures += [f"{sum(city.tokens):+d}", str(scoring.score_city(cities, i).total), city.wonder]
        for figure in figures:
            assert figure in words, (name, figure, lines)
        for leader in city.leaders:
            assert leader in " ".join(lines)
    # nothing secret without reveal: the entered hands and the pending choices
    secret_words = {leader for c in state.cities for leader in c.hand or ()}
    shown = text + "\n" + "\n".join(summary)
    assert "chose:" not in shown and "hand:" not in shown
    for leader in secret_words:
        if not any(leader in c.leaders or leader == c.courtesan for c in state.cities):
            assert not re.search(rf"\b{leader}\b", shown), leader
    if state.phase in ("turn", "recruit") and any(c not in (None, SKIP) for c in state.choices):
        assert "chose:" in RULESET.board(state, reveal=True)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_7w_board_fits_at_every_recorded_position(path: Path) -> None:
    for state in positions(replay(path)):
        check_board(state)


@pytest.mark.parametrize("players", range(2, 8))
def test_7w_board_fits_in_random_games(players: int) -> None:
    for seed in range(2):
        for state in positions(random_game(seed, players, {"leaders": "true" if seed == 0 else "false"})):
            check_board(state)


def test_7w_board_keeps_long_names_whole() -> None:
    long = "Maximilian Alexander von Hohenzollern-Sigmaringen der Zweite"
    game = Game(RULESET, [long, "Bo", "Cleopatra Philopator"], {"boards": "Halikarnassos B, Rhodes B, Alexandria A"})
    game.push("Max recruit Nebuchadnezzar")
    text = RULESET.board(game.state)
    assert long in text.splitlines() and "Cleopatra Philopator" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    check_board(game.state)
    wide = RULESET.board(game.state, wide=True, reveal=True)
    assert any(line.startswith(long + " ") and "Halikarnassos B" in line for line in wide.splitlines())
    assert "chose: recruit Nebuchadnezzar" in wide


# A known position: the hand-written 3-player game with Leaders at Age II, turn 6 (Ada has
# chosen; every hand was entered, so the reveal shows them).
BOARD = """\
Age II, turn 6 · with Leaders · discard pile 2
still to choose: Bob, Cleo
player board           stages coins shields mil  VP  leaders
Ada    Olympia A          2/3    14       4  +2  13  Nero, Caesar
    makes WW SS O W/S/C/O · hand 2
Bob    Babylon B          2/3     5       0  -2  17  Croesus, Archimedes
    makes CC G P · science 1 compass 2 gear 1 tablet · hand 2
Cleo   Halikarnassos A    2/3     5       5  +0  13  Maecenas, Hatshepsut
    makes S OO L C/O · science 1 compass · hand 2
makes: W wood S stone C clay O ore G glass L loom P papyrus · mil: conflicts"""
SUMMARY = [
    "Bob: build Brickyard|Sawmill|Loom|Forum|Aqueduct|Courthouse|Library · stage",
    "    sell <card>",
    "Cleo: build Brickyard|Sawmill|Glassworks|Loom|Aqueduct|Forum|Courthouse|Library",
    "    sell <card>",
]


def test_7w_board_snapshot() -> None:
    game = Game.from_record(
        RULESET, read_record((ROOT / "tests/records/7wonders/three-players-by-hand.txt").read_text(encoding="utf-8")), stop_at=45
    )
    assert RULESET.board(game.state) == BOARD
    assert RULESET.legal_summary(game.state) == SUMMARY
    revealed = RULESET.board(game.state, reveal=True)
    assert "hand: Bilkis, Zenobia · chose: build Archery Range" in revealed
    assert "hand: Aristotle, Tomyris" in revealed


def test_7w_legal_summary_hides_hands_and_groups_recruitment() -> None:
    game = Game(RULESET, ["Ada", "Bob", "Cleo"], {"boards": "Gizah A, Rome B, Babylon A"})
    game.states[-1] = skip_draft(game.state)  # at Age I's Recruitment: the draft off the record
    game.push("ada leaders Caesar, Nero, Midas, Plato")
    summary = RULESET.legal_summary(game.state)
    # Ada's entered hand is not named; nobody can pay a stage yet (Gizah A: 2 stone, none to buy)
    assert summary == ["Ada, Bob, Cleo: recruit <leader> · sell <leader>"]


def test_7w_legal_summary_at_setup_lists_boards_and_sides() -> None:
    game = Game(RULESET, ["Ada", "Bob"], {})
    assert RULESET.legal_summary(game.state) == [
        "Ada, Bob: board Rhodes|Alexandria|Ephesus|Babylon|Olympia|Halikarnassos|Gizah",
        "    |Rome A|B",
        "Free City: board Rhodes|Alexandria|Ephesus|Babylon|Olympia|Halikarnassos",  # no Rome
        "    |Gizah A|B",
    ]


def test_7w_board_shows_the_options_in_play_and_the_free_city() -> None:
    game = Game(RULESET, ["Ann", "Ben"], {"boards": "Gizah A, Rhodes B, Babylon A", "free_city_coins": "6"})
    text = RULESET.board(game.state)
    assert text.splitlines()[0] == "leader draft, pass 1 of 3 · with Leaders, free_city_coins=6 · discard pile 0"
    assert "Free City Babylon A" in text
