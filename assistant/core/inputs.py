"""The one input boundary: every text a user gives the program (an entry, a comment, a record,
a final table, a catalogue text, a player name) is read through here before any game sees it.

What it guarantees to the code behind it:

* Unicode is in NFKC form, so that ``²``, ``①``, ``₃`` and full-width ``３`` are the digit
  they look like, and ``ﬁ`` is ``fi``; invisible marks a keyboard or a copy-paste adds
  (zero-width space, byte-order mark) are dropped, and a tab is a space.
* No control character, line or paragraph separator, lone surrogate (bytes a non-UTF-8
  terminal sent) or bidirectional override is left: each is refused with a message that names
  it, because other code would treat some of them as line breaks (``str.splitlines`` splits at
  ``\\x1c``, ``\\x85``, ``\\u2028`` ...) and a terminal would obey the others.
* Lengths are bounded (see :data:`LIMITS`), so the work on one input is bounded too.
* Numbers are read from ASCII digits only, and only a few of them (:func:`number`).

>>> clean("Blue bids ²", "entry")
'Blue bids 2'
>>> clean("roll 3 3 ①", "entry")
'roll 3 3 1'
>>> clean("money\\u200b 6", "entry")
'money 6'
>>> clean("a\\x1db", "comment")
Traceback (most recent call last):
...
assistant.core.errors.InvalidEntry: the comment holds a control character (U+001D INFORMATION SEPARATOR THREE); type it without
>>> number("12"), number("00012"), number("1" * 50), number("١٢"), number("-3")
(12, 12, None, None, None)
"""

from __future__ import annotations

import re
import unicodedata

from assistant.core.errors import InvalidEntry

#: The longest text accepted, per kind (characters, after normalisation). An entry of the
#: longest real game is under 120 characters; a comment may tell a whole round.
LIMITS: dict[str, int] = {
    "entry": 500,
    "comment": 1000,
    "name": 60,
    "header": 500,
    "catalogue": 500,
    "record": 2_000_000,
    "table": 1_000_000,
    "table text": 200,
}

#: How deep a final table (TOML or JSON) may nest: the deepest real table nests 4 levels
#: (the table, its players list, a player, the player's tokens).
MAX_DEPTH = 16

#: How many digits a number may have: nothing in these games needs more.
MAX_DIGITS = 6

#: The most words one name of a component is looked up in. The longest name or alias of any
#: game takes 6 words ("the temple of artemis in ephesus"); a parser reading names one after
#: the other passes at most this many words to ``NameIndex.resolve_leading`` at a time, so that
#: its work grows linearly with the length of an entry (``tests/test_fuzz.py`` checks the bound).
NAME_WORDS = 8

RULE = "core.input"

_DROPPED = dict.fromkeys(map(ord, "\u200b\ufeff\u2060"), None)
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_ZEROES = re.compile(r"0+(?=[0-9])")


def _name_of(ch: str) -> str:
    name = unicodedata.name(ch, "")
    if not name:
        name = {"\x1c": "FILE SEPARATOR", "\x1d": "INFORMATION SEPARATOR THREE", "\x1e": "RECORD SEPARATOR",
                "\x1f": "UNIT SEPARATOR", "\x85": "NEXT LINE", "\x1b": "ESCAPE", "\x7f": "DELETE",
                "\x00": "NULL", "\n": "LINE FEED", "\r": "CARRIAGE RETURN", "\x0b": "LINE TABULATION",
                "\x0c": "FORM FEED", "\x08": "BACKSPACE", "\x07": "BELL"}.get(ch, "control character")
    return f"U+{ord(ch):04X} {name}"


def bad_character(text: str, *, multiline: bool = False) -> tuple[str, str] | None:
    """The first character ``text`` may not hold, with what kind it is; ``None`` when clean.
    With ``multiline``, ``\\n`` (and ``\\r`` before it) are allowed.

    >>> bad_character("ok"), bad_character("a\\x1bb")
    (None, ('\\x1b', 'a control character'))
    """
    if text.isprintable():  # no control, format mark or separator (nor a bidirectional control)
        return None
    for i, ch in enumerate(text):
        if ch.isprintable() or ch == " ":
            if ch in _BIDI:
                return ch, "a bidirectional control"
            continue
        if multiline and (ch == "\n" or (ch == "\r" and text[i + 1 : i + 2] == "\n")):
            continue
        category = unicodedata.category(ch)
        if category == "Cs":
            return ch, "bytes that are not UTF-8 text (is the terminal set to UTF-8?)"
        if category in ("Zl", "Zp"):
            return ch, "a line separator"
        if category == "Cf":
            if ch in _BIDI:
                return ch, "a bidirectional control"
            continue  # other format marks (joiners in emoji) are harmless
        if category == "Co" or category == "Cn":
            continue  # private use and unassigned: printable enough, and never a line break
        return ch, "a control character"
    return None


def _normalised(text: str, what: str, *, multiline: bool) -> str:
    """``text`` in NFKC form without invisible marks and with tabs as spaces; InvalidEntry
    naming the first character it may not hold (see :func:`clean`)."""
    found = bad_character(text, multiline=multiline)
    if found is not None and unicodedata.category(found[0]) == "Cs":
        raise InvalidEntry(RULE, f"the {what} holds {found[1]}", "retype it in UTF-8")
    text = unicodedata.normalize("NFKC", text.replace("\t", " ")).translate(_DROPPED)
    found = bad_character(text, multiline=multiline)
    if found is not None:
        ch, kind = found
        label = _name_of(ch) if kind != "a bidirectional control" else f"U+{ord(ch):04X}"
        raise InvalidEntry(RULE, f"the {what} holds {kind} ({label}); type it without")
    return text


def clean(text: str, what: str, *, multiline: bool = False, limit: int | None = None) -> str:
    """``text`` in NFKC form, without invisible marks, tabs as spaces, and (unless
    ``multiline``) without the white space around it (a line piped in ends in a newline); raises
    :class:`InvalidEntry` (rule ``core.input``) naming the first character it may not hold, or
    when it is longer than the limit of its kind (:data:`LIMITS`)."""
    bound = LIMITS.get(what, LIMITS["entry"]) if limit is None else limit
    if not multiline:
        text = text.strip()
    if len(text) > 4 * bound:  # refuse early: normalising cannot shrink it back under
        raise InvalidEntry(RULE, f"the {what} is {len(text)} characters long; at most {bound} are taken")
    if not (text.isascii() and text.isprintable()):  # else (most entries) NFKC changes nothing
        text = _normalised(text, what, multiline=multiline)
    if len(text) > bound:
        raise InvalidEntry(RULE, f"the {what} is {len(text)} characters long; at most {bound} are taken")
    return text


def number(text: str) -> int | None:
    """The whole number ``text`` spells in ASCII digits (at most :data:`MAX_DIGITS`, leading
    zeroes aside); ``None`` for anything else. Game parsers read numbers only through here."""
    digits = _ZEROES.sub("", text, count=1) if text[:1] == "0" else text
    if not _DIGITS.fullmatch(digits):
        return None
    return int(digits)


def signed(text: str) -> int | None:
    """As :func:`number`, with one leading ``-`` allowed (a ladder value, a conflict token).

    >>> signed("-3"), signed("3"), signed("--3"), signed("-")
    (-3, 3, None, None)
    """
    if text[:1] == "-":
        n = number(text[1:])
        return None if n is None else -n
    return number(text)


def is_number(text: str) -> bool:
    """Whether ``text`` is a number :func:`number` reads (the test a parser uses instead of
    ``str.isdigit``, which also says yes to ``²`` and ``①``)."""
    return number(text) is not None


def shown(text: str, limit: int = 60) -> str:
    """``text`` safe to print in a message: control characters escaped, long text cut.

    >>> shown("abc\\x1b[31m")
    'abc\\\\x1b[31m'
    """
    out = "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def depth(value: object) -> int:
    """How deeply a parsed table nests (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = list(item)
        else:
            deepest = max(deepest, level)
            continue
        deepest = max(deepest, level + 1)
        if level + 1 > MAX_DEPTH:
            return level + 1
        stack.extend((child, level + 1) for child in children)
    return deepest
