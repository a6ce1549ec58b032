"""Sylla (Dominique Ehrhard, Ystari 2008): five rounds of seven phases followed entry by entry,
with the printed components the table reads off entered as they come into play."""

from assistant.games.sylla.ruleset import RULESET, Sylla

__all__ = ["RULESET", "Sylla"]
