"""What every game's notation reads the same way: a table's players by name (any case, a
unique prefix), the ``because REASON`` that ends a correction, a number (:func:`read_number`,
refused in one wording in every game) and a correction's signed change (:func:`read_change`), the words of each key of a ``key value`` block such as
a position line (:func:`read_pairs`) and names one after the other (:func:`read_names`). Each
game keeps its own rule ids; the reading itself is done once, here.

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
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache

from assistant.core import inputs
from assistant.core.errors import InvalidEntry
from assistant.core.names import NameIndex, normalize

_BECAUSE = re.compile(r"(?<!\w)because(?!\w)", re.IGNORECASE)
_DIGITS = re.compile(r"-?[0-9]+")


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


# -- numbers ------------------------------------------------------------------------------------
def _span(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if high is not None:
        return f"at most {high}"
    return f"{low} or more"


def read_number(
    word: str,
    what: str,
    rule: str,
    *,
    low: int | None = None,
    high: int | None = None,
    signed: bool = False,
    hint: str | None = None,
) -> int:
    """``word`` as a whole number (ASCII digits, :func:`inputs.number`; a leading ``-`` only
    when ``signed``) from ``low`` to ``high`` (both included; ``low`` is 0 unless ``signed``),
    or :class:`InvalidEntry` under the game's ``rule`` in the one wording every notation uses,
    ``what`` naming the number.

    >>> read_number("3", "a bid", "toy.notation"), read_number("-1", "a token", "toy.notation", signed=True)
    (3, -1)
    >>> read_number("x", "a coins count", "toy.notation")
    Traceback (most recent call last):
    ...
    assistant.core.errors.InvalidEntry: a coins count is a whole number, not 'x'
    >>> read_number("25", "a coins count", "toy.notation", high=18)
    Traceback (most recent call last):
    ...
    assistant.core.errors.InvalidEntry: a coins count is from 0 to 18, not 25
    >>> read_number("-2", "a bid", "toy.notation")
    Traceback (most recent call last):
    ...
    assistant.core.errors.InvalidEntry: a bid is 0 or more, not -2
    """
    if low is None and not signed:
        low = 0
    value = inputs.signed(word)
    if value is None:
        if _DIGITS.fullmatch(word):  # digits, but too many of them
            span = _span(low, high) if high is not None else f"a whole number of at most {inputs.MAX_DIGITS} digits"
            raise InvalidEntry(rule, f"{what} is {span}, not '{inputs.shown(word, 20)}'", hint=hint)
        said = f"'{inputs.shown(word, 40)}'" if word else "nothing"
        raise InvalidEntry(rule, f"{what} is a whole number, not {said}", hint=hint)
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidEntry(rule, f"{what} is {_span(low, high)}, not {value}", hint=hint)
    return value


def read_change(word: str, what: str, rule: str, *, hint: str | None = None, bare: bool = False, high: int | None = None) -> int:
    """A correction's change of a count: a whole number with its sign (``+2``, ``-1``; with
    ``bare``, ``2`` is a gain too, and 0 no change at all), at most ``high`` either way; or
    :class:`InvalidEntry` under ``rule`` in one wording.

    >>> read_change("+2", "a coins correction", "toy.correct"), read_change("-1", "a coins correction", "toy.correct")
    (2, -1)
    >>> read_change("2", "a coins correction", "toy.correct")
    Traceback (most recent call last):
    ...
    assistant.core.errors.InvalidEntry: a coins correction is a whole number with its sign, e.g. +2 or -1, not '2'
    """
    sign = word[:1] in ("+", "-")
    value = inputs.number(word[1:] if sign else word) if sign or bare else None
    if value is None or (bare and value == 0) or (high is not None and value > high):
        said = f"'{inputs.shown(word, 40)}'" if word else "nothing"
        raise InvalidEntry(rule, f"{what} is a whole number with its sign, e.g. +2 or -1, not {said}", hint=hint)
    return -value if word[:1] == "-" else value


# -- a key's words ------------------------------------------------------------------------------
def read_pairs(
    words: Sequence[str],
    keys: Mapping[str, str],
    rule: str,
    *,
    stray: str | None,
    twice: str = "'{word}' is given twice",
    hint: str | None = None,
    twice_hint: str | None = None,
    fold: Callable[[str], str] = normalize,
    alone: Collection[str] = (),
    again: Collection[str] = (),
    glue: Callable[[str, list[str]], bool] | None = None,
) -> dict[str, list[str]]:
    """The words of a ``key value ... key value ...`` block (a position line, the options of an
    entry) as each key's words, keys in the order given: a word that ``fold`` s to one of
    ``keys`` starts that key (its canonical name, the value in ``keys``), the words up to the
    next key are its own. ``key=value`` reads as ``key value``.

    Refused under ``rule``, with ``hint``: a key given twice (``twice``; with ``twice_hint``
    when given), a word before the
    first key or after a key of ``alone`` (which takes no words) (``stray``; ``None``: the
    words before the first key are the key ``""``'s). The messages are templates of ``{word}``
    (as typed), ``{shown}`` (safe to print) and ``{key}``. A key of ``again`` said again
    inside its own words is passed over; ``glue(key, words)`` says when a key word is one more
    word of the open key (a card name holding it).

    >>> read_pairs("coins=5 stages 1 tokens +1 -1".split(), {"coins": "coins", "stages": "stages", "tokens": "tokens"}, "toy.position", stray="cannot read '{word}'")
    {'coins': ['5'], 'stages': ['1'], 'tokens': ['+1', '-1']}
    >>> read_pairs("2 5 target 3".split(), {"target": "target"}, "toy", stray=None)
    {'': ['2', '5'], 'target': ['3']}
    """
    said: dict[str, list[str]] = {}
    key: str | None = None
    for word in _split_equals(words, keys, fold):
        found = keys.get(fold(word))
        if found is not None and key is not None and glue is not None and glue(key, said[key]):
            found = None
        if found is not None:
            if found == key and found in again:
                continue
            if found in said:
                raise InvalidEntry(rule, _said(twice, word, found), hint=twice_hint or hint)
            key = found
            said[key] = []
        elif key is None and stray is None:
            key = ""
            said[key] = [word]
        elif key is None or key in alone:
            raise InvalidEntry(rule, _said(stray or "", word, key or ""), hint=hint)
        else:
            said[key].append(word)
    return said


def _split_equals(words: Sequence[str], keys: Mapping[str, str], fold: Callable[[str], str]) -> list[str]:
    """``coins=5`` as ``coins``, ``5`` (only where the left part is a key)."""
    out: list[str] = []
    for word in words:
        name, equals, value = word.partition("=")
        if equals and value and fold(name) in keys:
            out += [name, value]
        else:
            out.append(word)
    return out


def literal(text: str) -> str:
    """``text`` (a player's name) as it stands in a message template of :func:`read_pairs`.

    >>> literal("Ann {the first}").format()
    'Ann {the first}'
    """
    return text.replace("{", "{{").replace("}", "}}")


def _said(template: str, word: str, key: str) -> str:
    return template.format(word=word, shown=inputs.shown(word, 40), key=key)


# -- names one after the other ------------------------------------------------------------------
def read_names(index: NameIndex, words: Sequence[str], *, unknown: str | None = None) -> tuple[str, ...]:
    """Names one after the other (commas optional, names of several words allowed), each
    looked up in ``index`` (its aliases, unique prefixes and "did you mean" on a miss) in a
    window of :data:`~assistant.core.inputs.NAME_WORDS` words, so that the work grows linearly
    with the entry. ``unknown`` (``?``) stands for a name not said, and ends a name before it.

    >>> cards = NameIndex([("Stone Pit", []), ("Baths", [])], what="card")
    >>> read_names(cards, ["stone", "pit", "?", "bath"], unknown="?")
    ('Stone Pit', '?', 'Baths')
    >>> read_names(cards, ["Bats"])
    Traceback (most recent call last):
    ...
    assistant.core.errors.InvalidEntry: there is no card called 'Bats'
    """
    names: list[str] = []
    at = 0
    while at < len(words):
        if unknown is not None and words[at] == unknown:
            names.append(unknown)
            at += 1
            continue
        window = list(words[at : at + inputs.NAME_WORDS])
        if unknown is not None and unknown in window:
            window = window[: window.index(unknown)]
        name, used = index.resolve_leading(window)
        names.append(name)
        at += used
    return tuple(names)
