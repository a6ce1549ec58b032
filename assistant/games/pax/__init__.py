"""PAX (Bernd Eisenstein, Irongames 2011) for 1 to 4 players: the whole game entry by entry,
the two-stage verdict (did Rome win? then who?) and the scoring of a final table.

Modules (the same roles as every game, docs/architecture.md): ``components`` (categories,
known component facts, the card token, the catalogue), ``state`` (the frozen game state),
``moves`` and ``notation`` (entries), ``rules`` (check and apply, by phase), ``legal`` (the
legal entries), ``scoring`` (strengths, verdict, points), ``table`` (final-table files),
``simulate`` (a random table), ``view`` (prompt, description, events), ``texts`` (rule texts),
``ruleset`` (the protocol, wiring only); and ``deck`` (the face-down deck and the cards taken
off it).
"""

from assistant.games.pax.ruleset import RULESET, PaxRuleset

__all__ = ["RULESET", "PaxRuleset"]
