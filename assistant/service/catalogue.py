"""The local catalogue: a table's own answers about printed components it owns (PAX card
faces, Sylla's board and characters), saved under short keys and written ``@key`` in entries.

>>> catalogue_key("@II.3")
'ii.3'
>>> catalogue_name("club-box")
'club-box'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assistant.core.errors import InvalidEntry, NotFound
from assistant.core.inputs import clean, shown
from assistant.games import resolve_game
from assistant.service.views import CatalogueList, CatalogueValue
from assistant.store import queries
from assistant.store.db import Store

if TYPE_CHECKING:
    from sqlmodel import Session

DEFAULT_CATALOGUE = "default"
CATALOGUE_KEY = re.compile(r"@([A-Za-z0-9][A-Za-z0-9_.\-]*)")


def catalogue_name(name: str) -> str:
    """A catalogue's name, checked (letters, digits, ``. _ -``)."""
    name = name.strip()
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,59}", name):
        raise InvalidEntry("core.catalogue", f"'{shown(name)}' is not a catalogue name (letters, digits, . _ -)")
    return name


def catalogue_key(key: str) -> str:
    """A key as stored: without its ``@``, checked and case-folded."""
    key = key.strip().lstrip("@")
    if not CATALOGUE_KEY.fullmatch("@" + key) or len(key) > 60:
        raise InvalidEntry(
            "core.catalogue",
            f"'{shown(key)}' is not a catalogue key (letters, digits, . _ -)",
            hint="e.g. II.3, board, brutus",
        )
    return key.casefold()


def expand_catalogue(session: Session, game: str, catalogue: str, text: str) -> str:
    """Replace every ``@key`` of an entry by what the table saved under that key."""
    items = {item.key: item.value for item in queries.catalogue_items(session, game, catalogue)}

    def replace(match: re.Match[str]) -> str:
        key = match.group(1).casefold()
        if key not in items:
            known = ", ".join("@" + k for k in sorted(items)[:12]) or "none yet"
            raise InvalidEntry(
                "core.catalogue",
                f"the {catalogue} catalogue of {game} has no key @{match.group(1)}",
                hint=f"known keys: {known}; add one with: assistant catalogue set {game} KEY \"TEXT\"",
            )
        return items[key]

    return CATALOGUE_KEY.sub(replace, text)


def catalogue_list(store: Store, game: str, catalogue: str = DEFAULT_CATALOGUE) -> CatalogueList:
    """The saved keys of a game's local catalogue (``catalogue list``)."""
    name = resolve_game(game)
    with store.read() as session:
        rows = queries.catalogue_items(session, name, catalogue_name(catalogue))
        return CatalogueList(tuple(CatalogueValue(r.key, r.value) for r in rows))


def catalogue_items(store: Store, game: str, catalogue: str = DEFAULT_CATALOGUE) -> list[dict[str, str]]:
    """The saved keys as ``catalogue list --json`` prints them: ``[{"key", "value"}]``."""
    return catalogue_list(store, game, catalogue).to_json()


def catalogue_set(store: Store, game: str, key: str, value: str, catalogue: str = DEFAULT_CATALOGUE) -> bool:
    """Save (or replace) what a component shows; returns True when the key was new."""
    name = resolve_game(game)
    key = catalogue_key(key)
    value = " ".join(clean(value, "catalogue").split())
    if not value or "#" in value or "@" in value:
        raise InvalidEntry("core.catalogue", "a catalogue value is the entry text the key stands for, without # or @")
    with store.write() as session:
        return queries.save_catalogue_item(session, name, catalogue_name(catalogue), key, value)


def catalogue_remove(store: Store, game: str, key: str, catalogue: str = DEFAULT_CATALOGUE) -> None:
    """Forget a saved key; :class:`NotFound` when there is none."""
    name = resolve_game(game)
    key = catalogue_key(key)
    with store.write(needs_history=True) as session:
        row = queries.catalogue_item(session, name, catalogue_name(catalogue), key)
        if row is None:
            raise NotFound("core.catalogue", f"the {catalogue} catalogue of {name} has no key @{key}")
        queries.remove(session, row)
