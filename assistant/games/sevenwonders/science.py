"""Science scoring (rule ``7w.scoring.science``) with wildcards assigned to maximise the score.

With c, g, t the compass, gear and tablet counts from every source (green cards, the
symbol leaders Euclid/Ptolemy/Pythagoras, assigned wildcards), science scores
c² + g² + t² + 7 x min(c, g, t). Wildcards (Babylon's stage, the Scientists Guild, a
Scientists Guild copied by Olympia B) are chosen at the end of the game for the best total.
Aristotle adds 3 VP per set: that bonus is reported separately (it belongs to the
``leaders`` category) but the wildcards maximise science + bonus together.

>>> science_points(3, 2, 1)
21
>>> science_points(3, 2, 2)
31
>>> best = best_science({"compass": 1, "gear": 1, "tablet": 0}, wildcards=1)
>>> best.counts, best.points, best.assigned
((1, 1, 1), 10, ('tablet',))
>>> best_science({"compass": 2}, wildcards=1, set_bonus=3).points   # 3 compasses: 9
9
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations_with_replacement

SYMBOLS = ("compass", "gear", "tablet")
SET_VALUE = 7


def science_points(compass: int, gear: int, tablet: int, set_value: int = SET_VALUE) -> int:
    """Identical symbols score the square of their count; each set of 3 scores ``set_value``."""
    return compass * compass + gear * gear + tablet * tablet + set_value * min(compass, gear, tablet)


@dataclass(frozen=True)
class ScienceResult:
    """The best assignment: final ``counts`` (compass, gear, tablet), the wildcards'
    ``assigned`` symbols, the science ``points``, the number of ``sets`` and the ``bonus``
    (Aristotle's extra VP per set, reported under leaders)."""

    counts: tuple[int, int, int]
    assigned: tuple[str, ...]
    points: int
    sets: int
    bonus: int

    @property
    def total(self) -> int:
        """The science points with this assignment of wildcards."""
        return self.points + self.bonus

    def text(self) -> str:
        """A readable working: ``compass 3, gear 2, tablet 1: 9 + 4 + 1 + 7 x 1 = 21``."""
        c, g, t = self.counts
        parts = f"compass {c}, gear {g}, tablet {t}"
        if self.assigned:
            parts += " (wildcards: " + ", ".join(self.assigned) + ")"
        return f"{parts}: {c * c} + {g * g} + {t * t} + 7 x {self.sets} = {self.points}"


def best_science(fixed: Mapping[str, int], wildcards: int = 0, set_bonus: int = 0) -> ScienceResult:
    """The assignment of ``wildcards`` that maximises science + ``set_bonus`` x sets.

    Among assignments of the same total, the one with the most science points is taken (with
    Aristotle a wildcard may make a set worth 7 + 3 or an identical symbol worth as much: the
    science row is then the larger, and Aristotle's row gets only what it really adds); then
    the symbol order compass, gear, tablet, so the result is deterministic.

    >>> r = best_science({"gear": 1, "tablet": 5}, wildcards=1, set_bonus=3)
    >>> r.counts, r.points, r.bonus
    ((0, 1, 6), 37, 0)
    """
    base = tuple(int(fixed.get(s, 0)) for s in SYMBOLS)
    best: ScienceResult | None = None
    for combo in combinations_with_replacement(SYMBOLS, wildcards):
        counts = tuple(base[i] + combo.count(s) for i, s in enumerate(SYMBOLS))
        c, g, t = counts
        sets = min(counts)
        result = ScienceResult((c, g, t), tuple(combo), science_points(c, g, t), sets, set_bonus * sets)
        if best is None or (result.total, result.points) > (best.total, best.points):
            best = result
    assert best is not None
    return best
