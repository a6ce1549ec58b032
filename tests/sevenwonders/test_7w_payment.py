"""The payment solver (assistant/games/sevenwonders/payment.py): hand-worked cases, the
rulebook examples RB-9..RB-12, and a property test against a brute-force reference."""

from __future__ import annotations

import doctest
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.sevenwonders import payment as pay_module
from assistant.games.sevenwonders.payment import (
    NOTHING,
    RESOURCES,
    AmbiguousPayment,
    Cost,
    PaymentError,
    Prices,
    Production,
    leader_cost,
    match_payment,
    quote,
    resource,
)

RAW_EITHER_OR = [("wood", "clay"), ("stone", "clay"), ("clay", "ore"), ("stone", "wood"), ("wood", "ore"), ("stone", "ore")]


def triples(q) -> list[tuple[int, int, int]]:
    return [(p.left, p.right, p.bank) for p in q.options]


# --- rulebook examples ------------------------------------------------------------------


def test_example_rb9_gizah_own_production() -> None:
    giza = Production.of("stone", "stone", "clay", "ore", "papyrus", "loom")
    barracks = quote(Cost.of("ore"), giza, NOTHING, NOTHING, coins=3)
    scriptorium = quote(Cost.of("papyrus"), giza, NOTHING, NOTHING, coins=3)
    assert barracks.payable and not barracks.needs_purchase
    assert scriptorium.payable and triples(scriptorium) == [(0, 0, 0)]
    aqueduct = quote(Cost.of("stone", "stone", "stone"), giza, NOTHING, NOTHING, coins=3)
    assert not aqueduct.payable and aqueduct.missing == (("stone",),)
    err = aqueduct.error()
    assert err is not None and err.rule == "7w.build.cost"
    assert "lacks 1 stone" in err.reason


def test_example_rb10_university_pays_each_neighbour_two() -> None:
    own = Production.of("wood", "glass")
    q = quote(Cost.of("wood", "wood", "glass", "papyrus"), own, Production.of("wood"), Production.of("papyrus"), coins=6)
    assert triples(q) == [(2, 2, 0)]
    only = q.options[0]
    assert only.purchases[0].left == ("wood",) and only.purchases[0].right == ("papyrus",)
    assert q.cheapest_unique and q.default == only
    assert match_payment(q, left=2, right=2) == only


def test_example_rb11_selling_does_not_use_up_resources() -> None:
    # Both neighbours buy her 2 stones (2 coins each), and she still builds Library.
    her = Production.of("stone", "stone", "loom")
    her_sells = Production.of("stone", "stone", "loom")
    for side in ("left", "right"):
        left, right = (her_sells, NOTHING) if side == "left" else (NOTHING, her_sells)
        q = quote(Cost.of("stone", "stone"), NOTHING, left, right, coins=6)
        assert q.default is not None and q.default.coins_to(side) == 4
    library = quote(Cost.of("stone", "stone", "loom"), her, NOTHING, NOTHING, coins=0)
    assert library.payable and not library.needs_purchase


def test_example_rb12_forum_coins_of_the_turn_do_not_count() -> None:
    q = quote(Cost.of("clay", "clay"), Production.of("clay"), Production.of("clay"), NOTHING, coins=0)
    assert not q.payable and q.resources_available
    assert [(p.left, p.right) for p in q.frontier] == [(2, 0)]
    err = q.error()
    assert err is not None and err.rule == "7w.commerce.coins-timing"
    with pytest.raises(PaymentError) as info:
        match_payment(q, left=2)
    assert info.value.rule == "7w.commerce.coins-timing"
    # with 2 coins held at the start of the turn she can.
    assert quote(Cost.of("clay", "clay"), Production.of("clay"), Production.of("clay"), NOTHING, coins=2).payable


# --- production and what neighbours sell ---------------------------------------------------


def test_7w_production_choice_own_either_or_gives_one_unit() -> None:
    own = Production.of(("wood", "clay"))
    assert quote(Cost.of("wood"), own, NOTHING, NOTHING, coins=0).payable
    q = quote(Cost.of("wood", "clay"), own, NOTHING, NOTHING, coins=9)
    assert not q.resources_available
    assert q.missing == (("wood",), ("clay",))
    assert "lacks 1 wood or 1 clay" in q.error().reason


def test_7w_commerce_sellable_neighbour_either_or_sells_either_type() -> None:
    seller = Production.of(("stone", "ore"))
    for wanted in ("stone", "ore"):
        q = quote(Cost.of(wanted), NOTHING, seller, NOTHING, coins=2)
        assert triples(q) == [(2, 0, 0)]
        assert q.options[0].purchases[0].left == (wanted,)


def test_7w_commerce_sellable_same_unit_not_sold_twice() -> None:
    seller = Production.of(("wood", "clay"))
    q = quote(Cost.of("wood", "clay"), NOTHING, seller, NOTHING, coins=9)
    assert not q.resources_available and q.missing == (("wood",), ("clay",))
    both = quote(Cost.of("wood", "clay"), NOTHING, seller, seller, coins=9)
    # one from each side, either way round: same coins, two purchases.
    assert triples(both) == [(2, 2, 0)]
    assert len(both.options[0].purchases) == 2
    with pytest.raises(PaymentError) as info:
        match_payment(both, buy_left=["wood", "clay"])
    assert info.value.rule == "7w.commerce.sellable"
    assert "once per purchase" in info.value.reason


def test_7w_commerce_sellable_private_choice_cards() -> None:
    # Own Caravansery/Forum/Alexandria stages pay for own builds...
    caravansery = ("wood", "stone", "clay", "ore")
    forum = ("glass", "loom", "papyrus")
    own = Production.of(caravansery, forum)
    assert not quote(Cost.of("ore", "papyrus"), own, NOTHING, NOTHING, coins=0).needs_purchase
    # ...but a neighbour's cannot be bought: the engine leaves them out of what it sells.
    neighbour_all = Production.of("clay", caravansery)
    neighbour_sells = Production.of("clay")
    assert quote(Cost.of("ore"), NOTHING, neighbour_all, NOTHING, coins=5).payable  # if it were sellable
    q = quote(Cost.of("ore"), NOTHING, neighbour_sells, NOTHING, coins=5)
    assert not q.resources_available
    with pytest.raises(PaymentError) as info:
        match_payment(quote(Cost.of("ore", "clay"), Production.of("ore"), neighbour_sells, NOTHING, coins=5), buy_left=["ore"])
    assert info.value.rule == "7w.commerce.sellable"


def test_7w_commerce_rules_own_production_first() -> None:
    q = quote(Cost.of("stone"), Production.of("stone"), Production.of("stone"), Production.of("stone"), coins=5)
    assert triples(q) == [(0, 0, 0)] and [p.buys for p in q.payments] == [False]
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_left=["stone"])
    assert info.value.rule == "7w.commerce.rules"
    assert "own production covers stone" in info.value.reason
    with pytest.raises(PaymentError) as info:
        match_payment(q, left=2)
    assert info.value.rule == "7w.commerce.rules"
    # a purchase is needed, but not of the stone the city makes itself
    q = quote(Cost.of("stone", "wood"), Production.of("stone"), Production.of("stone", "wood"), NOTHING, coins=5)
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_left=["stone", "wood"])
    assert info.value.rule == "7w.commerce.rules" and "makes stone itself" in info.value.reason


def test_7w_commerce_rules_either_or_buy_the_other_type() -> None:
    # Own wood/clay card; cost wood + clay; both neighbours sell both: buy one of them.
    q = quote(Cost.of("wood", "clay"), Production.of(("wood", "clay")), Production.of("wood", "clay"), Production.of("clay"), coins=5)
    assert triples(q) == [(0, 2, 0), (2, 0, 0)]
    left = next(p for p in q.options if p.left)
    assert {u.left for u in left.purchases} == {("wood",), ("clay",)}
    assert not q.cheapest_unique and q.default is None
    with pytest.raises(AmbiguousPayment) as info:
        match_payment(q)
    assert len(info.value.candidates) == 2 and info.value.rule == "7w.commerce.rules"
    chosen = match_payment(q, buy_left=["clay"])
    assert (chosen.left, chosen.right) == (2, 0) and chosen.purchases[0].left == ("clay",)
    assert match_payment(q, buy_right=["clay"]).right == 2


def test_7w_commerce_rules_split_purchases_across_neighbours() -> None:
    q = quote(Cost.of("ore", "ore"), NOTHING, Production.of("ore", "ore"), Production.of("ore"), coins=9)
    assert sorted(triples(q)) == [(2, 2, 0), (4, 0, 0)]
    assert not q.cheapest_unique
    assert match_payment(q, left=2, right=2).purchases[0].right == ("ore",)
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_right=["ore", "ore"])
    assert info.value.rule == "7w.commerce.sellable"


# --- prices ----------------------------------------------------------------------------------


def test_7w_commerce_price_trading_post_one_side() -> None:
    ore = Production.of("ore")
    east = quote(Cost.of("ore"), NOTHING, ore, ore, coins=5, prices=Prices.of(east_trading_post=True))
    assert triples(east) == [(0, 1, 0), (2, 0, 0)]
    assert east.cheapest_unique and east.default.right == 1
    # choosing the dearer neighbour is legal (player agency).
    assert match_payment(east, left=2).left == 2
    with pytest.raises(PaymentError) as info:
        match_payment(east, right=2)
    assert info.value.rule == "7w.commerce.price"
    west = quote(Cost.of("ore"), NOTHING, ore, ore, coins=5, prices=Prices.of(west_trading_post=True))
    assert triples(west) == [(1, 0, 0), (0, 2, 0)]
    # a Trading Post does not touch manufactured goods.
    glass = Production.of("glass")
    assert triples(quote(Cost.of("glass"), NOTHING, glass, glass, coins=5, prices=Prices.of(west_trading_post=True))) == [(0, 2, 0), (2, 0, 0)]


def test_7w_commerce_price_marketplace_manufactured_both_sides() -> None:
    prices = Prices.of(marketplace=True)
    seller = Production.of("glass", "wood")
    q = quote(Cost.of("glass", "wood"), NOTHING, seller, seller, coins=9, prices=prices)
    assert triples(q) == [(0, 3, 0), (1, 2, 0), (2, 1, 0), (3, 0, 0)]
    assert prices.price("left", "papyrus") == 1 and prices.price("right", "loom") == 1
    assert prices.price("left", "wood") == 2


def test_7w_commerce_price_olympia_b_and_posts_do_not_stack() -> None:
    olympia = Prices.of(olympia_b=True)
    assert [olympia.price(s, "clay") for s in ("left", "right")] == [1, 1]
    both = Prices.of(olympia_b=True, east_trading_post=True, west_trading_post=True)
    assert both == olympia
    with pytest.raises(ValueError):
        Prices(left=(0,) * 7)


def test_7w_commerce_price_from_mapping() -> None:
    prices = Prices.from_mapping({"left": {"wood": 1}, "right": {}})
    assert prices.price("left", "wood") == 1 and prices.price("right", "wood") == 2


# --- leader rebates and Bilkis --------------------------------------------------------------


def test_7w_leader_rulings_rebate_skips_one_unit_of_choice() -> None:
    # Dispensary (2 ore + glass) with Archimedes: own ore + glass is enough.
    own = Production.of("ore", "glass")
    dispensary = Cost.of("ore", "ore", "glass")
    assert quote(dispensary, own, Production.of("ore"), NOTHING, coins=0).error().rule == "7w.commerce.coins-timing"
    q = quote(dispensary, own, Production.of("ore"), NOTHING, coins=0, discount=1)
    assert q.payable and not q.needs_purchase


def test_7w_leader_rulings_rebate_choice_may_be_the_dearer_one() -> None:
    # wood + glass with a rebate and the Marketplace: skipping wood is cheaper, but skipping
    # glass (and paying 2 for wood) is a valid choice too.
    seller = Production.of("wood", "glass")
    q = quote(Cost.of("wood", "glass"), NOTHING, seller, NOTHING, coins=5, discount=1, prices=Prices.of(marketplace=True))
    assert triples(q) == [(1, 0, 0)]
    assert [(p.left, p.pareto) for p in q.payments] == [(1, True), (2, False)]
    dearer = match_payment(q, left=2)
    assert not dearer.pareto and dearer.purchases[0].left == ("wood",)


def test_7w_commerce_bank_bilkis_once_per_turn() -> None:
    q = quote(Cost.of("papyrus"), NOTHING, NOTHING, NOTHING, coins=1, bilkis=True)
    assert triples(q) == [(0, 0, 1)] and q.options[0].bank_purchase == 1
    assert q.options[0].purchases[0].bank == ("papyrus",)
    two = quote(Cost.of("papyrus", "papyrus"), NOTHING, NOTHING, NOTHING, coins=9, bilkis=True)
    assert not two.resources_available and two.missing == (("papyrus",),)
    # not used for what the city makes, and 1 coin whatever the trading rebates.
    own = quote(Cost.of("papyrus"), Production.of("papyrus"), NOTHING, NOTHING, coins=1, bilkis=True)
    assert triples(own) == [(0, 0, 0)]
    both = quote(Cost.of("ore"), NOTHING, Production.of("ore"), NOTHING, coins=5, bilkis=True, prices=Prices.of(west_trading_post=True))
    assert triples(both) == [(0, 0, 1), (1, 0, 0)]
    # with a coin cost, the bank amount adds both; bank_purchase is Bilkis's part.
    coin = quote(Cost.of("ore", coins=1), NOTHING, NOTHING, NOTHING, coins=2, bilkis=True)
    assert triples(coin) == [(0, 0, 2)] and coin.options[0].bank_purchase == 1
    assert match_payment(coin, bank_purchase=1).bank == 2


def test_7w_commerce_bank_needs_bilkis() -> None:
    q = quote(Cost.of("ore"), NOTHING, Production.of("ore"), NOTHING, coins=5)
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_bank=["ore"])
    assert info.value.rule == "7w.commerce.bank"
    b = quote(Cost.of("ore", "glass"), NOTHING, Production.of("ore", "glass"), NOTHING, coins=5, bilkis=True)
    with pytest.raises(PaymentError) as info:
        match_payment(b, buy_bank=["ore", "glass"])
    assert info.value.rule == "7w.commerce.bank" and "one resource" in info.value.reason


def test_7w_build_cost_coin_cost_alone() -> None:
    mine = Cost.of(coins=1)
    assert triples(quote(mine, NOTHING, NOTHING, NOTHING, coins=1)) == [(0, 0, 1)]
    q = quote(mine, NOTHING, NOTHING, NOTHING, coins=0)
    err = q.error()
    assert err is not None and err.rule == "7w.build.cost"
    assert err.reason == "costs 1 coin but only 0 coins were held at the start of the turn"
    assert quote(Cost(), NOTHING, NOTHING, NOTHING, coins=0).options[0].describe() == "no purchase"


def test_7w_wonder_stage_rule_is_cited() -> None:
    q = quote(Cost.of("ore", "ore", "ore"), NOTHING, NOTHING, NOTHING, coins=9, rule="7w.wonder.stage")
    assert q.error().rule == "7w.wonder.stage"


# --- checking stated payments -----------------------------------------------------------------


def test_7w_commerce_price_stated_amount_must_match() -> None:
    q = quote(Cost.of("wood", "papyrus"), NOTHING, Production.of("wood"), Production.of("papyrus"), coins=9)
    with pytest.raises(PaymentError) as info:
        match_payment(q, left=4)
    assert info.value.rule == "7w.commerce.price" and info.value.hint and "left 2 + right 2" in info.value.hint
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_left=["wood"], left=1)
    assert info.value.rule == "7w.commerce.price"
    assert info.value.reason == "wood from the left neighbour costs 2 coins, not 1"
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_left=["wood"], right=1)
    assert info.value.rule == "7w.commerce.price" and "does not match the prices" in info.value.reason
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_left=["papyrus"])
    assert info.value.rule == "7w.commerce.sellable" and "has no papyrus" in info.value.reason
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_left=["wood"], buy_right=[])
    assert info.value.rule == "7w.build.cost" and "still lacks 1 papyrus" in info.value.reason
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_left=["wood", "wood"])
    assert info.value.rule in {"7w.commerce.sellable", "7w.commerce.rules"}
    with pytest.raises(PaymentError) as info:
        match_payment(q, left=0, right=0, bank_purchase=0)
    assert info.value.rule == "7w.build.cost"
    assert info.value.reason == "own production does not cover wood + papyrus: resources must be bought"
    with pytest.raises(PaymentError) as info:
        match_payment(q, buy_left=[], buy_right=[])
    assert info.value.reason.startswith("own production does not cover")
    assert match_payment(q).total == 4  # nothing said: the unique cheapest
    # a partial statement is completed when only one completion exists.
    assert (match_payment(q, buy_right=["papyrus"]).left, match_payment(q, buy_right=["papyrus"]).right) == (2, 2)


def test_7w_commerce_rules_partial_statement_picks_cheapest_or_asks() -> None:
    seller = Production.of("glass", "ore")
    q = quote(Cost.of("ore", "glass"), NOTHING, seller, seller, coins=9, prices=Prices.of(marketplace=True), bilkis=True)
    # "right ore": glass from left (1) or from the bank (1): same total -> ask.
    with pytest.raises(AmbiguousPayment) as info:
        match_payment(q, buy_right=["ore"])
    assert sorted((c.left, c.right, c.bank) for c in info.value.candidates) == [(0, 2, 1), (1, 2, 0)]
    assert match_payment(q, buy_right=["ore"], bank_purchase=0).left == 1


def test_resource_aliases() -> None:
    assert resource("Textile") == "loom" and resource("brick") == "clay"
    with pytest.raises(ValueError):
        resource("gold")
    assert Cost.of("cloth", "wood").resources == ("wood", "loom")


# --- leaders -----------------------------------------------------------------------------------


def test_7w_leaders_cost_modifiers() -> None:
    assert leader_cost(5) == 5
    assert leader_cost(5, rome_a_owner=True) == 0
    assert leader_cost(5, maecenas=True) == 0
    assert leader_cost(5, rome_b_owner=True) == 3
    assert leader_cost(1, rome_b_owner=True) == 0
    assert leader_cost(4, rome_b_neighbour=True) == 3
    assert leader_cost(1, rome_b_neighbour=True) == 0


def test_7w_leaders_recruitment_paid_from_the_coins_held() -> None:
    """The engine's recruitment: Plato (4 coins) with 4 coins held is taken, Amytis (4 coins)
    with 3 refused (``7w.leaders.recruit.forced``); Maecenas makes Pericles free."""
    from assistant.core.errors import IllegalMove
    from sw_scenario import put, start

    game = start("Gizah A", "Rhodes A", "Babylon A")
    put(game, "ada", coins=4)
    put(game, "bob", coins=3)
    put(game, "cleo", coins=0, leaders=("Maecenas",), named_leaders=("Maecenas",), hand_size=3)
    game.push("ada recruit Plato")
    with pytest.raises(IllegalMove) as info:
        game.push("bob recruit Amytis")
    assert info.value.rule == "7w.leaders.recruit.forced"
    assert info.value.message == "bob cannot recruit Amytis: it costs 4 coins and bob has 3"
    game.push("bob sell Amytis")
    game.push("cleo recruit Pericles")
    assert [c.coins for c in game.state.cities] == [0, 6, 0]


def test_7w_build_free_routes_of_the_engine() -> None:
    """Why a build costs nothing (``costs.free_reason``, what the engine uses): a chain first,
    then Ramses for a guild; Olympia A's free build only when said."""
    from assistant.games.sevenwonders import costs
    from assistant.games.sevenwonders.moves import Build
    from sw_scenario import put, set_state, start

    game = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=3)
    put(game, "ada", cards=("Altar", "Temple"), leaders=("Ramses",))
    state = game.state
    assert costs.free_reason(state, 0, Build("ada", "Pantheon")) == "chain"  # Temple -> Pantheon
    assert costs.free_reason(state, 0, Build("ada", "Spies Guild")) == "ramses"
    assert costs.free_reason(state, 0, Build("ada", "Palace")) is None
    assert costs.free_reason(state, 0, Build("ada", "Palace", free=True)) == "olympia"


def test_7w_payment_docstring_examples() -> None:
    failures, tried = doctest.testmod(pay_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried >= 4 and failures == 0


# --- worst case ----------------------------------------------------------------------------------


def test_7w_payment_worst_case_palace() -> None:
    palace = Cost.of(*RESOURCES)
    neighbour = Production.of("ore", *RAW_EITHER_OR, "glass", "loom", "papyrus")
    q = quote(palace, NOTHING, neighbour, neighbour, coins=30, bilkis=True, discount=1, prices=Prices.of(east_trading_post=True))
    assert q.payable
    # Cheapest: skip a manufactured good, Bilkis another (1), the 4 raw from the right at 1,
    # the last manufactured good at 2 from either side: 7 coins, two splits.
    assert sorted((p.left, p.right, p.bank) for p in q.cheapest) == [(0, 6, 1), (2, 4, 1)]
    assert not q.cheapest_unique
    # 7 units, 1 skipped by the rebate, at most 1 from the bank: at least 5 bought.
    assert all(sum(len(u.left) + len(u.right) + len(u.bank) for u in p.purchases) >= 5 for p in q.payments)
    many = max(q.options, key=lambda p: len(p.purchases))
    assert len(many.purchases) > 4 and many.describe().endswith(f"or {len(many.purchases) - 3} other ways)")


# --- property test against a brute-force reference ---------------------------------------------


def brute_force(cost, own, left, right, prices, coins, bilkis, discount):
    """Assign every unit of the cost to a distinct source slot in every possible way."""
    units = list(cost.resources)
    slots: list[tuple[str, frozenset[str]]] = []
    for who, prod in (("own", own), ("left", left), ("right", right)):
        slots += [(who, frozenset([r])) for r in prod.fixed]
        slots += [(who, c) for c in prod.choices]
    slots += [("own", frozenset(RESOURCES))] * discount
    if bilkis:
        slots.append(("bank", frozenset(RESOURCES)))
    achievable: set[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = set()

    def canon(bought):
        return tuple(tuple(sorted((r for w, r in bought if w == who), key=RESOURCES.index)) for who in ("left", "right", "bank"))

    def rec(k, used, bought):
        if k == len(units):
            achievable.add(canon(bought))
            return
        for j, (who, opts) in enumerate(slots):
            if j not in used and units[k] in opts:
                rec(k + 1, used | {j}, bought if who == "own" else bought + ((who, units[k]),))

    rec(0, frozenset(), ())

    def minus_one(p):
        for side in range(3):
            for i in range(len(p[side])):
                q = list(p)
                q[side] = p[side][:i] + p[side][i + 1 :]
                yield tuple(q)

    valid = {p for p in achievable if not any(s in achievable for s in minus_one(p))}
    priced = {}
    for p in valid:
        key = (
            sum(prices.price("left", r) for r in p[0]),
            sum(prices.price("right", r) for r in p[1]),
            cost.coins + len(p[2]),
        )
        priced.setdefault(key, set()).add(p)
    pareto = {k for k in priced if not any(o != k and all(a <= b for a, b in zip(o, k)) for o in priced)}
    return priced, pareto


resource_st = st.sampled_from(RESOURCES)
choice_st = st.frozensets(resource_st, min_size=2, max_size=4)
source_st = st.one_of(resource_st, choice_st)
production_st = st.lists(source_st, max_size=4).map(lambda units: Production.of(*units))


@settings(max_examples=250, deadline=None)
@given(
    cost_units=st.lists(st.sampled_from(RESOURCES[:3] + RESOURCES[4:5]), min_size=0, max_size=5),
    coin_cost=st.integers(0, 1),
    own=production_st,
    left=production_st,
    right=production_st,
    west=st.booleans(),
    east=st.booleans(),
    market=st.booleans(),
    coins=st.integers(0, 8),
    bilkis=st.booleans(),
    discount=st.integers(0, 1),
)
def test_7w_payment_matches_brute_force(cost_units, coin_cost, own, left, right, west, east, market, coins, bilkis, discount) -> None:
    cost = Cost.of(*cost_units, coins=coin_cost)
    prices = Prices.of(west_trading_post=west, east_trading_post=east, marketplace=market)
    q = quote(cost, own, left, right, coins=coins, prices=prices, bilkis=bilkis, discount=discount)
    priced, pareto = brute_force(cost, own, left, right, prices, coins, bilkis, discount)
    got = {(p.left, p.right, p.bank): {(u.left, u.right, u.bank) for u in p.purchases} for p in q.payments}
    assert got == priced
    assert {(p.left, p.right, p.bank) for p in q.payments if p.pareto} == pareto
    assert all(p.affordable == (p.total <= coins) for p in q.payments)
    assert q.payable == any(sum(k) <= coins for k in pareto)
    # every Pareto option is found again from its coin amounts; the default is the unique cheapest.
    for p in q.options:
        m = match_payment(q, left=p.left, right=p.right, bank_purchase=p.bank_purchase)
        assert (m.left, m.right, m.bank) == (p.left, p.right, p.bank)
    cheapest = q.cheapest
    assert q.default == (cheapest[0] if len(cheapest) == 1 else None)
    # every valid purchase, stated in full, is accepted at its price (or refused for coins).
    for p in q.payments:
        for u in p.purchases:
            stated = dict(buy_left=list(u.left), buy_right=list(u.right), buy_bank=list(u.bank))
            if p.affordable:
                m = match_payment(q, **stated)
                assert (m.left, m.right, m.bank) == (p.left, p.right, p.bank)
            else:
                with pytest.raises(PaymentError):
                    match_payment(q, **stated)
    # a purchase that is not valid is refused.
    for k in range(1, 3):
        for extra in combinations(RESOURCES[:3], k):
            stated_units = (tuple(sorted(extra, key=RESOURCES.index)), (), ())
            if any(stated_units in v for v in priced.values()):
                continue
            with pytest.raises(PaymentError):
                match_payment(q, buy_left=list(extra), buy_right=[], buy_bank=[])
