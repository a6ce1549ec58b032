"""Choices made out of sight and turned over together (``7w.secrets.sealed``): a sealed choice
is checked in full, seen by the table as ``ada chose``, and shown by the last choice of its
turn (``reveal …``); a record of what each viewer saw replays to the same public table."""

from __future__ import annotations

import pytest

from assistant.core.errors import EntryError, IllegalMove
from assistant.core.game import Game
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.moves import Build, Chose, Sealed, Sell
from viewer_support import known_texts, replayed

BOARDS = "Gizah A, Rhodes A, Babylon A"


def fresh() -> Game:
    """Three players without Leaders at Age I, turn 1 (every hand unknown)."""
    game = Game(RULESET, ["ada", "bob", "cleo"], {"leaders": "false", "boards": BOARDS})
    assert game.state.phase == "turn"
    return game


def refused(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


def test_7w_secrets_sealed_choice_is_seen_as_chose_until_the_last_choice() -> None:
    game = fresh()
    game.push("sealed ada build Lumber Yard")
    game.push("sealed bob sell Baths")
    game.push("cleo build Stone Pit")
    assert game.public_texts() == ["ada chose", "bob chose", "reveal ada build Lumber Yard; bob sell; cleo build Stone Pit"]
    before = game.states
    assert RULESET.audience(before[0], game.entries[0].move) == frozenset({"ada"})
    assert RULESET.audience(before[2], game.entries[2].move) == frozenset()  # every seat replays the reveal
    assert game.state.turn == 2 and game.state.sealed == ()
    assert "Lumber Yard" in game.state.city("ada").cards and game.state.city("bob").coins == 6


def test_7w_secrets_sealed_the_table_and_each_seat_replay_the_same_public_table() -> None:
    game = fresh()
    for entry in ("sealed ada build Lumber Yard", "sealed bob sell Baths", "sealed cleo sell Altar"):
        game.push(entry)
    public = RULESET.describe(game.state)
    for seat in (None, "ada", "bob", "cleo"):
        copy = replayed(game, known_texts(game, seat))
        assert RULESET.describe(copy.state) == public, seat


def test_7w_secrets_sealed_pending_choice_known_to_its_player_only() -> None:
    game = fresh()
    game.push("sealed bob sell Baths")
    assert game.state.choices[1] == Sell("bob", "Baths") and game.state.sealed == ("bob",)
    seen = replayed(game, known_texts(game, "ada"))
    assert seen.state.choices[1] == Chose("bob")
    own = replayed(game, known_texts(game, "bob"))
    assert own.state.choices[1] == Sell("bob", "Baths")


def test_7w_secrets_sealed_choice_is_checked_in_full() -> None:
    game = fresh()
    exc = refused(game, "sealed ada build Palace")  # an Age III card in Age I
    assert exc.rule != "7w.secrets.sealed"
    assert game.entries == []


def test_7w_secrets_sealed_only_a_choice_of_a_turn_or_phase() -> None:
    game = Game(RULESET, ["ada", "bob", "cleo"], {"leaders": "false"})
    assert refused(game, "sealed ada board Gizah A").rule == "7w.secrets.sealed"


def test_7w_secrets_sealed_chose_typed_at_the_table_then_the_reveal() -> None:
    """A choice known to be made but not entered (``ada chose``) is named in the reveal; the
    last choice cannot come in without it, and ``chose`` is never the last choice."""
    game = fresh()
    game.push("ada chose")
    game.push("sealed bob sell Baths")
    assert refused(game, "cleo chose").rule == "7w.secrets.sealed"
    exc = refused(game, "cleo build Stone Pit")
    assert exc.rule == "7w.secrets.sealed" and "reveal ada" in (exc.hint or "")
    game.push("reveal ada build Lumber Yard; bob sell; cleo build Stone Pit")
    assert "Lumber Yard" in game.state.city("ada").cards and game.state.turn == 2


def test_7w_secrets_sealed_reveal_refusals() -> None:
    game = fresh()
    game.push("sealed ada build Lumber Yard")
    game.push("bob sell")
    missing = refused(game, "reveal cleo build Stone Pit")
    assert missing.rule == "7w.secrets.sealed" and "ada" in missing.message
    open_one = refused(game, "reveal ada build Lumber Yard; bob sell; cleo build Stone Pit")
    assert open_one.rule == "7w.secrets.sealed" and "bob has no sealed choice" in open_one.message
    changed = refused(game, "reveal ada build Stone Pit; cleo build Clay Pool")
    assert changed.rule == "7w.secrets.sealed" and "not the one entered" in changed.message
    game.push("reveal ada build Lumber Yard; cleo build Stone Pit")
    assert game.state.turn == 2


def test_7w_secrets_sealed_reveal_of_an_entry_no_player_makes() -> None:
    """A part of a reveal that is no player's choice (the draft's pass, ``draft``) is refused
    like any other wrong part, whether a sealed choice waits or not (it once raised an
    AttributeError: the reveal's player is its last part's)."""
    game = fresh()
    for entry in ("reveal draft", "reveal sealed draft"):
        assert refused(game, entry).rule == "7w.secrets.sealed"
    game.push("sealed ada build Lumber Yard")
    game.push("bob sell")
    for entry in ("reveal ada build Lumber Yard; draft", "reveal draft; cleo build Stone Pit"):
        wrong = refused(game, entry)
        assert wrong.rule == "7w.secrets.sealed" and "each player's choice once" in wrong.message
    game.push("reveal ada build Lumber Yard; cleo build Stone Pit")
    assert game.state.turn == 2


@pytest.mark.parametrize("seed", [1, 2])
def test_7w_secrets_sealed_any_entry_inside_sealed_or_reveal_is_judged_not_crashed(seed: int) -> None:
    """Whatever entry stands inside ``sealed`` or a ``reveal`` (a choice, the draft's pass, a
    ``chose``, a correction, a position line, another ``sealed``), the entry is accepted or
    refused with a rule: never another exception."""
    from assistant.games.sevenwonders.simulate import random_game

    game = random_game(seed, 3 + seed)
    seat = game.seats[0]
    inner = ["draft", f"{seat} chose", f"sealed {seat} sell", f"correct {seat} coins +1 because x",
             f"position {seat} coins 3", "reveal draft"]
    for state in game.states[::7]:
        kinds = {type(m): m.notation() for m in RULESET.legal_moves(state)}
        for text in [*inner, *kinds.values()]:
            for entry in (f"sealed {text}", f"reveal {text}", f"reveal {text}; {text}"):
                try:
                    RULESET.check(state, RULESET.parse(state, entry))
                except EntryError:
                    pass


def test_7w_secrets_sealed_is_what_an_entry_out_of_sight_becomes() -> None:
    """``Ruleset.sealed``: a choice of a turn or a phase entered on a phone or at ``secret``."""
    game = fresh()
    move = RULESET.parse(game.state, "ada build Lumber Yard")
    assert RULESET.sealed(game.state, move) == Sealed(move)
    board = Game(RULESET, ["ada", "bob", "cleo"], {"leaders": "false"})
    setting = RULESET.parse(board.state, "ada board Gizah A")
    assert RULESET.sealed(board.state, setting) is setting
    assert isinstance(RULESET.parse(game.state, "sealed ada build Lumber Yard").choice, Build)


def test_7w_secrets_sealed_free_city_choice_entered_by_its_holder() -> None:
    """``7w.2p.turn``: the Free City's choice is made by the player holding its card, so that
    player's phone enters it (sealed like any choice)."""
    game = Game(RULESET, ["ada", "bob"], {"leaders": "false", "boards": "Gizah A, Rhodes A, Babylon A"})
    holder = game.state.seats[game.state.holder()]
    game.push(f"sealed {holder} build Lumber Yard")
    offered = list(RULESET.legal_moves_of(game.state, holder))
    free = [m for m in offered if m.player != holder]
    assert free and {RULESET.entered_by(game.state, m) for m in free} == {holder}
    assert game.public_texts() == [f"{holder} chose"]


def test_7w_secrets_sealed_recruitment_after_a_draft_played_off_the_record() -> None:
    """The first Recruitment choices of a game whose leader draft was not entered are sealed
    too (``7w.leaders.draft``: the first Recruitment entry ends the draft off the record)."""
    game = Game(RULESET, ["ada", "bob", "cleo"], {"leaders": "true", "boards": BOARDS})
    assert game.state.phase == "draft"
    move = RULESET.parse(game.state, "ada recruit Caesar")
    assert RULESET.sealed(game.state, move) == Sealed(move)
    game.push("sealed ada recruit Caesar")
    game.push("sealed bob recruit Nero")
    game.push("sealed cleo sell Midas")
    assert game.public_texts() == ["ada chose", "bob chose", "reveal ada recruit Caesar; bob recruit Nero; cleo sell"]
    assert game.state.phase == "turn" and "Caesar" in game.state.city("ada").leaders
