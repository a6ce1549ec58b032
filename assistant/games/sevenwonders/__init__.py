"""7 Wonders (1st edition) with the Leaders expansion: the tracked game, final-table scoring,
catalogue and rule texts. ``RULESET`` is what the registry loads."""

from assistant.games.sevenwonders.ruleset import SevenWonders

RULESET = SevenWonders()

__all__ = ["RULESET", "SevenWonders"]
