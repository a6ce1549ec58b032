"""The position block (``7w.position``): a game picked up in progress is put where the table
stands by ``position …`` lines, entered before the first move.

Only what the whole table sees is set: where the game stands (the Age and its turn, or the
Recruitment phase before it), the size of the face-down discard pile per Age, and in front of
each city its board's built stages, coins, conflict tokens, structures, recruited leaders, the
number of leaders in hand, the Courtesan token and whether Olympia A's free build of this Age
is used. What the table cannot see stays unknown, as it does when a secret face is not typed:
the leader hands' faces, the cards tucked under stages, the discard pile's faces (each a card
of its Age deck that is not otherwise accounted for, :mod:`deck`).

:func:`check` refuses a position line after the first move, before the boards are known, and a
line that makes the position impossible (:func:`problems`: a card twice, more stages than the
board has, a card of a later Age, more copies than the decks hold, tokens of a conflict not
yet fought, leaders the Recruitment phases cannot have given, …). Problems that depend on
several lines at once (a Courtesan token on a neighbour's leader, as many Victory as Defeat
tokens) are checked on the whole block by :func:`problems` with ``whole=True``, which
``position.from_position`` runs on the file before anything is stored.

Deck accounting after the block: every structure in a city is named from its Age deck; Loom,
Glassworks and Press, printed in the Age I and Age II decks, count as Age I copies while the
Age I deck has them, then as Age II copies (so that an Age II build is never refused for a copy
the Age I deck gave).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from assistant.core.errors import IllegalMove, Problem
from assistant.games.sevenwonders import components, conflicts, powers
from assistant.games.sevenwonders.moves import AGE_TWO, ROMAN, SetPosition
from assistant.games.sevenwonders.state import NO_DUE, SKIP, City, SWState

RULE = "7w.position"
MILITARY = "7w.military.resolve"
#: Where a position block may be taken: the start of a turn or of a Recruitment phase.
WHEN = "at the start of an Age turn or of a Recruitment phase, before anyone has chosen"
#: The leaders of the draft (``7w.leaders.draft``) and the ones Rome B's first stage draws.
DRAFT = 4
ROME_DRAW = 4


# -- judging ------------------------------------------------------------------------------
def check(state: SWState, move: SetPosition) -> None:
    """Raise IllegalMove unless the position line may be entered now and leaves a possible
    position (:func:`problems` of what it sets; a problem that was there before is not its)."""
    if state.begun:
        raise IllegalMove(
            RULE,
            "the game is under way: a position line is entered only before the first move",
            hint="undo back to the position block to change it, or set a mistake right with 'correct PLAYER ... because ...' (7w.correct)",
        )
    if state.phase == "boards":
        raise IllegalMove(
            RULE,
            "the boards are not all known yet: the position is set once every board is",
            hint="PLAYER board <Wonder> <A|B> first (or start the game with --position FILE)",
        )
    if move.topic == "stand":
        if not 1 <= move.age <= 3:
            raise IllegalMove(RULE, f"there is no Age {move.age}", hint="position age I, II or III")
        if not 0 <= move.turn <= 6:
            raise IllegalMove(RULE, f"an Age has turns 1 to 6, not {move.turn}", hint=f"position age {ROMAN[move.age]} turn 1")
        if move.turn == 0 and not state.leaders_on:
            raise IllegalMove(
                RULE, "there is no Recruitment phase without Leaders", hint=f"position age {ROMAN[move.age]} turn 1"
            )
    before = set(problems(state))
    new = [p for p in problems(apply(state, move)) if p not in before]
    if new:
        first = new[0]
        who = f"{first.player}: " if first.player else ""
        raise IllegalMove(first.rule, who + first.message, hint=hint_for(first))


def hint_for(problem: Problem) -> str:
    """What to do about a refused position line."""
    return (
        "a block goes: where the game stands (position age II turn 3), the discard pile, then each"
        " city's cards, leaders and figures; a line already entered can be amended"
    )


# -- changing -----------------------------------------------------------------------------
def apply(state: SWState, move: SetPosition) -> SWState:
    """The state with what the line sets (checked before), the rest of the game's own
    figures settled for a game picked up there (:func:`settle`)."""
    if move.topic == "stand":
        cities = tuple(
            replace(c, hand_size=expected_hand(state, i, move.age, move.turn), olympia_age=move.age if c.olympia_age == state.age else 0)
            for i, c in enumerate(state.cities)
        )
        phase = "recruit" if move.turn == 0 else "turn"
        return settle(replace(state, cities=cities, phase=phase, age=move.age, turn=move.turn))
    if move.topic == "discard":
        return settle(replace(state, pile_unknown=move.discard))
    assert move.player is not None
    i = state.index(move.player)
    city = state.cities[i]
    if move.topic == "cards":
        cards = tuple(name.removesuffix(AGE_TWO) for name in move.names)
        city = replace(city, cards=cards, age_two=tuple(n.removesuffix(AGE_TWO) for n in move.names if n.endswith(AGE_TWO)))
    elif move.topic == "leaders":
        city = replace(city, leaders=move.names)
    else:
        changes: dict[str, object] = {}
        for key in ("coins", "stages", "tokens", "courtesan"):
            if getattr(move, key) is not None:
                changes[key] = getattr(move, key)
        if move.hand is not None:
            changes["hand_size"] = move.hand
        if move.free_build is not None:
            changes["olympia_age"] = state.age if move.free_build else 0
        city = replace(city, **changes)  # type: ignore[arg-type]
    return settle(state.with_city(i, city))


def settle(state: SWState) -> SWState:
    """A game picked up at the start of a turn or Recruitment phase: nobody has chosen, no
    step is owed, no coin is received this turn; the leaders' hands are unknown (their size
    is public), the deck accounting names what lies in the cities (:func:`attributed`) and
    the discard pile is all face down. A line entered during the leader draft puts the game
    at Age I's Recruitment at least: the draft is behind a game picked up."""
    if state.phase == "draft":
        state = replace(state, phase="recruit", age=1, turn=0)
    cities = tuple(
        replace(
            c,
            income=0,
            fresh=(),
            traded=(),
            stage_turn=-1,
            hand=None,
            named_leaders=c.leaders,
            boxed=(),
            copied_guild=None,
            age_two=tuple(name for name in c.age_two if name in c.cards),
            offer=(),
            offer_size=0,
            kept=(),
            kept_size=0,
        )
        for c in state.cities
    )
    if state.phase == "recruit":
        choices = tuple(SKIP if c.hand_size <= 0 or state.is_free_city(i) else None for i, c in enumerate(cities))
    else:
        choices = (None,) * state.n
    return replace(
        state,
        cities=cities,
        choices=choices,
        due=(NO_DUE,) * state.n,
        named=attributed(cities),
        pile=(),
        secret_named=(),
        draft=0,
    )


def attributed(cities: tuple[City, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The cards of the cities named from each Age deck: a card printed in one Age from that
    one; Loom, Glassworks and Press (Ages I and II) from the Age I deck, or from the Age II
    deck when the position says so (``Loom (Age II)``, :attr:`City.age_two`)."""
    named: list[list[str]] = [[], [], []]
    for city in cities:
        for name in city.cards:
            versions = components.card_versions(name)
            second = len(versions) > 1 and name in city.age_two
            named[versions[1 if second else 0].age - 1].append(name)
    return (tuple(named[0]), tuple(named[1]), tuple(named[2]))


def second_copies(state: SWState) -> tuple[tuple[str, ...], ...]:
    """For each city, its Loom, Glassworks and Press that are Age II copies, as far as the
    deck accounting tells (what a position file writes ``Loom (Age II)``): of the copies in the
    cities, those the Age I deck's named copies (less the named ones in the discard pile)
    cannot cover are Age II ones, the last holders in seat order taking them."""
    tagged: list[list[str]] = [[] for _ in state.cities]
    if state.age < 2:
        return tuple(tuple(t) for t in tagged)
    held = Counter(name for c in state.cities for name in c.cards if len(components.card_versions(name)) > 1)
    for name, times in held.items():
        first_age = components.card_versions(name)[0].age
        from_first = state.named[first_age - 1].count(name) - sum(1 for a, n in state.pile if a == first_age and n == name)
        second = max(0, times - max(0, from_first))
        holders = [i for i, c in enumerate(state.cities) if name in c.cards]
        for i in holders[len(holders) - second :] if second else []:
            tagged[i].append(name)
    return tuple(tuple(t) for t in tagged)


# -- what the rules give a city ------------------------------------------------------------------
def recruitments_done(state: SWState, age: int | None = None, turn: int | None = None) -> int:
    """The Recruitment phases already resolved at this point (one before each Age)."""
    age = state.age if age is None else age
    turn = state.turn if turn is None else turn
    if not state.leaders_on:
        return 0
    return age if turn >= 1 else age - 1


def expected_hand(state: SWState, i: int, age: int | None = None, turn: int | None = None) -> int:
    """The leaders a city holds at this point (``7w.leaders.hand``): the draft's 4, one played
    in each Recruitment phase, none after Age III's (they go back to the box); none without
    Leaders or for the Free City. Rome B is the exception (its stages draw and recruit more
    leaders): this is its count without them."""
    age = state.age if age is None else age
    turn = state.turn if turn is None else turn
    if not state.leaders_on or state.is_free_city(i):
        return 0
    if age == 3 and turn >= 1:
        return 0
    return DRAFT - recruitments_done(state, age, turn)


def plays_done(state: SWState) -> int:
    """The Age turns already resolved (one card played in each)."""
    return 6 * (state.age - 1) + max(0, state.turn - 1)


def discard_builds(city: City) -> int:
    """The builds from the discard pile a city may have made (Halikarnassos, Solomon)."""
    builds = sum(1 for stage in city.built_stages() if stage.has("build_from_discard"))
    return builds + (1 if "Solomon" in city.leaders or city.courtesan == "Solomon" else 0)


def card_age(name: str) -> int:
    """The first Age whose deck holds the card."""
    return components.card_versions(name)[0].age


# -- what is impossible --------------------------------------------------------------------------
def problems(state: SWState, *, whole: bool = False) -> list[Problem]:
    """Every reason the position of ``state`` cannot be on a table: per city (stages, cards,
    leaders, hand, tokens, the Courtesan token, Olympia's free build) and for the decks and
    the discard pile. ``whole``: also what needs the whole block (every city's leaders, every
    token), which a line-by-line check cannot ask of each line."""
    found: list[Problem] = []
    n = state.n
    age = state.age
    if state.phase not in ("turn", "recruit"):
        return found
    for i, (player, city) in enumerate(zip(state.seats, state.cities)):
        found += city_problems(state, i, player, city)
    named = attributed(state.cities)
    for a in (1, 2, 3):
        counts = Counter(named[a - 1])
        guilds = 0
        for name, times in sorted(counts.items()):
            card = components.card(name, a)
            if card.guild:
                guilds += 1
                if times > 1:
                    found.append(Problem("7w.setup.guilds", f"{name} is in {times} cities: each guild exists once"))
                continue
            if times > card.copies(n):
                holders = ", ".join(p for p, c in zip(state.seats, state.cities) if name in c.cards)
                both = len(components.card_versions(name)) > 1 and age > 1
                copy = " (Age II) copies" if a == 2 and both else ""
                hint = f": write the Age II copies '{name} (Age II)'" if a == 1 and both else ""
                found.append(
                    Problem("7w.setup.decks", f"{name}{copy} is in {times} cities ({holders}) but the Age {ROMAN[a]} deck holds {card.copies(n)} at {n} players{hint}")
                )
        if guilds > components.guild_count(n):
            found.append(Problem("7w.setup.guilds", f"{guilds} guilds in the cities, but the Age III deck holds {components.guild_count(n)} at {n} players"))
        pile = state.pile_unknown[a - 1]
        if a > age and pile:
            found.append(Problem(RULE, f"the discard pile holds {pile} Age {ROMAN[a]} card(s), but Age {ROMAN[a]} has not begun"))
        played = 7 * n if a < age else n * max(0, state.turn - 1)
        if a <= age and pile + len(named[a - 1]) > played:
            where = f"the {n} cities play {played} Age {ROMAN[a]} cards" + (" by now" if a == age else "")
            found.append(
                Problem(RULE, f"{len(named[a - 1])} Age {ROMAN[a]} cards in the cities and {pile} in the discard pile, but {where}")
            )
    owners: dict[str, str] = {}
    for player, city in zip(state.seats, state.cities):
        for name in city.leaders:
            if name in owners:
                found.append(Problem("7w.setup.leaders", f"{name} is also recruited by {owners[name]}: each leader exists once", player))
            owners.setdefault(name, player)
    if whole:
        found += whole_problems(state, found)
    return found


def city_problems(state: SWState, i: int, player: str, city: City) -> list[Problem]:
    """What one city cannot hold at this point of the game."""
    found: list[Problem] = []
    age = state.age

    def problem(rule: str, message: str) -> None:
        found.append(Problem(rule, message, player))

    most = len(city.board.stages)
    if city.stages > most:
        problem("7w.wonder.order", f"{city.board.label} has {most} stages, not {city.stages}")
    seen: set[str] = set()
    for name in city.cards:
        if name in seen:
            problem("7w.build.unique", f"{name} is listed twice: a city never holds two structures of the same name")
        seen.add(name)
        card = components.card(name)
        if name in city.age_two and age < 2:
            problem(RULE, f"{name} is said to be an Age II copy, but the game stands in Age I")
        if card_age(name) > age:
            problem(RULE, f"{name} is an Age {ROMAN[card_age(name)]} card, but the game stands in Age {ROMAN[age]}")
        elif card.guild and card.requires_leaders and not state.leaders_on:
            problem("7w.setup.guilds", f"{name} is a Leaders guild, in the Age III deck only with Leaders")
        elif not card.guild and components.total_copies(name, state.n) == 0:
            problem("7w.setup.decks", f"{name} is not in the {state.n}-player decks")
    plays = plays_done(state)
    stage_plays = plays + recruitments_done(state)
    babylon = (age - 1) if powers.babylon_seventh(city) else 0
    extra = discard_builds(city) + babylon
    if city.stages > stage_plays:
        problem(RULE, f"{city.stages} wonder stages, but only {stage_plays} turns and Recruitment phases are over")
    elif len(city.cards) + city.stages > stage_plays + extra:
        problem(
            RULE,
            f"{len(city.cards)} structures and {city.stages} stages: {plays} turns"
            + (f", {recruitments_done(state)} Recruitment phases" if state.leaders_on else "")
            + (f" and {extra} extra build(s)" if extra else "")
            + " are over, and each plays one card",
        )
    current = sum(1 for name in city.cards if card_age(name) == age and len(components.card_versions(name)) == 1)
    if current > max(0, state.turn - 1) + discard_builds(city):
        problem(RULE, f"{current} Age {ROMAN[age]} structures, but {max(0, state.turn - 1)} turns of Age {ROMAN[age]} are over")
    # leaders
    if city.leaders and not state.leaders_on:
        problem("7w.setup.leaders", "this game is played without Leaders (leaders = false)")
    elif city.leaders and state.is_free_city(i):
        problem("7w.2p.leaders", "the Free City gets no leaders: only the two players draft and recruit")
    else:
        extra_recruits = sum(1 for stage in city.built_stages() if stage.has("recruit_extra_leader"))
        limit = recruitments_done(state) + extra_recruits
        if len(city.leaders) > limit:
            problem(
                "7w.leaders.recruit",
                f"{len(city.leaders)} recruited leaders, but {recruitments_done(state)} Recruitment phase(s)"
                + (" and Rome B's stages" if extra_recruits else "")
                + f" give at most {limit}",
            )
    expected = expected_hand(state, i)
    rome_b = powers.is_rome(city, "B") and state.leaders_on and not state.is_free_city(i)
    if rome_b:
        base = DRAFT - recruitments_done(state) if state.leaders_on else 0
        limit = base + (ROME_DRAW if city.stages >= 1 else 0)
        if city.hand_size > limit:
            problem("7w.leaders.hand", f"{city.hand_size} leaders in hand, but Rome B holds at most {limit} now")
    elif city.hand_size != expected:
        why = (
            "the Free City holds none" if state.is_free_city(i)
            else "without Leaders nobody holds any" if not state.leaders_on
            else f"4 are drafted and one is played in each Recruitment phase, so every player holds {expected} now"
            + (" (the last one goes back to the box after Age III's)" if expected == 0 and age == 3 else "")
        )
        problem("7w.leaders.hand", f"{city.hand_size} leaders in hand, but {why}")
    # tokens
    fought = age - 1
    for value in sorted(set(city.tokens) - {1, 3, 5, -1}):
        problem("7w.military.resolve", f"there is no conflict token of {value:+d}: Victory +1, +3, +5 (Ages I, II, III), Defeat -1")
    for value, a in ((1, 1), (3, 2), (5, 3)):
        times = city.tokens.count(value)
        if times and a > fought:
            problem("7w.military.resolve", f"a +{value} Victory token is won in Age {ROMAN[a]}'s conflicts, which are not fought yet")
        elif times > 2:
            problem("7w.military.resolve", f"{times} Victory tokens of +{value}: one conflict per neighbour gives at most 2")
    defeats = city.tokens.count(-1)
    if defeats > 2 * fought:
        problem("7w.military.resolve", f"{defeats} Defeat tokens, but {fought} Age(s) of conflicts with 2 neighbours give at most {2 * fought}")
    # the Courtesan token and Olympia A
    if city.courtesan is not None and "Courtesans Guild" not in city.cards:
        problem("7w.guild.courtesans", "the Courtesan token is placed by the Courtesans Guild, which this city has not built")
    if city.olympia_age == age and not city.has_stage_effect("free_build_once_per_age"):
        problem("7w.wonder.olympia.a", "only Olympia A with its second stage built has a free build each Age")
    return found


def whole_problems(state: SWState, found_before: list[Problem] | None = None) -> list[Problem]:
    """What only the whole block can show, besides what the final table's checks find (the
    Courtesan token on a neighbour's leader, as many Victory as Defeat tokens): the token
    placed once the Courtesans Guild is built, a leader in some hand in a Recruitment phase,
    tokens no results of the conflicts fought can give (:func:`conflict_problems`, unless a
    token was refused already: ``found_before``) and a discard pile smaller than the Ages over
    must have left (:func:`discard_problems`)."""
    found: list[Problem] = []
    for player, city in zip(state.seats, state.cities):
        if "Courtesans Guild" in city.cards and city.courtesan is None:
            found.append(
                Problem("7w.courtesan.token", "the Courtesans Guild is built, so its token lies on a neighbour's leader: name it (or none)", player)
            )
    if state.phase == "recruit" and not any(c.hand_size > 0 for i, c in enumerate(state.cities) if not state.is_free_city(i)):
        found.append(Problem(RULE, f"nobody holds a leader, so there is no Recruitment phase before Age {ROMAN[state.age]}"))
    if not any(p.rule == MILITARY for p in found_before or ()):
        found += conflict_problems(state)
    found += discard_problems(state)
    return found


def conflict_problems(state: SWState) -> list[Problem]:
    """The tokens of every city must come from one set of results of the conflicts fought so
    far (``7w.military.resolve``, :func:`conflicts.possible`): each pair of neighbours fights
    once at the end of each Age over, the stronger taking the Age's Victory token and the
    weaker a Defeat token (Tomyris's owner handing hers to the winner), a tie giving neither.
    Since when a recruited Tomyris is in play is not known, her conflicts are judged both ways."""
    tomyris = [powers.has_leader(c, "Tomyris") for c in state.cities]
    reason = conflicts.refusal(state.seats, [c.tokens for c in state.cities], state.age - 1, tomyris)
    return [] if reason is None else [Problem(MILITARY, reason)]


def forced_discards(state: SWState) -> int:
    """The cards the end of each Age over certainly put in the discard pile
    (``7w.turn.sixth``, ``7w.discard.pile``): each city's seventh card (in a 2-player game the
    Free City's last pile card, as a city's), less one for each Babylon B with its second stage,
    which may play it instead (when that stage was built is not known)."""
    return state.n - sum(1 for c in state.cities if powers.babylon_seventh(c))


def discard_problems(state: SWState) -> list[Problem]:
    """The discard pile must hold, of each Age over, at least its :func:`forced_discards`,
    less the cards the cities may have taken back from it (Halikarnassos's stages, Solomon:
    :func:`discard_builds`, each from any Age's cards). Cards sold are not known, so only a pile
    too small is refused, never one too large here."""
    over = state.age - 1
    if over < 1:
        return []
    least = forced_discards(state)
    pile = [state.pile_unknown[a - 1] + sum(1 for age, _ in state.pile if age == a) for a in range(1, over + 1)]
    short = sum(max(0, least - held) for held in pile)
    taken = sum(discard_builds(c) for c in state.cities)
    if short <= taken:
        return []
    held = ", ".join(f"{count} of Age {ROMAN[a]}" for a, count in enumerate(pile, start=1))
    babylon = ", less Babylon B's" if least < state.n else ""
    back = f", less the {taken} card(s) Halikarnassos and Solomon may have taken back" if taken else ""
    return [
        Problem(
            "7w.discard.pile",
            f"the discard pile holds {held} card(s), but the end of each Age over discards at least"
            f" {least} (each city's seventh card{babylon}): it holds at least {least} of each Age over{back}",
        )
    ]
