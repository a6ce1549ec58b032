"""The position file of a 7 Wonders game picked up in progress (``7w.position``,
docs/position/7wonders.md): :func:`position` writes the public position of a tracked game,
:func:`from_position` reads one (TOML or JSON, as a mapping), checks it and gives the seats,
the options and the position block that put a new game there.

The file is the final table of INTERFACES.md §1 (``game``, ``leaders``, ``[[players]]`` with
``name``, ``wonder``, ``side``, ``stages``, ``coins``, ``tokens``, ``cards``, ``leaders``,
``courtesan``; ``[free_city]`` in a 2-player game) plus where the game stands and what the
table sees of it:

* top level: ``age`` (1-3, or ``"II"``), ``turn`` (1-6, or ``"recruitment"`` for the
  Recruitment phase before the Age), ``discard`` (the face-down discard pile: cards of Age I,
  II, III, e.g. ``[3, 1, 0]``), and the options other than the boards (``rome_b_coins``,
  ``free_city_first``, ``free_city_coins``, ``free_city_rome``) when not at their default;
* per city: ``hand`` (leaders in hand; by default what the rules give, see
  :func:`rules.pickup.expected_hand`) and ``free_build_used`` (Olympia A's free build of
  this Age, default false).

A game is picked up at the start of an Age turn or of a Recruitment phase, before anyone has
chosen: the point where a real table stops to note the position. The block's lines are
:class:`moves.SetPosition` entries (``position age II turn 3``, ``position discard I 3``,
``position Ann cards …``, ``position Ann leaders …``, ``position Ann coins 5 stages 1 tokens
+1 -1 hand 2``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from assistant.core.errors import EntryError, InvalidEntry, Problem, TableError
from assistant.core.inputs import LIMITS
from assistant.core.names import normalize
from assistant.core.protocol import AnyRuleset, OptionSpec, Position
from assistant.core.tablefile import TableReader, key_form
from assistant.games.sevenwonders import components, notation, rules, table
from assistant.games.sevenwonders.moves import AGE_TWO, ROMAN, SetPosition
from assistant.games.sevenwonders.rules import pickup
from assistant.games.sevenwonders.scoring import NO_TOKEN_WORDS
from assistant.games.sevenwonders.state import SKIP, SWState

if TYPE_CHECKING:
    from assistant.games.sevenwonders.scoring import City

GAME = "7wonders"
RULE = "7w.position"
#: The options a position file may set (the boards are the cities' ``wonder`` and ``side``).
OPTION_KEYS = ("leaders", "rome_b_coins", "free_city_first", "free_city_coins", "free_city_rome")
TOP_KEYS = ("game", *OPTION_KEYS, "age", "turn", "discard", "players", "free_city")
PLAYER_KEYS = tuple(k for k in table.PLAYER_KEYS if k != "copied_guild") + ("hand", "free_build_used")
KEY_ALIASES = {
    **table.KEY_ALIASES,
    "phase": "turn", "discard_pile": "discard", "pile": "discard", "leaders_in_hand": "hand",
    "hand_size": "hand", "olympia_free_build": "free_build_used", "free_build": "free_build_used",
}
RECRUITMENT = "recruitment"


# -- writing ------------------------------------------------------------------------------
def position(state: SWState, specs: Sequence[OptionSpec] = ()) -> dict[str, Any]:
    """The public position of ``state`` as a position file holds it (``specs``: the game's
    options, written when not at their default). Raises InvalidEntry
    (``core.position``) where a game cannot be picked up: while the boards are entered, in
    the middle of a turn or of its extra steps, and once the game is over."""
    if state.phase == "boards":
        raise InvalidEntry("core.position", "the boards are still being entered: the game has not started", hint=f"a game is picked up {pickup.WHEN}")
    if state.phase == "draft":
        # the draft's hands are in the players' hands, not on the table: no position to write
        raise InvalidEntry(
            "core.position",
            f"the leader draft is under way ({state.phase_label}): a position is written once it is over",
            hint=f"a game is picked up {pickup.WHEN} (the first: Age I's Recruitment, after the draft)",
        )
    if state.phase == "over" or (state.phase == "extra" and state.turn == 7):
        raise InvalidEntry("core.position", "the game is over: there is nothing left to pick up", hint="score its final table (score --from FILE)")
    chosen = [p for p, c in zip(state.seats, state.choices) if c is not None and c != SKIP] if state.phase != "extra" else []
    if state.phase == "extra" or chosen:
        why = "extra steps are owed" if state.phase == "extra" else "choices are entered (" + ", ".join(chosen) + ")"
        raise InvalidEntry(
            "core.position", f"{state.phase_label} is under way: {why}", hint=f"a game is picked up {pickup.WHEN}"
        )
    options = dict(state.options)
    out: dict[str, Any] = {"game": GAME, "leaders": state.leaders_on}
    for spec in specs:
        if spec.name in OPTION_KEYS[1:] and options.get(spec.name, spec.default) != spec.default:
            out[spec.name] = options[spec.name]
    out["age"] = state.age
    out["turn"] = RECRUITMENT if state.phase == "recruit" else state.turn
    # the pile lies face down: its size per Age is public, its faces (even those entered) are not
    out["discard"] = [state.pile_unknown[a - 1] + sum(1 for age, _ in state.pile if age == a) for a in (1, 2, 3)]
    tagged = pickup.second_copies(state)
    players = [city_entry(state, i, tagged[i]) for i in range(state.n)]
    if state.free_city:
        free = players.pop()
        free.pop("name")
        free.pop("hand", None)
        free.pop("leaders", None)
        out["players"] = players
        out["free_city"] = free
    else:
        out["players"] = players
    return out


def city_entry(state: SWState, i: int, age_two: tuple[str, ...] = ()) -> dict[str, Any]:
    """One city as the position file writes it (``age_two``: its Loom, Glassworks or Press
    from the Age II deck, written ``Loom (Age II)``)."""
    city = state.cities[i]
    entry: dict[str, Any] = {
        "name": state.seats[i],
        "wonder": city.wonder,
        "side": city.side,
        "stages": city.stages,
        "coins": city.coins,
        "tokens": list(city.tokens),
        "cards": [name + AGE_TWO if name in age_two else name for name in city.cards],
    }
    if state.leaders_on:
        entry["leaders"] = list(city.leaders)
        entry["hand"] = city.hand_size
    if city.courtesan is not None:
        entry["courtesan"] = city.courtesan or NO_TOKEN_WORDS[0]
    if city.olympia_age == state.age and city.has_stage_effect("free_build_once_per_age"):
        entry["free_build_used"] = True
    return entry


# -- reading ------------------------------------------------------------------------------
def from_position(data: Mapping[str, Any], ruleset: AnyRuleset) -> Position:
    """The seats, options and position block of a position file (``ruleset``: the game's,
    which checks the options and sets the trial game up); raises TableError listing every
    problem (player, rule, reason), as ``score_table`` does."""
    reader = TableReader(GAME)
    top = reader.keys(data, TOP_KEYS, rule=RULE, aliases=KEY_ALIASES)
    game = top.get("game")
    if game is not None and (not isinstance(game, str) or normalize(game) not in ("7wonders", "7w", "leaders", "7 wonders", "seven wonders")):
        reader.problem(RULE, f"this is a 7 Wonders position, but game = {game!r}")
    options = read_options(reader, top, ruleset)
    age, turn = read_stand(reader, top, options.get("leaders", "true") == "true")
    discard = read_discard(reader, top)
    extras: list[dict[str, Any]] = []
    base: dict[str, Any] = {"game": GAME, "leaders": options.get("leaders", "true") == "true"}
    if isinstance(top.get("players"), list):
        base["players"] = [split_extras(reader, entry, extras) for entry in top["players"]]
    elif "players" in top:
        base["players"] = top["players"]
    if "free_city" in top:
        base["free_city"] = split_extras(reader, top["free_city"], extras, "Free City")
    cities = read_cities(reader, base)
    if cities is None or age is None or turn is None:
        reader.raise_if_problems()
        raise TableError([Problem(RULE, "the position cannot be read")])
    seats = tuple(c.name for c in cities[: len(base.get("players", []))])
    free_city = len(seats) == 2
    boards = ", ".join(f"{c.board} {c.side}" for c in cities)
    options["boards"] = boards
    entries = [SetPosition("stand", age=age, turn=turn)]
    if any(discard):
        entries.append(SetPosition("discard", discard=discard))
    leaders_on = options.get("leaders", "true") == "true"
    for k, (city, extra) in enumerate(zip(cities, extras)):
        # figures first (the stages), then the leaders (their number rests on Rome B's stages),
        # the cards (their number on the stages and Solomon), the Courtesan token (on the guild)
        player = "Free City" if free_city and k == 2 else city.name
        hand = extra.get("hand")
        entries.append(
            SetPosition(
                "figures",
                player,
                coins=city.coins,
                stages=city.stages,
                tokens=city.tokens,
                hand=hand if leaders_on and not (free_city and k == 2) else None,
                free_build=True if extra.get("free_build_used") else None,
            )
        )
        if city.leaders:
            entries.append(SetPosition("leaders", player, names=city.leaders))
        if city.cards:
            tags = list(extra.get("age_two", []))
            names = []
            for name in city.cards:
                if name in tags:
                    tags.remove(name)
                    name += AGE_TWO
                names.append(name)
            entries.append(SetPosition("cards", player, names=tuple(names)))
        if city.courtesan is not None:
            entries.append(SetPosition("figures", player, courtesan=city.courtesan))
    texts = tuple(e.notation() for e in entries)
    for text in texts:
        if len(text) > LIMITS["entry"]:
            reader.problem(RULE, f"the position line '{text[:60]}…' is longer than an entry may be ({LIMITS['entry']} characters)")
    state = trial(reader, ruleset, seats, options, texts)
    if state is not None:
        # what the final table's checks found already is not said twice (same player, same rule)
        known = {(p.player, p.rule) for p in reader.problems}
        reader.problems += [p for p in pickup.problems(state, whole=True) if (p.player, p.rule) not in known]
    reader.raise_if_problems()
    return Position(seats, options, texts)


def read_options(reader: TableReader, top: Mapping[str, Any], ruleset: AnyRuleset) -> dict[str, str]:
    """The game's options as ``--option`` values (``leaders`` from true/false)."""
    given: dict[str, str] = {}
    for key in OPTION_KEYS:
        if key not in top:
            continue
        value = top[key]
        if isinstance(value, bool):
            value = "true" if value else "false"
        if not isinstance(value, (str, int)):
            reader.problem(RULE, f"'{key}' must be a word or a number, not {value!r}")
            continue
        given[key] = str(value).strip().lower() if key == "leaders" else str(value).strip()
    try:
        return ruleset.check_options(given)
    except InvalidEntry as exc:
        reader.problem(exc.rule or RULE, exc.message + (f" ({exc.hint})" if exc.hint else ""))
        return ruleset.check_options({k: v for k, v in given.items() if k == "leaders" and v in ("true", "false")})


def read_stand(reader: TableReader, top: Mapping[str, Any], leaders_on: bool) -> tuple[int | None, int | None]:
    """``age`` and ``turn`` (``"recruitment"``: the Recruitment phase before the Age)."""
    age: int | None = None
    value = top.get("age")
    if value is None:
        reader.problem(RULE, "'age' is missing: where does the game stand (1, 2 or 3)?")
    elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 3:
        age = value
    elif isinstance(value, str) and value.strip().upper() in ("I", "II", "III", "1", "2", "3"):
        age = notation.read_age(value.strip())
    else:
        reader.problem(RULE, f"'age' is 1, 2 or 3 (or I, II, III), not {value!r}")
    turn: int | None = None
    value = top.get("turn")
    if value is None:
        reader.problem(RULE, "'turn' is missing: the turn of the Age (1-6), or \"recruitment\"")
    elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6:
        turn = value
    elif isinstance(value, str) and normalize(value) in notation.RECRUITMENT_WORDS:
        turn = 0
        if not leaders_on:
            reader.problem(RULE, "there is no Recruitment phase without Leaders: say the turn (1-6)")
            turn = None
    elif isinstance(value, str) and value.strip() in ("1", "2", "3", "4", "5", "6"):
        turn = int(value.strip())
    else:
        reader.problem(RULE, f"'turn' is a turn of the Age (1-6) or \"recruitment\", not {value!r}")
    return age, turn


def read_discard(reader: TableReader, top: Mapping[str, Any]) -> tuple[int, int, int]:
    """``discard``: the face-down discard pile's cards of Age I, II and III (a list of up to
    three counts; a single number is the Age I pile)."""
    value = top.get("discard", [])
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or len(value) > 3:
        reader.problem(RULE, f"'discard' lists the cards of Age I, II and III in the discard pile, e.g. [3, 1, 0], not {value!r}")
        return (0, 0, 0)
    counts = [0, 0, 0]
    for k, count in enumerate(value):
        if isinstance(count, float) and count.is_integer():
            count = int(count)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            reader.problem(RULE, f"the discard pile's Age {ROMAN[k + 1]} cards are a whole number, not {count!r}")
            continue
        counts[k] = count
    return (counts[0], counts[1], counts[2])


def split_extras(reader: TableReader, entry: Any, extras: list[dict[str, Any]], player: str | None = None) -> Any:
    """A city's entry without the position's own keys (``hand``, ``free_build_used``), which
    go to ``extras`` in order; its keys are checked here (unknown or doubled keys listed)."""
    if not isinstance(entry, dict):
        extras.append({})
        return entry
    if player is None:
        named = next((v for k, v in entry.items() if key_form(k) == "name"), None)
        player = named if isinstance(named, str) else None
    keyed = table._numbers(reader.keys(entry, PLAYER_KEYS, rule=RULE, player=player, aliases=KEY_ALIASES))
    extra: dict[str, Any] = {}
    if "hand" in keyed:
        hand = keyed.pop("hand")
        if isinstance(hand, str) and hand.strip().isascii() and hand.strip().isdecimal():
            hand = int(hand.strip())
        if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand <= 8:
            reader.problem("7w.leaders.hand", f"'hand' is the number of leaders in hand (0-8), not {hand!r}", player)
        else:
            extra["hand"] = hand
    tags: list[str] = []
    if isinstance(keyed.get("cards"), (list, str)):
        items = keyed["cards"] if isinstance(keyed["cards"], list) else [keyed["cards"]]
        for text in table._names([t for t in items if isinstance(t, str)]):
            name, age = table._split_age(text)
            found = components.card_index().find(name) if age == 2 else None
            if found is not None and len(components.card_versions(found)) > 1:
                tags.append(found)
    extra["age_two"] = tags
    if "free_build_used" in keyed:
        extra["free_build_used"] = reader.boolean(keyed, "free_build_used", rule="7w.wonder.olympia.a", player=player)
        keyed.pop("free_build_used")
    extras.append(extra)
    return keyed


def read_cities(reader: TableReader, base: dict[str, Any]) -> list[City] | None:
    """The cities as the final table reads them (boards, stages, coins, tokens, cards,
    leaders, the Courtesan token), every problem noted and reading on past them (a card not
    known is left out, stages beyond the board are cut to it), so that the whole position is
    judged too; ``None`` when the players cannot be read at all."""
    use_leaders = bool(base.get("leaders", True))
    players = reader.players(base, rule="7w.setup.players", low=2, high=7)
    if not players:
        return None
    cities = [table._read_city(reader, raw, raw["name"], use_leaders, len(players)) for raw in players]
    free = table._read_free_city(reader, base, len(players), use_leaders)
    if free is not None:
        cities.append(free)
    if len(cities) < 3:
        return None
    table._check_boards(reader, cities, use_leaders)
    table._check_tokens(reader, cities, search=False)  # searched over the Ages fought: rules.pickup
    table._check_choices(reader, cities)
    if any(not c.board for c in cities) or len({c.board for c in cities}) < len(cities):
        return None  # no game can be set up on these boards: the problems say why
    return cities


def trial(reader: TableReader, ruleset: AnyRuleset, seats: tuple[str, ...], options: Mapping[str, str], texts: tuple[str, ...]) -> SWState | None:
    """The state the block gives, each line applied as the prompt would apply it unchecked,
    so that :func:`rules.pickup.problems` judges the whole position at once."""
    from assistant.core.game import Game

    try:
        state: SWState = Game(ruleset, list(seats), dict(options)).state
        for text in texts:
            state = rules.apply(state, notation.parse(state, text))
    except EntryError as exc:
        reader.problem(exc.rule or RULE, exc.message)
        return None
    return state


__all__ = ["from_position", "position"]
