"""The game as each viewer knows it, worked out in the tests from the ruleset's own rules
(``Ruleset.audience``, ``Ruleset.public_notation``) rather than from ``Game.seen_by``, so that the
per-game viewer tests (tests/<game>/test_<game>_viewer.py) check the program's views against an
independent replay."""

from __future__ import annotations

import json

from assistant.core.errors import EntryError
from assistant.core.game import Game


def known_texts(game: Game, seat: str | None) -> list[str]:
    """The record as ``seat`` knows it (``None``: the shared screen): the entries whose faces
    the viewer may see as typed, every other one in its public form."""
    rules = game.ruleset
    texts = []
    for before, entry in zip(game.states, game.entries):
        who = rules.audience(before, entry.move)
        seen = who is None or (seat is not None and seat in who)
        texts.append(entry.text if seen else rules.public_notation(before, entry.move))
    return texts


def replayed(game: Game, texts: list[str]) -> Game:
    """A new game of the same table with ``texts`` entered one by one (each must be accepted)."""
    copy = Game(game.ruleset, list(game.seats), dict(game.options))
    for ply, text in enumerate(texts, 1):
        try:
            copy.push(text)
        except EntryError as exc:  # pragma: no cover - the message says which entry
            raise AssertionError(f"entry {ply} '{text}' (typed '{game.entries[ply - 1].text}') refused: {exc}") from exc
    return copy


def public_views(rules, state) -> dict[str, object]:
    """Everything the shared screen shows of ``state``."""
    return {
        "describe": json.dumps(rules.describe(state), sort_keys=True),
        "board": rules.board(state),
        "score": json.dumps(rules.score(state).to_json(), sort_keys=True),
        "summary": rules.legal_summary(state),
        "completions": rules.completions(state),
        "expecting": rules.expecting(state),
    }


def assert_same_public_views(game: Game, public: Game, plies=None) -> None:
    """The shared screen of the game replayed from its public record is the shared screen of
    the game itself, at every ply (or at ``plies``): a difference is a view that depends on a
    secret face or on what was typed of it."""
    rules = game.ruleset
    for ply in plies if plies is not None else range(game.ply + 1):
        mine, theirs = public_views(rules, game.states[ply]), public_views(rules, public.states[ply])
        for key in mine:
            assert mine[key] == theirs[key], (ply, key, game.entries[ply - 1].text if ply else "")
