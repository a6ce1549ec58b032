"""What every game's notation reads the same way: a table's players by name (any case, a
unique prefix) and the ``because REASON`` that ends a correction. Each game keeps its own rule
ids and wording for what it refuses; the reading itself is done once, here.

>>> seat_index(("Ann", "Ben"), "toy.notation").resolve("be")
'Ben'
>>> split_because("correct Ann coins +1 because the Vineyard  paid")
('correct Ann coins +1', 'the Vineyard paid')
>>> split_because("correct Ann coins +1")
('correct Ann coins +1', None)
>>> split_because("correct Ann coins +1 because")
('correct Ann coins +1', '')
"""

from __future__ import annotations

import re
from functools import lru_cache

from assistant.core.names import NameIndex

_BECAUSE = re.compile(r"(?<!\w)because(?!\w)", re.IGNORECASE)


@lru_cache(maxsize=64)
def seat_index(seats: tuple[str, ...], rule: str) -> NameIndex:
    """The players' names of a table as a name index (any case, unique prefixes accepted),
    refusing an unknown name under ``rule``; built once per table and kept for the last few
    tables, not once per entry."""
    return NameIndex([(s, ()) for s in seats], what="player", rule=rule)


def split_because(text: str) -> tuple[str, str | None]:
    """An entry cut at its first word ``because``: what comes before (stripped) and the reason
    after it with its spaces collapsed and a leading ``,``/``:`` dropped (``""`` when nothing
    follows), or ``None`` when there is no ``because``. The game says what a missing reason is
    refused as.

    >>> split_because("correct Ann vp +1 because: the Forum")
    ('correct Ann vp +1', 'the Forum')
    """
    found = _BECAUSE.search(text)
    if found is None:
        return text.strip(), None
    return text[: found.start()].strip(), " ".join(text[found.end():].lstrip(" \t,:;").split())
