"""The simulated table's own ledger, a test oracle: :class:`LedgerTable` is the random table of
``assistant.games.pax.simulate`` that also keeps, by the rulebook and from what physically lies
on the table, the Aurei of each player (prices less the Wealth discount, play costs 0, 1, 2 ...,
income, the alternative action, the empty deck), who holds Primus Conspiratus and what Rome
takes at the end of each round. Before every entry (and at the end) it compares what the
program knows with the table: money, hands, displays, Legions, Rome, the deck.
"""

from __future__ import annotations

from collections import Counter

from assistant.games.pax import RULESET
from assistant.games.pax.components import CATEGORIES, Card, category_cards
from assistant.games.pax.moves import Buy, Draw, End, Keep, Peek, Play
from assistant.games.pax.simulate import RandomTable

SEATS = {1: ["Solo"], 2: ["Ann", "Ben"], 3: ["Ann", "Ben", "Cy"], 4: ["Ann", "Ben", "Cy", "Dora"]}


class LedgerTable(RandomTable):
    """A random table that checks the program against its own ledger after every entry."""

    def __init__(
        self, seats: list[str], seed: int, options: dict[str, str] | None = None, builder: bool = False,
        secret: float | None = None,
    ) -> None:
        # by default the table enters secret faces as random_game does for the same seed
        super().__init__(seats, seed, options, builder, (0.0, 1.0, 0.5)[seed % 3] if secret is None else secret)
        self.money = {s: 5 for s in seats}  # pax.setup.money
        self.pc: str | None = None  # who holds Primus Conspiratus
        self.rome: list[Card] = []  # what Rome took, by the table's own reading
        self.turn_plays: list[Card] = []
        self.fresh = True  # no entry of this turn yet
        self.owed = 0  # 2 Aurei for a player who cannot draw, paid with his first step
        self.pc_cards = self.options.get("pc") == "cards"
        self.check_legal = False

    def play(self, max_entries: int = 3000, check_legal: bool = False):
        self.check_legal = check_legal
        game = super().play(max_entries)
        self.compare()
        return game

    # -- the ledger ----------------------------------------------------------------------
    def enter(self, text: str) -> None:
        self.compare()  # the previous entry's cards have moved on the table by now
        state = self.game.state
        move = RULESET.parse(state, text)
        if self.check_legal and isinstance(move, Draw) and len(move.placements) == 1:
            assert move in self.game.legal_moves(), text
        if state.phase == "turn" and state.order_pos == 0 and state.round > 1 and self.pc is not None and self.fresh:
            assert state.seats[state.current] == self.pc  # pax.roundend.start-player
        who = state.seats[state.current]
        if isinstance(move, Keep) and move.played:
            self.update_pc(who, self.t.displays[who] + list(move.played))
        if isinstance(move, Peek):
            self.money[who] += 2  # pax.turn.alternative
        if isinstance(move, (Draw, Buy, Play, End)) and self.fresh:
            self.fresh = False
            self.owed = 0 if isinstance(move, Draw) else 2  # pax.end.deck-empty: no draw, 2 Aurei
        if isinstance(move, Buy):
            group = self.t.legions[["I", "II", "III", "IV", "V"].index(move.legion)]
            wealth = sum(c.symbols for c in self.t.displays[who] if c.category == "wealth")
            self.pay(who, max(0, sum(c.value for c in group) - wealth // 3))
        elif isinstance(move, Play):
            self.pay(who, sum(range(len(self.turn_plays), len(self.turn_plays) + len(move.cards))))
            self.turn_plays.extend(move.cards)
            self.update_pc(who, self.t.displays[who] + list(move.cards))
        elif isinstance(move, End):
            self.pay(who, -self.income(who))
        ends_turn = isinstance(move, (End, Peek))
        take = self.rome_take() if ends_turn else None
        super().enter(text)
        if ends_turn:
            self.fresh, self.turn_plays = True, []
            after = self.game.state
            if after.phase in ("refill", "reveal"):
                self.rome.extend(take or [])
                # pax.end.trigger / pax.end.deck-empty: the game ends when the deck cannot put
                # a card under every empty Legion (or ran out during the round), else the refill
                empty = sum(1 for g in self.t.legions if not g)
                ends = not self.t.deck or len(self.t.deck) < empty
                assert after.phase == ("reveal" if ends else "refill"), (after.phase, len(self.t.deck), empty)

    def rome_take(self) -> list[Card]:
        """pax.roundend.rome on the physical table: the richest group (tie: lowest Legion),
        nothing when the deck ran out and the option says so."""
        if not self.t.deck and self.options.get("last_take") == "no":
            return []
        best = None
        for i, group in enumerate(self.t.legions):
            value = sum(c.value for c in group)
            if group and (best is None or value > sum(c.value for c in self.t.legions[best])):
                best = i
        return list(self.t.legions[best]) if best is not None else []

    def conspiracy(self, display: list[Card]) -> int:
        cards = [c for c in display if c.category == "conspiracy"]
        return len(cards) if self.pc_cards else sum(c.symbols for c in cards)

    def update_pc(self, who: str, display: list[Card]) -> None:
        """pax.cat.primus-conspiratus on the physical table: it moves at once to a player
        with more Conspiracy than its holder (the first with any takes it)."""
        mine = self.conspiracy(display)
        if mine and (self.pc is None or mine > self.conspiracy(self.t.displays[self.pc])):
            self.pc = who

    def pay(self, who: str, amount: int) -> None:
        """``who`` pays ``amount`` (negative: receives), after the 2 Aurei still owed for an
        empty deck."""
        self.money[who] += self.owed - amount
        self.owed = 0

    def income(self, who: str) -> int:
        """pax.turn.income, worked out on the physical display."""
        if not self.turn_plays:
            return 2
        if any(c.category == "conspiracy" for c in self.turn_plays):
            return 0
        rows = [sum(1 for c in self.t.displays[who] if c.category == cat) for cat in {c.category for c in self.turn_plays}]
        return max(rows) + (1 if any(c.category == "senator" for c in self.turn_plays) else 0)

    # -- the comparison --------------------------------------------------------------------
    def compare(self) -> None:
        """What the program knows equals what lies on the table and what the ledger says."""
        state = self.game.state
        assert state.card_count() == 74, state
        for p in state.players:
            assert p.aureus >= 0
            assert p.aureus == self.money[p.name], (p.name, p.aureus, self.money[p.name])
            # the faces entered for the hand are in it; the rest were entered as ?
            assert not Counter(p.hand) - Counter(self.t.hands[p.name]), p.name
            assert p.hand_size == len(self.t.hands[p.name]), p.name
            assert Counter(p.display) == Counter(self.t.displays[p.name]), p.name
        assert (state.seats[state.pc] if state.pc is not None else None) == self.pc
        assert [Counter(g) for g in state.legions] == [Counter(g) for g in self.t.legions]
        assert Counter(state.rome) == Counter(self.rome)
        assert Counter(state.all_rome()) == Counter(self.t.rome)
        mid_draw = state.turn is not None and state.turn.placed and not state.turn.draw_done
        if state.window is None and not mid_draw:
            assert state.deck_size == len(self.t.deck) + len(self.t.drawn)
        for i, cat in enumerate(CATEGORIES):
            assert 0 <= state.seen[i] <= category_cards()[cat]


def ledger_game(n: int, seed: int, builder: bool, **options: str) -> LedgerTable:
    """A whole random game of ``n`` players checked against the ledger all the way."""
    if n == 1:
        options.setdefault("level", str(seed % 5 + 1))
    table = LedgerTable(SEATS[n], seed, options, builder=builder)
    table.play()
    return table
