"""PAX (Bernd Eisenstein, Irongames 2011) for 1 to 4 players: the whole game entry by entry,
the two-stage verdict (did Rome win? then who?) and the scoring of a final table.

Modules: ``cards`` (categories, known component facts, the card token), ``state`` (the frozen
game state), ``deck`` (the deck and cards taken off it), ``moves`` and ``notation`` (entries),
``engine`` (the rules as transitions), ``scoring`` (strengths, verdict, points), ``table``
(final-table files), ``ruleset`` (the protocol).
"""

from assistant.games.pax.ruleset import RULESET, PaxRuleset

__all__ = ["RULESET", "PaxRuleset"]
