"""The game protocol (assistant/core/protocol.py): ``Ruleset[State, Move]`` with its required
verbs abstract, so a game that lacks one fails the day it is written, not mid-game."""

from __future__ import annotations

import pytest

from assistant.core.protocol import Ruleset
from registry_support import games, ruleset
from toygame import Pebbles

REQUIRED = {"setup", "expecting", "phase_of", "parse", "check", "apply", "score"}


def test_protocol_the_required_verbs_are_abstract():
    assert Ruleset.__abstractmethods__ == REQUIRED


@pytest.mark.parametrize("missing", sorted(REQUIRED))
def test_protocol_a_ruleset_lacking_a_verb_cannot_be_made(missing):
    lacking = type("Lacking", (Ruleset,), {verb: getattr(Pebbles, verb) for verb in REQUIRED - {missing}})
    with pytest.raises(TypeError, match=missing):
        lacking()
    assert isinstance(Pebbles(), Ruleset)  # with every verb, a game can be made


@pytest.mark.parametrize("game", games())
def test_protocol_every_registered_game_implements_every_verb(game):
    for verb in REQUIRED:
        assert getattr(type(ruleset(game)), verb) is not getattr(Ruleset, verb), f"{game} lacks {verb}"
