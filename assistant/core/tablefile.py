"""Final-table files for ``assistant score GAME --from FILE`` (INTERFACES.md §1): TOML, or
the same structure as JSON (by extension), read into plain dicts; and :class:`TableReader`,
which reads typed values out of them while collecting every problem, so that the user sees
all that is wrong with a table at once.

>>> r = TableReader("sylla")
>>> r.integer({"coins": "x"}, "coins", player="Ada", rule="sylla.end.money")
0
>>> [str(p) for p in r.problems]
["Ada: 'coins' must be a whole number, not 'x' [sylla.end.money]"]
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from assistant.core.errors import InvalidEntry, Problem, TableError
from assistant.core.inputs import LIMITS, MAX_DEPTH, MAX_DIGITS, clean, depth, shown
from assistant.core.names import normalize


def load_table(path: str | Path) -> dict[str, Any]:
    """Parse a table file; raises :class:`InvalidEntry` (rule ``core.score.file``) saying what
    and where on a bad file.

    The file goes through the input boundary (:mod:`assistant.core.inputs`): at most
    ``LIMITS["table"]`` characters, nesting at most :data:`~assistant.core.inputs.MAX_DEPTH`
    levels (a parser that recursed deeper is stopped and reported, not crashed), one spelling of
    each key, and every key and text value cleaned like an entry (NFKC, no control characters,
    at most ``LIMITS["table text"]`` characters), so that a table cannot carry a terminal escape
    or a line break into a message or a record.
    """
    p = Path(path)
    where = shown(str(p), 200)
    limit = LIMITS["table"]
    try:
        with p.open("rb") as handle:
            raw = handle.read(4 * limit + 1)  # UTF-8 takes at most 4 bytes a character
    except FileNotFoundError:
        raise InvalidEntry("core.score.file", f"no such file: {where}") from None
    except OSError as exc:
        raise InvalidEntry("core.score.file", f"cannot read {where}: {exc.strerror or 'not a file'}") from None
    if len(raw) > 4 * limit:
        raise InvalidEntry("core.score.file", f"{where} is over {4 * limit} bytes; a final table takes at most {limit} characters")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidEntry("core.score.file", f"{where} is not UTF-8 text", hint="save the file as UTF-8") from None
    if len(text) > limit:
        raise InvalidEntry("core.score.file", f"{where} is {len(text)} characters long; a final table takes at most {limit}")
    too_deep = InvalidEntry(
        "core.score.file", f"{where} nests deeper than {MAX_DEPTH} levels (a final table needs 4 at most)", hint="check the brackets"
    )
    try:
        if p.suffix.lower() == ".json":
            data = _parse_json(text, where)
        else:
            data = _parse_toml(text, where)
    except RecursionError:
        raise too_deep from None
    if not isinstance(data, dict):
        raise InvalidEntry("core.score.file", f"{where} must hold a table (an object), not a {_kind(data)}")
    if depth(data) > MAX_DEPTH:
        raise too_deep
    try:
        return _cleaned(data, "")  # type: ignore[no-any-return]
    except InvalidEntry as exc:
        raise InvalidEntry("core.score.file", f"{where}: {exc.message}", hint="edit the file") from None


def _parse_json(text: str, where: str) -> Any:
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                raise InvalidEntry("core.score.file", f"{where}: the key '{shown(key)}' is given twice in one object")
            out[key] = value
        return out

    try:
        return json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        raise InvalidEntry(
            "core.score.file",
            f"{where} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
        ) from None
    except ValueError as exc:  # a number past Python's conversion limit
        raise InvalidEntry("core.score.file", f"{where} is not valid JSON: {shown(str(exc), 120)}") from None


def _parse_toml(text: str, where: str) -> Any:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidEntry("core.score.file", f"{where} is not valid TOML: {shown(str(exc), 200)}") from None
    except ValueError as exc:  # a number past Python's conversion limit
        raise InvalidEntry("core.score.file", f"{where} is not valid TOML: {shown(str(exc), 120)}") from None


def _kind(value: object) -> str:
    return {list: "list", str: "text", int: "number", float: "number", bool: "true/false"}.get(type(value), type(value).__name__)


def _cleaned(value: Any, at: str) -> Any:
    """``value`` with every key and text cleaned by the input boundary, and every number
    finite and of at most :data:`~assistant.core.inputs.MAX_DIGITS` digits, as in an entry
    (``at`` says where, for the message). Recursion is bounded: :func:`load_table` checked the
    depth first."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidEntry("core.score.file", f"the number at {at or 'the top'} is not a finite number ({value})")
    if isinstance(value, (int, float)) and abs(value) >= 10**MAX_DIGITS:
        raise InvalidEntry("core.score.file", f"the number at {at or 'the top'} has more than {MAX_DIGITS} digits")
    if isinstance(value, str):
        return clean(value, f"text at {at or 'the top'}", limit=LIMITS["table text"])
    if isinstance(value, list):
        return [_cleaned(item, f"{at}[{i + 1}]") for i, item in enumerate(value)]
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            name = clean(str(key), f"key '{shown(str(key), 40)}' at {at or 'the top'}", limit=LIMITS["table text"])
            if name in out:
                raise InvalidEntry("core.score.file", f"the key '{name}' is given twice at {at or 'the top'}")
            out[name] = _cleaned(item, f"{at}.{name}" if at else name)
        return out
    return value


def key_form(key: object) -> str:
    """How a table key is compared: any case, no accents, spaces, ``-`` and ``_`` alike.

    >>> key_form("Plebs-Votes"), key_form("copied guild"), key_form("Primus_Conspiratus")
    ('plebs_votes', 'copied_guild', 'primus_conspiratus')
    """
    return "_".join(normalize(str(key).replace("_", " ")).split())


class TableReader:
    """Typed access to a parsed table that records problems instead of stopping at the first.

    Call :meth:`raise_if_problems` once everything was read.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.problems: list[Problem] = []

    def problem(self, rule: str, message: str, player: str | None = None) -> None:
        """Note one problem; reading goes on so that every problem is reported at once."""
        self.problems.append(Problem(rule, message, player))

    def raise_if_problems(self) -> None:
        """Raise :class:`TableError` listing every problem noted so far, if any."""
        if self.problems:
            raise TableError(self.problems)

    def keys(
        self,
        obj: Mapping[str, Any],
        known: Iterable[str],
        *,
        rule: str,
        player: str | None = None,
        aliases: Mapping[str, str] | None = None,
        other: Callable[[str], str | None] | None = None,
        suggest: Mapping[str, str] | None = None,
        what: str = "key",
        skip_null: bool = False,
    ) -> dict[str, Any]:
        """``obj`` with its keys spelt as INTERFACES.md §1 spells them: any case, accents,
        spaces or ``-`` for ``_``, and the spellings in ``aliases`` (folded spelling ->
        canonical key). ``other`` may name a key none of those know (a PAX category, a Sylla
        token kind). An unknown key, or one key given twice, is a problem: a typo such as
        ``card =`` must not be silently ignored; ``suggest`` (folded spelling -> key) names the
        key meant by a word that is not accepted (``coins`` -> ``aureus``). With ``skip_null`` a
        JSON ``null`` is the same as leaving the key out.

        >>> r = TableReader("7wonders")
        >>> r.keys({"Coins": 3, "copied guild": "x", "money": 1}, ["coins", "copied_guild"], rule="t", aliases={"money": "coins"})
        {'coins': 3, 'copied_guild': 'x'}
        >>> [str(p) for p in r.problems]
        ["'money' is given twice (as 'coins') [t]"]
        >>> r.keys({"cions": 1}, ["coins", "wonder"], rule="t", player="Ada")
        {}
        >>> str(r.problems[-1])
        "Ada: unknown key 'cions' (did you mean 'coins'?) [t]"
        >>> r.keys({"gold": 1}, ["coins"], rule="t", suggest={"gold": "coins"})
        {}
        >>> str(r.problems[-1])
        "unknown key 'gold' (did you mean 'coins'?) [t]"
        """
        from assistant.core.names import NameIndex

        names = list(known)
        spellings = {key_form(name): name for name in names}
        for spelling, aliased in (aliases or {}).items():
            spellings.setdefault(key_form(spelling), aliased)
        meant = {key_form(spelling): key for spelling, key in (suggest or {}).items()}
        out: dict[str, Any] = {}
        for raw, value in obj.items():
            if skip_null and value is None:
                continue
            canonical = spellings.get(key_form(raw))
            if canonical is None and other is not None:
                canonical = other(str(raw))
            if canonical is None:
                if key_form(raw) in meant:
                    guess = [meant[key_form(raw)]]
                elif names:
                    index = NameIndex([(name, ()) for name in names], what=what)
                    guess = index.suggest(str(raw).replace("_", " "), 1) or index.suggest(str(raw), 1)
                else:
                    guess = []
                if guess:
                    extra = f" (did you mean '{guess[0]}'?)"
                else:
                    extra = " (known: " + (", ".join(names) or "none") + ")"
                self.problem(rule, f"unknown {what} '{raw}'{extra}", player)
                continue
            if canonical in out:
                self.problem(rule, f"'{raw}' is given twice (as '{canonical}')", player)
                continue
            out[canonical] = value
        return out

    def integer(
        self,
        obj: Mapping[str, Any],
        key: str,
        *,
        rule: str,
        player: str | None = None,
        default: int | None = 0,
        low: int | None = 0,
        high: int | None = 999,
    ) -> int:
        """A whole number in ``[low, high]``; a missing key gives ``default`` (or a problem
        when ``default`` is ``None``)."""
        if key not in obj:
            if default is None:
                self.problem(rule, f"'{key}' is missing", player)
                return 0
            return default
        value = obj[key]
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                self.problem(rule, f"'{key}' must be a whole number, not {value!r}", player)
                return default or 0
        if low is not None and value < low:
            self.problem(rule, f"'{key}' cannot be below {low} (it is {value})", player)
        if high is not None and value > high:
            self.problem(rule, f"'{key}' cannot be above {high} (it is {value})", player)
        return value

    def boolean(self, obj: Mapping[str, Any], key: str, *, rule: str, player: str | None = None, default: bool = False) -> bool:
        """A ``true``/``false`` value; a missing key gives ``default``."""
        if key not in obj:
            return default
        value = obj[key]
        if not isinstance(value, bool):
            self.problem(rule, f"'{key}' must be true or false, not {value!r}", player)
            return default
        return value

    def string(
        self, obj: Mapping[str, Any], key: str, *, rule: str, player: str | None = None, default: str | None = None
    ) -> str | None:
        """A text value; a missing key gives ``default``."""
        if key not in obj:
            if default is None:
                return None
            return default
        value = obj[key]
        if not isinstance(value, str):
            self.problem(rule, f"'{key}' must be text, not {value!r}", player)
            return default
        return value

    def strings(self, obj: Mapping[str, Any], key: str, *, rule: str, player: str | None = None) -> list[str]:
        """A list of names (a single name is read as a list of one)."""
        if key not in obj:
            return []
        value = obj[key]
        if isinstance(value, str):
            return [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(rule, f"'{key}' must be a list of names", player)
            return []
        return list(value)

    def mapping(self, obj: Mapping[str, Any], key: str, *, rule: str, player: str | None = None) -> dict[str, Any]:
        """A sub-table of ``KEY = VALUE`` pairs; a missing key gives ``{}``."""
        if key not in obj:
            return {}
        value = obj[key]
        if not isinstance(value, dict):
            self.problem(rule, f"'{key}' must be a table of KEY = VALUE", player)
            return {}
        return value

    def players(self, table: Mapping[str, Any], *, rule: str, low: int, high: int) -> list[dict[str, Any]]:
        """The ``[[players]]`` list, each with a unique non-empty ``name``."""
        value = table.get("players")
        if not isinstance(value, list) or not all(isinstance(p, dict) for p in value):
            self.problem(rule, "the table needs a [[players]] list, one entry per player in seating order")
            return []
        if not low <= len(value) <= high:
            self.problem(rule, f"{len(value)} players listed; this game takes {low} to {high}")
        seen: set[str] = set()
        for i, player in enumerate(value, 1):
            name = player.get("name")
            if not isinstance(name, str) or not name.strip():
                self.problem(rule, f"player {i} has no name")
                player["name"] = f"player {i}"
                continue
            folded = name.strip().casefold()
            if folded in seen:
                self.problem(rule, f"the name '{name}' is given to two players", name)
            seen.add(folded)
        return value
