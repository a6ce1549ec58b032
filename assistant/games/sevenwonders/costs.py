"""What a build, a wonder stage or a leader costs a player now, which payment an entry means
(:func:`settle`, when the notation is read) and whether it is a legal one
(:func:`check_build`, :func:`check_stage`, when the entry is judged). The search itself is
:mod:`payment`'s; this module turns a city of the tracked game into the solver's inputs,
remembered by value (productions, prices and quotes recur from turn to turn):

* own production: every source of the city (private ones included);
* each neighbour's sellable production: starting resource, brown and grey cards;
* prices per side and resource from the rebates built before this turn;
* the coins the player may spend now (held at the start of the turn, minus what a 7th card
  already spent; income of this turn excluded, ``7w.commerce.coins-timing``);
* Bilkis (once per turn) and the one-resource rebates of Archimedes, Leonidas, Hammurabi and
  Imhotep (``7w.leader.rulings``).

Free builds (``7w.build.free``): a chain (owning a parent), Olympia A's once-per-Age build
(said with ``free``), Ramses for guilds (no resources; guilds have no coin cost).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from assistant.core.errors import AmbiguousEntry, IllegalMove
from assistant.games.sevenwonders import components, payment, powers
from assistant.games.sevenwonders.moves import Build, Pay, Said, Stage
from assistant.games.sevenwonders.state import City, SWState


@lru_cache(maxsize=4096)
def _production(wonder: str, side: str, stages: int, cards: tuple[str, ...], tradable_only: bool) -> payment.Production:
    city = City(wonder=wonder, side=side, stages=stages, cards=cards)
    fixed, choices = powers.production(city, tradable_only=tradable_only)
    return payment.Production.from_parts(fixed, choices)


def production(city: City, tradable_only: bool = False) -> payment.Production:
    """What a city produces (``tradable_only``: what its neighbours may buy), as the solver's
    value, remembered by value: the board, its stages and the producing cards (the other
    cards change nothing, so the value is found again after most turns)."""
    return _production(city.wonder, city.side, city.stages, _producers(city.cards), tradable_only)


@lru_cache(maxsize=4096)
def _producers(cards: tuple[str, ...]) -> tuple[str, ...]:
    makers = components.producing_cards()
    return tuple(name for name in cards if name in makers)


@lru_cache(maxsize=1024)
def _prices(wonder: str, side: str, stages: int, cards: tuple[str, ...]) -> payment.Prices:
    return payment.Prices.from_mapping(powers.price_table(wonder, side, stages, cards))


def prices(state: SWState, i: int) -> payment.Prices:
    """Player ``i``'s trading prices now (:func:`powers.trade_prices`) as the solver's value,
    remembered by what sets them."""
    return _prices(*powers.in_force(state, i))


@lru_cache(maxsize=1024)
def _cost(cost: components.Cost) -> payment.Cost:
    return payment.Cost.from_counts(dict(cost.resources), cost.coins)


@lru_cache(maxsize=4096)
def _quote(
    cost: payment.Cost,
    own: payment.Production,
    left: payment.Production,
    right: payment.Production,
    coins: int,
    prices: payment.Prices,
    bilkis: bool,
    discount: int,
    rule: str,
) -> payment.Quote:
    """:func:`payment.quote`, remembered: an entry is quoted when it is read and again when
    it is checked, and records replay the same situations."""
    return payment.quote(
        cost, own, left, right, coins=coins, prices=prices, bilkis=bilkis, discount=discount, rule=rule
    )


def quote(state: SWState, i: int, cost: components.Cost, *, discount: int, rule: str) -> payment.Quote:
    """Every legal way for player ``i`` to pay ``cost`` now: own production, the neighbours'
    sellable production at this turn's prices, the coins that may be spent, Bilkis and the
    rebate."""
    city = state.cities[i]
    left = state.cities[state.left(i)]
    right = state.cities[state.right(i)]
    return _quote(
        _cost(cost),
        production(city),
        production(left, True),
        production(right, True),
        city.spendable,
        prices(state, i),
        powers.has_leader(city, "Bilkis") and "bank" not in city.traded,
        discount,
        rule,
    )


def free_reason(state: SWState, i: int, move: Build) -> str | None:
    """Why a build costs nothing: ``chain``, ``olympia`` or ``ramses`` (else ``None``)."""
    city = state.cities[i]
    card = components.card(move.card)
    if powers.chain_parent(city, card) is not None:
        return "chain"
    if move.free:
        return "olympia"
    if card.guild and powers.has_leader(city, "Ramses"):
        return "ramses"
    return None


def build_quote(state: SWState, i: int, card_name: str) -> payment.Quote:
    """The payments of a structure for player ``i`` (a leader's one-resource rebate included)."""
    card = components.card(card_name)
    city = state.cities[i]
    discount = 1 if powers.rebate_leader(city, card) else 0
    return quote(state, i, card.cost, discount=discount, rule="7w.build.cost")


def stage_quote(state: SWState, i: int, rule: str = "7w.wonder.stage") -> payment.Quote:
    """The payments of player ``i``'s next wonder stage (Imhotep's rebate included)."""
    city = state.cities[i]
    stage = city.board.stage(city.stages + 1)
    discount = 1 if powers.rebate_leader(city, None) else 0
    return quote(state, i, stage.cost, discount=discount, rule=rule)


def neighbours(state: SWState, i: int) -> tuple[str, str]:
    """The names of player ``i``'s left and right neighbours."""
    return state.seats[state.left(i)], state.seats[state.right(i)]


def _pay_of(p: payment.Payment) -> Pay:
    return Pay(p.left, p.right, p.bank_purchase)


def match(
    q: payment.Quote,
    player: str,
    what: str,
    stated: dict[str, object] | None,
    entry: str | Callable[[], str] = "",
    instead: str | Callable[[], str] = "",
    sides: tuple[str, str] | None = None,
) -> Pay:
    """The payment that fits what the user said (``stated``: keyword arguments of
    :func:`payment.match_payment`; ``None``: nothing said; ``entry``: the entry without its
    payment, to list the candidates as whole entries). Raises IllegalMove when no legal
    payment fits, AmbiguousEntry when several cheapest ones do."""
    try:
        found = payment.match_payment(q, **(stated or {}))  # type: ignore[arg-type]
    except payment.AmbiguousPayment as exc:
        if callable(entry):
            entry = entry()
        options = [f"{entry} {_pay_of(c).notation(sides)}".strip() for c in exc.candidates]  # neighbours by name
        raise AmbiguousEntry(
            exc.rule,
            f"{player} can pay for {what} in several ways of the same cost; say which",
            candidates=options,
        ) from None
    except payment.PaymentError as exc:
        if callable(instead):
            instead = instead()
        hint = exc.hint or instead or f"discard it for 3 coins instead ({player} sell); see {FORCED}"
        reason = exc.reason
        if sides is not None:  # the neighbours by name: "the left neighbour (Bob)"
            for side, name in zip(("left", "right"), sides):
                reason = reason.replace(f"the {side} neighbour", f"the {side} neighbour ({name})")
        raise IllegalMove(exc.rule, f"{player} cannot pay for {what}: {reason}", hint=hint) from None
    return _pay_of(found)


FORCED = "7w.turn.forced-discard"


def stated_of(pay: Pay | Said | None) -> dict[str, object]:
    """A move's payment as :func:`payment.match_payment` arguments: a :class:`Pay` as exact
    coins (``None`` = no purchase at all), a :class:`Said` as it was said."""
    if isinstance(pay, Said):
        return pay.as_kwargs()
    pay = pay or Pay()
    return {"left": pay.left, "right": pay.right, "bank_purchase": pay.bank}


def pay_or_none(pay: Pay) -> Pay | None:
    """``None`` for a payment of nothing (how moves keep "no purchase"), else the payment."""
    return None if pay.total == 0 else pay


def olympia_open(state: SWState, i: int, card_name: str) -> bool:
    """Olympia A's free build is available and would save this build something (coins or
    purchases), so a build entry must say whether it uses it (``free``) or pays (``pay ...``,
    ``pay 0``): the free build is once per Age and is never used or skipped silently."""
    city = state.cities[i]
    if not powers.olympia_free_ready(state, city):
        return False
    card = components.card(card_name)
    if powers.chain_parent(city, card) is not None or (card.guild and powers.has_leader(city, "Ramses")):
        return False
    if card.cost.coins:
        return True
    return not any(o.left + o.right + o.bank_purchase == 0 for o in build_quote(state, i, card_name).options)


def stored_pay(state: SWState, i: int, card_name: str, pay: Pay) -> Pay | None:
    """The payment as a build move keeps it: ``None`` for "nothing bought", except when
    Olympia A's free build was open, where an explicit ``pay 0`` says "paid, not free"."""
    if olympia_open(state, i, card_name):
        return pay
    return pay_or_none(pay)


def build_instead(state: SWState, i: int, card_name: str) -> str:
    """What is legal instead of a build that cannot be paid: Olympia A's free build when it
    is open, else selling the card or using it for the next stage when that can be paid
    (``7w.turn.forced-discard``)."""
    player = state.seats[i]
    if olympia_open(state, i, card_name):
        return f"{player} build {card_name} free (Olympia A's free build, once per Age)"
    city = state.cities[i]
    stage = ""
    if city.stages < len(city.board.stages) and stage_quote(state, i).payable:
        stage = f", or {player} stage {card_name} (next wonder stage)"
    return f"{player} sell {card_name} (3 coins){stage}; see {FORCED}"


def check_build(state: SWState, i: int, move: Build) -> None:
    """A structure's cost (``7w.build.cost``): free (chain, Olympia A said with ``free``,
    Ramses for guilds) with nothing paid, else a payment that fits what the entry said."""
    player = state.seats[i]
    city = state.cities[i]
    reason = free_reason(state, i, move)
    if move.free and reason == "olympia" and not powers.olympia_free_ready(state, city):
        used = city.olympia_age == state.age and any(st.has("free_build_once_per_age") for st in city.built_stages())
        raise IllegalMove(
            "7w.wonder.olympia.a",
            f"{player} has no free build now: "
            + ("it was already used in this Age" if used else "it needs Olympia A's second stage, built before this turn"),
            hint=f"{player} build {move.card} (paying)",
        )
    if reason is not None:
        paid = move.pay.anything if isinstance(move.pay, Said) else move.pay is not None and move.pay.total
        if paid:
            raise IllegalMove("7w.build.free", f"{player} builds {move.card} free ({reason}): there is nothing to pay")
        return
    q = build_quote(state, i, move.card)
    entry: Callable[[], str] = lambda: replace(move, pay=None).notation()  # noqa: E731 (only on a refusal)
    if isinstance(move.pay, Said) and move.pay.empty and olympia_open(state, i, move.card) and q.payable:
        unpaid = entry()
        paid_entries = [f"{unpaid} {Pay(o.left, o.right, o.bank_purchase).notation()}" for o in q.options]
        raise AmbiguousEntry(
            "7w.wonder.olympia.a",
            f"{player} may build {move.card} with Olympia A's free build (once per Age) or pay for it; say which",
            candidates=[f"{unpaid} free", *paid_entries],
        )
    instead = lambda: build_instead(state, i, move.card)  # noqa: E731 (only computed on a refusal)
    match(q, player, move.card, stated_of(move.pay), entry, instead=instead, sides=neighbours(state, i))


def check_stage(state: SWState, i: int, move: Stage, rule: str = "7w.wonder.stage", instead: str = "") -> None:
    """A wonder stage: the next one exists and its cost can be paid as stated. ``instead``:
    the hint when it cannot (a Recruitment phase proposes the leader's discard)."""
    player = state.seats[i]
    city = state.cities[i]
    if city.stages >= len(city.board.stages):
        raise IllegalMove(
            "7w.wonder.order",
            f"{player}'s {city.board.label} has all {len(city.board.stages)} stages built",
            hint=instead or (f"{player} sell" + (f" {move.card}" if move.card else "")),
        )
    what = f"stage {city.stages + 1} of {city.board.label}"
    entry = lambda: replace(move, pay=None).notation()  # noqa: E731 (only on a refusal)
    match(stage_quote(state, i, rule), player, what, stated_of(move.pay), entry, instead=instead, sides=neighbours(state, i))


# -- the payment an entry means ---------------------------------------------------------------
def stage_rule(state: SWState) -> str:
    """The rule a stage's cost is quoted under: a leader tucked in a Recruitment phase, or an
    Age card."""
    return "7w.leaders.recruit.wonder" if state.phase == "recruit" else "7w.wonder.stage"


def settle(state: SWState, move: Build | Stage, said: Said) -> Build | Stage:
    """The move with the one payment the entry means (reading, not judging): nothing for a
    free build, else the one payment that fits what was said (the cheapest when nothing was).
    When none fits, or several do, or the entry must say whether Olympia A's free build is
    used, the move keeps ``said`` and :func:`rules.check` refuses it saying why."""
    unsettled = Build(move.player, move.card, said, move.free) if isinstance(move, Build) else Stage(move.player, move.card, said)
    i = state.index(move.player)
    city = state.cities[i]
    if state.phase not in ("turn", "recruit", "extra") or not city.wonder:
        return unsettled
    if isinstance(move, Build):
        if free_reason(state, i, move) is not None:
            return unsettled if said.anything else move
        q = build_quote(state, i, move.card)
        if said.empty and olympia_open(state, i, move.card) and q.payable:
            return unsettled
        found = _fit(q, said)
        if found is None:
            return unsettled
        pay = stored_pay(state, i, move.card, found)
        return move if pay is None else Build(move.player, move.card, pay, move.free)
    if city.stages >= len(city.board.stages):
        return unsettled
    found = _fit(stage_quote(state, i, stage_rule(state)), said)
    if found is None:
        return unsettled
    pay = pay_or_none(found)
    return move if pay is None else Stage(move.player, move.card, pay)


def _fit(q: payment.Quote, said: Said) -> Pay | None:
    """The one payment of ``q`` that fits ``said`` (None: none or several)."""
    try:
        return _pay_of(payment.match_payment(q, **said.as_kwargs()))  # type: ignore[arg-type]
    except payment.PaymentError:
        return None


def settled(state: SWState, move: Build | Stage) -> Build | Stage:
    """A checked move whose payment is still as said (not read through :func:`settle` in this
    state) with that payment matched, so that it can be applied."""
    if not isinstance(move.pay, Said):
        return move
    i = state.index(move.player)
    if isinstance(move, Build):
        if free_reason(state, i, move) is not None:
            return replace(move, pay=None)
        pay = match(build_quote(state, i, move.card), move.player, move.card, stated_of(move.pay))
        return replace(move, pay=stored_pay(state, i, move.card, pay))
    pay = match(stage_quote(state, i, stage_rule(state)), move.player, "the stage", stated_of(move.pay))
    return replace(move, pay=pay_or_none(pay))
