"""Small words of English that messages get wrong when written by a format string: the
article before a name and the number before a noun.

>>> a("Onager"), a("Forum"), a("Essedum"), a("Haruspex")
('an Onager', 'a Forum', 'an Essedum', 'a Haruspex')
>>> counted(1, "card"), counted(3, "card"), counted(1, "icon"), counted(2, "Glory point")
('1 card', '3 cards', '1 icon', '2 Glory points')
"""

from __future__ import annotations


def a(name: str) -> str:
    """``name`` with its indefinite article (by its first letter: a vowel takes ``an``)."""
    return f"{'an' if name[:1].casefold() in 'aeiou' and name else 'a'} {name}"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, plural unless ``n`` is 1 (``plural``: an irregular one)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
