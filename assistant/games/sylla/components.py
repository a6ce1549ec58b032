"""Sylla's components: the known facts of data/sylla/ and the tokens a table enters for the
printed components we cannot ship (RULES.md §21).

Every such component is entered as a short plain-text *spec* that the notation reads back:

* a character: ``senator fish ry II`` (type, ``fish`` if Christian, hexagon letters r/y/g,
  optional set numeral);
* a Crane card: ``ry`` (its hexagon letters);
* an event: ``Famine 1 V health`` (name, famine icons, fighters V/L/VL, token colour);
* the board: ``ladder=0,1,1,2,3,3,4 crisis=2 start=4 spaces=r,y,g,r,y,g``.

Because each spec is plain text, a local catalogue can map a short key (``II.3``, ``board``,
``Famine``) to a spec and the command line can substitute it before parsing. The checks here
compare what is entered with what is known (counts per set, Christians, Slaves' colours,
events' fighters and tokens, value ranges) and raise IllegalMove citing ``sylla.data.*``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.core.inputs import NAME_WORDS, is_number, number, signed
from assistant.core.names import NameIndex, normalize
from assistant.resources import load_json

TOKENS: tuple[str, ...] = ("civic", "health", "leisure")
HEXES: tuple[str, ...] = ("r", "y", "g")
TYPES: tuple[str, ...] = ("senator", "merchant", "legionary", "vestal", "slave")
ROMAN: dict[str, int] = {"I": 1, "II": 2, "III": 3, "IV": 4}
ROMAN_OF: dict[int, str] = {v: k for k, v in ROMAN.items()}


@cache
def facts() -> dict[str, Any]:
    """The known facts of data/sylla/components.json (counts, income, costs, limits), read once."""
    data: dict[str, Any] = load_json("sylla", "components.json")
    return data


@cache
def event_data() -> dict[str, Any]:
    """data/sylla/events.json: every event, what is known of its card, and which events hold which items."""
    data: dict[str, Any] = load_json("sylla", "events.json")
    return data


@cache
def building_data() -> dict[str, Any]:
    """data/sylla/buildings.json: the building tiles, their kinds and effects."""
    data: dict[str, Any] = load_json("sylla", "buildings.json")
    return data


@cache
def work_data() -> dict[str, Any]:
    """data/sylla/greatworks.json: the Great Works' rewards and ladder moves, and Ecclesia."""
    data: dict[str, Any] = load_json("sylla", "greatworks.json")
    return data


@cache
def events_by_id() -> dict[str, dict[str, Any]]:
    """Each event's data by id."""
    return {e["id"]: e for e in event_data()["events"]}


@cache
def event_names() -> dict[str, str]:
    """id -> printed English name."""
    return {e["id"]: e["name"] for e in event_data()["events"]}


@cache
def buildings_by_id() -> dict[str, dict[str, Any]]:
    """Each building tile's data by id."""
    return {b["id"]: b for b in building_data()["buildings"]}


@cache
def works_by_id() -> dict[str, dict[str, Any]]:
    """Each Great Work's data by id."""
    return {w["id"]: w for w in work_data()["works"]}


@cache
def type_labels() -> dict[str, str]:
    """Character type id -> the label prefix of its cards (senator -> Sen)."""
    return {t["id"]: t["label"] for t in facts()["characters"]["types"]}


@cache
def type_index() -> NameIndex:
    """Character types by any of their names (any case, accents, prefixes)."""
    return NameIndex(
        [(t["id"], [t["name"], *t["aliases"]]) for t in facts()["characters"]["types"]],
        what="character type",
        rule="sylla.data.characters",
    )


@cache
def token_index() -> NameIndex:
    """Token kinds by any of their names or colours (Civic Spirit, violet, ...)."""
    return NameIndex([(t["id"], [t["name"], *t["aliases"]]) for t in facts()["tokens"]], what="token kind", rule="sylla.notation")


@cache
def event_index() -> NameIndex:
    """Events by any of their names."""
    return NameIndex([(e["id"], [e["name"], *e["aliases"]]) for e in event_data()["events"]], what="event", rule="sylla.data.events")


@cache
def building_index() -> NameIndex:
    """Building tiles by any of their names."""
    return NameIndex(
        [(b["id"], [b["name"], *b["aliases"]]) for b in building_data()["buildings"]], what="building", rule="sylla.data.buildings"
    )


@cache
def work_index() -> NameIndex:
    """Great Works by any of their names."""
    return NameIndex([(w["id"], [w["name"], *w["aliases"]]) for w in work_data()["works"]], what="great work", rule="sylla.setup.greatworks")


def token_name(kind: str) -> str:
    """The printed name of a token kind (civic -> Civic Spirit)."""
    return {"civic": "Civic Spirit", "health": "Health", "leisure": "Leisure"}[kind]


def parse_token(word: str) -> str:
    """The token kind a word names; InvalidEntry with 'did you mean' otherwise."""
    return token_index().resolve(word)


def parse_hexes(word: str, rule: str = "sylla.data.characters") -> str:
    """``"RY"``/``"r,y"``/``"red+grey"`` -> canonical ``"ry"`` (order r, y, g). Duplicates are kept
    so that the check can refuse them with its reason."""
    text = normalize(word).replace(" ", "")
    names = {"red": "r", "yellow": "y", "grey": "g", "gray": "g", "gold": "y"}
    for long, short in names.items():
        text = text.replace(long, short)
    if not text or any(ch not in "ryg" for ch in text):
        raise InvalidEntry(rule, f"'{word}' is not a set of hexagon colours", hint="letters r (red), y (yellow), g (grey), e.g. ry")
    return "".join(sorted(text, key="ryg".index))


def parse_roman(word: str) -> int | None:
    """An Income tile numeral (I to IV, or 1 to 4) as a number; None when the word is none."""
    w = word.strip().upper()
    if w in ROMAN:
        return ROMAN[w]
    if w in ("1", "2", "3", "4"):
        return int(w)
    return None


@dataclass(frozen=True)
class CharacterSpec:
    """A character card as the table reads it."""

    kind: str
    christian: bool
    hexes: str
    set: int | None = None

    def text(self) -> str:
        """The spec as the notation writes it: ``senator fish ry II``."""
        parts = [self.kind]
        if self.christian:
            parts.append("fish")
        parts.append(self.hexes)
        if self.set is not None:
            parts.append(ROMAN_OF[self.set])
        return " ".join(parts)


def parse_character(words: list[str]) -> CharacterSpec:
    """``["senator", "fish", "ry", "II"]`` -> a spec (the set is optional)."""
    if not words:
        raise InvalidEntry("sylla.data.characters", "a character is missing", hint="e.g. senator fish ry II")
    kind = type_index().resolve(words[0])
    christian = False
    hexes: str | None = None
    card_set: int | None = None
    for word in words[1:]:
        key = normalize(word)
        if key in ("fish", "christian", "hal", "keresztény", "kereszteny", "f"):
            christian = True
        elif parse_roman(word) is not None and card_set is None and hexes is not None:
            card_set = parse_roman(word)
        elif hexes is None:
            hexes = parse_hexes(word)
        else:
            raise InvalidEntry(
            "sylla.data.characters",
            f"cannot read '{word}' in the character '{' '.join(words)}'",
            hint="type, fish if Christian, hexagon letters, set numeral: senator fish ry II",
                               )
    if hexes is None:
        raise InvalidEntry(
        "sylla.data.characters",
        f"the hexagon colours of '{' '.join(words)}' are missing",
        hint="add the letters of its hexagons, e.g. slave ryg",
                           )
    return CharacterSpec(kind, christian, hexes, card_set)


NOTES_HINT = "if your card really shows this, play with --option card_checks=rulebook"


def check_character(spec: CharacterSpec, who: str, *, notes: bool = True) -> None:
    """The per-card checks (sylla.data.characters). ``notes`` adds the facts that come from
    the research notes, not the rulebook (option ``card_checks=notes``, the default)."""
    f = facts()["characters"]
    # Two hexagons of one colour are accepted: no source rules them out for sure, and a bid
    # counts cards, not hexagons (sylla.phase3.auction), so such a card still counts once.
    if not f["hexes_per_card"]["low"] <= len(spec.hexes) <= f["hexes_per_card"]["high"]:
        raise IllegalMove("sylla.data.characters", f"{who}'s {spec.kind} must show 1 to 3 hexagons",
                          hint="the letters of its hexagons, e.g. ry")
    if not notes:
        return
    if spec.christian and spec.kind not in f["christian_types"]["value"]:
        raise IllegalMove("sylla.data.characters", f"{who}'s {spec.kind} cannot be Christian: only Senators, Merchants and Slaves show the fish (research notes)",
                          hint=f"enter it without 'fish': {spec.kind} {spec.hexes}; {NOTES_HINT}")
    if spec.kind == "slave" and "".join(sorted(set(spec.hexes), key="ryg".index)) != f["slave_hexes"]["value"]:
        raise IllegalMove("sylla.data.characters", f"{who}'s Slave shows {spec.hexes}; Slaves show all three colours, ryg (research notes)",
                          hint=f"slave ryg; {NOTES_HINT}")


def plural(kind: str) -> str:
    """'legionary' -> 'Legionaries', 'senator' -> 'Senators' (for messages)."""
    name = kind.capitalize()
    return name[:-1] + "ies" if name.endswith("y") else name + "s"


def check_set_counts(existing: list[CharacterSpec], new: list[CharacterSpec], who: str, *, notes: bool = True) -> None:
    """No set holds more than 2 of a type; at most 8 of a type exist (research notes: checked
    only with ``notes``)."""
    if not notes:
        return
    per = facts()["characters"]["per_set_of_each_type"]["value"]
    counts: dict[tuple[int | None, str], int] = {}
    totals: dict[str, int] = {}
    for spec in existing + new:
        totals[spec.kind] = totals.get(spec.kind, 0) + 1
        if spec.set is not None:
            counts[(spec.set, spec.kind)] = counts.get((spec.set, spec.kind), 0) + 1
    for spec in new:
        if spec.set is not None and counts[(spec.set, spec.kind)] > per:
            raise IllegalMove("sylla.data.characters",
                              f"{who}: set {ROMAN_OF[spec.set]} has only {per} {plural(spec.kind)} (research notes), and {counts[(spec.set, spec.kind)]} are entered",
                              hint=f"check the numeral and type on the card; {NOTES_HINT}")
        if totals[spec.kind] > per * facts()["characters"]["sets"]:
            raise IllegalMove("sylla.data.characters", f"{who}: the game has only {per * 4} {plural(spec.kind)} (research notes)", hint=NOTES_HINT)


@dataclass(frozen=True)
class EventSpec:
    """An event card as the table reads it."""

    id: str
    icons: int
    fighters: str  # "L", "V" or "LV"
    token: str | None

    def text(self) -> str:
        """The spec as the notation writes it: ``Famine 1 V health``."""
        parts = [event_names()[self.id], str(self.icons), self.fighters]
        if self.token:
            parts.append(self.token)
        return " ".join(parts)


def parse_event(words: list[str]) -> EventSpec:
    """``["Famine", "1", "V", "health"]`` -> an event spec (name, famine icons, fighters, token)."""
    ev, used = event_index().resolve_leading(words[:NAME_WORDS])
    icons: int | None = None
    fighters: str | None = None
    token: str | None = None
    for word in words[used:]:
        up = word.upper()
        if is_number(word) and icons is None:
            icons = number(word)
        elif up in ("V", "L", "VL", "LV", "L+V", "V+L") and fighters is None:
            fighters = "".join(sorted(set(up.replace("+", ""))))
        elif normalize(word) in ("none", "no", "nothing", "-") and token is None:
            token = None
        elif token is None:
            token = parse_token(word)
        else:
            raise InvalidEntry(
            "sylla.data.events",
            f"cannot read '{word}' in the event '{' '.join(words)}'",
            hint="name, famine icons, fighters (V, L or VL), token colour: Famine 1 V health",
                               )
    if icons is None or fighters is None:
        raise InvalidEntry(
        "sylla.data.events",
        f"the event '{' '.join(words)}' needs its famine icons and fighter symbols",
        hint="e.g. Famine 1 V health",
                           )
    return EventSpec(ev, icons, fighters, token)


def check_event(spec: EventSpec) -> None:
    """An entered event card against what is known of it (sylla.data.events): icons in range, the
    fighters and token the rulebook shows."""
    data = events_by_id()[spec.id]
    name = data["name"]
    known = data["known"]
    if not 0 <= spec.icons <= event_data()["icons_high"]:
        raise IllegalMove("sylla.data.events", f"{name} cannot show {spec.icons} famine icons (0 to 6)")
    for f in known.get("fighters_include", []):
        if f not in spec.fighters:
            word = {"V": "Vestal", "L": "Legionary"}[f]
            raise IllegalMove("sylla.data.events", f"{name} shows the {word} symbol (rulebook example), not only {spec.fighters}",
                              hint=f"{name} {spec.icons} {''.join(sorted(set(spec.fighters + f)))}")
    if spec.id == "decadence":
        if spec.token is not None:
            raise IllegalMove("sylla.data.events", "Decadence gives prestige, not a token", hint=f"Decadence {spec.icons} {spec.fighters}")
    else:
        if spec.token is None:
            raise IllegalMove("sylla.data.events", f"{name} shows a token colour; enter it", hint=f"{name} {spec.icons} {spec.fighters} health|civic|leisure")
        if "token" in known and known["token"] != spec.token:
            raise IllegalMove("sylla.data.events", f"{name} gives a {token_name(known['token'])} token (rulebook example), not {token_name(spec.token)}",
                              hint=f"{name} {spec.icons} {spec.fighters} {known['token']}")


def check_icons_total(specs: dict[str, EventSpec]) -> None:
    """The rulebook's example fixes the icons on four cards together (sylla.examples.famine-advance)."""
    rule = event_data()["icons_total"]
    ids = rule["events"]
    if all(i in specs for i in ids):
        total = sum(specs[i].icons for i in ids)
        if total != rule["total"]:
            raise IllegalMove("sylla.data.events",
                              f"Decadence, Famine, Slave Revolt and Imperial Cult show {rule['total']} famine icons together (rulebook example), not {total}",
                              hint="check the icons at the top right of these cards")


@dataclass(frozen=True)
class BoardSpec:
    """The printed board facts entered once per game: ladder values, crisis zone, start, space colours."""

    ladder: tuple[int, ...]
    crisis: int
    start: int  # 0-based index of the start space
    spaces: tuple[str, ...]

    def text(self) -> str:
        """The board as the notation writes it: ``ladder=... crisis=N start=N spaces=...``."""
        return (f"ladder={','.join(map(str, self.ladder))} crisis={self.crisis} start={self.start + 1} "
                f"spaces={','.join(self.spaces)}")


def parse_board(words: list[str]) -> BoardSpec:
    """The words of a board entry (``ladder=0,1,2 crisis=1 start=2 spaces=r,y,g,r,y,g``) -> a board
    spec; the start defaults to the middle of an odd ladder."""
    fields: dict[str, str] = {}
    for word in words:
        if "=" not in word:
            raise InvalidEntry(
            "sylla.data.ladder",
            f"cannot read '{word}' in the board entry",
            hint="board ladder=0,1,1,2,3,3,4 crisis=2 start=4 spaces=r,y,g,r,y,g",
                               )
        key, value = word.split("=", 1)
        fields[normalize(key)] = value
    missing = [k for k in ("ladder", "crisis", "spaces") if k not in fields]
    if missing:
        raise InvalidEntry(
        "sylla.data.ladder",
        "the board entry needs " + ", ".join(missing),
        hint="board ladder=0,1,1,2,3,3,4 crisis=2 start=4 spaces=r,y,g,r,y,g",
                           )
    read = [signed(v.strip()) for v in fields["ladder"].split(",") if v.strip()]
    crisis_read = signed(fields["crisis"])
    start_read = signed(fields["start"]) if "start" in fields else 0
    if None in read or crisis_read is None or start_read is None:
        raise InvalidEntry("sylla.data.ladder", "ladder values, crisis and start must be whole numbers")
    ladder = tuple(v for v in read if v is not None)
    crisis = crisis_read
    start = start_read - 1
    if start < 0:
        if len(ladder) % 2 == 0:
            raise InvalidEntry(
            "sylla.data.ladder",
            f"the ladder has {len(ladder)} spaces, so give the middle start space (start=N)",
            hint=f"start={len(ladder) // 2} or start={len(ladder) // 2 + 1}, counted from 1 at the left",
                               )
        start = len(ladder) // 2
    spaces = tuple(parse_hexes(v, "sylla.data.building-slots") for v in fields["spaces"].split(",") if v.strip())
    return BoardSpec(ladder, crisis, start, spaces)


def check_board(spec: BoardSpec) -> None:
    """An entered board against the known facts (sylla.data.ladder, sylla.data.building-slots): a
    usable ladder, the start between crisis zone and ideal end, 6 space colours."""
    high = facts()["board"]["ladder_value_sanity_high"]
    if len(spec.ladder) < 3:
        raise IllegalMove("sylla.data.ladder", f"a ladder of {len(spec.ladder)} spaces cannot hold a crisis zone, a middle and an ideal end")
    if any(not -high <= v <= high for v in spec.ladder):  # a guard against typos, not a known fact
        raise IllegalMove("sylla.data.ladder", f"ladder values lie between -{high} and {high} (a typo?)")
    if not 0 <= spec.start < len(spec.ladder):
        raise IllegalMove("sylla.data.ladder", f"the start space must be one of the {len(spec.ladder)} spaces")
    if spec.crisis < 1:
        raise IllegalMove("sylla.data.ladder", f"crisis={spec.crisis}: the crisis zone holds at least the leftmost space (the rulebook's crisis example)",
                          hint=f"crisis=1 to {spec.start}: how many spaces at the left end are in the zone")
    if spec.crisis > spec.start:
        raise IllegalMove("sylla.data.ladder", f"crisis={spec.crisis} would put the start space {spec.start + 1} in the crisis zone; the markers start in the middle, between crisis and ideal",
                          hint=f"crisis=1 to {spec.start}")
    if len(spec.spaces) != facts()["board"]["building_spaces"] or any(len(s) != 1 for s in spec.spaces):
        raise IllegalMove("sylla.data.building-slots", "give one colour (r, y or g) for each of the 6 building spaces, left to right")


def catalogue() -> list[dict[str, Any]]:
    """Every known component with what is known of it (INTERFACES.md §2): character types,
    events, building tiles, Great Works and Ecclesia."""
    out: list[dict[str, Any]] = []
    christian_types = facts()["characters"]["christian_types"]["value"]
    for t in facts()["characters"]["types"]:
        out.append({"name": t["name"], "kind": "character", "aliases": t["aliases"], "ability": t["ability"],
                    "copies": 8, "copies_source": "2 per set x 4 sets (research notes, KNOWN.md §5)",
                    "christian_possible": t["id"] in christian_types,
                    "hexes": "ryg" if t["id"] == "slave" else None})
    for e in event_data()["events"]:
        out.append({"name": e["name"], "kind": "event", "aliases": e["aliases"], "effect": e["effect"], "rule": e["rule"],
                    "known": e["known"], "notes": e["notes"]})
    for b in building_data()["buildings"]:
        out.append({"name": b["name"], "kind": "building", "aliases": b["aliases"], "type": b["kind"], "rule": b["rule"]})
    for w in work_data()["works"]:
        out.append({"name": w["name"], "kind": "great work", "aliases": w["aliases"], "rule": w["rule"],
                    "ranks": w.get("ranks"), "thresholds": w.get("thresholds"), "ladder": w.get("ladder")})
    ec = work_data()["ecclesia"]
    out.append({"name": ec["name"], "kind": "great work", "aliases": ec["aliases"], "rule": ec["rule"]})
    return out
