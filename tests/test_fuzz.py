"""Nothing breaks (issue 10): garbled entries, damaged records and damaged final tables get a
clear refusal, never an internal error; an accepted entry's record reads back and replays to
the same state; no input takes long.

One seeded generator drives three harnesses, per registered game (tests/registry_support.py):

* **entries** at positions replayed from the records under ``tests/records/<game>/``: random
  text, recombined words of the game, the record's own next entry and legal entries mutated
  (Unicode digits and superscripts, very long numbers, control characters, a leading ``-``,
  words dropped, doubled, swapped), long repetitions up to and past the length limit, garbled
  comments;
* **records** (those files and ``examples/*.txt``) with lines dropped, duplicated, swapped or
  inserted, characters flipped, headers damaged, through ``read_record`` + ``Game.from_record``;
* **final tables** (``tests/tables/<game>/``, ``examples/*-final-table.toml`` and the tables of
  the records' end states) with keys and values mutated, types swapped, deep nesting, bytes
  flipped, through ``load_table`` + ``score_table``.

For every input only an :class:`AssistantError` may come out, with a message that prints
safely (no control character); a refused entry leaves the game as it was; an accepted one
writes a record that reads back and replays to the same state; and an input takes less than
:data:`CPU_LIMIT` seconds of CPU.

The budget is small in CI (a few seconds); ``ASSISTANT_FUZZ_SOAK=N`` multiplies it by N for a
long soak (N=25: 10,000 entries per game, 2,000 records and 2,000 tables), and
``ASSISTANT_FUZZ_SEED`` changes the seed. Run a soak with ``-s`` to see the figures.

Each class of crash the fuzzing found keeps a regression test below with its minimal input.
"""

from __future__ import annotations

import copy
import gc
import json
import os
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from assistant.core.errors import AssistantError, EntryError
from assistant.core.game import Game
from assistant.core.inputs import LIMITS, MAX_DEPTH, bad_character
from assistant.core.record import read_record, write_record
from assistant.core.tablefile import load_table
from assistant.games import get_ruleset
from registry_support import games, records, role

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "tests" / "records"
TABLES = ROOT / "tests" / "tables"
EXAMPLES = ROOT / "examples"

SOAK = max(1, int(os.environ.get("ASSISTANT_FUZZ_SOAK", "1") or 1))
SEED = int(os.environ.get("ASSISTANT_FUZZ_SEED", "20261201") or 0)
ENTRIES_PER_GAME = 400 * SOAK
RECORDS_PER_GAME = 20 * SOAK  # 80 in all; 2,000 with SOAK=25
TABLES_PER_GAME = 20 * SOAK
CPU_LIMIT = 1.0

# -- the pieces garbled inputs are made of ---------------------------------------------------

#: Numbers that are not plain ASCII digits, or not small: superscripts, circled and other
#: Unicode digits (some NFKC turns into ASCII, some not), signs, huge and zero-padded ones.
ODD_NUMBERS = (
    "²", "³", "¹", "⁰", "①", "⑫", "⑴", "⒈", "₃", "３", "١٢", "۳", "߃", "४", "৩", "፩", "𐩀", "𝟑", "🄂",
    "Ⅲ", "ⅳ", "½", "3²", "-3", "--3", "-0", "+3", "3.0", "1e3", "0x1f", "1_000", "3,5", "00000000003",
    "0" * 40 + "2", "9" * 7, "9" * 19, "9" * 300, "1" * 499, "∞", "NaN", "-", "--", "-" * 20,
)
#: Characters other code reads as line breaks, terminal escapes, invisible and bidi marks,
#: a lone surrogate (bytes a non-UTF-8 terminal sent), tabs.
ODD_CHARS = (
    "\x00", "\x07", "\x1b[31m", "\x1b]0;x\x07", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\u2028", "\u2029",
    "\u202e", "\u2066", "\u200e", "\ud800", "\udce9", "\x7f", "\r", "\n", "\t", "\x0b", "\x0c", "\u200b", "\ufeff",
    "\u00a0", "\u3000", "#", ",", ";", ":", "=", "'", '"', "\\", "é", "ß", "ﬁ", "İ", "Σ", "🏛", "\u0301", "\ue000",
)
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789      -_+=,;:#/()[]{}<>!?.'\"*&%$@~`|\\"


def odd_text(rng: random.Random, size: int) -> str:
    """Random text: mostly printable ASCII, some odd numbers, odd characters, any code point."""
    out: list[str] = []
    while sum(map(len, out)) < size:
        roll = rng.random()
        if roll < 0.8:
            out.append(rng.choice(ALPHABET))
        elif roll < 0.9:
            out.append(rng.choice(ODD_NUMBERS)[:40])
        elif roll < 0.97:
            out.append(rng.choice(ODD_CHARS))
        else:
            out.append(chr(rng.randrange(0x110000)))  # any code point at all
    return "".join(out)


def mutate_words(rng: random.Random, text: str, vocabulary: list[str]) -> str:
    """One to three changes to the words of ``text``."""
    words = text.split() or [""]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(words))
        op = rng.randrange(10)
        if op == 0 and len(words) > 1:
            del words[i]
        elif op == 1:
            words.insert(i, words[i])
        elif op == 2:
            j = rng.randrange(len(words))
            words[i], words[j] = words[j], words[i]
        elif op == 3:
            words[i] = rng.choice(vocabulary)
        elif op == 4:
            words.insert(rng.randrange(len(words) + 1), rng.choice(vocabulary))
        elif op in (5, 6):
            numbers = [k for k, w in enumerate(words) if any(c.isdigit() for c in w)]
            k = rng.choice(numbers) if numbers else i
            words[k] = rng.choice(ODD_NUMBERS)
        elif op == 7:
            w = words[i]
            at = rng.randint(0, len(w))
            words[i] = w[:at] + rng.choice(ODD_CHARS) + w[at:]
        elif op == 8:
            words[0] = rng.choice(("-", "--", "-h", "--help", "-" + words[0]))
        else:
            w = words[i]
            if w:
                at = rng.randrange(len(w))
                words[i] = w[:at] + odd_text(rng, 1) + w[at + 1 :]
    return " ".join(words)


def repeated(rng: random.Random, text: str) -> str:
    """``text`` (or its last words) repeated to around the length limit of an entry."""
    words = text.split()
    if words and rng.random() < 0.5:
        unit = " ".join(words[rng.randrange(len(words)) :]) + " "
        head = " ".join(words[: rng.randrange(len(words) + 1)]) + " "
    else:
        unit, head = text + " ", ""
    size = rng.choice((LIMITS["entry"] - 20, LIMITS["entry"], LIMITS["entry"] + 1, 2 * LIMITS["entry"], 5000))
    return (head + unit * (size // max(1, len(unit)) + 1))[:size]


# -- positions, vocabularies and the tally ---------------------------------------------------


@dataclass
class Position:
    """A game replayed to a point of a record, with the entry the record makes next (none at
    its end)."""

    label: str
    game: Game
    following: str
    end: bool = False
    legal: list[str] | None = None

    def legal_texts(self) -> list[str]:
        if self.legal is None:
            try:
                moves = self.game.legal_moves()
            except AssistantError:
                moves = []
            self.legal = [m.notation() for m in moves[:200]]
        return self.legal


def record_files(game_name: str) -> list[Path]:
    """The game's records (``tests/records/<game>/``: the test fails if it has none) and its
    example records."""
    files = records(game_name)
    files += [p for p in sorted(EXAMPLES.glob("*.txt")) if p.name.startswith(game_name)]
    return files


_POSITIONS: dict[str, list[Position]] = {}


def positions(game_name: str) -> list[Position]:
    """Each record of the game replayed to twenty points, from the start to its end."""
    if game_name not in _POSITIONS:
        found: list[Position] = []
        for path in record_files(game_name):
            record = read_record(path.read_text(encoding="utf-8"))
            n = len([e for e in record.entries if e.text])
            texts = [e.text for e in record.entries if e.text]
            for stop in sorted({0, 1, 2, n - 1, n, *(n * k // 16 for k in range(1, 16))}):
                if not 0 <= stop <= n:
                    continue
                game = Game.from_record(get_ruleset(record.game), record, stop_at=stop)
                found.append(Position(f"{path.name}@{stop}", game, texts[stop] if stop < n else "", stop == n))
        _POSITIONS[game_name] = found
        gc.freeze()  # the positions live as long as the tests: a collection need not walk them
    return _POSITIONS[game_name]


def vocabulary(position: Position) -> list[str]:
    game = position.game
    words = list(game.ruleset.completions(game.state))[:300]
    words += [w for e in game.entries[-30:] for w in e.text.split()]
    words += position.following.split() + list(game.seats)
    words += ["0", "1", "2", "3", "4", "5", "6", "7", "12", "pay", "left", "right", "free", "none", "keep", "discard"]
    return words


@dataclass
class Tally:
    """What a harness saw: counts, the slowest input, and the failures (with their inputs)."""

    what: str
    inputs: int = 0
    refused: int = 0
    accepted: int = 0
    replayed: int = 0
    max_cpu: float = 0.0
    slowest: str = ""
    failures: list[str] = field(default_factory=list)

    def timed(self, label: str, cpu: float) -> None:
        self.inputs += 1
        if cpu > self.max_cpu:
            self.max_cpu, self.slowest = cpu, label
        if cpu > CPU_LIMIT:
            self.fail(f"{label}: {cpu:.2f} s of CPU")

    def fail(self, message: str) -> None:
        self.failures.append(message)

    def refusal(self, label: str, exc: AssistantError) -> None:
        self.refused += 1
        text = str(exc)
        if not text.strip():
            self.fail(f"{label}: {type(exc).__name__} without a message")
        if bad_character(text, multiline=True) is not None:
            self.fail(f"{label}: the message holds a control character: {text!r}")
        if isinstance(exc, EntryError) and not exc.rule:
            self.fail(f"{label}: {type(exc).__name__} without a rule id: {text}")

    def report(self) -> None:
        outcome = f"{self.accepted} accepted, {self.replayed} replayed" if "tables" not in self.what else f"{self.accepted} scored"
        print(
            f"\n[fuzz] {self.what}: {self.inputs} inputs, {self.refused} refused, {outcome}; "
            f"{len(self.failures)} failures; max CPU {self.max_cpu * 1000:.1f} ms ({self.slowest[:160]})"
        )
        assert not self.failures, f"{len(self.failures)} failures, first ones:\n" + "\n".join(self.failures[:12])


def crash(label: str, exc: BaseException) -> str:
    return f"{label}: internal error {type(exc).__name__}: {str(exc)[:200]}"


def replays(game: Game) -> str | None:
    """Why the game's record does not read back to the same game, or ``None`` when it does."""
    text = write_record(game.to_record())
    try:
        again = Game.from_record(game.ruleset, read_record(text))
    except AssistantError as exc:
        return f"its record does not replay: {exc}\n{text[-600:]}"
    if [e.text for e in again.entries] != [e.text for e in game.entries] or again.comments != game.comments:
        return "its record replays to other entries or comments"
    if again.state != game.state:
        return "its record replays to another state"
    return None


# -- entries -----------------------------------------------------------------------------------


def garbled_entries(rng: random.Random, position: Position) -> tuple[str, str, str]:
    """One garbled entry for ``position``: (kind, text, comment)."""
    words = vocabulary(position)
    kind = rng.choice(("random", "words", "following", "following", "legal", "long", "comment", "number"))
    comment = ""
    if kind == "random":
        text = odd_text(rng, rng.randint(0, 60))
    elif kind == "words":
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 10)))
    elif kind == "following":
        text = mutate_words(rng, position.following, words)
    elif kind == "legal":
        legal = position.legal_texts()
        text = mutate_words(rng, rng.choice(legal), words) if legal else odd_text(rng, 20)
    elif kind == "long":
        base = rng.choice((position.following, " ".join(rng.choice(words) for _ in range(4)), rng.choice(words)))
        text = repeated(rng, base)
    elif kind == "number":
        parts = position.following.split() or ["x"]
        parts[rng.randrange(len(parts))] = rng.choice(("9" * rng.randint(6, 480), "0" * rng.randint(1, 400) + "1", rng.choice(ODD_NUMBERS)))
        text = " ".join(parts)
    else:
        text = position.following
        comment = rng.choice((odd_text(rng, rng.randint(1, 80)), "x" * rng.choice((999, 1000, 1001, 5000)), "# " + position.following))
    return kind, text, comment


def try_entry(tally: Tally, position: Position, text: str, comment: str) -> None:
    game = position.game
    label = f"{position.label} {text[:300]!r}" + (f" # {comment[:80]!r}" if comment else "")
    before, ply = game.state, game.ply
    start = time.process_time()
    try:
        game.push(text, comment)
    except AssistantError as exc:
        tally.timed(label, time.process_time() - start)
        tally.refusal(label, exc)
        if game.state is not before or game.ply != ply:
            tally.fail(f"{label}: refused, but the game changed")
        return
    except Exception as exc:  # noqa: BLE001 - this is what the harness looks for
        tally.timed(label, time.process_time() - start)
        tally.fail(crash(label, exc))
        while game.ply > ply:
            game.pop()
        return
    try:
        tally.accepted += 1
        why = replays(game)
        tally.timed(label, time.process_time() - start)
        if why:
            tally.fail(f"{label}: accepted, but {why}")
        else:
            tally.replayed += 1
    except Exception as exc:  # noqa: BLE001
        tally.fail(crash(label + " (replaying the record)", exc))
    finally:
        game.pop()


@pytest.mark.parametrize("game_name", games())
def test_fuzz_entries(game_name: str) -> None:
    """Garbled entries at positions of recorded games: refused cleanly or accepted and
    replayable, each in bounded time."""
    rng = random.Random(f"{SEED}-entries-{game_name}")
    places = positions(game_name)
    tally = Tally(f"{game_name} entries")
    for _ in range(ENTRIES_PER_GAME):
        position = rng.choice(places)
        _, text, comment = garbled_entries(rng, position)
        try_entry(tally, position, text, comment)
    tally.report()


# -- records -----------------------------------------------------------------------------------


def damaged_record(rng: random.Random, text: str, words: list[str]) -> str:
    """``text`` with one to four kinds of damage."""
    lines = text.split("\n")
    for _ in range(rng.choice((1, 1, 1, 2, 3, 4))):
        i = rng.randrange(len(lines))
        op = rng.randrange(12)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3 and lines[i]:
            at = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:at] + odd_text(rng, 1) + lines[i][at + 1 :]
        elif op == 4:
            lines[i] = mutate_words(rng, lines[i], words)
        elif op == 5:
            lines.insert(i, " ".join(rng.choice(words) for _ in range(rng.randint(1, 6))))
        elif op == 6:  # a header damaged
            header = rng.randrange(min(6, len(lines)))
            lines[header] = rng.choice(
                (
                    "", "Game: " + rng.choice((*games(), "chess", "s", "7", "")),
                    "Players: " + ", ".join(rng.choice(("Ada", "Bob", "Ann", "", " ", "Ada", "x" * 70)) for _ in range(rng.randint(0, 9))),
                    "Options: " + odd_text(rng, 20), "Options: leaders=maybe, bribe=1, x=", "Boards: " + odd_text(rng, 30),
                    "Boards: Gizah A, Gizah A, Rome B", "Catalogue: " + odd_text(rng, 10), odd_text(rng, 30), "Date: " + "9" * 600,
                    "Board: " + odd_text(rng, 30), "Board: ladder=" + ",".join("9" * rng.randint(1, 9) for _ in range(9)) + " crisis=1 spaces=r,y,g,r,y,g",
                )
            )
        elif op == 7:
            cut = rng.randrange(len(text) + 1)
            lines = text[:cut].split("\n")
        elif op == 8:
            lines[i] = lines[i] + rng.choice(ODD_CHARS) + lines[i]
        elif op == 9:
            lines[i] = lines[i] + "\r"
        elif op == 10:
            lines[i] = repeated(rng, lines[i])
        else:
            lines = lines[:i] + lines[i:][::-1]
    return rng.choice(("", "", "\ufeff")) + "\n".join(lines)


def try_record(tally: Tally, label: str, text: str) -> None:
    label = f"{label}: {text[:2000]!r}"
    start = time.process_time()
    try:
        record = read_record(text)
        game = Game.from_record(get_ruleset(record.game), record)
    except AssistantError as exc:
        tally.timed(label, time.process_time() - start)
        tally.refusal(label, exc)
        return
    except Exception as exc:  # noqa: BLE001
        tally.timed(label, time.process_time() - start)
        tally.fail(crash(label, exc))
        return
    tally.accepted += 1
    try:
        why = replays(game)
    except Exception as exc:  # noqa: BLE001
        tally.fail(crash(label + " (written again)", exc))
        return
    tally.timed(label, time.process_time() - start)
    if why:
        tally.fail(f"{label}: read, but written again {why}")
    else:
        tally.replayed += 1


@pytest.mark.parametrize("game_name", games())
def test_fuzz_records(game_name: str) -> None:
    """Damaged records: refused with the line and the reason, or replayed and written back."""
    rng = random.Random(f"{SEED}-records-{game_name}")
    sources = [(p.name, p.read_text(encoding="utf-8")) for p in record_files(game_name)]
    words = vocabulary(rng.choice(positions(game_name)))
    tally = Tally(f"{game_name} records")
    for _ in range(RECORDS_PER_GAME):
        name, text = rng.choice(sources)
        try_record(tally, name, damaged_record(rng, text, words))
    tally.report()


# -- final tables ------------------------------------------------------------------------------

DEEP = "\ue000deep\ue000"


def toml_value(value: Any) -> str:
    """``value`` as an inline TOML value (the test writes TOML; the library only reads it)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)} = {toml_value(v)}" for k, v in value.items()) + "}"
    return '"null"'


def table_text(data: dict[str, Any], form: str, rng: random.Random) -> str:
    if form == "json":
        text = json.dumps(data, ensure_ascii=False)
        deep = rng.choice(("[" * 5000 + "]" * 5000, '{"a": ' * 3000 + "1" + "}" * 3000, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)))
    else:
        text = "\n".join(f"{json.dumps(str(k), ensure_ascii=False)} = {toml_value(v)}" for k, v in data.items())
        deep = rng.choice(("[" * 5000 + "]" * 5000, "{a = " * 3000 + "1" + "}" * 3000, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)))
    return text.replace(json.dumps(DEEP, ensure_ascii=False), deep)


def places_in(data: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key or index) of a parsed table."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key in list(item):
                yield item, key
                stack.append(item[key])
        elif isinstance(item, list):
            for i in range(len(item)):
                yield item, i
                stack.append(item[i])


def odd_value(rng: random.Random, old: Any) -> Any:
    choices: list[Callable[[], Any]] = [
        lambda: rng.choice((0, -1, 1, 7, 10**6, 2**63, -(2**63) - 1, 10**30)),
        lambda: rng.choice((1.5, 3.0, float("nan"), float("inf"), -0.0, 1e308)),
        lambda: odd_text(rng, rng.randint(0, 30)),
        lambda: rng.choice(ODD_NUMBERS),
        lambda: rng.choice((True, False)),
        lambda: [],
        lambda: {},
        lambda: [old, old],
        lambda: {"x": old},
        lambda: str(old),
        lambda: [str(old)],
        lambda: DEEP,
        lambda: "x" * rng.choice((61, 200, 5000)),
        lambda: None,
    ]
    return rng.choice(choices)()


def damaged_table(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3, 4))):
        spots = list(places_in(data))
        if not spots:
            break
        container, key = rng.choice(spots)
        op = rng.randrange(8)
        if op == 0 and isinstance(container, dict):
            del container[key]
        elif op == 1 and isinstance(container, dict):
            new = rng.choice((key.upper(), key + "s", key[:-1], odd_text(rng, 8), key + rng.choice(ODD_CHARS), key.replace("_", " ")))
            container[new] = container.pop(key)
        elif op == 2 and isinstance(container, list):
            container.insert(key, copy.deepcopy(container[key]))
        elif op in (3, 4):  # a plausible value: another one of the same table, or a small number
            other, at = rng.choice(spots)
            if isinstance(container[key], int) and not isinstance(container[key], bool) and rng.random() < 0.5:
                container[key] = rng.choice((-1, 0, 1, 2, 3, 5, 8, 13, 40, 100, 1000))
            else:
                container[key] = copy.deepcopy(other[at])
        else:
            container[key] = odd_value(rng, container[key])
    return data


def table_sources(game_name: str) -> list[tuple[str, dict[str, Any]]]:
    files = sorted((TABLES / game_name).glob("*.toml")) + sorted((TABLES / game_name).glob("*.json"))
    files += sorted(EXAMPLES.glob(f"{game_name}-final-table.toml"))
    out = [(p.name, load_table(p)) for p in files]
    ruleset = get_ruleset(game_name)
    for position in positions(game_name):
        if position.end and position.game.outcome() is not None:
            out.append((position.label, ruleset.table_from_state(position.game.state)))
    return out


def try_table(tally: Tally, path: Path, game_name: str, label: str, raw: bytes) -> None:
    label = f"{label}: {raw[:1500]!r}"
    path.write_bytes(raw)
    start = time.process_time()
    try:
        get_ruleset(game_name).score_table(load_table(path))
    except AssistantError as exc:
        tally.timed(label, time.process_time() - start)
        tally.refusal(label, exc)
        return
    except Exception as exc:  # noqa: BLE001
        tally.timed(label, time.process_time() - start)
        tally.fail(crash(label, exc))
        return
    tally.timed(label, time.process_time() - start)
    tally.accepted += 1


@pytest.mark.parametrize("game_name", games())
def test_fuzz_tables(game_name: str, tmp_path: Path) -> None:
    """Damaged final tables: refused with every problem listed, or scored."""
    rng = random.Random(f"{SEED}-tables-{game_name}")
    sources = table_sources(game_name)
    assert sources
    tally = Tally(f"{game_name} tables")
    for _ in range(TABLES_PER_GAME):
        name, data = rng.choice(sources)
        form = rng.choice(("toml", "json"))
        text = table_text(damaged_table(rng, data), form, rng)
        raw = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.25:  # damage the bytes too
            cut = bytearray(raw)
            for _ in range(rng.randint(1, 4)):
                if cut:
                    cut[rng.randrange(len(cut))] = rng.randrange(256)
            raw = bytes(cut)
        try_table(tally, tmp_path / f"table.{form}", game_name, f"{name} as {form}", raw)
    tally.report()


# -- regressions: each class of crash the fuzzing found, with its minimal input ----------------


def replayed(game_name: str, file: str, stop: int) -> Game:
    """The game of ``tests/records/<game_name>/<file>`` after ``stop`` entries."""
    record = read_record((RECORDS / game_name / file).read_text(encoding="utf-8"))
    return Game.from_record(get_ruleset(game_name), record, stop_at=stop)


def refusal(game: Game, text: str) -> EntryError:
    before, ply = game.state, game.ply
    with pytest.raises(EntryError) as caught:
        game.push(text)
    assert game.state is before and game.ply == ply
    assert caught.value.rule and caught.value.message
    return caught.value


# Characters str.isdigit() says yes to but int() refuses, even after NFKC (Ethiopic, Kharosthi).
UNICODE_DIGITS = [
    ("roma", "hand_checked_battles.txt", 31, "roll ፩ 5 5"),
    ("roma", "hand_checked_battles.txt", 31, "roll 𐩀 5 5"),
    ("roma", "hand_checked_battles.txt", 20, "cards ፩ keep Legat"),
    ("roma", "hand_checked_battles.txt", 20, "activate 1 ፩"),
    ("sylla", "four_players_seed11.txt", 148, "Black bids ፩"),
    ("sylla", "four_players_seed11.txt", 295, "White frees 𐩀"),
    ("sylla", "four_players_seed11.txt", 148, "Black offers ፩"),
    ("sylla", "three_players_by_hand.txt", 3, "events Epidemic ፩ V health, Senate Purge 0 L civic"),
    ("7wonders", "four-players-by-hand.txt", 47, "Ada build Vineyard pay left ፩"),
]


@pytest.mark.parametrize(("game_name", "file", "stop", "text"), UNICODE_DIGITS)
def test_digits_that_int_cannot_read_are_refused(game_name: str, file: str, stop: int, text: str) -> None:
    refusal(replayed(game_name, file, stop), text)


@pytest.mark.parametrize("text", ["Blue bids --3", "Blue bids -2", "Blue frees --3", "Blue up --1"])
def test_sylla_negative_and_double_minus_numbers_are_refused(text: str) -> None:
    game = replayed("sylla", "four_players_seed11.txt", 148)
    assert refusal(game, text).rule.startswith("sylla.")


def test_sylla_negative_number_refusal_says_negative() -> None:
    game = replayed("sylla", "four_players_seed11.txt", 148)
    assert "a bid is 0 or more, not -2" in refusal(game, "Blue bids -2").message


@pytest.mark.parametrize(
    ("game_name", "file", "stop", "text"),
    [
        ("7wonders", "four-players-by-hand.txt", 47, "Ada build Vineyard pay left " + "9" * 470),
        ("7wonders", "four-players-by-hand.txt", 47, "Ada build Vineyard pay left 9999999"),
        ("roma", "hand_checked_battles.txt", 31, "roll " + "9" * 480 + " 1 1"),
        ("roma", "hand_checked_battles.txt", 20, "activate 1 target " + "7" * 480),
        ("sylla", "four_players_seed11.txt", 148, "Black bids " + "1" * 480),
    ],
)
def test_very_long_numbers_are_refused(game_name: str, file: str, stop: int, text: str) -> None:
    refusal(replayed(game_name, file, stop), text)


@pytest.mark.parametrize("pay", ["pay left 99 wood", "pay left 16 ore", "pay left " + "wood " * 16, "pay left 9 wood right 9 wood"])
def test_7w_payment_buying_more_units_than_the_engine_counts_is_refused(pay: str) -> None:
    """Once a ValueError ("more than 15 units of wood") from the payment engine."""
    game = replayed("7wonders", "four-players-by-hand.txt", 47)
    assert refusal(game, "Ada build Vineyard " + pay).rule == "7w.notation"


@pytest.mark.parametrize("text", ["Red offers 4 Red offers 4", "Red passes 3", "Red done now", "Red legionary 2 Famine"])
def test_sylla_words_after_a_complete_entry_are_refused(text: str) -> None:
    """Once silently dropped: ``Blue passes 3`` (a bid meant?) was stored as a pass."""
    for file, stop in (("four_players_thumb_up_seed201.txt", 253), ("four_players_seed11.txt", 148)):
        refusal(replayed("sylla", file, stop), text)


def test_record_line_with_a_line_separator_is_refused_with_its_line() -> None:
    """``str.splitlines`` reads \\x1d as a line break: a stored comment holding one made the
    written record split there."""
    text = "Game: roma\nPlayers: Ann, Ben\n\nhand Ann Legat Forum Forum Turris  # a\x1db\n"
    with pytest.raises(AssistantError) as caught:
        read_record(text)
    assert "line 4" in str(caught.value) and "U+001D" in str(caught.value)
    game = Game(get_ruleset("roma"), ["Ann", "Ben"], {})
    with pytest.raises(EntryError):
        game.push("hand Ann Legat Forum Forum Turris", "a\x1db")


def test_record_header_over_its_limit_is_refused_with_its_line() -> None:
    text = "Game: roma\nPlayers: Ann, Ben\nLocation: " + "x" * (LIMITS["header"] + 1) + "\n\nhand Ann Legat Forum Forum Turris\n"
    with pytest.raises(AssistantError, match="line 3: the header 'Location' is 501 characters long"):
        read_record(text)


# -- bounded work: the worst entries of each game --------------------------------------------

WORST = [
    ("7wonders", "four-players-by-hand.txt", 47, "Ada build ", "Vineyard "),
    ("7wonders", "four-players-by-hand.txt", 47, "Ada build Stone Pit pay left ", "1 "),
    ("7wonders", "four-players-by-hand.txt", 47, "Ada build ", "xq "),
    ("7wonders", "four-players-by-hand.txt", 0, "Ada leaders ", "Caesar "),
    ("7wonders", "four-players-by-hand.txt", 0, "Ada leaders ", "a "),
    ("roma", "hand_checked_battles.txt", 20, "", "cards 6 keep Basilica "),
    ("roma", "hand_checked_battles.txt", 20, "cards 6 keep Legat discard ", "L "),
    ("roma", "hand_checked_battles.txt", 0, "hand Ann ", "L "),
    ("roma", "hand_checked_battles.txt", 0, "place Ann ", "Legat "),
    ("roma", "hand_checked_battles.txt", 20, "activate 1 lay ", "Legat 1 "),
    ("sylla", "three_players_by_hand.txt", 0, "tiles ", "s "),
    ("sylla", "three_players_by_hand.txt", 3, "events ", "Famine 1 V health, "),
    ("sylla", "three_players_by_hand.txt", 1, "Ann keeps ", "senator ry, "),
    ("sylla", "four_players_seed11.txt", 148, "Black prevents ", "Famine, "),
    ("pax", "four_players.txt", 140, "reveal ", "wealth 2/2, "),
    ("pax", "four_players.txt", 70, "Ann draw ", "estate 3/1 deck, "),
    ("pax", "four_players.txt", 1, "Cy keep ", "wealth 3/2 "),
]


@pytest.mark.parametrize(("game_name", "file", "stop", "head", "unit"), WORST)
def test_a_worst_case_entry_of_the_longest_length_is_read_and_checked_in_bounded_time(
    game_name: str, file: str, stop: int, head: str, unit: str
) -> None:
    """Parse + check of a 500-character entry built to make a parser work hardest (names looked
    up at every word: quadratic until parsers looked names up in windows of NAME_WORDS words).
    The measure is CPU time and the bound generous: it guards against a return of quadratic
    work, it is not a benchmark."""
    game = replayed(game_name, file, stop)
    text = (head + unit * LIMITS["entry"])[: LIMITS["entry"]].strip()
    start = time.process_time()
    for _ in range(10):
        try:
            game.ruleset.check(game.state, game.ruleset.parse(game.state, text))
        except AssistantError:
            pass
    assert (time.process_time() - start) / 10 < CPU_LIMIT / 10


@pytest.mark.parametrize("game_name", games())
def test_names_fit_the_lookup_window(game_name: str) -> None:
    """Every name and alias of every component index (the game's ``components`` role: the
    ``*_index`` functions and the NameIndex objects), and every name of its catalogue, is at
    most NAME_WORDS words, so looking names up in windows of that many words reads them all."""
    from assistant.core.inputs import NAME_WORDS
    from assistant.core.names import NameIndex

    module = role(game_name, "components")
    indexes = [v() for k, v in vars(module).items() if k.endswith("_index") and callable(v)]
    indexes += [v for v in vars(module).values() if isinstance(v, NameIndex)]
    names = [item["name"] for item in get_ruleset(game_name).catalogue()]
    assert names or indexes, f"{game_name}: no component name to check"
    assert all(len(name.split()) <= NAME_WORDS for name in names), [n for n in names if len(n.split()) > NAME_WORDS]
    for index in indexes:
        assert all(len(key.split()) <= NAME_WORDS for key, _ in index._keys), index.what


# -- final tables --------------------------------------------------------------------------------

TABLE = {"game": "sylla", "players": [{"name": "Ann", "prestige": 30}, {"name": "Ben", "prestige": 20}, {"name": "Cy", "prestige": 10}]}


@pytest.mark.parametrize(
    ("suffix", "text"),
    [
        (".json", '{"players": ' + "[" * 5000 + "]" * 5000 + "}"),
        (".toml", "players = " + "[" * 5000 + "]" * 5000),
        (".toml", "a = " + "{b = " * 3000 + "1" + "}" * 3000),
        (".json", '{"a": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}"),
    ],
)
def test_deeply_nested_table_is_refused(tmp_path: Path, suffix: str, text: str) -> None:
    """Once a RecursionError from the JSON or TOML parser."""
    path = tmp_path / f"t{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AssistantError, match="nests deeper"):
        load_table(path)


@pytest.mark.parametrize(
    ("suffix", "text"),
    [
        (".json", '{"a": ' + "1" * 5000 + "}"),
        (".toml", "a = " + "1" * 5000),
        (".toml", "a = 0x" + "f" * 5000),
        (".json", '{"a": 1e400}'),
        (".toml", "a = nan"),
        (".json", '{"players": [{"name": "Ann", "prestige": 10000000}]}'),
    ],
)
def test_table_numbers_past_any_count_are_refused(tmp_path: Path, suffix: str, text: str) -> None:
    """Once a ValueError (past Python's conversion limit, or formatting a 6,000-digit number
    into a message)."""
    path = tmp_path / f"t{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AssistantError) as caught:
        get_ruleset("sylla").score_table(load_table(path))
    assert caught.value.rule == "core.score.file"


@pytest.mark.parametrize("bad", ["Ann\x1b[31m", "An\u2028n", "An\x1dn", "An\u202en", "x" * 201])
def test_table_text_is_cleaned_by_the_boundary(tmp_path: Path, bad: str) -> None:
    """A name (or any text, or key) with a control character or of absurd length is refused
    naming where it is; it cannot reach a message or a stored game."""
    data = copy.deepcopy(TABLE)
    data["players"][0]["name"] = bad
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(AssistantError, match=r"players\[1\]\.name") as caught:
        load_table(path)
    assert bad_character(str(caught.value)) is None


def test_table_text_is_normalised(tmp_path: Path) -> None:
    data = copy.deepcopy(TABLE)
    data["players"][0]["name"] = " Ａnn\u200b "
    data["players"][0]["ｐrestige"] = data["players"][0].pop("prestige")
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_table(path)["players"][0] == {"name": "Ann", "prestige": 30}


@pytest.mark.parametrize("text", ['{"a": 1, "a": 2}', '{"players": [{"name": "Ann", "ｎame": "Ben"}]}'])
def test_table_key_given_twice_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AssistantError, match="given twice"):
        load_table(path)


def test_table_file_over_the_size_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_bytes(b"# " + b"x" * (4 * LIMITS["table"]) + b"\n")
    with pytest.raises(AssistantError, match="at most"):
        load_table(path)


@pytest.mark.parametrize("name", ["t\x1b[2J.toml", "dir"])
def test_table_file_path_is_shown_safely(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    if name == "dir":
        path.mkdir()
    with pytest.raises(AssistantError) as caught:
        load_table(path)
    assert bad_character(str(caught.value)) is None
