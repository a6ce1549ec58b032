"""Reading and validating a 7 Wonders final table (INTERFACES.md §1) into :class:`City`
objects, then scoring it.

Every problem is collected (player, rule id, reason) and raised together as a
:class:`~assistant.core.errors.TableError`, so the user fixes the file in one go. What is
checked (rules ``7w.table.*`` and the rules they rest on):

* the file: ``game``, ``leaders`` (true/false), ``leaders_guilds`` (the base-game option of
  Gamers/Architects), ``date``/``location`` (kept by ``--save``), 3-7 ``[[players]]`` with
  distinct names; keys in any case (``Copied Guild``) and a few synonyms (``board``), but
  unknown keys and keys given twice are problems (a typo such as ``crads =`` would otherwise be
  silently ignored);
* boards: known name or title, the side possibly written with it ("Gizah B"), used once, side
  A/B, Rome only with Leaders, stages within the side (suggesting the other side);
* numbers: coins, tokens (+1/+3/+5/-1 only; per-Age and per-player limits; as many
  Victory as Defeat tokens on the whole table; each Age's Victory tokens fit the pairs of
  neighbours, one per pair);
* cards: known names (an Age may be written with them: "Loom (Age II)"), no duplicate name in
  a city, in the deck at this player count, not used more often than copies exist, at most
  players + 2 guilds, Leaders guilds only with Leaders, no more cards than the turns and extra
  builds allow, in all and per Age;
* leaders: known, none when ``leaders = false``, none in two cities, not more than the
  Recruitment phases (and Rome B's extra recruitments) allow;
* choices: ``courtesan`` needs the Courtesans' Guild and a neighbour's recruited leader
  (``"none"``: the token was never placed, nothing is copied);
  ``copied_guild`` needs Olympia B with 3 stages and a neighbour's guild.

>>> sheet = score_table({"players": [
...     {"name": "A", "wonder": "Gizah", "side": "B", "stages": 4, "coins": 14},
...     {"name": "B", "wonder": "Rhodes", "side": "A", "coins": 3},
...     {"name": "C", "wonder": "Babylon", "side": "A", "coins": 3}]})
>>> sheet.totals["A"], sheet.winners
(24, ('A',))
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from assistant.core.errors import AmbiguousEntry, InvalidEntry
from assistant.core.inputs import signed
from assistant.core.names import NameIndex, normalize
from assistant.core.scoresheet import ScoreSheet
from assistant.core.tablefile import TableReader, key_form
from assistant.games.sevenwonders import components, conflicts
from assistant.games.sevenwonders.scoring import NO_TOKEN, NO_TOKEN_WORDS, City, can_copy_guild, neighbours, score_cities
from assistant.games.sevenwonders.state import FREE_CITY, SWState

GAME = "7wonders"
PLAYER_KEYS = ("name", "wonder", "side", "stages", "coins", "tokens", "cards", "leaders", "courtesan", "copied_guild")
TOP_KEYS = ("game", "leaders", "leaders_guilds", "players", "free_city", "date", "location")
TOKEN_VALUES = (1, 3, 5, -1)
TURNS = 18  # 3 Ages x 6 turns: one card played per turn
#: Leaders guilds that work without leaders: a table without Leaders may have played them as
#: the explicit house option of ``7w.setup.guilds`` (``leaders_guilds = true``).
BASE_OPTION_GUILDS = components.BASE_OPTION_GUILDS
#: The blank leader card of the box (for home-made leaders), never in play (``7w.setup.leaders``).
BLANK_LEADER = ("semiramis", "szemiramisz")


def _resolve(index: NameIndex, text: str, reader: TableReader, rule: str, player: str, what: str) -> str | None:
    """A canonical name, or ``None`` after recording why not (with suggestions)."""
    try:
        return index.resolve(text)
    except AmbiguousEntry as exc:
        reader.problem(rule, f"{what} '{text}' is ambiguous: it could be " + ", ".join(exc.candidates[:6]), player)
    except InvalidEntry as exc:
        hint = f" ({exc.hint})" if exc.hint else ""
        reader.problem(rule, f"there is no {what} called '{text}'{hint}", player)
    return None


_SIDE_SUFFIX = re.compile(r"(?P<board>.*?\S)[\s,:/_\-(\[]+(?:side\s*)?(?P<side>[ABab])[)\]]?\s*")


def _split_side(text: str) -> tuple[str, str | None]:
    """``"Gizah B"``, ``"Olympia (B)"``, ``"Rome-A"``, ``"Babylon side B"``: the board and the
    side written with it (``None`` when the text is only a board name).

    >>> _split_side("Gizah B"), _split_side("Olympia (side a)"), _split_side("Babylon")
    (('Gizah', 'B'), ('Olympia', 'A'), ('Babylon', None))
    """
    if components.board_index().exact(text) is not None:
        return text, None
    m = _SIDE_SUFFIX.fullmatch(text.strip())
    if m is None or components.board_index().find(m["board"]) is None:
        return text, None
    return m["board"], m["side"].upper()


_AGE_SUFFIX = re.compile(r"(?P<card>.*?\S)[\s,:/_\-(\[]+(?:age\s*)?(?P<age>I{1,3}|[123])[)\]]?\s*", re.IGNORECASE)
_GUILD_OF = re.compile(r"\s*guild\s+of\s+(?:the\s+)?(?P<what>.+?)\s*", re.IGNORECASE)


def _split_age(text: str) -> tuple[str, int | None]:
    """A card name with an Age written after it (``"Loom (Age II)"``, ``"Press I"``,
    ``"Glassworks 2"``) and that Age; ``"Guild of Spies"`` reads as ``"Spies Guild"``.

    >>> _split_age("Loom (Age II)"), _split_age("Press I"), _split_age("Guild of Spies")
    (('Loom', 2), ('Press', 1), ('Spies Guild', None))
    """
    m = _GUILD_OF.fullmatch(text)
    if m is not None:
        return f"{m['what']} Guild", None
    if components.card_index().exact(text) is not None:
        return text, None
    m = _AGE_SUFFIX.fullmatch(text.strip())
    if m is None or components.card_index().find(m["card"]) is None:
        return text, None
    age = m["age"].upper()
    return m["card"], len(age) if age.startswith("I") else int(age)


#: Other spellings of the keys (compared after folding case and separators): a board is also
#: called a wonder, and one word of a list may be written in the singular.
KEY_ALIASES = {
    "board": "wonder", "city": "wonder", "wonder_side": "side", "coin": "coins", "money": "coins",
    "treasury": "coins", "token": "tokens", "military_tokens": "tokens", "conflict_tokens": "tokens",
    "card": "cards", "structures": "cards", "leader": "leaders", "wonder_stages": "stages",
    "stage": "stages", "courtesans": "courtesan", "courtesan_token": "courtesan",
    "copy": "copied_guild", "olympia_copy": "copied_guild", "copied": "copied_guild",
    "guild_copied": "copied_guild", "player": "players", "freecity": "free_city",
}


def _names(items: Sequence[str]) -> list[str]:
    """The names of a list, where one entry may hold several separated by commas or
    semicolons (``"Altar, Temple"``); no name contains either. Empty entries are dropped."""
    return [part.strip() for item in items for part in re.split(r"[,;]", item) if part.strip()]


_BOOLEANS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


def _whole(text: str) -> int | None:
    """A whole number written as text (``"10"``, ``" +3 "``, ``"-1"``), read through the input
    boundary (:func:`assistant.core.inputs.signed`: ASCII digits only, at most 6); ``None``
    for anything else.

    >>> _whole(" +3 "), _whole("-1"), _whole("10"), _whole("+-1"), _whole("１０"), _whole("9999999")
    (3, -1, 10, None, None, None)
    """
    text = text.strip()
    if text[:1] == "+":
        text = text[1:]
        if text[:1] == "-":
            return None
    return signed(text)


def _numbers(entry: dict[str, Any]) -> dict[str, Any]:
    """Whole numbers written as text (``"10"``, ``"+3"`` in a JSON file) read as numbers, for
    ``stages``, ``coins`` and ``tokens``; anything else is left for the checks to refuse."""
    for key in ("stages", "coins"):
        value = entry.get(key)
        if isinstance(value, str) and _whole(value) is not None:
            entry[key] = _whole(value)
    tokens = entry.get("tokens")
    if isinstance(tokens, list):
        entry["tokens"] = [_whole(t) if isinstance(t, str) and _whole(t) is not None else t for t in tokens]
    return entry


def read_table(table: Mapping[str, Any]) -> tuple[list[City], bool]:
    """The validated cities (seating order; in a 2-player game the Free City last) and
    whether Leaders is in play; raises :class:`TableError` listing every problem."""
    cities, use_leaders, _ = read_cities(table)
    return cities, use_leaders


def read_cities(table: Mapping[str, Any]) -> tuple[list[City], bool, bool]:
    """As :func:`read_table`, and whether the last city is a 2-player game's Free City."""
    reader = TableReader(GAME)
    table = reader.keys(table, TOP_KEYS, rule="7w.table.format", aliases=KEY_ALIASES)
    for key in ("date", "location"):
        if key in table and not isinstance(table[key], (str, datetime.date)):
            reader.problem("7w.table.format", f"'{key}' must be text, not {table[key]!r}")
    game = table.get("game")
    if game is not None and (not isinstance(game, str) or normalize(game) not in ("7wonders", "7w", "leaders", "7 wonders", "seven wonders")):
        reader.problem("7w.table.format", f"this is a 7 Wonders table, but game = {game!r}")
    for key in ("leaders", "leaders_guilds"):
        value = table.get(key)
        if isinstance(value, str) and value.strip().lower() in _BOOLEANS:
            table[key] = _BOOLEANS[value.strip().lower()]
    use_leaders = reader.boolean(table, "leaders", rule="7w.table.format", default=True)
    option_guilds = reader.boolean(table, "leaders_guilds", rule="7w.setup.guilds", default=False)
    if isinstance(table.get("players"), list):
        entries = []
        for entry in table["players"]:
            if isinstance(entry, dict):
                named = next((v for k, v in entry.items() if key_form(k) == "name"), None)
                player = named if isinstance(named, str) else None
                entry = _numbers(reader.keys(entry, PLAYER_KEYS, rule="7w.table.format", player=player, aliases=KEY_ALIASES))
            entries.append(entry)
        table["players"] = entries
    players = reader.players(table, rule="7w.setup.players", low=2, high=7)
    n = len(players)
    if not players:
        reader.raise_if_problems()

    cities: list[City] = []
    for raw in players:
        name = raw["name"]
        cities.append(_read_city(reader, raw, name, use_leaders, n))
    free = _read_free_city(reader, table, n, use_leaders)
    if free is not None:
        cities.append(free)
        n = 3  # the 2-player game is three cities with the 3-player decks (7w.2p.setup)

    if 3 <= n <= 7 and len(cities) >= 3:
        _check_boards(reader, cities, use_leaders)
        _check_cards(reader, cities, use_leaders, n, option_guilds)
        _check_leaders(reader, cities, use_leaders)
        _check_tokens(reader, cities)
        _check_choices(reader, cities)
    reader.raise_if_problems()
    return cities, use_leaders, free is not None


def _read_free_city(reader: TableReader, table: Mapping[str, Any], players: int, use_leaders: bool) -> City | None:
    """The ``[free_city]`` table of a 2-player game (``7w.2p.setup``): the keys of a player
    (``name`` optional, default "Free City"), no recruited leaders (``7w.2p.leaders``).
    Required with 2 players, refused with more."""
    if "free_city" not in table:
        if players == 2:
            reader.problem(
                "7w.2p.setup",
                "a 2-player table names the Free City too: add a [free_city] table (wonder, side, stages, coins, tokens, cards)",
            )
        return None
    if players != 2:
        reader.problem("7w.2p.setup", f"the Free City is the third city of a 2-player game, not of a {players}-player one")
        return None
    raw = table["free_city"]
    if not isinstance(raw, dict):
        reader.problem("7w.2p.setup", "'free_city' must be a table of KEY = VALUE, like a player's entry")
        return None
    raw = _numbers(reader.keys(raw, PLAYER_KEYS, rule="7w.table.format", player=FREE_CITY, aliases=KEY_ALIASES))
    name = reader.string(raw, "name", rule="7w.table.format", player=FREE_CITY) or FREE_CITY
    taken = {normalize(str(p.get("name", ""))) for p in table.get("players", []) if isinstance(p, dict)}
    if normalize(name) in taken:
        reader.problem("7w.2p.setup", f"the Free City cannot be called '{name}': a player has that name", FREE_CITY)
        name = FREE_CITY
    city = _read_city(reader, raw, name, use_leaders, 3)
    if city.leaders:
        reader.problem("7w.2p.leaders", "the Free City gets no leaders: only the two players draft and recruit", name)
        city = City(city.name, city.board, city.side, city.stages, city.coins, city.tokens, city.cards, (), city.courtesan, city.copied_guild)
    return city


def _read_city(reader: TableReader, raw: Mapping[str, Any], name: str, use_leaders: bool, n: int) -> City:
    """One city of a final table, every problem told to ``reader`` (in the order of the
    city's keys: the wonder, coins, tokens, cards, leaders, the copies)."""
    board, side, stages = _read_wonder(reader, raw, name)
    coins = reader.integer(raw, "coins", rule="7w.table.numbers", player=name, high=999)
    tokens = _read_tokens(reader, raw, name)
    cards = _read_cards(reader, raw, name)
    leaders = _read_leaders(reader, raw, name, use_leaders)
    courtesan, copied = _read_copies(reader, raw, name)
    return City(name, board or "", side, stages, coins, tuple(tokens), tuple(cards), tuple(leaders), courtesan, copied)


def _read_wonder(reader: TableReader, raw: Mapping[str, Any], name: str) -> tuple[str | None, str, int]:
    """The city's board, side and stages built (``wonder = "Gizah B"`` or ``side``)."""
    board_text = reader.string(raw, "wonder", rule="7w.table.format", player=name)
    board = None
    named_side: str | None = None
    if board_text is None:
        if "wonder" not in raw:
            reader.problem("7w.setup.wonders", "'wonder' is missing (the board: Rhodes, Alexandria, ...)", name)
    else:
        board_text, named_side = _split_side(board_text)
        board = _resolve(components.board_index(), board_text, reader, "7w.setup.wonders", name, "board")
    side_text = reader.string(raw, "side", rule="7w.table.format", player=name)
    side = named_side or "A"
    if side_text is not None:
        if side_text.strip().upper() in ("A", "B"):
            side = side_text.strip().upper()
            if named_side is not None and named_side != side:
                reader.problem(
                    "7w.setup.wonders",
                    f"'wonder' names side {named_side} but 'side' says {side}: a board is played on one side",
                    name,
                )
        else:
            reader.problem("7w.setup.wonders", f"'side' is A or B, not {side_text!r}", name)
        side_text = side
    elif named_side is not None:
        side_text = named_side
    stages = reader.integer(raw, "stages", rule="7w.wonder.order", player=name, high=4)
    if side_text is None and stages > 0:
        reader.problem("7w.setup.wonders", "'side' (A or B) is needed when stages are built: the sides' stages differ", name)
    if board is not None:
        count = len(components.wonder(board, side).stages)
        if stages > count:
            other = "B" if side == "A" else "A"
            other_count = len(components.wonder(board, other).stages)
            maybe = f" (side {other} has {other_count}: is it side {other}?)" if other_count >= stages else ""
            reader.problem("7w.wonder.order", f"{board} {side} has {count} stages, not {stages}{maybe}", name)
            stages = count
    return board, side, stages


def _read_tokens(reader: TableReader, raw: Mapping[str, Any], name: str) -> list[int]:
    """The city's conflict tokens (1, 3, 5 and -1)."""
    tokens: list[int] = []
    if "tokens" in raw:
        value = raw["tokens"]
        if not isinstance(value, list):
            reader.problem("7w.table.numbers", "'tokens' must be a list of conflict tokens such as [1, 3, -1]", name)
        else:
            for t in value:
                if isinstance(t, float) and t.is_integer():
                    t = int(t)  # JSON writers may give 5.0
                if isinstance(t, bool) or not isinstance(t, int) or t not in TOKEN_VALUES:
                    reader.problem("7w.military.resolve", f"{t!r} is not a conflict token (tokens are 1, 3, 5 and -1)", name)
                else:
                    tokens.append(t)
    return tokens


def _read_cards(reader: TableReader, raw: Mapping[str, Any], name: str) -> list[str]:
    """The city's Age cards, each once, an Age given checked (``Lumber Yard (I)``)."""
    cards: list[str] = []
    for text in _names(reader.strings(raw, "cards", rule="7w.table.format", player=name)):
        if components.card_index().find(text) is None and components.leader_index().exact(text):
            reader.problem("7w.terms.city", f"{text} is a leader: list it under 'leaders', not 'cards'", name)
            continue
        text, age = _split_age(text)
        found = _resolve(components.card_index(), text, reader, "7w.names", name, "Age card")
        if found is None:
            continue
        ages = sorted({c.age for c in components.card_versions(found)})
        if age is not None and age not in ages:
            roman = " or ".join("I" * a if a < 4 else str(a) for a in ages)
            reader.problem("7w.names", f"{found} is an Age {roman} card, not Age {'I' * age}", name)
            continue
        if found in cards:
            reader.problem("7w.build.unique", f"{found} is listed twice: a city never holds two structures of the same name", name)
            continue
        cards.append(found)
    return cards


def _read_leaders(reader: TableReader, raw: Mapping[str, Any], name: str, use_leaders: bool) -> list[str]:
    """The city's recruited leaders, each once (none when the game has no leaders)."""
    leaders: list[str] = []
    for text in _names(reader.strings(raw, "leaders", rule="7w.table.format", player=name)):
        if components.leader_index().find(text) is None and components.card_index().exact(text):
            reader.problem(
                "7w.terms.city",
                f"{components.card_index().exact(text)} is an Age card, not a leader: list it under 'cards'",
                name,
            )
            continue
        if normalize(text) in BLANK_LEADER:
            reader.problem(
                "7w.setup.leaders",
                f"{text} is the blank leader card for home-made leaders, left out of the game: it has no cost or effect to score",
                name,
            )
            continue
        found = _resolve(components.leader_index(), text, reader, "7w.names", name, "leader")
        if found is None:
            continue
        if found in leaders:
            reader.problem("7w.table.leader-twice", f"{found} is listed twice: each leader card exists once", name)
            continue
        leaders.append(found)
    if leaders and not use_leaders:
        reader.problem("7w.table.leaders-off", "leaders are listed but the table says leaders = false", name)
    return leaders


def _read_copies(reader: TableReader, raw: Mapping[str, Any], name: str) -> tuple[str | None, str | None]:
    """The leader the Courtesans' Guild copies and the guild Olympia B copies, if given."""
    courtesan = None
    given = reader.string(raw, "courtesan", rule="7w.table.format", player=name)
    if given and normalize(given) in NO_TOKEN_WORDS:
        courtesan = NO_TOKEN  # built with no leader next door: nothing copied
    elif given:
        courtesan = _resolve(components.leader_index(), given, reader, "7w.courtesan.token", name, "leader")
    copied = None
    given = reader.string(raw, "copied_guild", rule="7w.table.format", player=name)
    if given:
        copied = _resolve(components.guild_index(True), given, reader, "7w.wonder.olympia.b", name, "guild")
    return courtesan, copied


def _check_boards(reader: TableReader, cities: list[City], use_leaders: bool) -> None:
    owners: dict[str, str] = {}
    for city in cities:
        if not city.board:
            continue
        if city.board in owners:
            reader.problem("7w.setup.wonders", f"{city.board} is also {owners[city.board]}'s board: each board is dealt once", city.name)
        owners.setdefault(city.board, city.name)
        if city.board == "Rome" and not use_leaders:
            reader.problem("7w.setup.wonders", "Rome is a Leaders board, but the table says leaders = false", city.name)


def _max_cards(city: City, use_leaders: bool) -> int:
    """Cards a city can hold at most: one per turn (18), minus the turns spent on stages
    (with Leaders up to 3 stages may be built with leaders in the Recruitment phases), plus
    the extra builds (Halikarnassos, Babylon B's 7th card, Solomon)."""
    extra = 0
    if city.board:
        for stage in city.built_stages():
            if stage.has("build_from_discard"):
                extra += 1
            if stage.has("play_seventh_card"):
                extra += 3
    if "Solomon" in city.leaders or city.courtesan == "Solomon":
        extra += 1
    stage_turns = max(0, city.stages - (3 if use_leaders else 0))
    return TURNS + extra - stage_turns


def _check_ages(reader: TableReader, city: City) -> None:
    """Cards of one Age a city can hold: 6 turns of that Age, plus Babylon B's seventh card,
    plus the builds from the discard pile (Halikarnassos, Solomon), which may take a card of
    any Age already played. Loom, Glassworks and Press may be Age I or Age II copies."""
    turns = 6
    babylon = 0
    discard = 0
    if city.board:
        for stage in city.built_stages():
            if stage.has("play_seventh_card"):
                babylon = 1
            if stage.has("build_from_discard"):
                discard += 1
    if "Solomon" in city.leaders or city.courtesan == "Solomon":
        discard += 1
    per_age = turns + babylon + discard
    extra = ""
    if babylon or discard:
        parts = (["Babylon B's seventh card"] if babylon else []) + ([f"{discard} build(s) from the discard pile"] if discard else [])
        extra = " plus " + " and ".join(parts)
    ages: Counter[int | None] = Counter()
    for name in city.cards:
        versions = {c.age for c in components.card_versions(name)}
        ages[versions.pop() if len(versions) == 1 else None] += 1
    for age, label in ((1, "Age I"), (2, "Age II"), (3, "Age III")):
        if ages[age] > per_age:
            reader.problem(
                "7w.table.cards-count",
                f"{ages[age]} {label} cards: an Age has 6 turns{extra}, so at most {per_age} {label} cards",
                city.name,
            )
    early = ages[1] + ages[2] + ages[None]
    early_limit = 2 * (turns + babylon) + discard
    if early > early_limit and ages[1] <= per_age and ages[2] <= per_age:
        reader.problem(
            "7w.table.cards-count",
            f"{early} cards of Ages I and II (Loom, Glassworks and Press of either): 12 turns{extra}"
            f" allow at most {early_limit}",
            city.name,
        )


def _check_cards(reader: TableReader, cities: list[City], use_leaders: bool, n: int, option_guilds: bool = False) -> None:
    used: Counter[str] = Counter()
    guild_total = 0
    for city in cities:
        for name in city.cards:
            versions = components.card_versions(name)
            first = versions[0]
            used[name] += 1
            if first.guild:
                guild_total += 1
                if first.requires_leaders and not use_leaders:
                    if name not in BASE_OPTION_GUILDS:
                        reader.problem(
                            "7w.setup.guilds",
                            f"{name} needs the Leaders expansion (it acts on leaders), but the table says leaders = false",
                            city.name,
                        )
                    elif not option_guilds:
                        reader.problem(
                            "7w.setup.guilds",
                            f"{name} is a Leaders guild, in the Age III pool only with Leaders (leaders = false here);"
                            " if this table added it to a game without Leaders, write leaders_guilds = true",
                            city.name,
                        )
            elif components.total_copies(name, n) == 0:
                marks = ", ".join(f"{m}+" for v in versions for m in v.players)
                reader.problem("7w.setup.decks", f"{name} ({marks}) is not in the {n}-player decks", city.name)
        limit = _max_cards(city, use_leaders)
        if len(city.cards) > limit:
            reader.problem(
                "7w.table.cards-count",
                f"{len(city.cards)} cards and {city.stages} stages: more than {limit} cards cannot be built in 18 turns with this city's extra builds",
                city.name,
            )
        else:
            _check_ages(reader, city)
    for name, times in used.items():
        copies = components.total_copies(name, n)
        if copies and times > copies:
            holders = ", ".join(c.name for c in cities if name in c.cards)
            what = "one copy exists" if copies == 1 else f"{copies} copies exist"
            reader.problem("7w.setup.decks", f"{name} is in {times} cities ({holders}) but {what} at {n} players")
    if guild_total > n + 2:
        reader.problem("7w.setup.guilds", f"{guild_total} guilds on the table, but only {n + 2} are dealt at {n} players")


def _check_leaders(reader: TableReader, cities: list[City], use_leaders: bool) -> None:
    if not use_leaders:
        return
    where: dict[str, str] = {}
    for city in cities:
        for name in city.leaders:
            if name in where:
                reader.problem("7w.table.leader-twice", f"{name} is also in {where[name]}'s city: each leader exists once", city.name)
            where.setdefault(name, city.name)
        limit = 3
        if city.board == "Rome" and city.side == "B":
            limit += sum(1 for s in city.built_stages() if s.has("recruit_extra_leader"))
        if len(city.leaders) > limit:
            reader.problem(
                "7w.leaders.recruit.age3",
                f"{len(city.leaders)} recruited leaders, but three Recruitment phases"
                + (" and Rome B's built stages" if limit > 3 else "")
                + f" allow at most {limit}",
                city.name,
            )


def _check_tokens(reader: TableReader, cities: list[City], search: bool = True) -> None:
    """The counts of conflict tokens a final table may hold, then (``search``) whether one set
    of results of the three Ages' conflicts gives them all (:func:`_check_conflicts`); a
    position file searches over the Ages fought by then instead (``rules.pickup``)."""
    n = len(cities)
    before = len(reader.problems)
    for i, city in enumerate(cities):
        by_value = Counter(city.tokens)
        for value, age in ((1, "I"), (3, "II"), (5, "III")):
            if by_value[value] > 2:
                reader.problem(
                    "7w.military.resolve",
                    f"{by_value[value]} Age {age} Victory tokens (+{value}): one conflict per neighbour gives at most 2",
                    city.name,
                )
        left, right = neighbours(cities, i)
        tomyris = any("Tomyris" in c.leaders or c.courtesan == "Tomyris" for c in (left, right))
        limit = 6 - city.victories + (city.victories if tomyris else 0)
        if city.defeats > max(0, limit):
            reader.problem(
                "7w.military.resolve",
                f"{city.defeats} Defeat tokens and {city.victories} Victory tokens: 6 conflicts (2 neighbours x 3 Ages) cannot give that many",
                city.name,
            )
    for value, age in ((1, "I"), (3, "II"), (5, "III")):
        total = sum(c.tokens.count(value) for c in cities)
        if total > n:
            reader.problem("7w.military.resolve", f"{total} Age {age} Victory tokens on the table, but {n} pairs of neighbours give at most {n}")
    wins = sum(c.victories for c in cities)
    losses = sum(c.defeats for c in cities)
    if wins != losses:
        reader.problem(
            "7w.military.resolve",
            f"the table holds {wins} Victory tokens but {losses} Defeat tokens: every conflict won gives one of each",
        )
    if search and len(reader.problems) == before:  # the finer check only when the counts are possible
        _check_conflicts(reader, cities)


def _check_conflicts(reader: TableReader, cities: list[City]) -> None:
    """The tokens must come from the conflicts of the three Ages (``7w.military.resolve``,
    :mod:`conflicts`): each pair of neighbours fights once per Age, the stronger taking the
    Age's Victory token and the weaker a Defeat token (Tomyris handing hers to the winner), so
    every Victory token of an Age and every Defeat token must fit one set of results."""
    tomyris = [has_tomyris(c) for c in cities]
    reason = conflicts.refusal([c.name for c in cities], [c.tokens for c in cities], 3, tomyris)
    if reason is not None:
        reader.problem("7w.military.resolve", reason)


def has_tomyris(city: City) -> bool:
    """Whether the city has Tomyris's ability (recruited, or copied by the Courtesan token)."""
    return "Tomyris" in city.leaders or city.courtesan == "Tomyris"


def _check_choices(reader: TableReader, cities: list[City]) -> None:
    for i, city in enumerate(cities):
        left, right = neighbours(cities, i)
        if city.courtesan is not None:
            if not city.has_card("Courtesans Guild"):
                reader.problem("7w.guild.courtesans", f"'courtesan' is set, but {city.name} has no Courtesans Guild", city.name)
            elif city.courtesan != NO_TOKEN and city.courtesan not in (*left.leaders, *right.leaders):
                reader.problem(
                    "7w.courtesan.token",
                    f"the Courtesan token goes on a neighbour's recruited leader, and neither {left.name} nor {right.name} has {city.courtesan}",
                    city.name,
                )
        if city.copied_guild:
            if not can_copy_guild(city):
                reader.problem(
                    "7w.wonder.olympia.b",
                    "'copied_guild' needs Olympia side B with its third stage built",
                    city.name,
                )
            elif city.copied_guild not in (*left.cards, *right.cards):
                reader.problem(
                    "7w.wonder.olympia.b",
                    f"Olympia B copies a guild built by a neighbour, and neither {left.name} nor {right.name} has {city.copied_guild}",
                    city.name,
                )


def score_table(table: Mapping[str, Any]) -> ScoreSheet:
    """Validate a §1 final table, then score it (raises TableError on any problem)."""
    cities, _, free_city = read_cities(table)
    return score_cities(cities, free_city=free_city)


def table_from_state(state: SWState) -> dict[str, Any]:
    """The §1 final table of a tracked game's cities (the end-of-game choices made so far),
    so that :func:`score_table` scores it as the tracked game is scored."""
    players = []
    for p, c in zip(state.seats, state.cities):
        entry: dict[str, Any] = {
            "name": p,
            "wonder": c.wonder,
            "side": c.side,
            "stages": c.stages,
            "coins": c.coins,
            "tokens": list(c.tokens),
            "cards": list(c.cards),
            "leaders": list(c.leaders),
        }
        if c.courtesan:
            entry["courtesan"] = c.courtesan
        elif c.courtesan == NO_TOKEN:
            entry["courtesan"] = NO_TOKEN_WORDS[0]
        if c.copied_guild:
            entry["copied_guild"] = c.copied_guild
        players.append(entry)
    if state.free_city:
        free = players.pop()
        return {"game": GAME, "leaders": state.leaders_on, "players": players, "free_city": free}
    return {"game": GAME, "leaders": state.leaders_on, "players": players}


def table_seat_facts(table: Mapping[str, Any]) -> list[dict[str, list[str]]]:
    """The seat facts of a final table (as :func:`view.seat_facts` gives them for a tracked
    game), read by the same readers as :func:`score_table` (so the board's and leaders' names
    are canonical, and the side is the one the table is scored with: written with the board,
    as ``side``, or A), one mapping per listed player; the Free City is no player. Raises
    TableError as :func:`score_table` does."""
    cities, _, free_city = read_cities(table)
    if free_city:
        cities = cities[:-1]
    return [
        {"wonder": [c.board] if c.board else [], "side": [c.side] if c.board else [], "leader": list(c.leaders)}
        for c in cities
    ]
