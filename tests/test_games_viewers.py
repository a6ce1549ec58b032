"""The leak invariant (issue 20): what a viewer is shown never depends on a face that viewer
may not see.

Over the conformance suite's random games of every registered game (tests/registry_support.py;
the game's ``simulate.random_game``: every secret face typed), entered entry by entry as the program enters them, and for every viewer
(the shared screen and each seat): each view the program shows (``describe``, ``board``,
``score``, ``legal_summary``, ``completions``, ``expecting``, the last entry's events) equals
the same view of a second game whose record has every face that viewer may not see replaced
by its unknown form (``Ruleset.public_notation``), computed straight from that game's states.
The masked record must replay, and be a fixed point: masked again, it is itself.

A view that read a hidden face, a ``seen_by`` cache that kept a stale replay, or an
``audience`` that let a seat see another's faces would each make the two differ.
"""

from __future__ import annotations

import json
import os

import pytest

from assistant.core.errors import EntryError
from assistant.core.game import Game
from assistant.core.viewer import PUBLIC, Viewer

from registry_support import games, keeps_secrets, random_game, seals_choices, setting

#: Random games per game (each replayed once per viewer); ASSISTANT_SOAK_GAMES raises it.
GAMES_PER_GAME = max(int(os.environ.get("ASSISTANT_SOAK_GAMES", "100")) // 20, 3)


def _through(game: Game, viewer: Viewer) -> dict[str, object]:
    """Every view of ``game`` as the program shows it to ``viewer``."""
    return {
        "describe": json.dumps(game.describe(viewer=viewer), sort_keys=True, default=str),
        "board": game.board(viewer=viewer),
        "score": json.dumps(game.score(viewer=viewer).to_json(), sort_keys=True, default=str),
        "summary": game.legal_summary(viewer=viewer),
        "completions": game.completions(viewer=viewer),
        "expecting": repr(game.expecting(viewer=viewer)),
        "events": game.last_events(viewer=viewer),
    }


def _direct(masked: Game, viewer: Viewer) -> dict[str, object]:
    """The same views computed straight from the masked game's state (its own faces shown to
    a seat; none to the shared screen)."""
    rules, state, shown = masked.ruleset, masked.state, not viewer.public
    return {
        "describe": json.dumps(rules.describe(state, reveal=shown), sort_keys=True, default=str),
        "board": rules.board(state, reveal=shown),
        "score": json.dumps(rules.score(state, reveal=shown).to_json(), sort_keys=True, default=str),
        "summary": list(rules.legal_summary(state)),
        "completions": list(rules.completions(state)),
        "expecting": repr(rules.expecting(state)),
        "events": rules.events(masked.states[-2], masked.states[-1]) if masked.entries else [],
    }


@pytest.mark.parametrize("game_name", games())
def test_games_viewers_see_nothing_they_may_not(game_name):
    """A game that keeps secrets (its ruleset overrides ``public_notation``) must hide some face
    in its random games, or nothing was tested; a game without secrets (the toy game) shows
    every entry as typed, and the views must still agree."""
    hidden = 0
    for seed in range(GAMES_PER_GAME):
        truth = random_game(game_name, seed)
        hidden += _views_match(truth, f"{game_name} seed {seed} {setting(game_name, seed)}")
    if keeps_secrets(game_name):
        assert hidden, f"{game_name}: no random game hid a face from anyone: nothing was tested"
    else:
        assert not hidden, f"{game_name}: a game without secrets showed an entry in another form"


#: the games whose choices made out of sight are sealed until the last one is in (7 Wonders)
SEALING = [game for game in games() if seals_choices(game)]


@pytest.mark.parametrize("game_name", SEALING)
def test_games_viewers_see_no_sealed_choice_before_the_last_one(game_name):
    """Random games with every choice of a turn or phase entered out of sight, as the phones
    enter them (7 Wonders: ``7w.secrets.sealed``): the invariant holds, and choices were sealed."""
    for seed in range(GAMES_PER_GAME):
        truth = _sealed(random_game(game_name, seed))
        assert any(entry.text.startswith("sealed ") for entry in truth.entries)
        assert _views_match(truth, f"{game_name} sealed seed {seed} {setting(game_name, seed)}")


#: the sealed variants: "7wonders sealed" is 7 Wonders with every choice entered as the phones
#: enter them
SEALED = [f"{game} sealed" for game in SEALING]


def _truth(game_name: str, seed: int) -> Game:
    """A random game of ``game_name`` (``GAME sealed``: that game, its choices sealed)."""
    if game_name in SEALED:
        return _sealed(random_game(game_name.removesuffix(" sealed"), seed))
    return random_game(game_name, seed)


def _sealed(truth: Game) -> Game:
    """The same game with every entry entered as a phone enters it (``Ruleset.sealed``)."""
    game = Game(truth.ruleset, truth.seats, truth.options)
    for entry in truth.entries:
        game.push(game.ruleset.sealed(game.state, entry.move).notation())
    return game


def _views_match(truth: Game, where: str) -> int:
    """Check every view of every viewer after every entry of ``truth`` against the masked
    record; the number of entries some viewer saw in another form."""
    hidden = 0
    viewers = [PUBLIC, *(Viewer.of(seat) for seat in truth.seats)]
    live = Game(truth.ruleset, truth.seats, truth.options)
    masked = {viewer: Game(truth.ruleset, truth.seats, truth.options) for viewer in viewers}
    for ply, entry in enumerate(truth.entries, 1):
        live.push(entry.text)
        for viewer in viewers:
            text = truth.seen_text(ply, viewer)
            hidden += text != entry.text
            try:
                masked[viewer].push(text)
            except EntryError as exc:  # pragma: no cover - the message is the point
                pytest.fail(f"{where}, ply {ply}: {viewer}'s form {text!r} of {entry.text!r} is refused: {exc}")
            shown, expected = _through(live, viewer), _direct(masked[viewer], viewer)
            for view, value in shown.items():
                assert value == expected[view], (
                    f"{where}, ply {ply} ({entry.text!r}), {viewer}: the {view} differs from the "
                    f"game with the faces {viewer} may not see replaced"
                )
    for viewer, game in masked.items():
        assert game.seen_by(viewer) is game, f"{where}: {viewer}'s masked record is not its own view"
    return hidden


# -- the board page of ``serve`` (rule core.serve) --------------------------------------------------
@pytest.mark.parametrize("game_name", [*games(), *SEALED])
def test_games_viewers_served_board_page_is_the_same_whatever_secret_was_typed(game_name):
    """Over random games with every secret typed: the board page (as sent: its HTML) of the
    game is the page of the same game entered with every secret face in its unknown form, at
    every third ply and at the end: so no face hidden at an entry can reach a page."""
    from assistant.core.game import Game
    from assistant.core.viewer import PUBLIC
    from assistant.service.live import view_of
    from assistant.web.pages import board_page

    for seed in range(GAMES_PER_GAME):
        truth = _truth(game_name, seed)
        public = Game(truth.ruleset, truth.seats, truth.options)
        live = Game(truth.ruleset, truth.seats, truth.options)
        for ply, entry in enumerate(truth.entries, 1):
            live.push(entry.text)
            public.push(truth.seen_text(ply, PUBLIC))
            if ply % 3 and ply != truth.ply:
                continue  # every third ply and the last: the page is the same work each time
            mine = board_page(view_of(1, "t", "active", live))
            theirs = board_page(view_of(1, "t", "active", public))
            assert mine == theirs, (game_name, seed, ply, entry.text)


@pytest.mark.parametrize("game_name", [*games(), *SEALED])
def test_games_viewers_seat_phone_page_is_the_same_whatever_others_typed(game_name):
    """The leak invariant for the phones (issue 21): over random games with every secret
    typed, each seat's phone page (its HTML, buttons included) rendered from the full record
    equals the page rendered from the record where every entry that seat may not see is in its
    public form, every third ply and at the end: so no other seat's secret face can reach it."""
    from assistant.service.live import seat_view_of
    from assistant.web.pages import seat_page

    for seed in range(max(GAMES_PER_GAME // 2, 2)):
        truth = _truth(game_name, seed)
        live = Game(truth.ruleset, truth.seats, truth.options)
        masked = {seat: Game(truth.ruleset, truth.seats, truth.options) for seat in truth.seats}
        for ply, entry in enumerate(truth.entries, 1):
            live.push(entry.text)
            for seat, game in masked.items():
                game.push(truth.seen_text(ply, Viewer.of(seat)))
            if ply % 3 and ply != truth.ply:
                continue
            for seat, game in masked.items():
                mine = seat_page(seat_view_of(1, "t", "active", live, seat))
                theirs = seat_page(seat_view_of(1, "t", "active", game, seat))
                assert mine == theirs, (game_name, seed, ply, entry.text, seat)
