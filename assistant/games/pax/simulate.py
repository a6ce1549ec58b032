"""A seeded random PAX table: a shuffled deck of 74 plausible cards (the known counts per
category, values 1-4, 1 or 2 symbols), and random players who draw from it, choose among the
legal entries and enter what happens, in the varied forms a real table types. The program never
sees the simulated deck, only the entries. Used by the random-play and conformance tests, the
benchmarks and to make example records; never by the rules themselves.

:func:`check_invariants` lists what the state of any PAX game must keep (every card accounted
for, the faces seen per category, no negative Aurei, Primus Conspiratus with the most, the
Fleet/Army limit).

>>> game = random_game(1, 2)
>>> game.outcome() is not None, check_invariants(game.state)
(True, [])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from assistant.core.game import Game
from assistant.games.pax.components import CATEGORIES, Card, category_cards, deck_size
from assistant.games.pax.moves import Buy, Play
from assistant.games.pax.rules import is_legal
from assistant.games.pax.rules import start_draw
from assistant.games.pax.rules.turn import pc_measure
from assistant.games.pax.ruleset import RULESET
from assistant.games.pax.state import ROMAN, PaxState, World

#: The seats of a random game of 1 to 4 players.
SEATS: dict[int, tuple[str, ...]] = {
    1: ("Solo",),
    2: ("Ann", "Ben"),
    3: ("Ann", "Ben", "Cy"),
    4: ("Ann", "Ben", "Cy", "Dora"),
}


def random_game(seed: int, players: int, options: Mapping[str, str] | None = None) -> Game:
    """A whole random game of ``players`` (1-4) seats played to its end, the same for the same
    seed; ``options`` are the game's ``--option`` KEY=VALUE strings. Odd seeds play a keener
    table (it buys and plays whenever it can). The seed also chooses how the table enters the
    secret faces (``pax.hidden``): by seed % 3, every face typed, only the public ones (every
    card kept, drawn into a hand or slid under the deck entered as ``?``), or a mix of both,
    with some faces named later."""
    secret = (0.0, 1.0, 0.5)[seed % 3]
    table = RandomTable(list(SEATS[players]), seed, dict(options or {}), builder=seed % 2 == 1, secret=secret)
    return table.play()


def plausible_deck(rng: random.Random) -> list[Card]:
    """74 cards: 10 or 12 per category, values and symbols drawn within the known ranges."""
    cards = [
        Card(cat, rng.randint(1, 4), rng.choice((1, 1, 2)))
        for cat, count in category_cards().items()
        for _ in range(count)
    ]
    rng.shuffle(cards)
    return cards


@dataclass
class Table:
    """What physically lies on the simulated table (the deck from top to bottom)."""

    deck: list[Card]
    removed: list[Card] = field(default_factory=list)
    rome_hidden: list[Card] = field(default_factory=list)
    rome: list[Card] = field(default_factory=list)
    legions: list[list[Card]] = field(default_factory=list)
    hands: dict[str, list[Card]] = field(default_factory=dict)
    displays: dict[str, list[Card]] = field(default_factory=dict)
    drawn: list[Card] = field(default_factory=list)  # off the deck, not yet placed


class RandomTable:
    """Plays one game at a simulated physical table, entering every step into a :class:`Game`.

    Each step is entered with :meth:`enter` before the cards move on the physical table, so a
    subclass that watches :meth:`enter` sees the table as it was when the entry was made."""

    def __init__(
        self, seats: list[str], seed: int, options: dict[str, str] | None = None, builder: bool = False, secret: float = 0.0
    ) -> None:
        self.builder = builder  # a keener player: buys and plays whenever it can
        self.secret = secret  # how often a secret face is entered as ? (0: never, 1: always)
        self.slid: dict[str, list[Card]] = {s: [] for s in seats}  # cards slid under as ?, oldest first
        self.rng = random.Random(seed)
        self.options = dict(options or {})
        self.game = Game(RULESET, seats, self.options)
        self.seats = seats
        n = len(seats)
        deck = plausible_deck(self.rng)
        t = Table(deck=deck)
        if n > 1:
            removed = self.game.state.removed
            t.removed = [deck.pop(0) for _ in range(removed)]
            t.rome_hidden = [deck.pop(0) for _ in range(self.game.state.rome_hidden)]
        t.legions = [[] for _ in self.game.state.legions]
        t.hands = {s: [] for s in seats}
        t.displays = {s: [] for s in seats}
        self.t = t
        self.entries: list[str] = []

    # -- the physical cards ----------------------------------------------------------------
    def take(self, count: int) -> list[Card]:
        """Take ``count`` cards off the top of the deck into the drawer's hand."""
        cards = self.t.deck[:count]
        del self.t.deck[:count]
        self.t.drawn.extend(cards)
        for who, slid in self.slid.items():  # a card drawn again is no longer the one slid under
            self.slid[who] = [c for c in slid if not any(c is d for d in cards)]
        return cards

    def placed(self, card: Card) -> Card:
        """A drawn card leaves the drawer's hand (to be put somewhere)."""
        self.t.drawn.remove(card)
        return card

    # -- entering ------------------------------------------------------------------------
    def enter(self, text: str) -> None:
        """Enter one line; when it ended the round, Rome's take is carried out on the table."""
        before = self.game.state
        self.game.push(text)
        self.entries.append(text)
        after = self.game.state
        if len(after.rome) > len(before.rome):
            for i, group in enumerate(before.legions):
                if group and not after.legions[i]:
                    self.t.rome.extend(self.t.legions[i])
                    self.t.legions[i] = []

    # -- one game ------------------------------------------------------------------------
    def play(self, max_entries: int = 3000) -> Game:
        """Play to the end of the game (Rome's cards revealed); the game."""
        if len(self.seats) > 1 and self.rng.random() < 0.5:
            self.enter(f"start {self.rng.choice(self.seats)}")
        while self.game.outcome() is None and len(self.entries) < max_entries:
            phase = self.game.state.phase
            if phase == "start":
                self.setup_hand()
            elif phase == "market":
                self.lay_market()
            elif phase == "turn":
                self.take_turn()
            elif phase == "refill":
                self.refill()
            elif phase == "reveal":
                self.reveal()
        if self.game.outcome() is None:
            raise RuntimeError(f"the random game did not end within {max_entries} entries")
        return self.game

    def setup_hand(self) -> None:
        """The current player draws his starting cards, keeps one (plays some in solitaire)
        and slides the rest under the deck."""
        state = self.game.state
        who = self.seats[state.current]
        drawn_n, plays = start_draw(state, state.kept)
        drawn = self.take(drawn_n)
        self.rng.shuffle(drawn)
        keep, played, back = drawn[0], drawn[1 : 1 + plays], drawn[1 + plays :]
        self.rng.shuffle(back)
        text = f"{who} keep {self.face(keep)}"
        if played:
            text += " play " + ", ".join(c.token() for c in played)
        if back and self.rng.random() < 0.6 * (1 - self.secret):
            text += " return " + ", ".join(c.token() for c in back)
        if len(self.seats) == 1 and not self.t.removed:
            # solitaire: the 30 set aside and Rome's 3 come off the top after the hand
            self.t.removed = [self.t.deck.pop(0) for _ in range(self.game.state.removed)]
            self.t.rome_hidden = [self.t.deck.pop(0) for _ in range(self.game.state.rome_hidden)]
        self.enter(text)
        self.t.hands[who].append(self.placed(keep))
        self.t.displays[who].extend(self.placed(c) for c in played)
        self.t.deck.extend(self.placed(c) for c in back)

    def lay_market(self) -> None:
        """A face-up card under each Legion, entered in one or two lines."""
        cards = self.take(len(self.t.legions))
        split = self.rng.randint(1, len(cards))
        self.enter("market " + ", ".join(c.token() for c in cards[:split]))
        for group, card in zip(self.t.legions[:split], cards[:split]):
            group.append(self.placed(card))
        if cards[split:]:
            self.enter("market " + " ".join(c.token() for c in cards[split:]))
            for group, card in zip(self.t.legions[split:], cards[split:]):
                group.append(self.placed(card))

    def take_turn(self) -> None:
        """One turn: now and then the alternative action; else the draw, perhaps a buy, a few
        plays and the end."""
        state = self.game.state
        turn = state.turn
        assert turn is not None
        who = self.seats[turn.player]
        if self.rng.random() < 0.05:
            self.enter(f"{who} peek" if self.rng.random() < 0.5 else "peek")
            return
        self.draw(who, turn.target, turn.religion)
        self.buy(who)
        for _ in range(self.rng.randint(2, 6) if self.builder else self.rng.randint(0, 3)):
            if not self.play_one(who):
                break
        self.enter(f"{who} end")

    def draw(self, who: str, target: int, religion: int) -> None:
        """Draw as the rulebook says for the player's Religion, entering either one line for
        the whole draw or one line per card."""
        if target == 0:
            return
        free = ["hand", "deck", self.rng.choice(ROMAN[: len(self.t.legions)])]
        placed: list[tuple[Card, str]] = []

        def place(card: Card, dest: str) -> None:
            free.remove(dest)
            placed.append((card, dest))

        if religion < 3 or target == 1:
            for _ in range(target):
                place(self.take(1)[0], self.rng.choice(free))
        elif religion < 6:
            two = self.take(2)
            self.rng.shuffle(two)
            place(two.pop(), self.rng.choice([d for d in free if d != "hand"]))
            if target == 3:
                two.append(self.take(1)[0])
            self.rng.shuffle(two)
            for card in two:
                place(card, self.rng.choice(free))
        else:
            cards = self.take(target)
            for card in cards:
                place(card, self.rng.choice(free))
        faces = [self.face(c) if d in ("hand", "deck") else c.token() for c, d in placed]
        if self.rng.random() < 0.5:
            self.enter(f"{who} draw " + ", ".join(f"{f} {d}" for f, (c, d) in zip(faces, placed)))
            for face, (card, dest) in zip(faces, placed):
                self._put(who, card, dest, face == "?")
        else:
            for face, (card, dest) in zip(faces, placed):
                self.enter(f"draw {face} {dest}")
                self._put(who, card, dest, face == "?")
        self.name_later(who)

    def face(self, card: Card) -> str:
        """How the table enters a secret face: typed, or ``?`` (as often as ``secret`` says)."""
        return "?" if self.secret and self.rng.random() < self.secret else card.token()

    def name_later(self, who: str) -> None:
        """Now and then (in a mixed table) name a face entered earlier as ``?``: one of the
        player's unknown hand cards, or the oldest card he slid under the deck as ``?``."""
        if not 0 < self.secret < 1 or self.rng.random() < 0.7:
            return
        state = self.game.state
        player = state.players[state.seats.index(who)]
        if self.rng.random() < 0.5 and player.unknown:
            unknown = list((Counter(self.t.hands[who]) - Counter(player.hand)).elements())
            self.enter(f"{who} hand was {self.rng.choice(unknown).token()}")
            return
        slid = self.slid[who]
        if slid:
            self.enter(f"{who}'s card under the deck was {slid[0].token()}")
            self.slid[who] = slid[1:]

    def _put(self, who: str, card: Card, dest: str, unknown: bool = False) -> None:
        """A drawn card goes to the hand, under the deck or under a Legion."""
        self.placed(card)
        if dest == "hand":
            self.t.hands[who].append(card)
        elif dest == "deck":
            self.t.deck.append(card)
            if unknown:
                self.slid[who].append(card)
        else:
            self.t.legions[ROMAN.index(dest)].append(card)

    def buy(self, who: str) -> None:
        """Now and then buy one of the groups the rules allow."""
        if self.rng.random() < (0.1 if self.builder else 0.4):
            return
        buys = [m for m in self.game.legal_moves() if isinstance(m, Buy)]
        if not buys:
            return
        move = self.rng.choice(buys)
        i = ROMAN.index(move.legion)
        self.enter(move.notation())
        self.t.hands[who].extend(self.t.legions[i])
        self.t.legions[i] = []

    def play_one(self, who: str) -> bool:
        """Play one card the rules allow (a keen player prefers Estate and Conspiracy, which
        raise the limit, and keeps some money); False when none is played."""
        state = self.game.state
        plays = [Play(who, (card,)) for card in dict.fromkeys(self.t.hands[who])]
        plays = [m for m in plays if is_legal(state, m)]
        if not plays:
            return False
        if self.builder:
            first = [m for m in plays if m.cards[0].category in ("estate", "conspiracy")]
            plays = first if first and self.rng.random() < 0.5 else plays
            state = self.game.state
            assert state.turn is not None
            if len(state.turn.played) >= 2 and state.players[state.turn.player].aureus < 6:
                return False
        move = self.rng.choice(plays)
        self.enter(move.notation())
        for card in move.cards:
            self.t.hands[who].remove(card)
            self.t.displays[who].append(card)
        return True

    def refill(self) -> None:
        """A new card under each empty Legion, in one line or one line per card."""
        empty = [i for i, g in enumerate(self.t.legions) if not g]
        cards = self.take(len(empty))
        if self.rng.random() < 0.5:
            self.enter("refill " + ", ".join(f"{ROMAN[i]} {c.token()}" for i, c in zip(empty, cards)))
            for i, card in zip(empty, cards):
                self.t.legions[i].append(self.placed(card))
        else:
            for i, card in zip(empty, cards):
                self.enter(f"refill {card.token()}")
                self.t.legions[i].append(self.placed(card))

    def reveal(self) -> None:
        """Turn up Rome's hidden cards."""
        self.enter("reveal " + ", ".join(c.token() for c in self.t.rome_hidden))
        self.t.rome.extend(self.t.rome_hidden)
        self.t.rome_hidden = []


def _known_faces(state: PaxState, world: World) -> Counter[str]:
    """Cards per category whose faces were entered, wherever they are now (in ``world``)."""
    cards: list[Card] = [*state.rome, *state.rome_revealed]
    for group in state.legions:
        cards += group
    for seat, p in enumerate(state.players):
        cards += p.hand
        cards += p.display
        cards += world.held_of(seat)
    for part in world.deck:
        cards += part.cards
    if world.window is not None:
        cards += world.window.known
        cards += world.window.pool
    return Counter(c.category for c in cards)


def check_invariants(state: PaxState) -> list[str]:
    """What any PAX state must keep, as a list of what is broken (empty when all holds): in
    every reading of the faces entered (``state.worlds``), all 74 cards accounted for and, per
    category, the cards whose faces were entered where the state puts them and no more than
    the deck holds; the readings agree on the cards still to enter; no negative Aurei; Primus
    Conspiratus with a player who has the most Conspiracy (nobody before any is played); with
    2-4 players, Fleet and Army within the Estate/Conspiracy limit."""
    broken: list[str] = []
    totals = category_cards()
    for world in state.worlds:
        count = replace(state, deck=world.deck, window=world.window).card_count()
        if count != deck_size():
            broken.append(f"{count} cards accounted for, not {deck_size()}")
        faces = _known_faces(state, world)
        for i, cat in enumerate(CATEGORIES):
            if not 0 <= world.seen[i] <= totals[cat]:
                broken.append(f"{world.seen[i]} {cat} cards seen, but the deck holds {totals[cat]}")
            if faces[cat] != world.seen[i]:
                broken.append(f"{faces[cat]} {cat} cards lie where the state puts them, but {world.seen[i]} were entered")
    waiting = {w.window.to_place if w.window else 0 for w in state.worlds}
    if len(waiting) > 1:
        broken.append(f"the ways the entered faces can lie disagree on the cards still to enter ({sorted(waiting)})")
    for p in state.players:
        if p.aureus < 0 and not p.aurei_unknown:
            broken.append(f"{p.name} has {p.aureus} Aurei")
    measures = [pc_measure(state, p) for p in state.players]
    if state.pc is None:
        if any(measures):
            broken.append("somebody played Conspiracy, but nobody holds Primus Conspiratus")
    elif measures[state.pc] == 0 or measures[state.pc] < max(measures):
        broken.append(f"{state.seats[state.pc]} holds Primus Conspiratus without the most Conspiracy ({measures})")
    if not state.solo:
        for p in state.players:
            for cat in ("fleet", "army"):
                if p.symbols(cat) > p.limit():
                    broken.append(f"{p.name} has {p.symbols(cat)} {cat} symbols over the limit of {p.limit()}")
    return broken
