"""A seeded random table: :func:`random_game` plays a whole game with random legal entries
(random-play tests, generated records, benchmarks), and :func:`check_invariants` lists what a
state breaks of what the engine guarantees (coins, cards, leaders, deck accounting).

Entries come from :func:`legal.legal_moves_for`; :func:`choose` first picks a kind of entry
(build, stage, sell, ...) and then one entry of that kind, so that games look like games
(mostly builds) rather than mostly sales. 7 Wonders has no dice and no entered draws: hands
stay hidden, so the legal entries are the whole table's choice.

>>> game = random_game(1, 3, {"leaders": "false"})
>>> game.outcome() is not None, check_invariants(game.state)
(True, [])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from assistant.core.game import Game
from assistant.games.sevenwonders import components, deck
from assistant.games.sevenwonders.legal import legal_moves_for
from assistant.games.sevenwonders.rules.resolution import draft_untouched, skip_draft
from assistant.games.sevenwonders.state import SWState, awaited

#: How often each kind of entry is picked, relative to the others.
WEIGHTS = {"Build": 6, "Stage": 2, "Sell": 1, "Recruit": 6, "Pick": 3, "Courtesan": 1, "SetBoard": 1, "Keep": 1}
SEATS = ("Ada", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus")
TOKENS = (1, 3, 5, -1)


def choose(rng: random.Random, moves: Sequence[object]) -> object:
    """One of ``moves``: a kind of entry by :data:`WEIGHTS`, then an entry of that kind."""
    by_kind: dict[str, list[object]] = {}
    for move in moves:
        by_kind.setdefault(type(move).__name__, []).append(move)
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, weights=[WEIGHTS.get(k, 1) for k in kinds])[0]
    return rng.choice(by_kind[kind])


def random_game(seed: int, players: int, options: Mapping[str, str] | None = None, *, draft: bool = True) -> Game:
    """A complete game of ``players`` (Ada, Bob, ...; two play with the Free City, whose
    entries the holder of its card makes) played with random legal entries, deterministic
    for a seed. ``options`` are the game's ``--option`` values
    (``leaders``: true/false, default true; ``boards``: the boards in seat order, else
    they are entered at random too). ``draft`` False: the leader draft is played off the
    record (no keep entered; Age I's Recruitment entries come first, as in records kept
    before the draft was tracked), with the same random choices as then."""
    from assistant.games.sevenwonders import RULESET

    rng = random.Random(seed)
    settings = {"leaders": "true", **dict(options or {})}
    if not settings.get("boards"):
        settings.pop("boards", None)
    game = Game(RULESET, list(SEATS[:players]), settings)
    while game.outcome() is None:
        state = game.state
        if not draft and draft_untouched(state):
            state = skip_draft(state)  # the choices of the Recruitment that follows the draft
        player = rng.choice(awaited(state))
        move = choose(rng, list(legal_moves_for(state, player)))
        game.push(move.notation())  # type: ignore[attr-defined]
    return game


def check_invariants(state: SWState) -> list[str]:
    """What ``state`` breaks of what the engine guarantees (empty when all holds): coins
    never negative and income within them; no city holds a structure twice; every Age card
    in a city or the discard pile was named from its Age deck, and no Age deck gives more
    copies (or guilds) than it holds; the deck accounting never exceeds the cards dealt;
    each leader is recruited once; stages within the board; leader hands not negative (in
    the leader draft: kept and drafted from make the hand); conflict tokens of the printed
    values."""
    broken: list[str] = []
    n = state.n
    recruited: Counter[str] = Counter()
    in_play: Counter[str] = Counter()
    for player, city in zip(state.seats, state.cities):
        if city.coins < 0:
            broken.append(f"{player} has {city.coins} coins")
        if not 0 <= city.income <= max(city.coins, 0):
            broken.append(f"{player} received {city.income} coins this turn but holds {city.coins}")
        if len(set(city.cards)) != len(city.cards):
            broken.append(f"{player} holds a structure twice: {list(city.cards)}")
        if city.wonder and not 0 <= city.stages <= len(city.board.stages):
            broken.append(f"{player} has {city.stages} stages on {city.board.label}")
        if city.hand_size < 0 or (city.hand is not None and len(city.hand) > city.hand_size):
            broken.append(f"{player} holds {city.hand_size} leaders, hand {city.hand}")
        if state.phase == "draft" and (
            city.offer_size + city.kept_size != city.hand_size or len(city.offer) > city.offer_size or len(city.kept) > city.kept_size
        ):
            broken.append(f"{player} drafts from {city.offer_size} and kept {city.kept_size} but holds {city.hand_size}")
        if any(t not in TOKENS for t in city.tokens):
            broken.append(f"{player} holds conflict tokens {list(city.tokens)}")
        if not set(city.leaders) <= set(city.named_leaders):
            broken.append(f"{player} has recruited leaders that never left the hand: {list(city.leaders)}")
        recruited.update(city.leaders)
        in_play.update(city.cards)
    in_play.update(name for _, name in state.pile)
    broken += [f"{name} is recruited by {times} players" for name, times in recruited.items() if times > 1]
    named: Counter[str] = Counter(name for names in state.named for name in names)
    for name, times in in_play.items():
        if times > named[name]:
            broken.append(f"{name} is in play {times} times but named {named[name]} times from the decks")
    for age in (1, 2, 3):
        if state.pile_unknown[age - 1] < 0:
            broken.append(f"the discard pile holds {state.pile_unknown[age - 1]} unnamed Age {age} cards")
        if len(state.named[age - 1]) + state.pile_unknown[age - 1] > 7 * n:
            broken.append(f"more Age {age} cards accounted for than the {7 * n} dealt")
        counts = Counter(state.named[age - 1])
        guilds = sorted(name for name in counts if components.card(name).guild)
        for name, times in counts.items():
            if name in guilds:
                if times > 1 or not deck.in_pool(state, components.card(name)):
                    broken.append(f"the guild {name} is named {times} times (leaders={state.leaders_on})")
            elif times > components.card(name, age).copies(n):
                broken.append(f"the Age {age} deck gave {times} {name} but holds fewer at {n} players")
        if guilds and (age != 3 or len(guilds) > components.guild_count(n)):
            broken.append(f"Age {age} names the guilds {guilds}")
    return broken
