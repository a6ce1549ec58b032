"""A physical PAX table for the tests: a shuffled deck of 74 plausible cards (the known counts
per category, random values 1-4 and 1-2 symbols), and a random player who draws from it and
enters what happens. The program under test never sees this table, only the entries; after each
entry the tests compare what the program knows with what lies on the table, the players' money
included: the table keeps its own ledger of Aurei by the rulebook (prices less the Wealth
discount, play costs 0, 1, 2 ..., income, the alternative action, the empty deck).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from assistant.core import Game
from assistant.games.pax import RULESET
from assistant.games.pax.components import CATEGORIES, Card, category_cards
from assistant.games.pax.moves import Buy, Play
from assistant.games.pax.state import ROMAN


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
    """What physically lies on the table."""

    deck: list[Card]
    removed: list[Card] = field(default_factory=list)
    rome_hidden: list[Card] = field(default_factory=list)
    rome: list[Card] = field(default_factory=list)
    legions: list[list[Card]] = field(default_factory=list)
    hands: dict[str, list[Card]] = field(default_factory=dict)
    displays: dict[str, list[Card]] = field(default_factory=dict)
    drawn: list[Card] = field(default_factory=list)
    money: dict[str, int] = field(default_factory=dict)
    pc: str | None = None  # who holds Primus Conspiratus


class RandomTable:
    """Plays one game at a physical table, entering every step into a :class:`Game`."""

    def __init__(
        self, seats: list[str], seed: int, options: dict[str, str] | None = None, builder: bool = False
    ) -> None:
        self.builder = builder  # a keener player: buys and plays whenever it can
        self.rng = random.Random(seed)
        self.game = Game(RULESET, seats, options or {})
        self.seats = seats
        n = len(seats)
        deck = plausible_deck(self.rng)
        t = Table(deck=deck)
        if n == 1:
            self.level = int((options or {}).get("level", "1"))
        else:
            removed = {2: 20, 3: 10, 4: 0}[n]
            t.removed = [deck.pop(0) for _ in range(removed)]
            t.rome_hidden = [deck.pop(0) for _ in range(3)]
        t.legions = [[] for _ in range(3 if n == 1 else n + 1)]
        t.hands = {s: [] for s in seats}
        t.displays = {s: [] for s in seats}
        t.money = {s: 5 for s in seats}  # pax.setup.money
        self.t = t
        self.turn_plays: list[Card] = []
        self.pc_cards = (options or {}).get("pc") == "cards"
        self.owed = 0  # 2 Aurei for a player who cannot draw, paid with his next entry
        self.entries: list[str] = []

    # -- entering ------------------------------------------------------------------------
    def push(self, text: str) -> None:
        before = self.game.state
        self.game.push(text)
        self.entries.append(text)
        after = self.game.state
        if before.phase == "turn" and after.phase in ("refill", "reveal"):
            self.end_of_round(before)
            # pax.end.trigger / pax.end.deck-empty: the game ends when the deck cannot put a
            # card under every empty Legion (or ran out during the round), else the refill
            empty = sum(1 for g in self.t.legions if not g)
            ends = not self.t.deck or len(self.t.deck) < empty
            assert after.phase == ("reveal" if ends else "refill"), (after.phase, len(self.t.deck), empty)
        self.check_invariants()

    def end_of_round(self, before) -> None:
        """Rome takes the richest group on the physical table (tie: lowest Legion)."""
        if not self.t.deck and before.last_take is False:
            return
        best = None
        for i, group in enumerate(self.t.legions):
            value = sum(c.value for c in group)
            if group and (best is None or value > sum(c.value for c in self.t.legions[best])):
                best = i
        if best is not None:
            self.t.rome.extend(self.t.legions[best])
            self.t.legions[best] = []

    def check_invariants(self) -> None:
        state = self.game.state
        assert state.card_count() == 74, state
        for p in state.players:
            assert p.aureus >= 0
            assert p.aureus == self.t.money[p.name], (p.name, p.aureus, self.t.money[p.name])
            assert Counter(p.hand) == Counter(self.t.hands[p.name]), p.name
            assert Counter(p.display) == Counter(self.t.displays[p.name]), p.name
        assert (state.seats[state.pc] if state.pc is not None else None) == self.t.pc
        assert [Counter(g) for g in state.legions] == [Counter(g) for g in self.t.legions]
        assert Counter(state.rome) == Counter(self.t.rome)
        mid_draw = state.turn is not None and state.turn.placed and not state.turn.draw_done
        if state.window is None and not mid_draw:
            assert state.deck_size == len(self.t.deck)
        for i, cat in enumerate(CATEGORIES):
            assert 0 <= state.seen[i] <= category_cards()[cat]

    # -- one game ------------------------------------------------------------------------
    def play(self, max_entries: int = 3000, check_legal: bool = False) -> Game:
        self.check_legal = check_legal
        if len(self.seats) > 1 and self.rng.random() < 0.5:
            self.push(f"start {self.rng.choice(self.seats)}")
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
        assert self.game.outcome() is not None, "the game did not end"
        return self.game

    def setup_hand(self) -> None:
        state = self.game.state
        who = self.seats[state.current]
        from assistant.games.pax.rules import start_draw

        drawn_n, plays = start_draw(state, state.kept)
        drawn = [self.t.deck.pop(0) for _ in range(drawn_n)]
        self.rng.shuffle(drawn)
        keep, played, back = drawn[0], drawn[1 : 1 + plays], drawn[1 + plays :]
        self.t.hands[who].append(keep)
        self.t.displays[who].extend(played)
        self.update_pc(who)
        self.rng.shuffle(back)
        self.t.deck.extend(back)
        text = f"{who} keep {keep.token()}"
        if played:
            text += " play " + ", ".join(c.token() for c in played)
        if back and self.rng.random() < 0.6:
            text += " return " + ", ".join(c.token() for c in back)
        if len(self.seats) == 1:
            # solitaire: the 30 set aside and Rome's 3 come off the top after the hand
            self.t.removed = [self.t.deck.pop(0) for _ in range(30)]
            self.t.rome_hidden = [self.t.deck.pop(0) for _ in range(3)]
        self.push(text)

    def lay_market(self) -> None:
        cards = [self.t.deck.pop(0) for _ in self.t.legions]
        split = self.rng.randint(1, len(cards))
        for group, card in zip(self.t.legions[:split], cards[:split]):
            group.append(card)
        self.push("market " + ", ".join(c.token() for c in cards[:split]))
        if cards[split:]:
            for group, card in zip(self.t.legions[split:], cards[split:]):
                group.append(card)
            self.push("market " + " ".join(c.token() for c in cards[split:]))

    def take_turn(self) -> None:
        state = self.game.state
        turn = state.turn
        who = self.seats[turn.player]
        if state.order_pos == 0 and state.round > 1 and self.t.pc is not None:
            assert who == self.t.pc  # pax.roundend.start-player: the holder starts the round
        if self.rng.random() < 0.05:
            self.t.money[who] += 2  # pax.turn.alternative
            self.push(f"{who} peek" if self.rng.random() < 0.5 else "peek")
            return
        self.turn_plays = []
        self.owed = 2 if turn.target == 0 else 0  # pax.end.deck-empty
        self.draw(who, turn.target, turn.religion)
        self.buy(who)
        for _ in range(self.rng.randint(2, 6) if self.builder else self.rng.randint(0, 3)):
            if not self.play_one(who):
                break
        self.pay(who, -self.income(who))
        self.push(f"{who} end")

    def conspiracy(self, who: str) -> int:
        cards = [c for c in self.t.displays[who] if c.category == "conspiracy"]
        return len(cards) if self.pc_cards else sum(c.symbols for c in cards)

    def update_pc(self, who: str) -> None:
        """pax.cat.primus-conspiratus on the physical table: it moves at once to a player
        with more Conspiracy than its holder (the first with any takes it)."""
        mine = self.conspiracy(who)
        if mine and (self.t.pc is None or mine > self.conspiracy(self.t.pc)):
            self.t.pc = who

    def pay(self, who: str, amount: int) -> None:
        """The table's own ledger: ``who`` pays ``amount`` (negative: receives), after the
        2 Aurei still owed for an empty deck."""
        self.t.money[who] += self.owed - amount
        self.owed = 0

    def income(self, who: str) -> int:
        """pax.turn.income, worked out on the physical display."""
        if not self.turn_plays:
            return 2
        if any(c.category == "conspiracy" for c in self.turn_plays):
            return 0
        rows = [sum(1 for c in self.t.displays[who] if c.category == cat) for cat in {c.category for c in self.turn_plays}]
        return max(rows) + (1 if any(c.category == "senator" for c in self.turn_plays) else 0)

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
                place(self.t.deck.pop(0), self.rng.choice(free))
        elif religion < 6:
            two = [self.t.deck.pop(0), self.t.deck.pop(0)]
            self.rng.shuffle(two)
            place(two.pop(), self.rng.choice([d for d in free if d != "hand"]))
            if target == 3:
                two.append(self.t.deck.pop(0))
            self.rng.shuffle(two)
            for card in two:
                place(card, self.rng.choice(free))
        else:
            cards = [self.t.deck.pop(0) for _ in range(target)]
            for card in cards:
                place(card, self.rng.choice(free))
        one_line = self.rng.random() < 0.5
        for i, (card, dest) in enumerate(placed):
            if dest == "hand":
                self.t.hands[who].append(card)
            elif dest == "deck":
                self.t.deck.append(card)
            else:
                self.t.legions[ROMAN.index(dest)].append(card)
            if not one_line:
                if self.check_legal:
                    legal = [m.notation() for m in self.game.legal_moves()]
                    assert f"{who} draw {card.token()} {dest}" in legal
                self.push(f"draw {card.token()} {dest}")
        if one_line:
            self.push(f"{who} draw " + ", ".join(f"{c.token()} {d}" for c, d in placed))

    def buy(self, who: str) -> None:
        if self.rng.random() < (0.1 if self.builder else 0.4):
            return
        buys = [m for m in self.game.legal_moves() if isinstance(m, Buy)]
        if not buys:
            return
        move = self.rng.choice(buys)
        i = ROMAN.index(move.legion)
        wealth = sum(c.symbols for c in self.t.displays[who] if c.category == "wealth")
        self.pay(who, max(0, sum(c.value for c in self.t.legions[i]) - wealth // 3))
        self.t.hands[who].extend(self.t.legions[i])
        self.t.legions[i] = []
        self.push(move.notation())

    def play_one(self, who: str) -> bool:
        plays = [m for m in self.game.legal_moves() if isinstance(m, Play)]
        if not plays:
            return False
        if self.builder:
            first = [m for m in plays if m.cards[0].category in ("estate", "conspiracy")]
            plays = first if first and self.rng.random() < 0.5 else plays
            state = self.game.state
            paid = len(state.turn.played)
            if paid >= 2 and state.players[state.turn.player].aureus < 6:
                return False
        move = self.rng.choice(plays)
        self.pay(who, sum(range(len(self.turn_plays), len(self.turn_plays) + len(move.cards))))
        self.turn_plays.extend(move.cards)
        for card in move.cards:
            self.t.hands[who].remove(card)
            self.t.displays[who].append(card)
        self.update_pc(who)
        self.push(move.notation())
        return True

    def refill(self) -> None:
        empty = [i for i, g in enumerate(self.t.legions) if not g]
        cards = [self.t.deck.pop(0) for _ in empty]
        if self.rng.random() < 0.5:
            for i, card in zip(empty, cards):
                self.t.legions[i].append(card)
            self.push("refill " + ", ".join(f"{ROMAN[i]} {c.token()}" for i, c in zip(empty, cards)))
        else:
            for i, card in zip(empty, cards):
                self.t.legions[i].append(card)
                self.push(f"refill {card.token()}")

    def reveal(self) -> None:
        cards = self.t.rome_hidden
        self.push("reveal " + ", ".join(c.token() for c in cards))
