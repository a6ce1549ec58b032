"""The rules of a tracked game: :func:`check` judges an entry (raises IllegalMove, changes
nothing) and :func:`apply` changes the state (automatic steps included: the resolution of a
turn or phase once every choice is in, the extra steps skipped when they have no choice,
conflicts and the next Age).

* :mod:`.setup`: the state before the first entry;
* :mod:`.legality`: whether an entry is legal now, with the rule id and what is legal instead;
* :mod:`.resolution`: resolving turns, Recruitment phases and extra steps, the Ages' ends.
"""

from assistant.games.sevenwonders.rules.legality import check
from assistant.games.sevenwonders.rules.resolution import apply
from assistant.games.sevenwonders.rules.setup import normal_options, setup

__all__ = ["apply", "check", "normal_options", "setup"]
