"""What a refusal may say when the game holds secret faces.

The engine judges an entry against the whole truth: every face that was typed, secret ones
too. Its reason may therefore name a hidden face ("Red's vote was entered as up 3", "in hand:
Caesar, Nero"). Before a refusal reaches the shared screen it passes through here:

* an entry typed in the open is judged again against the game as the table knows it
  (:meth:`Game.seen_by` ``PUBLIC``); when the table's game refuses it too, that refusal is
  told (it was worked out from what everyone sees); when only the truth refuses it, the
  refusal says that it contradicts a secret entered before, and nothing more
  (``core.hidden.conflict``);
* an entry typed at the hidden prompt (``secret``) is told the table's refusal of its public
  form when there is one, else only its rule and title (``core.hidden.withheld``): its own
  reason may name what was typed, under any spelling.

>>> from assistant.core.game import Game
>>> from assistant.games import get_ruleset
>>> game = Game(get_ruleset("roma"), ["Ann", "Ben"], {})
>>> _ = game.push("hand Ann Legat Forum Forum Turris")
>>> told = private_refusal(game, "hand Ann Forum", IllegalMove("roma.setup", "whatever"))
>>> told.rule, "Forum" in told.message
('roma.setup.hands', False)
"""

from __future__ import annotations

from assistant.core.errors import EntryError, IllegalMove
from assistant.core.game import Game
from assistant.core.viewer import PUBLIC, Viewer

#: A public entry that only a secret entered before it refuses.
CONFLICT = "core.hidden.conflict"
#: A private entry refused for a reason that may name what was typed.
WITHHELD = "core.hidden.withheld"


def _judged_by_table(game: Game, text: str, viewer: Viewer = PUBLIC) -> EntryError | None:
    """The refusal of ``text`` by the game as the table (or ``viewer``) knows it, or None if
    it takes it."""
    view = game.seen_by(viewer)
    try:
        move = view.ruleset.parse(view.state, text)
        view.ruleset.check(view.state, move)
    except EntryError as exc:
        return exc
    return None


def public_refusal(game: Game, text: str, exc: EntryError, *, viewer: Viewer = PUBLIC) -> EntryError:
    """The refusal of ``text``, typed in the open at ``game``'s position, as the table may
    hear it: ``exc`` itself in a game where the table sees every face so far; else the table's
    own refusal of the entry, or a :data:`CONFLICT` refusal that tells no face. With
    ``viewer`` (a seat's phone), the same as that seat may hear it."""
    view = game.seen_by(viewer)
    if view is game:
        return exc
    told = _judged_by_table(game, text, viewer) if view.cut is None else None
    if told is not None:
        return told
    conflict = IllegalMove(
        CONFLICT,
        "this entry does not fit a secret entered before it; the reason is not shown, as it would tell a hidden face",
        hint="whoever knows the secret can check it (log --reveal) and correct it (amend N), or check this entry",
    )
    conflict.cause_rule = exc.rule  # type: ignore[attr-defined]  # kept for tests and --reveal
    return conflict


def private_refusal(game: Game, text: str, exc: EntryError) -> EntryError:
    """The refusal of ``text``, typed at the hidden prompt, as the table may hear it: the
    table's refusal of the entry's public form when it hides a face and the table refuses
    that form too (the reason then holds nothing the table does not know), else only the rule
    and its title (an entry with nothing to hide was still typed to stay off the screen)."""
    try:
        move = game.ruleset.parse(game.state, text)
        public = game.ruleset.public_notation(game.state, move)
    except EntryError:
        public = None
    if public is not None and public != move.notation():  # else the reason names what was typed
        told = _judged_by_table(game, public)
        if told is not None:
            return told
    title = next((r.title for r in game.ruleset.rulebook() if r.id == exc.rule), "") if exc.rule else ""
    withheld = IllegalMove(
        exc.rule or WITHHELD,
        (f"{title}: " if title else "") + "refused; the reason is not shown, as it may name a hidden face",
        hint="check what was typed and type 'secret' to try again",
    )
    return withheld


def refusal(game: Game, text: str, exc: EntryError, *, private: bool = False, viewer: Viewer = PUBLIC) -> EntryError:
    """The refusal of ``text`` at ``game``'s position as ``viewer`` may hear it: typed at the
    hidden prompt (``private``), :func:`private_refusal`; else :func:`public_refusal`."""
    if private:
        return private_refusal(game, text, exc)
    return public_refusal(game, text, exc, viewer=viewer)

