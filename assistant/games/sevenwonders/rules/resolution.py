"""Resolving what the players entered: a turn or a Recruitment phase once every choice is in,
the one-player extra steps that follow, and the end of each Age.

Order of a resolution (``7w.turn.resolution``, ``7w.leaders.recruit.order``):

1. every choice was checked against the state at the start of the turn (:mod:`.legality`);
2. payments: coin costs and leader costs to the bank, purchases to the neighbours (income they
   can spend from the next turn), Hatshepsut's coin, Bilkis's coin;
3. discards earn 3 coins;
4. cards, leaders and stage markers are placed;
5. "when built" effects on the cities as they stand after step 4, for everybody at once
   (Vineyard and Bazar count the neighbours' cards of the same turn, Lighthouse counts
   itself, Arena the stages standing then), stage coins, Xenophon, Vitruvius, Croesus, Rome B;
6. turn 6: Babylon B's 7th card, the other 7th cards go to the discard pile unseen;
7. extra steps, in this order: Babylon B's 7th card, Rome B's extra recruitment,
   Halikarnassos, Solomon (after Halikarnassos, ``7w.faq.solomon-halikarnassos``), the
   Courtesan token (a copied Solomon then picks too);
8. after turn 6: the conflicts (``7w.military.resolve``), then the next Age.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from assistant.core.inputs import number
from assistant.games.sevenwonders import components, costs, deck, powers
from assistant.games.sevenwonders.moves import (
    Build,
    ByPlayer,
    Chose,
    CopyGuild,
    Courtesan,
    DraftPass,
    Keep,
    LeaderHand,
    Pay,
    Pick,
    Recruit,
    Reveal,
    Said,
    Sealed,
    Sell,
    SetBoard,
    Stage,
)
from assistant.games.sevenwonders.scoring import NO_TOKEN
from assistant.games.sevenwonders.state import (
    AGE_VICTORY,
    NO_DUE,
    SKIP,
    City,
    Due,
    SWState,
    next_extra,
)

#: The leaders dealt to each player for the draft (``7w.setup.leaders``) and its passes.
DRAFT_DEAL = 4
DRAFT_PASSES = 3



# -- beginnings ----------------------------------------------------------------------------
def _fresh_cities(state: SWState) -> tuple[City, ...]:
    return tuple(replace(c, fresh=(), income=0, traded=()) if c.fresh or c.income or c.traded else c for c in state.cities)


def begin_turn(state: SWState, age: int, turn: int) -> SWState:
    """Turn ``turn`` of Age ``age``: fresh choices, this turn's income and rebates cleared."""
    return replace(
        state,
        cities=_fresh_cities(state),
        phase="turn",
        age=age,
        turn=turn,
        clock=state.clock + 1,
        choices=(None,) * state.n,
        due=(NO_DUE,) * state.n,
    )


def begin_age(state: SWState, age: int) -> SWState:
    """The Recruitment phase of the Age (with Leaders and leaders in hand), else turn 1."""
    if state.leaders_on and any(c.hand_size > 0 for c in state.cities):
        cities = _fresh_cities(state)
        return replace(
            state,
            cities=cities,
            phase="recruit",
            age=age,
            turn=0,
            clock=state.clock + 1,
            choices=tuple(None if c.hand_size > 0 else SKIP for c in cities),
            due=(NO_DUE,) * state.n,
        )
    return begin_turn(state, age, 1)


def begin_game(state: SWState) -> SWState:
    """Every board is known: starting coins (``7w.setup.coins``) and leader hands; with
    Leaders the leader draft comes first (:func:`begin_draft`)."""
    coins = 6 if state.leaders_on else 3
    hand = 4 if state.leaders_on else 0
    cities = tuple(replace(c, coins=coins, hand_size=hand) for c in state.cities)
    if state.free_city:
        # 7w.2p.setup / 7w.2p.leaders: the Free City starts with 3 coins (option
        # free_city_coins, which may give it the players' 6) and never holds a leader
        free = replace(cities[-1], coins=number(state.option("free_city_coins", "3")) or 3, hand_size=0)
        cities = (*cities[:-1], free)
    if state.leaders_on:
        return begin_draft(replace(state, cities=cities))
    return begin_age(replace(state, cities=cities), 1)


# -- the leader draft (7w.leaders.draft) -----------------------------------------------------
def begin_draft(state: SWState) -> SWState:
    """The leader draft: 4 leaders dealt face down to each player (the Free City gets none,
    ``7w.2p.leaders``), pass 1 waiting for every player's keep. Each player holds 4 leaders
    throughout (``hand_size``): the ones kept and the hand drafted from."""
    drafters = state.drafters
    cities = tuple(
        replace(c, offer=(), offer_size=DRAFT_DEAL if i in drafters else 0, kept=(), kept_size=0)
        for i, c in enumerate(state.cities)
    )
    return replace(
        state,
        cities=cities,
        phase="draft",
        draft=1,
        age=1,
        turn=0,
        choices=tuple(None if i in drafters else SKIP for i in range(state.n)),
        due=(NO_DUE,) * state.n,
    )


def draft_untouched(state: SWState) -> bool:
    """Whether the draft is at its start with no keep entered: a Recruitment entry here means
    the draft happened off the record (:func:`skip_draft`)."""
    return state.phase == "draft" and state.draft == 1 and all(c is None or c == SKIP for c in state.choices)


def skip_draft(state: SWState) -> SWState:
    """The draft played off the record (records stored before the draft was tracked, tables
    that do not type it): every player holds the 4 leaders they drafted, unknown, or the hand
    a ``leaders`` entry of the draft's start named; then Age I's Recruitment phase."""
    cities = tuple(
        replace(
            c,
            hand=(c.offer or c.hand) if i in state.drafters else c.hand,
            offer=(),
            offer_size=0,
            kept=(),
            kept_size=0,
        )
        for i, c in enumerate(state.cities)
    )
    return begin_age(replace(state, cities=cities, draft=0), 1)


def keep_leader(city: City, name: str | None) -> City:
    """One leader kept from the hand drafted from: named (it leaves the known part of the hand
    if it was there, else one unknown card), or unsaid (the known cards of the hand may be the
    one kept, so none of them is known to be there any more)."""
    offer = list(city.offer)
    if name is None:
        offer = []
    elif name in offer:
        offer.remove(name)
    kept = (*city.kept, name) if name is not None else city.kept
    return replace(city, offer=tuple(offer), offer_size=city.offer_size - 1, kept=kept, kept_size=city.kept_size + 1)


def resolve_draft(state: SWState) -> SWState:
    """A pass of the draft once every player has kept: the keeps are set aside, each hand's
    rest goes to the right neighbour (2 players: the opponent) with its known cards; after
    the third pass each player adds the card received to the 3 kept (4 leaders, the known ones
    named in ``hand``) and Age I's Recruitment phase begins."""
    cities = list(state.cities)
    drafters = state.drafters
    for i in drafters:
        move = state.choices[i]
        cities[i] = keep_leader(cities[i], move.leader if isinstance(move, Keep) else None)
    passed = {state.draft_receiver(i): (cities[i].offer, cities[i].offer_size) for i in drafters}
    for i in drafters:
        offer, size = passed[i]
        cities[i] = replace(cities[i], offer=offer, offer_size=size)
    if state.draft < DRAFT_PASSES:
        return replace(
            state,
            cities=tuple(cities),
            draft=state.draft + 1,
            choices=tuple(None if i in drafters else SKIP for i in range(state.n)),
        )
    for i in drafters:
        c = cities[i]
        known = (*c.kept, *c.offer)
        cities[i] = replace(
            c,
            hand=known or None,
            hand_size=c.kept_size + c.offer_size,
            offer=(),
            offer_size=0,
            kept=(),
            kept_size=0,
        )
    return begin_age(replace(state, cities=tuple(cities), draft=0), 1)


def draft_pass(state: SWState) -> SWState:
    """``draft``: every player still to keep keeps an unsaid leader; the pass resolves."""
    choices = tuple(Keep(p) if c is None else c for p, c in zip(state.seats, state.choices))
    return resolve_draft(replace(state, choices=choices))


def draft_hand(state: SWState, move: LeaderHand) -> SWState:
    """A ``leaders`` entry during the draft: the hand drafted from now, its named leaders
    joining the known ones (``?`` says nothing)."""
    i = state.index(move.player)
    city = state.cities[i]
    known = (*move.known, *(name for name in city.offer if name not in move.known))
    return state.with_city(i, replace(city, offer=known))


# -- a mutable working copy ----------------------------------------------------------------
@dataclass
class Work:
    """The state being changed during one resolution (turned back into a frozen state)."""

    state: SWState
    cities: list[City]
    due: list[Due]
    named: list[list[str]]
    pile: list[tuple[int, str]]
    unknown: list[int]
    secret: list[tuple[int, str]]

    @classmethod
    def of(cls, state: SWState) -> Work:
        """A working copy of ``state``."""
        due = list(state.due) if state.due else [NO_DUE] * state.n
        return cls(
            state,
            list(state.cities),
            due,
            [list(x) for x in state.named],
            list(state.pile),
            list(state.pile_unknown),
            list(state.secret_named),
        )

    def freeze(self, **changes: Any) -> SWState:
        """The frozen state with the changes made (and ``changes`` to the game's own fields)."""
        return replace(
            self.state,
            cities=tuple(self.cities),
            due=tuple(self.due),
            named=tuple(tuple(x) for x in self.named),
            pile=tuple(self.pile),
            pile_unknown=(self.unknown[0], self.unknown[1], self.unknown[2]),
            secret_named=tuple(self.secret),
            **changes,
        )

    def gain(self, i: int, coins: int) -> None:
        """Player ``i`` receives coins (spendable from the next turn)."""
        if coins:
            self.cities[i] = self.cities[i].gain(coins)

    def add_due(self, i: int, **counts: int) -> None:
        """Player ``i`` owes more extra steps of these kinds."""
        d = self.due[i]
        changes: dict[str, Any] = {}
        for key, value in counts.items():
            current = getattr(d, key)
            changes[key] = True if isinstance(current, bool) else current + value
        self.due[i] = replace(d, **changes)

    def view(self) -> SWState:
        """The cities as they stand now (for counts in "when built" effects)."""
        return replace(self.state, cities=tuple(self.cities))


# -- payments -------------------------------------------------------------------------------
def pay(work: Work, i: int, bank_coins: int, payment: Pay | Said | None) -> None:
    """Step 2: coins to the bank and to the neighbours; Hatshepsut's coin per neighbour paid
    (once per neighbour per turn, ``7w.leader.hatshepsut``)."""
    assert not isinstance(payment, Said), "a payment as said is matched (costs.settled) before it is resolved"
    state = work.state
    p = payment or Pay()
    city = work.cities[i]
    if not (bank_coins or p.total):
        return
    traded = list(city.traded)
    hatshepsut = 0
    for side, coins, j in (("left", p.left, state.left(i)), ("right", p.right, state.right(i))):
        if coins:
            work.gain(j, coins)
            if side not in traded:
                traded.append(side)
                if powers.has_leader(city, "Hatshepsut"):
                    hatshepsut += 1
    if p.bank and "bank" not in traded:
        traded.append("bank")
    city = work.cities[i]
    work.cities[i] = replace(city, coins=city.coins - bank_coins - p.total, traded=tuple(traded))
    work.gain(i, hatshepsut)


def build_coin_cost(state: SWState, i: int, move: Build) -> int:
    """The coins a build pays to the bank: the printed coins, none for a free build."""
    card = components.card(move.card)
    city = state.cities[i]
    if move.free or powers.chain_parent(city, card) is not None:
        return 0
    return card.cost.coins


def build_how(state: SWState, i: int, move: Build) -> str:
    """``chain``, ``olympia`` or ``paid`` (Ramses's guilds count as paid: no chain)."""
    card = components.card(move.card)
    if powers.chain_parent(state.cities[i], card) is not None:
        return "chain"
    if move.free:
        return "olympia"
    return "paid"


# -- placing and "when built" effects ------------------------------------------------------
def place_card(work: Work, i: int, name: str) -> None:
    """Step 4: a structure enters player ``i``'s city (its rebates start next turn)."""
    city = work.cities[i]
    work.cities[i] = replace(city, cards=(*city.cards, name), fresh=(*city.fresh, name))


def place_stage(work: Work, i: int) -> None:
    """Step 4: player ``i``'s next wonder stage is built (dated, for effects that start next
    turn)."""
    city = work.cities[i]
    work.cities[i] = replace(city, stages=city.stages + 1, stage_turn=work.state.clock)


def count(view: SWState, i: int, effect: components.Effect) -> int:
    """What a ``coins_per`` effect counts for player ``i`` in the cities as they stand."""
    total = 0
    for where in effect.cities or ("self",):
        j = {"self": i, "left": view.left(i), "right": view.right(i)}[where]
        city = view.cities[j]
        if effect.count == "cards":
            total += sum(1 for name in city.cards if components.card(name).color in effect.colors)
        elif effect.count == "wonder_stages":
            total += city.stages
    return total


def on_built(work: Work, i: int, name: str, how: str) -> None:
    """Step 5 for a structure: its coins, Xenophon, Vitruvius, the Courtesan token."""
    card = components.card(name)
    coins = 0
    for e in card.effects:
        if e.type == "coins":
            coins += e.amount
        elif e.type == "coins_per":
            coins += e.amount * count(work.view(), i, e)
        elif e.type == "copy_neighbor_leader":
            state = work.state
            if any(work.cities[j].leaders for j in (state.left(i), state.right(i))):
                work.add_due(i, courtesan=1)
            else:
                # no recruited leader next door: the token is never placed (NO_TOKEN), even
                # if a neighbour recruits one later (7w.guild.courtesans)
                work.cities[i] = replace(work.cities[i], courtesan=NO_TOKEN)
    city = work.cities[i]
    if card.color == "yellow" and powers.has_leader(city, "Xenophon"):
        coins += 2
    if how == "chain" and powers.has_leader(city, "Vitruvius"):
        coins += 2
    work.gain(i, coins)


def on_stage(work: Work, i: int) -> None:
    """Step 5 for a wonder stage: coins, Rome B's draw and extra leader, Halikarnassos.
    The Free City (Rome only with ``free_city_rome=true``) takes the coins but never a leader
    (``7w.2p.leaders``): its Rome B draw and extra recruitments are lost."""
    city = work.cities[i]
    stage = city.board.stage(city.stages)
    no_leaders = work.state.is_free_city(i)
    for e in stage.effects:
        if e.type == "coins":
            work.gain(i, e.amount)
        elif no_leaders and e.type in ("draw_leaders", "recruit_extra_leader"):
            continue
        elif e.type == "draw_leaders":
            city = work.cities[i]
            work.cities[i] = replace(city, hand_size=city.hand_size + e.amount)
        elif e.type == "recruit_extra_leader":
            work.add_due(i, rome=1)
        elif e.type == "build_from_discard":
            work.add_due(i, halikarnassos=1)


def on_recruit(work: Work, i: int, name: str) -> None:
    """A leader enters play (or is copied): Croesus's 6 coins, Solomon's pick."""
    if name == "Croesus":
        work.gain(i, 6)
    elif name == "Solomon":
        work.add_due(i, solomon=1)


def use_leader(work: Work, i: int, name: str | None, to_box: bool = False) -> None:
    """A leader leaves the hand: recruited or tucked (``to_box`` False), or discarded for 3
    coins, back to the box (``7w.leaders.recruit.discard``)."""
    city = work.cities[i]
    hand = city.hand
    if name is None and hand is not None:
        if len(hand) == 1 and city.hand_size == 1:
            name = hand[0]  # the only leader the hand can hold
        else:
            hand = None  # an unnamed leader left a hand of several (or partly known): unknown now
    if hand is not None and name in hand:
        rest = list(hand)
        rest.remove(name)
        hand = tuple(rest)
    named, boxed = city.named_leaders, city.boxed
    if name is not None and to_box:
        boxed = (*boxed, name)
    elif name is not None:
        named = (*named, name)
    work.cities[i] = replace(city, hand=hand, hand_size=city.hand_size - 1, named_leaders=named, boxed=boxed)


def discard(work: Work, age: int, name: str | None) -> None:
    """A card to the discard pile: named, or one more unnamed card of that Age."""
    if name is None:
        work.unknown[age - 1] += 1
    else:
        work.pile.append((age, name))


# -- a turn -------------------------------------------------------------------------------
def resolve_actions(work: Work, actions: list[tuple[int, Any]]) -> None:
    """Steps 2-5 for Age-card actions (a whole turn, or one 7th card)."""
    state = work.state
    age = state.age
    for i, move in actions:
        if isinstance(move, Build):
            pay(work, i, build_coin_cost(state, i, move), move.pay)
        elif isinstance(move, Stage):
            pay(work, i, 0, move.pay)
    for i, move in actions:
        if isinstance(move, Sell):
            work.gain(i, 3)
            discard(work, age, move.card)
        if move.card is not None:
            work.named[age - 1].append(move.card)
            if isinstance(move, (Sell, Stage)):
                work.secret.append((age, move.card))  # face down: named by its player only
    placed: list[tuple[int, Any, str]] = []
    for i, move in actions:
        if isinstance(move, Build):
            how = build_how(state, i, move)
            if how == "olympia":
                work.cities[i] = replace(work.cities[i], olympia_age=age)
            place_card(work, i, move.card)
            placed.append((i, move, how))
        elif isinstance(move, Stage):
            place_stage(work, i)
            placed.append((i, move, "stage"))
    for i, move, how in placed:
        if how == "stage":
            on_stage(work, i)
        else:
            on_built(work, i, move.card, how)


def resolve_turn(state: SWState) -> SWState:
    """An Age turn once every choice is in: steps 2-5, the 7th cards after turn 6, then what
    comes next."""
    work = Work.of(state)
    resolve_actions(work, list(enumerate(state.choices)))
    if state.turn == 6:
        for i, city in enumerate(work.cities):
            if powers.babylon_seventh(city):
                work.add_due(i, seventh=1)
            else:
                work.unknown[state.age - 1] += 1
    return advance(work.freeze(choices=(None,) * state.n))


def resolve_recruitment(state: SWState) -> SWState:
    """A Recruitment phase (``7w.leaders.recruit.order``)."""
    work = Work.of(state)
    for i, move in enumerate(state.choices):
        if isinstance(move, Recruit) and move.leader:
            cost = powers.leader_cost(state, i, move.leader)
            work.cities[i] = work.cities[i].spend(cost)
        elif isinstance(move, Stage):
            pay(work, i, 0, move.pay)
    for i, move in enumerate(state.choices):
        if isinstance(move, Sell):
            work.gain(i, 3)
            use_leader(work, i, move.card, to_box=True)
        elif isinstance(move, Recruit):
            assert move.leader is not None, "check_recruitment refuses an unnamed recruit"
            use_leader(work, i, move.leader)
            city = work.cities[i]
            work.cities[i] = replace(city, leaders=(*city.leaders, move.leader))
        elif isinstance(move, Stage):
            use_leader(work, i, move.card)
            place_stage(work, i)
    for i, move in enumerate(state.choices):
        if isinstance(move, Stage):
            on_stage(work, i)
        elif isinstance(move, Recruit) and move.leader:
            on_recruit(work, i, move.leader)
    return advance(work.freeze(choices=(None,) * state.n))


def record_choice(state: SWState, move: ByPlayer) -> SWState:
    """Store one simultaneous choice; resolve when every player has entered one."""
    i = state.index(move.player)
    choices = list(state.choices)
    choices[i] = move
    state = replace(state, choices=tuple(choices))
    if any(c is None for c in choices):
        return state
    if state.phase == "draft":
        return resolve_draft(state)
    if state.phase == "recruit":
        return resolve_recruitment(state)
    return resolve_turn(state)


# -- extra steps ----------------------------------------------------------------------------
def _clear(due: Due, kind: str) -> Due:
    value = getattr(due, kind)
    return replace(due, **{kind: False if isinstance(value, bool) else value - 1})


def actionable(state: SWState, i: int, kind: str) -> bool:
    """Whether an owed step has any choice at all (else it is skipped: effect lost)."""
    city = state.cities[i]
    if kind == "rome":
        return city.hand_size > 0
    if kind in ("halikarnassos", "solomon"):
        # what the whole table knows of the pile decides, so every viewer's replay agrees
        return any(name not in city.cards for name in deck.public_pile_candidates(state))
    if kind == "courtesan":
        return any(state.cities[j].leaders for j in (state.left(i), state.right(i)))
    if kind == "copy":
        return bool(neighbour_guilds(state, i))
    return True


def neighbour_guilds(state: SWState, i: int) -> list[str]:
    """The guilds Olympia B may copy: those built by the left or right neighbour."""
    out: list[str] = []
    for j in (state.left(i), state.right(i)):
        for name in state.cities[j].cards:
            if components.card(name).guild and name not in out:
                out.append(name)
    return out


def advance(state: SWState) -> SWState:
    """After a resolution or an extra step: the next owed step, or the end of the turn."""
    while True:
        step = next_extra(state)
        if step is None:
            break
        i, kind = step
        if actionable(state, i, kind):
            return replace(state, phase="extra")
        due = list(state.due)
        due[i] = _clear(due[i], kind)
        state = replace(state, due=tuple(due))
    if state.turn == 0:
        if state.age == 3:
            state = return_leaders(state)
        return begin_turn(state, state.age, 1)
    if state.turn < 6:
        return begin_turn(state, state.age, state.turn + 1)
    if state.turn == 6:
        state = conflicts(state)
        if state.age < 3:
            return begin_age(state, state.age + 1)
        return end_choices(state)
    return replace(state, phase="over", choices=(), due=(NO_DUE,) * state.n)


def end_choices(state: SWState) -> SWState:
    """After Age III's conflicts: Olympia B's owner names the guild it copies
    (``7w.wonder.olympia.b``, ``7w.scoring.end-choices``), then the game is over."""
    due = tuple(
        replace(NO_DUE, copy=True) if city.has_stage_effect("copy_neighbor_guild") else NO_DUE for city in state.cities
    )
    return advance(replace(state, turn=7, choices=(None,) * state.n, due=due))


def return_leaders(state: SWState) -> SWState:
    """After the Age III Recruitment the unplayed leaders go back to the box
    (``7w.leaders.recruit.age3``), except for a Rome B owner whose stage 2 or 3 is unbuilt
    (``7w.leaders.hand``, recommended reading)."""
    cities = []
    for city in state.cities:
        if powers.is_rome(city, "B") and city.stages < 3:
            cities.append(city)
        else:
            cities.append(replace(city, hand=() if city.hand is not None else None, hand_size=0))
    return replace(state, cities=tuple(cities))


def resolve_extra(state: SWState, move: object) -> SWState:
    """Apply the entry of the owed extra step (checked before)."""
    step = next_extra(state)
    assert step is not None
    i, kind = step
    work = Work.of(state)
    work.due[i] = _clear(work.due[i], kind)
    if kind == "seventh":
        resolve_actions(work, [(i, move)])
    elif kind == "rome" and isinstance(move, Recruit) and move.leader:
        cost = powers.leader_cost(state, i, move.leader)
        city = work.cities[i]
        # rome_b_coins=held: coins received this turn may pay too; they are spent last
        from_income = max(0, cost - city.spendable)
        work.cities[i] = replace(city.spend(cost), income=city.income - from_income)
        use_leader(work, i, move.leader)
        city = work.cities[i]
        work.cities[i] = replace(city, leaders=(*city.leaders, move.leader))
        on_recruit(work, i, move.leader)
    elif kind in ("halikarnassos", "solomon") and isinstance(move, Pick) and move.card:
        take_from_pile(work, move.card)
        place_card(work, i, move.card)
        on_built(work, i, move.card, "pile")
    elif kind == "copy" and isinstance(move, CopyGuild):
        work.cities[i] = replace(work.cities[i], copied_guild=move.guild)
    elif kind == "courtesan" and isinstance(move, Courtesan):
        work.cities[i] = replace(work.cities[i], courtesan=move.leader)
        on_recruit(work, i, move.leader)
    return advance(work.freeze())


def take_from_pile(work: Work, name: str) -> None:
    """Remove a card from the discard pile: a named copy if there is one, else one of the
    pile's unnamed cards (which is then known to be this card). A card sold face down with its
    name is public once taken (it is built in the open)."""
    for k, (age, pile_name) in enumerate(work.pile):
        if pile_name == name:
            del work.pile[k]
            if (age, name) in work.secret:
                work.secret.remove((age, name))
            return
    for age, known in deck.pile_sources(work.freeze(), name):
        if not known:
            work.unknown[age - 1] -= 1
            work.named[age - 1].append(name)
            return


# -- conflicts ------------------------------------------------------------------------------
def conflicts(state: SWState) -> SWState:
    """End of an Age (``7w.military.resolve``, ``7w.military.leaders``): each pair of
    neighbours compares shields; the stronger takes a Victory token (+1/+3/+5; Nero: 2 coins
    more), the weaker a Defeat token (-1), which Tomyris hands to the winner."""
    work = Work.of(state)
    tokens = [list(c.tokens) for c in state.cities]
    strength = [powers.shields(c) for c in state.cities]
    for i in range(state.n):
        j = state.left(i)
        if strength[i] == strength[j]:
            continue
        winner, loser = (i, j) if strength[i] > strength[j] else (j, i)
        tokens[winner].append(AGE_VICTORY[state.age])
        if powers.has_leader(state.cities[winner], "Nero"):
            work.gain(winner, 2)
        if powers.has_leader(state.cities[loser], "Tomyris"):
            tokens[winner].append(-1)
        else:
            tokens[loser].append(-1)
    work.cities = [replace(c, tokens=tuple(t)) for c, t in zip(work.cities, tokens)]
    return work.freeze()


# -- the verbs of the table (rules.TABLE), one per move type -----------------------------------
# A board or a leader hand is noted, a choice is stored (the turn or phase resolves when the
# last one arrives), an extra step is taken. A sealed choice (or, in the table's replay,
# ``ada chose``) is stored and its player noted in :attr:`SWState.sealed` until the turn or
# phase resolves (``7w.secrets.sealed``): every verb keeps the sealed players whose choice is
# still pending (:func:`still_sealed`).
def still_sealed(state: SWState, sealed: tuple[str, ...]) -> SWState:
    """``state`` with the sealed players whose choice is still pending (none once the turn or
    phase has resolved and its choices are cleared)."""
    pending = tuple(p for p in sealed if state.choices and state.choices[state.index(p)] not in (None, SKIP))
    return state if pending == state.sealed else replace(state, sealed=pending)


def apply_board(state: SWState, move: SetBoard) -> SWState:
    """A board noted; once every board is known the game begins (:func:`begin_game`)."""
    i = state.index(move.player)
    after = state.with_city(i, replace(state.cities[i], wonder=move.wonder, side=move.side))
    if all(c.wonder for c in after.cities):
        after = begin_game(after)
    return still_sealed(after, state.sealed)


def apply_leader_hand(state: SWState, move: LeaderHand) -> SWState:
    """A leader hand noted: in the draft the hand drafted from (:func:`draft_hand`), else the
    names said, in their order, then the known ones the entry's ``?`` stood for."""
    if state.phase == "draft":
        return still_sealed(draft_hand(state, move), state.sealed)
    i = state.index(move.player)
    city = state.cities[i]
    known = (*move.known, *(name for name in city.hand or () if name not in move.known))
    return still_sealed(state.with_city(i, replace(city, hand=known or city.hand)), state.sealed)


def apply_keep(state: SWState, move: Keep) -> SWState:
    """A keep of the draft, stored (the pass resolves with the last one)."""
    return still_sealed(record_choice(state, move), state.sealed)


def apply_draft_pass(state: SWState, move: DraftPass) -> SWState:
    """``draft``: the pass ends (:func:`draft_pass`)."""
    return still_sealed(draft_pass(state), state.sealed)


def settled(state: SWState, move: ByPlayer) -> ByPlayer:
    """A choice with its payment as said matched (:func:`costs.settled`; only a build and a
    stage are paid), any other choice as it is."""
    if isinstance(move, (Build, Stage)) and isinstance(move.pay, Said):
        return costs.settled(state, move)
    return move


def choose(state: SWState, move: ByPlayer) -> SWState:
    """A choice as itself (neither sealed nor its public ``chose``): the owed extra step taken,
    or the choice stored (the turn or phase resolves with the last one). Entered in the leader
    draft (before its first keep), it is the first of Age I's Recruitment: the draft happened
    off the record (:func:`skip_draft`)."""
    if state.phase == "draft":
        state = skip_draft(state)
    move = settled(state, move)
    if state.phase == "extra":
        return resolve_extra(state, move)
    return record_choice(state, move)


def apply_choice(state: SWState, move: ByPlayer) -> SWState:
    """A choice of a turn, a Recruitment phase or an extra step (:func:`choose`)."""
    return still_sealed(choose(state, move), state.sealed)


def apply_sealed(state: SWState, move: Sealed) -> SWState:
    """A sealed choice: stored as the choice itself, its player noted as sealed."""
    return still_sealed(choose(state, move.choice), (*state.sealed, move.player))


def apply_chose(state: SWState, move: Chose) -> SWState:
    """``ada chose`` (the table's replay of a sealed choice): the slot holds ``chose``."""
    i = state.index(move.player)
    chosen = replace(state, choices=tuple(move if k == i else c for k, c in enumerate(state.choices)))
    return replace(chosen, sealed=(*state.sealed, move.player))


def apply_reveal(state: SWState, move: Reveal) -> SWState:
    """The choices entered unseen are filled in, then the last one is chosen."""
    slots = list(state.choices)
    for choice in move.choices[:-1]:
        i = state.index(choice.player)
        if isinstance(slots[i], Chose):
            slots[i] = settled(state, choice)
    return still_sealed(choose(replace(state, choices=tuple(slots)), move.choices[-1]), state.sealed)
