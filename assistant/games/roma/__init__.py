"""Roma (Stefan Feld, 2005) for two players: the whole game turn by turn, every card and
battle, with the deck's hidden cards tracked by name. See data/roma/rules.md and
docs/notation/roma.md."""

from assistant.games.roma.ruleset import Roma

RULESET = Roma()

__all__ = ["RULESET", "Roma"]
