"""The small 7 Wonders defects found at the table (issue 12), one test each: a suggestion is an
entry that is accepted, a mistyped verb gets a "did you mean", a name that is no player says
so with the players listed, a second leader hand is refused, and a new game says the options
in play."""

from __future__ import annotations

import pytest

from assistant.core.errors import AmbiguousEntry, IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.games.sevenwonders.rules.resolution import skip_draft
from assistant.games.sevenwonders import RULESET

SEATS = ["Ada", "Bob", "Cleo"]


def new(**options: str) -> Game:
    return Game(RULESET, SEATS, dict(options))


def refusal(game: Game, entry: str) -> InvalidEntry | IllegalMove:
    with pytest.raises((InvalidEntry, IllegalMove)) as info:
        game.push(entry)
    return info.value


@pytest.mark.parametrize("entry", ["cleo board Babylon C", "cleo board Babylon", "cleo board Babylon-C"])
def test_7w_board_side_hint_is_an_accepted_entry(entry: str) -> None:
    game = new()
    error = refusal(game, entry)
    assert error.hint == "Cleo board Babylon A"
    game.push(error.hint)  # the suggestion itself is accepted
    assert game.state.city("Cleo").wonder == "Babylon"


def test_7w_board_side_names_the_wrong_side() -> None:
    error = refusal(new(), "cleo board Babylon C")
    assert "A or B, not 'C'" in error.message


def test_7w_unknown_board_gets_did_you_mean() -> None:
    error = refusal(new(), "cleo board Babilonn")
    assert "Babylon" in (error.hint or "")


def test_7w_verb_typo_gets_did_you_mean_with_the_entry() -> None:
    game = new(boards="Gizah A, Rhodes A, Babylon A", leaders="false")
    error = refusal(game, "ada bild Baths")
    assert error.rule == "7w.notation" and "did you mean build?" in (error.hint or "")
    assert error.hint.endswith("(Ada build Baths)")
    game.push("Ada build Baths")
    assert "did you mean board?" in (refusal(new(), "ada bord Gizah A").hint or "")


def test_7w_verb_typo_without_player_gets_did_you_mean() -> None:
    game = new(boards="Gizah A, Rhodes A, Babylon A", leaders="false")
    for player in ("ada", "bob"):
        game.push(f"{player} build Baths" if player == "ada" else "bob sell Altar")
    error = refusal(game, "bild Altar")  # only Cleo is awaited
    assert error.hint == "did you mean build? (Cleo build Altar)"


@pytest.mark.parametrize("entry", ["dan board Gizah A", "aad board Gizah A", "xyz Baths"])
def test_7w_name_that_is_no_player_says_so(entry: str) -> None:
    error = refusal(new(), entry)
    first = entry.split()[0]
    assert error.rule == "core.players"
    assert error.message == f"{first} is not a player in this game"
    assert error.hint == "the players: Ada, Bob, Cleo"
    assert "did you mean" not in error.hint


def test_7w_player_prefix_of_two_still_ambiguous() -> None:
    game = Game(RULESET, ["Anna", "Anton", "Cleo"], {})
    with pytest.raises(AmbiguousEntry) as info:
        game.push("an board Gizah A")
    assert set(info.value.candidates) == {"Anna", "Anton"}


def test_7w_second_leader_hand_is_refused() -> None:
    game = new(boards="Gizah A, Rhodes A, Babylon A")
    game.states[-1] = skip_draft(game.state)  # at Age I's Recruitment, the draft off the record
    game.push("ada leaders Caesar, Nero, Midas, Plato")
    ply = game.ply
    error = refusal(game, "ada leaders Caesar, Nero, Midas, Aristotle")
    assert isinstance(error, IllegalMove) and error.rule == "7w.leaders.hand"
    assert "already entered" in error.message and "Plato" not in error.message  # 7w.secrets
    assert "undoing (or amending)" in (error.hint or "")
    assert game.ply == ply and game.state.city("Ada").hand == ("Caesar", "Nero", "Midas", "Plato")
    refusal(game, "ada leaders Caesar, Nero, Midas, Plato")  # the same hand again: also refused
    game.pop()  # a typo is corrected by taking the entry back
    game.push("ada leaders Caesar, Nero, Midas, Aristotle")
    assert game.state.city("Ada").hand == ("Caesar", "Nero", "Midas", "Aristotle")


def test_7w_new_game_says_the_options_in_play() -> None:
    assert "7 Wonders with Leaders" in RULESET.expecting(new().state).message
    without = new(leaders="false", boards="Gizah A, Rhodes A, Babylon A")
    assert without.state.phase == "turn"
    assert without.state and "7 Wonders without Leaders" in RULESET.expecting(without.state).message
    held = new(boards="Gizah A, Rome B, Babylon A", rome_b_coins="held")
    assert "with Leaders, rome_b_coins=held" in RULESET.expecting(held.state).message
    assert RULESET.describe(held.state)["options"] == "with Leaders, rome_b_coins=held"
    assert "with Leaders" in RULESET.board(held.state).splitlines()[0]


def test_7w_options_leave_the_prompt_after_the_opening() -> None:
    game = new(leaders="false", boards="Gizah A, Rhodes A, Babylon A")
    game.push("ada build Baths")
    game.push("bob build Altar")
    game.push("cleo build Theater")
    assert "Leaders" not in RULESET.expecting(game.state).message


def test_7w_describe_gives_the_boards_or_nothing() -> None:
    game = new()
    assert "boards" not in RULESET.describe(game.state)
    game.push("ada board Gizah A")
    assert "boards" not in RULESET.describe(game.state)
    game.push("bob board Rhodes B")
    game.push("cleo board Babylon A")
    assert RULESET.describe(game.state)["boards"] == "Gizah A, Rhodes B, Babylon A"
    assert RULESET.describe(new(boards="Gizah A, Rhodes B, Babylon A").state)["boards"] == "Gizah A, Rhodes B, Babylon A"
