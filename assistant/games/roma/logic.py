"""Roma's rules: what is legal now (``check``) and what an entry does (``apply``).

Every refusal is an :class:`IllegalMove` citing a rule id of ``data/roma/rules.md``. The
automatic steps happen in ``apply``: Phase 1 (1 VP per empty own disc) when a turn begins,
the reshuffle of the discard pile, the end of the game the moment a player has no VP or the
stockpile is empty (with the last payout's shortfall credited).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.games.roma.cards import CARDS
from assistant.games.roma.moves import (
    Activate,
    Battle,
    End,
    Give,
    Hand,
    Lay,
    Money,
    Place,
    Roll,
    RomaMove,
    Start,
    TakeCards,
)
from assistant.games.roma.state import (
    HAND_SIZE,
    SWAP_SIZE,
    PendingBattle,
    RomaState,
    remove_die,
    with_item,
    without,
)

BRIBE_DISC = 7
#: Effects that need an opponent disc as target, with the kind of card it must hold.
TARGET_KIND = {
    "destroy_character_and_self": "character",
    "destroy_building_and_self": "building",
    "return_character_to_hand": "character",
    "attack_character": "character",
    "attack_building": "building",
    "block_opponent_disc": "disc",
}
ATTACKS = ("attack_opposite", "attack_opposite_with_boost", "attack_character", "attack_building")


# -- small views -----------------------------------------------------------------------------
def placing_player(state: RomaState) -> str:
    """Who lays the face-down cards next: the start player first."""
    starter = state.starter if state.starter is not None else 0
    if not state.placed[starter]:
        return state.seats[starter]
    return state.seats[1 - starter]


def defence(state: RomaState, owner: int, disc: int) -> int:
    """The defence of a card now: printed, +1 per other own face-up Turris, -2 per Essedum
    activation of the attacker this turn (A7, A9, A19)."""
    card = state.card_at(owner, disc)
    assert card is not None
    value = CARDS[card].defence
    value += sum(1 for d, c in enumerate(state.boards[owner], 1) if c == "Turris" and d != disc)
    if owner != state.active:
        value -= 2 * state.essedum
    return value


def neighbours(state: RomaState, disc: int) -> list[int]:
    return [d for d in (disc - 1, disc + 1) if 1 <= d <= state.discs]


def activation_die(move: Activate) -> int | None:
    """The die value an activation uses: the disc number, or the chosen die on the bribe disc."""
    return move.die if move.disc == BRIBE_DISC else move.disc


def effective_card(state: RomaState, move: Activate) -> str | None:
    """The card whose action happens: the card on the disc, or the one a Scaenicus copies."""
    card = state.card_at(state.index(move.player), move.disc)
    if card == "Scaenicus" and move.copy is not None:
        return move.copy
    return card


def legal_targets(state: RomaState, effect: str, disc: int) -> list[int]:
    """Opponent discs an effect may target."""
    opp = state.opponent
    if effect in ("attack_opposite", "attack_opposite_with_boost"):
        return [disc] if state.card_at(opp, disc) is not None else []
    kind = TARGET_KIND.get(effect)
    if kind is None:
        return []
    if kind == "disc":
        return list(range(1, state.discs + 1))
    return [
        d for d, c in enumerate(state.boards[opp], 1) if c is not None and CARDS[c].kind == kind
    ]


def copy_candidates(state: RomaState, player: int) -> list[str]:
    """What a Scaenicus may copy: the player's own face-up characters other than Scaenicus
    (copying another Scaenicus comes to copying what that one copies, A11)."""
    names = {c for c in state.boards[player] if c is not None and CARDS[c].kind == "character"}
    names.discard("Scaenicus")
    return sorted(names)


def die_text(dice: tuple[int, ...]) -> str:
    return ", ".join(str(d) for d in dice) if dice else "none"


# -- parse helpers ---------------------------------------------------------------------------
def complete_activation(state: RomaState, move: Activate, bare: list[str] | None) -> Activate:
    """Fill in what the program can work out (the bribe die when only one value is left, the
    Forum's VP die when only one die is left, a single possible target, Mercator's largest
    purchase) and read a bare number after the disc (``activate 2 5``) as the card needs it."""
    if state.in_setup or state.over or state.dice is None or move.player != state.player:
        if bare:
            raise InvalidEntry(f"cannot read '{' '.join(bare)}' here", rule="roma.notation")
        return move
    me = state.active
    fields: dict[str, object] = {}
    if move.disc == BRIBE_DISC and state.discs == BRIBE_DISC and move.die is None and len(set(state.dice)) == 1:
        fields["die"] = state.dice[0]
    card = state.card_at(me, move.disc)
    effect_card = move.copy if card == "Scaenicus" else card
    if card == "Scaenicus" and move.copy is None:
        options = copy_candidates(state, me)
        if len(options) == 1:
            fields["copy"] = options[0]
            effect_card = options[0]
    effect = CARDS[effect_card].effect if effect_card in CARDS else None
    die = fields.get("die", move.die) if move.disc == BRIBE_DISC else move.disc
    rest = list(state.dice)
    if isinstance(die, int) and die in rest:
        rest.remove(die)
    if bare:
        numbers = [w for w in bare if w.isdigit()]
        if len(numbers) != len(bare) or not numbers:
            raise InvalidEntry(f"cannot read '{' '.join(bare)}' after the disc", rule="roma.notation")
        values = tuple(int(w) for w in numbers)
        if effect == "forum" and not move.vp:
            fields["vp"] = values
        elif effect in TARGET_KIND and move.target is None and len(values) == 1:
            fields["target"] = values[0]
        elif effect == "buy_vp_from_opponent" and move.buy is None and len(values) == 1:
            fields["buy"] = values[0]
        else:
            raise InvalidEntry(
                f"cannot read '{' '.join(bare)}' after the disc", rule="roma.notation",
                hint="name what the number is: target, vp, buy, die, change",
            )
    if effect == "forum" and not move.vp and "vp" not in fields and rest and len(set(rest)) == 1:
        fields["vp"] = (rest[0],)
    if effect in TARGET_KIND and effect != "block_opponent_disc" and move.target is None and "target" not in fields:
        targets = legal_targets(state, effect, move.disc)
        if len(targets) == 1:
            fields["target"] = targets[0]
    if effect in ("attack_opposite", "attack_opposite_with_boost") and move.target == move.disc:
        fields["target"] = None
    if effect == "buy_vp_from_opponent" and move.buy is None and "buy" not in fields:
        money = state.money[me] - (die if move.disc == BRIBE_DISC and isinstance(die, int) else 0)
        fields["buy"] = max(0, min(money // 2, state.vp[1 - me]))
    return replace(move, **fields) if fields else move  # type: ignore[arg-type]


# -- check -----------------------------------------------------------------------------------
def check(state: RomaState, move: RomaMove) -> None:
    if state.over:
        raise IllegalMove("roma.end", f"the game is over ({state.ended}); no more entries are taken")
    if move.player not in state.seats:
        raise IllegalMove("roma.turn", f"'{move.player}' does not play in this game")
    if state.in_setup:
        _check_setup(state, move)
        return
    if isinstance(move, (Start, Hand, Give, Place)):
        raise IllegalMove("roma.setup", f"the set-up is over; '{move.notation()}' is a set-up entry", hint=_turn_hint(state))
    if move.player != state.player:
        raise IllegalMove(
            "roma.turn", f"it is {state.player}'s turn, not {move.player}'s", hint=_turn_hint(state)
        )
    if state.battle is not None:
        if not isinstance(move, Battle):
            b = state.battle
            raise IllegalMove(
                "roma.battle",
                f"{state.player}'s {b.attacker} attack on disc {b.target} waits for the battle die",
                hint="battle N (the white die)",
            )
        _check_battle(state, move)
        return
    if isinstance(move, Battle):
        raise IllegalMove("roma.battle", "no attack is waiting for the battle die", hint=_turn_hint(state))
    if isinstance(move, Roll):
        _check_roll(state, move)
        return
    if state.dice is None:
        raise IllegalMove(
            "roma.phase2.roll", f"{state.player} must roll the three action dice first", hint="roll A B C"
        )
    if isinstance(move, End):
        return
    if isinstance(move, Lay):
        _check_lay(state, move)
    elif isinstance(move, Money):
        _need_die(state, move.die, "roma.actions.money", "take money")
    elif isinstance(move, TakeCards):
        _check_cards(state, move)
    elif isinstance(move, Activate):
        _check_activate(state, move)


def _turn_hint(state: RomaState) -> str:
    if state.battle is not None:
        return "battle N"
    if state.dice is None:
        return f"{state.player}: roll A B C"
    return f"{state.player}: lay, money, cards, activate or end (dice left: {die_text(state.dice)})"


def _check_setup(state: RomaState, move: RomaMove) -> None:
    i = state.index(move.player)
    name = move.player
    if isinstance(move, Start):
        if state.starter is not None:
            raise IllegalMove("roma.setup.start", f"{state.seats[state.starter]} was already named start player")
        return
    if isinstance(move, Hand):
        if state.dealt[i]:
            raise IllegalMove("roma.setup.hands", f"{name}'s 4 cards were already entered")
        if len(move.cards) != HAND_SIZE:
            raise IllegalMove("roma.setup.hands", f"{name} is dealt 4 cards, not {len(move.cards)}", hint="hand NAME card card card card")
        _check_possible(state, move.cards, f"dealt to {name}")
        return
    if isinstance(move, Give):
        if not (state.dealt[0] and state.dealt[1]):
            raise IllegalMove("roma.setup.swap", "both players' 4 cards are entered before the swap", hint="hand NAME card card card card")
        if state.swapped or state.given[i] is not None:
            raise IllegalMove("roma.setup.swap", f"{name} has already given 2 cards")
        if len(move.cards) != SWAP_SIZE:
            raise IllegalMove("roma.setup.swap", f"{name} gives exactly 2 cards, not {len(move.cards)}")
        _need_in_hand(state, i, move.cards, "roma.setup.swap")
        return
    if isinstance(move, Place):
        if not state.swapped:
            raise IllegalMove("roma.setup.place", "the cards are laid out after both players gave 2 cards", hint="give NAME card card")
        if state.starter is None:
            raise IllegalMove("roma.setup.place", "say first who starts (the younger player)", hint="start NAME")
        expected = placing_player(state)
        if name != expected:
            raise IllegalMove("roma.setup.place", f"{expected} lays out first (the start player lays first), not {name}", hint=f"place {expected} ...")
        hand = state.hands[i]
        if Counter(c for c, _ in move.placements) != Counter(hand):
            raise IllegalMove(
                "roma.setup.place",
                f"{name} lays out exactly the 4 cards in hand: {', '.join(hand)}",
                hint=f"place {name} " + " ".join(f"{c} {d}" for d, c in enumerate(hand, 1)),
            )
        discs = [d for _, d in move.placements]
        if len(set(discs)) != len(discs):
            raise IllegalMove("roma.setup.place", f"{name} may lay only one card per disc")
        for d in discs:
            _need_disc(state, d, "roma.setup.place")
        return
    raise IllegalMove("roma.setup", f"the set-up is not finished: {setup_hint(state)}", hint=setup_hint(state))


def setup_hint(state: RomaState) -> str:
    if not (state.dealt[0] and state.dealt[1]):
        who = state.seats[0] if not state.dealt[0] else state.seats[1]
        return f"hand {who} card card card card"
    if not state.swapped:
        who = state.seats[0] if state.given[0] is None else state.seats[1]
        return f"give {who} card card"
    if state.starter is None:
        return "start NAME (the younger player)"
    return f"place {placing_player(state)} card disc card disc card disc card disc"


def _check_possible(state: RomaState, cards: tuple[str, ...] | list[str], where: str, extra: Counter[str] | None = None) -> None:
    """Refuse cards that cannot come from the draw pile: every copy is already seen."""
    need = Counter(cards)
    seen = state.seen()
    if extra:
        seen = seen - extra
    for name, n in need.items():
        left = CARDS[name].copies - seen[name]
        if n > left:
            copies = CARDS[name].copies
            what = f"a {name}" if n == 1 else f"{n} × {name}"
            raise IllegalMove(
                "roma.deck",
                f"{what} cannot be {where}: the deck has {copies}, and {seen[name]} "
                f"{'is' if seen[name] == 1 else 'are'} already on the boards, in the hands or face up on the discard pile",
                hint="check the card's name",
            )


def _need_in_hand(state: RomaState, i: int, cards: tuple[str, ...], rule: str) -> None:
    missing = Counter(cards) - Counter(state.hands[i])
    if missing:
        hand = ", ".join(state.hands[i]) or "nothing"
        raise IllegalMove(rule, f"{state.seats[i]} has no {', '.join(missing)} in hand (hand: {hand})")


def _need_disc(state: RomaState, disc: int, rule: str) -> None:
    if not 1 <= disc <= state.discs:
        extra = " (the bribe disc 7 is only in play with the option bribe=on)" if disc == BRIBE_DISC else ""
        raise IllegalMove(rule, f"there is no disc {disc}{extra}", hint=f"discs 1 to {state.discs}")


def _need_die(state: RomaState, value: int, rule: str, what: str) -> None:
    assert state.dice is not None
    if value not in state.dice:
        raise IllegalMove(
            "roma.actions.dice",
            f"{state.player} has no unused die showing {value} to {what} (unused dice: {die_text(state.dice)})",
            hint=_turn_hint(state),
        )


def _check_roll(state: RomaState, move: Roll) -> None:
    if not move.reroll:
        if state.dice is not None:
            hint = "reroll A B C" if _may_reroll(state) else _turn_hint(state)
            raise IllegalMove("roma.phase2.roll", f"{state.player} has already rolled this turn", hint=hint)
        return
    if state.dice is None:
        raise IllegalMove("roma.phase2.reroll", f"{state.player} has not rolled yet", hint="roll A B C")
    if not _may_reroll(state):
        if state.acted:
            reason = "actions have already been taken this turn"
        else:
            reason = f"the dice {die_text(state.dice)} are not a triple"
        raise IllegalMove("roma.phase2.reroll", f"{state.player} may not re-roll: {reason}", hint=_turn_hint(state))


def _may_reroll(state: RomaState) -> bool:
    d = state.dice
    return d is not None and not state.acted and len(d) == 3 and d[0] == d[1] == d[2]


def _check_lay(state: RomaState, move: Lay) -> None:
    me = state.active
    _need_in_hand(state, me, (move.card,), "roma.actions.lay")
    _need_disc(state, move.disc, "roma.actions.lay")
    cost = CARDS[move.card].cost
    if state.money[me] < cost:
        raise IllegalMove(
            "roma.actions.lay",
            f"{state.player} cannot lay {move.card}: it costs {cost} sestertii and {state.player} has {state.money[me]}",
            hint="take money first (money N)",
        )


def _check_cards(state: RomaState, move: TakeCards) -> None:
    _need_die(state, move.die, "roma.actions.cards", "take cards")
    available = state.draw + len(state.discard) + state.unknown_discards
    drawn = min(move.die, available)
    if drawn == 0:
        raise IllegalMove("roma.actions.cards", "the draw pile and the discard pile are both empty: there is nothing to draw")
    if len(move.discards) > drawn - 1:
        raise IllegalMove(
            "roma.actions.cards",
            f"{state.player} draws {drawn} and keeps 1, so at most {drawn - 1} cards are discarded, not {len(move.discards)}",
        )
    # A15: when the draw pile runs out in the middle, the discard pile is shuffled into a new one.
    reshuffled = Counter(state.discard) if move.die > state.draw else Counter()
    _check_possible(state, (move.keep, *move.discards), "drawn now", extra=reshuffled)


def _check_activate(state: RomaState, move: Activate) -> None:
    me, opp = state.active, state.opponent
    name = state.player
    _need_disc(state, move.disc, "roma.actions.activate")
    card = state.card_at(me, move.disc)
    if card is None:
        raise IllegalMove("roma.actions.activate", f"{name} has no card on disc {move.disc}", hint=_turn_hint(state))
    ctype = CARDS[card]
    if ctype.activation == "passive":
        raise IllegalMove(ctype.rule_id, f"{card} is never activated: it works on its own while it lies face up")
    if move.disc in state.blocked[me]:
        raise IllegalMove(
            "roma.cards.praetorianus",
            f"{name}'s disc {move.disc} is blocked by a Praetorianus this turn; {card} cannot be activated",
            hint="ruling A10: a die put there would be wasted",
        )
    if move.disc == BRIBE_DISC:
        if move.die is None:
            raise IllegalMove("roma.bribe", f"say which die {name} puts on the bribe disc", hint="activate 7 die N")
        _need_die(state, move.die, "roma.bribe", "bribe with")
        if state.money[me] < move.die:
            raise IllegalMove(
                "roma.bribe",
                f"the bribe disc costs {move.die} sestertii for a {move.die}; {name} has {state.money[me]}",
                hint="use a smaller die or take money first",
            )
    else:
        if move.die is not None and move.die != move.disc:
            raise IllegalMove("roma.actions.activate", f"disc {move.disc} is activated only by a die showing {move.disc}")
        _need_die(state, move.disc, "roma.actions.activate", f"activate disc {move.disc}")
    if card == "Scaenicus":
        options = copy_candidates(state, me)
        if move.copy is None:
            raise IllegalMove(
                "roma.cards.scaenicus",
                f"{name}'s Scaenicus must copy one of {name}'s face-up characters",
                hint=("copy " + " / ".join(options)) if options else "there is nothing to copy",
            )
        if move.copy == "Scaenicus":
            raise IllegalMove(
                "roma.cards.scaenicus",
                "copying another Scaenicus means copying what it copies; name that character",
                hint="copy " + " / ".join(options) if options else None,
            )
        if move.copy not in options:
            raise IllegalMove(
                "roma.cards.scaenicus",
                f"{name} has no face-up {move.copy} to copy" + ("" if move.copy not in CARDS or CARDS[move.copy].kind == "character" else " (a Scaenicus copies characters only)"),
                hint=("copy " + " / ".join(options)) if options else None,
            )
    elif move.copy is not None:
        raise IllegalMove("roma.cards.scaenicus", f"only a Scaenicus copies; disc {move.disc} holds {card}")
    effect_name = effective_card(state, move)
    assert effect_name is not None
    effect = CARDS[effect_name].effect
    rule = CARDS[effect_name].rule_id
    rest = list(state.dice or ())
    rest.remove(activation_die(move))  # type: ignore[arg-type]
    _refuse_extra(move, effect, rule, effect_name)
    if effect in TARGET_KIND or effect in ATTACKS:
        _check_target(state, move, effect, rule, effect_name)
    if effect == "forum":
        _check_forum(state, move, rest)
    elif effect == "adjust_unused_die":
        if move.change is None:
            raise IllegalMove(rule, f"say which unused die the Consul changes and to what (dice left: {die_text(tuple(rest))})", hint="change 5 to 6")
        a, b = move.change
        if a not in rest:
            raise IllegalMove(rule, f"{name} has no other unused die showing {a} (left after the Consul's die: {die_text(tuple(rest))})")
        if abs(a - b) != 1:
            raise IllegalMove(rule, f"the Consul changes a die by exactly 1: {a} can become {' or '.join(str(v) for v in (a - 1, a + 1) if 1 <= v <= 6)}")
        if not 1 <= b <= 6:
            raise IllegalMove("roma.rulings.a13", f"a die stays between 1 and 6: {a} cannot become {b}")
    elif effect == "buy_vp_from_opponent":
        n = move.buy or 0
        money = state.money[me] - (move.die if move.disc == BRIBE_DISC and move.die else 0)
        if 2 * n > money:
            raise IllegalMove(rule, f"{n} VP cost {2 * n} sestertii; {name} has {money}", hint=f"buy {money // 2}")
        if n > state.vp[opp]:
            raise IllegalMove(rule, f"{state.seats[opp]} has only {state.vp[opp]} VP to sell", hint=f"buy {min(money // 2, state.vp[opp])}")
    elif effect == "search_draw_pile":
        if move.take is None:
            raise IllegalMove(rule, "name the card taken from the draw pile", hint="take CARD")
        if state.draw == 0:
            raise IllegalMove("roma.rulings.a16", "the draw pile is empty: the Haruspex finds nothing to take")
        _check_possible(state, (move.take,), "in the draw pile")
    elif effect == "retrieve_character_from_discard":
        if move.take is None:
            raise IllegalMove(rule, "name the character taken from the discard pile", hint="take CARD")
        if CARDS[move.take].kind != "character":
            raise IllegalMove(rule, f"the Aesculapinum takes back a character, and {move.take} is a building")
        if move.take not in state.discard:
            if state.unknown_discards == 0:
                known = sorted({c for c in state.discard if CARDS[c].kind == "character"})
                raise IllegalMove(
                    "roma.rulings.a16" if not known else rule,
                    f"there is no {move.take} on the discard pile",
                    hint=("take " + " / ".join(known)) if known else "the discard pile holds no character",
                )
            _check_possible(state, (move.take,), "on the discard pile")
    elif effect in ("lay_free_buildings", "lay_free_characters"):
        kind = "building" if effect == "lay_free_buildings" else "character"
        _need_in_hand(state, me, tuple(c for c, _ in move.lays), rule)
        for c, d in move.lays:
            if CARDS[c].kind != kind:
                raise IllegalMove(rule, f"the {effect_name} lays {kind}s only, and {c} is a {CARDS[c].kind}")
            _need_disc(state, d, rule)
    elif effect in ("rearrange_characters", "rearrange_buildings"):
        _check_rearrange(state, move, effect, rule, effect_name)


def _refuse_extra(move: Activate, effect: str, rule: str, card: str) -> None:
    """Refuse choices the activated card does not take (``target`` on a Legat...)."""
    allowed = {
        "forum": {"vp"},
        "adjust_unused_die": {"change"},
        "buy_vp_from_opponent": {"buy"},
        "search_draw_pile": {"take"},
        "retrieve_character_from_discard": {"take"},
        "lay_free_buildings": {"lays"},
        "lay_free_characters": {"lays"},
        "rearrange_characters": {"moves"},
        "rearrange_buildings": {"moves"},
    }.get(effect, set())
    if effect in TARGET_KIND or effect in ATTACKS:
        allowed = {"target"}
    given = {
        "vp": bool(move.vp), "change": move.change is not None, "buy": move.buy is not None,
        "take": move.take is not None, "lays": bool(move.lays), "moves": bool(move.moves),
        "target": move.target is not None,
    }
    for key, present in given.items():
        if present and key not in allowed:
            word = {"lays": "lay", "moves": "move"}.get(key, key)
            raise IllegalMove(rule, f"{card} takes no '{word}'", hint=None)


def _check_target(state: RomaState, move: Activate, effect: str, rule: str, card: str) -> None:
    opp = state.opponent
    targets = legal_targets(state, effect, move.disc)
    if effect in ("attack_opposite", "attack_opposite_with_boost"):
        if move.target is not None and move.target != move.disc:
            raise IllegalMove(rule, f"{card} attacks only the card opposite disc {move.disc}, not disc {move.target}")
        if not targets:
            raise IllegalMove(
                "roma.rulings.a14",
                f"{card} on disc {move.disc} has nothing to attack: {state.seats[opp]} has no card opposite",
            )
        return
    if not targets:
        kind = TARGET_KIND[effect]
        raise IllegalMove("roma.rulings.a14", f"{state.seats[opp]} has no face-up {kind} for {card} to target")
    if move.target is None:
        raise IllegalMove(rule, f"say which of {state.seats[opp]}'s discs {card} targets", hint="target " + " / ".join(map(str, targets)))
    if move.target not in targets:
        if not 1 <= move.target <= state.discs:
            _need_disc(state, move.target, rule)
        held = state.card_at(opp, move.target)
        what = f"holds {held}" if held else "is empty"
        raise IllegalMove(
            rule,
            f"{card} targets a {TARGET_KIND[effect]}, and {state.seats[opp]}'s disc {move.target} {what}",
            hint="target " + " / ".join(map(str, targets)),
        )


def _check_forum(state: RomaState, move: Activate, rest: list[int]) -> None:
    me = state.active
    rule = "roma.cards.forum"
    if not move.vp:
        raise IllegalMove(
            rule,
            f"the Forum needs a second unused die for its VP (dice left: {die_text(tuple(rest))})",
            hint=("vp " + " / ".join(str(v) for v in sorted(set(rest)))) if rest else "no die is left",
        )
    missing = Counter(move.vp) - Counter(rest)
    if missing:
        raise IllegalMove(
            "roma.actions.dice",
            f"{state.player} has no unused die showing {', '.join(map(str, missing))} for the Forum (left: {die_text(tuple(rest))})",
        )
    if len(move.vp) == 2:
        if not any(state.card_at(me, d) == "Templum" for d in neighbours(state, move.disc)):
            raise IllegalMove("roma.cards.templum", f"a third die needs a Templum next to the Forum on disc {move.disc}")


def _check_rearrange(state: RomaState, move: Activate, effect: str, rule: str, card: str) -> None:
    me = state.active
    kind = "character" if effect == "rearrange_characters" else "building"
    own = Counter(c for c in state.boards[me] if c is not None and CARDS[c].kind == kind)
    given = Counter(c for c, _ in move.moves)
    if given != own:
        listing = " ".join(f"{c} {d}" for d, c in enumerate(state.boards[me], 1) if c is not None and CARDS[c].kind == kind)
        raise IllegalMove(
            "roma.rulings.a12",
            f"the {card} picks up all of {state.player}'s {kind}s and lays every one again: name each with its new disc",
            hint="move " + listing,
        )
    discs = [d for _, d in move.moves]
    if len(set(discs)) != len(discs):
        raise IllegalMove(rule, "only one card per disc")
    for d in discs:
        _need_disc(state, d, rule)


def _check_battle(state: RomaState, move: Battle) -> None:
    b = state.battle
    assert b is not None
    if move.add is not None:
        if not b.boost:
            raise IllegalMove("roma.cards.centurio", f"only a Centurio may add an action die to the battle die ({b.attacker} attacks)")
        _need_die(state, move.add, "roma.cards.centurio", "add to the battle")


# -- apply -----------------------------------------------------------------------------------
def apply(state: RomaState, move: RomaMove) -> RomaState:
    if state.in_setup:
        return _apply_setup(state, move)
    if isinstance(move, Roll):
        return replace(state, dice=tuple(sorted(move.dice)))
    if isinstance(move, End):
        return _end_turn(state)
    if isinstance(move, Battle):
        return _finish(_apply_battle(state, move))
    state = replace(state, acted=True)
    me = state.active
    if isinstance(move, Lay):
        board = state.boards[me]
        covered = board[move.disc - 1]
        state = replace(
            state,
            hands=with_item(state.hands, me, without(state.hands[me], (move.card,))),
            money=with_item(state.money, me, state.money[me] - CARDS[move.card].cost),
            boards=with_item(state.boards, me, with_item(board, move.disc - 1, move.card)),
        )
        if covered is not None:
            state = replace(state, discard=state.discard + (covered,))
        return state
    assert state.dice is not None
    if isinstance(move, Money):
        return replace(
            state,
            dice=remove_die(state.dice, move.die),
            money=with_item(state.money, me, state.money[me] + move.die),
        )
    if isinstance(move, TakeCards):
        return _apply_cards(state, move)
    assert isinstance(move, Activate)
    return _finish(_apply_activate(state, move))


def _apply_setup(state: RomaState, move: RomaMove) -> RomaState:
    if isinstance(move, Start):
        return replace(state, starter=state.index(move.player))
    i = state.index(move.player)
    if isinstance(move, Hand):
        return replace(
            state,
            dealt=with_item(state.dealt, i, True),
            hands=with_item(state.hands, i, tuple(move.cards)),
            draw=state.draw - len(move.cards),
        )
    if isinstance(move, Give):
        hands = with_item(state.hands, i, without(state.hands[i], move.cards))
        given = with_item(state.given, i, tuple(move.cards))
        if given[0] is not None and given[1] is not None:
            hands = (hands[0] + given[1], hands[1] + given[0])
            return replace(state, hands=hands, given=(None, None), swapped=True)
        return replace(state, hands=hands, given=given)
    assert isinstance(move, Place)
    board = [None] * state.discs
    for card, disc in move.placements:
        board[disc - 1] = card  # type: ignore[call-overload]
    state = replace(
        state,
        boards=with_item(state.boards, i, tuple(board)),
        hands=with_item(state.hands, i, ()),
        placed=with_item(state.placed, i, True),
    )
    if state.placed[0] and state.placed[1]:
        assert state.starter is not None
        state = replace(state, active=state.starter, turn=1)
        state = _finish(_phase_one(state))
    return state


def _phase_one(state: RomaState) -> RomaState:
    """1 VP per empty own disc goes back to the stockpile (never more than the player has, A5)."""
    me = state.active
    owed = min(state.empty_discs(me), state.vp[me])
    return replace(state, vp=with_item(state.vp, me, state.vp[me] - owed), stockpile=state.stockpile + owed)


def _end_turn(state: RomaState) -> RomaState:
    me = state.active
    state = replace(
        state,
        active=1 - me,
        turn=state.turn + 1,
        dice=None,
        acted=False,
        essedum=0,
        battle=None,
        blocked=with_item(state.blocked, me, frozenset()),
    )
    return _finish(_phase_one(state))


def _finish(state: RomaState) -> RomaState:
    """The game ends at once when a player has no VP or the stockpile is empty."""
    if state.ended:
        return state
    for i in (0, 1):
        if state.vp[i] <= 0:
            return replace(state, ended=f"{state.seats[i]} has no VP left", battle=None)
    if state.stockpile <= 0:
        return replace(state, ended="the stockpile is empty", battle=None)
    return state


def gain_from_stockpile(state: RomaState, player: int, amount: int) -> RomaState:
    """VP from the stockpile; what it cannot pay is credited anyway (the last payout)."""
    paid = min(amount, state.stockpile)
    return replace(
        state,
        stockpile=state.stockpile - paid,
        credited=state.credited + amount - paid,
        vp=with_item(state.vp, player, state.vp[player] + amount),
    )


def take_from_opponent(state: RomaState, player: int, amount: int) -> RomaState:
    other = 1 - player
    paid = min(amount, state.vp[other])
    vp = with_item(state.vp, other, state.vp[other] - paid)
    vp = with_item(vp, player, vp[player] + paid)
    return replace(state, vp=vp)


def _apply_cards(state: RomaState, move: TakeCards) -> RomaState:
    me = state.active
    dice = remove_die(state.dice or (), move.die)
    draw, discard, unknown = state.draw, state.discard, state.unknown_discards
    wanted = move.die
    drawn = min(wanted, draw)
    draw -= drawn
    if drawn < wanted and (discard or unknown):
        draw = len(discard) + unknown
        discard, unknown = (), 0
        more = min(wanted - drawn, draw)
        draw -= more
        drawn += more
    unknown += drawn - 1 - len(move.discards)
    return replace(
        state,
        dice=dice,
        draw=draw,
        discard=discard + tuple(move.discards),
        unknown_discards=unknown,
        hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.keep,)))),
    )


def _discard_from_board(state: RomaState, owner: int, disc: int) -> RomaState:
    card = state.card_at(owner, disc)
    if card is None:
        return state
    board = with_item(state.boards[owner], disc - 1, None)
    return replace(state, boards=with_item(state.boards, owner, board), discard=state.discard + (card,))


def _apply_activate(state: RomaState, move: Activate) -> RomaState:
    me, opp = state.active, state.opponent
    die = activation_die(move)
    assert die is not None and state.dice is not None
    state = replace(state, dice=remove_die(state.dice, die))
    if move.disc == BRIBE_DISC:
        state = replace(state, money=with_item(state.money, me, state.money[me] - die))
    card = effective_card(state, move)
    assert card is not None
    effect = CARDS[card].effect
    if effect == "forum":
        dice = state.dice
        for v in move.vp:
            dice = remove_die(dice, v)
        gain = sum(move.vp)
        gain += 2 * sum(1 for d in neighbours(state, move.disc) if state.card_at(me, d) == "Basilica")
        return gain_from_stockpile(replace(state, dice=dice), me, gain)
    if effect == "vp_per_empty_opponent_disc":
        return gain_from_stockpile(state, me, state.empty_discs(opp))
    if effect == "vp_per_opponent_forum":
        forums = sum(1 for c in state.boards[opp] if c == "Forum")
        if state.mercatus == "stockpile":
            return gain_from_stockpile(state, me, forums)
        return take_from_opponent(state, me, forums)
    if effect == "steal_vp":
        return take_from_opponent(state, me, 1)
    if effect == "buy_vp_from_opponent":
        n = move.buy or 0
        money = with_item(state.money, me, state.money[me] - 2 * n)
        money = with_item(money, opp, money[opp] + 2 * n)
        return take_from_opponent(replace(state, money=money), me, n)
    if effect == "adjust_unused_die":
        assert move.change is not None
        a, b = move.change
        return replace(state, dice=tuple(sorted(remove_die(state.dice, a) + (b,))))
    if effect == "lower_opponent_defence":
        return replace(state, essedum=state.essedum + 1)
    if effect == "block_opponent_disc":
        assert move.target is not None
        return replace(state, blocked=with_item(state.blocked, opp, state.blocked[opp] | {move.target}))
    if effect in ("destroy_character_and_self", "destroy_building_and_self"):
        assert move.target is not None
        state = _discard_from_board(state, opp, move.target)
        return _discard_from_board(state, me, move.disc)
    if effect == "return_character_to_hand":
        assert move.target is not None
        target = state.card_at(opp, move.target)
        assert target is not None
        board = with_item(state.boards[opp], move.target - 1, None)
        return replace(
            state,
            boards=with_item(state.boards, opp, board),
            hands=with_item(state.hands, opp, tuple(sorted(state.hands[opp] + (target,)))),
        )
    if effect in ATTACKS:
        target = move.target if move.target is not None else move.disc
        return replace(
            state,
            battle=PendingBattle(card, move.disc, target, effect == "attack_opposite_with_boost"),
        )
    if effect == "search_draw_pile":
        assert move.take is not None
        return replace(
            state,
            draw=state.draw - 1,
            hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.take,)))),
        )
    if effect == "retrieve_character_from_discard":
        assert move.take is not None
        if move.take in state.discard:
            discard = list(state.discard)
            del discard[len(discard) - 1 - discard[::-1].index(move.take)]
            state = replace(state, discard=tuple(discard))
        else:
            state = replace(state, unknown_discards=state.unknown_discards - 1)
        return replace(state, hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.take,)))))
    if effect in ("lay_free_buildings", "lay_free_characters"):
        for c, d in move.lays:
            covered = state.card_at(me, d)
            board = with_item(state.boards[me], d - 1, c)
            state = replace(
                state,
                hands=with_item(state.hands, me, without(state.hands[me], (c,))),
                boards=with_item(state.boards, me, board),
                discard=state.discard + ((covered,) if covered else ()),
            )
        return state
    if effect in ("rearrange_characters", "rearrange_buildings"):
        kind = "character" if effect == "rearrange_characters" else "building"
        board = [c if c is not None and CARDS[c].kind != kind else None for c in state.boards[me]]
        covered: list[str] = []
        for c, d in move.moves:
            if board[d - 1] is not None:
                covered.append(board[d - 1])  # type: ignore[arg-type]
            board[d - 1] = c
        return replace(
            state, boards=with_item(state.boards, me, tuple(board)), discard=state.discard + tuple(covered)
        )
    raise AssertionError(f"unhandled effect {effect}")


def _apply_battle(state: RomaState, move: Battle) -> RomaState:
    b = state.battle
    assert b is not None and state.dice is not None
    total = move.roll
    if move.add is not None:
        total += move.add
        state = replace(state, dice=remove_die(state.dice, move.add))
    opp = state.opponent
    won = total >= defence(state, opp, b.target)
    state = replace(state, battle=None)
    if won:
        state = _discard_from_board(state, opp, b.target)
    return state
