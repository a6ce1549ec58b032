"""Forgiving name matching: case- and accent-insensitive, aliases, unique prefixes, and
"did you mean" suggestions on a miss.

Every game resolves what the user typed (cards, leaders, boards, players) through a
:class:`NameIndex`:

>>> idx = NameIndex([("Caravansery", ["Caravanserai", "Karavánszeráj"]), ("Baths", [])])
>>> idx.resolve("karavanszeraj")
'Caravansery'
>>> idx.resolve("cara")
'Caravansery'
>>> idx.resolve("Bath")
'Baths'
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

from assistant.core.errors import AmbiguousEntry, InvalidEntry

#: what separates the words of a name: anything but a letter or a digit, of any script
_NON_ALNUM = re.compile(r"[\W_]+")


@lru_cache(maxsize=1 << 16)
def normalize(text: str) -> str:
    """Fold case and accents and reduce punctuation to single spaces; the letters of every
    script are kept (a Greek or Cyrillic name, the ø of Jørgen). Cached: replays and checks
    fold the same few hundred names again and again.

    >>> normalize("  Scientists'  GUILD ")
    'scientists guild'
    >>> normalize("Ézsiás"), normalize("Αντώνης"), normalize("Jørgen"), normalize("Юлия_2")
    ('ezsias', 'αντωνησ', 'jørgen', 'юлия 2')
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = stripped.casefold().replace("'", "").replace("’", "")
    return _NON_ALNUM.sub(" ", folded).strip()


def _compact(text: str) -> str:
    return text.replace(" ", "")


class NameIndex:
    """Canonical names with aliases, looked up forgivingly.

    ``entries`` is an iterable of ``(canonical, aliases)``. ``what`` names the kind of thing
    ("card", "player") in error messages; ``rule`` is the rule id cited by unknown-name errors.
    """

    def __init__(
        self,
        entries: Iterable[tuple[str, Iterable[str]]],
        *,
        what: str = "name",
        rule: str = "core.names",
    ) -> None:
        self.what = what
        self.rule = rule
        self.canonical: list[str] = []
        self._exact: dict[str, str] = {}
        self._keys: list[tuple[str, str]] = []  # (normalized key, canonical)
        for canonical, aliases in entries:
            self.canonical.append(canonical)
            for name in (canonical, *aliases):
                key = normalize(name)
                if not key:
                    continue
                for variant in {key, _compact(key)}:
                    self._exact.setdefault(variant, canonical)
                self._keys.append((key, canonical))

    def __contains__(self, text: str) -> bool:
        return self.find(text) is not None

    def __len__(self) -> int:
        return len(self.canonical)

    def find(self, text: str) -> str | None:
        """The canonical name for ``text``, or ``None`` (no error, no ambiguity handling)."""
        try:
            return self.resolve(text)
        except (InvalidEntry, AmbiguousEntry):
            return None

    def exact(self, text: str) -> str | None:
        """The canonical name when ``text`` is a full name or alias, else ``None``."""
        key = normalize(text)
        return self._exact.get(key) or self._exact.get(_compact(key))

    def candidates(self, text: str) -> list[str]:
        """Every canonical name that ``text`` is a prefix of (by name, alias or word)."""
        key = normalize(text)
        if not key:
            return []
        found: list[str] = []
        compact = _compact(key)
        for name_key, canonical in self._keys:
            if canonical in found:
                continue
            if name_key.startswith(key) or _compact(name_key).startswith(compact):
                found.append(canonical)
        if not found:
            for name_key, canonical in self._keys:
                if canonical in found:
                    continue
                if any(word.startswith(key) for word in name_key.split()):
                    found.append(canonical)
        return found

    def suggest(self, text: str, n: int = 3) -> list[str]:
        """The closest canonical names, for "did you mean"."""
        key = normalize(text)
        by_key: dict[str, str] = {}
        for name_key, canonical in self._keys:
            by_key.setdefault(name_key, canonical)
        close = difflib.get_close_matches(key, list(by_key), n=n * 2, cutoff=0.6)
        result: list[str] = []
        for match in close:
            canonical = by_key[match]
            if canonical not in result:
                result.append(canonical)
        return result[:n]

    def resolve(self, text: str) -> str:
        """The canonical name for ``text``; raises :class:`InvalidEntry` (unknown, with
        suggestions) or :class:`AmbiguousEntry` (a prefix of several names)."""
        hit = self.exact(text)
        if hit is not None:
            return hit
        found = self.candidates(text)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise AmbiguousEntry(
                self.rule,
                f"'{text}' could be the {self.what} " + ", ".join(found[:8]) + ("…" if len(found) > 8 else ""),
                candidates=found,
            )
        suggestions = self.suggest(text)
        hint = ("did you mean " + " or ".join(suggestions) + "?") if suggestions else None
        raise InvalidEntry(self.rule, f"there is no {self.what} called '{text}'", hint=hint)

    def resolve_leading(self, words: Sequence[str]) -> tuple[str, int]:
        """Resolve a name at the start of ``words``; return it and how many words it used.

        Longer spans win and exact names come before prefixes, so a card name of several
        words can be followed by more notation. Raises like :meth:`resolve`.

        >>> idx = NameIndex([("Stone Pit", []), ("Stockade", [])])
        >>> idx.resolve_leading(["stone", "pit", "pay", "2"])
        ('Stone Pit', 2)
        """
        if not words:
            raise InvalidEntry(self.rule, f"a {self.what} name is missing")
        for n in range(len(words), 0, -1):
            hit = self.exact(" ".join(words[:n]))
            if hit is not None:
                return hit, n
        for n in range(len(words), 0, -1):
            found = self.candidates(" ".join(words[:n]))
            if len(found) == 1:
                return found[0], n
            if len(found) > 1 and n == 1:
                break
        return self.resolve(words[0]), 1
