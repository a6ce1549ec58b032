"""Typing load, measured (issue 11): for every full-game record under tests/records/ (one that
replays to the game's end), how many entries a table types, and how many faces: everything
typed (the record as it is, every secret face named) against only the public faces (the same
game as ``Game.to_public_record`` writes it, each secret face as ``?`` or a count).

A face is a card or other component named in an entry, found with the game's own name
indexes (its names and aliases, exact matches only, the longest name first): Roma's cards;
PAX's influence cards (a category word, or its short form such as ``a4`` or ``s2/2``); Sylla's
character types, tokens, events, building tiles and Great Works; 7 Wonders' cards, leaders
and boards. ``?`` and counts are not faces; player names are never counted. A public record
may name a face the full one does not: a value the rules reveal at the end (Sylla's tokens)
is typed then, in the entry that reveals it, when it was not typed before.

It is a measurement, not a goal: the script exits 0 whenever every record could be read (a
record that no longer replays is listed and skipped). Run: python benchmarks/entries_per_game.py
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from assistant.core.errors import AssistantError
from assistant.core.game import Game
from assistant.core.names import NameIndex
from assistant.core.record import read_record

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "tests" / "records"
GAMES = ("roma", "pax", "sylla", "7wonders")
LONGEST_NAME = 4  # words
PAX_SHORT = re.compile(r"^([a-z]+)(\d)(?:/(\d))?$")


def _indexes(game: str) -> list[NameIndex]:
    """The name indexes whose names are faces, per game."""
    if game == "roma":
        from assistant.games.roma.components import CARD_NAMES

        return [CARD_NAMES]
    if game == "pax":
        from assistant.games.pax.components import category_index

        return [category_index()]
    if game == "sylla":
        from assistant.games.sylla import components as c

        return [c.type_index(), c.token_index(), c.event_index(), c.building_index(), c.work_index()]
    from assistant.games.sevenwonders.components import component_index

    return [component_index()]


def face_counter(game: str) -> Callable[[str, Sequence[str]], int]:
    """A function counting the faces named in one entry (``seats``: names never counted)."""
    indexes = _indexes(game)

    def is_face(phrase: str) -> bool:
        return any(index.exact(phrase) for index in indexes)

    def count(text: str, seats: Sequence[str]) -> int:
        players = {seat.casefold() for seat in seats}
        words = [w for w in re.split(r"[\s,;]+", text) if w]
        found = i = 0
        while i < len(words):
            for size in range(min(LONGEST_NAME, len(words) - i), 0, -1):
                phrase = " ".join(words[i : i + size])
                if phrase.casefold() in players or phrase == "?":
                    continue
                short = PAX_SHORT.match(phrase.casefold()) if game == "pax" and size == 1 else None
                if is_face(phrase) or (short is not None and is_face(short.group(1))):
                    found += 1
                    i += size
                    break
            else:
                i += 1
        return found

    return count


@dataclass
class Measured:
    """One full-game record: its entries and the faces typed, all and public only."""

    game: str
    name: str
    players: int
    entries: int
    faces: int
    public_faces: int
    secret_entries: int


def measure(game: str, path: Path, count: Callable[[str, Sequence[str]], int]) -> Measured | str:
    """The figures of one record, or why it was skipped."""
    from assistant.games import get_ruleset

    try:
        record = read_record(path.read_text(encoding="utf-8"))
        ruleset = get_ruleset(record.game)
        played = Game.from_record(ruleset, record)
        public = played.to_public_record()
    except AssistantError as exc:
        return f"does not replay: {exc}"
    if played.outcome() is None:
        return "not a full game"
    # the public record replays too (Game.to_public_record's promise)
    try:
        Game.from_record(ruleset, public)
    except AssistantError as exc:
        return f"its public record does not replay: {exc}"
    seats = played.seats
    texts = [entry.text for entry in played.entries]
    public_texts = [line.text for line in public.entries]
    return Measured(
        game=game,
        name=path.stem,
        players=len(seats),
        entries=len(texts),
        faces=sum(count(text, seats) for text in texts),
        public_faces=sum(count(text, seats) for text in public_texts),
        secret_entries=sum(a != b for a, b in zip(texts, public_texts)),
    )


def main(argv: list[str]) -> int:
    games = [g for g in GAMES if not argv or g in argv]
    rows: list[Measured] = []
    print(f"{'game':<9} {'record':<44} {'pl':>2} {'entries':>7} {'faces':>6} {'public':>6} {'secret':>6} {'secret entries':>14}")
    for game in games:
        count = face_counter(game)
        for path in sorted((RECORDS / game).glob("*.txt")):
            result = measure(game, path, count)
            if isinstance(result, str):
                print(f"{game:<9} {path.stem:<44} skipped: {result}")
                continue
            rows.append(result)
            secret = result.faces - result.public_faces
            print(
                f"{game:<9} {result.name:<44} {result.players:>2} {result.entries:>7} {result.faces:>6} "
                f"{result.public_faces:>6} {secret:>6} {result.secret_entries:>14}"
            )
    print()
    print("per game: entries and faces typed per game, on average over the full-game records that")
    print("type at least one secret face (all of them for a game without secrets)")
    print(f"{'game':<9} {'records':>7} {'entries':>8} {'with a secret':>13} {'faces typed':>11} {'public only':>11} {'saved':>6}")
    summary = []
    for game in games:
        mine = [r for r in rows if r.game == game]
        mine = [r for r in mine if r.secret_entries] or mine
        if not mine:
            continue
        n = len(mine)
        entries = sum(r.entries for r in mine) / n
        faces = sum(r.faces for r in mine) / n
        public = sum(r.public_faces for r in mine) / n
        secret = sum(r.secret_entries for r in mine) / n
        saved = 1 - public / faces if faces else 0.0
        print(f"{game:<9} {n:>7} {entries:>8.1f} {secret:>13.1f} {faces:>11.1f} {public:>11.1f} {saved:>6.0%}")
        summary.append(f"{game} {entries:.0f} entries ({secret:.0f} with a secret), {faces:.0f} faces ({public:.0f} public)")
    print("entries_per_game: " + "; ".join(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
