"""A seeded random table of Sylla, for tests and benchmarks: the players' choices come from
``legal_moves``; what the table reads off the components (the board, the Income tiles, the
kept characters, the display, events, Great Works, building tiles, a Crane's colours) comes from
a FICTIONAL box. The real printed values are unknown (RULES.md §21); this box only respects the
known facts, so the component checks accept it.

Odd seeds play a table that keeps some secrets: a seed-chosen share of the Temple and Insula
tokens and fist votes is entered as ``?``, and the table shows the fists, a crisis's counts and
the final tokens when the game asks (``random_pair`` gives the same table with every face typed,
to compare). ``check_invariants`` lists what must hold in every state of any game, random or not.

>>> game = random_game(1, 3)
>>> game.outcome() is not None, check_invariants(game.state)
(True, [])
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from assistant.core.game import Game
from assistant.games.sylla.components import TYPES, building_data, facts
from assistant.games.sylla.legal import legal_moves
from assistant.games.sylla.state import State

BOARD = "ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g"
"""A fictional board (the printed ladder values are unknown)."""

EVENTS = {  # fictional icons/fighters/tokens, consistent with the rulebook's example
    "Decadence": "Decadence 0 L",
    "Famine": "Famine 1 V health",
    "Slave Revolt": "Slave Revolt 0 L leisure",
    "Imperial Cult": "Imperial Cult 1 VL civic",
    "Epidemic": "Epidemic 1 V health",
    "Eruption": "Eruption 0 V leisure",
    "Flood": "Flood 1 V health",
    "Christian Persecution": "Christian Persecution 0 L civic",
    "Senate Purge": "Senate Purge 1 L civic",
    "Pillage": "Pillage 0 L leisure",
}
"""Each event card of the fictional box as the table enters it."""

TILES = (["stall"] * 5 + ["field"] * 5 + ["temple"] * 3 + ["tavern"] * 3 + ["insula"] * 4 + ["crane"] * 3
         + ["arch"] * 3 + ["statue"] * 3 + ["bank"] * 3)
"""The 32 building tiles of the fictional box."""

WORKS = ["Pantheon", "Temple", "Granary", "Public Baths", "Colosseum", "Senate"]
ROMAN = ["I", "II", "III", "IV"]
SEATS = ["Blue", "Red", "White", "Black"]


def fictional_set(rng: random.Random, numeral: str) -> list[str]:
    """The 10 characters of one set: 2 of each type, the first Senator, Merchant and Slave
    Christian, Slaves showing all three colours, the others 1 or 2 random colours."""
    cards = []
    for kind in TYPES:
        for i in range(2):
            fish = " fish" if i == 0 and kind in ("senator", "merchant", "slave") else ""
            hexes = "ryg" if kind == "slave" else "".join(sorted(rng.sample("ryg", rng.choice((1, 2))), key="ryg".index))
            cards.append(f"{kind}{fish} {hexes} {numeral}")
    return cards


class Box:
    """The physical game, shuffled by a seeded random generator: it answers every entry the
    table makes by reading a component."""

    def __init__(self, rng: random.Random, seats: list[str]) -> None:
        self.rng = rng
        self.seats = seats
        numerals = rng.sample(ROMAN, len(seats))
        self.sets = dict(zip(seats, numerals))
        self.kept: dict[str, list[str]] = {}
        deck: list[str] = []
        keep = int(facts()["characters"]["kept_at_setup"][str(len(seats))])
        for numeral in ROMAN:
            cards = fictional_set(rng, numeral)
            owner = next((s for s, n in self.sets.items() if n == numeral), None)
            rng.shuffle(cards)
            if owner:
                self.kept[owner] = [" ".join(c.split()[:-1]) for c in cards[:keep]]
                deck += cards[keep:]
            else:
                deck += cards
        rng.shuffle(deck)
        self.deck = deck
        self.display: list[str] = []
        self.display_size = int(facts()["recruit_display"][str(len(seats))])
        events = [e for e in EVENTS if e != "Decadence"]
        rng.shuffle(events)
        self.events = events
        works = WORKS[:]
        rng.shuffle(works)
        self.works = works
        tiles = TILES[:]
        rng.shuffle(tiles)
        self.tiles = tiles

    def setup_entries(self, *, board: bool = False) -> list[str]:
        """The setup entries in the order a table makes them (the board too when asked)."""
        first = [EVENTS[e] for e in self.events[:3]] + [EVENTS["Decadence"]]
        self.events = self.events[3:]
        return [
            *([f"board {BOARD}"] if board else []),
            "sets " + " ".join(f"{s}={n}" for s, n in self.sets.items()),
            *[f"{s} keeps " + ", ".join(self.kept[s]) for s in self.seats],
            "events " + ", ".join(first),
            f"remove {self.works.pop(0)}",
            f"work {self.works.pop(0)}",
            self.next_tiles(),
            self.display_entry(),
        ]

    def display_entry(self) -> str:
        """Leftovers of the last display go under the deck; the next cards are laid out."""
        self.deck += self.display
        self.display, self.deck = self.deck[: self.display_size], self.deck[self.display_size:]
        return "display " + ", ".join(self.display)

    def next_tiles(self) -> str:
        """The next 6 building tiles of the pile."""
        six, self.tiles = self.tiles[:6], self.tiles[6:]
        return "tiles " + " ".join(six)

    def recruit(self, player: str) -> str:
        """``player`` takes a random card of the display (its set numeral only when needed,
        or at random)."""
        card = self.rng.choice(self.display)
        self.display.remove(card)
        bare = " ".join(card.split()[:-1])
        alike = [c for c in self.display if " ".join(c.split()[:-1]) == bare]
        if alike or self.rng.random() < 0.5:
            return f"{player} recruits {card}"
        return f"{player} recruits {bare}"  # without the set numeral: unambiguous here

    def entries(self, state: State) -> list[str]:
        """What the table enters when the step waits for a component read off the box."""
        step = state.step
        if step == "II.recruit":
            return [self.recruit(state.actor or "")]
        if step == "V.draw":
            return ["event " + EVENTS[self.events.pop(0)]]
        if step == "VI.work":
            return [f"work {self.works.pop(0)}"]
        if step == "VII.tiles":
            return [self.next_tiles(), self.display_entry()]
        if step == "III.crane":
            return [f"{state.high_bidder} crane " + self.rng.choice(["r", "y", "g", "ry", "yg"])]
        raise AssertionError(f"no table entry for {step}")


def start_game(seed: int, players: int, options: Mapping[str, str] | None = None) -> tuple[Game, Box, random.Random]:
    """A game with its setup entered from a freshly shuffled box, with the box and the random
    generator that play on. The fictional board is entered at setup unless an option gives one."""
    rng = random.Random(seed)
    seats = SEATS[:players]
    from assistant.games.sylla.ruleset import RULESET

    game = Game(RULESET, seats, dict(options or {}))
    box = Box(rng, seats)
    for text in box.setup_entries(board=game.state.board is None):
        game.push(text)
    return game, box, rng


def step(game: Game, box: Box, rng: random.Random) -> None:
    """One turn of the table: a random legal choice, or what the table reads off the box."""
    legal = legal_moves(game.state)
    if legal:
        game.push(rng.choice(legal).notation())
        return
    for text in box.entries(game.state):
        game.push(text)


def random_game(seed: int, players: int, options: Mapping[str, str] | None = None, *, unknown: float | None = None) -> Game:
    """A whole game of ``players`` (3 or 4) from setup to the final score, the same for the same
    seed. ``options`` are the game's ``--option`` KEY=VALUE settings.

    ``unknown`` is the share of secret faces (a Temple's or Insula's token, a fist vote) the
    table enters as ``?``; by default the seed chooses: even seeds type every face, odd seeds
    enter a seed-chosen share as unknown (see :func:`secret_share`)."""
    share = secret_share(seed) if unknown is None else unknown
    game, box, rng = start_game(seed, players, options)
    if not share:
        while game.outcome() is None:
            step(game, box, rng)
        return game
    return _play_with_unknowns(game, box, rng, share)[0]


def random_pair(seed: int, players: int, share: float, options: Mapping[str, str] | None = None) -> tuple[Game, Game]:
    """The same random table twice: entered with a ``share`` of secret faces as ``?``, and
    with every face typed (the truth); both must end with the same scores."""
    game, box, rng = start_game(seed, players, options)
    return _play_with_unknowns(game, box, rng, share)


def secret_share(seed: int) -> float:
    """The share of secret faces a seed's table leaves unknown: none for even seeds (they type
    every face), else between a quarter and all of them."""
    return 0.0 if seed % 2 == 0 else random.Random(f"sylla/unknown/{seed}").choice((0.25, 0.5, 1.0))


def _play_with_unknowns(game: Game, box: "Box", rng: random.Random, share: float) -> tuple[Game, Game]:
    """Play on ``game`` entering a share of the secret faces as ``?``. A twin game where every
    face is typed holds the truth, so the table can show what the rules reveal when the game
    asks for it (the fists, a crisis's tokens, the tokens at the end)."""
    from assistant.games.sylla import moves as m

    twin = Game(game.ruleset, game.seats, game.options)
    for entry in game.entries:
        twin.push(entry.text)
    votes: dict[str, tuple[str, int]] = {}
    while game.outcome() is None:
        state = game.state
        if state.step in ("VI.fists", "end.fists"):
            game.push(m.FistsMove(tuple((n, *votes[n]) for n, (t, _) in state.votes.items() if t is None)).notation())
            continue
        if state.step in ("VII.crisis", "end.tokens"):
            kinds = [state.crises[0]] if state.step == "VII.crisis" else list(twin.state.player(state.seats[0]).tokens)
            for name in list(state.pending):
                truth = twin.state.player(name).tokens
                game.push(m.TokensMove(name, tuple((k, truth[k]) for k in kinds)).notation())
            continue
        legal = legal_moves(twin.state)
        if not legal:
            for text in box.entries(twin.state):
                twin.push(text)
                game.push(text)
            continue
        move = rng.choice(legal)
        twin.push(move.notation())
        text = move.notation()
        if isinstance(move, m.VoteMove):
            if not state.votes:
                votes = {}
            votes[move.player] = (move.thumb or "up", move.denarii or 0)
            if rng.random() < share:
                text = m.VoteMove(move.player, None, None).notation()
        elif isinstance(move, m.TempleMove) and rng.random() < share:
            text = m.TempleMove(move.player, None).notation()
        elif isinstance(move, m.InsulaMove) and rng.random() < share:
            text = m.InsulaMove(move.player, (move.kinds[0], None) if rng.random() < 0.5 else (None, None)).notation()
        game.push(text)
    return game, twin


def check_invariants(state: State) -> list[str]:
    """What is broken in ``state`` (empty when all holds): prestige, denarii, tokens and cubes
    never negative; tokens of unknown colour consistent, a wait for fists or shown tokens
    waiting for someone; famine and markers on their tracks; characters, Crane cards and building
    tiles accounted for; the event row holding Decadence last."""
    broken: list[str] = []
    f = facts()
    seats = len(state.seats)
    for p in state.players:
        if p.prestige < 0:
            broken.append(f"{p.name} has {p.prestige} prestige")
        if p.money < 0 and not p.money_unknown:
            broken.append(f"{p.name} has {p.money} denarii")
        if any(v < 0 for v in p.tokens.values()) or any(v < 0 for v in p.cubes.values()):
            broken.append(f"{p.name} holds a negative count of tokens or cubes: {dict(p.tokens)} {dict(p.cubes)}")
        if p.unknown < 0 or (p.splits is not None and (not p.splits or any(sum(x) != p.unknown for x in p.splits))):
            broken.append(f"{p.name}'s tokens of unknown colour are inconsistent: {p.unknown} with splits {p.splits}")
        labels = [c.label for c in p.cards] + [t.label for t in p.tiles]
        if len(labels) != len(set(labels)):
            broken.append(f"{p.name} has two items of one label: {labels}")
    if state.step.endswith(".fists") and (state.pending or all(t is not None for t, _ in state.votes.values())):
        broken.append(f"waiting for the fists with {state.pending} still to vote and votes {state.votes}")
    if state.step in ("VII.crisis", "end.tokens") and not state.pending:
        broken.append(f"{state.step} waits for nobody's tokens")
    if not 0 <= state.famine <= f["board"]["famine_high"]:
        broken.append(f"the famine marker is off its track: {state.famine}")
    if state.board and not all(0 <= v < len(state.board.ladder) for v in state.markers.values()):
        broken.append(f"a marker is off the ladder: {dict(state.markers)}")
    characters = sum(1 for p in state.players for c in p.cards if c.kind != "crane")
    kept = int(f["characters"]["kept_at_setup"][str(seats)])
    if state.round:
        recruited = seats * (state.round - 1) + (state.turn if state.step == "II.recruit" else 0)
        if state.phase not in ("I", "II"):
            recruited = seats * state.round
        if characters != seats * kept + recruited:
            broken.append(f"{characters} characters in play; {seats * kept} kept and {recruited} recruited")
    elif characters != kept * sum(1 for s in state.seats if state.kept.get(s)):
        broken.append(f"{characters} characters kept at setup")
    if characters + len(state.display or ()) > f["characters"]["total"]:
        broken.append(f"{characters} characters in play and {len(state.display or ())} in the display: more than the box holds")
    if state.tiles_out > int(building_data()["total_tiles"]):
        broken.append(f"{state.tiles_out} building tiles laid out")
    on_spaces = sum(1 for t in state.spaces if t)
    if state.tiles_out != state.tiles_bought + state.tiles_discarded + on_spaces:
        broken.append(f"building tiles: {state.tiles_out} laid out != {state.tiles_bought} bought + "
                      f"{state.tiles_discarded} discarded + {on_spaces} on the spaces")
    kept_tiles = sum(len(p.tiles) for p in state.players)
    if kept_tiles + state.cranes > state.tiles_bought:
        broken.append(f"{kept_tiles} kept tiles and {state.cranes} Cranes from {state.tiles_bought} tiles bought")
    crane_cards = sum(1 for p in state.players for c in p.cards if c.kind == "crane")
    if crane_cards != state.cranes or state.cranes > f["cranes"]["total"]:
        broken.append(f"{crane_cards} Crane cards held, {state.cranes} taken")
    if state.events:
        ids = [s.id for s in state.events]
        if len(ids) not in (3, 4) or ids[-1] != "decadence" or len(set(ids)) != len(ids):
            broken.append(f"the event row is {ids}")
        if len(ids) == 3 and state.step != "V.draw" and state.phase != "V" and state.round < f["start"]["rounds"]:
            broken.append("the event row has an empty slot outside phase V")
        if set(ids) & set(state.removed_events):
            broken.append(f"a removed event is in the row: {ids}")
    return broken
